"""Colours and seat identity shared by every screen.

Seat colours are the Okabe-Ito set (distinct under the common colour-vision deficiencies) and
every seat also has a letter, drawn wherever its colour is, so colour never carries meaning alone.
"""
from meeple.ui.gfx import rgb

BLACK = rgb(0, 0, 0)
WHITE = rgb(255, 255, 255)
BG = rgb(16, 24, 32)            # screen background
FG = rgb(230, 230, 220)         # body text
DIM = rgb(140, 150, 160)        # hints, footer text
BAR = rgb(40, 70, 60)           # title bar
BAR_FG = rgb(250, 240, 200)
SEL_BG = rgb(240, 200, 80)      # highlighted menu row
SEL_FG = rgb(20, 20, 20)
ACCENT = rgb(240, 200, 80)
WARN = rgb(230, 120, 60)
PANEL = rgb(36, 44, 56)         # dialog / toast box
EDGE = rgb(200, 200, 190)

# seat index -> colour (vermillion, reddish purple, sky blue, yellow, bluish green)
SEAT_COLORS = (rgb(213, 94, 0), rgb(204, 121, 167), rgb(86, 180, 233), rgb(240, 228, 66),
               rgb(0, 158, 115))
# text colour that reads on each seat colour
SEAT_INK = (WHITE, BLACK, BLACK, BLACK, BLACK)
