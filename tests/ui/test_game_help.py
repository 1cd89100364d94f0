"""Each game's help explains every symbol its screen draws (issue 16).

Cacao: the symbol page (meeple.ui.cacao.legend) draws each picture with the table's own code: a
picture of the page is pixel for pixel the table's cell of the same kind, and every cell the table
draws during a game (its signature taken apart: tile, marks, cursor, fires, last move) has a row
on the page. Santiago: every plot flag and lane kind its board draws during a game is named in the
rules' "Screen" page, and every flag the board module defines has words there.
"""
from host_sim.console import Console
from meeple.console import host
from meeple.core import cacao
from meeple.ui.cacao import legend, model as cacao_model, play as play_cacao, table as cacao_table
from meeple.ui.santiago import board as santiago_board, play as play_santiago
from meeple.ui import screen as ui_screen

from testkit.santiago_driver import Driver

HUMAN, EASY = host.HUMAN, host.AI_EASY
PAT = 1 << 4                         # a worker tile's top byte: seat 1, pattern 2-1-0-1, turn 0
WORKER = 256 | (1 << 6) | PAT


def sig_of(key):
    """The table cell signature (meeple.ui.cacao.table.Table._signature) drawn like `key`."""
    if key in cacao.JUNGLE_NAMES:
        return cacao.JUNGLE_NAMES.index(key)
    return {"worker": WORKER, "overbuilt": WORKER | 1, "fire": WORKER | 1 << 10, "legal": 16,
            "space": 17, "fill": 32 | 1, "unknown": 32 | cacao_model.UNKNOWN, "cursor": 1 << 14,
            "bad": 1 << 15, "last": 1 << 16}.get(key)


def keys_of(sig):
    """The symbol page's rows that explain a cell the table drew with signature `sig`."""
    kind = sig & 1023
    out = set()
    if kind & 768:
        out.add("worker")
        if kind & 256 and kind & 1:
            out.add("overbuilt")
    elif kind & 32:
        t = kind & 31
        out.add("unknown" if t == cacao_model.UNKNOWN else "fill")
        if t != cacao_model.UNKNOWN:
            out.add(cacao.JUNGLE_NAMES[t])
    elif 1 <= kind <= 10:
        out.add(cacao.JUNGLE_NAMES[kind])
    elif kind == 16:
        out.add("legal")
    elif kind == 17:
        out.add("space")
    for bit, key in ((10, "fire"), (11, "fire"), (12, "fire"), (13, "fire"), (14, "cursor"),
                     (15, "bad"), (16, "last")):
        if sig >> bit & 1:
            out.add(key)
    return out


def block(con, x, y):
    px = con.panel.pixels
    w = con.board.WIDTH
    return [bytes(px[((y + r) * w + x) * 2:((y + r) * w + x + 24) * 2]) for r in range(24)]


def test_cacao_symbol_page_draws_what_the_table_draws():
    assert len(set(legend.KEYS)) == len(legend.KEYS)
    text = dict(play_cacao.RULES)["Symbols"].split("\n")
    assert len(text) == len(legend.KEYS)
    for name in cacao.JUNGLE_NAMES[1:]:                       # every jungle tile
        i = legend.KEYS.index(name)
        assert cacao_model.KIND_WORDS[cacao.JUNGLE_NAMES.index(name)].split()[0] in text[i].lower()
    for token in ("gold", "cacao", "sun", "water"):           # the side panel's figures
        assert token in legend.KEYS
    con = Console("waveshare_lcd_1_3", boot=False)
    table = cacao_table.Table(0, 0, 48, 48)
    compared = 0
    for key in legend.KEYS:
        sig = sig_of(key)
        if sig is None:
            continue
        legend.symbol(con.canvas, key, 10, 40)
        table._cell(con.canvas, 60, 40, sig)
        assert block(con, 10, 40) == block(con, 60, 40), key
        compared += 1
    assert compared == len(legend.KEYS) - 6   # all but the seat box, the hand and 4 tokens


def test_cacao_numbers_are_the_cores():
    """The tile counts, the hand and the end as the core plays them."""
    text = dict(play_cacao.RULES)["Numbers"]
    assert "Worker tiles: %d each with 2 players, %d with 3, %d with 4." % tuple(
        cacao.turns_total(n) for n in (2, 3, 4)) in text
    for n in (2, 3, 4):
        st = cacao.new_game(n, 1)
        assert cacao_model.hand_n(st, 0) == 3
        assert sum(cacao._SET[n]) == cacao.turns_total(n)
    assert "You hold 3" in text


def test_every_cell_a_cacao_game_draws_is_on_the_symbol_page(tmp_path, monkeypatch):
    seen = set()
    cell = cacao_table.Table._cell

    def spy(self, c, x, y, s):
        seen.add(s)
        return cell(self, c, x, y, s)

    monkeypatch.setattr(cacao_table.Table, "_cell", spy)
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    con.app.settings["ai_pause"] = 0
    con.keys("A")
    plugin = [g for g in con.app.games if g.GAME == "cacao"][0]
    con.board.TEST_SEED = 99
    host.start(con.app, plugin, 3, [HUMAN, EASY, EASY], {})
    app = con.app
    s = app.session
    game = s.screen
    turn = 0
    while not s.core.is_over(s.state):
        while app.screen is not game:
            app.pop()
        if s.is_human(s.core.to_move(s.state)) and game.deciding():
            turn += 1
            if game.mode == play_cacao.PLACE:       # the cursor over a few cells: marks, previews
                con.keys("right up left down")
            s.play(s.plugin.ai_action(s.state, 0, 1))
        else:
            con.now += 10
            app.tick()
        app.render()
    drawn = set()
    for sig in seen:
        drawn |= keys_of(sig)
    assert drawn <= set(legend.KEYS), drawn - set(legend.KEYS)
    assert {"worker", "legal", "cursor", "last", "P1", "M2", "T"} <= drawn   # the game was seen


# ---- Santiago --------------------------------------------------------------------------------
# each flag the board draws, and the words of the "Screen" page that explain it
PLOT_WORDS = {"F_CURSOR": "yellow frame = the cursor", "F_FIELD": "white frames = the field",
              "F_LOSE": "-1 = loses a marker", "F_DRY": "Red X = turns to desert",
              "F_CHOICE": "grey frames = the plots the leftover tile may take",
              "F_GHOST": "the crop you place shown on the plot"}
LANE_WORDS = {"L_CURSOR": "solid yellow = the one under the cursor",
              "L_CHOICE": "yellow dashes = the lanes you may choose"}
KIND_WORDS = {0: "brown = ditch", 1: "light dashes = may be built now", 2: "blue = canal",
              3: "stripes = a proposal"}
OTHER_WORDS = ("green when watered, straw when dry", "blue-grey when watered, dark green when dry",
               "desert", "Palm", "Spring", "owner letter", "pip per marker", "x1 / x2")


def test_santiago_screen_page_names_every_symbol_the_board_draws(tmp_path, monkeypatch):
    page = " ".join(dict(play_santiago.RULES)["Screen"].split())
    flags = {n for n in dir(santiago_board) if n[:2] in ("F_", "L_") and n[2:].isupper()}
    assert flags == set(PLOT_WORDS) | set(LANE_WORDS)          # a new mark needs words here
    for words in list(PLOT_WORDS.values()) + list(LANE_WORDS.values()) + list(
            KIND_WORDS.values()) + list(OTHER_WORDS):
        assert words in page, words
    plots = set()
    lanes = set()
    plot, lane = santiago_board.Board._plot, santiago_board.Board._lane

    def spy_plot(self, c, st, p, f, ring=False, old=0):
        plots.add(f & 0x7F)
        return plot(self, c, st, p, f, ring, old)

    def spy_lane(self, c, st, s, k, mask):
        lanes.add(k)
        return lane(self, c, st, s, k, mask)

    monkeypatch.setattr(santiago_board.Board, "_plot", spy_plot)
    monkeypatch.setattr(santiago_board.Board, "_lane", spy_lane)
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    con.app.settings["ai_pause"] = 0
    ui_screen.set_large(False)
    con.keys("A")
    plugin = [g for g in con.app.games if g.GAME == "santiago"][0]
    con.board.TEST_SEED = 5
    host.start(con.app, plugin, 3, [HUMAN, EASY, EASY], {"palms": True})
    d = Driver(con, seed=2, policy="bot")
    for _ in range(4000):
        if not d.step():
            break
    seen = set()
    for f in plots:
        for name in PLOT_WORDS:
            if f & getattr(santiago_board, name):
                seen.add(name)
    for k in lanes:
        seen.add(k & 7)
        if k & 64:
            seen.add("L_CURSOR")
        if k & 128:
            seen.add("L_CHOICE")
    # every kind of mark and lane was drawn in the game (so the words above are about it)
    assert {"F_CURSOR", "F_FIELD", "F_GHOST", "F_DRY", "L_CURSOR", "L_CHOICE", 0, 1, 2, 3} <= seen, seen
    assert not {k & 7 for k in lanes} - set(KIND_WORDS)
