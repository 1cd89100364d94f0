"""Device backends: the only package that touches `machine` (st7789, buttons, backlight).

`build(board)` turns a board profile (boards/*.py, on the device as /board.py) into what the app
needs. The console's files are plain `os` calls, shared with the simulator: meeple.storage.
"""


def build(board):
    """(display, buttons, backlight) for a board profile module."""
    import machine
    from meeple.hal.buttons import Buttons
    from meeple.hal.st7789 import Backlight, ST7789

    # SPI can only reach 62.5 MHz when the peripheral clock equals the CPU clock (hardware.md
    # section 3); set it before the SPI object exists, since changing it re-times the bus.
    try:
        machine.freq(125_000_000, 125_000_000)  # type: ignore  # 2-argument form: v1.24+
    except (TypeError, ValueError):
        pass  # firmware before v1.24: clk_peri already follows the system clock
    spi = machine.SPI(board.SPI_ID, baudrate=board.SPI_BAUD, polarity=0, phase=0,
                      sck=machine.Pin(board.SCK), mosi=machine.Pin(board.MOSI))
    display = ST7789(spi, board)
    buttons = Buttons(board.BUTTONS)
    backlight = Backlight(board.BACKLIGHT)
    return display, buttons, backlight
