"""A game started in the simulator straight from the console's host (no menus), dealt from a
seed, with the bots moving at once."""
from host_sim.console import Console
from meeple.console import host

HUMAN, EASY = host.HUMAN, host.AI_EASY


def start(board, gid, seats, large, tmp_path, seed=4242, options=None):
    """A game of `gid` for `seats` on `board`, text size `large`, bots at once, dealt from
    `seed` (None: the console's own seed, as a player gets it)."""
    con = Console(board, root=str(tmp_path))
    con.app.settings["text"] = large
    con.app.settings["ai_pause"] = 0
    con.app.apply_text()
    con.keys("A")
    plugin = [g for g in con.app.games if g.GAME == gid][0]
    if seed is not None:
        con.board.TEST_SEED = seed
    host.start(con.app, plugin, len(seats), list(seats), dict(options or {}))
    con.app.render()
    return con
