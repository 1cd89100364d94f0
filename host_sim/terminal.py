"""The console in a terminal: 24-bit colour half-block pixels, keys from stdin. Works over ssh.

Each character cell shows two pixels, one above the other ("▀" with the top pixel as its
foreground colour and the bottom one as background). A panel wider than the terminal is
sampled every `step` pixels. Keys: arrows, a b x y (A B X Y buttons), Enter = A,
Backspace = B, capital A / B = hold A / B, q = quit. A terminal sends no key releases, so
every key is a tap.
"""
import os
import select
import shutil
import sys
import time

from host_sim.console import Console

KEYS = {"\x1b[A": "up", "\x1b[B": "down", "\x1b[D": "left", "\x1b[C": "right",
        "a": "A", "b": "B", "x": "X", "y": "Y", "\r": "A", "\n": "A", "\x7f": "B", "\x08": "B"}
HOLDS = {"A": "A", "B": "B"}


def fit_step(width, height, cols, rows):
    """Smallest pixel step so the panel fits in cols x (rows - 2) cells (2 pixels a row)."""
    step = 1
    while width // step > cols or (height // step + 1) // 2 > rows - 2:
        step += 1
    return step


def render(panel, step=1):
    """The panel as text: ANSI 24-bit colour escapes, one line per two sampled pixel rows."""
    rows = panel.rgb_rows()
    out = []
    for y in range(0, panel.height, 2 * step):
        top = rows[y]
        bot = rows[y + step] if y + step < panel.height else None
        line = []
        for x in range(0, panel.width, step):
            i = x * 3
            t = top[i:i + 3]
            if bot is None:
                line.append("\x1b[38;2;%d;%d;%dm\x1b[49m\u2580" % (t[0], t[1], t[2]))
            else:
                b = bot[i:i + 3]
                line.append("\x1b[38;2;%d;%d;%d;48;2;%d;%d;%dm\u2580" % (t[0], t[1], t[2], b[0], b[1], b[2]))
        out.append("".join(line) + "\x1b[0m")
    return "\n".join(out)


def legend(con):
    have = {n for n, _ in con.board.BUTTONS}
    parts = ["arrows" if "up" in have else "", "a=A", "b=B", "x=X" if "X" in have else "",
             "y=Y" if "Y" in have else "", "A/B=hold", "q=quit"]
    return "%s  keys: %s" % (con.board.NAME, " ".join(p for p in parts if p))


def run(board, flash=None, keys=""):
    import termios
    import tty
    con = Console(board, root=flash)
    con.keys(keys)
    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    shown = -1
    try:
        sys.stdout.write("\x1b[2J\x1b[?25l")
        last = time.monotonic()
        while True:
            if con.panel.frame_count != shown:
                size = shutil.get_terminal_size((80, 24))
                step = fit_step(con.board.WIDTH, con.board.HEIGHT, size.columns, size.lines)
                sys.stdout.write("\x1b[H" + render(con.panel, step) + "\n" + legend(con) + "\x1b[K")
                sys.stdout.flush()
                shown = con.panel.frame_count
            r, _, _ = select.select([fd], [], [], 0.02)
            now = time.monotonic()
            con.wait(int((now - last) * 1000))
            last = now
            if r:
                data = os.read(fd, 16).decode("latin-1")
                if data == "q":
                    return 0
                if data in HOLDS:
                    name, hold = HOLDS[data], True
                else:
                    name, hold = KEYS.get(data), False
                if name and con.buttons & con.bit_or_zero(name):
                    (con.hold if hold else con.tap)(name)
                last = time.monotonic()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        sys.stdout.write("\x1b[0m\x1b[?25h\n")
