"""The game menu's take-back check (issue 16) without a replay: the session keeps the position
before the last human decision, and the answer must be the one a replay of the journal gives, at
every human turn of whole games of both games, in both settings ("On" and "Always"); after a
Continue (nothing kept) it replays, and gives the same answer again."""
import pytest

from host_sim.console import Console
from meeple.console import host, session
from meeple.storage import takeback

HUMAN, EASY = host.HUMAN, host.AI_EASY


def game(gid, seats, tmp_path, mode=1):
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    con.app.settings["ai_pause"] = 0
    con.app.settings["takeback"] = mode
    con.keys("A")
    plugin = [g for g in con.app.games if g.GAME == gid][0]
    con.board.TEST_SEED = 777
    host.start(con.app, plugin, len(seats), list(seats), {})
    return con


def human_turns(con):
    """Yield at each human decision (the game screen on top) until the game is over."""
    app = con.app
    s = app.session
    while not s.core.is_over(s.state):
        while app.screen is not s.screen:
            app.pop()
        if s.is_human(s.core.to_move(s.state)):
            yield s
            s.play(s.core.legal_actions(s.state)[len(s.journal) % 3 % len(s.core.legal_actions(s.state))])
        else:
            con.now += 10
            app.tick()


@pytest.mark.parametrize("gid,seats", [("cacao", (HUMAN, EASY, EASY, EASY)),
                                       ("santiago", (HUMAN, EASY, EASY, EASY, EASY))])
@pytest.mark.parametrize("mode", [1, 2])
def test_the_check_needs_no_replay_and_agrees_with_one(gid, seats, mode, tmp_path, monkeypatch):
    con = game(gid, seats, tmp_path, mode)
    replay = takeback.replay
    offered = 0
    turns = 0
    for s in human_turns(con):
        turns += 1
        if turns > 1:
            assert s._before is not None and s._before[0] < len(s.journal)
        calls = []
        monkeypatch.setattr(takeback, "replay", lambda j, n: calls.append(n) or replay(j, n))
        fast = session.point(s)
        assert turns == 1 or not calls, "replayed though the position was kept"
        kept = s._before
        s._before = None                     # as after a Continue: the replay decides
        slow = session.point(s)
        s._before = kept
        monkeypatch.setattr(takeback, "replay", replay)
        assert fast == slow, (turns, fast, slow)
        offered += fast >= 0
    assert turns > 5
    # "On": offered only where nothing was revealed since; "Always": at every turn but the first
    assert 0 < offered < turns if mode == 1 else offered == turns - 1


@pytest.mark.parametrize("gid,seats", [("cacao", (HUMAN, EASY, EASY)), ("santiago", (HUMAN, EASY, EASY))])
def test_after_continue_the_check_needs_no_replay_either(gid, seats, tmp_path, monkeypatch):
    """Continue replays the journal to check the save: it keeps the position before the last
    human action, so the first game menu after it replays nothing; the answer is asked once
    per journal length."""
    con = game(gid, seats, tmp_path)
    turns = 0
    for s in human_turns(con):
        turns += 1
        if turns == 8:
            break
    want = session.point(s)
    kept = s._before
    again = Console("waveshare_lcd_1_3", root=str(tmp_path))
    again.keys("A A")                          # title, Continue
    s2 = again.app.session
    assert s2 is not None and s2.journal.ok and len(s2.journal) == len(s.journal)
    assert s2._before == kept and s2.journal._before is None
    calls = []
    replay = takeback.replay
    monkeypatch.setattr(takeback, "replay", lambda j, n: calls.append(n) or replay(j, n))
    assert s2.can_take_back() == (want >= 0)
    assert not calls
    asked = []
    monkeypatch.setattr(session, "point", lambda s: asked.append(1) or want)
    s2.can_take_back()
    assert not asked                          # the same journal length: the answer kept
