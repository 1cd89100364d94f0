"""The Cacao help pages (title, text with \\n): a few KB of text, so they are loaded only
while a rules page is opened (the plug-in meeple.ui.cacao.play gives them as its RULES)."""

RULES = (
    ("Overview", "Place your worker tiles next to jungle tiles. Workers on a side facing a jungle "
     "tile work it: plantations give cacao (you store 5), markets buy cacao for 2-4 gold each, "
     "gold mines give gold, water moves your carrier up the track, sun sites give sun tokens "
     "(keep 3). Temples pay 6 and 3 gold at the end to the seats with most workers around them."),
    ("Your turn", "Pick a hand tile, turn it, put it on a cell next to a jungle tile (dots show "
     "where). The cursor jumps between those cells: the d-pad to the nearest one that way, X/Y "
     "on 4-button boards to the next or previous. Why not elsewhere: menu > Overview, move its "
     "cursor onto the cell. The side panel shows what happens before you confirm: the spaces "
     "that get filled, the sides that fire (orange) and each seat's gains (g gold, c cacao, s sun, "
     "w water steps). A cell with two "
     "worker tiles around it gets a jungle tile from the display. Then you draw a tile.\n"
     "Where the Overview's cells are small they show letters: c/C plantation 1/2, 2/3/4 "
     "market, g/G gold mine 1/2, ~ water, S sun site, T temple; a worker tile its seat's "
     "letter."),
    ("Selling", "When your plantations and markets fire together you choose the order and how "
     "many cacao to sell; the best plan is preselected. Other seats' workers fire too, and "
     "their owners choose for themselves."),
    ("Overbuilding", "Once the jungle pile and the display are empty you may pay 1 sun token to "
     "put a tile on top of one of your own tiles, once per place."),
    ("Scoring", "Gold from play, temples, 1 gold per sun token left and your water track value "
     "(-10 to 16). Most gold wins; on a tie, most cacao left."),
    ("Numbers", "Water track: you start on its lowest field; each water step moves you up one. "
     "At the end its fields are worth -10, -4, -1, 0, 2, 4, 7, 11 and 16 gold.\n"
     "Sun tokens: keep at most 3; 1 gold each at the end, or 1 pays for an overbuild.\n"
     "Cacao: store at most 5. Markets buy each cacao for the 2, 3 or 4 gold they show.\n"
     "Temples: 6 gold for the most workers around one, 3 for the second most, at the end.\n"
     "Worker tiles: 11 each with 2 players, 10 with 3, 9 with 4. You hold 3 and draw one after "
     "each placement; the game ends when every seat has placed all of its tiles. The log "
     "names a tile by its workers round its sides: 2-1-0-1 has 2, 1, 0 and 1."),
    # one line per picture, in the order of meeple.ui.cacao.legend.KEYS (drawn beside it)
    ("Symbols", "Plantation 1: 1 cacao per worker facing it.\n"
     "Plantation 2: 2 cacao per worker.\n"
     "Market 2: sells cacao for 2 gold each.\n"
     "Market 3: sells cacao for 3 gold each.\n"
     "Market 4: sells cacao for 4 gold each.\n"
     "Gold mine 1: 1 gold per worker.\n"
     "Gold mine 2: 2 gold per worker.\n"
     "Water: 1 step up the water track per worker.\n"
     "Sun site: 1 sun token per worker.\n"
     "Temple: 6 and 3 gold at the end for most workers around.\n"
     "Worker tile: seat letter; a digit = workers on that side.\n"
     "White corner: a tile built over (overbuild).\n"
     "Seat box: the seat's colour and letter.\n"
     "Yellow dot: your tile may go on this cell.\n"
     "Green frame: an open jungle space.\n"
     "White frame: the cursor, the tile may go here.\n"
     "Red frame: the cursor, the tile may not go here.\n"
     "Orange bar: workers on that side fire.\n"
     "Orange frame: this jungle space gets filled.\n"
     "?: filled from the hidden pile.\n"
     "Blue corners: the last move's tiles.\n"
     "White frame in the hand: the chosen tile.\n"
     "Gold: your gold now.\n"
     "Cacao: held, at most 5.\n"
     "Sun tokens: held, at most 3.\n"
     "Water: your track value in gold now."),
)
