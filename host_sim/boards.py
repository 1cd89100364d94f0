"""The board profiles (boards/*.py), loaded on the PC as plain modules."""
import importlib.util
import os

from tools.board.build import profiles

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = tuple(profiles())  # every boards/<name>.py, as `make build BOARD=` knows them
DEFAULT = "waveshare_lcd_1_3"


def load(name):
    """The profile module boards/<name>.py; ValueError naming the choices if unknown."""
    if name not in BOARDS:
        raise ValueError("unknown board %r; boards: %s" % (name, ", ".join(BOARDS)))
    path = os.path.join(ROOT, "boards", name + ".py")
    spec = importlib.util.spec_from_file_location("board_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.ID = name
    return mod
