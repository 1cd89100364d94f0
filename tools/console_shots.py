"""The README's screenshots of the console in large text (Settings > Text "Large") on a 240x135
panel, from the simulator: python -m tools.console_shots [out folder, default docs/screens]."""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from host_sim.console import Console  # noqa: E402
from meeple import app_game  # noqa: E402

BOARD = "waveshare_lcd_1_14"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else os.path.join(ROOT, "docs", "screens")
    con = Console(BOARD, root=tempfile.mkdtemp(prefix="meeple-shots-"))
    con.app.settings["text"] = 1
    con.app.apply_text()
    con.keys("A")
    con.shot(os.path.join(out, "large_menu_%s.png" % BOARD))
    con.keys("down down A")                      # Settings
    con.shot(os.path.join(out, "large_settings_%s.png" % BOARD))
    con.keys("B down A down A A")                # Rules -> Cacao -> Overview
    con.shot(os.path.join(out, "large_rules_%s.png" % BOARD))
    con.keys("B B B")
    g = [p for p in con.app.games if p.GAME == "cacao"][0]
    con.app.settings["ai_pause"] = 0
    app_game.start(con.app, g, 2, [app_game.HUMAN, app_game.AI_EASY], {})
    con.wait(2000)
    con.app.session.leave()                      # the question before leaving
    con.app.render()
    con.shot(os.path.join(out, "large_leave_%s.png" % BOARD))
    assert con.canvas.clipped == 0


if __name__ == "__main__":
    main()
