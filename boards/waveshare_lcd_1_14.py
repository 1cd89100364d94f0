"""Waveshare Pico-LCD-1.14: ST7789VW 135x240 IPS used landscape 240x135, joystick + A/B.
No X/Y: holding A is the secondary action, holding B the menu (meeple.ui.input)."""
NAME = "Waveshare Pico-LCD-1.14"
WIDTH = 240
HEIGHT = 135
MADCTL = 0x70          # landscape: RAM window columns 40-279, rows 53-187 (vendor demo)
X_OFF = 40
Y_OFF = 53
SPI_ID = 1
SPI_BAUD = 62_500_000
SCK = 10
MOSI = 11
CS = 9
DC = 8
RST = 12
BACKLIGHT = 13
BUTTONS = (("up", 2), ("down", 18), ("left", 16), ("right", 20), ("press", 3),
           ("A", 15), ("B", 17))
SIM_KEYS = (("up", -45, 37), ("down", -45, 97), ("left", -75, 67), ("right", -15, 67),
            ("A", 275, 37), ("B", 275, 97))
