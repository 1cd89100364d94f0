"""Game records (meeple.storage.record) and `python -m tools.board.replay`."""
import json
import os
import random
import subprocess
import sys

import pytest

from meeple.storage import record
from meeple.core import cacao
from tools.wasm import mpyrun
from testkit import ROOT
from tools.board import replay as replay_tool


def play_record(players, seed, moves=-1):
    """A record of random legal play: (list of lines, list of states: start, then after each action)."""
    rnd = random.Random(seed)
    st = cacao.new_game(players, seed)
    lines = [record.header_line("cacao", players, seed, {}, ["human"] + ["ai:normal"] * (players - 1))]
    states = [bytearray(st)]
    while moves != 0 and not cacao.is_over(st):
        action = rnd.choice(cacao.legal_actions(st))
        lines.append(record.action_line(cacao.to_move(st), action, cacao.describe(st, action)))
        cacao.apply(st, action)
        states.append(bytearray(st))
        moves -= 1
    return lines, states


def write(tmp_path, lines, name="game.jsonl"):
    path = tmp_path / name
    path.write_text("".join(line if line.endswith("\n") else line + "\n" for line in lines))
    return str(path)


def run_main(capsys, argv):
    code = replay_tool.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# ---- meeple.storage.record ---------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_record_replays_to_the_same_states(players, seed):
    lines, states = play_record(players, seed)
    assert cacao.is_over(states[-1])
    assert record.replay_states(lines) == states
    steps = list(record.replay(lines))
    assert [lineno for lineno, _, _ in steps] == list(range(1, len(lines) + 1))
    assert steps[0][1]["seats"][0] == "human"


def test_lines_are_json_with_the_documented_keys():
    lines, _ = play_record(3, 9, moves=3)
    head = json.loads(lines[0])
    assert head == {"game": "cacao", "players": 3, "seed": 9, "options": {}, "version": cacao.VERSION,
                    "seats": ["human", "ai:normal", "ai:normal"]}
    act = json.loads(lines[1])
    assert sorted(act) == ["action", "seat", "text"]
    assert act["text"].startswith(cacao.SEAT_NAMES[act["seat"]])


def test_options_reach_new_game():
    st = cacao.new_game(3, 5, start_seat=2)
    lines = [record.header_line("cacao", 3, 5, {"start_seat": 2}, ["human"] * 3)]
    assert record.replay_states(lines) == [st]
    assert cacao.to_move(st) == 2


def test_blank_lines_and_bytes_are_accepted_and_counted():
    lines, states = play_record(2, 4, moves=4)
    raw = [line.encode() for line in lines[:2]] + [b"\n"] + [line.encode() for line in lines[2:]]
    steps = list(record.replay(raw))
    assert steps[-1][2] == states[-1]
    assert steps[-1][0] == len(raw)


def replay_error(lines):
    with pytest.raises(record.RecordError) as info:
        list(record.replay(lines))
    return info.value


def test_illegal_action_names_its_line_and_the_reason():
    lines, states = play_record(3, 11, moves=10)
    before = states[5]  # the position in which line 7 (the 6th action) is played
    legal = set(cacao.legal_actions(before))
    bad = next(a for a in range(cacao.ACTION_LIMIT) if a not in legal)
    rec = json.loads(lines[6])
    lines[6] = record.action_line(rec["seat"], bad, rec["text"])
    err = replay_error(lines)
    assert err.lineno == 7
    try:
        cacao.apply(bytearray(before), bad)
    except ValueError as e:
        reason = str(e)
    assert str(err) == "line 7: action %d is not legal here: %s" % (bad, reason)


def test_wrong_seat_bad_json_and_missing_header():
    lines, _ = play_record(4, 12, moves=6)
    wrong = list(lines)
    rec = json.loads(wrong[3])
    other = (rec["seat"] + 1) % 4
    wrong[3] = record.action_line(other, rec["action"], rec["text"])
    assert str(replay_error(wrong)) == "line 4: seat %d (%s) acted but seat %d (%s) must move" % (
        other, cacao.SEAT_NAMES[other], rec["seat"], cacao.SEAT_NAMES[rec["seat"]])

    broken = list(lines)
    broken[2] = broken[2][:20] + "\n"
    assert str(replay_error(broken)) == "line 3: not JSON"

    err = replay_error(lines[1:])
    assert err.lineno == 1 and "header line is missing" in str(err)
    assert replay_error([]).lineno == 1
    assert replay_error(["", "  "]).lineno == 2


def test_bad_headers():
    good = json.loads(play_record(2, 1, moves=0)[0][0])
    for change, words in (
        ({"version": cacao.VERSION + 1}, "rules version"),
        ({"game": "chess"}, "unknown game"),
        ({"players": 7, "seats": ["human"] * 7}, "cannot start the game: Cacao is for 2 to 4 players"),
        ({"seats": ["human"]}, "one entry per player"),
        ({"options": {"colour": "red"}}, "cannot start the game"),
        ({"seed": "x"}, "whole numbers"),
    ):
        head = dict(good, **change)
        err = replay_error([json.dumps(head)])
        assert err.lineno == 1 and words in err.reason, (change, str(err))
    head = dict(good)
    del head["seats"]
    assert 'no "seats"' in str(replay_error([json.dumps(head)]))


def test_action_after_the_end_and_second_header():
    lines, _ = play_record(2, 6)
    extra = lines + [lines[-1]]
    err = replay_error(extra)
    assert err.lineno == len(extra) and "over" in err.reason
    err = replay_error(lines[:3] + [lines[0]])
    assert err.lineno == 4 and "second header" in err.reason


def test_record_replays_identically_on_micropython():
    lines, states = play_record(3, 21)
    broken = lines[:4] + ["{oops\n"]
    code = (
        "from meeple.storage import record\nimport binascii\n"
        "st = record.replay_states(%r)\n"
        "print(len(st), binascii.hexlify(st[-1]).decode())\n"
        "try:\n"
        "    record.replay_states(%r)\n"
        "except record.RecordError as e:\n"
        "    print(e.lineno, isinstance(e, ValueError), str(e))\n" % (lines, broken)
    )
    out = mpyrun.run_code(code).check().stdout.splitlines()
    count, final = out[0].split()
    assert int(count) == len(states)
    assert bytes.fromhex(final) == bytes(states[-1])
    assert out[1] == "5 True line 5: not JSON"


# ---- tools.board.replay ----------------------------------------------------------------------------
def test_replay_tool_prints_the_final_position(tmp_path, capsys):
    lines, states = play_record(4, 7)
    code, out, err = run_main(capsys, [write(tmp_path, lines)])
    assert code == 0, err
    assert "%d action(s), all legal" % (len(lines) - 1) in out
    assert "final scores:" in out
    expected = replay_tool.position_text("cacao", cacao, states[-1])
    assert out.rstrip().endswith("\n".join(expected).rstrip())
    for place, score in zip(cacao.ranking(states[-1]), cacao.scores(states[-1])):
        assert any(line.startswith("  %d. " % place) and (" %3d  " % score) in line for line in out.splitlines())


def test_replay_tool_step(tmp_path, capsys):
    lines, states = play_record(3, 8, moves=12)
    path = write(tmp_path, lines)
    for step in (0, 5, 12):
        code, out, err = run_main(capsys, [path, "--step", str(step)])
        assert code == 0, err
        assert "position after action %d (line %d)" % (step, step + 1) in out
        assert "\n".join(replay_tool.position_text("cacao", cacao, states[step])) in out
    code, out, err = run_main(capsys, [path, "--step", "13"])
    assert code == 2 and "the record has 12 action(s)" in err
    # the start: only the two start tiles on the table
    code, out, _ = run_main(capsys, [path, "--step", "0"])
    board = out.split("legend:")[0]
    assert board.count("---") == 4 and " P1" in board and " M2" in board


def test_cacao_board_draws_worker_sides():
    v = {"board": [{"x": 0, "y": 0, "jungle": "P1"},
                   {"x": 1, "y": 0, "seat": 2, "pattern": "3-1-0-0", "rot": 1, "height": 2}]}
    # rot 1: the side facing N shows the pattern's W value (0), E shows N (3), S shows E (1)
    assert replay_tool.cacao_board(v) == [
        "       0   1",
        "      --- ^0",
        "y=  0  P1 0W3",
        "      ---  1",
    ]


@pytest.mark.parametrize("breakage,line,words", [
    ("action", 7, "is not legal here"),
    ("json", 4, "not JSON"),
    ("seat", 5, "must move"),
    ("header", 1, "header line is missing"),
])
def test_replay_tool_broken_records_exit_2(tmp_path, capsys, breakage, line, words):
    lines, states = play_record(2, 13, moves=8)
    if breakage == "action":
        rec = json.loads(lines[6])
        bad = next(a for a in range(cacao.ACTION_LIMIT) if a not in cacao.legal_actions(states[5]))
        lines[6] = record.action_line(rec["seat"], bad, rec["text"])
    elif breakage == "json":
        lines[3] = '{"seat": 1, "action": \n'
    elif breakage == "seat":
        rec = json.loads(lines[4])
        lines[4] = record.action_line(1 - rec["seat"], rec["action"], rec["text"])
    else:
        lines = lines[1:]
    code, out, err = run_main(capsys, [write(tmp_path, lines)])
    assert code == 2
    assert err.startswith("replay: line %d: " % line), err
    assert words in err and "Traceback" not in err


def test_replay_tool_as_a_command(tmp_path):
    lines, _ = play_record(2, 14, moves=5)
    lines[2] = "not json at all\n"
    path = write(tmp_path, lines)
    proc = subprocess.run([sys.executable, "-m", "tools.board.replay", path], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr == "replay: line 3: not JSON\n"
    proc = subprocess.run([sys.executable, "-m", "tools.board.replay", str(tmp_path / "missing.jsonl")],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.startswith("replay: cannot read ")


@pytest.mark.parametrize("text", [
    '{"game": "santiago", "players": 3, "seed": 1, "options": {"spring": {}}, "version": 1, '
    '"seats": ["human", "human", "human"]}',
    '{"game": "cacao", "players": 2, "seed": 1, "options": {"start_seat": "x"}, "version": 1, '
    '"seats": ["human", "human"]}',
    '{"game": "cacao", "players": 2, "seed": 1, "options": {"nope": 1}, "version": 1, '
    '"seats": ["human", "human"]}',
    "[" * 100000,
    '{"a": ' * 50000,
], ids=["spring-object", "option-type", "unknown-option", "deep-list", "deep-object"])
def test_bad_options_and_deep_json_are_one_line(tmp_path, capsys, text):
    path = write(tmp_path, [text])
    assert replay_tool.main([path]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("replay: line 1: "), err
