"""Cacao on the console, played start to finish through the simulator's buttons only.

A scripted "human" reads the screen (its mode, cursor, the legal cells it marks) and decides
which buttons to press; AI seats play themselves. Every game ends on the end screen, its record
is saved from the end screen's menu, and replaying that record with the core must give the
same final position, scores and ranking as the game on screen.
"""
import glob
import os
import random

import pytest

from host_sim import boards
from host_sim.console import Console
from meeple.storage import record
from meeple.core import cacao
from meeple.ui.cacao import model as cacao_model, pages as cacao_pages, play as play_cacao

from cacao_fit import FitCheck

HUMAN, EASY = 0, 1


def has(con, name):
    return any(n == name for n, _ in con.board.BUTTONS)


class Keys:
    """The board's buttons for each role (UX.md table)."""

    def __init__(self, con):
        self.con = con
        self.dpad = has(con, "up")
        self.next = "down" if self.dpad else "X"
        self.prev = "up" if self.dpad else "Y"
        self.inc = "right" if self.dpad else "X"
        self.dec = "left" if self.dpad else "Y"
        self.alt = "X" if self.dpad and has(con, "X") else "hold:A"

    def tap(self, *names):
        self.con.keys(" ".join(names))


def menu_to(con, k, label):
    for _ in range(12):
        if "\x7f" + label in con.text():
            return
        k.tap(k.next)
    raise AssertionError("no row %r: %r" % (label, con.text()))


def set_ai_pause_zero(con, k):
    menu_to(con, k, "Settings")
    k.tap("A")
    menu_to(con, k, "AI pause")
    k.tap("A")
    while con.app.screen.index > 0:
        k.tap(k.dec)
    k.tap("A", "B")
    assert con.app.settings["ai_pause"] == 0


def start_game(con, k, seats):
    """Title -> settings (AI pause 0) -> New game -> Cacao -> players and seats -> Start."""
    k.tap("A")
    set_ai_pause_zero(con, k)
    menu_to(con, k, "New game")
    k.tap("A")
    menu_to(con, k, "Cacao")
    k.tap("A")
    assert con.title() == "Cacao"
    k.tap("A")                                   # Players picker
    for _ in range(len(seats) - 2):
        k.tap(k.inc)
    k.tap("A")
    for s, kind in enumerate(seats):
        menu_to(con, k, "%s %s" % (play_cacao.SEAT_LETTERS[s], play_cacao.SEAT_NAMES[s]))
        k.tap("A")
        pk = con.app.screen
        while pk.choices[pk.index] != kind:
            k.tap(k.inc if pk.choices[pk.index] < kind else k.dec)
        k.tap("A")
    menu_to(con, k, "Start game")
    k.tap("A")
    assert con.app.session is not None
    assert con.app.session.seats == list(seats)


def human_turn(con, k, scr, rng):
    """Decide with the buttons for the human seat the screen asks."""
    mode = scr.mode
    if mode == play_cacao.PLACE:
        st = con.app.session.state
        seat = cacao_model.to_move(st)
        hn = cacao_model.hand_n(st, seat)
        sel = rng.randrange(hn)
        if sel != scr.sel:
            k.tap("B")
            assert scr.mode == play_cacao.HAND
            while scr.sel != sel:
                k.tap(k.inc)
            k.tap("A")
            assert scr.mode == play_cacao.PLACE
        legal = [scr.ov.legal[i] for i in range(scr.ov.n_legal)]
        assert legal, "no legal cell marked"
        target = rng.choice(legal)
        for _ in range(200):
            if scr.cursor == target:
                break
            if k.dpad:
                # the snap rule: up/down visit every row holding a legal cell, left/right every
                # legal cell of a row, so rows first, then along the row
                dx = (target >> 8) - (scr.cursor >> 8)
                dy = (target & 255) - (scr.cursor & 255)
                before = scr.cursor
                k.tap("up" if dy > 0 else "down" if dy < 0 else "right" if dx > 0 else "left")
                assert scr.cursor in legal and scr.cursor != before, "a snap toward a legal cell"
            else:
                k.tap("X")
        assert scr.cursor == target
        pat = cacao_model.hand(st, seat, scr.sel)
        rot = rng.randrange(cacao_model.rotations(pat))
        while scr.rot != rot:
            k.tap(k.alt)
        assert scr.ov.cursor_ok and scr.place_action >= 0
        k.tap("A")
        if scr.mode == play_cacao.FILL:
            for _ in range(rng.randrange(3)):
                k.tap(k.next)
            k.tap("A")
    elif mode in (play_cacao.FILL, play_cacao.RESOLVE):
        for _ in range(rng.randrange(3)):
            k.tap(k.next)
        k.tap("A")
    else:
        raise AssertionError("human asked in mode %d" % mode)


def play_to_end(con, k, rng):
    spi = []
    for _ in range(3000):
        scr = con.app.screen
        if con.title() in ("Pass the console", "Since your turn"):
            k.tap("A")
        elif isinstance(scr, cacao_pages.EndScreen):
            return spi
        elif isinstance(scr, play_cacao.Screen):
            if scr.mode == play_cacao.WATCH:
                con.wait(20)
            else:
                before = con.panel.bytes_sent
                human_turn(con, k, scr, rng)
                spi.append(con.panel.bytes_sent - before)
        else:
            raise AssertionError("unexpected screen %r: %r" % (con.title(), con.text()))
        assert con.canvas.clipped == 0, "drawn off the panel on %s" % con.board.ID
    raise AssertionError("the game did not end")


def save_record(con, k, root):
    k.tap("A")                                  # end screen -> what next
    assert con.title() == "What next?"
    menu_to(con, k, "Save record")
    k.tap("A")
    assert con.title() == "Record saved", con.text()
    files = glob.glob(os.path.join(root, "records", "*.jsonl"))
    assert len(files) == 1
    with open(files[0]) as f:
        return f.read().splitlines()


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
