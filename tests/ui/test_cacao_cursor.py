"""The Cacao placement cursor snaps to legal cells (UX.md): on random mid-game positions, through
the simulator's buttons, every d-pad press lands on a cell where the chosen tile may go or
leaves the cursor put and says so in the footer; every legal cell can be reached from the
start cursor by d-pad presses alone; X/Y (4-button boards) step through all of them; the
overview's free cursor says why a tile may not go on an illegal cell and A there puts the
placement cursor on a legal one. The SPI cost of a snap is measured on 240x135 and 240x240.
"""
import random
import re

import pytest

from host_sim import boards
from meeple.ui.cacao import model as m
from meeple.ui.cacao import overview, pages as cacao_pages, play as play_cacao
from meeple.ui import input as ev
from testkit.cacao_driver import mid_game

from cacao_game import play_game

COORD = re.compile(r"\(-?\d+, ?-?\d+\)")   # "(0,3)": a coordinate the table never shows

DPAD_BOARDS = [b for b in boards.BOARDS if any(n == "up" for n, _ in boards.load(b).BUTTONS)]
FOUR_BUTTON = [b for b in boards.BOARDS if b not in DPAD_BOARDS]
DIRS = {"up": ev.UP, "down": ev.DOWN, "left": ev.LEFT, "right": ev.RIGHT}
POSITIONS = [(3, 11), (2, 25), (4, 40), (3, 57)]   # (players, seed): a few mid-game positions


def legal_cells(scr):
    return {scr.ov.legal[i] for i in range(scr.ov.n_legal)}


@pytest.mark.parametrize("board", DPAD_BOARDS)
@pytest.mark.parametrize("players,seed", POSITIONS)
def test_every_dpad_press_lands_on_a_legal_cell_or_stays_and_says_why(board, players, seed, tmp_path):
    con, scr, rng = mid_game(board, tmp_path, players, seed)
    legal = legal_cells(scr)
    assert scr.cursor in legal
    blocked = 0
    for _ in range(60):
        name = rng.choice(sorted(DIRS))
        before = scr.cursor
        con.tap(name)
        if scr.cursor == before:
            blocked += 1
            assert play_cacao.NOTES[DIRS[name]] in con.text(), (name, con.text())
            assert m.step_legal(scr.ov.legal, scr.ov.n_legal, before, {"up": 0, "right": 1, "down": 2,
                                                                         "left": 3}[name]) == 0
        else:
            assert scr.cursor in legal, "snapped to an illegal cell"
            assert scr.ov.cursor_ok and scr.place_action >= 0 and scr.ov.preview is not None
            assert not any(t.startswith("no legal cell") for t in con.text())
        assert con.canvas.clipped == 0
    assert blocked < 60
    con.wait(play_cacao.NOTE_MS + 100)   # the note goes: the footer names the buttons again
    assert not any(t.startswith("no legal cell") for t in con.text())
    assert any(t.startswith("A place") for t in con.text())


def test_a_blocked_press_names_its_direction(tmp_path):
    con, scr, _ = mid_game("waveshare_lcd_1_3", tmp_path, 2, 3)
    for _ in range(40):              # the northernmost legal row: nothing further up
        con.tap("up")
    top = scr.cursor
    assert all((k & 0xFF) <= (top & 0xFF) for k in legal_cells(scr))
    assert "no legal cell further up" in con.text()


@pytest.mark.parametrize("players,seed", POSITIONS)
def test_every_legal_cell_is_reachable_by_dpad_presses_alone(players, seed, tmp_path):
    con, scr, _ = mid_game("waveshare_lcd_1_14", tmp_path, players, seed)  # d-pad, no X/Y
    st = con.app.session.state
    seat = m.to_move(st)
    for sel in range(m.hand_n(st, seat)):   # every hand tile: its own legal cells
        if sel != scr.sel:
            con.tap("B")
            while scr.sel != sel:
                con.tap("right")
            con.tap("A")
        assert scr.mode == play_cacao.PLACE
        legal = legal_cells(scr)
        start = scr.cursor
        seen = {start}
        todo = [start]
        while todo:                   # breadth first over the screen's own d-pad handling
            k = todo.pop()
            for e in DIRS.values():
                scr.cursor = k
                scr._preview()
                scr.event(e)
                n = scr.cursor
                assert n in legal
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == legal, "unreachable from %x: %s" % (start, sorted(legal - seen))
        scr.cursor = start
        scr._preview()


def test_snap_rule_reaches_every_cell_of_random_sets():
    rng = random.Random(5)
    for _ in range(300):
        cells = set()
        for _ in range(rng.randrange(1, 40)):
            x, y = rng.randrange(60, 75), rng.randrange(60, 75)
            cells.add((x << 8) | y)
        arr = sorted(cells)
        n = len(arr)
        for start in arr[:3]:
            seen = {start}
            todo = [start]
            while todo:
                k = todo.pop()
                for d in range(4):
                    t = m.step_legal(arr, n, k, d)
                    if t and t not in seen:
                        assert t in cells
                        seen.add(t)
                        todo.append(t)
            assert seen == cells


@pytest.mark.parametrize("board", FOUR_BUTTON)
def test_x_and_y_step_through_every_legal_cell_in_reading_order(board, tmp_path):
    con, scr, _ = mid_game(board, tmp_path, 3, 11)
    order = [scr.ov.legal[i] for i in range(scr.ov.n_legal)]
    assert order == sorted(order, key=lambda k: (-(k & 0xFF), k >> 8))
    i = order.index(scr.cursor)
    for j in range(1, len(order) + 1):
        con.tap("X")
        assert scr.cursor == order[(i + j) % len(order)]
    con.tap("Y")
    assert scr.cursor == order[(i - 1) % len(order)]


def _open_overview(con):
    con.keys("hold:B")                # the game menu (4-button and joystick+A/B boards)
    for _ in range(6):
        if "\x7fOverview" in con.text():
            break
        con.tap("X" if not any(n == "down" for n, _ in con.board.BUTTONS) else "down")
    con.tap("A")
    assert isinstance(con.app.screen, overview.OverviewScreen), con.text()
    return con.app.screen


@pytest.mark.parametrize("board", ["waveshare_lcd_1_14", "pimoroni_display_pack"])
def test_free_look_says_why_a_tile_may_not_go_on_a_cell(board, tmp_path):
    con, scr, _ = mid_game(board, tmp_path, 3, 25)
    st = con.app.session.state
    seat = m.to_move(st)
    legal = legal_cells(scr)
    ov = _open_overview(con)
    assert ov.cursor == scr.cursor
    assert any("Your tile may go here" in t for t in con.text())
    dpad = any(n == "up" for n, _ in con.board.BUTTONS)
    reasons = set()
    walk = random.Random(1)
    for _ in range(400):
        if dpad:
            con.tap(walk.choice(sorted(DIRS)))
        else:
            con.tap("X")
        k = ov.cursor
        text = " ".join(con.text())
        if k in legal:
            assert "Your tile may go here" in text
        else:
            why = m.why_not(st, k, seat)
            assert "Not here: " in text
            assert why[:20] in text   # the reason, perhaps wrapped onto the second line
            reasons.add(why)
        assert con.canvas.clipped == 0
        assert not COORD.search(text), text   # places are marked on the table, never numbered
        if len(reasons) >= 2 and k in legal and k != scr.cursor:
            break
    assert "a jungle tile is here" in reasons or "a worker tile is next to it" in reasons
    assert k in legal and k != scr.cursor
    con.tap("A")                      # A on a legal cell: the placement cursor goes there
    assert con.app.screen is scr and scr.mode == play_cacao.PLACE and scr.cursor == k
    assert scr.place_action >= 0


def test_free_look_after_an_ai_move_describes_cells(tmp_path):
    con, scr, _ = mid_game("waveshare_lcd_1_3", tmp_path, 2, 40)
    scr.mode = play_cacao.WATCH       # as while a bot decides: no tile to place
    scr.ov.cursor = m.xy_key(0, 0)    # the start tile P1
    cacao_pages.overview(scr)
    ov = con.app.screen
    assert ov.scr is None and ov.cursor == m.xy_key(0, 0)
    con.wait(20)
    text = " ".join(con.text())
    assert "Jungle tile: plantation 1" in text and not COORD.search(text), text
    con.tap("A")
    assert con.app.screen is scr


@pytest.mark.parametrize("size", [(240, 135), (240, 240)])
def test_snap_moves_within_the_view_repaint_only_a_few_cells(size):
    _, _, fig = play_game(*size)
    frame = size[0] * size[1] * 2
    inview = sorted(fig["snaps"])
    pans = sorted(fig["pans"])
    allm = sorted(fig["snaps"] + fig["pans"])
    print("@@SPI %dx%d snap in view median=%d max=%d; panning snap median=%d max=%d (n=%d of %d); "
          "all snaps median=%d max=%d" % (size + (inview[len(inview) // 2], inview[-1],
                                                  pans[len(pans) // 2] if pans else 0,
                                                  pans[-1] if pans else 0, len(pans), len(allm),
                                                  allm[len(allm) // 2], allm[-1])))
    assert inview[len(inview) // 2] < frame // 8
    assert inview[-1] < frame // 3, "an in-view snap repainted much of the table"
