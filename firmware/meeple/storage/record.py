"""Game records (DESIGN.md section 3): JSON lines, written by the console, replayed by tools.

    {"game": "cacao", "players": 3, "seed": 42, "options": {}, "version": 1, "seats": ["human", "ai:normal", "ai:normal"]}
    {"seat": 1, "action": 517, "text": "Purple places 2-1-0-1 (N1 E0 S1 W2) at (1,0)"}
    ...

The header holds what `new_game(players, seed, **options)` needs plus the core's layout version
(a record replays only on the rules version that wrote it). Each action line names the seat
that acted; "text" is the core's describe() and is informational only. Replaying checks every
line and reproduces byte-identical states:

    for lineno, rec, state in record.replay(open("game.jsonl")):
        ...                     # RecordError("line 7: action 1234 is not legal here: ...")

Written in the MicroPython/CPython common subset.
"""
import json

from meeple.storage.games import game_module


class RecordError(ValueError):
    """A record that does not replay; `lineno` is the first bad line (1-based)."""

    def __init__(self, lineno, reason):
        super().__init__("line %d: %s" % (lineno, reason))
        self.lineno = lineno
        self.reason = reason


# ---- writing ---------------------------------------------------------------------------------
# Built by hand so the keys come out in the documented order on MicroPython too.
def header_line(game, players, seed, options, seats):
    """The first line of a record (with its newline); `seats` e.g. ["human", "ai:normal"]."""
    mod = game_module(game)
    return '{"game": %s, "players": %d, "seed": %d, "options": %s, "version": %d, "seats": %s}\n' % (
        json.dumps(game), players, seed, json.dumps(options), mod.VERSION, json.dumps(seats))


def action_line(seat, action, text):
    """One action line (with its newline); text is the core's describe(state, action) before
    the action is applied."""
    return '{"seat": %d, "action": %d, "text": %s}\n' % (seat, action, json.dumps(text))


# ---- reading ---------------------------------------------------------------------------------
def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _parse(lineno, line):
    if isinstance(line, (bytes, bytearray)):
        try:
            line = line.decode("utf-8")
        except UnicodeError:
            raise RecordError(lineno, "not UTF-8 text")
    try:
        obj = json.loads(line)
    except ValueError:
        raise RecordError(lineno, "not JSON")
    except RuntimeError:   # nested too deep (CPython's RecursionError is one)
        raise RecordError(lineno, "JSON nested too deeply")
    if not isinstance(obj, dict):
        raise RecordError(lineno, "not a JSON object")
    return obj


def _start(lineno, h):
    """Check a header and return (game module, the initial state)."""
    if "game" not in h:
        if "action" in h:
            raise RecordError(lineno, "the header line is missing: the record starts with an action")
        raise RecordError(lineno, 'the header has no "game"')
    for key in ("players", "seed", "options", "version", "seats"):
        if key not in h:
            raise RecordError(lineno, 'the header has no "%s"' % key)
    try:
        mod = game_module(h["game"])
    except ValueError as e:
        raise RecordError(lineno, str(e))
    players = h["players"]
    if not _is_int(players) or not _is_int(h["seed"]):
        raise RecordError(lineno, '"players" and "seed" must be whole numbers')
    if h["version"] != mod.VERSION:
        raise RecordError(lineno, "the record was made by %s rules version %r; this firmware has "
                          "version %d" % (h["game"], h["version"], mod.VERSION))
    options = h["options"]
    if not isinstance(options, dict):
        raise RecordError(lineno, '"options" must be an object')
    seats = h["seats"]
    if not isinstance(seats, list) or len(seats) != players:
        raise RecordError(lineno, '"seats" must list one entry per player (%d)' % players)
    try:
        state = mod.new_game(players, h["seed"], **options)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
        raise RecordError(lineno, "cannot start the game: %s" % e)
    return mod, state


def _seat_text(mod, seat):
    names = getattr(mod, "SEAT_NAMES", None)
    if names and 0 <= seat < len(names):
        return "seat %d (%s)" % (seat, names[seat])
    return "seat %d" % seat


def _act(lineno, mod, state, rec, buf):
    """Check one action line against the position and apply it."""
    seat = rec.get("seat")
    action = rec.get("action")
    if not _is_int(seat) or not _is_int(action):
        raise RecordError(lineno, 'an action line needs whole numbers "seat" and "action"')
    if mod.is_over(state):
        raise RecordError(lineno, "the game is already over")
    must = mod.to_move(state)
    if seat != must:
        raise RecordError(lineno, "%s acted but %s must move"
                          % (_seat_text(mod, seat), _seat_text(mod, must)))
    n = mod.legal_into(state, buf)
    legal = False
    for i in range(n):
        if buf[i] == action:
            legal = True
            break
    trial = bytearray(state)
    try:
        mod.apply(trial, action)
    except ValueError as e:
        raise RecordError(lineno, "action %d is not legal here: %s" % (action, e))
    if not legal:
        # apply() accepted what legal_into() does not offer: a rules-core inconsistency.
        raise RecordError(lineno, "action %d is not among the legal actions (the rules core's "
                          "apply() accepts it; please report this)" % action)
    state[:] = trial


def _next_record(it, lineno):
    """(line number, parsed object) of the next non-blank line, or (last line number, None)."""
    for line in it:
        lineno += 1
        if line.strip():
            return lineno, _parse(lineno, line)
    return lineno, None


def replay(lines):
    """Replay a record; yield (lineno, record dict, state copy) for the header (the initial
    state) and then after each action. Raises RecordError naming the first bad line.
    Blank lines are skipped (they still count for line numbers)."""
    it = iter(lines)
    lineno, rec = _next_record(it, 0)
    if rec is None:
        raise RecordError(max(lineno, 1), "the record is empty: the header line is missing")
    mod, state = _start(lineno, rec)
    yield lineno, rec, bytearray(state)
    buf = [0] * mod.MAX_ACTIONS
    while True:
        lineno, rec = _next_record(it, lineno)
        if rec is None:
            return
        if "game" in rec:
            raise RecordError(lineno, "a second header line: one record holds one game")
        _act(lineno, mod, state, rec, buf)
        yield lineno, rec, bytearray(state)


def replay_states(lines):
    """Every state of a record: the initial one, then one after each action."""
    return [s for _, _, s in replay(lines)]
