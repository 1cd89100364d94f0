"""While a bot thinks, the console shows it and the buttons answer: the search calls the
session every few operations (meeple.ai.search.set_hook); the session moves a mark in the
bottom-right corner at least every MARK_MS of the clock and, when a button was pressed, drops
the decision so the press is handled at once (the game menu opens); the same move is made once
the game screen is back. Simulator (host_sim) with a clock that advances on every reading."""
import random

from host_sim.console import Console
from meeple import ai
from meeple.console import host
from meeple.ai import search
from meeple.core import cacao
from meeple.ui import input as ev
from meeple.ui.cacao import play as play_cacao


def _ai_game(tmp_path):
    """A 2-player game at a placement of seat 0 that costs a hard bot at least 500 operations (the mark goes round),
    reached by seeded random moves of two humans; then seat 0 becomes a hard bot."""
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    con.app.settings["privacy"] = 0
    host.start(con.app, play_cacao, 2, [host.HUMAN, host.HUMAN], {"start_seat": 0})
    s = con.app.session
    rng = random.Random(5)
    while True:
        st = s.state
        if cacao.to_move(st) == 0 and st[cacao._PHASE] == cacao._PLACE:
            ai.choose(cacao, st, 0, "hard", 1)
            if ai.ops_used() >= 500:
                break
        s.play(rng.choice(cacao.legal_actions(st)))
    s.seats[0] = host.AI_HARD
    s.next_turn()
    while con.app.screen is not s.screen:  # the humans' recap page ("Since your turn") closed
        con.app.pop()
    assert s.waiting_for_ai()
    clock = [con.now]

    def ticks():  # 50 ms pass at every reading, so the thinking takes "time"
        clock[0] += 50
        return clock[0]
    con.app.ticks = ticks
    con.clock = clock
    return con, s


def _due(con):
    """A clock reading after the AI pause: the bot's turn is due."""
    con.clock[0] += 5000
    return con.clock[0]


def _lit(con):
    """Which of the mark's four dots is lit (differs from the other three), or None."""
    c = con.app.canvas
    x, y = c.width - 20, c.height - 5
    px = con.panel.pixels
    v = []
    for i in range(4):
        o = ((y + 1) * c.width + x + 5 * i + 1) * 2
        v.append(px[o] << 8 | px[o + 1])
    odd = [i for i in range(4) if v.count(v[i]) == 1]
    return odd[0] if len(odd) == 1 else None


def test_the_mark_moves_while_a_bot_thinks_and_the_move_is_unchanged(tmp_path):
    con, s = _ai_game(tmp_path)
    expected = play_cacao.ai_action(cacao.observe(s.state, 0), 0, host.AI_HARD)
    seen = []
    real = s._thinking

    def watch():
        real()
        seen.append(_lit(con))
    s._thinking = watch
    before = bytes(s.state)
    s.tick(_due(con))
    assert search._hook[0] is None  # the hook is removed after the decision
    while seen and seen[0] is None:  # before the first MARK_MS nothing is drawn
        seen.pop(0)
    assert None not in seen and set(seen) == {0, 1, 2, 3}, seen  # one dot lit, stepping round
    st = bytearray(before)
    cacao.apply(st, expected)
    assert bytes(s.state) == bytes(st)  # thinking in slices changes nothing in the move


def test_a_press_while_a_bot_thinks_opens_the_game_menu(tmp_path):
    con, s = _ai_game(tmp_path)
    y = con.bit("Y")
    calls = [0]

    def poll():  # the player taps Y (the game menu) a little after the bot starts thinking
        calls[0] += 1
        return (y, y) if calls[0] == 3 else (0, 0)
    con.app.poll = poll
    before = bytes(s.state)
    s.tick(_due(con))
    assert bytes(s.state) == before and s.waiting_for_ai()  # the decision was dropped
    e = con.input.get()
    assert e == ev.MENU
    con.app.handle(e)
    con.app.render()
    assert con.app.screen is not s.screen  # the game menu is open
    con.app.poll = lambda: (0, 0)
    con.app.pop()
    assert con.app.screen is s.screen
    s.tick(_due(con))
    assert bytes(s.state) != before  # the bot moved once its screen was back
