"""The README's screenshots of the guided first round (Rules > Cacao > Guided 1st round) on a
240x240 panel: the first page scrolled to its hint, then the table with that move preselected.
python -m tools.shots.guide [out folder, default docs/screens]."""
import os
import sys

from tools import ROOT
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from host_sim.console import Console  # noqa: E402
from meeple.console import host, settings  # noqa: E402
from meeple.ui.screen import DialogScreen  # noqa: E402

BOARD = "waveshare_lcd_1_3"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else os.path.join(ROOT, "docs", "screens")
    con = Console(BOARD)
    con.app.settings["ai_pause"] = 0
    con.keys("A")
    plugin = [g for g in con.app.games if g.GAME == "cacao"][0]
    for gid, seats, options, seed in settings.GUIDED_GAMES:
        if gid == "cacao":
            host.start(con.app, plugin, len(seats), list(seats), dict(options), seed)
    for _ in range(500):            # the bots' first moves, then the first page
        if isinstance(con.app.screen, DialogScreen):
            break
        if con.app.screen is not con.app.session.screen:
            con.keys("A")
        con.wait(20)
    page = con.app.screen
    assert isinstance(page, DialogScreen) and page.title == "Guide 1", con.text()
    for _ in range(30):             # scrolled so that the hint shows
        if any(t.startswith("Hint:") for t in con.text()[1:5]):
            break
        con.keys("down")
    con.shot(os.path.join(out, "guide_cacao_page_%s.png" % BOARD))
    con.keys("A")
    con.shot(os.path.join(out, "guide_cacao_move_%s.png" % BOARD))


if __name__ == "__main__":
    main()
