"""Settings > Text inside the games (issue 16): the Cacao and Santiago play screens' footers, the
game menus, the log, the scores, the hint, every rules page and the Cacao symbol page, in both
sizes on all six boards. Each text is read back from the panel (what was drawn, in which font),
never merely "something was drawn": the footer is the screen's own words in the reading font
(whole key pairs only, or the whole text small), no text runs overlap, nothing is drawn off the
panel, and every line of a page comes into view by scrolling with the board's own keys."""
import pytest

from host_sim import boards
from meeple.console import host
from meeple.ui import screen as ui_screen
from meeple.ui import theme
from meeple.ui.cacao import legend, pages as cacao_pages, play as play_cacao
from meeple.ui.santiago import panel as santiago_panel, play as play_santiago, screens as santiago_screens
from meeple.ui.screen import DialogScreen

from testkit.santiago_driver import Driver
from testkit.games import start
from testkit.screens import dialog_read, has, nxt, words_read

HUMAN, EASY = host.HUMAN, host.AI_EASY


def menu_key(con):
    return "Y" if has(con, "down") and has(con, "Y") else "hold:B"


def repaint(con):
    con.app._full = True
    con.app.render()


def no_overlap(con):
    """No two text runs on the panel cross, and nothing was drawn off it."""
    t = sorted(con.panel.texts, key=lambda r: (r[1], r[0]))
    for i in range(len(t)):
        x, y, w, h, s = t[i]
        for u in t[i + 1:]:
            if u[1] >= y + h:
                break
            assert u[0] >= x + w or u[0] + u[2] <= x, ("overlap", t[i], u)
    assert con.canvas.clipped == 0


def footer_is(con, words, width=None):
    """The footer band holds exactly `words` as the reading font fits them, and no other
    pixels than its own background and ink."""
    fh = ui_screen.footer_h()
    H = con.board.HEIGHT
    words = ui_screen.footer_words(words, con.app)
    want, font = ui_screen.footer_fit(words, width or con.board.WIDTH)
    runs = [r for r in con.panel.texts if r[1] + r[3] > H - fh]
    assert [r[4].strip() for r in runs] == [want.strip()], (runs, want)
    assert runs[0][3] == font.h and runs[0][1] >= H - fh
    if font is ui_screen.SMALL:   # small only when the words are not key pairs of a large footer
        assert ui_screen.text_font() is ui_screen.SMALL or not ui_screen.fit_footer(
            words, (con.board.WIDTH - 4) // ui_screen.text_font().w), words
    px = con.panel.pixels
    inks = {theme.BG, theme.DIM, theme.ACCENT}
    for yy in range(H - fh, H):
        for xx in range(0, con.board.WIDTH, 3):
            o = (yy * con.board.WIDTH + xx) * 2
            assert (px[o] << 8 | px[o + 1]) in inks, ("footer band", xx, yy)


def body_font_is(con, font, x_min=0):
    top = ui_screen.HEADER_H
    bottom = con.board.HEIGHT - ui_screen.footer_h()
    runs = [r for r in con.panel.texts if r[1] >= top and r[1] + r[3] <= bottom and r[0] >= x_min]
    assert runs and all(r[3] == font.h for r in runs), runs
    assert not [r for r in con.panel.texts if r[1] < bottom < r[1] + r[3]], "text across the footer"


def rows_read(con):
    """Every line of the RowsScreen on top (log, scores, rules), read on the panel while
    scrolling it to the end with the board's keys; the seat boxes' letters are left out."""
    scr = con.app.screen
    scr.top = 0             # (the log opens at its end, its newest action selected)
    if scr.sel >= 0:
        assert scr.entry(0)
        scr.sel = 0         # down selects the next action: the page follows
    repaint(con)
    seen = {}
    for _ in range(400):
        body_font_is(con, ui_screen.text_font(), 12)
        shown = [r[4].strip() for r in sorted(con.panel.texts, key=lambda r: (r[1], r[0]))
                 if ui_screen.HEADER_H <= r[1] < con.board.HEIGHT - ui_screen.footer_h()
                 and r[0] >= 12 and r[4].strip()]
        want = [scr.line(i)[1].strip() for i in range(scr.top, min(scr.top + scr.n, scr.count()))]
        assert shown == [w for w in want if w], (shown, want)
        for r in range(scr.n):
            if scr.top + r < scr.count():
                seen[scr.top + r] = scr.line(scr.top + r)[1]
        before = (scr.top, scr.sel)
        con.keys(nxt(con))
        if (scr.top, scr.sel) == before:
            break
    return " ".join(" ".join(seen[i] for i in sorted(seen)).split())


def menu_rows(con):
    """Each row of the menu on top comes into view with its whole label, in the menu's font."""
    m = con.app.screen.menu
    for i in range(len(m.labels)):
        m.cursor = i
        m._scroll()
        repaint(con)
        row = [r for r in con.panel.texts if r[4].startswith("\x7f")]
        assert len(row) == 1 and row[0][4][1:].strip() == m.labels[i], (m.labels[i], row)
        assert row[0][3] == m.font.h
        no_overlap(con)
    m.cursor = 0
    m._scroll()
    repaint(con)
    return list(m.labels)


def choose(con, label):
    m = con.app.screen.menu
    while m.labels[m.cursor] != label:
        con.keys(nxt(con))
    con.keys("A")


def symbols_read(con):
    """Every row of the Cacao symbol page: its picture drawn and its words whole beside it."""
    scr = con.app.screen
    text = scr.text
    seen = set()
    for _ in range(60):
        runs = sorted([r for r in con.panel.texts if ui_screen.HEADER_H <= r[1] and
                       r[1] + r[3] <= con.board.HEIGHT - ui_screen.footer_h() and r[0] >= 30],
                      key=lambda r: (r[1], r[0]))
        shown = " ".join(r[4].strip() for r in runs)
        assert all(r[3] == ui_screen.text_font().h for r in runs)
        for i in range(scr.top, scr.top + scr.n):
            assert " ".join(text[i].split()) in shown, (text[i], shown)
            seen.add(i)
        no_overlap(con)
        before = scr.top
        con.keys(nxt(con))
        if scr.top == before:
            break
    return seen


# ---- Cacao ---------------------------------------------------------------------------------
@pytest.mark.parametrize("large", [0, 1])
@pytest.mark.parametrize("board", boards.BOARDS)
def test_cacao_in_both_text_sizes(board, large, tmp_path):
    con = start(board, "cacao", (HUMAN, EASY, EASY, EASY), large, tmp_path)
    app = con.app
    s = app.session
    game = s.screen
    font = ui_screen.text_font()
    assert font.h == (16 if large else 8)
    modes = set()
    for _ in range(2000):       # the human's decisions of the first rounds: each one's footer
        while app.screen is not game:
            app.pop()
        if s.is_human(s.core.to_move(s.state)) and game.deciding():
            if len(modes) >= 2 and len(s.journal) > 12:
                break
            repaint(con)
            footer_is(con, game._footer_text())
            no_overlap(con)
            modes.add(game.mode)
            s.play(s.core.legal_actions(s.state)[-1])
        else:
            con.now += 10
            app.tick()
            app.render()
    assert play_cacao.PLACE in modes
    repaint(con)
    con.keys(menu_key(con))
    menu = app.screen
    assert type(menu).__name__ == "GameMenu" and menu.menu.font is font
    labels = menu_rows(con)
    footer_is(con, menu.footer)
    assert ("Scores" in labels) == bool(large)  # large: the scoreboard is a page of its own
    if large:
        choose(con, "Scores")
        st = s.state
        want = " ".join(cacao_pages.seat_line(st, q) for q in range(4)) + " " + cacao_pages.table_text(st)
        assert rows_read(con) == " ".join(want.split())
        con.keys("B")
    else:  # the scoreboard above the menu, small
        shown = " ".join(r[4] for r in con.panel.texts)
        assert cacao_pages.seat_line(s.state, 0) in shown
    choose(con, "Log")
    want = " ".join(t for _, t in cacao_pages.log_rows(s.journal))
    assert rows_read(con) == " ".join(want.split())
    footer_is(con, app.screen.footer)
    con.keys("B")
    choose(con, "Rules")
    rules = play_cacao.RULES
    assert menu_rows(con) == [t for t, _ in rules]
    for title, text in rules:
        choose(con, title)
        assert app.screen.title == title
        if title == "Symbols":
            assert len(symbols_read(con)) == len(legend.KEYS) == len(text.split("\n"))
        else:
            assert rows_read(con) == " ".join(text.split())
        footer_is(con, app.screen.footer)
        con.keys("B")
    con.keys("B")
    assert app.screen is menu
    choose(con, "Hint")                 # worked out on the next tick, once the menu is gone
    for _ in range(50):
        con.wait(20)
        if isinstance(app.screen, DialogScreen):
            break
    hint = app.screen
    assert hint.title == "Hint"
    assert dialog_read(con) == " ".join(hint.message.split())
    footer_is(con, hint.footer)
    no_overlap(con)


# ---- Santiago ------------------------------------------------------------------------------
@pytest.mark.parametrize("large", [0, 1])
@pytest.mark.parametrize("board", boards.BOARDS)
def test_santiago_in_both_text_sizes(board, large, tmp_path):
    con = start(board, "santiago", (HUMAN, EASY, EASY, EASY, EASY), large, tmp_path)
    app = con.app
    font = ui_screen.text_font()
    modes = set()

    def check(game):
        repaint(con)
        footer_is(con, game.footer_text(), game.lay.w)
        no_overlap(con)
        modes.add(game.mode)
        lay = game.lay
        assert lay.y0 + lay.bh <= con.board.HEIGHT - ui_screen.footer_h()   # the board whole
        assert lay.panel[1] + lay.panel[3] <= con.board.HEIGHT - ui_screen.footer_h()
        if game.panel_shown():          # every panel row whole above the footer: none cut
            assert 2 + sum(santiago_panel._height(r, lay.panel[2]) for r in game.panel_rows()) \
                <= lay.panel[3], [r[0] for r in game.panel_rows()]

    def tour(game):
        """A human decides now: the game menu and all it opens, then back to the decision."""
        con.keys(menu_key(con))
        menu = app.screen
        assert type(menu).__name__ == "GameMenu"
        menu_rows(con)
        footer_is(con, menu.footer)
        choose(con, "Log")      # the log over the board (its lines in the panel, as the recap)
        log = app.screen
        assert type(log).__name__ == "LogScreen"
        footer_is(con, log.footer if len(log.lines) > 1 else "B back", game.lay.w)
        no_overlap(con)
        con.keys("B")
        for label, text in (("Seats and scores", santiago_screens.seats_text(game)),):
            choose(con, label)
            assert type(app.screen).__name__ == "TextScreen"
            body_font_is(con, font)
            assert words_read(con) == " ".join(text.split()), label
            footer_is(con, app.screen.footer)
            con.keys("B")
        choose(con, "Rules")
        for title, text in play_santiago.RULES:
            choose(con, title)
            assert app.screen.title == title
            body_font_is(con, font)
            assert words_read(con) == " ".join(text.split()), title
            con.keys("B")
        con.keys("B")
        choose(con, "Hint")
        for _ in range(50):
            con.wait(20)
            if isinstance(app.screen, DialogScreen):
                break
        hint = app.screen
        assert hint.title == "Hint"
        assert dialog_read(con) == " ".join(hint.message.split())
        footer_is(con, hint.footer)
        con.keys("B B")                 # the hint, then the menu: the decision is there again
        assert app.screen is game

    toured = []
    droughts = []
    d = Driver(con, seed=3, policy="bot")

    def decide(game):
        check(game)
        if not toured and {play_santiago.M_BID, play_santiago.M_PLOT} <= modes and len(modes) >= 3:
            tour(game)
            toured.append(1)

    d.on_decision = decide
    for _ in range(3000):
        top = app.screen
        if type(top).__name__ == "DroughtScreen":   # its counts in the footer, whole
            repaint(con)
            runs = [r[4].strip() for r in con.panel.texts
                    if r[1] + r[3] > con.board.HEIGHT - ui_screen.footer_h()]
            assert runs == [top.short if top.game.lay.short else top.footer], runs
            no_overlap(con)
            droughts.append(1)
        if toured and droughts:
            break
        assert d.step()
    assert toured and droughts
