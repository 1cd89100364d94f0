"""Pimoroni PicoSystem: ST7789 240x240 IPS, d-pad + A/B/X/Y below the screen.

Pimoroni's firmware drives this LCD through PIO; its SCK 6 / MOSI 7 are also SPI0 pins, so
meeple uses machine.SPI(0) like on every other board (one driver, hardware.md section 2)."""
NAME = "Pimoroni PicoSystem"
WIDTH = 240
HEIGHT = 240
MADCTL = 0x04          # the PicoSystem C library's setting, window 0-239
X_OFF = 0
Y_OFF = 0
SPI_ID = 0
SPI_BAUD = 62_500_000
SCK = 6
MOSI = 7
CS = 5
DC = 9
RST = 4
BACKLIGHT = 12
BUTTONS = (("up", 23), ("down", 20), ("left", 22), ("right", 21),
           ("A", 18), ("B", 19), ("X", 17), ("Y", 16))
SIM_KEYS = (("up", 55, 275), ("down", 55, 335), ("left", 25, 305), ("right", 85, 305),
            ("X", 185, 275), ("Y", 155, 305), ("A", 215, 305), ("B", 185, 335))
