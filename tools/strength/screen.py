"""Screen a change to Santiago hard offline, in the yardstick's model: minutes, not hours of games.

    python -m tools.strength.screen --players 3 --seed 5001 --deals 15 --variant mybot.py
    python -m tools.strength.screen --players 3 --seed 5001 --deals 10 --yardstick-ops 5000

The positions are those of hard self-play (every seat hard, seeded as `tools.strength.selfplay`
seeds its bots) on deals seed .. seed+deals-1. At every decision of `--phase` (the placements
by default) with more than one legal action, a challenger decides from the same view as hard:
a variant (`--variant PATH`, an edited copy of firmware/meeple/ai/santiago_bot.py, as selfplay's
--variant) or the yardstick at `--yardstick-ops`. Where its action differs from hard's, the
yardstick's paired playouts (`--playouts`, each on one fresh re-deal with the same dice for both
actions, every seat played by its policy to the round's end and valued by its evaluation, on a
seed of their own) value the challenger's action less hard's. Hard's own action is the one
played on, so every challenger meets the same positions.

Prints the decisions, how many differ, and the gain per decision (escudos of the yardstick's
value: a seat's worth less its rivals', mean over every decision with 0 where they agree) with
its standard error; for the yardstick also how much of the gain comes from actions among hard's
own candidates (the few it plays out) and how much from the others. A change whose gain here is
under about 0.1 a decision moves a 3-player game by less than one escudo: too little for games
to separate (docs/strength.md). The model is the yardstick's, so a screen picks what to play
out in games against it, and never replaces them.
"""
import argparse
import math
import multiprocessing
import os
import random
import sys

from tools import ROOT
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "firmware"))

from meeple import ai  # noqa: E402  (firmware/ is put on the path just above)
from meeple.ai import santiago_bot  # noqa: E402
from meeple.core import santiago  # noqa: E402
from tools.strength import yardstick  # noqa: E402
from tools.strength.selfplay import bot_seed, load_variant, stdev  # noqa: E402

PHASES = {"auction": (0,), "placement": (1,), "bribe": (2,), "canal": (3, 4)}
_ORACLE_SALT = 0x5A5A5A   # the playouts' seed, apart from the deciders' own
_YARDSTICK_SALT = 0x1234  # the yardstick's seed as a challenger, apart from hard's


class _Candidates:
    """Records the candidates hard plays out (santiago_bot._candidates) while it decides."""

    def __init__(self):
        self.last = []

    def __enter__(self):
        self._real = santiago_bot._candidates

        def recording(game, st, me):
            k = self._real(game, st, me)
            self.last = [santiago_bot._cand[j] for j in range(k)]
            return k
        santiago_bot._candidates = recording
        return self

    def __exit__(self, *exc):
        santiago_bot._candidates = self._real


def oracle_gain(view, me, a, b, seed, playouts):
    """Mean over paired yardstick playouts of a's value less b's, for seat `me` at `view`."""
    ctx = yardstick._SgCtx(yardstick._Budget())
    r = random.Random(seed)
    tot = 0.0
    for _ in range(playouts):
        deal = r.getrandbits(30)
        tot += (yardstick._sg_playout(ctx, view, me, a, deal, random.Random(deal))
                - yardstick._sg_playout(ctx, view, me, b, deal, random.Random(deal)))
    return tot / playouts


def screen_deal(players, deal, phases, variant, yardstick_ops, playouts):
    """One deal of hard self-play: per decision of `phases`, (gain, differs, among hard's
    candidates) where the gain is 0 when the challenger agrees with hard."""
    challenger = load_variant(variant) if variant else None
    st = santiago.new_game(players, deal)
    buf = [0] * santiago.MAX_ACTIONS
    out = []
    moves = 0
    while not santiago.is_over(st):
        q = santiago.to_move(st)
        seed = bot_seed(deal, q, moves)
        with _Candidates() as cands:
            a = ai.choose(santiago, st, q, "hard", seed)
        if st[santiago._PHASE] in phases and santiago.legal_into(st, buf) > 1:
            view = santiago.observe(st, q)
            if challenger:
                c = challenger.choose(santiago, santiago.observe(st, q), q, 2, seed)
            else:
                c = yardstick.choose(santiago, st, q, seed ^ _YARDSTICK_SALT, yardstick_ops)
            if c == a:
                out.append((0.0, False, True))
            else:
                out.append((oracle_gain(view, q, c, a, seed ^ _ORACLE_SALT, playouts), True,
                            c in cands.last))
        santiago.apply(st, a)
        moves += 1
    return deal, out


def _job(args):
    return screen_deal(*args)


def summary(rows):
    """(decisions, differing, gain per decision, its standard error, gain per decision from
    actions among hard's candidates, from the others)."""
    n = len(rows)
    if n == 0:
        return (0, 0, 0.0, 0.0, 0.0, 0.0)
    gains = [g for g, _, _ in rows]
    inside = sum(g for g, d, c in rows if d and c) / n
    outside = sum(g for g, d, c in rows if d and not c) / n
    return (n, sum(1 for _, d, _ in rows if d), sum(gains) / n, stdev(gains) / math.sqrt(n), inside, outside)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.strength.screen",
                                 description="Screen a change to Santiago hard in the yardstick's model.")
    ap.add_argument("--players", type=int, default=3, choices=(3, 4, 5))
    ap.add_argument("--seed", type=int, default=5001, help="first deal")
    ap.add_argument("--deals", type=int, default=15, help="deals of hard self-play")
    who = ap.add_mutually_exclusive_group(required=True)
    who.add_argument("--variant", metavar="PATH", help="an edited copy of santiago_bot.py")
    who.add_argument("--yardstick-ops", type=int, metavar="N", help="the yardstick at N operations a decision")
    ap.add_argument("--phase", choices=sorted(PHASES), default="placement", help="decisions screened")
    ap.add_argument("--playouts", type=int, default=48, help="paired playouts valuing a differing decision")
    ap.add_argument("--jobs", type=int, default=1, help="deals played at once")
    args = ap.parse_args(argv)
    if args.deals < 1 or args.playouts < 1 or args.jobs < 1:
        ap.error("--deals, --playouts and --jobs must be at least 1")
    if args.yardstick_ops is not None and args.yardstick_ops < 1:
        ap.error("--yardstick-ops must be at least 1")
    if args.variant:
        if not os.path.isfile(args.variant):
            ap.error("--variant: no such file: %s" % args.variant)
        load_variant(args.variant)  # a file that is no bot stops here, before any game
    tasks = [(args.players, d, PHASES[args.phase], args.variant, args.yardstick_ops, args.playouts)
             for d in range(args.seed, args.seed + args.deals)]
    rows = []
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    try:
        for deal, out in (pool.imap(_job, tasks) if pool else map(_job, tasks)):
            rows += out
            n, d, g, _, _, _ = summary(out)
            print("deal %d: %d decisions, %d differ, gain %+.3f a decision" % (deal, n, d, g), file=sys.stderr)
    finally:
        if pool:
            pool.close()
    n, d, g, se, inside, outside = summary(rows)
    name = args.variant or "yardstick at %d ops" % args.yardstick_ops
    print("%s, %d players, deals %d-%d, %s: %d decisions, %d differ (%.0f %%), gain %+.3f a decision (se %.3f)"
          % (name, args.players, args.seed, args.seed + args.deals - 1, args.phase, n, d,
             100.0 * d / max(n, 1), g, se))
    print("  from actions among hard's candidates %+.3f, from the others %+.3f" % (inside, outside))
    return 0


if __name__ == "__main__":
    sys.exit(main())
