"""Bot tournaments: win shares with 95% confidence intervals, scores, how games ended.

    python -m tools.strength.selfplay --game cacao --players 2 --bots easy,random --games 400
    python -m tools.strength.selfplay --game santiago --players 5 --gauntlet hard --vs normal --games 400
    python -m tools.strength.selfplay --game cacao --players 2 --round-robin random,easy,normal,hard --games 200
    python -m tools.strength.selfplay --game santiago --players 5 --bots normal --games 200   (all normal)

A *lineup* gives one player per seat (levels easy / normal / hard, or random = a uniformly random
legal move, or a variant: `--variant NAME=PATH` makes NAME a player deciding as hard with PATH, an
edited copy of the game's bot module, e.g. firmware/meeple/ai/santiago_bot.py, so a change to a
bot can be tried against the real one without touching it). `--bots` is one lineup (a single
name fills every seat; fewer names than seats are padded with the last one); `--gauntlet A --vs
B` is A against players-1 copies of B; `--round-robin` plays every pair of the listed players
(2 players only). Each deal (seed base + k) is played once per rotation of the lineup over the
seats, so every player sits in every seat equally often; --games is rounded up to a whole number of rotations.

Wins: a game's win is shared among the seats ranked first (the core's ranking(), ties split).
A player entered several times (the "normal" of a gauntlet) is reported as one group, with the
fair share for its number of seats. Runs on CPython over all cores (--jobs); bots are
byte-identical on MicroPython, so these results hold for the device too. A crash names the seed
and writes the game record (JSON lines, DESIGN.md section 3) to --crash-dir.
Santiago games also report where each player's points came from (tools/strength/ledger.py:
field points, money, bids, bribes, tiles lost to drought).
"""
import argparse
import importlib.util
import json
import math
import multiprocessing
import os
import sys
import time
import traceback

from tools import ROOT
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "firmware"))

from meeple import ai  # noqa: E402  (firmware/ is put on the path just above)
from meeple.core import rng  # noqa: E402
from tools.strength import ledger, yardstick  # noqa: E402

# fixed-strategy players (how a human might exploit the bots): each plays one simple rule where
# it applies and the normal bot everywhere else; "mc" is the brute-force reference and
# "yardstick" the informed search (tools/strength/yardstick.py), both CPython only
STRATEGIES = {
    "santiago": ("bid4", "offer3", "keepcanal"),
    "cacao": ("greedy",),
}
PLAYERS = ("random",) + ai.LEVELS + ("bid4", "offer3", "keepcanal", "greedy", "mc", "yardstick")
MC_PLAYOUTS = [1000]   # playouts per decision of the "mc" player (--mc-playouts)
GAMES = {"cacao": (2, 4), "santiago": (3, 5)}


def game_module(name):
    if name == "cacao":
        from meeple.core import cacao
        return cacao
    from meeple.core import santiago
    return santiago


def bot_seed(deal, seat, move):
    """Each decision's bot seed: depends on the deal, seat and move number, nothing else."""
    return (deal * 1000003 + seat * 7919 + move * 31) & 0x3FFFFFFF


def _normal(mod, st, seat, seed):
    return ai.choose(mod, st, seat, "normal", seed)


def bid4(mod, st, seat, seed):
    """Santiago: bid 4 at every auction (when it can), normal otherwise."""
    if st[mod._PHASE] == mod._AUCTION:
        buf = [0] * mod.MAX_ACTIONS
        n = mod.legal_into(st, buf)
        if 0x1004 in buf[:n]:
            return 0x1004
    return _normal(mod, st, seat, seed)


def offer3(mod, st, seat, seed):
    """Santiago: back the canal normal would back (the one that waters it), always with 3
    escudos (or all it has)."""
    a = _normal(mod, st, seat, seed)
    if st[mod._PHASE] == mod._BRIBE and a >> 12 == 1:
        buf = [0] * mod.MAX_ACTIONS
        n = mod.legal_into(st, buf)
        for amount in (3, 2, 1):
            if 0x1000 | amount in buf[:n]:
                return 0x1000 | amount
    return a


def keepcanal(mod, st, seat, seed):
    """Santiago: keep the extra canal to the last round, normal otherwise."""
    if st[mod._PHASE] == mod._EXTRA_PH and st[mod._ROUND] < (9 if st[mod._PLAYERS] == 5 else 11):
        return 0
    return _normal(mod, st, seat, seed)


def turn_gold(mod, st, seat, a):
    """Cacao: gold `seat` holds once placement `a` and the rest of its turn are played, each
    fill and sale taken for the most gold at once."""
    sub = [0] * mod.MAX_ACTIONS
    c = bytearray(st)
    mod.apply(c, a)
    while c[mod._PHASE] not in (mod._PLACE, mod._OVER):
        k = mod.legal_into(c, sub)
        vals = []
        for b in sub[:k]:
            d = bytearray(c)
            mod.apply(d, b)
            vals.append(mod.scores(d)[seat])
        mod.apply(c, sub[vals.index(max(vals))])
    return mod.scores(c)[seat]


def greedy(mod, st, seat, seed):
    """Cacao: the placement with the most gold by the end of the turn (turn_gold), normal for
    the smaller choices."""
    if st[mod._PHASE] != mod._PLACE:
        return _normal(mod, st, seat, seed)
    buf = [0] * mod.MAX_ACTIONS
    n = mod.legal_into(st, buf)
    best, pick = None, buf[0]
    for a in buf[:n]:
        v = turn_gold(mod, st, seat, a)
        if best is None or v > best:
            best, pick = v, a
    return pick


def mc(mod, st, seat, seed):
    """The brute-force reference: a plain determinized Monte Carlo search. MC_PLAYOUTS random
    playouts spread evenly over the legal actions, each on a fresh re-deal of what the seat
    cannot see; an action is worth its mean final margin over the best rival. CPython only."""
    buf = [0] * mod.MAX_ACTIONS
    n = mod.legal_into(st, buf)
    acts = buf[:n]
    if n == 1:
        return acts[0]
    obs = mod.observe(st, seat)
    pick = bytearray(4)
    rng.seed(pick, 0, seed)
    per = max(1, MC_PLAYOUTS[0] // n)
    sub = [0] * mod.MAX_ACTIONS
    best, choice = None, acts[0]
    for i, a in enumerate(acts):
        total = 0
        for k in range(per):
            c = mod.observe(obs, seat, (seed * 131 + k * 7 + 1) & 0x3FFFFFFF)  # same re-deals for every action
            mod.apply(c, a)
            while not mod.is_over(c):
                m = mod.legal_into(c, sub)
                mod.apply(c, sub[rng.below(pick, 0, m)])
            sc = mod.scores(c)
            total += sc[seat] - max(sc[q] for q in range(len(sc)) if q != seat)
        if best is None or total > best:
            best, choice = total, a
    return choice


_variants = {}  # path -> the module loaded from it (once per process: a worker loads its own)


def load_variant(path):
    """The bot module in the file at `path` (a copy of meeple.ai's cacao_bot or santiago_bot,
    edited), loaded under a name of its own so the real bot is untouched."""
    m = _variants.get(path)
    if m is None:
        spec = importlib.util.spec_from_file_location("meeple.ai._variant%d" % len(_variants), path)
        if spec is None or spec.loader is None:
            raise SystemExit("--variant: %s is not a Python file" % path)
        m = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(m)
        if not callable(getattr(m, "choose", None)):
            raise SystemExit("--variant: %s has no choose(game, obs, me, level, seed)" % path)
        _variants[path] = m
    return m


def _yardstick(mod, st, seat, seed):
    return yardstick.choose(mod, st, seat, seed)


FIXED = {"bid4": bid4, "offer3": offer3, "keepcanal": keepcanal, "greedy": greedy, "mc": mc,
         "yardstick": _yardstick}


def play_game(game_name, lineup, deal, rotation, variants=()):
    """Play one game; lineup[i] sits in seat (i + rotation) % players; variants: (name, path)
    pairs (--variant). Returns a result dict (on a crash: "crash" with the traceback and the
    actions so far)."""
    mod = game_module(game_name)
    variant = dict(variants)
    n = len(lineup)
    seats = [lineup[(s - rotation) % n] for s in range(n)]
    st = mod.new_game(n, deal)
    pick = bytearray(4)
    rng.seed(pick, 0, deal * 7 + rotation)
    buf = [0] * mod.MAX_ACTIONS
    actions = []
    cpu = [0.0] * n       # CPU seconds each seat spent deciding (process time)
    decided = [0] * n
    led = ledger.Ledger(mod, n) if game_name == "santiago" else None
    try:
        while not mod.is_over(st):
            seat = mod.to_move(st)
            who = seats[seat]
            t0 = time.process_time()
            if who == "random":
                k = mod.legal_into(st, buf)
                a = buf[rng.below(pick, 0, k)]
            elif who in variant:  # decides as hard, from what its seat may see
                a = load_variant(variant[who]).choose(mod, mod.observe(st, seat), seat, 2,
                                                      bot_seed(deal, seat, len(actions)))
            elif who in FIXED:
                a = FIXED[who](mod, st, seat, bot_seed(deal, seat, len(actions)))
            else:
                a = ai.choose(mod, st, seat, who, bot_seed(deal, seat, len(actions)))
            cpu[seat] += time.process_time() - t0
            decided[seat] += 1
            actions.append((seat, a, mod.describe(st, a)))
            if led:
                led.before(st)
            mod.apply(st, a)
            if led:
                led.after(st)
    except Exception:
        return {"deal": deal, "rotation": rotation, "seats": seats, "crash": traceback.format_exc(),
                "actions": actions}
    res = {"deal": deal, "rotation": rotation, "seats": seats, "scores": mod.scores(st),
           "ranking": mod.ranking(st), "moves": len(actions),
           "cpu": cpu, "decisions": decided}
    if led:
        res["ledger"] = led.finish(st)
    return res


def _job(args):
    return play_game(*args)


def write_record(path, game_name, players, res):
    """The crashed game as a record: header line, then one line per action played."""
    mod = game_module(game_name)
    with open(path, "w") as f:
        f.write(json.dumps({"game": game_name, "players": players, "seed": res["deal"], "options": {},
                            "version": mod.VERSION, "seats": ["ai:" + s if s != "random" else "random"
                                                               for s in res["seats"]]}) + "\n")
        for seat, a, text in res["actions"]:
            f.write(json.dumps({"seat": seat, "action": a, "text": text}) + "\n")


def wilson(wins, n, z=1.96):
    """95% Wilson interval for a share (wins may be fractional: shared wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def _median(xs):
    s = sorted(xs)
    if not s:
        return 0
    m = len(s) // 2
    return s[m] if len(s) % 2 else (s[m - 1] + s[m]) / 2


def stdev(xs):
    """Sample standard deviation (0 for fewer than 2 values)."""
    if len(xs) < 2:
        return 0.0
    mu = sum(xs) / len(xs)
    return math.sqrt(sum((x - mu) ** 2 for x in xs) / (len(xs) - 1))


def win_share(ranking, seat):
    """The part of a game's win that goes to `seat`: shared among the seats ranked first."""
    return 1.0 / ranking.count(1) if ranking[seat] == 1 else 0.0


def summarize(lineup, results):
    """Per player group: games, wins (shared), share with CI, fair share, score mean / sd."""
    groups = []
    for who in lineup:
        if who not in groups:
            groups.append(who)
    done = [r for r in results if "crash" not in r]
    out = {"lineup": list(lineup), "games": len(done), "crashes": len(results) - len(done), "players": {}}
    for who in groups:
        wins = 0.0
        scores = []
        cpu = decisions = 0
        for r in done:
            for s in range(len(r["seats"])):
                if r["seats"][s] == who:
                    cpu += r["cpu"][s]
                    decisions += r["decisions"][s]
            for s in range(len(r["seats"])):
                if r["seats"][s] == who:
                    wins += win_share(r["ranking"], s)
            scores += [r["scores"][s] for s in range(len(r["seats"])) if r["seats"][s] == who]
        lo, hi = wilson(wins, len(done))
        out["players"][who] = {
            "seats": lineup.count(who), "wins": wins, "share": wins / len(done) if done else 0.0,
            "ci95": [lo, hi], "fair": lineup.count(who) / len(lineup),
            "score_mean": sum(scores) / len(scores) if scores else 0.0, "score_sd": stdev(scores),
            "cpu_ms_per_decision": 1000.0 * cpu / decisions if decisions else 0.0}
    out["head_to_head"] = head_to_head(groups, done)
    out["ledger"] = ledger.summarize(groups, done)  # Santiago: where the points came from
    winners = [max(r["scores"]) for r in done]
    spreads = [max(r["scores"]) - min(r["scores"]) for r in done]
    margins = [sorted(r["scores"])[-1] - sorted(r["scores"])[-2] for r in done]
    out["ended"] = {
        "clear_win": sum(1 for r in done if r["ranking"].count(1) == 1),
        "shared_win": sum(1 for r in done if r["ranking"].count(1) > 1),
        "crash": out["crashes"],
        "winner_score_median": _median(winners), "spread_median": _median(spreads),
        "spread_mean": sum(spreads) / len(spreads) if spreads else 0.0,
        "margin_median": _median(margins), "moves_mean": sum(r["moves"] for r in done) / len(done) if done else 0.0,
        "sorted_scores_median": [_median([sorted(r["scores"], reverse=True)[i] for r in done])
                                 for i in range(len(lineup))]}
    return out


def head_to_head(groups, done):
    """For each pair of groups A, B: the share of (A seat, B seat) meetings in which A ranked
    better (ties count half) -- "A beats B" in games with more than two seats."""
    out = {}
    for a in groups:
        for b in groups:
            if a == b:
                continue
            score = meetings = 0.0
            for r in done:
                for i in range(len(r["seats"])):
                    for j in range(len(r["seats"])):
                        if r["seats"][i] == a and r["seats"][j] == b:
                            meetings += 1
                            ri, rj = r["ranking"][i], r["ranking"][j]
                            score += 1.0 if ri < rj else 0.5 if ri == rj else 0.0
            share = score / meetings if meetings else 0.0
            lo, hi = wilson(share * len(done), len(done))
            out["%s>%s" % (a, b)] = {"share": share, "ci95": [lo, hi], "meetings": meetings}
    return out


def run_lineup(game_name, lineup, games, seed, jobs, progress=True, crash_dir=".", games_log=None,
               variants=()):
    n = len(lineup)
    deals = (games + n - 1) // n
    tasks = [(game_name, tuple(lineup), seed + d, r, tuple(variants)) for d in range(deals) for r in range(n)]
    results = []
    start = time.time()
    label = ",".join(lineup)
    if jobs > 1:
        pool = multiprocessing.Pool(jobs)
        it = pool.imap_unordered(_job, tasks, chunksize=1)
    else:
        pool = None
        it = map(_job, tasks)
    try:
        for i, res in enumerate(it):
            results.append(res)
            if games_log:  # each game as it ends: a long run (mc) leaves its games if stopped
                with open(games_log, "a") as f:
                    f.write(json.dumps(dict(res, game=game_name, lineup=list(lineup))) + "\n")
            if "crash" in res:
                path = os.path.join(crash_dir, "selfplay-crash-%s-%d-r%d.jsonl" % (game_name, res["deal"], res["rotation"]))
                write_record(path, game_name, n, res)
                print("CRASH in %s game seed %d rotation %d (record: %s)\n%s"
                      % (game_name, res["deal"], res["rotation"], path, res["crash"]), file=sys.stderr)
            if progress and (i + 1) % max(1, len(tasks) // 20) == 0:
                el = time.time() - start
                print("  %s: %d/%d games, %.0f s, about %.0f s left"
                      % (label, i + 1, len(tasks), el, el * (len(tasks) - i - 1) / (i + 1)), file=sys.stderr)
    finally:
        if pool:
            pool.close()
            pool.join()
    results.sort(key=lambda r: (r["deal"], r["rotation"]))
    return summarize(lineup, results)


def format_summary(game_name, s):
    lines = ["%s, %d players: %s  (%d games%s)" % (game_name, len(s["lineup"]), " vs ".join(s["lineup"]),
                                                   s["games"], ", %d CRASHED" % s["crashes"] if s["crashes"] else "")]
    for who, p in s["players"].items():
        lines.append("  %-7s x%d  wins %6.1f  share %5.1f%%  95%% CI %5.1f-%5.1f%%  (fair %4.1f%%)  score %.1f sd %.1f"
                     "  CPU %.1f ms a decision"
                     % (who, p["seats"], p["wins"], 100 * p["share"], 100 * p["ci95"][0], 100 * p["ci95"][1],
                        100 * p["fair"], p["score_mean"], p["score_sd"], p["cpu_ms_per_decision"]))
    for pair, h in s["head_to_head"].items():
        a, b = pair.split(">")
        if s["lineup"].index(a) < s["lineup"].index(b):
            lines.append("  %s beats %s in %5.1f%% of their meetings (95%% CI %5.1f-%5.1f%%)"
                         % (a, b, 100 * h["share"], 100 * h["ci95"][0], 100 * h["ci95"][1]))
    for who, g in s.get("ledger", {}).items():
        lines.append(ledger.format_line(who, g))
    e = s["ended"]
    lines.append("  ended: %d clear wins, %d shared, %d crashed; winner's median score %s, median first-last spread %s,"
                 " median margin %s; median scores by place %s"
                 % (e["clear_win"], e["shared_win"], e["crash"], e["winner_score_median"], e["spread_median"],
                    e["margin_median"], e["sorted_scores_median"]))
    return "\n".join(lines)


def lineups_from(args):
    p = args.players
    if args.gauntlet:
        return [[args.gauntlet] + [args.vs] * (p - 1)]
    if args.round_robin:
        names = args.round_robin.split(",")
        if p != 2:
            raise SystemExit("--round-robin plays pairs: use --players 2, or --gauntlet for more seats")
        return [[names[i], names[j]] for i in range(len(names)) for j in range(i + 1, len(names))]
    names = (args.bots or "normal").split(",")
    if len(names) > p:
        raise SystemExit("%d players given for %d seats" % (len(names), p))
    return [names + [names[-1]] * (p - len(names))]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.strength.selfplay", description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=sorted(GAMES), default="cacao")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", help="lineup, e.g. easy,random (players: %s)" % ", ".join(PLAYERS))
    ap.add_argument("--gauntlet", help="one player against players-1 copies of --vs")
    ap.add_argument("--vs", default="normal")
    ap.add_argument("--round-robin", help="every pair of these players (2 players)")
    ap.add_argument("--games", type=int, default=100, help="games per lineup (rounded up to whole rotations)")
    ap.add_argument("--seed", type=int, default=1, help="first deal seed")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--crash-dir", default=".")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    ap.add_argument("--mc-playouts", type=int, default=1000, help="playouts per decision of the mc player")
    ap.add_argument("--yardstick-ops", type=int,
                    help="operations per decision of the yardstick player (default: %s)"
                    % ", ".join("%s %d" % kv for kv in sorted(yardstick.OPS.items())))
    ap.add_argument("--games-log", help="append every game's result to this file (JSON lines) as it ends")
    ap.add_argument("--variant", action="append", default=[], metavar="NAME=PATH",
                    help="player NAME decides as hard with the bot module at PATH (an edited copy of the"
                    " game's bot module); repeatable")
    args = ap.parse_args(argv)
    variants = []
    for spec in args.variant:
        name, eq, path = spec.partition("=")
        if not eq or not name or not path:
            raise SystemExit("--variant takes NAME=PATH, not %r" % spec)
        if name in PLAYERS:
            raise SystemExit("--variant: %r is already a player (players: %s)" % (name, ", ".join(PLAYERS)))
        if not os.path.isfile(path):
            raise SystemExit("--variant: no file %s" % path)
        load_variant(path)  # a broken file stops here, not in every game
        variants.append((name, path))
    names = dict(variants)
    MC_PLAYOUTS[0] = args.mc_playouts
    if args.yardstick_ops:
        yardstick.OPS[args.game] = args.yardstick_ops
    lo, hi = GAMES[args.game]
    if not lo <= args.players <= hi:
        raise SystemExit("%s is for %d-%d players" % (args.game, lo, hi))
    lineups = lineups_from(args)
    for lu in lineups:
        for who in lu:
            if who not in PLAYERS and who not in names:
                raise SystemExit("unknown player %r (players: %s)" % (who, ", ".join(PLAYERS + tuple(names))))
            for g, strategies in STRATEGIES.items():
                if who in strategies and g != args.game:
                    raise SystemExit("%s is a %s strategy" % (who, g))
    summaries = []
    for lu in lineups:
        s = run_lineup(args.game, lu, args.games, args.seed, args.jobs, not args.quiet, args.crash_dir,
                       args.games_log, variants)
        summaries.append(s)
        if not args.json:
            print(format_summary(args.game, s), flush=True)
    if args.json:
        print(json.dumps({"game": args.game, "players": args.players, "seed": args.seed, "matches": summaries}, indent=1))
    return 1 if any(s["crashes"] for s in summaries) else 0


if __name__ == "__main__":
    sys.exit(main())
