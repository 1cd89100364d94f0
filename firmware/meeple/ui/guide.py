"""The guided first round (Rules > a game > "Guided first round"): at each decision of the
human seat in the game's first round a page says what to look at and why the hint's move is
good; closing it (A) shows the game with that move preselected, to play or not. B on a page
skips the guide: the game goes on as any game. When the first round is over a last page says
the guide hands over.

The words are the game's own (meeple.ui.<game>.guide): `decision(screen)` names the decision
on screen (-1: none for the guide), `explain(screen)` works out the hint, preselects it and
returns the page's text, `round_over(state)`. This module and the game's are imported only when
a guided game starts and forgotten at hand-over or skip, so a normal game never holds them."""
from meeple import forget
from meeple.ui.screen import DialogScreen

HANDOVER = ("That was the first round: the guide hands over. The game goes on as a normal "
            "game; the hint is still in the game menu.")


class Guide:
    def __init__(self, session):
        self.session = session
        self.name = "meeple.ui.%s.guide" % session.plugin.GAME
        self.words = __import__(self.name, None, None, ("explain",))
        self.seen = []      # the decisions explained: journal length * 8 + their kind
        self.steps = 0

    def tick(self):
        """Called by the session each tick: a page when a new decision of the round is up."""
        s = self.session
        app = s.app
        scr = s.screen
        if scr is None or app.screen is not scr:
            return
        w = self.words
        if w.round_over(s.state):
            app.push(DialogScreen("Guide: done", HANDOVER, self.stop, self.stop, "A play on"))
            return
        d = w.decision(scr)
        if d < 0:
            return
        key = len(s.journal) * 8 + d
        if key in self.seen:
            return
        self.seen.append(key)
        self.steps += 1
        text = w.explain(scr, self.steps == 1)
        app.push(DialogScreen("Guide %d" % self.steps, text, app.pop, self.skip,
                              "A show me  B skip"))

    def skip(self):
        self.stop()
        self.session.app.show_toast("Guide off: the game goes on")

    def stop(self):
        """The guide ends: its page goes, and so do its modules; the game plays on."""
        s = self.session
        s.app.pop()
        s.guide = None
        forget(self.name)
        forget("meeple.ui.guide")
