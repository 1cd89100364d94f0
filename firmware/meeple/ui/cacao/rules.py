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
     "worker tiles around it gets a jungle tile from the display. Then you draw a tile."),
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
     "Temples: 6 gold for the most workers around one, 3 for the second most, at the end."),
)
