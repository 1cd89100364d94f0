"""The guided first round's words for Cacao (meeple.ui.guide drives it): for each decision of
the first round, what to look at on the screen and the hint engine's move in words, with what
the screen's own preview says it gains. Worked out from the position and the hint each time:
nothing here is said of a deal it was not computed for."""
from meeple import ai
from meeple.core import cacao
from meeple.ui.cacao import model as m
from meeple.ui.cacao import play as P


def round_over(st):
    """Every seat has had its first turn."""
    return m.turn(st) >= m.players(st)


def decision(scr):
    """The decision on screen: 1 place a tile, 2 fill spaces, 3 order the sales; -1 none."""
    if scr.mode in (P.PLACE, P.HAND):
        return 1
    if scr.mode == P.FILL:
        return 2
    if scr.mode == P.RESOLVE:
        return 3
    return -1


def explain(scr, first):
    st = scr.session.state
    seat = m.to_move(st)
    d = decision(scr)
    pos = scr.scratch if d == 2 and scr.fill_local else st   # the tile is placed in the copy
    action, reason = ai.hint(cacao, pos, seat)
    scr.point_at(action)
    why = reason[:reason.find(": ")] if ": " in reason else reason   # the rest names coordinates
    why = why.replace("water ", "water track ").replace("temples ", "temple points ")
    intro = ""
    if first:
        intro = ("You are %s. Each of your decisions this round is explained here, and the "
                 "hint's move is preselected.\n\n" % P.SEAT_NAMES[seat])
    if d == 1:
        text = ("Place a worker tile next to jungle tiles. Look at your hand on the panel and at "
                "the table: the tile is drawn at the cursor, its sides that fire are marked, and "
                "the panel lists what each seat gains.\n\nHint: %s.\n%s" % (
                    place_words(scr, action), gains_words(scr, seat)))
        tail = "A places it; or move, B another tile."
    elif d == 2:
        text = ("Your tile left empty spaces next to it: jungle tiles from the display (on the "
                "panel) fill them. Look at which workers face each space.\n\nHint: %s.\n%s" % (
                    fill_words(scr, pos, action), gains_words(scr, seat)))
        tail = "A fills; or choose another way."
    else:
        text = ("Your workers fired: you harvest and sell in an order you choose. Look at the box "
                "over the table: each plan says what it sells and harvests.\n\nHint: first %s.%s" % (
                    m.plan_words(cacao, st, (action,)), plan_words(scr, action)))
        tail = "A plays the plan."
    return "%s%s\nWhy the hint engine picks it (the whole turn): %s.\n\n%s" % (intro, text, why, tail)


def place_words(scr, action):
    """'your 2-1-0-1 tile, its workers facing a plantation 1 (2) and a market 3 (1)'."""
    st = scr.session.state
    pat = (action >> 2) & 3
    rot = action & 3
    key = m.action_cell(st, action)
    out = "your %s tile" % cacao.PATTERN_NAMES[pat]
    if action >= m.OVERBUILD_BASE:
        out += " over one of your own tiles (it costs 1 sun)"
    pv = scr.pv
    faces = []
    for d in range(4):
        n = m.workers(pat, rot, d)
        if n and pv.fire_mask(key) & (1 << d):
            t = pv.fill_at(key + m.DK[d])
            if not t:
                t = m.jungle_type(st, m.ref(st, key + m.DK[d]))
            what = "the pile's next tile" if t == m.UNKNOWN else "a " + m.KIND_WORDS[t]
            faces.append("%s (%d worker%s)" % (what, n, "" if n == 1 else "s"))
    if faces:
        out += ", its workers facing " + listed(faces)
    else:
        out += ", no worker facing a jungle tile yet"
    return out


def listed(parts):
    """'a', 'a and b', 'a, b and c'."""
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def fill_words(scr, st, action):
    """Which display tile (or the pile's) each space takes, in words."""
    code = action - m.FILL_BASE
    parts = []
    for i in range(m.spaces(st, scr.spaces)):
        s = (code >> (2 * i)) & 3
        if s == 0:
            parts.append("a space stays empty")
        elif s == 3:
            parts.append("the pile's top tile")
        else:
            parts.append("the " + m.KIND_WORDS[m.display(st, s - 1)])
    return "fill with " + listed(parts)


def gains_words(scr, seat):
    """What the screen's preview says the move brings each seat, in words."""
    st = scr.session.state
    g = scr.pv.gain
    out = []
    for s in range(m.players(st)):
        o = s * 5
        parts = []
        if g[o] > 0:
            parts.append("%d gold" % g[o])
        if g[o + 1] > 0:
            parts.append("%d cacao" % g[o + 1])
        elif g[o + 1] < 0:
            parts.append("sells %d cacao" % -g[o + 1])
        if g[o + 2] > 0:
            parts.append("%d sun" % g[o + 2])
        elif g[o + 2] < 0:
            parts.append("pays %d sun" % -g[o + 2])
        if g[o + 3]:
            parts.append("%d water" % g[o + 3])
        if g[o + 4]:
            parts.append("what the pile's next tile brings")
        if parts:
            who = "You get" if s == seat else "%s gets" % P.SEAT_NAMES[s]
            out.append("%s %s." % (who, ", ".join(parts)))
    if not out:
        return "It gains nothing at once: it builds for later turns."
    return " ".join(out)


def plan_words(scr, action):
    """The whole plan preselected (the one that starts with the hint's action)."""
    if not scr.plans:
        return ""
    g, c, path = scr.plans[scr.plan_i]
    if path[:1] != (action,):
        return ""
    return " The whole plan: %s, %+d gold, %d cacao left." % (
        m.plan_words(cacao, scr.session.state, path), g, c)
