"""Rules cores: pure game logic on bytearray states, in the MicroPython/CPython common subset."""
