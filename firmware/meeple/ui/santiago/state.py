"""What the Santiago screen reads from a game state: plots, canals, fields, drought, seat summaries,
the choices of a decision and the cursor order over them. No drawing, no I/O (runs and is tested
on MicroPython as it is: tests/device/test_santiago_ui_state.py).

State offsets mirror meeple.core.santiago's layout (version 1): the core's underscore consts are
compiled away on MicroPython. tests/ui/test_santiago_screen.py checks them against the core.

Board positions for the cursor are in half-plot units: plot (x, y) sits at (2x+1, 2y+1),
segment H(i, j) at (4i+2, 4j), V(i, j) at (4i, 4j+2); choices are kept in reading order
(top to bottom, left to right), so "next" moves right along a row and then to the next row.
"""
try:
    from micropython import const  # type: ignore[assignment]
except ImportError:
    def const(x):  # CPython stand-in for micropython.const
        return x

# ---- mirror of meeple.core.santiago's state layout (version 1) ------------------------------
O_PLAYERS = const(1)
O_FLAGS = const(2)
O_ROUND = const(3)
O_PHASE = const(4)
O_OVERSEER = const(5)
O_OLD_OVERSEER = const(6)
O_IDX = const(7)
O_SPRING = const(8)
O_PEND = const(9)
O_PEND_SEG = const(10)
O_REMOVED = const(11)
O_NREV = const(12)
O_REV = const(17)
O_ORDER = const(22)
O_BID = const(27)
O_MONEY = const(32)
O_SUPPLY = const(37)
O_EXTRA = const(42)
O_OFFER_SEG = const(47)
O_OFFER_AMT = const(52)
O_CANAL = const(57)
O_TILE = const(88)
O_OWN = const(136)
F_OPEN = const(2)

AUCTION = const(0)
PLACEMENT = const(1)
BRIBE = const(2)
OVERSEER = const(3)
EXTRA = const(4)
OVER = const(5)

NSEG = const(31)
NPLOT = const(48)
NONE = const(0xFF)
DESERT = const(0x10)
PALM = const(0x20)

# action kinds (meeple.core.santiago: kind << 12 | payload)
K_AMOUNT = const(1)
K_PLACE = const(2)
K_PROPOSE = const(3)
K_SUPPORT = const(4)
K_ACCEPT = const(5)
K_BUILD = const(6)
K_EXTRA = const(7)

CROP_NAMES = ("potato", "bean", "chili", "banana", "sugar")
PHASE_NAMES = ("Auction", "Placing tiles", "Bribes", "Canal building", "Extra canal", "Game over")


def rounds(st):
    return 9 if st[O_PLAYERS] == 5 else 11


def money_open(st):
    return bool(st[O_FLAGS] & F_OPEN)


# ---- plots -----------------------------------------------------------------------------------
def tile_code(st, p):
    """Tile code (crop * 2 + symbols - 1) on plot p, or -1 when the plot is empty."""
    t = st[O_TILE + p] & 0x0F
    return t - 1 if t else -1


def is_desert(st, p):
    return bool(st[O_TILE + p] & DESERT)


def has_palm(st, p):
    return bool(st[O_TILE + p] & PALM)


def owner(st, p):
    """Seat owning the tile on p, or -1 (empty, neutral)."""
    return (st[O_OWN + p] & 7) - 1


def markers(st, p):
    return (st[O_OWN + p] >> 4) & 3


def plot_h(p):
    """The horizontal segment bordering plot p."""
    x = p % 8
    y = p // 8
    return ((y + 1) // 2) * 4 + x // 2


def plot_v(p):
    x = p % 8
    y = p // 8
    return 16 + (y // 2) * 5 + (x + 1) // 2


def irrigated(st, p):
    return bool(st[O_CANAL + plot_h(p)] or st[O_CANAL + plot_v(p)])


def live_crop(st, p):
    """Crop of a non-desert tile on p, or -1."""
    t = st[O_TILE + p]
    if not t & 0x0F or t & DESERT:
        return -1
    return ((t & 0x0F) - 1) >> 1


# ---- segments and intersections --------------------------------------------------------------
def seg_ends(s):
    """The two intersections (j * 5 + i) a segment joins."""
    if s < 16:
        n = (s // 4) * 5 + s % 4
        return n, n + 1
    n = s - 16
    return n, n + 5


def seg_plots(s, out):
    """Plots bordered by segment s into out (bytearray(4)); returns how many (2 or 4)."""
    k = 0
    if s < 16:
        i = s % 4
        j = s // 4
        for y in (2 * j - 1, 2 * j):
            if 0 <= y <= 5:
                out[k] = y * 8 + 2 * i
                out[k + 1] = y * 8 + 2 * i + 1
                k += 2
    else:
        i = (s - 16) % 5
        j = (s - 16) // 5
        for x in (2 * i - 1, 2 * i):
            if 0 <= x <= 7:
                out[k] = 2 * j * 8 + x
                out[k + 1] = (2 * j + 1) * 8 + x
                k += 2
    return k


def node_wet(st, n):
    """Is intersection n the spring or an end of a built canal?"""
    if st[O_SPRING] == n:
        return True
    for s in range(NSEG):
        if st[O_CANAL + s]:
            a, b = seg_ends(s)
            if a == n or b == n:
                return True
    return False


def seg_name(s):
    """H(i,j) / V(i,j) as the rules core names a segment (records and tests; not shown)."""
    if s < 16:
        return "H(%d,%d)" % (s % 4, s // 4)
    return "V(%d,%d)" % ((s - 16) % 5, (s - 16) // 5)


def seg_pos(s):
    """(x, y) in half-plot units."""
    if s < 16:
        return 4 * (s % 4) + 2, 4 * (s // 4)
    return 4 * ((s - 16) % 5), 4 * ((s - 16) // 5) + 2


def proposer(st, s):
    """The seat whose proposal canal lies on s (the first backer in bribe order), or -1."""
    n = st[O_PLAYERS]
    ov = st[O_OVERSEER]
    for i in range(n - 1):
        q = (ov + 1 + i) % n
        if st[O_OFFER_SEG + q] == s:
            return q
    return -1


def total(st, s):
    t = 0
    for q in range(st[O_PLAYERS]):
        if st[O_OFFER_SEG + q] == s:
            t += st[O_OFFER_AMT + q]
    return t


def proposals(st):
    """Proposed segments in the order they were proposed."""
    out = []
    n = st[O_PLAYERS]
    ov = st[O_OVERSEER]
    for i in range(n - 1):
        q = (ov + 1 + i) % n
        s = st[O_OFFER_SEG + q]
        if s != NONE and s not in out:
            out.append(s)
    return out


def backers(st, s):
    """[(seat, amount)] on the proposal on s, proposer first."""
    out = []
    n = st[O_PLAYERS]
    ov = st[O_OVERSEER]
    for i in range(n - 1):
        q = (ov + 1 + i) % n
        if st[O_OFFER_SEG + q] == s:
            out.append((q, st[O_OFFER_AMT + q]))
    return out


def max_total(st):
    best = 0
    for s in proposals(st):
        t = total(st, s)
        if t > best:
            best = t
    return best


# ---- fields ----------------------------------------------------------------------------------
def field(st, p, crop, out):
    """Mark in out (bytearray(48), cleared here) the field plot p belongs to as crop `crop`
    (p may be empty: the field a tile of that crop would join there); return its size."""
    for i in range(NPLOT):
        out[i] = 0
    out[p] = 1
    size = 1
    grew = True
    while grew:  # a few sweeps; no stack to allocate
        grew = False
        for q in range(NPLOT):
            if out[q] or live_crop(st, q) != crop:
                continue
            x = q % 8
            if ((x > 0 and out[q - 1]) or (x < 7 and out[q + 1]) or (q >= 8 and out[q - 8])
                    or (q < 40 and out[q + 8])):
                out[q] = 1
                size += 1
                grew = True
    return size


def fields(st):
    """Every field: [(crop, size, markers per seat as a list)], largest first. For summaries
    (end screen, seat panel): allocates a little."""
    n = st[O_PLAYERS]
    seen = bytearray(NPLOT)
    mark = bytearray(NPLOT)
    out = []
    for p in range(NPLOT):
        c = live_crop(st, p)
        if c < 0 or seen[p]:
            continue
        size = field(st, p, c, mark)
        per = [0] * n
        for q in range(NPLOT):
            if mark[q]:
                seen[q] = 1
                o = owner(st, q)
                m = markers(st, q)
                if o >= 0 and m:
                    per[o] += m + (1 if has_palm(st, q) else 0)
        out.append((c, size, per))
    # biggest first, then in board order: MicroPython's sort is not stable, so the key says it
    order = sorted(range(len(out)), key=lambda i: i - out[i][1] * NPLOT)
    return [out[i] for i in order]


def field_points(st, flist=None):
    """Field points per seat as the board stands (S26), without money."""
    n = st[O_PLAYERS]
    pts = [0] * n
    for _c, size, per in (flist if flist is not None else fields(st)):
        for q in range(n):
            pts[q] += size * per[q]
    return pts


def seat_fields(flist, seat):
    """Sizes of the fields where `seat` has markers, largest first."""
    return [f[1] for f in flist if f[2][seat]]


# ---- drought ---------------------------------------------------------------------------------
LOSE = const(1)
DRY = const(2)


def drought_marks(before, after, out):
    """What the round's end did to each plot (before: the state before the last action, after:
    the state after it) into out: LOSE (one marker gone), DRY (turned to desert). Returns
    (plots losing a marker, plots turned to desert)."""
    lose = 0
    dry = 0
    for p in range(NPLOT):
        out[p] = 0
        if not before[O_TILE + p] & 0x0F or before[O_TILE + p] & DESERT:
            continue
        if after[O_TILE + p] & DESERT:
            out[p] = DRY
            dry += 1
        elif markers(after, p) < markers(before, p):
            out[p] = LOSE
            lose += 1
    return lose, dry


# ---- decisions -------------------------------------------------------------------------------
def bid_order(st):
    """Seats in this round's bidding order."""
    n = st[O_PLAYERS]
    s0 = st[O_OLD_OVERSEER] + 1
    return [(s0 + i) % n for i in range(n)]


def bids_made(st):
    """[(seat, bid or 0 for a pass)] in bidding order, for the seats that have acted."""
    n = st[O_PLAYERS]
    acted = st[O_IDX] if st[O_PHASE] == AUCTION else n
    return [(q, st[O_BID + q]) for q in bid_order(st)[:acted]]


def revealed(st):
    """Tile codes still on offer, in stack order."""
    return [st[O_REV + k] for k in range(st[O_NREV])]


def passed(st, seat):
    return st[O_BID + seat] == 0


def leftover(st):
    """Is the 3-player leftover tile the next placement?"""
    return st[O_PHASE] == PLACEMENT and st[O_IDX] >= st[O_PLAYERS]


def placing_markers(st, seat, code):
    """Markers `seat` would put on a tile with code `code` now (S11, S12)."""
    if leftover(st):
        return 0
    return (code & 1) + 1 - (1 if passed(st, seat) else 0)


def sort_reading(items, pos):
    """Sort items (plots or segments) by their board position, rows first."""
    def key(v):
        x, y = pos(v)
        return y * 64 + x
    items.sort(key=key)
    return items


def plot_pos(p):
    return 2 * (p % 8) + 1, 2 * (p // 8) + 1


def step_vertical(items, cur, pos, down):
    """Index of the item nearest below (down) or above the current one; cur if none. The same
    column wins over a nearer row in another one (down stays in its column past occupied
    plots); a step sideways counts as four rows."""
    cx, cy = pos(items[cur])
    best = cur
    bd = 1 << 20
    for i in range(len(items)):
        x, y = pos(items[i])
        dy = y - cy if down else cy - y
        if dy <= 0:
            continue
        d = (dy + 4 * (x - cx if x >= cx else cx - x)) * 64 + dy
        if d < bd:
            bd = d
            best = i
    return best


def legal_kinds(actions, n):
    """Bitmask of the action kinds among the first n legal actions (bit 0 = PASS)."""
    m = 0
    for i in range(n):
        a = actions[i]
        m |= 1 << (a >> 12) if a else 1
    return m


def payloads(actions, n, kind):
    """Payloads of the legal actions of one kind."""
    out = []
    for i in range(n):
        a = actions[i]
        if a and a >> 12 == kind:
            out.append(a & 0xFFF)
    return out


# ---- words -----------------------------------------------------------------------------------
def tile_text(code):
    return "%s x%d" % (CROP_NAMES[code >> 1], (code & 1) + 1)


CROP_MANY = ("potatoes", "beans", "chilies", "bananas", "sugar cane")
_EDGES = ("top", "bottom", "left", "right")


def plot_node(p):
    """The intersection at the corner of plot p's 2 x 2 block that p touches."""
    x = p % 8
    y = p // 8
    return (y // 2 + y % 2) * 5 + x // 2 + x % 2


def _crop_words(st, q, letters):
    """What stands on plot q as a player sees it ("N's beans", "a desert"), or None if empty."""
    if st[O_TILE + q] & DESERT:
        return "a desert"
    c = live_crop(st, q)
    if c < 0:
        return None
    o = owner(st, q)
    return "%s's %s" % (letters[o], CROP_MANY[c]) if o >= 0 else "the " + CROP_MANY[c]


def plot_words(st, p, letters):
    """Where plot p is, by what a player sees next to it: "by the spring", "next to N's beans",
    "by a palm", "by a canal", "two plots left of W's beans", "three plots above the spring" (the
    board has no labels to count by)."""
    if plot_node(p) == st[O_SPRING]:
        return "by the spring"
    x = p % 8
    for q in (p - 1 if x > 0 else -1, p + 1 if x < 7 else -1, p - 8, p + 8):
        if 0 <= q < NPLOT:
            w = _crop_words(st, q, letters)
            if w:
                return "next to " + w
    if has_palm(st, p):
        return "by a palm"
    if irrigated(st, p):
        return "by a canal"
    y = p // 8
    for d in range(4):   # two plots away in a straight line: "two plots left of W's beans"
        q = (p - 2 if x > 1 else -1, p + 2 if x < 6 else -1, p - 16, p + 16)[d]
        if 0 <= q < NPLOT:
            w = _crop_words(st, q, letters)
            if w:
                return "two plots %s of %s" % (("right", "left", "below", "above")[d], w)
    v = _EDGES[0] if y == 0 else (_EDGES[1] if y == 5 else None)
    h = _EDGES[2] if x == 0 else (_EDGES[3] if x == 7 else None)
    if v and h:
        return "in the %s %s corner" % (v, h)
    # counted from the spring (in plots, along the longer way)
    n = st[O_SPRING]
    dx = x - 2 * (n % 5)
    dx = dx + 1 if dx >= 0 else -dx
    dy = y - 2 * (n // 5)
    dy = dy + 1 if dy >= 0 else -dy
    if (v or h) and (dx > 3 or dy > 3):   # far from the spring: the edge is nearer to count
        return "on the %s edge" % (v or h)
    if dx >= dy:
        d = _EDGES[3] if x >= 2 * (n % 5) else _EDGES[2]
        return "%s plot%s %s of the spring" % (_COUNT[dx], "" if dx == 1 else "s", d)
    d = "below" if y >= 2 * (n // 5) else "above"
    return "%s plot%s %s the spring" % (_COUNT[dy], "" if dy == 1 else "s", d)


_COUNT = ("", "one", "two", "three", "four", "five", "six", "seven", "eight")


def seg_words(st, s, letters):
    """A canal segment by what it runs past: "the canal by the spring", "the canal between W's
    potatoes and N's beans", "the canal along the beans", or by the board's edge."""
    a, b = seg_ends(s)
    if st[O_SPRING] == a or st[O_SPRING] == b:
        return "the canal by the spring"
    tmp = bytearray(4)
    k = seg_plots(s, tmp)
    one = _crop_words(st, tmp[0], letters) or _crop_words(st, tmp[1], letters)
    two = None
    if k == 4:   # plots 0, 1 on one side of the lane, 2, 3 on the other
        two = _crop_words(st, tmp[2], letters) or _crop_words(st, tmp[3], letters)
    if one and two and one != two:
        return "the canal between %s and %s" % (one, two)
    if one or two:
        return "the canal along %s" % (one or two)
    if s < 16:
        e = _EDGES[0] if s < 4 else (_EDGES[1] if s >= 12 else None)
    else:
        i = (s - 16) % 5
        e = _EDGES[2] if i == 0 else (_EDGES[3] if i == 4 else None)
    return ("the canal on the %s edge" % e) if e else "the canal by empty plots"


def action_place(st, a):
    """Where action a (said before it is applied) happens: a plot, 64 + a segment, or -1."""
    kind = a >> 12
    pay = a & 0xFFF
    if kind == K_PLACE:
        return pay % 48
    if kind >= K_PROPOSE:
        return 64 + pay
    if kind == K_AMOUNT and st[O_PHASE] == BRIBE and st[O_PEND]:
        return 64 + st[O_PEND_SEG]
    return -1


def action_text(st, seat, a, letters):
    """A short line for the log, the recap and hints, e.g. "N bids 5", said before the action
    is applied; segments and plots are named by what is next to them, never by coordinates
    (the board has no labels to count by)."""
    who = letters[seat]
    kind = a >> 12
    pay = a & 0xFFF
    ph = st[O_PHASE]
    if a == 0:
        if ph == OVERSEER:
            return "%s builds no canal" % who
        if ph == AUCTION:
            return "%s passes (no bid)" % who
        if ph == EXTRA:
            return "%s keeps the extra canal" % who
        return "%s makes no offer" % who
    if kind == K_AMOUNT:
        if ph == AUCTION:
            return "%s bids %d" % (who, pay)
        q = proposer(st, st[O_PEND_SEG])
        if st[O_PEND] == 2 and q >= 0:
            return "%s backs %s's canal with %d" % (who, letters[q], pay)
        return "%s proposes a canal, offers %d" % (who, pay)
    if kind == K_PLACE:
        t = pay // 48
        p = pay % 48
        m = placing_markers(st, seat, t)
        tmp = bytearray(NPLOT)
        size = field(st, p, t >> 1, tmp)
        where = plot_words(st, p, letters)
        if leftover(st):
            return "%s lays the leftover %s %s" % (who, tile_text(t), where)
        return "%s plants %s %s: field of %d, %d marker%s" % (who, tile_text(t), where, size, m,
                                                             "" if m == 1 else "s")
    if kind == K_PROPOSE:
        return "%s proposes %s" % (who, seg_words(st, pay, letters))
    if kind == K_SUPPORT:
        q = proposer(st, pay)
        return "%s backs %s's canal" % (who, letters[q] if q >= 0 else "a")
    if kind == K_ACCEPT:
        q = proposer(st, pay)
        return "%s takes %s's canal, gets %d" % (who, letters[q] if q >= 0 else "a", total(st, pay))
    if kind == K_BUILD:
        return "%s builds %s for %d" % (who, seg_words(st, pay, letters),
                                        max_total(st) + 1 if proposals(st) else 1)
    if kind == K_EXTRA:
        return "%s builds its extra canal %s" % (who, seg_words(st, pay, letters)[10:])
    return "%s: action %d" % (who, a)
