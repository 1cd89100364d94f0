"""The scripted human of the Santiago heap game (heap_game.start(root, "santiago")): one app
step by the play screen's mode. Imported only for that game, so the Cacao game does not count it.
"""


def play(app, q, d):
    """The human's policy, by the play screen's mode (meeple.ui.santiago.play M_*)."""
    from meeple.ui import input as ev
    s = app.session
    scr = app.screen
    if scr.title == "Result":              # the end screen
        # A -> Game over menu; Save record -> its message -> Main menu
        assert s.core.is_over(s.state)
        q.extend((ev.DOWN, ev.OK, ev.OK, ev.DOWN, ev.OK))
        app.step((ev.OK,))
        d["phase"] = 2
        return
    if scr is not s.screen:                # the drought warning: continue
        assert scr.title in ("Drought", "Final drought"), scr.title
        app.step((ev.OK,))
        return
    mode = scr.mode
    if mode == 7:                          # M_OVER (the result was closed): open it again
        app.step((ev.OK,))
        return
    if mode == 0:                          # M_WAIT: an AI seat moves after the pause
        d["clock"].now += 1100
        app.step(())
        return
    d["turns"] += 1
    t = d["turns"]
    if t == 12:                            # once mid-game: hint, log, seats and scores
        # Hint (worked out once the menu is gone), back to the board; the menu again: Log,
        # back, Seats and scores, back, back to the board
        q.extend((ev.OK, ev.BACK, ev.MENU, ev.DOWN, ev.OK, ev.BACK, ev.DOWN, ev.OK, ev.BACK,
                  ev.BACK))
        app.step((ev.MENU,))
        return
    if mode == 1:                          # M_BID: every other auction the lowest bid
        if t % 2:
            q.append(ev.OK)
            app.step((ev.RIGHT,))
        else:
            app.step((ev.OK,))
    elif mode == 2:                        # M_TILE: the next tile
        q.append(ev.OK)
        app.step((ev.DOWN,))
    elif mode == 3 or mode == 5:           # M_PLOT, M_SEG: over, down, back, choose
        q.extend((ev.DOWN, ev.LEFT, ev.OK))
        app.step((ev.RIGHT,))
    elif mode == 6:                        # M_AMOUNT: offer 2 when it can
        q.append(ev.OK)
        app.step((ev.RIGHT,))
    else:                                  # M_MENU: the first option (Propose, Accept, ...)
        app.step((ev.OK,))
