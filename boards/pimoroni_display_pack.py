"""Pimoroni Pico Display Pack: ST7789 135x240 IPS used landscape 240x135, A/B/X/Y.
No d-pad: X = next choice, Y = previous, holding A = secondary action, holding B = menu.
No reset line: the driver resets with SWRESET."""
NAME = "Pimoroni Pico Display Pack"
WIDTH = 240
HEIGHT = 135
MADCTL = 0x70
X_OFF = 40
Y_OFF = 53
SPI_ID = 0
SPI_BAUD = 62_500_000
SCK = 18
MOSI = 19
CS = 17
DC = 16
RST = None
BACKLIGHT = 20
BUTTONS = (("A", 12), ("B", 13), ("X", 14), ("Y", 15))
SIM_KEYS = (("A", -25, 30), ("B", -25, 105), ("X", 265, 30), ("Y", 265, 105))
