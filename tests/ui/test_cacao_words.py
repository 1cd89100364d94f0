"""The Cacao log and recap read in the table's words (issue 27): no coordinates and no side
codes such as "(N1 E0 S1 W2)", in whole games with every kind of action."""
import re

from meeple.core import cacao
from meeple.ui.cacao import pages
from testkit.stub_console import console

COORD = re.compile(r"\(-?\d+, ?-?\d+\)")
SIDES = re.compile(r"\b[NESW]\d [NESW]\d")


def test_log_rows_of_a_whole_game_name_no_coordinates_or_codes(tmp_path):
    root = tmp_path / "g"
    root.mkdir()
    (root / "settings.json").write_text('{"privacy": 0}')
    con = console(root)
    con.keys("A A A")
    con.keys("down down A left left A down down A")   # two humans: every move is A
    s = con.app.session
    while not cacao.is_over(s.state):
        con.keys("A")
    rows = [t for _, t in pages.log_rows(s.journal)]
    kinds = {w for t in rows for w in ("places", "fills in", "harvests", "sells") if w in t}
    assert kinds == {"places", "fills in", "harvests", "sells"}, kinds
    assert any(" by " in t for t in rows if "places" in t)
    for t in rows:
        assert not COORD.search(t) and not SIDES.search(t), t
    # the core's own lines (records, replays) keep their coordinates: the log does not use them
    st = s.journal.initial()
    assert COORD.search(cacao.describe(st, s.journal.action(0)))


# ---- the log page: a selected action marks its cell on the table --------------------------------
import pytest  # noqa: E402

from meeple.console import host  # noqa: E402
from meeple.ui.cacao import model as m, play as play_cacao  # noqa: E402
from meeple.ui.cacao.table import CURSOR  # noqa: E402
from testkit.games import start as game_start  # noqa: E402

BOARDS = ("waveshare_lcd_1_3", "waveshare_lcd_1_14", "waveshare_lcd_2")   # 240x240, 240x135, 320x240
# letters glued to digits ("N1", "P2", "22g") or a lone mark, as the Santiago scan
CODE = re.compile(r"\b[A-Za-z]+\d+\b|\b\d+[A-Za-z]+\b|[*#@^~]")


def expected_cells(j):
    """Per journal action, the cells it names, worked out from the tables before and after it
    (not from the page's own keys): the cell whose worker tile changed, the spaces that got a
    jungle tile (or the space left empty), the jungle tile that paid."""
    st = j.initial()
    out = []
    for i in range(len(j)):
        a = j.action(i)
        info = cacao.action_info(st, a)
        before = bytearray(st)
        cacao.apply(st, a)
        changed = []
        x0, y0, x1, y1 = m.bounds(st)
        for x in range(x0 - 1, x1 + 2):
            for y in range(y0 - 1, y1 + 2):
                k = (x << 8) | y
                if m.ref(before, k) != m.ref(st, k) or (
                        m.ref(st, k) >= 64 and m.worker_top(before, m.ref(st, k) - 64)
                        != m.worker_top(st, m.ref(st, k) - 64)):
                    changed.append(k)
        if info["kind"] in ("place", "overbuild"):
            cells = [k for k in changed if m.ref(st, k) >= 64]
            assert len(cells) == 1, (info, changed)
        elif info["kind"] == "fill":
            cells = [k for k in changed if 0 <= m.ref(st, k) < 64] or [
                m.xy_key(s["x"], s["y"]) for s in info["spaces"]]
        else:   # a jungle tile of the kind named, touching a tile of the seat's
            cells = []
            for x in range(x0, x1 + 1):
                for y in range(y0, y1 + 1):
                    k = (x << 8) | y
                    r = m.ref(st, k)
                    if 0 <= r < 64 and cacao.JUNGLE_NAMES[m.jungle_type(st, r)] == info["tile"] and any(
                            m.ref(st, k + m.DK[d]) >= 64 and
                            m.worker_top(st, m.ref(st, k + m.DK[d]) - 64) >> 6 == info["seat"]
                            for d in range(4)):
                        cells.append(k)
        out.append(cells)
    return out


def pixel(con, x, y):
    o = (y * con.board.WIDTH + x) * 2
    return con.panel.pixels[o] << 8 | con.panel.pixels[o + 1]


@pytest.mark.parametrize("large", [0, 1])
@pytest.mark.parametrize("board", BOARDS)
def test_a_log_action_selected_marks_its_cell_on_the_table(board, large, tmp_path):
    """The game menu's Log: up/down select an action (highlighted, its gains with it), A shows
    the table with the cursor on the cell the action names and the action in words under it;
    up/down there step to the action before or after and the cursor follows. Every text drawn
    holds no coordinate, no side code and no short form."""
    con = game_start(board, "cacao", [host.AI_EASY] * 3, large, tmp_path, seed=None)
    app = con.app
    for _ in range(400):
        con.wait(50)
        if len(app.session.journal) >= 36:
            break
    j = app.session.journal
    g = app.session.screen
    drawn = set()
    on_text = con.canvas.on_text

    def keep(x, y, w, h, s):
        drawn.add(s)
        on_text(x, y, w, h, s)
    con.canvas.on_text = keep
    pages.log(g)
    app.render()
    page = app.screen
    n_act = len(j)            # the bots wait while the log is up
    cells = expected_cells(j)
    rows = list(pages.log_rows(j))
    assert page.title == "Log" and page.sel >= 0
    up = "up" if any(b == "up" for b, _ in con.board.BUTTONS) else "Y"
    entries = []
    while True:               # newest to oldest
        entries.append(page.sel)
        i = n_act - len(entries)     # the journal action of this entry
        seat, first = page.line(page.sel)
        assert seat == j.seat(i) and pages.action_words(*_at(j, i)).startswith(first), (first, i)
        app._full = True
        app.render()
        hi = [r for r in con.panel.texts if r[4].strip() and pixel(con, r[0] - 1, r[1]) == pages.theme.SEL_BG]
        assert any(first.strip().startswith(r[4].strip()) for r in hi), (first, hi)
        con.keys("A")
        where = app.screen
        assert type(where).__name__ == "LogPlace"
        assert where.cursor in cells[i], (first, where.cursor, cells[i])
        key = where.cursor
        px = where.ox + ((key >> 8) - where.vx) * where.cs
        py = where.oy + (where.vy - (key & 0xFF)) * where.cs
        assert pixel(con, px, py) == CURSOR and pixel(con, px + 1, py + where.cs // 2) == CURSOR
        shown = " ".join(r[4].strip() for r in con.panel.texts if r[1] > py)
        assert " ".join(pages.action_words(*_at(j, i)).split()) in shown, shown
        con.keys("B")
        assert app.screen is page
        before = page.sel
        con.keys(up)
        if page.sel == before:
            break
    assert len(entries) == n_act     # every action of the game, each once
    assert sum(1 for s, t in rows if not t.startswith("  ")) == n_act
    # in the table view, up/down go on through the actions and the cursor follows
    con.keys("A")
    where = app.screen
    down = "down" if up == "up" else "X"
    for i in range(1, 6):
        con.keys(down)
        assert where.cursor in cells[i], i
        assert page.sel == entries[-1 - i]
    con.keys("B")
    rules = " ".join(t for _, t in play_cacao.RULES)
    assert "~ water" in rules     # the overview's small cells' letters are explained
    for t in drawn:
        assert not COORD.search(t) and not SIDES.search(t), t
        assert all(c in rules for c in CODE.findall(t)), t


def _at(j, i):
    """(state before action i, action i) of journal j."""
    st = j.initial()
    for k in range(i):
        cacao.apply(st, j.action(k))
    return st, j.action(i)
