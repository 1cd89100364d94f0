"""What the tests share: the checkout's folders, simulated consoles that play through the
buttons (cacao_driver, santiago_driver, games), reading what a screen shows (screens, frames),
a console with a stub game for the saves (stub_console), flash doubles with power cuts
(flashdouble, realfs), the layout checks of the Cacao screen (cacao_fit) and the device tests
run on MicroPython (micropython). Tests that must also pass on a board keep their helpers in
tests/device, which goes to the board with them.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the checkout
FIRMWARE = os.path.join(ROOT, "firmware")
DEVICE_DIR = os.path.join(ROOT, "tests", "device")
