"""The guided first round's words for Santiago (meeple.ui.guide drives it): for each decision
of the first round, what to look at on the screen and the hint engine's move in the screen's
words (what it is next to, never coordinates) with the engine's reason. Worked out from the
position and the hint each time, and the move is preselected on the screen."""
from meeple import ai
from meeple.core import santiago as core
from meeple.ui.santiago import play as P
from meeple.ui.santiago import state as S

LOOK = (
    # by phase (state.AUCTION .. EXTRA): what the decision is and where to look
    "Auction: the tiles on offer and the bids so far are on the panel. Everyone bids once and "
    "no two bids may be equal. The highest bid picks a tile first; the first to pass becomes "
    "the canal overseer (if nobody passes, the lowest bidder), and passers place one marker "
    "fewer.",
    "Plant your tile: the cursor visits the empty plots, the white frames show the field it "
    "joins and the panel names the markers it gets. A field scores its size times your "
    "markers in it, and a plot without water next to it dries out in the drought.",
    "Canal bribes: the overseer builds one canal this round. Propose a lane next to the water "
    "with an offer, back someone's proposal, or pass. The dashed lanes on the board are where "
    "a canal may go.",
    "You are the overseer: accept a proposal (its backers pay you), or build where you like "
    "and pay the highest total + 1 yourself; with no proposal a canal costs you 1.",
    "Extra canal: each player has one for the whole game; the first who builds it ends this "
    "phase.",
)
AMOUNT = ("Your offer for that canal: the overseer gets the money if he takes it. Your escudos "
          "are on the panel; what you offer now is money you do not score at the end.")


def round_over(st):
    return st[S.O_ROUND] > 1


def decision(scr):
    """The decision on screen: 1 bid, 2 tile and plot, 3 a choice of the menu (and its
    lane), 4 the offer for a lane; -1 none."""
    m = scr.mode
    if m == P.M_BID:
        return 1
    if m in (P.M_TILE, P.M_PLOT):
        return 2
    if m in (P.M_MENU, P.M_SEG):
        return 3
    if m == P.M_AMOUNT:
        return 4
    return -1


def explain(scr, first):
    st = scr.session.state
    seat = core.to_move(st)
    pos = st
    look = LOOK[st[S.O_PHASE]]
    if scr.mode == P.M_AMOUNT:
        look = AMOUNT
        if not scr.fixed_seg:   # the lane is played together with the offer: ask on a copy
            pos = bytearray(st)
            core.apply(pos, (scr.seg_kind << 12) | scr.seg)
    a, why = ai.hint(core, pos, seat)
    point_at(scr, a)
    intro = ""
    if first:
        intro = ("You are %s (%s). Each of your decisions this round is explained here, "
                 "and the hint's move is preselected.\n\n" % (
                     P.SEAT_NAMES[seat], P.SEAT_LETTERS[seat]))
    return "%s%s\n\nHint: %s.\nWhy: %s.\n\nA confirms it; or choose another." % (
        intro, look, S.action_text(pos, seat, a, P.SEAT_LETTERS), P._why(why, core.describe(pos, a)))


def point_at(scr, a):
    """Preselect action `a` on the screen (nothing is played until A)."""
    kind = a >> 12
    v = a & 0xFFF
    m = scr.mode
    if m == P.M_BID:
        scr.cur = scr.ch.index(v if kind == S.K_AMOUNT else 0)
    elif m in (P.M_TILE, P.M_PLOT):
        scr.tcur = scr.tiles.index(v // 48)
        scr._to_plots()
        scr.cur = scr.ch.index(v % 48)
    elif m in (P.M_MENU, P.M_SEG):
        scr._options()
        want = (P.O_PASS, P.O_NONE) if a == 0 else (_OPTION[kind],)
        for i in range(len(scr.opts)):
            if scr.opts[i][0] in want:
                scr.ocur = i
        if a:
            scr._option()           # on to the lanes of that choice
            scr.cur = scr.ch.index(v)
    elif m == P.M_AMOUNT and v in scr.ch:
        scr.cur = scr.ch.index(v)
    scr._marks()
    scr.dirty |= P.D_ALL


_OPTION = {S.K_PROPOSE: P.O_PROPOSE, S.K_SUPPORT: P.O_SUPPORT, S.K_ACCEPT: P.O_ACCEPT,
           S.K_BUILD: P.O_BUILD, S.K_EXTRA: P.O_EXTRA}
