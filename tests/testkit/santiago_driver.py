"""A scripted Santiago player for the simulator: it reads the position, picks an action (seeded
random among the legal ones, or the easy bot) and presses the board's buttons until the screen
plays it. Input goes through the keys only; the screen's cursor is read to know when to stop.
Used by the Santiago screen tests (tests/ui/test_santiago_*.py)."""
import random

from meeple import ai
from meeple.core import santiago as core
from meeple.ui.santiago import play as PS
from meeple.ui.santiago import screens as santiago_screens


class Driver:
    def __init__(self, con, seed=0, policy="random"):
        self.con = con
        self.rng = random.Random(seed)
        self.policy = policy
        names = {n for n, _ in con.board.BUTTONS}
        self.dpad = "down" in names
        self.fwd = "right" if self.dpad else "X"
        self.back = "left" if self.dpad else "Y"
        self.played = []      # (seat, action) as the session applied them
        self.presses = 0
        self.k = 0
        self.on_decision = None   # called with the game screen before each human decision

    # ---- choosing ------------------------------------------------------------------------------
    def pick(self, st):
        seat = core.to_move(st)
        self.k += 1
        if self.policy == "bot":
            return ai.choose(core, st, seat, "easy", self.k)
        acts = core.legal_actions(st)
        if st[4] == 0 and len(acts) > 1 and self.rng.random() < 0.5:  # auction: bid low or pass
            return self.rng.choice(acts[:4])
        return self.rng.choice(acts)

    # ---- keys ----------------------------------------------------------------------------------
    def press(self, key):
        self.presses += 1
        self.con.tap(key)

    def session(self):
        return self.con.app.session

    def screen(self):
        return self.con.app.screen

    def step(self):
        """One thing: dismiss an overlay, let an AI move, or play one human decision.
        Returns False when the game is over and the result is on screen."""
        con = self.con
        top = self.screen()
        s = self.session()
        if isinstance(top, santiago_screens.EndScreen):
            return False
        if con.title() == "Pass the console" or isinstance(top, santiago_screens.DroughtScreen):
            self.press("A")
            return True
        game = s.screen
        assert top is game, "unexpected screen %r" % con.title()
        if game.mode in (PS.M_OVER, PS.M_RECAP):   # the result / the recap of the others' moves
            self.press("A")
            return True
        if game.mode == PS.M_WAIT:
            con.wait(20)
            return True
        st = s.state
        if self.on_decision is not None:
            self.on_decision(game)
        a = self.pick(st)
        kind = a >> 12
        if game.mode == PS.M_BID:
            self.to_value(a & 0xFFF)
            self.press("A")
        elif game.mode in (PS.M_TILE, PS.M_PLOT):
            t = (a & 0xFFF) // 48
            p = (a & 0xFFF) % 48
            if game.mode == PS.M_TILE:
                while game.tiles[game.tcur] != t:
                    self.press(self.fwd)
                self.press("A")
            assert game.mode == PS.M_PLOT and game.tiles[game.tcur] == t
            self.to_choice(p)
            self.press("A")
        elif game.mode == PS.M_AMOUNT:
            self.to_value(a & 0xFFF)
            self.press("A")
        else:
            assert game.mode == PS.M_MENU, game.mode
            key = {0: None, 3: PS.O_PROPOSE, 4: PS.O_SUPPORT, 5: PS.O_ACCEPT, 6: PS.O_BUILD,
                   7: PS.O_EXTRA}[kind]
            if key is None:
                key = PS.O_NONE if st[4] == 3 else PS.O_PASS
            keys = [o[0] for o in game.opts]
            while keys[game.ocur] != key:
                self.press(self.fwd)
            self.press("A")
            if key in (PS.O_PASS, PS.O_NONE):
                return True
            self.to_choice(a & 0xFFF)
            if kind in (3, 4):
                # the offer: the second step, chosen on a copy where the segment is taken
                trial = bytearray(st)
                core.apply(trial, a)
                amount = self.pick(trial) & 0xFFF
                self.press("A")
                assert game.mode == PS.M_AMOUNT
                self.to_value(amount)
            self.press("A")
        return True

    def to_value(self, v):
        g = self.session().screen
        target = g.ch.index(v)
        while g.cur != target:
            self.press(self.fwd if target > g.cur else self.back)

    def to_choice(self, v):
        g = self.session().screen
        target = g.ch.index(v)
        pos = PS.S.plot_pos if g.mode == PS.M_PLOT else PS.S.seg_pos
        guard = 0
        while g.cur != target:
            guard += 1
            assert guard < 200, "cursor never reached %r" % v
            if self.dpad:
                ty = pos(g.ch[target])[1]
                cy = pos(g.ch[g.cur])[1]
                down = ty > cy + 1
                if down or ty < cy - 1:   # up / down while they do not overshoot the row
                    k = PS.S.step_vertical(g.ch, g.cur, pos, down)
                    ky = pos(g.ch[k])[1]
                    if k != g.cur and (ky <= ty if down else ky >= ty):
                        self.press("down" if down else "up")
                        continue
            n = len(g.ch)
            ahead = (target - g.cur) % n
            self.press(self.fwd if ahead <= n - ahead else self.back)

    def record(self):
        """From now on keep (seat, action) of every action the session applies."""
        s = self.session()
        orig = s.play

        def play(action):
            seat = core.to_move(s.state)
            orig(action)
            self.played.append((seat, action))
        s.play = play

    def play_to_end(self, limit=20000):
        for _ in range(limit):
            if not self.step():
                return
        raise AssertionError("the game did not end")
