"""Bots: every move legal, no peeking at hidden information, deterministic, hints.
Runs on CPython (thousands of moves) and, shorter, on MicroPython."""
import sys

from meeple import ai
from meeple.core import cacao
from ai_games import game_module, play

ON_MP = sys.implementation.name == "micropython"
GAMES = ("cacao", "santiago")


def _lineups(name):
    if name == "cacao":
        return (("easy", "normal"), ("normal", "easy", "easy"), ("easy", "normal", "easy", "normal"),
                ("hard", "normal"))
    return (("easy", "normal", "easy"), ("normal", "easy", "normal", "easy"),
            ("easy", "normal", "easy", "normal", "easy"), ("hard", "normal", "easy"))


def test_every_bot_move_is_legal():
    total = 0
    rounds = 1 if ON_MP else 6
    for name in GAMES:
        game = game_module(name)
        lineups = _lineups(name)
        for r in range(rounds):
            for k in range(len(lineups)):
                if ON_MP and k != 0:
                    continue
                if lineups[k][0] == "hard" and r > 0:
                    continue  # hard is slow on the host too: one game per player count
                moves, st = play(game, lineups[k], 1000 + r * 10 + k)
                assert game.is_over(st)
                total += moves
    assert total >= (100 if ON_MP else 2000), total


def _positions(game, players, seed, every):
    """Positions from a game of easy bots, one every `every` moves."""
    found = []
    st = game.new_game(players, seed)
    moves = 0
    while not game.is_over(st):
        if moves % every == 0:
            found.append(bytearray(st))
        seat = game.to_move(st)
        game.apply(st, ai.choose(game, st, seat, "easy", moves))
        moves += 1
    return found


def test_reshuffling_what_the_seat_cannot_see_never_changes_the_move():
    levels = ("easy", "normal") if ON_MP else ai.LEVELS
    for name in GAMES:
        game = game_module(name)
        players = 3 if name == "santiago" else 2
        for st in _positions(game, players, 7, 25 if ON_MP else 9):
            seat = game.to_move(st)
            for lv in levels:
                want = ai.choose(game, st, seat, lv, 5)
                for k in range(1 if ON_MP else 2):
                    other = game.observe(st, seat, 900 + k)  # same sight, hidden parts re-dealt
                    got = ai.choose(game, other, seat, lv, 5)
                    assert got == want, "%s %s peeked: %r vs %r" % (name, lv, got, want)


def test_same_observation_and_seed_give_the_same_move():
    for name in GAMES:
        game = game_module(name)
        players = 3 if name == "santiago" else 2
        for st in _positions(game, players, 11, 30 if ON_MP else 10):
            seat = game.to_move(st)
            a = ai.choose(game, st, seat, "normal", 3)
            assert ai.choose(game, bytearray(st), seat, "normal", 3) == a


def test_hint_is_a_legal_move_with_a_reason():
    for name in GAMES:
        game = game_module(name)
        players = 3 if name == "santiago" else 2
        for st in _positions(game, players, 13, 40 if ON_MP else 12):
            seat = game.to_move(st)
            a, why = ai.hint(game, st, seat)
            assert a in game.legal_actions(st)
            assert isinstance(why, str) and 5 < len(why) < 160 and "\n" not in why, why


def test_a_seat_that_does_not_decide_gets_an_error_not_a_move():
    st = cacao.new_game(2, 1)
    other = 1 - cacao.to_move(st)
    try:
        ai.choose(cacao, st, other, "normal", 0)
    except ValueError:
        pass
    else:
        raise AssertionError("choose accepted a seat that does not decide")
    try:
        ai.choose(cacao, st, cacao.to_move(st), "expert", 0)
    except ValueError:
        return
    raise AssertionError("choose accepted an unknown level")
