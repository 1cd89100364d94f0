"""What only an open game needs of the console: the hot-seat pass screen, the questions before
leaving a game and before a take-back, B back to the game menu, and the take-back itself
(meeple.storage.takeback decides where to). Imported when first used during a game and forgotten with
the game's modules (host.GameSession.close), so the idle menus do not hold it."""
import gc

from meeple.ui import input as ev
from meeple.ui.screen import DialogScreen


class ConfirmScreen(DialogScreen):
    """A question before something that loses something: A does it, B keeps things as they
    are (one level back)."""

    def __init__(self, title, message, yes, on_yes):
        DialogScreen.__init__(self, title, message, self._yes, None, "A %s  B keep" % yes)
        self.on_yes = on_yes

    def _yes(self):
        if self.app:
            self.app.pop()
        self.on_yes()


class PassScreen(DialogScreen):
    """Hot-seat privacy: "pass the console to ...". Only A (or A held, on boards whose A has the
    hold gesture: no d-pad) lets the player in; B, held B and the rest do nothing, so nobody's
    hand shows by a stray press."""

    def __init__(self, plugin, seat):
        name = "%s %s" % (plugin.SEAT_LETTERS[seat], plugin.SEAT_NAMES[seat])
        DialogScreen.__init__(self, "Pass the console", "Pass the console to %s.\n\n"
                              "%s: press A when only you can see the screen." % (name, name),
                              None, None, "A I am " + plugin.SEAT_NAMES[seat])

    def event(self, e):
        if e == ev.OK or (e == ev.ALT and self.app and not self.app.input.dpad):
            self.app.pop()
        elif e != ev.BACK:      # up/down scroll a message too long for large text
            DialogScreen.event(self, e)


def leave(s):
    """Back to the main menu; while the game is on, only after a confirmation (it stays saved
    for Continue, but one press too many must not end the evening's game). A finished game
    stayed saved for its end screen (its record can be saved after a power cut): it goes now."""
    if s.core.is_over(s.state):
        s.app.storage.end_game()
        s.app.home()
        return
    s.app.push(ConfirmScreen("Leave game", "Leave this game? It stays saved for Continue.",
                             "leave", s.app.home))


def back_to_menu(s):
    """Close the page on top (a hint) and open the game menu again: B goes one level back to
    where the page was opened from, not into the game."""
    app = s.app
    app.pop()
    scr = s.screen
    if scr is not None and app.screen is scr:
        scr.event(ev.MENU)


def point(s):
    """The journal length a take-back rewinds to, or -1 (Settings > Take-backs off, no human
    decision, the game over, or a reveal since and the setting is not "Always")."""
    from meeple.storage import takeback
    mode = s.app.settings.get("takeback", 1)
    if not mode or s.core.is_over(s.state):
        return -1
    return takeback.point(s.journal, s.state, s.seats, mode == 2, s._before)


def take_back(s):
    """Ask first; in hot-seat every player must agree."""
    msg = "Undo the last move made by a human, and everything after it?"
    if s.humans() >= 2:
        msg += "\n\nEvery player must agree."
    s.app.push(ConfirmScreen("Take back", msg, "take back", s.rewind))


def rewind(s):
    """Replay the journal without the last human decision and what came after it: the position
    is then the same bytes as a replay of the shorter journal; it is saved, and the game screen
    is built again on it (the bots move again from there)."""
    from meeple.storage import takeback
    k = point(s)
    if k < 0:
        return
    st = takeback.replay(s.journal, k)
    s.state[:] = st
    st = None
    s.app.storage.save_state(s.meta, s.plugin.GAME, s.state)
    s.journal.truncate(k)   # after the save: a power cut between them costs the log only
    s.forget_bots()
    app = s.app
    del app.stack[:]
    s.screen = None
    gc.collect()
    s.restart_turn()
    s.screen = s.plugin.Screen(s)
    app.push(s.screen)
    app.show_toast("Move taken back")
    s.next_turn()
