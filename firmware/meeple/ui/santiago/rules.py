"""The Santiago help pages (title, text with \\n): a few KB of text, so they are loaded only
while a rules page is opened (the plug-in meeple.ui.santiago.play gives them as its RULES)."""

RULES = (
    ("Overview", "Plant crops, win water, score fields.\nEach round: an auction for the revealed "
     "tiles, placing them, bribing the canal overseer, an extra canal, then drought.\nScore: "
     "each field (same crop, touching) x your markers in it, plus your escudos.\nIncome: every "
     "player gets 3 escudos at the end of each round.\nWith 3 or 4 players one tile is "
     "removed at setup (shown on the seats page)."),
    ("Auction", "Everyone bids once, the overseer last. A bid must differ from every bid made "
     "this round. Pass = no bid.\nThe first player who passed becomes overseer; if nobody "
     "passed, the lowest bidder.\nHighest bid picks a tile first; passers place one marker "
     "fewer."),
    ("Canals", "The others may propose a canal segment next to the water (or support a "
     "proposal) with an offer. The overseer accepts one (the backers pay him) or builds "
     "elsewhere for the highest total + 1. With no proposal he may build for 1.\nThen each "
     "player may use his one extra canal (the first one ends the phase)."),
    ("Drought", "A tile without water next to it loses a marker; one with no marker left "
     "turns to desert. In the last round every dry tile turns to desert."),
    ("Screen", "Plots: crop picture, owner letter in the seat colour, one black pip per "
     "marker. A planted plot is green when watered, straw when dry; an empty one blue-grey "
     "when watered, dark green when dry; desert: the sand picture on dark rock.\nLanes: brown = ditch, blue = "
     "canal, light dashes = may be built now, stripes = a proposal (proposer's letter).\n"
     "Spring: the white and blue square. Palm: a small tree (on a tile: in its corner, green "
     "frame). Red X = turns to desert, -1 = loses a marker.\nChoosing: yellow frame = the "
     "cursor, with the crop you place shown on the plot; white frames = the field it joins; "
     "grey frames = the plots the leftover tile may take; yellow dashes = the lanes you may "
     "choose, solid yellow = the one under the cursor.\nTiles: x1 / x2 = markers the tile "
     "takes.\nPlacing: * after a seat's bid = that seat places now.\nRecap of the others' "
     "moves, and the log: up / down select a line (arrow), the yellow frame or lane shows "
     "where it was.\nSeats "
     "page (X): money, markers left, extra canal (yes: unused), field sizes, score now = "
     "fields x markers + money; on 240x135: $ money, mk markers left, C extra canal unused, "
     "pts score now."),
    ("Numbers", "Rounds: 11, or 9 with 5 players. Stacks of tiles: 4, or 5 with 5 players; "
     "one tile of each is turned up every round.\nEscudos: 10 each to start, 3 more at the "
     "end of every round.\nMarkers: 22 each; a tile shows 1 or 2 and its buyer places that "
     "many (one fewer after passing in the auction)."),
)
