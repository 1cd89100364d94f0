"""Waveshare Pico-LCD-1.3: ST7789 240x240 IPS, joystick + A/B/X/Y (hardware.md sections 1-3)."""
NAME = "Waveshare Pico-LCD-1.3"
WIDTH = 240            # as drawn, after rotation
HEIGHT = 240
MADCTL = 0x70          # landscape, RGB order: the vendor demo's setting
X_OFF = 0              # window offsets for this MADCTL (hardware.md section 3)
Y_OFF = 0
SPI_ID = 1
SPI_BAUD = 62_500_000  # the ST7789 limit; reached with clk_peri = 125 MHz (meeple.hal.build)
SCK = 10
MOSI = 11
CS = 9
DC = 8
RST = 12
BACKLIGHT = 13
BUTTONS = (("up", 2), ("down", 18), ("left", 16), ("right", 20), ("press", 3),
           ("A", 15), ("B", 17), ("X", 19), ("Y", 21))
# simulator drawing: button centres in panel pixels (the panel spans 0..WIDTH, 0..HEIGHT)
SIM_KEYS = (("up", -45, 90), ("down", -45, 150), ("left", -75, 120), ("right", -15, 120),
            ("X", 285, 80), ("Y", 255, 120), ("A", 315, 120), ("B", 285, 160))
