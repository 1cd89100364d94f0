"""Cacao at the table, on 240x240, 240x135 and 320x240: each finding of issue 15 checked on the
screen the simulator shows (text on screen in its box, pixels where a mark must be).

One game per board (a human against two easy bots, AI pause 0.5 s, the same game on every
board: the bots are seeded by the turn and the scripted human's choices by the seed) is played
through the buttons while `observe` records what the screen showed at the moments that matter;
the tests below then check the records. Every string the Cacao screens draw during the game is
measured against its box (cacao_fit.FitCheck).
"""
import random
import re

import pytest

from host_sim.console import Console
from meeple.core import cacao
from meeple.ui.cacao import model as m, overview, pages as cacao_pages, play as P
from meeple.ui.cacao.table import CS
from meeple.ui.screen import wrap

from testkit import cacao_driver as T
from testkit.cacao_fit import FitCheck

BOARDS = ("waveshare_lcd_1_3", "waveshare_lcd_1_14", "waveshare_lcd_2")
SEATS = (T.HUMAN, T.EASY, T.EASY)
FIRE = (255, 170, 0)     # meeple.ui.cacao.table.FIRE and LAST as 8-bit RGB
LAST = (120, 220, 255)
LONG_GAINS = [(0, "+12g -3c +1s +2w"), (1, "+8g +2c +1s")]   # the most a 2-seat preview shows


def pixel(con, x, y):
    """(r, g, b) of a panel pixel, 8 bits each."""
    o = (y * con.panel.width + x) * 2
    v = con.panel.pixels[o] << 8 | con.panel.pixels[o + 1]
    return ((v >> 11) & 31) << 3, ((v >> 5) & 63) << 2, (v & 31) << 3


def near(a, rgb):
    r, g, b = rgb
    return abs(a[0] - r) <= 8 and abs(a[1] - g) <= 8 and abs(a[2] - b) <= 8


def texts_in(con, x0, y0, x1, y1):
    """Text runs drawn inside the box, top to bottom."""
    return [t[4].strip() for t in sorted(con.panel.texts, key=lambda t: (t[1], t[0]))
            if x0 <= t[0] and t[0] + t[2] <= x1 and y0 <= t[1] and t[1] + t[3] <= y1 and t[4].strip()]


def cell_xy(table, key):
    return table.ox + ((key >> 8) - table.left) * CS, table.oy + (table.top - (key & 0xFF)) * CS


class Record:
    def __init__(self):
        self.previews = []      # (gains, panel text)
        self.cursors = []       # the cursor's cell whole on the table, left of the panel?
        self.long = None        # panel text with LONG_GAINS
        self.fills = []         # (fill keys, visible?, fire frame drawn?)
        self.plans = []         # (plan texts, box text)
        self.watch = []         # (status run, gains, panel text, last-move corner drawn?)
        self.recaps = []        # (page text, the other seats' place lines expected)
        self.digits = []        # (hand workers per side, digits drawn on the hand tile)
        self.temples = None     # (page text, model rows)
        self.end = None
        self.final = None       # (overview, text)
        self.log = None
        self.fit = None
        self.state = None


def _panel_box(scr):
    p = scr.panel
    return p.x, p.y, p.x + p.w, p.y + p.h


def _see_place(con, k, scr, rec):
    """The preview now on screen: gains in the panel, fills in view with their frames."""
    box = _panel_box(scr)
    rec.previews.append((list(scr.gains), texts_in(con, *box)))
    t = scr.table
    x, y = cell_xy(t, scr.cursor)
    rec.cursors.append(t.visible(scr.cursor) and t.x <= x and x + CS <= min(t.x + t.w, scr.panel.x)
                       and t.y <= y and y + CS <= t.y + t.h)
    pv = scr.ov.preview
    if pv is not None and pv.n_fills:
        keys = [pv.fill_keys[i] for i in range(pv.n_fills)]
        vis = all(scr.table.visible(kk) for kk in keys + [scr.cursor])
        fire = all(near(pixel(con, *(a + 1 for a in cell_xy(scr.table, kk))), FIRE) for kk in keys) if vis else False
        rec.fills.append((keys, vis, fire))


def _see_hand(con, scr, rec):
    st = con.app.session.state
    seat = m.to_move(st)
    x0 = scr.panel.x
    y0 = 12 + 18 + 12 + 13
    for i in range(m.hand_n(st, seat)):
        pat = m.hand(st, seat, i)
        rot = scr.rot if i == scr.sel else 0
        want = sorted("%d" % m.workers(pat, rot, d) for d in range(4) if m.workers(pat, rot, d))
        got = sorted(t for t in texts_in(con, x0 + i * 24, y0, x0 + i * 24 + 24, y0 + 24) if t.isdigit())
        rec.digits.append((want, got))


def _turn(con, k, scr, rng, rec, n_turn):
    st = con.app.session.state
    if scr.mode == P.PLACE:
        _see_place(con, k, scr, rec)
        if n_turn < 3:
            _see_hand(con, scr, rec)
            for _ in range(scr.ov.n_legal):       # every cell the tile may go: every preview
                k.tap(k.next)
                _see_place(con, k, scr, rec)
        if rec.long is None:
            keep = scr.gains
            scr.gains = LONG_GAINS
            scr._dirty = True
            con.app.render()
            rec.long = texts_in(con, *_panel_box(scr))
            scr.gains = keep
            scr._dirty = True
            con.app.render()
        if rec.temples is None and cacao_pages.temples(st):
            k.con.keys(("Y" if k.dpad and T.has(con, "Y") else "hold:B"))
            T.menu_to(con, k, "Temples")
            k.tap("A")
            rec.temples = (" ".join(con.text()), [cacao_pages.temple_words(kk, c) for kk, c in cacao_pages.temples(st)])
            k.tap("B", "B")
            assert con.app.screen is scr
    elif scr.mode == P.RESOLVE and len(scr.plans) > 1:
        texts = []
        for g, c, path in scr.plans:
            texts.append("%s: %+d gold, %d cacao left" % (m.plan_words(cacao, st, path), g, c))
        t = scr.table
        box = texts_in(con, t.x, t.y, t.x + t.w, t.y + t.h)
        cols = (t.w - 6) // 6 - 1
        shown = " ".join(b.replace("\x7f", "") for b in box)
        partial = [x for x in texts if wrap(x, cols)[0] in box and x not in shown]
        rec.plans.append((texts, box, texts[scr.plan_i], partial))
    T.human_turn(con, k, scr, rng)


def _see_watch(con, scr, rec):
    if scr.last_seat < 0 or con.app.session.is_human(scr.last_seat) or scr.last_verb != "placed":
        return
    box = _panel_box(scr)
    x, y = cell_xy(scr.table, scr.ov.last[0])
    corner = scr.table.visible(scr.ov.last[0]) and near(pixel(con, x + 1, y), LAST)
    rec.watch.append((texts_in(con, box[0], 0, box[2], 12), list(scr.gains), texts_in(con, *box), corner))


def _recap_expected(con):
    """The place lines of the other seats since the human's last placement, from the journal."""
    j = con.app.session.journal
    st = j.initial()
    lines = []
    for i in range(len(j)):
        a = j.action(i)
        if m.phase(st) == m.PLACE:
            if j.seat(i) == 0:
                lines = []
            else:
                lines.append(cacao_pages.action_words(st, a))   # the table's words
        cacao.apply(st, a)
    return lines


def _read_pages(con, k):
    """All the lines of a RowsScreen as shown, scrolling down to its end."""
    page = con.app.screen
    lines = {}
    for _ in range(page.count() + 1):
        for t in con.panel.texts:
            r = (t[1] - 22) // 10
            if t[0] >= 12 and 0 <= r < page.n and t[4].strip():
                lines[page.top + r] = t[4].strip()
        if page.top + page.n >= page.count():
            break
        k.tap(k.next)
    return " ".join(lines[i] for i in sorted(lines))


def play(board):
    con = Console(board)
    k = T.Keys(con)
    rec = Record()
    rng = random.Random(15)
    with FitCheck() as fit:
        T.start_game(con, k, SEATS)
        con.app.settings["ai_pause"] = 5
        n_turn = 0
        for _ in range(3000):
            scr = con.app.screen
            title = con.title()
            if title == "Since your turn":
                rec.recaps.append((_read_pages(con, k), _recap_expected(con)))
                k.tap("A")
            elif isinstance(scr, cacao_pages.EndScreen):
                break
            elif isinstance(scr, P.Screen):
                if scr.mode == P.WATCH:
                    con.wait(100)
                    if con.app.screen is scr and scr.mode == P.WATCH:
                        _see_watch(con, scr, rec)
                else:
                    if scr.mode == P.PLACE:
                        n_turn += 1
                    _turn(con, k, scr, rng, rec, n_turn)
            else:
                raise AssertionError("unexpected screen %r" % title)
        else:
            raise AssertionError("the game did not end")
        rec.state = bytes(con.app.session.state)
        rec.end = _read_pages(con, k)
        k.tap("B")                                  # the end screen's B: the final table
        rec.final = (con.app.screen, list(con.panel.texts))
        k.tap("B")
        assert isinstance(con.app.screen, cacao_pages.EndScreen)
        rec.log = list(cacao_pages.log_rows(con.app.session.journal))
        rec.initial = bytes(con.app.session.journal.initial())
    rec.fit = fit
    return rec


_played = {}


@pytest.fixture(params=BOARDS)
def rec(request):
    if request.param not in _played:
        _played[request.param] = play(request.param)
    return _played[request.param]


def test_every_string_fits_its_box(rec):
    assert rec.fit.seen > 300
    assert rec.fit.cuts == [], rec.fit.cuts[:5]


def test_no_private_abbreviations(rec):
    """'w-10 h11' and '@0/8' are gone: water reads as its value in gold, sell plans in words."""
    bad = [t for t in rec.fit.strings if re.search(r"\bw[+-]?\d|\bh\d|@\d|\bkeep at\b", t)]
    assert not bad, bad[:5]
    assert any(t.endswith(" gold") and t.startswith("=") for t in rec.fit.strings)


def test_preview_gains_are_whole_in_the_panel(rec):
    """'+7g -2c +' lost water and sun: every part of every seat's gains is on screen."""
    assert len(rec.previews) >= 15  # the first two turns preview every cell their tile may go
    for gains, panel in [(LONG_GAINS, rec.long)] + rec.previews:
        shown = " ".join(panel)
        for _, text in gains:
            for part in text.split():
                assert re.search(r"(^| )%s( |$)" % re.escape(part), shown), (part, gains, panel)


def test_the_cursor_tile_is_never_cut(rec):
    assert len(rec.cursors) >= 15 and all(rec.cursors)


def test_fills_stay_in_view_with_their_frames(rec):
    assert len(rec.fills) >= 3, "no placement previewed a fill"
    for keys, vis, fire in rec.fills:
        assert vis, "a filled space (or the tile) is out of the table's view: %r" % keys
        assert fire, "the fill's orange frame is not drawn: %r" % keys


def test_sell_plans_read_differently_and_whole(rec):
    assert rec.plans, "no sell choice came up"
    for texts, box, chosen, partial in rec.plans:
        assert len(set(texts)) == len(texts), texts
        assert not partial, "a plan shown in part: %r" % partial
        assert chosen in " ".join(box).replace("\x7f", "").replace("  ", " "), (chosen, box)


def test_bot_move_status_gains_and_mark(rec):
    """During the AI pause the status says what the bot did (not 'thinks'), its gains are in
    the panel and its tile carries the last-move corners."""
    assert rec.watch
    for status, gains, panel, corner in rec.watch:
        assert "placed" in status and not any("thinks" in s for s in status), status
        shown = " ".join(panel)
        for _, text in gains:
            for part in text.split():
                assert part in shown, (part, panel)
        assert corner


def test_recap_lists_the_other_seats_moves_and_gains(rec):
    assert len(rec.recaps) > 5
    for body, lines in rec.recaps:
        assert lines, body
        for ln in lines:
            assert ln in body, (ln, body)
        assert re.search(r"[+-]\d+ (gold|cacao|sun|water)", body) or "places" in body
        assert not re.search(r"\(-?\d+, ?-?\d+\)", body), body   # no coordinates (issue 27)


def test_log_lists_every_gain():
    """Summing the log's gains rows gives each seat's final gold, cacao, sun and water."""
    r = _played.get(BOARDS[0]) or play(BOARDS[0])
    _played[BOARDS[0]] = r
    st = r.state
    total = [[0, 0, 0, 0] for _ in range(m.players(st))]
    first = bytearray(r.initial)
    for seat, text in r.log:
        if text.startswith("  "):
            for v, what in re.findall(r"([+-]\d+) (gold|cacao|sun|water)", text):
                total[seat][cacao_pages.CHANGE_WORDS.index(what)] += int(v)
    for s in range(m.players(st)):
        start = [m.gold(first, s), m.cacao_of(first, s), m.sun(first, s), m.water(first, s)]
        end = [m.gold(st, s), m.cacao_of(st, s), m.sun(st, s), m.water(st, s)]
        assert [a + b for a, b in zip(start, total[s])] == end, (s, start, total[s], end)


def test_hand_tiles_show_worker_digits(rec):
    assert rec.digits
    for want, got in rec.digits:
        assert want == got, (want, got)


def test_temple_standings_page(rec):
    assert rec.temples, "no temple came out in the game"
    text, rows = rec.temples
    for row in rows:
        assert " ".join(row.split()) in " ".join(text.split()), (row, text)
        assert "leads by" in row or "tie" in row or "no workers" in row


def test_end_screen_breaks_down_temples_water_sun(rec):
    st = bytearray(rec.state)
    for s in range(len(SEATS)):
        play_g, tg, sun, water = cacao.score_parts(st, s)
        assert "%d from play, %d temples, %d sun tokens" % (play_g, tg, sun) in rec.end
        assert "water %d of 8: %+d" % (m.water(st, s), water) in rec.end
    temples = cacao_pages.temples(st)
    assert temples
    pay = [0] * len(SEATS)
    for key, counts in temples:
        assert "Temple (%d,%d)" % m.key_xy(key) in rec.end
        for s, p in enumerate(cacao_pages.temple_pay(counts)):
            pay[s] += p
    assert pay == [cacao.score_parts(st, s)[1] for s in range(len(SEATS))]


def test_final_table_and_overview_marks(rec):
    """The final table opens from the end screen (B); on small cells no jungle mark reads as a seat
    letter and markets show their price."""
    scr, texts = rec.final
    assert isinstance(scr, overview.OverviewScreen) and scr.title == "Final table"
    st = bytearray(rec.state)
    for j in range(m.jungle_n(st)):
        t = m.jungle_type(st, j)
        mark = overview._JUNGLE_LETTER[t]
        assert mark not in "RPWY"
        if 3 <= t <= 5:
            assert mark == "%d" % m.PRICE[t]
    assert scr.cs >= overview.MIN_CS
    markets = 0
    for j in range(m.jungle_n(st)):
        key = m.jungle_key(st, j)
        t = m.jungle_type(st, j)
        if not (3 <= t <= 5 and scr.vx <= key >> 8 < scr.vx + scr.vc and scr.vy - scr.vr < key & 0xFF <= scr.vy):
            continue
        px = scr.ox + ((key >> 8) - scr.vx) * scr.cs
        py = scr.oy + (scr.vy - (key & 0xFF)) * scr.cs
        if scr.cs < 24:
            assert any(tt[4] == "%d" % m.PRICE[t] and px <= tt[0] < px + scr.cs and py <= tt[1] < py + scr.cs
                       for tt in texts), "market price not shown at %r" % (m.key_xy(key),)
        markets += 1
    assert markets


def _edge_case(scr):
    """A legal cell whose preview fills a space off to one side: (cell, rot, fill key)."""
    st = scr.session.state
    for i in range(scr.ov.n_legal):
        scr.cursor = scr.ov.legal[i]
        for rot in range(m.rotations(m.hand(st, m.to_move(st), scr.sel))):
            scr.rot = rot
            scr._preview()
            pv = scr.ov.preview
            if pv is not None:
                for j in range(pv.n_fills):
                    if pv.fill_keys[j] >> 8 != scr.cursor >> 8:
                        return scr.cursor, rot, pv.fill_keys[j]
    return None


@pytest.mark.parametrize("board", BOARDS)
def test_a_fill_beyond_the_view_edge_pans_into_view(board):
    """The view ends where the side panel starts: with the cursor on the last column and the
    space it fills beyond it (as after 'use hint'), the table pans so both are in view, the
    fill with its orange frame."""
    con = Console(board)
    k = T.Keys(con)
    rng = random.Random(4)
    T.start_game(con, k, SEATS)
    for _ in range(400):
        scr = con.app.screen
        if con.title() == "Since your turn":
            k.tap("A")
        elif isinstance(scr, P.Screen) and scr.mode == P.WATCH:
            con.wait(20)
        elif isinstance(scr, P.Screen) and scr.mode == P.PLACE and _edge_case(scr):
            break
        else:
            T.human_turn(con, k, scr, rng)
    else:
        raise AssertionError("no placement filled a space to its side")
    cur, rot, fill = _edge_case(scr)
    t = scr.table
    side = 1 if fill >> 8 > cur >> 8 else -1
    t.left = (cur >> 8) - (t.cols - 1 if side > 0 else 0)     # the cursor on the edge column
    t.top = (cur & 0xFF) + t.rows // 2
    scr.cursor = cur
    scr.rot = rot
    scr._preview()
    con.app.render()
    assert t.visible(cur) and t.visible(fill), "the fill is off the table's view"
    x, y = cell_xy(t, fill)
    assert x + CS <= scr.panel.x
    assert near(pixel(con, x + 1, y + 1), FIRE)
