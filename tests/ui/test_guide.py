"""The guided first round (issue 27): Rules > Cacao / Santiago > "Guided 1st round" deals the
same game every time; at each of the human's decisions of round 1 a page says what to look at and
names the hint engine's move, which is preselected on the screen; B on any page skips the guide;
after round 1 a last page hands over and the game is an ordinary one (saved, continued).

Played with the board's own buttons on 240x240, 240x135 and 320x240 in both text sizes. Every
page is read back from the panel while scrolling it (every word comes into view, nothing drawn
off the panel); the move a page names is checked against the hint engine's own choice for the
position (meeple.ai.choose at the hint's seed), and so is the move preselected on the screen."""
import sys

import pytest

from host_sim.console import Console
from meeple import ai, forget
from meeple.console import host, settings
from meeple.core import cacao, santiago
from meeple.ui import screen as ui_screen
from meeple.ui.cacao import model as cm
from meeple.ui.cacao import play as PC
from meeple.ui.santiago import play as PS
from meeple.ui.santiago import state as S
from meeple.ui.screen import DialogScreen

from testkit.screens import footer_text
from testkit.screens import open_item

BOARDS = ("waveshare_lcd_1_3", "waveshare_lcd_1_14", "waveshare_lcd_2")   # 240x240, 240x135, 320x240
GAMES = ("cacao", "santiago")
CORE = {"cacao": cacao, "santiago": santiago}
PAGE_FOOTER = "A show me  B skip"
MODULES = ("meeple.ui.guide", "meeple.ui.cacao.guide", "meeple.ui.santiago.guide")


def start(board, gid, large, root):
    """Boot, then Rules > the game > Guided 1st round with the board's buttons."""
    root.mkdir(parents=True, exist_ok=True)
    con = Console(board, root=str(root))
    con.app.settings["text"] = large
    con.app.settings["ai_pause"] = 0
    con.app.apply_text()
    con.keys("A")
    open_item(con, "Rules")
    open_item(con, host.title_of(con.app, gid))
    assert con.app.screen.menu.labels[-1] == settings.GUIDED
    open_item(con, settings.GUIDED)
    assert con.app.session is not None and con.app.session.guide is not None
    return con


def page_read(con):
    """The page's lines as the panel shows them, read while scrolling it with the board's keys
    (line by line, in the reading font), checked against the whole text wrapped to the page:
    every line comes into view and none is cut."""
    scr = con.app.screen
    key = "down" if any(n == "down" for n, _ in con.board.BUTTONS) else "X"
    x, y, w, h = ui_screen.body(con.canvas)
    f = ui_screen.text_font()
    lh = ui_screen.line_h()
    got = {}
    for _ in range(60):
        for tx, ty, tw, th, s in con.panel.texts:
            if y < ty < y + h:
                assert th == f.h and tx == x + 8 and tx + tw <= x + w - 8, (tx, ty, tw, th, s)
                i = (ty - y - 8) // lh + scr.top
                assert got.setdefault(i, s) == s, (i, got[i], s)
        before = scr.top
        con.keys(key)
        if scr.top == before:
            break
    want = ui_screen.wrap(scr.message, (w - 16) // f.w)
    assert [got.get(i, "") for i in range(len(want))] == want
    assert max(got) < len(want)
    return " ".join(scr.message.split())


def dialog_read(con):
    return page_read(con)


def guide_page(con):
    top = con.app.screen
    if isinstance(top, DialogScreen) and top.title.startswith("Guide"):
        return top
    return None


def advance(con):
    """One step of the game that is not a guide page: close what is over the game (the recap
    of the others' moves, the drought), let a bot move, or play the decision on screen as
    preselected (A)."""
    s = con.app.session
    if con.app.screen is not s.screen:
        con.keys("A")
    elif s.core.is_over(s.state):
        raise AssertionError("the game ended")
    elif s.is_human(s.core.to_move(s.state)):
        con.keys("A")
    else:
        con.wait(20)


def position(gid, scr):
    """The position the decision on screen is about (a Cacao fill chosen with its placement and a
    Santiago offer made with its lane are asked on a copy, as the game plays them together)."""
    st = scr.session.state
    if gid == "cacao":
        return scr.scratch if scr.mode == PC.FILL and scr.fill_local else st
    if scr.mode == PS.M_AMOUNT and not scr.fixed_seg:
        pos = bytearray(st)
        santiago.apply(pos, (scr.seg_kind << 12) | scr.seg)
        return pos
    return st


def engine_hint(gid, pos):
    """The hint engine's move, computed here on its own (meeple.ai.hint's bot, level and seed)."""
    game = CORE[gid]
    return ai.choose(game, pos, game.to_move(pos), "normal", ai.HINT_SEED)


def preselected(gid, scr):
    """The core action the screen would play for its current choice."""
    if gid == "cacao":
        if scr.mode == PC.PLACE:
            return scr.place_action
        if scr.mode == PC.FILL:
            return scr.fill_opts[scr.fill_i]
        assert scr.mode == PC.RESOLVE
        return scr.plans[scr.plan_i][2][0]
    m = scr.mode
    if m in (PS.M_BID, PS.M_AMOUNT):
        return santiago.bid(scr.ch[scr.cur])
    if m == PS.M_PLOT:
        return 0x2000 | (scr.tiles[scr.tcur] * 48 + scr.ch[scr.cur])
    if m == PS.M_SEG:
        return (scr.seg_kind << 12) | scr.ch[scr.cur]
    assert m == PS.M_MENU and scr.opts[scr.ocur][0] in (PS.O_PASS, PS.O_NONE), (m, scr.opts)
    return santiago.PASS


def hint_line(text):
    lines = [ln for ln in text.split("\n") if ln.startswith("Hint: ")]
    assert len(lines) == 1, text
    return lines[0]


def _listed(parts):
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def check_names(gid, scr, pos, a, text):
    """The page's "Hint:" line names move `a` (in the screen's words, no coordinates)."""
    line = hint_line(text)
    assert "(" not in line.replace("(1 worker", "").replace("(2 workers", "").replace(
        "(3 workers", "").replace("(it costs 1 sun)", ""), line   # no "(x,y)"
    seat = CORE[gid].to_move(pos)
    if gid == "santiago":
        assert line == "Hint: %s." % S.action_text(pos, seat, a, PS.SEAT_LETTERS), (line, a)
        return
    if a < cm.FILL_BASE:
        pat = (a >> 2) & 3
        rot = a & 3
        assert line.startswith("Hint: your %s tile" % cacao.PATTERN_NAMES[pat]), (line, a)
        assert ("over one of your own tiles" in line) == (a >= cm.OVERBUILD_BASE), line
        key = cm.action_cell(pos, a)
        named = 0
        for d in range(4):
            n = cm.workers(pat, rot, d)
            if n:
                r = cm.ref(pos, key + cm.DK[d])
                if 0 <= r < 64:   # a jungle tile already there: its workers face it
                    want = "a %s (%d worker" % (cm.KIND_WORDS[cm.jungle_type(pos, r)], n)
                    assert want in line, (want, line)
                named += 1
        assert line.count(" worker") <= named, line
    elif a < cm.RESOLVE_BASE:
        code = a - cm.FILL_BASE
        parts = []
        for i in range(pos[753]):   # the spaces to fill (cacao _SPN)
            s = (code >> (2 * i)) & 3
            parts.append(("a space stays empty", "the " + cm.KIND_WORDS[cm.display(pos, 0)],
                          "the " + cm.KIND_WORDS[cm.display(pos, 1)], "the pile's top tile")[s])
        assert line == "Hint: fill with %s." % _listed(parts), (line, a)
    else:
        assert line.startswith("Hint: first %s." % cm.plan_words(cacao, pos, (a,))), (line, a)


def check_page(con, gid, page):
    """Every word of the page readable on the panel (scrolled with the board's keys), its
    footer, and its move: the hint engine's, named and preselected."""
    assert dialog_read(con) == " ".join(page.message.split())
    assert con.text()[-1] == footer_text(con, PAGE_FOOTER)
    assert "B skip" in con.text()[-1]          # the skip key is named on every panel
    assert con.canvas.clipped == 0
    scr = con.app.session.screen
    pos = position(gid, scr)
    a = engine_hint(gid, pos)
    check_names(gid, scr, pos, a, page.message)
    assert preselected(gid, scr) == a
    return scr, pos, a


def play_round(con, gid, on_page=None):
    """Through the guided round: each page checked, closed with A, the preselected move played
    (or what on_page(con, page, n) did instead); returns the pages' texts."""
    pages = []
    for _ in range(3000):
        page = guide_page(con)
        if page is None:
            advance(con)
            continue
        if page.title == "Guide: done":
            assert con.text()[-1] == footer_text(con, "A play on")
            assert dialog_read(con) == " ".join(page.message.split())
            con.keys("A")
            return pages
        assert page.title == "Guide %d" % (len(pages) + 1)
        check_page(con, gid, page)
        pages.append(page.message)
        if on_page is None or not on_page(con, page, len(pages)):
            con.keys("A")     # show me: the game, the move preselected
            assert con.app.screen is con.app.session.screen
            con.keys("A")     # and play it
    raise AssertionError("the guided round did not end")


def ordinary(con, tmp_path):
    """The guide is gone with its modules; the game is saved like any, and Continue after a
    reboot brings back the same position with no guide."""
    s = con.app.session
    assert s.guide is None
    for name in MODULES:
        assert name not in sys.modules, name
    while con.app.screen is not s.screen:   # the bots' moves since (the recap)
        assert guide_page(con) is None
        con.keys("A")
    meta, state = con.app.storage.load_game()
    assert bytes(state) == bytes(s.state) and meta["game"] == s.plugin.GAME
    again = Console(con.board.ID, root=str(tmp_path))
    again.app.settings["ai_pause"] = 0
    again.keys("A")
    host.resume(again.app)
    s2 = again.app.session
    assert s2 is not None and s2.guide is None and bytes(s2.state) == bytes(s.state)
    assert len(s2.journal) == len(s.journal)
    for _ in range(200):                  # and it plays on
        advance(again)
        if len(s2.journal) > len(s.journal) + 3:
            break
    assert len(s2.journal) > len(s.journal) + 3
    assert guide_page(again) is None


@pytest.mark.parametrize("large", [0, 1])
@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("gid", GAMES)
def test_the_guide_runs_through_the_first_round(gid, board, large, tmp_path):
    con = start(board, gid, large, tmp_path)
    pages = play_round(con, gid)
    assert len(pages) >= 3, pages        # the deal gives the round several decisions
    st = con.app.session.state
    assert (cm.turn(st) >= cm.players(st)) if gid == "cacao" else st[S.O_ROUND] == 2
    ordinary(con, tmp_path)


@pytest.mark.parametrize("gid", GAMES)
def test_the_deal_is_the_same_every_time(gid, tmp_path):
    runs = []
    for board, large in (("waveshare_lcd_1_3", 0), ("waveshare_lcd_2", 1)):
        con = start(board, gid, large, tmp_path / board)   # one at a time: one text setting
        deal = bytes(con.app.session.state)
        runs.append((deal, play_round(con, gid)))
    assert runs[0] == runs[1]


def _skip_at(k):
    def on_page(con, page, n):
        if n < k:
            return False
        toast_area = con.app.session.screen.toast_area
        con.keys("B")
        t = con.app.toast
        assert t is not None and t.text == "Guide off: the game goes on"
        x, y, w, h = t.rect
        ax, aw, bottom = toast_area()
        assert ax <= x and x + w <= ax + aw and y + h <= bottom, (t.rect, toast_area())
        raise _Skipped()
    return on_page


class _Skipped(Exception):
    pass


@pytest.mark.parametrize("large", [0, 1])
@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("gid", GAMES)
def test_b_skips_the_guide_at_any_step(gid, board, large, tmp_path):
    n = len(play_round(start(board, gid, large, tmp_path / "all"), gid))
    for k in range(1, n + 1):
        con = start(board, gid, large, tmp_path / ("skip%d" % k))
        with pytest.raises(_Skipped):
            play_round(con, gid, _skip_at(k))
        s = con.app.session
        assert s.guide is None and con.app.screen is s.screen
        for name in MODULES:
            assert name not in sys.modules, name
        assert s.screen.deciding() if gid == "cacao" else s.screen.mode not in (PS.M_WAIT, PS.M_OVER)
        for _ in range(600):       # the rest of the round and beyond: no page comes
            st = s.state
            if (cm.turn(st) > cm.players(st)) if gid == "cacao" else (
                    st[S.O_ROUND] > 1 and s.is_human(santiago.to_move(st))):
                break
            assert guide_page(con) is None
            advance(con)
        else:
            raise AssertionError("the round did not end")
        assert guide_page(con) is None
        if k == n:
            ordinary(con, tmp_path / ("skip%d" % k))


@pytest.mark.parametrize("gid", GAMES)
def test_a_move_other_than_the_hint_is_fine(gid, tmp_path):
    """The player need not follow the hint: another choice is played and the next pages explain
    the positions that follow from it."""
    con = start("waveshare_lcd_1_3", gid, 0, tmp_path)
    other = []

    def on_page(con, page, n):
        if n != 1:
            return False
        con.keys("A")
        s = con.app.session
        before = preselected(gid, s.screen)
        for key in ("down", "up", "right", "left"):
            con.keys(key)
            if preselected(gid, s.screen) != before:
                break
        other.append((len(s.journal), preselected(gid, s.screen)))
        assert other[0][1] != before
        con.keys("A")
        return True

    pages = play_round(con, gid, on_page)
    j = con.app.session.journal
    assert other and j.action(other[0][0]) == other[0][1]     # played, not the hint
    assert pages
    ordinary(con, tmp_path)


@pytest.mark.parametrize("gid", GAMES)
def test_a_page_naming_another_move_fails_the_check(gid, tmp_path, monkeypatch):
    """check_names can fail: with a hint engine that answers another legal move, the pages
    name that move, and the check against the real engine's move rejects them."""
    game = CORE[gid]
    real = ai.hint
    wrong = []

    def other_hint(g, st, seat):
        a = real(g, st, seat)[0]
        alts = [b for b in game.legal_actions(st) if b != a]
        if g is cacao and a < cm.FILL_BASE:   # another tile, so the words differ
            alts = [b for b in alts if (b >> 2) & 3 != (a >> 2) & 3] or alts
        b = alts[-1]
        wrong.append(b)
        return b, real(g, st, seat)[1]

    monkeypatch.setattr(ai, "hint", other_hint)
    con = start("waveshare_lcd_1_3", gid, 0, tmp_path)
    for _ in range(400):
        page = guide_page(con)
        if page is not None:
            break
        advance(con)
    scr = con.app.session.screen
    pos = position(gid, scr)
    check_names(gid, scr, pos, wrong[-1], page.message)   # the page says what it shows
    with pytest.raises(AssertionError):
        check_names(gid, scr, pos, engine_hint(gid, pos), page.message)
    with pytest.raises(AssertionError):
        check_page(con, gid, page)


@pytest.mark.parametrize("gid", GAMES)
def test_a_normal_game_does_not_load_the_guide(gid, tmp_path):
    for name in MODULES:              # left by an earlier test's console (never closed)
        forget(name)
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    con.app.settings["ai_pause"] = 0
    con.keys("A")
    plugin = [g for g in con.app.games if g.GAME == gid][0]
    seats = [host.HUMAN, host.AI_NORMAL, host.AI_EASY]
    host.start(con.app, plugin, 3, seats, {})
    for _ in range(100):
        advance(con)
    assert con.app.session.guide is None
    for name in MODULES:
        assert name not in sys.modules, name
    assert ui_screen.text_font() is ui_screen.SMALL
