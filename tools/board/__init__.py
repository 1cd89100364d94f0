"""A MicroPython board over serial, through mpremote: compile firmware/ to .mpy (build), copy
what changed onto the board so a cut-off copy leaves the old firmware whole (flash, over link and
files), run the device tests on it (devtest), copy its game records back (pull_records) and check
one (replay). Without a board, the virtual board (vboard: the unix-port MicroPython behind a
pseudo-terminal, with a Pico's heap) stands in for one: `make vboard`, `make hwtest`.
"""
