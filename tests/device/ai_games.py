"""Bot games shared by the AI tests: played the same way on CPython and MicroPython, so their
printed lines can be compared byte for byte."""
from meeple import ai
from meeple.core import cacao


def game_module(name):
    if name == "cacao":
        return cacao
    from meeple.core import santiago
    return santiago


def play(game, levels, seed, check_legal=True, on_move=None):
    """One game with a bot of levels[s] in seat s; every move checked legal; return (moves, state)."""
    st = game.new_game(len(levels), seed)
    moves = 0
    while not game.is_over(st):
        seat = game.to_move(st)
        a = ai.choose(game, st, seat, levels[seat], seed * 101 + moves)
        if check_legal:
            assert a in game.legal_actions(st), "bot %s chose illegal %r" % (levels[seat], a)
        if on_move:
            on_move(st, seat, a)
        game.apply(st, a)
        moves += 1
    return moves, st


def trace(name, levels, seed):
    """Print one line per move (seat, action) and the final scores."""
    game = game_module(name)
    out = []

    def log(st, seat, a):
        out.append("%d:%d" % (seat, a))
    _, st = play(game, levels, seed, False, log)
    print("%s %s seed %d moves %s scores %s" % (name, ",".join(levels), seed, " ".join(out), game.scores(st)))
