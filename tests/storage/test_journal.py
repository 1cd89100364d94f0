"""The game session's journal (meeple.storage.journal) on Continue: kept when it replays to the saved
state, the one move a power cut between the auto-save and the append lost found again, dropped
when it does not fit."""
import random

from meeple.core import cacao
from meeple.storage import Storage
from meeple.storage.journal import Journal


def _game(tmp_path, moves):
    meta = {"game": "cacao", "gen": 3, "seats": [0, 2, 2], "seed": 77, "options": {}}
    j = Journal(Storage(str(tmp_path)), meta, cacao)
    j.start()
    st = j.initial()
    rng = random.Random(5)
    for _ in range(moves):
        seat = cacao.to_move(st)
        a = rng.choice(cacao.legal_actions(st))
        cacao.apply(st, a)
        j.add(seat, a)
    return meta, st, j


def test_resume_keeps_a_journal_that_replays_to_the_save(tmp_path):
    meta, st, j = _game(tmp_path, 20)
    again = Journal(Storage(str(tmp_path)), meta, cacao)
    again.resume(st)
    assert again.ok and len(again) == 20 and bytes(again.moves) == bytes(j.moves)


def test_resume_finds_the_move_saved_but_not_journaled(tmp_path):
    meta, st, j = _game(tmp_path, 20)
    seat = cacao.to_move(st)
    a = cacao.legal_actions(st)[-1]
    cacao.apply(st, a)               # saved, then the power went before the append
    again = Journal(Storage(str(tmp_path)), meta, cacao)
    again.resume(st)
    assert again.ok and len(again) == 21
    assert (again.seat(20), again.action(20)) == (seat, a)
    third = Journal(Storage(str(tmp_path)), meta, cacao)   # and it was written back
    third.resume(st)
    assert third.ok and len(third) == 21


def test_resume_drops_a_journal_of_another_position(tmp_path):
    meta, st, j = _game(tmp_path, 20)
    for _ in range(2):               # two moves on: not a lost append
        cacao.apply(st, cacao.legal_actions(st)[0])
    again = Journal(Storage(str(tmp_path)), meta, cacao)
    again.resume(st)
    assert not again.ok and len(again) == 0
