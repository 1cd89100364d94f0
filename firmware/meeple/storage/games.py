"""The games this firmware knows, by id; the one place that maps an id to its rules core.

GAME_IDS order is part of the save format (game id byte = index + 1): append, never reorder.
"""
GAME_IDS = ("cacao", "santiago")


def game_module(game_id):
    """The rules core for a game id ("cacao", "santiago"); ValueError if this firmware lacks it."""
    if game_id == "cacao":
        from meeple.core import cacao
        return cacao
    if game_id == "santiago":
        try:
            from meeple.core import santiago
        except ImportError as e:
            raise ValueError("this firmware has no Santiago rules (%s)" % e)
        return santiago
    raise ValueError("unknown game %r (known: %s)" % (game_id, ", ".join(GAME_IDS)))
