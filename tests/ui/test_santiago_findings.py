"""Issue 14, Santiago at the table: each finding of the play-test checked on the simulator's
panels (240x240, 240x135, 320x240) by what is on the screen: the text the screen drew (read
back line by line from the panel) and the pixels of the board and the tiles.

    the decision panel after the game menu, a hint and the pass screen: tiles on auction, the
    bids so far, the picker and the rule; the drought screen draws the whole board; placement
    names the crop; the removed tile and the income are shown; no coordinates or private short
    forms; the log has round and phase marks; a recap of the bots' moves; the Grey seat is
    grey; the offer counts your own offer; footers name X/Y where there is no d-pad."""
import tempfile

import pytest

from host_sim.console import Console
from meeple.console import host
from meeple.core import santiago as core
from meeple.ui import theme
from meeple.ui.gfx import rgb
from meeple.ui.santiago import board as B
from meeple.ui.santiago import panel as P
from meeple.ui.santiago import play as PS
from meeple.ui.santiago import screens as SS
from meeple.ui.santiago import state as S
from testkit.santiago_driver import Driver

H = host.HUMAN
E = host.AI_EASY
PANELS = ("waveshare_lcd_1_3", "waveshare_lcd_1_14", "waveshare_lcd_2")   # 240x240, 240x135, 320x240


def game(board, seats, palms=False, open_money=False):
    con = Console(board, root=tempfile.mkdtemp(prefix="meeple-s14-"))
    con.app.settings["ai_pause"] = 0
    plugin = [g for g in con.app.games if g.GAME == "santiago"][0]
    host.start(con.app, plugin, len(seats), list(seats),
                   {"spring": "interior", "open_money": open_money, "palms": palms})
    con.app.render()
    return con


def until(con, drv, cond, limit=4000):
    for _ in range(limit):
        g = con.app.session.screen
        if con.app.screen is g and cond(g, con.app.session.state):
            return g
        assert drv.step(), "the game ended first"
    raise AssertionError("never reached")


def lines(con):
    """The panel's text as lines: the runs drawn at one height joined left to right (partial
    redraws of a line are put back where they were drawn)."""
    rows = {}
    for x, y, w, _h, s in con.panel.texts:
        rows.setdefault(y, []).append((x, w, s))
    out = []
    for y in sorted(rows):
        runs = sorted(rows[y])
        line = ""
        end = runs[0][0]
        for x, w, s in runs:
            line += " " * ((x - end + 5) // 6 if x > end else 0) + s
            end = x + w
        out.append(line.strip())
    return out


def shown(con):
    """All of it as one string (lines joined by spaces: wrapped text reads whole again)."""
    return " ".join(lines(con))


def coordinates(t):
    """Does the text name a board position: "H(1,2)", "(3,2)", "3,4"?"""
    if "H(" in t or "V(" in t:
        return True
    for i in range(1, len(t) - 1):
        if t[i] == "," and t[i - 1].isdigit() and t[i + 1].isdigit():
            return True
    return False


def pixel(con, x, y):
    px = con.panel.pixels
    o = (y * con.panel.width + x) * 2
    return px[o] << 8 | px[o + 1]


def alt_key(con):
    return "X" if any(n == "X" for n, _ in con.board.BUTTONS) and any(
        n == "down" for n, _ in con.board.BUTTONS) else "hold:A"


def menu_key(con):
    return "Y" if any(n == "Y" for n, _ in con.board.BUTTONS) and any(
        n == "down" for n, _ in con.board.BUTTONS) else "hold:B"


def assert_auction_on_screen(con, g):
    """The tiles on auction (pixels of each tile box), every bid so far, the picker and the
    rule are on the panel now."""
    st = con.app.session.state
    text = shown(con)
    for q, b in S.bids_made(st):
        assert ("%s bid %d" % (PS.SEAT_LETTERS[q], b) if b else "%s pass" % PS.SEAT_LETTERS[q]) in text, text
    v = g.ch[g.cur]
    assert ("Bid %d" % v if v else "Pass") in text, text
    assert "Overseer: first to pass" in text, text
    if not g.lay.short:   # the whole rule, not cut off at the panel's bottom
        assert "Overseer: first to pass, or lowest bid" in text, text
    tiles = [r for r in g.panel.drawn if r[0][0] == P.R_TILES]
    assert tiles, "no tile row"
    x0, y0 = g.panel.box[0], tiles[0][1]
    for i in range(len(S.revealed(st))):
        assert pixel(con, x0 + 3 + 20 * i + 2, y0 + 1 + 20) == B.TILE_WET, "tile %d not drawn" % i


@pytest.mark.parametrize("board", PANELS)
def test_auction_panel_comes_back_after_menu_hint_and_pass_screen(board):
    con = game(board, (H, E, H, E))
    drv = Driver(con, seed=1)
    g = until(con, drv, lambda g, st: g.mode == PS.M_BID and S.bids_made(st))
    assert_auction_on_screen(con, g)
    con.keys(menu_key(con))
    assert con.title() == "Santiago"
    con.keys("B")
    assert con.app.screen is g
    assert_auction_on_screen(con, g)
    con.keys(menu_key(con) + " A")          # Hint
    assert con.title() == "Hint"
    assert not coordinates(shown(con)), shown(con)
    con.keys("A")
    assert con.app.screen is g
    assert_auction_on_screen(con, g)
    # the other human's turn: the pass screen, then the same panel for that seat
    seat = core.to_move(con.app.session.state)
    drv.step()
    for _ in range(200):
        if con.title() == "Pass the console":
            break
        drv.step()
    assert con.title() == "Pass the console"
    con.keys("A")
    g = until(con, drv, lambda g, st: g.mode == PS.M_BID)
    assert core.to_move(con.app.session.state) != seat
    assert_auction_on_screen(con, g)


@pytest.mark.parametrize("board", PANELS)
def test_drought_screen_draws_the_whole_board(board):
    con = game(board, (H, E, E))
    drv = Driver(con, seed=4)
    for _ in range(5000):
        if isinstance(con.app.screen, SS.DroughtScreen):
            break
        assert drv.step()
    g = con.app.session.screen
    lay = g.lay
    ground = (B.GROUND_DRY, B.GROUND_WET, B.TILE_DRY, B.TILE_WET, B.SAND)
    for p in range(S.NPLOT):   # every plot, the right half too (under the 240x135 panel)
        x, y = lay.plot_xy(p)
        assert pixel(con, x + 2, y + lay.ph // 2) in ground, "plot %d not drawn" % p
        m = g.dmarks[p]
        if m:
            assert pixel(con, x, y) == (B.RED if m == S.DRY else theme.WARN), p
    text = shown(con)
    lose = sum(1 for p in range(S.NPLOT) if g.dmarks[p] == S.LOSE)
    dry = sum(1 for p in range(S.NPLOT) if g.dmarks[p] == S.DRY)
    assert ("-1 marker: %d" % lose in text and "X desert: %d" % dry in text) or (
        "%d plot%s lose a marker, %d turn to desert" % (lose, "" if lose == 1 else "s", dry) in text), text


@pytest.mark.parametrize("board", PANELS)
def test_placement_names_the_crop_and_the_field(board):
    con = game(board, (H, E, E, E))
    drv = Driver(con, seed=2)
    g = until(con, drv, lambda g, st: g.mode == PS.M_PLOT)
    st = con.app.session.state
    t = g.tiles[g.tcur]
    text = shown(con)
    assert S.tile_text(t) in text, text
    size = S.field(st, g.ch[g.cur], t >> 1, bytearray(S.NPLOT))
    assert "field %d" % size in text or "field of %d" % size in text, text
    # the crop itself is drawn on the plot under the cursor, and goes with the cursor
    lay = g.lay

    def icon_pixels(p):
        x, y = lay.plot_xy(p)
        gx, gy = x + (lay.pw - 12) // 2, y + (lay.ph - 12) // 2
        return [pixel(con, gx + i, gy + j) for i in range(12) for j in range(12)]
    p0 = g.ch[g.cur]
    ground = (B.GROUND_DRY, B.GROUND_WET)
    assert len([v for v in icon_pixels(p0) if v not in ground]) > 10, "no crop on the cursor plot"
    con.tap(drv.fwd)
    if g.ch[g.cur] != p0 and not S.has_palm(st, p0):
        assert all(v in ground for v in icon_pixels(p0)), "the crop stayed behind"
    # the hint names the move in words, not by the plot's coordinates
    con.keys(menu_key(con) + " A")
    assert con.title() == "Hint"
    text = shown(con)
    assert "plants" in text and not coordinates(text), text
    con.keys("A")


def test_down_stays_in_its_column_past_occupied_plots():
    # empty plots: (0,0), (1,1), (0,2): down from (0,0) goes to (0,2), not sideways to (1,1)
    items = [0, 9, 16]
    assert S.step_vertical(items, 0, S.plot_pos, True) == 2
    assert S.step_vertical(items, 2, S.plot_pos, False) == 0


@pytest.mark.parametrize("board", PANELS)
def test_seats_page_shows_scores_the_removed_tile_and_the_overseer(board):
    con = game(board, (H, E, E, E), open_money=True)
    drv = Driver(con, seed=3)
    g = until(con, drv, lambda g, st: g.mode == PS.M_BID and st[S.O_ROUND] >= 2)
    con.keys(alt_key(con))
    st = con.app.session.state
    text = shown(con)
    assert "Removed at setup: %s" % S.tile_text(st[S.O_REMOVED]) in text, text
    head = PS.SEAT_HEAD_SHORT if g.lay.short else PS.SEAT_HEAD
    assert head.strip() in text
    pts = S.field_points(st)
    rows = lines(con)
    for q in range(4):   # money open: every seat's money and score (fields + money) on its row
        want = [PS.SEAT_LETTERS[q], str(st[S.O_MONEY + q])]
        assert any(r.split()[:2] == want and r.split()[-1] == str(pts[q] + st[S.O_MONEY + q])
                   for r in rows), (want, rows)


def test_rules_name_the_income_and_the_removed_tile():
    over = PS.RULES[0][1]
    assert "3 escudos" in over and "removed" in over
    legend = dict(PS.RULES)["Screen"]
    for sym in ("x1", "$", "mk", "pts"):
        assert sym in legend


def test_log_has_round_and_phase_marks():
    con = game("waveshare_lcd_1_3", (H, E, E))
    drv = Driver(con, seed=6)
    until(con, drv, lambda g, st: g.mode == PS.M_BID and st[S.O_ROUND] >= 3)
    log = SS.log_text(con.app.session.screen, 200).split("\n")
    assert log[0].startswith("-- Round 2, ") or log[0] == "-- Round 3, Auction --", log[:3]
    assert "-- Round 2, Bribes --" in log and "-- Round 1, Placing tiles --" in log
    assert "-- Round 2, Auction --" in log
    for t in log:
        assert "H(" not in t and "V(" not in t, t


@pytest.mark.parametrize("board", PANELS)
def test_recap_lists_the_bots_moves_and_a_goes_on(board):
    con = game(board, (H, E, E, E))
    drv = Driver(con, seed=5)
    drv.record()
    g = until(con, drv, lambda g, st: g.mode == PS.M_RECAP and len(g.recent) >= 3)
    # the recap is the bots' actions since the human's last one, in the same words
    played = drv.played
    k = max(i for i in range(len(played)) if played[i][0] == 0)
    bots = [(q, a) for q, a in played[k + 1:]]
    assert len([t for t in g.recent if t[0] in "NGB"]) == len(bots)
    text = shown(con)
    assert "Since your" in text
    newest = g.recent[-1]
    assert newest[:12] in text.replace("\n", " "), (newest, text)
    assert "A your turn" in text
    con.keys("A")
    assert g.mode != PS.M_RECAP and not g.recent


def test_grey_seat_is_grey_not_canal_blue():
    r, gg, b = 150, 150, 150
    assert B.COLORS[2] == rgb(r, gg, b)
    assert B.COLORS[2] != theme.SEAT_COLORS[2]
    from meeple.ui import sprites
    assert sprites.CANAL not in B.COLORS and B.FREE not in B.COLORS


def test_offer_total_counts_your_own_offer():
    con = game("waveshare_lcd_1_3", (H, H, E, E))
    drv = Driver(con, seed=0)
    g = until(con, drv, lambda g, st: g.mode == PS.M_MENU and st[S.O_PHASE] == S.BRIBE
              and any(o[0] == PS.O_SUPPORT for o in g.opts))
    while g.opts[g.ocur][0] != PS.O_SUPPORT:
        con.tap("right")
    con.keys("A A")
    assert g.mode == PS.M_AMOUNT
    st = con.app.session.state
    ov = st[S.O_OVERSEER]   # who the offers go to, and why that seat is overseer
    why = "first to pass" if st[S.O_BID + ov] == 0 else "lowest bid"
    assert "%s overseer (%s)" % (PS.SEAT_LETTERS[ov], why) in shown(con), shown(con)
    tot = S.total(st, g.seg)
    con.tap("right")
    v = g.ch[g.cur]
    assert "= %d" % (tot + v) in shown(con).replace("\n", " "), shown(con)


def test_footers_name_x_and_y_without_a_dpad():
    con = game("pimoroni_display_pack", (H, E, E))
    drv = Driver(con, seed=1)
    until(con, drv, lambda g, st: g.mode == PS.M_BID)
    foot = lines(con)[-1]
    assert "X/Y amount" in foot and "<>" not in foot, foot
