"""The console in the headless simulator on all six boards: every menu reached with the board's
own buttons, its text on screen, nothing drawn off the panel, redraw costs within budget."""
import os
import struct
import subprocess
import sys

import pytest

from host_sim import assets, boards, terminal
from host_sim.console import Console
from meeple.ui import input as inp
from testkit.screens import has, nxt, open_item

from testkit import ROOT


def check_clean(con):
    assert con.canvas.clipped == 0, "something was drawn off the %s panel" % con.board.ID


@pytest.fixture(params=boards.BOARDS)
def con(request, tmp_path):
    return Console(request.param, root=str(tmp_path))


def test_boot_shows_title_then_main_menu(con):
    assert con.text() == ["MEEPLE", "pocket board games", "press A"]
    con.tap("A")
    assert con.title() == "Main menu"
    assert con.text()[:2] == ["Main menu", "\x7fNew game"]  # no save: New game first
    for item in ("Statistics", "Settings", "Rules", "About"):
        assert item in con.text()
    check_clean(con)


def test_every_menu_reached_with_the_boards_buttons(con):
    con.tap("A")
    seen = {}
    first_game = con.app.games[0].TITLE if con.app.games else "No game is installed"
    for item, expect in (("New game", first_game), ("Statistics", "No games played yet."),
                         ("Rules", "Buttons"), ("About", "Board: " + con.board.NAME)):
        open_item(con, item)
        seen[item] = con.title()
        assert any(expect in t for t in con.text()), (item, con.text())
        check_clean(con)
        con.tap("B")
        assert con.title() == "Main menu"
    open_item(con, "Settings")
    for row, picker in (("Brightness", "Brightness"), ("AI pause", "AI pause"), ("Privacy", "Privacy"),
                            ("Text", "Text"), ("Take-backs", "Take-backs")):
        open_item(con, row)
        assert con.title() == picker
        check_clean(con)
        con.tap("B")
        assert con.title() == "Settings"
    con.tap("B")
    open_item(con, "Rules")
    con.tap("A")
    assert con.title() == "Buttons"
    text = " ".join(con.text())
    assert con.board.NAME in text and "confirm" in text
    check_clean(con)
    assert seen == {"New game": "New game", "Statistics": "Statistics", "Rules": "Rules", "About": "About"}


def test_every_event_has_a_button(con):
    """UX.md: move/change, confirm, back, secondary, menu: all reachable on every board."""
    events = {e for e, _ in con.input.names()}
    assert {inp.OK, inp.BACK, inp.ALT, inp.MENU} <= events
    assert {inp.UP, inp.DOWN} <= events or {inp.NEXT, inp.PREV} <= events
    # and the hold gestures really produce them through the simulated buttons
    con.events.clear()
    con.keys("hold:B")
    hold_b = inp.MENU if not has(con, "Y") or not has(con, "up") else None
    if hold_b:
        assert con.events == [inp.MENU]


def test_settings_change_is_saved_and_survives_a_reboot(con):
    con.tap("A")
    open_item(con, "Settings")
    open_item(con, "Brightness")
    inc = "right" if has(con, "right") else "X"
    con.tap(inc)
    con.tap("A")
    assert con.title() == "Settings"
    assert "9" in con.text()
    assert con.backlight.level == 9
    again = Console(con.board.ID, root=con.root)
    assert again.app.settings["brightness"] == 9
    assert again.backlight.level == 9


def test_cursor_move_costs_a_small_fraction_of_a_frame(con):
    con.tap("A")
    frame = con.board.WIDTH * con.board.HEIGHT * 2
    before = con.panel.bytes_sent
    con.app._full = True
    con.app.render()
    full = con.panel.bytes_sent - before
    before = con.panel.bytes_sent
    con.tap(nxt(con))
    move = con.panel.bytes_sent - before
    assert frame <= full < frame * 1.1, "a full redraw should paint each pixel about once"
    assert move < frame * 0.15, "cursor move sent %d bytes of a %d-byte frame" % (move, frame)


def test_drawn_pixels_are_what_the_canvas_drew(tmp_path):
    con = Console("waveshare_lcd_1_3", root=str(tmp_path))
    # the title bar background colour, decoded from the panel's bytes (high byte first)
    from meeple.ui import theme
    px = con.panel.pixels
    con.tap("A")
    v = px[0] << 8 | px[1]
    assert v == theme.BAR


def test_assets_are_up_to_date():
    assert assets.main(["--check"]) == 0


def test_terminal_renderer_draws_half_blocks():
    con = Console("waveshare_lcd_1_14")
    out = terminal.render(con.panel, step=2)
    lines = out.split("\n")
    assert len(lines) == 34  # rows 0, 4, ..., 132: each line shows two sampled rows
    assert lines[0].count("\u2580") == 120
    assert "\x1b[38;2;" in lines[0] and lines[0].endswith("\x1b[0m")
    assert terminal.fit_step(240, 135, 80, 24) == 4  # 60 columns, 17 of the 22 free lines
    assert terminal.fit_step(240, 240, 250, 200) == 1


def test_headless_command_writes_a_screenshot(tmp_path):
    shot = tmp_path / "menu.png"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--board", "pimoroni_display_pack",
                        "--keys", "A X", "--shot", str(shot), "--stats"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Main menu" in r.stdout and "SPI bytes sent" in r.stdout
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (240, 135)


def test_unknown_board_and_missing_button_are_errors(tmp_path):
    with pytest.raises(ValueError):
        boards.load("nope")
    con = Console("pimoroni_display_pack", root=str(tmp_path))
    with pytest.raises(ValueError):
        con.tap("up")


def test_sim_without_display_or_terminal_says_what_to_do(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    r = subprocess.run([sys.executable, "-m", "host_sim", "--board", "waveshare_lcd_1_14"],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 2
    assert "--headless" in r.stderr and "Traceback" not in r.stderr


def test_each_game_package_names_its_rules_pages_and_seats_as_its_screens_do():
    """The menus read a game's names from its package (meeple.ui.<game>) without importing its
    screens: the package's rule titles and seat names must be the play module's and the core's."""
    from meeple.core import cacao, santiago
    from meeple.ui.cacao import play as cacao_play
    from meeple.ui.santiago import play as santiago_play
    for play, core in ((cacao_play, cacao), (santiago_play, santiago)):
        assert play.RULE_TITLES == tuple(t for t, _ in play.RULES)
        assert len(play.SEAT_NAMES) == len(play.SEAT_LETTERS) == play.PLAYERS[1]
    assert cacao_play.SEAT_NAMES == tuple(cacao.SEAT_NAMES)
