"""Pimoroni Pico Display Pack 2.0 (the 2.8" has the same pins but for the LED): ST7789
240x320 used landscape 320x240, A/B/X/Y. No d-pad: X = next, Y = previous, hold A = secondary,
hold B = menu. No reset line: SWRESET."""
NAME = "Pimoroni Pico Display Pack 2.0"
WIDTH = 320
HEIGHT = 240
MADCTL = 0x70
X_OFF = 0
Y_OFF = 0
SPI_ID = 0
SPI_BAUD = 62_500_000
SCK = 18
MOSI = 19
CS = 17
DC = 16
RST = None
BACKLIGHT = 20
BUTTONS = (("A", 12), ("B", 13), ("X", 14), ("Y", 15))
SIM_KEYS = (("A", -30, 45), ("B", -30, 195), ("X", 350, 45), ("Y", 350, 195))
