"""Where a Santiago seat's points come from, for tools.strength.selfplay's report.

Win shares say who is stronger, not why. The ledger follows the escudos through a game (bids
paid, bribes and own canals paid, bribes taken as the overseer) and at the end splits each
seat's score into money and field points (money = the starting 10 + income + bribes taken
- bids - bribes and canals paid), with its tiles lost to drought (desert) and the
markers left on its living tiles. Per player group the report prints the means, e.g. that hard
ends with more money and fewer field points than the yardstick (docs/strength.md).
"""
KEYS = ("money", "fields", "income", "bids_paid", "canals_paid", "bribes_taken", "tiles", "deserts", "markers")


class Ledger:
    """One Santiago game's tally; `before(st)` ahead of each action, `after(st)` once applied."""

    def __init__(self, mod, players):
        self.mod = mod
        self.n = players
        self.t = {k: [0] * players for k in KEYS}
        self._money = [0] * players
        self._phase = 0

    def before(self, st):
        m = self.mod
        self._phase = st[m._PHASE]
        for q in range(self.n):
            self._money[q] = st[m._MONEY + q]

    def after(self, st):
        m = self.mod
        t = self.t
        for q in range(self.n):
            d = st[m._MONEY + q] - self._money[q]
            if self._phase == m._PLACEMENT and d < 0:  # a bidder pays as it places (S11)
                t["bids_paid"][q] -= d
            elif self._phase == m._OVERSEER_PH:  # backers pay the overseer; or he pays his canal
                if d < 0:
                    t["canals_paid"][q] -= d
                else:
                    t["bribes_taken"][q] += d
            elif d > 0:  # the income between rounds
                t["income"][q] += d

    def finish(self, st):
        """The tally with the final split of each seat's score."""
        m = self.mod
        t = self.t
        sc = m.scores(st)
        for q in range(self.n):
            t["money"][q] = st[m._MONEY + q]
            t["fields"][q] = sc[q] - st[m._MONEY + q]
        for p in range(m._NPLOT):
            o = st[m._OWN + p]
            tile = st[m._TILE + p]
            if o & 7 and tile & 0x0F:
                q = (o & 7) - 1
                t["tiles"][q] += 1
                if tile & m._DESERT:
                    t["deserts"][q] += 1
                else:
                    t["markers"][q] += (o >> 4) & 3
        return t


def summarize(groups, results):
    """Per group: the mean of each ledger figure per seat it held (games without a ledger are
    skipped); {} when no game has one."""
    out = {}
    for who in groups:
        tot = dict.fromkeys(KEYS, 0)
        seats = 0
        for r in results:
            led = r.get("ledger")
            if not led:
                continue
            for s in range(len(r["seats"])):
                if r["seats"][s] == who:
                    seats += 1
                    for k in KEYS:
                        tot[k] += led[k][s]
        if seats:
            out[who] = {k: tot[k] / seats for k in KEYS}
    return out


def format_line(who, g):
    return ("  %-7s points from fields %.1f, money kept %.1f; paid %.1f in bids, %.1f in bribes and own canals;"
            " took %.1f in bribes; of %.1f tiles %.1f turned desert, %.1f markers left on the others"
            % (who, g["fields"], g["money"], g["bids_paid"], g["canals_paid"], g["bribes_taken"], g["tiles"],
               g["deserts"], g["markers"]))
