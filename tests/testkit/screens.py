"""Reading what the simulator's panel shows, and moving through menus with the board's own
buttons (a d-pad, or X = next on 4-button boards)."""
from meeple.ui import screen as ui_screen


def has(con, name):
    return any(n == name for n, _ in con.board.BUTTONS)


def nxt(con):
    """The button that moves a menu cursor down on this board (d-pad, else X = next)."""
    return "down" if has(con, "down") else "X"


def open_item(con, label):
    """From any menu: move the cursor (with the board's buttons) to `label` and press A."""
    for _ in range(12):
        if "\x7f" + label in con.text():
            con.tap("A")
            return
        con.tap(nxt(con))
    raise AssertionError("no menu row %r on %s: %r" % (label, con.board.ID, con.text()))


def words_read(con):
    """Every word of the TextScreen on top, as read on the panel while scrolling it to the end
    with the board's keys."""
    scr = con.app.screen
    nxt = "down" if any(n == "down" for n, _ in con.board.BUTTONS) else "X"
    seen = {}
    for _ in range(300):
        body = con.text()[1:-1]
        shown = [t for t in scr.lines[scr.top:scr.top + scr.rows] if t]
        assert body == shown, (body, shown)
        for r in range(scr.rows):
            if scr.top + r < len(scr.lines):
                seen[scr.top + r] = scr.lines[scr.top + r]
        before = scr.top
        con.keys(nxt)
        if scr.top == before:
            break
    return " ".join(" ".join(seen[i] for i in sorted(seen)).split())


def dialog_read(con):
    """Every word of the dialog on top, read on the panel while scrolling it with the board's
    keys (its lines are drawn in the reading font of the setting)."""
    scr = con.app.screen
    nxt = "down" if any(n == "down" for n, _ in con.board.BUTTONS) else "X"
    seen = []
    for _ in range(50):
        body = con.text()[1:-1]
        assert all(t[3] == ui_screen.text_font().h for t in con.panel.texts
                   if t[1] > 20 and t[1] < con.board.HEIGHT - ui_screen.footer_h()), "font"
        if not seen:
            seen = body
        else:
            assert body[:-1] == seen[len(seen) - len(body) + 1:], (seen, body)
            seen.append(body[-1])
        before = scr.top
        con.keys(nxt)
        if scr.top == before:
            break
    return " ".join(" ".join(seen).split())


def footer_text(con, footer):
    return ui_screen.footer_fit(ui_screen.footer_words(footer, con.app), con.board.WIDTH)[0]
