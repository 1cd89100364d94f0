"""Computer opponents: one interface for every game and level.

    from meeple import ai
    action = ai.choose(cacao, state, seat, "normal", seed)   # the move for the seat deciding now
    action, why = ai.hint(cacao, state, seat)                 # normal's move and one line of why

A bot sees only `game.observe(state, seat)`: the pile order and other seats' hands are put in a
canonical order before it looks, so re-shuffling what the seat cannot see never changes its move.
It decides within an operation budget (meeple.ai.search), deterministically from its seed, with
the same result on CPython and MicroPython. Per-game strategy lives in cacao_bot / santiago_bot.
"""
LEVELS = ("easy", "normal", "hard")
HINT_SEED = 1


def _bot(game):
    name = game.__name__
    if name.endswith("cacao"):
        from meeple.ai import cacao_bot
        return cacao_bot
    if name.endswith("santiago"):
        from meeple.ai import santiago_bot
        return santiago_bot
    raise ValueError("no bot for %s" % name)


def level_index(level):
    """0, 1, 2 for "easy", "normal", "hard"; ValueError for anything else."""
    if level not in LEVELS:
        raise ValueError("unknown level %r (levels: %s)" % (level, ", ".join(LEVELS)))
    return LEVELS.index(level)


def choose(game, state, seat, level="normal", seed=0):
    """The action the bot of `level` plays for `seat`, which must be the seat deciding now."""
    lv = level_index(level)
    if game.to_move(state) != seat:
        raise ValueError("seat %d does not decide now (seat %d does)" % (seat, game.to_move(state)))
    return _bot(game).choose(game, game.observe(state, seat), seat, lv, seed)


def hint(game, state, seat):
    """(action, reason): the normal bot's move for `seat` and one line saying what it brings."""
    action = choose(game, state, seat, "normal", HINT_SEED)
    return action, _bot(game).reason(game, game.observe(state, seat), seat, action)


def budget(game, level):
    """Core operations a decision of `level` may use for this game."""
    return _bot(game).BUDGETS[level_index(level)]


def ops_used():
    """Core operations the last decision used."""
    from meeple.ai import search
    return search.used()
