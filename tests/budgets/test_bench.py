"""tools.bench.cores runs end to end on both runtimes and reports every figure (speed is never asserted)."""
import json

from meeple.core import cacao
from tools.bench import cores as bench


def test_bench_json_small(capsys):
    assert bench.main(["--json", "--games", "2"]) == 0
    out, err = capsys.readouterr()
    fig = json.loads(out)
    assert "CPython playout 2/2" in err  # progress goes to stderr, figures to stdout
    assert fig["game"] == "cacao" and fig["games"] == 2 and fig["players"] == 4
    assert fig["state_bytes"] == cacao.SIZE
    assert fig["actions_per_playout"] > 0
    for runtime in ("cpython", "micropython"):
        assert fig[runtime]["playouts_per_s"] > 0
        assert fig[runtime]["ms_per_playout"] > 0
    mp = fig["micropython"]
    assert mp["alloc_calls"] >= 1000
    for key in ("alloc_bytes_per_call", "alloc_bytes_per_legal_into", "alloc_bytes_per_apply",
                "alloc_bytes_worst_call"):
        assert isinstance(mp[key], (int, float)) and mp[key] >= 0, key
    assert mp["alloc_bytes_per_call"] == mp["alloc_bytes_per_legal_into"] + mp["alloc_bytes_per_apply"]
    # the heap grows when the core is imported and the game is played, never shrinks in between
    assert 0 < mp["heap_before_import"] < mp["heap_after_import"] <= mp["heap_peak_game_upper_bound"]
    assert mp["heap_retained_after_run"] > 0
    pico = fig["pico_estimate"]
    assert pico["ms_per_playout"] == mp["ms_per_playout"] * pico["ratio"]
    low, high = pico["ms_per_playout_range"]
    assert low <= pico["ms_per_playout"] <= high
    spi = dict((r["panel"], r) for r in fig["console_spi"])
    assert sorted(spi) == ["240x135", "240x240", "320x240"]
    for r in spi.values():  # a full redraw paints each pixel about once; a cursor move far less
        assert r["frame"] <= r["full_redraw"] < r["frame"] * 1.1
        assert 0 < r["cursor_move"] < r["frame"] // 4


def test_bench_table_names_every_figure(capsys):
    assert bench.main(["--games", "1", "--players", "2"]) == 0
    out, _ = capsys.readouterr()
    for words in ("state bytes (cacao.SIZE)", "CPython: playouts/s", "MicroPython WebAssembly: playouts/s",
                  "Pico estimate", "bytes allocated per legal_into+apply", "heap peak during one game",
                  "2 players", "cursor move"):
        assert words in out, words


def test_bench_rejects_a_bad_player_count(capsys):
    assert bench.main(["--games", "1", "--players", "7"]) == 2
    assert "Cacao is for 2 to 4 players" in capsys.readouterr().err
