"""The console's files: settings, statistics and the auto-saved game.

Every file is written whole to a temporary file and renamed over the old one
(meeple.savefile.write_atomic), so a power cut leaves the old or the new version. A file that
fails to load is set aside (renamed *.bad) and reported as a message for the player.

The game in progress is two files, so that starting a new game is atomic too:

    game.json     {"gen": g, "game": "cacao", "seats": [0, 2], "seed": s, "options": {...}}
    save<g%2>.bin the state (DESIGN.md section 3 format, meeple.savefile)

A new game writes its first save to the *other* slot, then game.json (the commit point), then
removes the old slot; each move rewrites the current slot. A power cut at any step leaves
game.json naming a complete save: the old game's or the new one's.

Plain `os` calls only: the same code runs on the device (littlefs) and on a PC (a folder).
"""
import json
import os

from meeple import savefile


class Storage:
    def __init__(self, root):
        """root: folder for the files ("" = the flash root on the device)."""
        self.root = root

    def path(self, name):
        return self.root + "/" + name

    # ---- small JSON files -------------------------------------------------------------------
    def load_json(self, name, default):
        """(dict, None) or (default, message) when the file is damaged (it is set aside)."""
        p = self.path(name)
        if not savefile.exists(p):
            return default, None
        try:
            with open(p) as f:
                data = json.loads(f.read())
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            return data, None
        except (ValueError, OSError) as e:
            self._set_aside(p)
            return default, "%s was damaged (%s) and was set aside as %s.bad" % (name, e, name)

    def save_json(self, name, data):
        savefile.write_atomic(self.path(name), json.dumps(data).encode())

    def _set_aside(self, p):
        bad = p + ".bad"
        try:
            if savefile.exists(bad):
                os.remove(bad)
            os.rename(p, bad)
        except OSError:
            pass  # a read-only or full filesystem: the message is still shown

    # ---- the game in progress -----------------------------------------------------------------
    def _slot(self, gen):
        return self.path("save%d.bin" % (gen % 2))

    def start_game(self, meta, game_id, state):
        """Begin a new auto-saved game: meta = {"game", "seats", "seed", "options"}."""
        old, _ = self.load_json("game.json", {})
        gen = old.get("gen", 0) + 1 if isinstance(old.get("gen", 0), int) else 1
        meta["gen"] = gen
        savefile.write_atomic(self._slot(gen), savefile.encode(game_id, state))
        self.save_json("game.json", meta)
        self._remove(self._slot(gen + 1))

    def save_state(self, meta, game_id, state):
        """Auto-save after an action, into the slot game.json names."""
        savefile.write_atomic(self._slot(meta["gen"]), savefile.encode(game_id, state))

    def load_game(self):
        """(meta, state), or (None, None) when there is no saved game, or (None, message) when
        the saved game cannot be loaded (the damaged file is set aside)."""
        meta, err = self.load_json("game.json", None)
        if err:
            return None, err
        if meta is None:
            return None, None
        try:
            game_id, state = savefile.load(self._slot(meta["gen"]))
        except OSError:
            self._remove(self.path("game.json"))
            return None, "The saved game's file is missing."
        except savefile.SaveError as e:
            self._remove(self.path("game.json"))
            return None, "The saved game could not be loaded: %s." % e
        except (KeyError, TypeError):
            self._set_aside(self.path("game.json"))
            return None, "game.json is damaged and was set aside as game.json.bad"
        if game_id != meta.get("game"):
            self._remove(self.path("game.json"))
            return None, "The saved game does not match its description (%s vs %s)." % (
                game_id, meta.get("game"))
        return meta, state

    def end_game(self):
        """The game is over (or abandoned): nothing to continue."""
        meta, _ = self.load_json("game.json", None)
        self._remove(self.path("game.json"))
        if meta and "gen" in meta:
            self._remove(self._slot(meta["gen"]))

    def has_game(self):
        return savefile.exists(self.path("game.json"))

    def _remove(self, p):
        if savefile.exists(p):
            os.remove(p)
