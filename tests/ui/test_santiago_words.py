"""Santiago reads in the table's words (issue 27): every text the game draws on 240x240, 240x135
and 320x240, in both text sizes, while bot-driven games run through the screens (recap, panel,
log, hint, seats page), holds no coordinate ("(3,2)", "H(1,2)", "V(0,3)", "seat 2") and no short
form the Rules' "Screen" page does not explain; plantings and canals in the recap and the log are
named by what is next to them on the board (the spring, a seat's crop, an edge)."""
import re

import pytest

from meeple.console import host
from meeple.core import santiago as core
from meeple.ui import theme
from meeple.ui.santiago import board as B
from meeple.ui.santiago import play as PS
from meeple.ui.santiago import screens as SS
from meeple.ui.santiago import state as S
from testkit.santiago_driver import Driver
from testkit.games import start as game_start

HUMAN, EASY = host.HUMAN, host.AI_EASY
BOARDS = ("waveshare_lcd_1_3", "waveshare_lcd_1_14", "waveshare_lcd_2")   # 240x240, 240x135, 320x240

COORD = re.compile(r"\(-?\d+, ?-?\d+\)|\b[HV]\(|\bseat \d|\b\d,\d\b")
# a short form: letters glued to digits ("H1", "4p", "22mk") or a lone mark ("*", "#")
CODE = re.compile(r"\b[A-Za-z]+\d+\b|\b\d+[A-Za-z]+\b|[*#@~^]")
PLACE = ("by the spring", "next to ", "along ", "between ", " edge", " corner", "by a canal",
         "by empty plots", " plot", "spring",
         "the middle", "palm")


def legend():
    return dict(PS.RULES)["Screen"]


def unexplained(text, key=legend):
    """The short forms in `text` the legend page does not name."""
    known = key()
    return [m for m in CODE.findall(text) if m not in known]


def test_the_checks_catch_what_they_are_for():
    for bad in ("N plants bean x2 on (3,2)", "W builds H(1,2) for 3", "V(0,3)", "seat 2 bids 4",
                "3,4"):
        assert COORD.search(bad), bad
    assert unexplained("W bid 5*", lambda: "x1 / x2") == ["*"]
    assert "*" in legend()                          # the placing seat's mark is explained
    assert unexplained("22mk left") == ["22mk"]
    assert unexplained("potato x2") == []          # x1 / x2: on the Screen page
    assert not COORD.search("Round 3, Placing tiles") and not unexplained("field of 3, 2 markers")


def start(board, large, tmp_path):
    return game_start(board, "santiago", [HUMAN, EASY, EASY, EASY], large, tmp_path, seed=77,
                      options={"spring": "any", "open_money": False, "palms": True})


ROUNDS = 5   # every kind of action comes up in a few rounds; whole games run in test_santiago_screen


@pytest.mark.parametrize("large", [0, 1])
@pytest.mark.parametrize("board", BOARDS)
def test_every_text_drawn_names_places_not_coordinates(board, large, tmp_path):
    con = start(board, large, tmp_path)
    drawn = set()
    on_text = con.canvas.on_text

    def keep(x, y, w, h, s):
        drawn.add(s)
        on_text(x, y, w, h, s)
    con.canvas.on_text = keep
    app = con.app
    menu = "Y" if any(n == "Y" for n, _ in con.board.BUTTONS) and any(
        n == "down" for n, _ in con.board.BUTTONS) else "hold:B"
    nxt = "down" if any(n == "down" for n, _ in con.board.BUTTONS) else "X"
    recaps = []
    toured = set()

    def choose(label):
        for _ in range(10):
            if app.screen.menu.labels[app.screen.menu.cursor] == label:
                con.keys("A")
                return
            con.keys(nxt)
        raise AssertionError(label)

    def decide(game):
        st = app.session.state
        if st[S.O_PHASE] in toured:
            return
        toured.add(st[S.O_PHASE])     # once per phase: the log, the seats and a hint
        con.keys(menu)
        choose("Log")
        con.keys("B")
        con.keys(menu)
        choose("Seats and scores")
        con.keys("B")
        con.keys(menu)
        choose("Hint")
        for _ in range(50):
            con.wait(20)
            if app.screen.title == "Hint":
                break
        assert app.screen.title == "Hint"
        con.keys("B B")
        assert app.screen is game
    drv = Driver(con, seed=5, policy="bot")
    drv.on_decision = decide
    marked = [0]
    for _ in range(20000):
        s = app.session
        g = s.screen
        if g.mode == PS.M_RECAP and app.screen is g:
            recaps.extend(g.recent)
            marked[0] += recap_marks(con, g, drv.fwd if not drv.dpad else "down")
        if s.state[S.O_ROUND] > ROUNDS or not drv.step():
            break
        if s.state[S.O_PHASE] == S.AUCTION:
            toured.clear()
    assert app.session.state[S.O_ROUND] > ROUNDS
    log = SS.log_text(app.session.screen, 400).split("\n")
    for t in sorted(drawn) + log + recaps:
        assert not COORD.search(t), t
        assert not unexplained(t), (t, unexplained(t))
    # where things went: every planting and canal line of the log names a place on the board
    kinds = set()
    for t in log:
        for verb in ("plants", "lays", "proposes the", "builds the", "builds its extra"):
            if verb in t:
                kinds.add(verb)
                assert any(w in t for w in PLACE), t
    assert {"plants", "builds the"} <= kinds, kinds
    assert any(w in t for t in recaps for w in PLACE), recaps
    assert marked[0] >= 6, marked       # recap lines whose place was checked on the board


def pixel(con, x, y):
    o = (y * con.board.WIDTH + x) * 2
    return con.panel.pixels[o] << 8 | con.panel.pixels[o + 1]


def recap_marks(con, g, key):
    """Select each recap line in turn: a planting marks the plot that now holds the seat's
    tile (yellow frame on the panel), a canal built the lane that now holds it (yellow). Returns
    how many lines were checked."""
    con.app.render()
    st = con.app.session.state
    bd = g.board
    lay = g.lay
    n = len(g.recent)
    checked = 0
    for k in range(n):
        assert g.rcur == k
        line = g.recent[n - 1 - k]
        plots = [p for p in range(S.NPLOT) if bd.marks[p] & B.F_CURSOR]
        lanes = [q for q in range(S.NSEG) if bd.lane_marks[q] & B.L_CURSOR]
        con.app._full = True      # a whole repaint: the panel's text runs read whole
        con.app.render()
        text = con.text()
        assert any(t.startswith("\x7f") and line.startswith(t[1:]) for t in text) or (
            not g.panel_shown()), (line, text)      # the selected line behind the arrow
        if " plants " in line or " lays " in line:
            assert len(plots) == 1 and not lanes, (line, plots, lanes)
            p = plots[0]
            assert S.tile_code(st, p) >= 0
            if " plants " in line:
                assert PS.SEAT_LETTERS[S.owner(st, p)] == line[0], line
            x, y = lay.plot_xy(p)
            if x + lay.pw <= bd.hide_x:
                assert pixel(con, x, y) == theme.ACCENT, line
            checked += 1
        elif " builds " in line and "no canal" not in line:
            assert len(lanes) == 1 and not plots, (line, plots, lanes)
            assert st[S.O_CANAL + lanes[0]]
            x, y, w, h = lay.seg_rect(lanes[0])
            if x + w <= bd.hide_x:
                assert pixel(con, x + w // 2, y + h // 2) in (theme.ACCENT, B.sprites.CANAL), line
            checked += 1
        elif line.startswith(("Drought", "Round")):
            assert not plots and not lanes, line
        con.keys(key)
    assert g.rcur == 0    # round the lines, back to the newest
    return checked


@pytest.mark.parametrize("large", [0, 1])
@pytest.mark.parametrize("board", BOARDS)
def test_a_log_line_selected_marks_its_place_on_the_board(board, large, tmp_path):
    """The game menu's Log: up/down select a line (behind the arrow on the panel, which on
    240x135 moves to the left side when it would cover the line's place) and the board marks
    where it happened, read back from the board's marks and the panel's pixels."""
    con = start(board, large, tmp_path)
    app = con.app
    drv = Driver(con, seed=5, policy="bot")
    for _ in range(20000):
        g = app.session.screen
        if app.screen is g and app.session.state[S.O_ROUND] >= 3 and g.mode == PS.M_BID:
            break
        assert drv.step()
    g = app.session.screen
    menu = "Y" if any(n == "Y" for n, _ in con.board.BUTTONS) and drv.dpad else "hold:B"
    con.keys(menu)
    while app.screen.menu.labels[app.screen.menu.cursor] != "Log":
        con.tap("down" if drv.dpad else "X")
    con.keys("A")
    log = app.screen
    assert isinstance(log, SS.LogScreen)
    assert log.lines == SS.log_text(g).split("\n")
    st = app.session.state
    bd, lay = g.board, g.lay
    key = "down" if drv.dpad else "X"
    seen = set()
    checked = 0
    while log.cur not in seen:
        seen.add(log.cur)
        line, at = log.selected()
        assert not line.startswith("--"), line       # headings are passed over
        plots = [p for p in range(S.NPLOT) if bd.marks[p] & B.F_CURSOR]
        lanes = [q for q in range(S.NSEG) if bd.lane_marks[q] & B.L_CURSOR]
        app._full = True
        app.render()
        text = con.text()
        box = log.panel_box()
        assert box == lay.panel or (lay.short and box[0] == 0), box
        assert any(t.startswith("\x7f") and line.startswith(t[1:]) for t in text), (line, text)
        if at >= 0:   # the place is never under the panel
            x, y, w, h = lay.seg_rect(at - 64) if at >= 64 else lay.plot_xy(at) + (lay.pw, lay.ph)
            bx, by, bw, bh = box[0] - 1, box[1], box[2] + 2, box[3]   # with its edge line
            assert x >= bx + bw or x + w <= bx or y >= by + bh or y + h <= by, (line, box)
        if " plants " in line or " lays " in line:
            assert plots == [at] and not lanes, (line, plots, lanes)
            assert S.tile_code(st, at) >= 0
            if " plants " in line:
                assert PS.SEAT_LETTERS[S.owner(st, at)] == line[0], line
            x, y = lay.plot_xy(at)
            assert pixel(con, x, y) == theme.ACCENT, line
            checked += 1
        elif " builds " in line and "no canal" not in line:
            assert lanes == [at - 64] and not plots, (line, plots, lanes)
            assert st[S.O_CANAL + lanes[0]]
            x, y, w, h = lay.seg_rect(lanes[0])
            assert pixel(con, x + w // 2, y + h // 2) in (theme.ACCENT, B.sprites.CANAL), line
            checked += 1
        elif " bids " in line or " passes" in line or "no offer" in line:
            assert not plots and not lanes, line
        assert not COORD.search(line) and not unexplained(line), line
        con.keys(key)
    assert checked >= 6, checked
    assert len(seen) == sum(1 for t in log.lines if not t.startswith("--"))
    con.keys("B")
    assert app.screen.title != "Log"


# a proposal on the panel: "[W] proposes a canal, offers 3  [G] adds 2, 5 in all" (240x135:
# "[W] offers 3  [G] adds 2 = 5"), seat tags before each backer's words
FIRST = re.compile(r"^(proposes a canal, offers|offers) \d+$")
MORE = re.compile(r"^adds \d+$")
LAST = re.compile(r"^adds \d+(, \d+ in all| = \d+)$")


def test_the_proposal_checks_catch_the_old_rows():
    assert not FIRST.match("'s canal 3") and not LAST.match("+2 =5")
    assert FIRST.match("proposes a canal, offers 3") and LAST.match("adds 2, 5 in all")
    assert LAST.match("adds 2 = 5") and MORE.match("adds 1")


@pytest.mark.parametrize("large", [0, 1])
@pytest.mark.parametrize("board", BOARDS)
def test_proposals_on_the_panel_read_in_words_and_fit(board, large, tmp_path):
    """Every proposal row the panel shows in the bribes and the overseer's choice names the
    proposer's offer, each backer's and the total in words, and every word is on the panel
    inside it (none cut, none over the edge), in both text sizes."""
    con = game_start(board, "santiago", [HUMAN, HUMAN, EASY, EASY], large, tmp_path, seed=31,
                     options={"spring": "any", "open_money": True, "palms": True})
    app = con.app
    drv = Driver(con, seed=0)     # the humans' random offers make proposals the bots back
    count = {"seen": 0, "backed": 0}
    render = app.render

    def check():       # after every paint: the bots' offers come and go within one step
        render()
        s = app.session
        g = s.screen if s else None
        st = s.state if s else None
        if not (g is not None and app.screen is g and st[S.O_PHASE] in (S.BRIBE, S.OVERSEER)
                and S.proposals(st) and g.lay is not None and g.panel_shown()
                and g.mode != PS.M_RECAP and g.page == PS.PG_DECIDE):   # the decision's panel
            return
        rows = [r for r in g.panel_rows() if r[0] == PS.P.R_SEATS and FIRST.match(r[1][0][1])]
        assert len(rows) == len(S.proposals(st)), g.panel_rows()
        app._full = True
        render()
        x, y, w, h = g.lay.panel
        texts = [t[4] for t in con.panel.texts if x <= t[0] and t[0] + t[2] <= x + w
                 and y <= t[1] and t[1] + t[3] <= y + h]
        for seg, r in zip(S.proposals(st), rows):
            items = r[1]
            assert [q for q, _ in items] == [q for q, _ in S.backers(st, seg)]
            if len(items) > 1:
                assert all(MORE.match(t) for _, t in items[1:-1]), items
                assert LAST.match(items[-1][1]), items
                t = items[-1][1]
                assert t.endswith((" %d in all" % S.total(st, seg), "= %d" % S.total(st, seg))), t
                count["backed"] += 1
            for q, t in items:
                assert PS.SEAT_LETTERS[q] in texts and t in texts, (t, texts)
                assert not COORD.search(t) and not unexplained(t), t
        assert 2 + sum(PS.P._height(r, w) for r in g.panel_rows()) <= h, g.panel_rows()
        count["seen"] += 1
    app.render = check
    for _ in range(20000):
        if app.session.state[S.O_ROUND] > 8 or not drv.step():
            break
    assert count["seen"] >= 10 and count["backed"] >= 1, count
