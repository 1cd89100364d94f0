"""The Santiago screen in the simulator: complete 3-, 4- and 5-player games played through the
buttons only (scripted humans mixed with easy bots, every option on and off; the 5-player game
with palms and open money on each panel class, 240x135, 240x240 and 320x240, with what each
human decision shows checked on the way; the 3- and 4-player games on the other boards), the
result on the end screen checked against the rules core replaying the same record, the record
saved from the end screen and replayed with tools.board.replay to the same position and scores; what a
cursor move and a placement cost over SPI; the layout mirror of the core's state."""
import glob
import os
import tempfile

import pytest

from host_sim.console import Console
from meeple.console import host
from meeple.storage import record
from meeple.core import santiago as core
from meeple.ui.santiago import play as PS
from meeple.ui.santiago import screens as SS
from meeple.ui.santiago import state as S
from testkit.santiago_driver import Driver
from tools.board import replay

H = host.HUMAN
E = host.AI_EASY

# (players, seats, options, driver policy): every player count, humans and bots, each option
GAMES = (
    (3, [H, E, E], {"spring": "interior", "open_money": False, "palms": False}, "random"),
    (4, [E, H, E, H], {"spring": "any", "open_money": True, "palms": True}, "random"),
    (5, [H, E, H, E, H], {"spring": "interior", "open_money": True, "palms": True}, "bot"),
)
# (game, board): every board once, the 5-player game on each panel class
RUNS = ((0, "pimoroni_picosystem"), (0, "pimoroni_display_pack"), (1, "pimoroni_display_pack_2"),
        (2, "waveshare_lcd_1_14"), (2, "waveshare_lcd_1_3"), (2, "waveshare_lcd_2"))


def santiago(con):
    return [g for g in con.app.games if g.GAME == "santiago"][0]


def start_from_menu(con, players, seats, options):
    """Title -> main menu -> New game -> Santiago -> set-up rows -> Start, with the keys."""
    nxt = "down" if any(n == "down" for n, _ in con.board.BUTTONS) else "X"
    inc = "right" if nxt == "down" else "X"
    dec = "left" if nxt == "down" else "Y"
    con.keys("A A")

    def row(label):
        for _ in range(20):
            if any(t.startswith("\x7f" + label) for t in con.text()):
                return
            con.tap(nxt)
        raise AssertionError("no row %r: %r" % (label, con.text()))
    row("Santiago")
    con.tap("A")
    assert con.title() == "Santiago"

    def pick(label, index):
        row(label)
        con.tap("A")
        while con.app.screen.index != index:
            con.tap(inc if con.app.screen.index < index else dec)
        con.tap("A")
    pick("Players", players - 3)
    for q in range(players):
        pick("%s %s" % (PS.SEAT_LETTERS[q], PS.SEAT_NAMES[q]), seats[q])
    for i in range(len(PS.OPTIONS)):
        key, label, values, _ = PS.OPTIONS[i]
        pick(label, values.index(options[key]))
    row("Start game")
    con.tap("A")
    assert con.app.session is not None


def _coordinates(t):
    """Does a line name a board position ("H(1,2)", "3,4") or a private short form ("4p",
    "1yours", "22mk")?"""
    if "H(" in t or "V(" in t or "yours" in t.replace(" yours", ""):
        return True
    for i in range(1, len(t) - 1):
        if t[i] == "," and t[i - 1].isdigit() and t[i + 1].isdigit():
            return True
        if t[i - 1].isdigit() and t[i:i + 2] in ("p ", "mk") and not t[i - 2:i - 1].isalpha():
            return True
    return False


def check_decision_screen(con, game):
    """What a human decision must show (issue 14), read from the panel: no coordinates or
    private short forms; the auction's bids so far; the seg/plot choice's consequence."""
    text = con.text()
    for t in text:
        assert not _coordinates(t), t
    flat = " ".join(text)
    st = con.app.session.state
    if game.mode == PS.M_BID:
        for q, b in S.bids_made(st):
            assert ("bid %d" % b if b else "pass") in flat, flat
    elif game.mode in (PS.M_SEG, PS.M_AMOUNT):
        assert "waters" in flat, flat
    elif game.mode == PS.M_PLOT:
        assert S.tile_text(game.tiles[game.tcur]) in flat, flat


@pytest.mark.parametrize("game,board", RUNS, ids=["%dp-%s" % (GAMES[g][0], b) for g, b in RUNS])
def test_complete_game_through_the_keys(board, game, tmp_path, capsys):
    players, seats, options, policy = GAMES[game]
    con = Console(board, root=str(tmp_path))
    con.app.settings["ai_pause"] = 30   # no AI move before the driver records
    start_from_menu(con, players, seats, options)
    s = con.app.session
    assert s.seats == seats and s.meta["options"] == options
    drv = Driver(con, seed=game * 7 + len(board), policy=policy)
    drv.record()
    checked = [0]

    def check(g):
        checked[0] += 1
        check_decision_screen(con, g)
    if players == 5:
        drv.on_decision = check
    con.app.settings["ai_pause"] = 0
    drv.play_to_end()
    assert isinstance(con.app.screen, SS.EndScreen)
    assert con.canvas.clipped == 0, "something was drawn off the panel"
    # the record of what the keys played replays, in the rules core, to the same result
    lines = [record.header_line("santiago", players, s.meta["seed"], options,
                                ["human" if k == H else "ai:easy" for k in seats])]
    lines += [record.action_line(q, a, "") for q, a in drv.played]
    final = record.replay_states(lines)[-1]
    assert core.is_over(final) and final == s.state
    shown = "\n".join(con.app.screen.lines)
    sc = core.scores(final)
    rk = core.ranking(final)
    for q in range(players):
        assert "%d. %s %s %d =" % (rk[q], PS.SEAT_LETTERS[q], PS.SEAT_NAMES[q], sc[q]) in shown
    humans_played = [q for q, _ in drv.played if seats[q] == H]
    assert humans_played, "the keys played no human move"
    assert players < 5 or checked[0] >= len(humans_played) // 2, checked
    assert [(s.journal.seat(i), s.journal.action(i)) for i in range(len(s.journal))] == drv.played
    save_record_and_replay(con, s, tmp_path, capsys)


def save_record_and_replay(con, s, root, capsys):
    """From the end screen: A, "Save record", A; the file it names replays with tools.board.replay to
    the game's final position and scores."""
    final = bytes(s.state)
    con.tap("A")
    assert con.title() == "Game over"
    nxt = "down" if any(n == "down" for n, _ in con.board.BUTTONS) else "X"
    while con.app.screen.menu.labels[con.app.screen.menu.cursor] != "Save record":
        con.tap(nxt)
    con.tap("A")
    assert con.title() == "Record", con.text()
    shown = con.app.screen.message
    files = glob.glob(os.path.join(str(root), "records", "santiago-*.jsonl"))
    assert len(files) == 1 and shown.startswith("Saved as ") and shown.endswith(
        os.path.basename(files[0])), (files, shown)
    with open(files[0], "rb") as f:
        assert record.replay_states(f.read().splitlines())[-1] == final
    capsys.readouterr()
    assert replay.main([files[0]]) == 0
    out = capsys.readouterr().out
    assert "santiago, %d action(s), all legal" % len(s.journal) in out, out[:300]
    sc = core.scores(bytearray(final))
    rk = core.ranking(bytearray(final))
    table = out.split("final scores:")[1]
    for q in range(len(sc)):
        assert "  %d. %-6s %3d" % (rk[q], "seat %d" % q, sc[q]) in table, table
    con.tap("B")
    assert con.title() == "Game over"
    # "Play again": a new game with the same seats and options
    while con.app.screen.menu.labels[con.app.screen.menu.cursor] != "Play again":
        con.tap(nxt)
    con.tap("A")
    again = con.app.session
    assert again is not s and again.seats == s.seats and again.meta["options"] == s.meta["options"]
    assert not core.is_over(again.state) and again.state != bytearray(final)


def test_state_layout_mirror_matches_the_core():
    for name in dir(S):
        if name.startswith("O_"):
            assert getattr(S, name) == getattr(core, "_" + name[2:]), name
    assert (S.AUCTION, S.PLACEMENT, S.BRIBE, S.OVERSEER, S.EXTRA, S.OVER) == (
        core._AUCTION, core._PLACEMENT, core._BRIBE, core._OVERSEER_PH, core._EXTRA_PH, core._OVER)
    assert (S.NSEG, S.NPLOT, S.DESERT, S.PALM, S.F_OPEN) == (
        core._NSEG, core._NPLOT, core._DESERT, core._PALM, core._F_OPEN)
    # meeple.core.santiago_view (view/from_view, imported only when used) mirrors the layout too
    from meeple.core import santiago_view
    names = [n for n in dir(santiago_view) if n.startswith("_") and n[1:2].isupper()]
    assert "_TILE" in names and "_STACK" in names
    for name in names:
        assert getattr(santiago_view, name) == getattr(core, name), name


def _game(board, seats=(H, E, E, E), seed=5):
    con = Console(board, root=tempfile.mkdtemp(prefix="meeple-sant-"))
    con.app.settings["ai_pause"] = 0
    host.start(con.app, santiago(con), len(seats), list(seats),
                   {"spring": "interior", "open_money": False, "palms": False})
    con.app.render()
    return con


def _until(con, drv, cond, limit=3000):
    for _ in range(limit):
        g = con.app.session.screen
        if con.app.screen is g and cond(g, con.app.session.state):
            return g
        assert drv.step(), "the game ended first"
    raise AssertionError("never reached")


@pytest.mark.parametrize("board", ["waveshare_lcd_1_14", "waveshare_lcd_1_3", "waveshare_lcd_2"])
def test_spi_budget_per_cursor_move_and_placement(board, capsys):
    """Only what changed is sent: a few plot frames, the crop moved to the cursor's plot and
    characters for a cursor move (measured 1.9 / 2.0 / 2.2 KB on 240x135 / 240x240 /
    320x240), the plot, frames, panel characters and the status for a placement (6.1 / 11.1 /
    11.6 KB)."""
    con = _game(board)
    drv = Driver(con, seed=2, policy="bot")
    frame = con.board.WIDTH * con.board.HEIGHT * 2
    # a placement that is not the round's last (the last one also opens the bribe panel)
    g = _until(con, drv, lambda g, st: g.mode == PS.M_PLOT and st[S.O_ROUND] > 2
               and st[S.O_IDX] < st[S.O_PLAYERS] - 1)
    con.app.settings["ai_pause"] = 50   # the AI seats wait: only the placement is counted
    before = con.panel.bytes_sent
    con.tap(drv.fwd)
    move = con.panel.bytes_sent - before
    before = con.panel.bytes_sent
    con.tap("A")  # the placement
    place = con.panel.bytes_sent - before
    with capsys.disabled():
        print("\nSPI %s: cursor move %d B, placement %d B (frame %d B)" % (board, move, place, frame))
    assert move < frame * 0.035, "a cursor move sent %d bytes" % move
    assert place < frame * 0.14, "a placement sent %d bytes" % place


def test_bid_picker_offers_only_legal_bids_and_the_rule_is_on_screen():
    con = _game("waveshare_lcd_1_3", seats=(E, E, H, E), seed=1)
    drv = Driver(con, seed=1)
    g = _until(con, drv, lambda g, st: g.mode == PS.M_BID and len(S.bids_made(st)) >= 2
               and any(b for _, b in S.bids_made(st)))
    st = con.app.session.state
    legal = [a & 0xFFF for a in core.legal_actions(st)]
    assert g.ch == legal
    taken = [b for _, b in S.bids_made(st) if b]
    assert not set(taken) & set(g.ch[1:])
    assert any("Overseer: first to pass" in t for t in con.text())
    for _ in range(len(g.ch) + 3):   # the picker stops at the ends: only legal values
        con.tap("right")
        assert g.ch[g.cur] in legal


def test_a_bid_change_leaves_the_board_alone(monkeypatch):
    """A press that changes neither the state nor the board's marks (the bid picker, a panel
    row) does not walk the board's 99 plots, lanes and nodes: on a Pico that walk was most of a
    bid change's 31-37 ms. After a placement the board is walked and redrawn again."""
    con = _game("waveshare_lcd_1_3", seats=(E, E, H, E), seed=1)
    drv = Driver(con, seed=1)
    g = _until(con, drv, lambda g, st: g.mode == PS.M_BID and len(g.ch) > 2)
    walked = []
    real = g.board._plot_flags
    monkeypatch.setattr(g.board, "_plot_flags", lambda st, p: walked.append(p) or real(st, p))
    con.tap("right")
    con.tap("left")
    assert g.cur == 0 and not walked, "a bid change walked %d plots" % len(walked)
    g.board.marks[5] ^= 1     # the board's own inputs changed: the next sync looks again
    g.dirty |= PS.D_BOARD
    con.app.render()
    assert len(walked) == S.NPLOT
    g.board.marks[5] ^= 1


def test_bribe_offer_can_be_taken_back_before_it_is_played():
    con = _game("waveshare_lcd_1_3", seats=(H, E, E, E), seed=3)
    drv = Driver(con, seed=3)
    g = _until(con, drv, lambda g, st: g.mode == PS.M_MENU and st[S.O_PHASE] == S.BRIBE
               and any(o[0] == PS.O_PROPOSE for o in g.opts))
    st0 = bytes(con.app.session.state)
    while g.opts[g.ocur][0] != PS.O_PROPOSE:
        con.tap("right")
    con.tap("A")
    assert g.mode == PS.M_SEG
    con.tap("right")
    con.tap("A")
    assert g.mode == PS.M_AMOUNT
    assert bytes(con.app.session.state) == st0      # nothing played yet
    con.keys("B B")
    assert g.mode == PS.M_MENU and bytes(con.app.session.state) == st0
    while g.opts[g.ocur][0] != PS.O_PROPOSE:
        con.tap("right")
    con.app.settings["ai_pause"] = 50                 # the others wait: the offer stays visible
    con.keys("A A right A")                           # propose, offer 2
    st = con.app.session.state
    assert bytes(st) != st0
    seat = core.to_move(bytearray(st0))
    assert st[S.O_OFFER_AMT + seat] == 2 and st[S.O_OFFER_SEG + seat] != S.NONE


def test_drought_is_shown_before_it_changes_the_board():
    con = _game("waveshare_lcd_1_14", seats=(H, E, E), seed=4)
    drv = Driver(con, seed=4)
    for _ in range(5000):
        if isinstance(con.app.screen, SS.DroughtScreen):
            break
        assert drv.step()
    g = con.app.session.screen
    st = con.app.session.state
    marked = [p for p in range(S.NPLOT) if g.dmarks[p]]
    assert marked
    for p in marked:   # drawn from the state before the drought: the plot still has its marker
        if g.dmarks[p] == S.LOSE:
            assert S.markers(g.before, p) == S.markers(st, p) + 1
        else:
            assert S.is_desert(st, p) and not S.is_desert(g.before, p)
    assert any("-1 marker" in t for t in con.text())
    con.tap("A")
    assert con.app.screen is g


def test_menu_hint_log_and_seats():
    con = _game("pimoroni_display_pack", seats=(H, E, E), seed=6)
    drv = Driver(con, seed=6)
    _until(con, drv, lambda g, st: g.mode == PS.M_BID and st[S.O_ROUND] >= 2)
    con.keys("hold:B")
    assert con.title() == "Santiago"
    con.keys("A")
    assert con.title() == "Hint"
    assert con.app.stack[-2] is con.app.session.screen   # the menu went before the hint
    con.keys("A")
    assert con.app.screen is con.app.session.screen
    con.keys("hold:B X A")
    assert con.title() == "Log" and any("bids" in t or "passes" in t for t in con.text())
    con.keys("B X A")
    assert con.title() == "Seats"
    text = " ".join(con.text())
    assert "W White" in text and "markers left" in text and "?" not in text.split("N Natural")[0]
    assert "escudos" in text
