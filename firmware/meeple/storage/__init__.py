"""Files on flash. Here: the console's files, settings, statistics and the auto-saved game
(`Storage`). In the package: save files (savefile: checked, written so a power cut leaves the
old or the new), which slot holds the game (slots), the moves of the game in progress (journal),
game records (record), where a take-back rewinds to (takeback), the checks of every value read
back (checks) and the games this firmware knows by the id a save carries (games). Plain `os`
calls: the same code runs on the device's littlefs and on a PC's folder. `Storage` lives in the
package itself: the console holds it from boot to power-off, and a module of its own would cost
the heap one more module object for nothing.

Every file is written whole to a temporary file and renamed over the old one
(savefile.write_atomic), so a power cut leaves the old or the new version. A file that fails to
load is set aside (renamed *.bad) and reported as a message for the player.

The game in progress is two files, so that starting a new game is atomic too:

    game.json     {"gen": g, "game": "cacao", "seats": [0, 2], "seed": s, "options": {...}}
    save<g%2>.bin the state (DESIGN.md section 3 format, meeple.storage.savefile)

A new game writes its first save to the *other* slot, then game.json (the commit point), then
removes the old slot; each move rewrites the current slot. A power cut at any step leaves
game.json naming a complete save: the old game's or the new one's.

Each save carries its game's identity (the text of its game.json, savefile), so a save is only
loaded as its own game: Continue looks in both slots for the save whose identity is
game.json's, takes one that differs only in "gen" (and puts that gen back in game.json), and
refuses, with a message, a slot that holds another game. A finished game stays saved (its end
screen comes back on Continue, so its record can still be saved after a power cut) until the
player leaves it: `end_game` removes game.json only; the old save, which names the last
generation, goes when the next game is committed. Generations only grow: a new game's is one
more than any game.json, save or moves journal on flash, so nothing old can pass for it.
"""
import json

from meeple.storage import savefile

MAX_JSON = 2048   # settings, statistics, game.json: larger files are refused before reading
NOT_SAVED = "flash full: this game is not being saved; delete records in Settings"
READ_ONLY = "flash is read-only: nothing is being saved"
EPERM = 1
EACCES = 13
EISDIR = 21


def why_not_saved(code, name, e):
    """The message for a refused write: the cause its errno names and what the player can do."""
    what = name or "this game"
    if code in (savefile.EROFS, EACCES, EPERM):
        return READ_ONLY
    if code == savefile.ENOSPC:
        return NOT_SAVED if name is None else (
            "flash full: %s is not being saved; delete records in Settings" % name)
    if code == EISDIR:
        return ("%s is a folder, not a file: it is not being saved; remove the folder" % name
                if name else "a folder stands where the game is saved: this game is not being "
                "saved; remove the folder")
    return "%s is not being saved: the flash refused the write (%s)" % (what, e)


class Storage:
    def __init__(self, root):
        """root: folder for the files ("" = the flash root on the device)."""
        self.root = root
        self.notify = None     # notify(message): told once when writing starts to fail
        self.failing = False   # the last write failed (full or read-only flash)
        self.uncommitted = None  # the meta of a new game whose start was refused

    def path(self, name):
        return self.root + "/" + name

    # ---- writes that never stop play -----------------------------------------------------------
    def _failed(self, e, name=None):
        """A write failed: the console goes on in memory; the player is told once per streak,
        with the cause the error names. name: the small file that was written, None for the
        game's save."""
        if not self.failing:
            self.failing = True
            if self.notify:
                self.notify(why_not_saved(savefile.errno_of(e), name, e))
        return False

    def _ok(self):
        self.failing = False   # there is room again: saving has resumed
        return True

    # ---- small JSON files -------------------------------------------------------------------
    def load_json(self, name, default):
        """(dict, None) or (default, message) when the file is damaged (it is set aside)."""
        p = self.path(name)
        try:
            data = savefile.read_file(p, MAX_JSON)
        except savefile.SaveError as e:
            return default, self._bad(p, name, str(e))
        except OSError:
            return default, None   # no such file
        try:
            data = json.loads(data.decode())
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            return data, None
        except (ValueError, UnicodeError) as e:
            return default, self._bad(p, name, str(e) or "not JSON")

    def _bad(self, p, name, why):
        if savefile.set_aside(savefile.current(p) or p):
            savefile.remove(p)   # leftovers of an interrupted write of the damaged version
            return "%s was damaged (%s) and was set aside as %s.bad" % (name, why, name)
        return "%s is damaged (%s); defaults are used" % (name, why)

    def save_json(self, name, data):
        """Write a small JSON file; False (and the player is told once) if the flash refused."""
        try:
            savefile.write_atomic(self.path(name), json.dumps(data).encode())
        except OSError as e:
            return self._failed(e, name)
        return self._ok()

    # ---- the game in progress -----------------------------------------------------------------
    def _slot(self, gen):
        return self.path("save%d.bin" % (gen % 2))

    def start_game(self, meta, game_id, state):
        """Begin a new auto-saved game: meta = {"game", "seats", "seed", "options"}; False when
        the flash refused (the game goes on in memory; the last saved game stays)."""
        from meeple.storage import journal   # with the game's modules, not the idle menus'
        meta["gen"] = journal.gen(self)
        return self._commit(meta, game_id, state)

    def _commit(self, meta, game_id, state):
        """The new game's save, then game.json (the commit point), then the old slot goes.
        Refused (full flash): the game is uncommitted and save_state tries again."""
        self.uncommitted = meta
        gen = meta["gen"]
        data = json.dumps(meta).encode()   # game.json, and the identity its saves carry
        try:
            savefile.write_atomic(self._slot(gen), savefile.encode(game_id, state, data))
            savefile.write_atomic(self.path("game.json"), data)  # commit
            savefile.remove(self._slot(gen + 1))
        except OSError as e:
            return self._failed(e)
        self.uncommitted = None
        return self._ok()

    def save_state(self, meta, game_id, state):
        """Auto-save after an action, into the slot game.json names; False if refused. A game
        whose start could not be saved is committed now, if there is room."""
        if self.uncommitted is meta:
            return self._commit(meta, game_id, state)
        try:
            savefile.write_atomic(self._slot(meta["gen"]),
                                  savefile.encode(game_id, state, json.dumps(meta).encode()))
        except OSError as e:
            return self._failed(e)
        return self._ok()

    def load_game(self):
        """(meta, state), or (None, None) when there is no saved game, or (None, message) when
        the saved game cannot be loaded (the damaged file is set aside, never deleted):
        meeple.storage.slots finds the save that belongs to game.json."""
        from meeple import forget
        from meeple.storage import slots   # only on Continue, then forgotten: the game needs the room
        try:
            return slots.load_game(self)
        finally:
            forget("meeple.storage.slots")

    def end_game(self):
        """The finished game is left: nothing to continue. Only game.json goes (one step, the
        commit point); its save stays as the record of the last generation until the next
        game's commit removes it."""
        try:
            savefile.remove(self.path("game.json"))
        except OSError as e:
            return self._failed(e)
        return self._ok()

    def game_over(self):
        """Is the saved game finished (its end screen kept for Continue)? Read only, nothing
        set aside; False when it cannot be told (Continue then reports why)."""
        from meeple import loaded, unload
        from meeple.storage import games
        keep = loaded()
        try:
            meta = json.loads(savefile.read_file(self.path("game.json"), MAX_JSON).decode())
            game_id, state, _ = savefile.decode(savefile.read_file(self._slot(meta["gen"]),
                                                                   savefile.MAX_SAVE))
            return bool(games.game_module(game_id).is_over(state))
        except Exception:   # damaged or missing: not known to be over
            return False
        finally:
            unload(keep)   # the menus do not hold a game's rules

    def has_game(self):
        return savefile.current(self.path("game.json")) is not None



