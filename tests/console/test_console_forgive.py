"""The console around the games forgives (issue 16), on all six boards with each board's own
buttons: leaving a game asks first and is never one wrap away, B goes one level back (hint ->
game menu), the hot-seat pass screen opens only on A, footers and the Buttons page name the
board's buttons, a toast does not stay over a new screen, labels never run into values, and the
backlight dims and sleeps with the waking press doing nothing else."""
import pytest

from host_sim import boards
from host_sim.console import Console
from meeple.console import app as app_mod
from meeple.console import host
from meeple.ui.widgets import MenuList

DPAD = [b for b in boards.BOARDS if any(n == "up" for n, _ in boards.load(b).BUTTONS)]
FOUR = [b for b in boards.BOARDS if b not in DPAD]


def keys(con):
    """(next, prev, menu) key words of the board (UX.md table)."""
    names = {n for n, _ in con.board.BUTTONS}
    if "down" in names:
        return "down", "up", ("Y" if "Y" in names else "hold:B")
    return "X", "Y", "hold:B"


def plugin(con, gid):
    return [g for g in con.app.games if g.GAME == gid][0]


def start(con, gid, seats):
    con.app.settings["ai_pause"] = 0
    if gid == "santiago":
        seats = list(seats) + [host.AI_EASY] * (3 - len(seats))   # 3 to 5 players
    opts = {"santiago": {"spring": "interior", "open_money": False, "palms": False}}.get(gid, {})
    host.start(con.app, plugin(con, gid), len(seats), list(seats), opts)
    con.app.render()


def until_human(con):
    s = con.app.session
    for _ in range(400):
        if con.app.screen is s.screen and s.is_human(s.core.to_move(s.state)) and \
                not s.waiting_for_ai():
            return
        if con.app.screen is not s.screen:
            con.tap("A")     # an overlay (drought, pass screen): dismissed
        con.wait(50)
    raise AssertionError("no human turn: %r" % con.text())


def cursor_label(con):
    m = con.app.screen.menu
    return m.labels[m.cursor]


@pytest.mark.parametrize("gid", ["cacao", "santiago"])
@pytest.mark.parametrize("board", boards.BOARDS)
def test_game_menu_leave_asks_and_is_never_one_wrap_away(board, gid, tmp_path):
    con = Console(board, root=str(tmp_path))
    nxt, prv, menu = keys(con)
    start(con, gid, [host.HUMAN, host.AI_EASY])
    until_human(con)
    con.keys(menu)
    assert cursor_label(con) == "Hint"
    con.keys(prv)                       # one press too many upwards: no wrap onto leaving
    assert cursor_label(con) not in ("Leave game", "Save and quit")
    for _ in range(10):
        if cursor_label(con) in ("Leave game", "Save and quit"):
            break
        con.keys(nxt)
    assert cursor_label(con) in ("Leave game", "Save and quit")
    con.keys("A")
    assert con.title() == "Leave game"  # a question, not the main menu
    assert any("stays saved" in t for t in con.text())
    assert "A leave  B keep" in con.text()
    con.keys("B")                       # B: one level back, the game menu
    assert cursor_label(con) in ("Leave game", "Save and quit")
    assert con.app.session is not None
    con.keys("A A")
    assert con.title() == "Main menu"
    assert "\x7fContinue" in con.text()


@pytest.mark.parametrize("gid", ["cacao", "santiago"])
@pytest.mark.parametrize("board", ["waveshare_lcd_1_14", "pimoroni_display_pack"])
def test_b_on_the_hint_goes_back_to_the_game_menu(board, gid, tmp_path):
    con = Console(board, root=str(tmp_path))
    _, _, menu = keys(con)
    start(con, gid, [host.HUMAN, host.AI_EASY])
    until_human(con)
    state = bytes(con.app.session.state)
    con.keys(menu)
    con.keys("A")                       # Hint
    con.wait(100)
    assert con.title() == "Hint"
    con.keys("B")
    assert con.app.screen.menu.labels[0] == "Hint", con.text()   # the game menu again
    assert bytes(con.app.session.state) == state                # nothing was played


@pytest.mark.parametrize("board", boards.BOARDS)
def test_pass_screen_opens_only_on_a(board, tmp_path):
    con = Console(board, root=str(tmp_path))
    start(con, "cacao", [host.HUMAN, host.HUMAN])
    game = con.app.session.screen
    assert con.title() == "Pass the console"
    drawn = []
    game.draw = lambda c: drawn.append(1)     # the hand would be drawn by the game screen
    game.update = lambda c: drawn.append(1)
    stray = ["B", "hold:B"] + [k for k in ("X", "Y", "up", "down", "left", "right")
                               if any(n == k for n, _ in con.board.BUTTONS)]
    for k in stray:
        con.keys(k)
        assert con.title() == "Pass the console", k
    assert not drawn, "the game screen was drawn before the player pressed A"
    assert "A I am Red" in con.text()
    con.keys("A")
    assert con.app.screen is game and drawn


@pytest.mark.parametrize("board", FOUR)
def test_pass_screen_takes_held_a_on_four_button_boards(board, tmp_path):
    con = Console(board, root=str(tmp_path))
    start(con, "cacao", [host.HUMAN, host.HUMAN])
    con.keys("hold:A")
    assert con.app.screen is con.app.session.screen


@pytest.mark.parametrize("board", boards.BOARDS)
def test_footers_and_button_page_name_this_boards_buttons(board, tmp_path):
    con = Console(board, root=str(tmp_path))
    nxt, _, _ = keys(con)
    con.keys("A")
    dpad = board in DPAD
    seen = []
    for path in (["Rules", "Buttons"], ["Rules", "Cacao", "Overview"], ["Settings", "Text"],
                 ["About"]):
        for label in path:
            for _ in range(12):
                if "\x7f" + label in con.text():
                    break
                con.keys(nxt)
            con.keys("A")
        text = con.text()
        seen.append(text[-1])
        joined = " ".join(text)
        if not dpad:
            for word in ("up/down", "<>", "Held directions", "left/right"):
                assert word not in joined, (word, text)
        assert con.canvas.clipped == 0
        for _ in path:
            con.keys("B")
        assert con.title() == "Main menu"
    if not dpad:
        assert "B back  X/Y scroll" in seen
    else:
        assert "B back  up/down scroll" in seen


@pytest.mark.parametrize("board", ["waveshare_lcd_1_14", "pimoroni_display_pack_2"])
def test_rules_rows_fit_and_labels_keep_apart_from_values(board, tmp_path):
    con = Console(board, root=str(tmp_path))
    con.keys("A")
    app = con.app
    from meeple.console import menus, settings
    for g in app.games:
        app.push(settings.GameRules(g))
        app.render()
        for t in host.rule_titles(g):      # every page title whole on its row
            while not any(r.endswith(t) for r in con.text()):
                before = app.screen.menu.cursor
                con.keys("down" if con.board.ID in DPAD else "X")
                assert app.screen.menu.cursor == before + 1, (t, con.text())
        app.pop()
    app.push(menus.SetupScreen(plugin(con, "cacao")))
    app.render()
    runs = sorted(con.panel.texts, key=lambda t: (t[1], t[0]))
    label = [t for t in runs if t[4].strip(" \x7f") == "Start player"]
    assert label, [t[4] for t in runs]          # the whole label, not cut
    lx, ly, lw, lh, _ = label[0]
    value = [t for t in runs if t[4] == "Random" and ly <= t[1] < ly + lh]
    assert value and value[0][0] >= lx + len("\x7fStart player") * 12 + 4   # a gap, no run-in
    assert con.canvas.clipped == 0


def test_about_never_shows_a_negative_memory_figure(tmp_path):
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    con.keys("A")
    for _ in range(8):
        if "\x7fAbout" in con.text():
            break
        con.keys("down")
    con.keys("A")
    text = " ".join(con.text())
    assert "Free memory: not measured in the simulator" in text and "memory: -" not in text


def test_a_toast_goes_with_the_screen_it_was_shown_on(tmp_path):
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    con.keys("A")
    con.app.show_toast("Saved")
    con.app.render()
    assert "Saved" in con.text()
    con.keys("A")                      # a new screen: the note does not hide its rows
    assert con.app.toast is None and "Saved" not in con.text()


def test_destructive_rows_are_not_reached_by_wrapping():
    m = MenuList(["Hint", "Log", "Leave game"])
    m.move(-1)
    assert m.labels[m.cursor] == "Hint"
    m = MenuList(["Leave game", "Log"], cursor=1)
    m.move(1)
    assert m.labels[m.cursor] == "Log"
    m = MenuList(["A", "B", "C"])
    m.move(-1)                          # ordinary lists still wrap
    assert m.cursor == 2


@pytest.mark.parametrize("board", ["waveshare_lcd_1_3", "pimoroni_display_pack"])
def test_backlight_dims_then_goes_off_and_the_waking_press_does_nothing_else(board, tmp_path):
    con = Console(board, root=str(tmp_path))
    nxt, _, _ = keys(con)
    con.keys("A")
    level = con.app.settings["brightness"]
    assert con.backlight.level == level
    con.wait(app_mod.DIM_MS - 1000)
    assert con.backlight.level == level and con.app.poll_ms() == 10
    con.wait(2000)
    assert con.backlight.level == app_mod.DIM_LEVEL and con.app.poll_ms() > 10
    con.wait(app_mod.OFF_MS - app_mod.DIM_MS)
    assert con.backlight.level == 0
    before = con.app.screen.menu.cursor
    con.keys(nxt)                        # wakes, moves nothing
    assert con.backlight.level == level
    assert con.app.screen.menu.cursor == before and con.title() == "Main menu"
    con.keys(nxt)                        # awake: the next press works
    assert con.app.screen.menu.cursor == before + 1
    con.wait(app_mod.DIM_MS - 1000)      # the clock restarted with the press
    assert con.backlight.level == level


def test_a_held_waking_direction_does_not_repeat_into_the_menu(tmp_path):
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    con.keys("A")
    con.wait(app_mod.OFF_MS + 100)
    assert con.backlight.level == 0
    con.keys("hold:down")               # 700 ms held: repeats would move the cursor
    assert con.app.screen.menu.cursor == 0


def test_each_games_help_gives_the_numbers_a_newcomer_needs(tmp_path):
    """The rules pages carry the water track values (from the core's table), the income and
    the round counts, and the symbols on screen are explained."""
    from meeple.core import cacao, santiago
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    pages = {g.GAME: dict(host.rules(g)) for g in con.app.games}
    water = ", ".join(str(v) for v in cacao.WATER_VALUES[:-1]) + " and %d" % cacao.WATER_VALUES[-1]
    assert water in pages["cacao"]["Numbers"]
    for title in ("Overview", "Your turn", "Selling", "Overbuilding", "Scoring"):
        assert title in pages["cacao"]
    text = " ".join(pages["santiago"].values())
    # the figures as the core has them (CPython keeps the core's private constants readable)
    assert "Rounds: %d, or %d with 5 players" % (santiago._rounds(3), santiago._rounds(5)) in text
    assert "%d each to start, %d more" % (santiago._START_MONEY, santiago._INCOME) in text
    assert "Markers: %d each" % santiago._MARKERS in text and "Screen" in pages["santiago"]


@pytest.mark.parametrize("board", ["waveshare_lcd_1_3", "pimoroni_display_pack"])
def test_a_new_game_over_a_saved_one_asks_first(board, tmp_path):
    con = Console(board, root=str(tmp_path))
    nxt, _, _ = keys(con)
    start(con, "cacao", [host.HUMAN, host.AI_EASY])
    until_human(con)
    con.app.session.leave()
    con.keys("A")                                   # leave: main menu, Continue first
    assert con.title() == "Main menu" and con.app.storage.has_game()
    saved = con.app.storage.load_game()[1]
    con.keys(nxt + " A A")                          # New game -> Cacao
    for _ in range(12):
        if "\x7fStart game" in con.text():
            break
        con.keys(nxt)
    con.keys("A")
    assert con.title() == "New game" and "A start  B keep" in con.text()
    con.keys("B")                                   # keeps the saved game
    assert con.title() == "Cacao" and con.app.storage.load_game()[1] == saved
    con.keys("A A")
    assert con.app.session is not None and con.app.storage.load_game()[1] != saved


def test_no_dimming_while_the_bots_move(tmp_path):
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    start(con, "cacao", [host.AI_EASY, host.AI_EASY])
    con.app.settings["ai_pause"] = 300          # 30 s a bot move: a slow game to watch
    level = con.app.settings["brightness"]
    con.wait(app_mod.DIM_MS + 5000)
    assert len(con.app.session.journal) >= 2     # bots moved, nobody pressed
    assert con.backlight.level == level and con.app.power == app_mod.AWAKE
