"""meeple.storage.checks, the checks of what the console reads from flash: every game.json the set-up
screens can write passes them, on CPython and on MicroPython (where bool is not a subclass of
int: a Santiago save with its bool options was refused as damaged on the Pico)."""
from meeple.storage.checks import bad_setting, check_meta


def _metas(game, options):
    """game.json for every value of every set-up option (the others at their first value)."""
    base = {}
    for key, _label, values, _names in options:
        base[key] = values[0]
    for key, _label, values, _names in options:
        for v in values:
            opts = dict(base)
            opts[key] = v
            yield {"game": game, "gen": 1, "seed": 20261201, "seats": [0, 1, 1], "options": opts}


def test_every_set_up_option_value_passes_the_game_json_check():
    from meeple.ui import cacao as cacao_play, santiago as santiago_play   # names and options only
    n = 0
    for plugin in (cacao_play, santiago_play):
        for meta in _metas(plugin.GAME, plugin.OPTIONS):
            assert check_meta(meta) is None, (meta, check_meta(meta))
            n += 1
    assert n >= 9, n
    bad = {"game": "santiago", "gen": 1, "seed": 5, "seats": [0, 1, 1], "options": {"palms": 1.5}}
    assert check_meta(bad) == "bad option 'palms'"


def test_unknown_settings_may_be_bools_but_not_floats():
    assert bad_setting({"ai_pause": 0, "sound": True, "theme": "dark"}) is None
    assert bad_setting({"sound": 0.5}) == "sound 0.5 is not a number"
    assert bad_setting({"privacy": True}) == "privacy True is not in 0..1"
