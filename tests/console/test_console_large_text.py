"""Settings > Text "Large" (issue 16): the console's menus, pages, dialogs and footers in the
large font on all six boards, and in the normal one: nothing drawn off the panel, every word of
a page readable by scrolling, every menu row and value on screen, footers within the panel."""
import pytest

from host_sim import boards
from host_sim.console import Console
from meeple.console import host, menus, settings
from meeple.ui import screen as ui_screen
from meeple.console.session import ConfirmScreen
from meeple.ui.widgets import TextScreen
from testkit.screens import dialog_read, footer_text, words_read


def console(board, large, tmp_path):
    con = Console(board, root=str(tmp_path))
    con.app.settings["text"] = large
    con.app.apply_text()
    con.keys("A")
    return con


def footer_ok(con, footer):
    drawn = con.text()[-1]
    want = ui_screen.footer_words(footer, con.app)
    assert drawn == want or (ui_screen.text_font().h > 8 and drawn.split()[:2] == [
        w for w in ui_screen.fit_footer(want, 99).split()][:2]), (drawn, want)


@pytest.mark.parametrize("large", [0, 1])
@pytest.mark.parametrize("board", boards.BOARDS)
def test_menus_pages_and_dialogs_fit_in_both_sizes(board, large, tmp_path):
    con = console(board, large, tmp_path)
    app = con.app
    assert ui_screen.text_font().h == (16 if large else 8)
    screens = [settings.SettingsScreen(), settings.RulesMenu(), menus.GameChoice()]
    for g in app.games:
        screens.append(settings.GameRules(g))
        screens.append(menus.SetupScreen(g))
    for scr in screens:
        app.push(scr)
        app.render()
        m = scr.menu
        for i in range(len(m.labels)):          # every row comes into view, label then value
            m.cursor = i
            m._scroll()
            app.render()
            row = [t for t in con.text() if t.startswith("\x7f")]
            assert row and m.labels[i].startswith(row[0][1:].strip()[:6]), (m.labels[i], row)
            if m.values and m.values[i]:
                assert m.values[i] in con.text(), (m.values[i], con.text())
        footer_ok(con, scr.footer)
        assert con.canvas.clipped == 0, scr.title
        app.pop()
    # every page: all its words read by scrolling
    pages = [("Buttons", settings.button_help(app))]
    for g in app.games:
        pages.extend(host.rules(g))
    for title, text in pages:
        app.push(TextScreen(title, text))
        app.render()
        assert words_read(con) == " ".join(text.split()), title
        footer_ok(con, TextScreen.footer)
        app.pop()
    long = " ".join(["A question that is far too long for the large font."] * 4)
    for text in ("Leave this game? It stays saved for Continue.", long):
        scr = ConfirmScreen("Leave game", text, "leave", app.home)
        app.push(scr)
        app.render()
        assert dialog_read(con) == text             # the whole question, scrolled if it must be
        assert con.text()[-1] == footer_text(con, "A leave  B keep")
        assert app.screen is scr
        app.pop()
    assert con.canvas.clipped == 0


def test_the_text_setting_is_kept_and_applied_at_boot(tmp_path):
    con = console("waveshare_lcd_1_14", 0, tmp_path)
    con.app.settings["text"] = 1
    con.app.save_settings()
    ui_screen.set_large(False)
    again = Console("waveshare_lcd_1_14", root=str(tmp_path))
    assert ui_screen.text_font().h == 16
    again.keys("A")
    assert again.text()[-1] == "A select"
    assert again.panel.bytes_sent and again.canvas.clipped == 0
    ui_screen.set_large(False)
