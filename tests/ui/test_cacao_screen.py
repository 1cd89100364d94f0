"""Cacao on the console, played start to finish through the simulator's buttons only.

A scripted "human" reads the screen (its mode, cursor, the legal cells it marks) and decides
which buttons to press; AI seats play themselves. Every game ends on the end screen, its record
is saved from the end screen's menu, and replaying that record with the core must give the
same final position, scores and ranking as the game on screen.
"""
import random

import pytest

from host_sim import boards
from host_sim.console import Console
from meeple.storage import record
from meeple.core import cacao
from meeple.ui.cacao import model as cacao_model

from testkit.cacao_driver import EASY, HUMAN, Keys, menu_to, play_to_end, save_record, start_game
from testkit.cacao_fit import FitCheck


GAMES = [(HUMAN, EASY), (HUMAN, HUMAN, EASY), (HUMAN, EASY, EASY, EASY)]


@pytest.mark.parametrize("board", boards.BOARDS)
@pytest.mark.parametrize("seats", GAMES, ids=["2p", "3p-hotseat", "4p"])
def test_full_game_through_the_buttons(board, seats, tmp_path):
    con = Console(board, root=str(tmp_path))
    k = Keys(con)
    rng = random.Random(hash((board, seats)) & 0xFFFF)
    start_game(con, k, seats)
    session = con.app.session
    with FitCheck() as fit:        # every string the game's screens draw fits its box
        play_to_end(con, k, rng)
    assert fit.seen > 100 and fit.cuts == [], fit.cuts[:5]
    final = bytes(session.state)
    assert cacao.is_over(session.state)
    text = " ".join(con.text())
    scores = cacao.scores(session.state)
    for s in range(len(seats)):
        assert "%s %d gold" % (cacao.SEAT_NAMES[s], scores[s]) in text
    lines = save_record(con, k, str(tmp_path))
    states = record.replay_states(lines)
    assert bytes(states[-1]) == final
    assert cacao.scores(states[-1]) == scores
    assert cacao.ranking(states[-1]) == cacao.ranking(session.state)
    head = record._parse(1, lines[0])
    assert head["seats"] == ["human" if s == HUMAN else "ai:easy" for s in seats]
    k.tap("A")                                  # "Record saved" -> what next
    assert con.title() == "What next?", con.title()
    menu_to(con, k, "Play again")
    k.tap("A")
    again = con.app.session
    assert again is not session and again.seats == list(seats)
    assert not cacao.is_over(again.state) and bytes(again.state) != final


def test_layout_mirror_matches_the_core():
    m = cacao_model
    for name in ("_NP", "_ACTIVE", "_TURN", "_PHASE", "_TOMOVE", "_DISP", "_PTOP", "_PEND", "_PILE",
                 "_JN", "_JUN", "_WN", "_WRK", "_SEATS", "_SEAT_LEN", "_GOLD", "_CACAO", "_SUN",
                 "_WATER", "_HANDN", "_HAND", "_WTOP", "_WEND", "_NEWW", "_SPN", "_SPACES"):
        assert getattr(m, name) == getattr(cacao, name), name
    assert (m.PLACE, m.FILL, m.RESOLVE, m.OVER) == (cacao._PLACE, cacao._FILL, cacao._RESOLVE, cacao._OVER)
    assert (m.OVERBUILD_BASE, m.FILL_BASE, m.RESOLVE_BASE) == (
        cacao._OVERBUILD_BASE, cacao._FILL_BASE, cacao._RESOLVE_BASE)
    assert m.LAYOUT_VERSION == cacao.VERSION and tuple(m.DK) == tuple(cacao._DK) and m.PAT == cacao._PAT
