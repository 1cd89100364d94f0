"""Waveshare Pico-LCD-2: ST7789VW 240x320 used landscape 320x240, four keys.
key0 = A, key1 = B, key2 = X (next choice), key3 = Y (previous): the UX.md 4-button mapping;
holding A is the secondary action, holding B the menu."""
NAME = "Waveshare Pico-LCD-2"
WIDTH = 320
HEIGHT = 240
MADCTL = 0x70
X_OFF = 0
Y_OFF = 0
SPI_ID = 1
SPI_BAUD = 62_500_000
SCK = 10
MOSI = 11
CS = 9
DC = 8
RST = 12
BACKLIGHT = 13
BUTTONS = (("A", 15), ("B", 17), ("X", 2), ("Y", 3))
SIM_KEYS = (("A", -30, 40), ("B", -30, 95), ("X", -30, 150), ("Y", -30, 205))
