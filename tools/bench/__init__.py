"""Speed and memory measured on the host: the rules cores' playouts on CPython and MicroPython
(cores: `make bench`), the bots' decision times (ai; `--pico` replays them on the emulated Pico)
and the SPI bytes of the console's screens (console). The device's own figures are
tools.pico.bench's.
"""
