"""Cacao played through the simulator's buttons only: the board's keys for each role (Keys), the
menus to a new game (start_game), a scripted human that reads the screen and presses buttons
(human_turn), a whole game to its end screen (play_to_end) and its record saved (save_record);
mid_game: a human's placement after random moves of all-human seats."""
import glob
import os
import random

from host_sim.console import Console
from meeple.console import host
from meeple.core import cacao
from meeple.ui.cacao import model as cacao_model, pages as cacao_pages, play as play_cacao
from testkit.screens import has

HUMAN, EASY = host.HUMAN, host.AI_EASY


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


def mid_game(board, tmp_path, players, seed):
    """A console showing a human's placement after some random actions of all-human seats."""
    con = Console(board, root=str(tmp_path))
    con.app.settings["privacy"] = 0
    host.start(con.app, play_cacao, players, [host.HUMAN] * players, {"start_seat": 0})
    s = con.app.session
    rng = random.Random(seed)
    for _ in range(rng.randrange(8, 40)):
        s.play(rng.choice(cacao.legal_actions(s.state)))
    while cacao_model.phase(s.state) != cacao_model.PLACE:
        s.play(rng.choice(cacao.legal_actions(s.state)))
    assert not cacao.is_over(s.state)
    con.wait(50)
    if con.title() == play_cacao.RECAP_TITLE:   # the other seats' moves since this one's turn
        con.tap("A")
    scr = con.app.screen
    assert isinstance(scr, play_cacao.Screen) and scr.mode == play_cacao.PLACE
    return con, scr, rng
