"""Paired comparison of two `--games-log` files of `tools.strength.selfplay`.

    python -m tools.strength.paired hard.jsonl mine.jsonl [--base hard] [--variant mine]
    python -m tools.strength.paired hard901.jsonl,hard941.jsonl mine901.jsonl,mine941.jsonl

Each log holds one gauntlet: the player compared (`--base` in the first log, `--variant` in the
second) in one seat of every game, the same opponents around it. A game of one log is paired
with the game of the other on the same deal and rotation, so both players met the same tiles,
seats and opponents' dice; the deal's luck, which moves a player's margin by more than most
changes to a bot, cancels out. Per pair: the player's margin (its score less its opponents'
mean) in the variant's game less the base's. Prints the mean of that with its standard error,
both players' margins and shared wins on the paired games, and their ledgers' field points
and money kept where the log has them (Santiago). With several variant logs (one per set of
deals) it also prints the paired margin of each: a change that holds gains on every set, where
one set's luck can carry the pooled mean.
"""
import argparse
import json
import math
from collections import namedtuple

from tools.strength.selfplay import stdev, win_share

# the compared player in one game: its margin, its part of the win, its ledger's field points
# and money kept (None without a ledger), and its opponents in seat order
Game = namedtuple("Game", ("margin", "win", "fields", "money", "opponents"))


def load(paths, player):
    """{(deal, rotation): Game} for the one seat named `player` in each game of the games logs at
    `paths` (comma-separated); a crashed game (a line with "crash") is left out, and so never
    paired."""
    out = {}
    for path in paths.split(","):
        _load_one(path, player, out)
    return out


def _load_one(path, player, out):
    try:
        f = open(path)
    except OSError as e:
        raise SystemExit("%s: cannot read (%s)" % (path, e.strerror))
    with f:
        for no, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                g = json.loads(line)
                if "crash" in g:
                    continue
                seats, scores, ranking = g["seats"], g["scores"], g["ranking"]
                key = (g["deal"], g["rotation"])
            except (ValueError, KeyError, TypeError):
                raise SystemExit("%s:%d: not a game of a games log (a line cut short?)" % (path, no))
            found = [i for i, s in enumerate(seats) if s == player]
            if len(found) != 1:
                raise SystemExit("%s:%d: %s sits in %d seats, not one (seats %s): name the player compared"
                                 " with --base / --variant" % (path, no, player, len(found), ", ".join(seats)))
            if key in out:
                raise SystemExit("%s:%d: deal %d, rotation %d is already in a log read before" % ((path, no) + key))
            me = found[0]
            others = [scores[i] for i in range(len(scores)) if i != me]
            ledger = g.get("ledger") or {}
            out[key] = Game(scores[me] - sum(others) / len(others), win_share(ranking, me),
                            ledger.get("fields", [None] * len(seats))[me],
                            ledger.get("money", [None] * len(seats))[me],
                            [s for i, s in enumerate(seats) if i != me])


def compare(base, variant):
    """The paired summary of two load() results (dict), or None when no game is in both."""
    keys = sorted(k for k in base if k in variant)
    if not keys:
        return None
    for k in keys:
        if base[k].opponents != variant[k].opponents:
            raise SystemExit("deal %d, rotation %d: the opponents differ (%s against %s): the logs are of"
                             " different gauntlets" % (k + (", ".join(base[k].opponents), ", ".join(variant[k].opponents))))
    n = len(keys)
    d = [variant[k].margin - base[k].margin for k in keys]

    def side(log):
        fields = [log[k].fields for k in keys]
        money = [log[k].money for k in keys]
        return {"margin": sum(log[k].margin for k in keys) / n, "wins": sum(log[k].win for k in keys),
                "fields": sum(fields) / n if None not in fields else None,
                "money": sum(money) / n if None not in money else None}

    return {"games": n, "only_base": len(base) - n, "only_variant": len(variant) - n,
            "diff": sum(d) / n, "se": stdev(d) / math.sqrt(n), "base": side(base), "variant": side(variant)}


def by_log(base, variant_paths, player):
    """[(path, compare() summary or None)] for each of the comma-separated variant logs alone."""
    return [(path, compare(base, load(path, player))) for path in variant_paths.split(",")]


def report(s, base_name, variant_name):
    lines = ["%d paired games (deal and rotation in both logs)" % s["games"]]
    if s["only_base"] or s["only_variant"]:
        lines.append("  not paired: %d games only in the first log, %d only in the second"
                     % (s["only_base"], s["only_variant"]))
    for name, side in ((base_name, s["base"]), (variant_name, s["variant"])):
        line = "  %-8s margin %+5.1f  won %5.1f (%4.1f%%)" % (name, side["margin"], side["wins"],
                                                            100 * side["wins"] / s["games"])
        if side["fields"] is not None:
            line += "  field points %.1f, money kept %.1f" % (side["fields"], side["money"])
        lines.append(line)
    lines.append("  %s less %s: %+.1f a game (se %.1f)" % (variant_name, base_name, s["diff"], s["se"]))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.strength.paired", description=__doc__.split("\n\n")[0])
    ap.add_argument("base_log", help="games log of the base player's gauntlet (several: comma-separated)")
    ap.add_argument("variant_log", help="games log of the variant's gauntlet on the same deals (the same)")
    ap.add_argument("--base", default="hard", help="the player compared in the first log (default hard)")
    ap.add_argument("--variant", default="mine", help="the player compared in the second log (default mine)")
    a = ap.parse_args(argv)
    base = load(a.base_log, a.base)
    s = compare(base, load(a.variant_log, a.variant))
    if s is None:
        raise SystemExit("no game is in both logs: play the same --seed and --games (the deals)")
    print(report(s, a.base, a.variant))
    if "," in a.variant_log:
        print("  each of the variant's logs:")
        for path, one in by_log(base, a.variant_log, a.variant):
            if one is None:
                print("    %s: no game paired" % path)
            else:
                print("    %s: %+.1f a game (se %.1f) on %d games" % (path, one["diff"], one["se"], one["games"]))


if __name__ == "__main__":
    main()
