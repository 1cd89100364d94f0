"""tools.strength.paired: games of two gauntlet logs paired by deal and rotation."""
import json

import pytest

from tools.strength import paired


def _game(deal, rotation, seats, scores, ranking, fields=None):
    g = {"deal": deal, "rotation": rotation, "seats": seats, "scores": scores, "ranking": ranking}
    if fields is not None:
        g["ledger"] = {"fields": fields, "money": [s - f for s, f in zip(scores, fields)]}
    return g


def _log(tmp_path, name, games, tail=""):
    p = tmp_path / name
    p.write_text("".join(json.dumps(g) + "\n" for g in games) + tail)
    return str(p)


def test_pairs_by_deal_and_rotation(tmp_path, capsys):
    base = _log(tmp_path, "hard.jsonl", [
        _game(1, 0, ["hard", "yardstick", "yardstick"], [60, 70, 50], [2, 1, 3], [40, 50, 30]),
        _game(1, 1, ["yardstick", "hard", "yardstick"], [80, 80, 70], [1, 1, 3], [60, 60, 50]),
        _game(2, 0, ["hard", "yardstick", "yardstick"], [90, 70, 80], [1, 3, 2], [70, 50, 60]),
    ])
    variant = _log(tmp_path, "mine.jsonl", [
        _game(1, 1, ["yardstick", "mine", "yardstick"], [80, 84, 70], [2, 1, 3], [60, 64, 50]),
        _game(1, 0, ["mine", "yardstick", "yardstick"], [66, 70, 50], [2, 1, 3], [46, 50, 30]),
        {"deal": 3, "rotation": 0, "seats": ["mine", "yardstick", "yardstick"], "crash": "Traceback"},
    ])
    s = paired.compare(paired.load(base, "hard"), paired.load(variant, "mine"))
    # deal 1 rotation 0: margin 60-60=0 -> 66-60=6; rotation 1: 80-75=5 (a shared win) -> 84-75=9
    assert s["games"] == 2 and s["only_base"] == 1 and s["only_variant"] == 0
    assert s["base"]["margin"] == pytest.approx(2.5) and s["variant"]["margin"] == pytest.approx(7.5)
    assert s["diff"] == pytest.approx(5.0) and s["se"] == pytest.approx(1.0)
    assert s["base"]["wins"] == pytest.approx(0.5) and s["variant"]["wins"] == pytest.approx(1.0)
    assert s["base"]["fields"] == pytest.approx(50.0) and s["variant"]["money"] == pytest.approx(20.0)
    paired.main([base, variant])
    out = capsys.readouterr().out
    assert "2 paired games" in out and "1 games only in the first log" in out
    assert "mine less hard: +5.0 a game (se 1.0)" in out


def test_refuses_what_it_cannot_pair(tmp_path):
    games = [_game(1, 0, ["hard", "yardstick", "yardstick"], [60, 70, 50], [2, 1, 3])]
    base = _log(tmp_path, "hard.jsonl", games)
    cut = _log(tmp_path, "cut.jsonl", games, tail='{"deal": 1, "rotat')
    with pytest.raises(SystemExit, match="cut.jsonl:2: not a game"):
        paired.load(cut, "hard")
    with pytest.raises(SystemExit, match="yardstick sits in 2 seats"):
        paired.load(base, "yardstick")
    with pytest.raises(SystemExit, match="cannot read"):
        paired.load(str(tmp_path / "missing.jsonl"), "hard")
    other = _log(tmp_path, "normal.jsonl", [_game(1, 0, ["mine", "normal", "normal"], [60, 70, 50], [2, 1, 3])])
    with pytest.raises(SystemExit, match="the opponents differ"):
        paired.compare(paired.load(base, "hard"), paired.load(other, "mine"))
    later = _log(tmp_path, "later.jsonl", [_game(9, 0, ["mine", "yardstick", "yardstick"], [1, 2, 3], [3, 2, 1])])
    with pytest.raises(SystemExit, match="no game is in both logs"):
        paired.main([base, later])
    with pytest.raises(SystemExit, match="hard.jsonl:1: deal 1, rotation 0 is already in a log read before"):
        paired.load(base + "," + base, "hard")


def test_several_logs_a_side(tmp_path, capsys):
    seats = ["hard", "yardstick", "yardstick"]
    first = _log(tmp_path, "hard1.jsonl", [_game(1, 0, seats, [60, 70, 50], [2, 1, 3])])
    second = _log(tmp_path, "hard2.jsonl", [_game(2, 0, seats, [90, 70, 80], [1, 3, 2])])
    mine = ["mine", "yardstick", "yardstick"]
    v1 = _log(tmp_path, "mine1.jsonl", [_game(1, 0, mine, [62, 70, 50], [2, 1, 3])])
    v2 = _log(tmp_path, "mine2.jsonl", [_game(2, 0, mine, [84, 70, 80], [1, 3, 2])])
    s = paired.compare(paired.load(first + "," + second, "hard"), paired.load(v1 + "," + v2, "mine"))
    assert s["games"] == 2 and s["diff"] == pytest.approx(-2.0) and s["se"] == pytest.approx(4.0)
    # each variant log alone: deal 1 gained 2, deal 2 lost 6; a third log pairs with nothing
    v3 = _log(tmp_path, "mine3.jsonl", [_game(9, 0, mine, [50, 50, 50], [1, 1, 1])])
    paired.main([first + "," + second, v1 + "," + v2 + "," + v3])
    out = capsys.readouterr().out
    assert "mine less hard: -2.0 a game (se 4.0)" in out
    assert "mine1.jsonl: +2.0 a game (se 0.0) on 1 games" in out
    assert "mine2.jsonl: -6.0 a game (se 0.0) on 1 games" in out
    assert "mine3.jsonl: no game paired" in out
