"""Where notes (toasts) are drawn: the rectangle of each note's frame while a `Frames` is
active, and the rectangle tests the toast tests ask of it."""
from meeple.ui import screen as ui_screen


class Frames:
    """While active, the rectangle of each note drawn: the first frame Toast.draw draws."""

    def __init__(self):
        self.rects = []
        self._orig = ui_screen.Toast.draw

    def __enter__(self):
        orig = self._orig
        rects = self.rects

        def draw(toast, c, *args):
            frame = c.frame
            got = []

            def first_frame(x, y, w, h, color, t=1):
                if not got:
                    got.append((x, y, w, h))
                frame(x, y, w, h, color, t)
            c.frame = first_frame
            try:
                orig(toast, c, *args)
            finally:
                del c.frame
            rects.append((toast.text, got[0]))
        ui_screen.Toast.draw = draw
        return self

    def __exit__(self, *exc):
        ui_screen.Toast.draw = self._orig
        return False


def inside(r, box):
    return box[0] <= r[0] and box[1] <= r[1] and r[0] + r[2] <= box[0] + box[2] and r[1] + r[3] <= box[1] + box[3]


def meets(a, b):
    return not (a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1])


def show(con, frames, text):
    con.app.show_toast(text, 2500)
    con.app.render()
    got = [r for s, r in frames.rects if s == text]
    assert got, "the note %r was not drawn" % text
    return got[-1]
