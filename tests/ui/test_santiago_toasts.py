"""Notes (toasts) on the Santiago play screen never lie over its panel: the tiles on offer, the
bids, the proposals and what the choice under the cursor does are what the screen exists to show
(issue 27). On 240x240 and 320x240 the panel is under the board, where a note used to sit; on
240x135 it slides in from the right.

Every note the play screen can raise ("Costs 4: you have 2" for a canal the seat cannot pay, a
refused action's reason, a take-back's "Move taken back") is shown in each kind of decision
(bid, tile, plot, bribe menu, canal, offer, recap) in both text sizes on 240x240, 240x135 and
320x240. The note's frame must miss the panel while the panel shows, keep inside the board, and
show every word of the note (a note too long for the board wraps instead of being cut).
"""
import os
import re
import tempfile

import pytest

from host_sim.console import Console
from meeple.console import host
from meeple.ui.santiago import play as PS
from testkit import FIRMWARE
from testkit.santiago_driver import Driver
from testkit.frames import Frames, inside, meets, show

H, E = host.HUMAN, host.AI_EASY
BOARDS = ("waveshare_lcd_1_3", "waveshare_lcd_1_14", "waveshare_lcd_2")   # 240x240, 240x135, 320x240
PLAY = os.path.join(FIRMWARE, "meeple", "ui", "santiago", "play.py")
MODES = {PS.M_BID: "bid", PS.M_TILE: "tile", PS.M_PLOT: "plot", PS.M_MENU: "bribe menu",
         PS.M_SEG: "canal", PS.M_AMOUNT: "offer", PS.M_RECAP: "recap"}


def messages():
    """The play screen's own notes (read from its source, the numbers filled in), a refused
    action's reason as the core words one, and the take-back's."""
    with open(PLAY) as f:
        src = f.read()
    own = [t.replace("%d", "4", 1).replace("%d", "2") for t in re.findall(r'show_toast\("([^"]+)"', src)]
    assert own == ["Costs 4: you have 2"], own
    return own + ["that bid is taken: choose another amount", "Move taken back"]


def start(board, large):
    con = Console(board, root=tempfile.mkdtemp(prefix="meeple-sant-toast-"))
    con.app.settings["text"] = large
    con.app.settings["ai_pause"] = 0
    con.app.apply_text()
    plugin = [g for g in con.app.games if g.GAME == "santiago"][0]
    host.start(con.app, plugin, 4, [H, E, E, E], {"spring": "interior", "open_money": False, "palms": True})
    con.app.render()
    return con


def check(con, g, text, rect):
    lay = g.lay
    board = (lay.x0, lay.y0, lay.bw, lay.bh)
    assert inside(rect, board), "%r at %r leaves the board %r on %s" % (text, rect, board, con.board.ID)
    if g.panel_shown():
        p = lay.panel
        assert not meets(rect, p), "%r at %r lies over the panel %r on %s (%s)" % (
            text, rect, p, con.board.ID, MODES[g.mode])
    shown = " ".join(s for x, y, w, h, s in con.panel.texts if inside((x, y, w, h), rect))
    assert " ".join(shown.split()) == text, (text, shown)


def notes_in(con, g, frames, seen):
    """Raise every note over the decision on screen and check each."""
    seen.add(g.mode)
    for text in messages():
        check(con, g, text, show(con, frames, text))
        con.wait(3000)               # it goes; the screen repaints under it
        assert con.app.toast is None
        del frames.rects[:]


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("board", BOARDS)
def test_no_note_covers_the_panel(board, large):
    con = start(board, large)
    drv = Driver(con, seed=3)
    seen = set()
    with Frames() as frames:
        for _ in range(3000):
            s = con.app.session
            g = s.screen if s else None
            if g is not None and con.app.screen is g:
                if g.mode in MODES and g.mode not in seen:
                    notes_in(con, g, frames, seen)
                if (g.mode == PS.M_MENU and PS.M_SEG not in seen
                        and any(o[0] == PS.O_PROPOSE for o in g.opts)):
                    # a proposal's canal and offer: the driver plays through them in one step
                    while g.opts[g.ocur][0] != PS.O_PROPOSE:
                        con.tap(drv.fwd)
                    con.keys("A")
                    assert g.mode == PS.M_SEG
                    notes_in(con, g, frames, seen)
                    con.keys("A")
                    assert g.mode == PS.M_AMOUNT
                    notes_in(con, g, frames, seen)
                    con.keys("B B")      # back to the menu: nothing was played
                    assert g.mode == PS.M_MENU
            if len(seen) == len(MODES) or not drv.step():
                break
    assert seen == set(MODES), "not reached: %s" % sorted(MODES[m] for m in set(MODES) - seen)
