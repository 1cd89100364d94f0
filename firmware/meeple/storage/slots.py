"""Which save slot holds the game game.json names (Continue; meeple.storage keeps the
layout). Imported when a game is continued and forgotten after: the idle menus and a game do
not hold it.

Each save carries the text of the game.json it belongs to (meeple.storage.savefile, format 2), so a save
is only loaded as its own game: Continue looks in both slots for the save whose identity is
game.json's, takes one that differs only in "gen" (game.json then gets that gen back), and
refuses, with a message, a slot that holds another game. (A new game's generation is one more
than any on flash: meeple.storage.start_game.)

Written in the MicroPython/CPython common subset.
"""
import json

from meeple.storage import savefile

OTHER = "the save found belongs to another game"
TOP = 0x3FFFFFFF   # generations are 30-bit ints


def load_game(storage):
    """(meta, state), or (None, None) when there is no saved game, or (None, message) when
    the saved game cannot be loaded (the damaged file is set aside, never deleted)."""
    meta, err = storage.load_json("game.json", None)
    if err:
        return None, err
    if meta is None:
        return None, None
    from meeple.storage import checks   # forgotten with the game's modules when it closes
    why = checks.check_meta(meta)
    if why:
        return None, storage._bad(storage.path("game.json"), "game.json", why)
    got = None
    err = None
    gen = meta["gen"]
    for p in (storage._slot(gen), storage._slot(gen + 1)):
        try:
            game_id, state, data = savefile.load(p)
        except OSError:
            continue
        except savefile.SaveError as e:
            err = err or str(e)
            continue
        own = None   # the game.json this save belongs to
        if data is None:   # format 1: no identity; trusted only where game.json points
            own = meta if p == storage._slot(gen) else None
        else:
            try:
                own = json.loads(data.decode())
            except (ValueError, UnicodeError):
                pass
        if own == meta:
            got = (meta, game_id, state)
            break
        if not isinstance(own, dict):   # a save no game.json of this console names
            err = err or OTHER
            continue
        g = own.get("gen")
        own["gen"] = gen
        if own == meta and isinstance(g, int) and 0 < g <= TOP:
            # the same game under another generation: game.json follows its save
            own["gen"] = g
            got = got or (own, game_id, state)
        elif not got:
            err = err or OTHER
    if got is None:
        why = "its save is damaged" if err and err is not OTHER else err or "its save is missing"
        return None, "The saved game could not be loaded: %s; %s" % (
            err or why, storage._bad(storage.path("game.json"), "game.json", why))
    meta, game_id, state = got
    if meta["gen"] != gen:
        try:
            savefile.write_atomic(storage.path("game.json"), json.dumps(meta).encode())
        except OSError:
            pass   # read-only: the same repair is made at the next Continue
    if game_id != meta["game"]:
        why = "the save is a %s game, game.json says %s" % (game_id, meta["game"])
    else:
        why = checks.check_state(meta, state)
    if why:
        savefile.set_aside(storage._slot(meta["gen"]))
        return None, "The saved game could not be loaded: %s; %s" % (
            why, storage._bad(storage.path("game.json"), "game.json", why))
    return meta, state
