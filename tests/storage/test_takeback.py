"""Take-backs (issue 16): "Take back my move" rewinds to before the last human decision by
replaying the journal, the position is then the same bytes as a replay of the shorter journal
(in memory, in the save and after Continue), and it is never offered past a moment that showed
the player something hidden, unless Settings > Take-backs is "Always".

Whether something hidden came into view is checked here independently of meeple.storage.takeback:
from the position before the decision, every world the player could not tell apart
(core.observe with a seed) is played on with the same actions; if the player's view at the end
differs between them, the moves since showed something hidden."""
import random

import pytest

from host_sim.console import Console
from meeple.console import host
from meeple.storage import takeback
from meeple.core import cacao, santiago

CORES = {"cacao": cacao, "santiago": santiago}


def start(tmp_path, gid, seats, mode=1, seed=1):
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    con.app.settings["ai_pause"] = 0
    con.app.settings["takeback"] = mode
    g = [p for p in con.app.games if p.GAME == gid][0]
    opts = {"spring": "interior", "open_money": True, "palms": False} if gid == "santiago" else {}
    con.now = seed
    host.start(con.app, g, len(seats), list(seats), opts)
    con.app.render()
    return con


def human_turn(con):
    """Run the bots until a human decides (overlays dismissed); False once the game is over."""
    s = con.app.session
    for _ in range(2000):
        if s.core.is_over(s.state):
            return False
        if con.app.screen is not s.screen:
            con.app.pop()
            con.app.render()
            continue
        if s.is_human(s.core.to_move(s.state)) and not s.waiting_for_ai():
            return True
        con.wait(10)
    raise AssertionError("stuck")


def replay(s, n):
    st = s.journal.initial()
    for i in range(n):
        s.core.apply(st, s.journal.action(i))
    return st


def last_human(s):
    k = len(s.journal) - 1
    while k >= 0 and not s.is_human(s.journal.seat(k)):
        k -= 1
    return k


def revealed(s, k):
    """Independent check: did the moves from journal entry k on show the deciding player
    something hidden?"""
    core = s.core
    seat = s.journal.seat(k)
    before = replay(s, k)
    want = core.observe(s.state, seat)
    tried = 0
    for seed in range(1, 13):
        w = core.observe(before, seat, seed)
        try:
            for i in range(k, len(s.journal)):
                core.apply(w, s.journal.action(i))
        except ValueError:
            continue   # a bot's hidden tile is not in this world's hand
        tried += 1
        if core.observe(w, seat) != want:
            return True
    assert tried, "no world to compare with"
    return False


@pytest.mark.parametrize("gid,seats", [("cacao", (0, 1)), ("santiago", (0, 1, 1)),
                                       ("cacao", (0, 0))])
def test_never_offered_past_a_reveal_and_rewinds_to_the_shorter_replay(gid, seats, tmp_path):
    con = start(tmp_path, gid, seats)
    s = con.app.session
    rng = random.Random(7)
    offered = refused = rewound = 0
    resumed = False
    for turn in range(400):
        if not human_turn(con):
            break
        if rewound and not resumed:
            # Continue after a take-back: the journal on flash replays to the saved state
            state = bytes(s.state)
            n = len(s.journal)
            con.app.home()
            host.resume(con.app)
            s = con.app.session
            assert s.journal.ok and len(s.journal) == n and bytes(s.state) == state
            resumed = True
            continue
        assert bytes(s.state) == bytes(replay(s, len(s.journal)))
        k = last_human(s)
        can = s.can_take_back()
        if k >= 0:
            if revealed(s, k):
                assert not can, "offered past a reveal at journal entry %d" % k
                refused += 1
            elif can:
                offered += 1
        if can and rng.random() < 0.3 and rewound < 6:
            n = len(s.journal)
            s.rewind()
            con.app.render()
            assert len(s.journal) == k < n
            assert bytes(s.state) == bytes(replay(s, k))       # the shorter journal's replay
            meta, saved = con.app.storage.load_game()
            assert bytes(saved) == bytes(s.state)              # and what Continue loads
            assert con.app.screen is s.screen or con.title() == "Pass the console"
            rewound += 1
            continue
        s.play(rng.choice(s.core.legal_actions(s.state)))
    assert offered and refused, (offered, refused)
    assert rewound and resumed


def test_always_offers_past_a_reveal_and_off_never(tmp_path):
    con = start(tmp_path, "cacao", (0, 1), mode=2)
    s = con.app.session
    for _ in range(20):                          # until a move showed a drawn tile
        human_turn(con)
        k = last_human(s)
        if k >= 0 and revealed(s, k):
            break
        s.play(s.core.legal_actions(s.state)[0])
    assert revealed(s, k)
    assert takeback.point(s.journal, s.state, s.seats, False) < 0
    assert s.can_take_back()                     # "Always"
    con.app.settings["takeback"] = 0
    assert not s.can_take_back()                 # "Off"


def test_take_back_from_the_game_menu_with_the_keys(tmp_path):
    con = start(tmp_path, "cacao", (0, 1), mode=2)
    s = con.app.session
    human_turn(con)
    s.play(s.core.legal_actions(s.state)[0])
    human_turn(con)
    con.wait(300)
    n = len(s.journal)
    k = last_human(s)
    con.keys("Y")                                # the game menu
    labels = con.app.screen.menu.labels
    assert "Take back my move" in labels
    for _ in range(labels.index("Take back my move") - con.app.screen.menu.cursor):
        con.keys("down")
    con.keys("A")
    assert con.title() == "Take back"
    con.keys("B")                                # B keeps the game as it is
    assert len(s.journal) == n and "Take back my move" in con.app.screen.menu.labels
    con.keys("A A")
    assert len(s.journal) == k and con.app.screen is s.screen
    assert bytes(s.state) == bytes(replay(s, k))
    assert "Move taken back" in con.text()


def test_no_take_back_without_a_human_decision_or_once_over(tmp_path):
    con = start(tmp_path, "cacao", (1, 0), mode=2)
    s = con.app.session
    human_turn(con)
    assert len(s.journal) >= 1 and last_human(s) < 0
    assert not s.can_take_back()
