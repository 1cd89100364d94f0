"""Take-backs: where "Take back my move" (game menu) rewinds to, and whether it may.

The game is rewound by replaying its journal (meeple.storage.journal) from the seed without the last
human decision and everything after it, so the rewound position is exactly the one a replay of
the shorter journal gives. It is never offered past a moment that showed the player something
hidden (Settings > Take-backs "On"), unless the setting is "Always":

    Cacao      the jungle pile top moved (tiles turned up into the display) or the player drew
               a worker tile into the hand
    Santiago   a new round began (its plantation tiles were turned up)

Each is a byte of the state that only grows when hidden information comes into view; for a game
not listed here nothing is known, so no take-back is offered unless the setting is "Always".
"""


def _marks(game, st, seat):
    """The bytes of `st` that grow when something hidden comes into `seat`'s view."""
    if game == "cacao":
        return (st[13], st[655 + 24 * seat + 9])   # pile top; the seat's worker pile top
    if game == "santiago":
        return (st[3],)                             # round
    return None


def point(journal, state, seats, allow_reveal, before=None):
    """The journal length to rewind to (the index of the last human decision), or -1 when
    there is none or it would undo a reveal (and `allow_reveal` is False). `before`: (k, the
    position before journal action k) if the session kept it, which spares the replay."""
    if not journal.ok:
        return -1
    k = len(journal) - 1
    while k >= 0 and seats[journal.seat(k)] != 0:   # 0: host.HUMAN
        k -= 1
    if k < 0:
        return -1
    if allow_reveal:
        return k
    st = before[1] if before is not None and before[0] == k else replay(journal, k)
    seat = journal.seat(k)
    game = journal.meta["game"]
    before = _marks(game, st, seat)
    if before is None or before != _marks(game, state, seat):
        return -1
    return k


def replay(journal, n):
    """The position after the first `n` actions of the journal, replayed from the seed."""
    core = journal.core
    st = journal.initial()
    for i in range(n):
        core.apply(st, journal.action(i))
    return st
