"""Notes (toasts) on the Cacao play screen never lie over the side panel: the scores, the hand,
the display are what the screen exists to show (issue 27: "1-1-1-1 looks the same every way
round" covered the score panel on 320x240).

Every note the play screen can raise (its own _toast calls, each "Not here: ..." reason, a
take-back's "Move taken back") is shown on the play screen in both text sizes on 240x240,
240x135 and 320x240; the rectangle the note is drawn in (its frame) must miss the side panel's
rectangle and keep inside the table's, and every word of the note must be on the panel inside
it (a note too long for the table wraps instead of being cut). Two of them are also raised with
the board's own buttons in a game: the 1-1-1-1 hint and "choose how to sell".
"""
import os
import re

import pytest

from meeple.console import host
from meeple.ui.cacao import model as m, play as play_cacao
from testkit import FIRMWARE
from testkit.frames import Frames, inside, meets
from testkit.games import start as game_start

HUMAN, EASY = host.HUMAN, host.AI_EASY
BOARDS = ("waveshare_lcd_1_3", "waveshare_lcd_1_14", "waveshare_lcd_2")   # 240x240, 240x135, 320x240
UI = os.path.join(FIRMWARE, "meeple", "ui", "cacao")


def messages():
    """Every note the play screen raises, read from its source (and the model's reasons)."""
    with open(os.path.join(UI, "play.py")) as f:
        own = re.findall(r'_toast\("([^"]+)"\)', f.read())
    with open(os.path.join(UI, "model.py")) as f:
        src = f.read()
    body = src[src.index("def why_not"):]
    body = body[:body.index("\ndef ")]
    reasons = re.findall(r'return "([^"]+)"', body)
    reasons = [r.replace("%s", "Purple").replace("%d", "12") for r in reasons]
    assert len(own) == 3 and len(reasons) == 7, (own, reasons)
    return own + ["Not here: " + r for r in reasons] + ["Move taken back"]


def start(board, large, tmp_path):
    return game_start(board, "cacao", [HUMAN, EASY], large, tmp_path)


def check(con, scr, text, rect):
    t = scr.table
    p = scr.panel
    side = (p.x, p.y, p.w, p.h)
    assert not meets(rect, side), "%r at %r lies over the side panel %r on %s" % (text, rect, side, con.board.ID)
    assert inside(rect, (t.x, t.y, t.w, t.h)), "%r at %r leaves the table %r" % (text, rect, (t.x, t.y, t.w, t.h))
    shown = " ".join(s for x, y, w, h, s in con.panel.texts if inside((x, y, w, h), rect))
    assert " ".join(shown.split()) == text, (text, shown)


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("board", BOARDS)
def test_no_note_covers_the_side_panel(board, large, tmp_path):
    con = start(board, large, tmp_path)
    scr = con.app.screen
    assert isinstance(scr, play_cacao.Screen)
    with Frames() as frames:
        for text in messages():
            scr._toast(text) if text != "Move taken back" else con.app.show_toast(text)
            con.app.render()
            got = [r for s, r in frames.rects if s == text]
            assert got, "the note %r was not drawn" % text
            check(con, scr, text, got[-1])
            con.wait(3000)                       # it goes; the screen repaints under it
            assert con.app.toast is None


def human_place(con):
    """Wait for the AI; True when the human places a tile."""
    for _ in range(300):
        scr = con.app.screen
        if con.title() in ("Pass the console", "Since your turn"):
            con.keys("A")
        elif isinstance(scr, play_cacao.Screen) and scr.mode not in (play_cacao.WATCH,):
            return scr
        else:
            con.wait(20)
    raise AssertionError("the human's turn did not come")


@pytest.mark.parametrize("board", BOARDS)
def test_notes_raised_with_the_buttons(board, tmp_path):
    """The 1-1-1-1 hint (turn it) and "choose how to sell" (B while choosing a sale), reached by
    playing: place each turn's first legal cell until both came up."""
    con = start(board, False, tmp_path)
    alt = "X" if any(n == "X" for n, _ in con.board.BUTTONS) and any(
        n == "down" for n, _ in con.board.BUTTONS) else "hold:A"
    seen = set()
    with Frames() as frames:
        for _ in range(40):
            scr = human_place(con)
            if scr.mode == play_cacao.RESOLVE:
                con.keys("B")
                seen.add("sell")
                check(con, scr, "Your workers fired: choose how to sell", frames.rects[-1][1])
                con.wait(3000)
                con.keys("A")
                continue
            if scr.mode == play_cacao.FILL:
                con.keys("A")
                continue
            st = con.app.session.state
            hand = [m.hand(st, m.to_move(st), i) for i in range(m.hand_n(st, m.to_move(st)))]
            if scr.mode == play_cacao.PLACE and 0 in hand and "turn" not in seen:
                con.keys("B")
                while m.hand(st, m.to_move(st), scr.sel) != 0:
                    con.keys("right" if any(n == "right" for n, _ in con.board.BUTTONS) else "X")
                con.keys("A " + alt)
                seen.add("turn")
                check(con, scr, "1-1-1-1 looks the same every way round", frames.rects[-1][1])
                con.wait(3000)
            if len(seen) == 2:
                break
            con.keys("A")
            if con.app.screen is scr and scr.mode == play_cacao.FILL:
                con.keys("A")
    assert seen == {"turn", "sell"}, seen
