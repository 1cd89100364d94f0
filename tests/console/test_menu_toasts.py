"""Notes (toasts) on the console's own pages never lie over what the page shows (issue 27).

A note belongs to the screen it was raised on (App.push/pop drop it), so the pages that can show
one are the play screens (tests/ui/test_cacao_toasts.py, tests/ui/test_santiago_toasts.py) and the
pages found here by reading every show_toast call outside the games' packages: Settings
("Saved" / "Not saved" after a change) and Settings > Records ("Deleted"). Each is raised with
the board's buttons on 240x240, 240x135 and 320x240 in both text sizes; the note's frame must
miss every row of the page's list (label and value) and its words must be on the panel inside
it.
"""
import os
import re

import pytest

from host_sim.console import Console
from meeple.ui import screen as ui_screen
from testkit import FIRMWARE
from testkit.frames import Frames, inside, meets

BOARDS = ("waveshare_lcd_1_3", "waveshare_lcd_1_14", "waveshare_lcd_2")   # 240x240, 240x135, 320x240
FW = os.path.join(FIRMWARE, "meeple")
# the console's notes and the page each shows on (the game screens' are tested with the games)
PAGES = {"settings.py": "Settings", "records.py": "Records",
         "session.py": "the play screen",
         "guide.py": "the play screen, when the guided round is skipped (tests/ui/test_guide.py)"}


def test_every_note_outside_the_games_is_on_a_page_tested_here():
    found = {}
    for root, _dirs, files in os.walk(FW):
        if os.sep + "ui" + os.sep in root + os.sep and root.rstrip(os.sep).endswith(("cacao", "santiago")):
            continue
        for name in files:
            if name.endswith(".py"):
                with open(os.path.join(root, name)) as f:
                    n = len(re.findall(r"\bshow_toast\(", f.read()))
                if n and name != "app.py":      # app.py defines it
                    found[name] = n
    assert sorted(found) == sorted(PAGES), found


def nav(con, label):
    """Move the menu on top to `label` with the board's keys and press A."""
    down = "down" if any(n == "down" for n, _ in con.board.BUTTONS) else "X"
    m = con.app.screen.menu
    for _ in range(len(m.labels) + 1):
        if m.labels[m.cursor] == label:
            con.keys("A")
            return
        con.keys(down)
    raise AssertionError((label, m.labels))


def rows_of(con):
    """The text runs of the page's list: every run in the body, read before the note."""
    con.app._full = True
    con.app.render()
    top, bottom = ui_screen.HEADER_H, con.board.HEIGHT - ui_screen.footer_h()
    return [tuple(t[:4]) for t in con.panel.texts if t[4].strip() and top <= t[1] < bottom]


def check(con, frames, text, rows):
    got = [r for s, r in frames.rects if s == text]
    assert got, "the note %r was not drawn on %s" % (text, con.app.screen.title)
    rect = got[-1]
    for r in rows:
        assert not meets(rect, r), "%r at %r lies over a row %r of %s on %s" % (
            text, rect, r, con.app.screen.title, con.board.ID)
    shown = " ".join(s for x, y, w, h, s in con.panel.texts if inside((x, y, w, h), rect))
    assert " ".join(shown.split()) == text, (text, shown)
    assert 0 <= rect[1] and rect[1] + rect[3] <= con.board.HEIGHT


@pytest.mark.parametrize("large", [0, 1], ids=["normal", "large"])
@pytest.mark.parametrize("board", BOARDS)
def test_no_note_covers_a_menu_row(board, large, tmp_path):
    root = tmp_path / "flash"
    (root / "records").mkdir(parents=True)
    for i in range(9):      # more records than the page shows at once on the small panels
        (root / "records" / ("cacao-0-%d.jsonl" % (1000 + i))).write_text("{}\n" * (i + 1))
    (root / "settings.json").write_text('{"text": %d}' % large)
    con = Console(board, root=str(root))
    app = con.app
    app.apply_text()
    con.keys("A")                                 # the title screen
    nav(con, "Settings")
    assert app.screen.title == "Settings"
    right = "right" if any(n == "right" for n, _ in con.board.BUTTONS) else "X"
    with Frames() as frames:
        nav(con, "Privacy")
        con.keys(right + " A")                    # the picker: another value, A saves it
        assert app.screen.title == "Settings"
        note = app.toast.text
        assert note in ("Saved", "Not saved")
        app.toast = None
        rows = rows_of(con)
        for text in ("Saved", "Not saved"):    # the flash may refuse: the other note
            app.show_toast(text)
            app.render()
            check(con, frames, text, rows)
            app.toast = None
        nav(con, "Records")
        assert app.screen.title == "Records"
        con.keys("A A")                           # delete the first, yes
        assert app.screen.title == "Records" and app.toast.text == "Deleted"
        app.toast = None
        rows = rows_of(con)
        app.show_toast("Deleted")
        app.render()
        check(con, frames, "Deleted", rows)
    assert len(os.listdir(root / "records")) == 8
