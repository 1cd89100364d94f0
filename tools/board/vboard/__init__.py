"""A virtual Raspberry Pi Pico: MicroPython behind a pseudo-terminal that mpremote talks to.

    python -m tools.board.vboard --root FOLDER [--heap 192k] [--flash 1408k]

prints the device path (/dev/pts/N) and serves until stopped; FOLDER is the board's flash and
survives resets and restarts. `python -m tools.board.vboard.control start|stop|port` runs one in the
background for scripts and `make test`.

Pieces: agent.py runs inside the unix-port MicroPython (real heap limit, real MemoryError,
SIGINT for Ctrl-C, host-folder flash); interpreter.py starts and talks to it; board.py is the
REPL a board's serial line speaks (friendly, raw, raw-paste, soft reset).
"""
