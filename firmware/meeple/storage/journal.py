"""The moves of the game in progress, kept on flash so the finished game's record can be saved
(DESIGN.md section 3) even after a power cut and Continue.

    moves.bin     b"MJ1", the game's generation (game.json "gen", 4 bytes), then 3 bytes per
                  action: seat, action high byte, action low byte

The game session (meeple.console.host) keeps the journal of every game: each action is appended
(and flushed) right after the auto-save. On Continue the journal is replayed from the seed and
kept only if it reproduces the saved state (a power cut between the save and the append loses
nothing: the one move missing is found again among the legal ones); otherwise the log and the
record start over as unavailable (`ok` False) and the game plays on. Records go to records/ as
JSON lines (meeple.storage.record), one file per saved game; `make pull-records PORT=...` copies them off.
"""
import json

from meeple.storage import savefile

_MAGIC = b"MJ1"
RECORDS = "records"
MAX_JOURNAL = 16384   # 3 bytes a move: far more moves than any game has


def seat_kinds(kinds):
    """Session seat kinds (host.HUMAN, AI_EASY, ...) as record words."""
    words = ("human", "ai:easy", "ai:normal", "ai:hard")
    return [words[k] for k in kinds]


class Journal:
    def __init__(self, storage, meta, core):
        self.storage = storage
        self.meta = meta
        self.core = core
        self.moves = bytearray()   # 3 bytes per action
        self.ok = True
        self.dirty = False         # a write failed (full flash): rewrite it whole when possible
        self._path = storage.path("moves.bin")
        self._before = None        # resume: (k, the position before the last human action k)

    def _gen(self):
        g = self.meta.get("gen", 0)
        return bytes(((g >> 24) & 255, (g >> 16) & 255, (g >> 8) & 255, g & 255))

    def start(self):
        """A new game: an empty journal."""
        self.moves = bytearray()
        self.ok = True
        self._rewrite()

    def resume(self, state):
        """Load the journal of a continued game and check it replays to `state`. A journal cut
        short by a power cut (a torn append, the move saved but not appended, or the new game's
        journal not yet written) is repaired: the one move missing is found again among the
        legal ones; one ahead of the save (a full flash refused the saves, not the appends) is
        cut back to the save. Otherwise the log and the record are unavailable (`ok` False)."""
        self.ok = False
        try:
            data = savefile.read_file(self._path, MAX_JOURNAL)
        except (OSError, savefile.SaveError):
            data = b""
        if data[:3] == _MAGIC and data[3:7] == self._gen():
            n = (len(data) - 7) // 3
            torn = len(data) != 7 + 3 * n     # the power went in the middle of an append
            self.moves = bytearray(data[7:7 + 3 * n])
        else:   # none, or an earlier game's: this game may not have moved yet
            n = 0
            torn = True
            self.moves = bytearray()
        data = None
        core = self.core
        seats = self.meta.get("seats") or ()
        k = n - 1 if seats else -1   # the last human action (seat kind 0): the take-back check
        while k >= 0 and seats[self.moves[3 * k]] != 0:   # starts from the position before it
            k -= 1
        try:
            st = self.initial()
            for i in range(n):
                if i == k:
                    self._before = (k, bytes(st))
                if st == state:
                    # the journal is ahead of the save (its moves were appended while the flash
                    # refused the save): the game goes on from the save, so do its moves
                    self.moves = self.moves[:3 * i]
                    torn = True
                    break
                core.apply(st, self.action(i))
        except ValueError:
            self.moves = bytearray()
            return
        if st != state:
            # the power went between the save and the append: the move saved is one step on
            seat = core.to_move(st)
            found = -1
            if seat >= 0 and not core.is_over(st):
                for a in core.legal_actions(st):
                    nxt = bytearray(st)
                    core.apply(nxt, a)
                    if nxt == state:
                        found = a
                        break
            if found < 0:
                self.moves = bytearray()
                return
            if seats and seats[seat] == 0:
                self._before = (n, bytes(st))
            self.moves.extend(bytes((seat, found >> 8, found & 255)))
            torn = True
        self.ok = True
        if torn:
            self._rewrite()

    def initial(self):
        m = self.meta
        return self.core.new_game(len(m["seats"]), m["seed"], **m["options"])

    def __len__(self):
        return len(self.moves) // 3

    def seat(self, i):
        return self.moves[3 * i]

    def action(self, i):
        return (self.moves[3 * i + 1] << 8) | self.moves[3 * i + 2]

    def add(self, seat, action):
        b = bytes((seat, action >> 8, action & 255))
        self.moves.extend(b)
        if not self.ok:
            return
        if self.dirty:
            self._rewrite()   # an earlier write failed: the whole journal, now there is room?
            return
        try:
            savefile.append(self._path, b)
        except OSError:
            self.dirty = True  # a full or read-only flash: the moves stay in memory

    def truncate(self, n):
        """Keep the first `n` actions (a take-back): the file is written again whole."""
        self.moves = self.moves[:3 * n]   # (MicroPython's bytearray has no slice deletion)
        if self.ok:
            self._rewrite()

    def _rewrite(self):
        try:
            savefile.write_atomic(self._path, _MAGIC + self._gen() + self.moves)
            self.dirty = False
        except OSError:
            self.dirty = True

    def lines(self):
        """The game in words, one (seat, text) per action (the core's describe), generated as
        the game is replayed: nothing is kept."""
        st = self.initial()
        for i in range(len(self)):
            a = self.action(i)
            yield self.seat(i), self.core.describe(st, a)
            self.core.apply(st, a)

    def save_record(self):
        """Write the game record (JSON lines) into records/ (whole or not at all: a power cut
        leaves no half record); return its path. OSError if the flash refuses."""
        from meeple.storage import record  # only here: a game does not hold it
        m = self.meta
        folder = self.storage.path(RECORDS)
        savefile.mkdir(folder)
        name = "%s-%d-%d.jsonl" % (m["game"], m.get("gen", 0), m["seed"])
        path = folder + "/" + name
        savefile.write_atomic(path, self._record_lines(record))
        return path

    def _record_lines(self, record):
        m = self.meta
        yield record.header_line(m["game"], len(m["seats"]), m["seed"], m["options"],
                                 seat_kinds(m["seats"]))
        st = self.initial()
        for i in range(len(self)):
            a = self.action(i)
            yield record.action_line(self.seat(i), a, self.core.describe(st, a))
            self.core.apply(st, a)


def gen(storage):
    """The generation for a new game (meeple.storage.start_game): one more than any that
    game.json, the saves (a finished game's stays until the next game is committed) or this
    journal's header name, so no old save or journal can pass for the new game's."""
    old, _ = storage.load_json("game.json", {})
    top = old.get("gen", 0)
    top = top if isinstance(top, int) and 0 <= top < 0x3FFFFFFF else 0
    for p in (storage._slot(0), storage._slot(1), storage.path("moves.bin")):
        g = 0
        try:
            data = savefile.read_file(p, MAX_JOURNAL)
            if data[:3] == _MAGIC:
                g = ((data[3] & 0x3F) << 24) | (data[4] << 16) | (data[5] << 8) | data[6]
            else:
                data = savefile.decode(data)[2]   # None: a format 1 save names no gen
                if data:
                    g = json.loads(data.decode())["gen"]
        except (OSError, ValueError, KeyError, IndexError, TypeError):
            pass
        if isinstance(g, int) and top < g <= 0x3FFFFFFF:
            top = g
    return top + 1 if top < 0x3FFFFFFF else 1


def records(storage):
    """[(name, size in bytes)] of the stored records, for the Settings page."""
    folder = storage.path(RECORDS)
    out = []
    for name in savefile.listdir(folder):
        if name.endswith(".jsonl"):
            try:
                out.append((name, savefile.size_of(folder + "/" + name)))
            except OSError:
                pass
    return out


def delete_record(storage, name):
    """Delete one stored record; OSError if the flash refuses."""
    savefile.remove(storage.path(RECORDS) + "/" + name)
