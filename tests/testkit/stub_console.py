"""A console whose only game is a stub plug-in that plays the Cacao rules core (the first legal
action on A, the last for a bot) by the documented plug-in interface (meeple.console.host): the
saves, power cuts and flash failures are tested through the real app and menus with it."""
import types

from host_sim.console import Console
from meeple.core import cacao
from meeple.ui.screen import Screen


class _PlayScreen(Screen):
    footer = "A play first legal action"

    def __init__(self, session):
        Screen.__init__(self)
        self.session = session
        self.title = "Cacao test"
        self.changes = []
        self.over = False

    def draw_body(self, c):
        Screen.draw_body(self, c)
        s = self.session
        c.text("turn %d seat %d" % (s.state[4], cacao.to_move(s.state)), 4, 30, 0xFFFF, 0)

    def event(self, e):
        from meeple.ui import input as ev
        if e == ev.OK and not self.over:
            self.session.play(cacao.legal_actions(self.session.state)[0])
        elif e == ev.BACK:
            self.session.leave()

    def changed(self, seat, action):
        self.changes.append((seat, action))

    def game_over(self):
        self.over = True


PLUGIN = types.SimpleNamespace(
    GAME="cacao", TITLE="Cacao", PLAYERS=(2, 4), SEAT_NAMES=cacao.SEAT_NAMES,
    SEAT_LETTERS=("R", "P", "W", "Y"),
    OPTIONS=(("start_seat", "Start player", (0, 1), ("Red", "Purple")),),
    RULES=(("Overview", "Place worker tiles next to jungle tiles."),),
    ai_action=lambda state, seat, level: cacao.legal_actions(state)[-1],
    Screen=_PlayScreen)


def console(root, board="waveshare_lcd_1_3"):
    return Console(board, root=str(root), games=[PLUGIN])


def saved(root):
    meta, state = con_storage(root).load_game()
    return meta, state


def con_storage(root):
    from meeple.storage import Storage
    return Storage(str(root))


def fresh(root, moves):
    """A 2-human Cacao game (no pass screens) after `moves` moves, on the flash at root."""
    root.mkdir(exist_ok=True)  # a real flash's mount point is already there
    (root / "settings.json").write_text('{"privacy": 0}')
    con = console(root)
    con.keys("A A A")                      # title, New game, Cacao
    con.keys("down down A left left A down down A")   # seat P: Human; Start game
    for _ in range(moves):
        con.keys("A")
    return con
