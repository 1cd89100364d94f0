"""The README's Santiago screenshots, from the simulator at the panels' real size:

    python -m tools.shots.santiago [out_dir]      (default docs/screens)

A 4-player game (you and three easy bots, palms on) is played by the scripted driver of the
screen tests until each screen shows: auction, placement, bribe (an offer on a proposal),
overseer (proposals to accept) and drought, on 240x240 and 240x135."""
import os
import sys

from tools import ROOT
sys.path[:0] = [os.path.join(ROOT, "firmware"), ROOT]
sys.path.append(os.path.join(ROOT, "tests"))   # testkit: the screen tests' scripted driver

from host_sim.console import Console  # noqa: E402
from meeple.console import host  # noqa: E402
from meeple.ui.santiago import play as PS  # noqa: E402
from meeple.ui.santiago import screens as SS  # noqa: E402
from meeple.ui.santiago import state as S  # noqa: E402
from testkit.santiago_driver import Driver  # noqa: E402

H = host.HUMAN
E = host.AI_EASY
BOARDS = ("waveshare_lcd_1_3", "waveshare_lcd_1_14")


def _game(board, seats):
    con = Console(board)
    con.app.settings["ai_pause"] = 0
    plugin = [g for g in con.app.games if g.GAME == "santiago"][0]
    host.start(con.app, plugin, len(seats), list(seats),
                   {"spring": "interior", "open_money": True, "palms": True})
    con.app.render()
    return con


def shots(board, out):
    """Play on and take each screen the first time it shows."""
    con = _game(board, (H, H, E, E))
    drv = Driver(con, seed=0)
    todo = ["auction", "placement", "bribe", "overseer", "drought", "recap"]

    def shot(name):
        con.shot(os.path.join(out, "santiago_%s_%s.png" % (name, board)))
        todo.remove(name)
    for _ in range(20000):
        if not todo:
            return
        top = con.app.screen
        s = con.app.session
        if s is None:
            break
        g = s.screen
        st = s.state
        if isinstance(top, SS.DroughtScreen) and "drought" in todo and S.markers(g.before, 0) >= 0:
            if any(g.dmarks[p] == S.LOSE for p in range(S.NPLOT)):
                shot("drought")
        elif top is g and st[S.O_ROUND] >= 3:
            if (g.mode == PS.M_RECAP and "recap" in todo
                    and sum(1 for at in g.where if at >= 0) >= 2):
                con.tap("down")     # an older line that happened somewhere: the board marks it
                while g.where[len(g.where) - 1 - g.rcur] < 0:
                    con.tap("down")
                shot("recap")
            elif g.mode == PS.M_BID and len(S.bids_made(st)) >= 2 and "auction" in todo:
                shot("auction")
            elif g.mode == PS.M_PLOT and "placement" in todo:
                for _ in range(3):
                    con.tap(drv.fwd)
                shot("placement")
            elif (g.mode == PS.M_MENU and st[S.O_PHASE] == S.BRIBE and "bribe" in todo
                  and any(o[0] == PS.O_SUPPORT for o in g.opts)):
                while g.opts[g.ocur][0] != PS.O_SUPPORT:
                    con.tap(drv.fwd)
                con.keys("A A")
                con.tap(drv.fwd)
                shot("bribe")
                con.keys("B B")
            elif (g.mode == PS.M_MENU and st[S.O_PHASE] == S.OVERSEER and S.proposals(st)
                  and "overseer" in todo):
                shot("overseer")
        if not drv.step():
            break
    raise SystemExit("not reached on %s: %s" % (board, ", ".join(todo)))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else os.path.join(ROOT, "docs", "screens")
    os.makedirs(out, exist_ok=True)
    for b in BOARDS:
        shots(b, out)
    print("written to %s" % out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
