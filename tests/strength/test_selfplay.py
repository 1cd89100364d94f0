"""tools.strength.selfplay: the command line, the JSON report, seat rotation, crash records and variant bots."""
import json
import os

import pytest

from meeple.ai import cacao_bot
from tools.strength import selfplay


def test_json_report_with_rotated_seats(capsys):
    code = selfplay.main(["--game", "cacao", "--players", "2", "--bots", "easy,random", "--games", "3",
                          "--jobs", "1", "--json", "--quiet"])
    assert code == 0
    rep = json.loads(capsys.readouterr().out)
    m = rep["matches"][0]
    assert m["games"] == 4  # rounded up to whole rotations of the 2 seats
    assert m["players"]["easy"]["wins"] + m["players"]["random"]["wins"] == 4
    lo, hi = m["players"]["easy"]["ci95"]
    assert 0 <= lo <= m["players"]["easy"]["share"] <= hi <= 1
    assert "easy>random" in m["head_to_head"]


def test_games_log_has_every_game_as_it_ends(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    code = selfplay.main(["--game", "cacao", "--players", "2", "--bots", "easy,random", "--games", "2",
                          "--jobs", "1", "--quiet", "--games-log", str(log)])
    assert code == 0
    games = [json.loads(x) for x in log.read_text().splitlines()]
    assert sorted((g["deal"], g["rotation"]) for g in games) == [(1, 0), (1, 1)]
    assert all(g["lineup"] == ["easy", "random"] and len(g["scores"]) == 2 for g in games)
    assert "2 games" in capsys.readouterr().out


def test_every_player_sits_in_every_seat_equally():
    seats = [selfplay.play_game("cacao", ("easy", "random", "random"), 5, r)["seats"] for r in range(3)]
    assert sorted(s.index("easy") for s in seats) == [0, 1, 2]


def test_a_crash_names_the_seed_and_writes_the_record(tmp_path, monkeypatch, capsys):
    calls = []

    def broken(game, obs, me, level, seed):
        calls.append(1)
        if len(calls) > 3:
            raise RuntimeError("bot bug")
        return cacao_bot._legal[0] if game.legal_into(obs, cacao_bot._legal) else 0
    monkeypatch.setattr(cacao_bot, "choose", broken)
    code = selfplay.main(["--game", "cacao", "--players", "2", "--bots", "normal", "--games", "1", "--jobs", "1",
                          "--seed", "77", "--crash-dir", str(tmp_path), "--quiet"])
    assert code == 1
    err = capsys.readouterr().err
    assert "seed 77" in err and "bot bug" in err
    records = os.listdir(tmp_path)
    assert records
    lines = open(os.path.join(tmp_path, records[0])).read().splitlines()
    assert json.loads(lines[0])["seed"] == 77 and len(lines) >= 2


def test_a_variant_is_a_copy_of_the_bot_deciding_as_hard(tmp_path):
    copy = tmp_path / "cacao_copy.py"
    copy.write_text(open(cacao_bot.__file__).read())
    mine = selfplay.play_game("cacao", ("mine", "normal"), 3, 1, (("mine", str(copy)),))
    hard = selfplay.play_game("cacao", ("hard", "normal"), 3, 1)
    assert mine["seats"] == ["normal", "mine"]
    assert (mine["scores"], mine["moves"]) == (hard["scores"], hard["moves"])
    assert selfplay.load_variant(str(copy)) is not cacao_bot  # its own module: the real bot untouched


def test_an_edited_variant_plays_its_edit(tmp_path, capsys):
    first = tmp_path / "first_legal.py"
    first.write_text("def choose(game, obs, me, level, seed):\n"
                     "    buf = [0] * game.MAX_ACTIONS\n"
                     "    game.legal_into(obs, buf)\n"
                     "    return buf[0]\n")
    # the variant in the second seat: every seat's name, not only the first, is looked up among the variants
    code = selfplay.main(["--game", "cacao", "--players", "2", "--bots", "hard,first", "--games", "4",
                          "--jobs", "2", "--json", "--quiet", "--variant", "first=%s" % first])
    assert code == 0
    m = json.loads(capsys.readouterr().out)["matches"][0]
    assert m["games"] == 4 and m["players"]["first"]["wins"] == 0  # the first legal move never wins


def test_a_bad_variant_is_refused_with_its_reason(tmp_path, capsys):
    no_choose = tmp_path / "empty.py"
    no_choose.write_text("X = 1\n")
    for spec, reason in (("hard=%s" % no_choose, "already a player"), ("v%s" % no_choose, "NAME=PATH"),
                         ("v=%s" % (tmp_path / "missing.py"), "no file"), ("v=%s" % no_choose, "no choose")):
        with pytest.raises(SystemExit) as e:
            selfplay.main(["--game", "cacao", "--bots", "v,normal", "--games", "1", "--variant", spec])
        assert reason in str(e.value)
