"""Bot memory on MicroPython: bytes a decision allocates (gc off; the WebAssembly runtime also
collects only between runs, so this is everything the decision allocated) and the scratch
buffers each bot module keeps from import on. Prints one line per game."""
import gc

from meeple import ai
from ai_games import game_module


def _size(x):
    """Heap bytes of a scratch object (32-bit layout, 16-byte blocks)."""
    if isinstance(x, list):
        return 16 + 4 * len(x) + sum(_size(y) for y in x if not isinstance(y, int))
    if isinstance(x, bytearray):
        n = len(x)
    else:
        n = len(bytes(x))  # array: its raw buffer (MicroPython arrays have no itemsize)
    return 16 + (n + 15) // 16 * 16


def scratch_bytes(bot):
    total = 0
    for name in dir(bot):
        x = getattr(bot, name)
        if name.startswith("_") and not callable(x) and type(x).__name__ in ("bytearray", "array", "list"):
            total += _size(x)
    return total


def measure(name, levels, seed):
    game = game_module(name)
    if name == "cacao":
        from meeple.ai import cacao_bot as bot
    else:
        from meeple.ai import santiago_bot as bot
    st = game.new_game(len(levels), seed)
    worst = 0
    moves = 0
    while not game.is_over(st):
        seat = game.to_move(st)
        gc.disable()
        a0 = gc.mem_alloc()
        a = ai.choose(game, st, seat, levels[seat], moves)
        used = gc.mem_alloc() - a0
        gc.enable()
        if used > worst:
            worst = used
        game.apply(st, a)
        moves += 1
    print("memory %s %s decision_worst %d scratch %d moves %d" % (name, ",".join(levels), worst, scratch_bytes(bot), moves))
