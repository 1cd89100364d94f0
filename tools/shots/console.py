"""The README's screenshots of the console in large text (Settings > Text "Large") on a 240x135
panel, from the simulator, the menus and inside both games: python -m tools.shots.console [out
folder, default docs/screens]."""
import os
import sys

from tools import ROOT
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.append(os.path.join(ROOT, "tests"))   # testkit: the screen tests' scripted driver

from host_sim.console import Console  # noqa: E402
from meeple.console import host  # noqa: E402

BOARD = "waveshare_lcd_1_14"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else os.path.join(ROOT, "docs", "screens")
    con = Console(BOARD)
    con.app.settings["text"] = 1
    con.app.apply_text()
    con.keys("A")
    con.shot(os.path.join(out, "large_menu_%s.png" % BOARD))
    con.keys("down down A")                      # Settings
    con.shot(os.path.join(out, "large_settings_%s.png" % BOARD))
    con.keys("B down A down A A")                # Rules -> Cacao -> Overview
    con.shot(os.path.join(out, "large_rules_%s.png" % BOARD))
    con.keys("B B B")
    g = [p for p in con.app.games if p.GAME == "cacao"][0]
    con.app.settings["ai_pause"] = 0
    host.start(con.app, g, 2, [host.HUMAN, host.AI_EASY], {})
    con.wait(2000)
    con.app.session.leave()                      # the question before leaving
    con.app.render()
    con.shot(os.path.join(out, "large_leave_%s.png" % BOARD))
    assert con.canvas.clipped == 0
    in_games(out)


def in_games(out):
    """Inside the games: Cacao's table, game menu, log, hint and symbol page; Santiago's auction,
    placement and game menu."""
    from testkit.santiago_driver import Driver
    from meeple.ui.santiago import play as PS

    def shot(con, name):
        con.app.render()
        con.shot(os.path.join(out, "large_%s_%s.png" % (name, BOARD)))
        assert con.canvas.clipped == 0, name

    con = Console(BOARD)
    con.app.settings["text"] = 1
    con.app.settings["ai_pause"] = 0
    con.app.apply_text()
    con.keys("A")
    g = [p for p in con.app.games if p.GAME == "cacao"][0]
    host.start(con.app, g, 3, [host.HUMAN, host.AI_EASY, host.AI_EASY], {})
    s = con.app.session
    for _ in range(3):             # three rounds, the human placing the bot's choice
        while not (s.is_human(s.core.to_move(s.state)) and s.screen.deciding()):
            while con.app.screen is not s.screen:
                con.app.pop()
            con.wait(20)
        if _ < 2:
            s.play(s.plugin.ai_action(s.state, 0, 1))
    while con.app.screen is not s.screen:   # the recap of the bots' moves
        con.app.pop()
    con.app._full = True
    shot(con, "cacao_table")
    con.keys("hold:B")
    shot(con, "cacao_menu")
    con.keys("down down A")        # Log
    shot(con, "cacao_log")
    con.keys("B up up A wait:200")  # Hint
    shot(con, "cacao_hint")
    con.keys("B")
    for _ in range(5):
        con.keys("down")
    con.keys("A")                  # Rules
    for _ in range(6):
        con.keys("down")
    con.keys("A")                  # Symbols
    shot(con, "cacao_symbols")
    con.keys("B B B")
    con.app.session.leave()
    con.keys("A")

    g = [p for p in con.app.games if p.GAME == "santiago"][0]
    host.start(con.app, g, 3, [host.HUMAN, host.AI_EASY, host.AI_EASY], {})
    taken = []

    def decide(game):
        if game.mode == PS.M_BID and "santiago_auction" not in taken:
            taken.append("santiago_auction")
        elif game.mode == PS.M_PLOT and "santiago_plot" not in taken:
            taken.append("santiago_plot")
        else:
            return
        con.app._full = True
        shot(con, taken[-1])
        if len(taken) == 2:
            con.keys("hold:B")
            shot(con, "santiago_menu")
            con.keys("B")

    d = Driver(con, seed=1, policy="bot")
    d.on_decision = decide
    while len(taken) < 2 and d.step():
        pass


if __name__ == "__main__":
    main()
