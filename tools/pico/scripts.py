"""The key scripts that `make pico-test` plays on the emulated Pico and on host_sim, whose
screenshots must match pixel for pixel. Data only: adjust them here when menus or game screens
change (`python -m tools.pico.session --sim-only --board B` shows the simulator's side fast).

Tokens are host_sim's (README "Play in the simulator"): a button name taps it (up down left right A B X Y),
hold:B holds it, wait:MS lets MS pass (on the Pico: then until the LCD has been quiet long
enough for a bot to have thought and moved), shot:NAME takes a screenshot that is compared,
reset restarts the console with its flash kept (the Pico: a soft reset, which runs main.py).

Seats are the set-up screen's defaults (seat 1 human, the others AI normal) unless a script
changes them; TEST_SEED fixes the deal on both sides (board profile attribute, host.start).
"""
TEST_SEED = 20261201

# AI pause 0 (Settings): bots answer at once on both sides, not after a time the two would count
# differently; shots come SHOT_SETTLE_MS after the last key, when toasts ("Saved") have gone.
SHOT_SETTLE_MS = 2000
AI_PAUSE_0 = "down down A down A left left A"   # from the main menu, back on Settings

# ---- Waveshare Pico-LCD-1.3 (240x240, joystick + A/B/X/Y) -----------------------------------------
_1_3 = {
    # title, menus, Settings, Cacao's set-up, a game against an AI normal: every decision kind
    # (place a worker tile at the cursor, pick another tile and turn it, fill a jungle space, a
    # sell plan), the "Since your turn" recap after the bot's moves (A closes it), the game menu,
    # the Temples page, the confirmation before leaving; then a reset, Continue, leaving, and the
    # confirmation before a new game replaces the saved one.
    "cacao": " ".join([
        "shot:title A shot:menu", AI_PAUSE_0, "shot:settings B up up A shot:games A shot:cacao_setup",
        "up A wait:500 shot:cacao_place B right X shot:cacao_pick A shot:cacao_picked right shot:cacao_cursor",
        "A wait:500 shot:cacao_recap A shot:cacao_placed A shot:cacao_fill A wait:500",
        "A A A wait:500 A A A wait:500 A A A shot:cacao_sell A wait:500 shot:cacao_after_sell",
        "A Y shot:cacao_menu down down down A shot:cacao_temples B down down A shot:cacao_leave B B",
        "reset shot:title_continue A shot:menu_continue A wait:500 shot:cacao_continued",
        "Y down down down down down A A down A A up A shot:cacao_new_over_saved B",
    ]),
    # Santiago's set-up (3 players: two AI normal), the recap of the others' moves (A goes on), an
    # auction with a bid change, taking and placing a plantation, the leftover tile, the bribes
    # (segment, offer), the extra canal (the bots keep theirs: the human is asked in round 1),
    # the drought, round 2's recap, the overseer's canal, the game menu with "Take back my move",
    # its confirmation and the take-back (round 2's placement is back); reset, Continue.
    "santiago": " ".join([
        "A", AI_PAUSE_0, "B up up A down A shot:santiago_setup",
        "up A wait:500 shot:santiago_recap A shot:santiago_auction right shot:santiago_bid",
        "A wait:500 shot:santiago_take A shot:santiago_place A wait:500 A shot:santiago_leftover",
        "A wait:500 A shot:santiago_bribes A shot:santiago_segment A shot:santiago_offer",
        "A wait:500 A shot:santiago_extra_canal A A wait:500 shot:santiago_drought",
        "A wait:500 shot:santiago_round2 A A wait:500 A A A wait:500 A shot:santiago_overseer",
        "Y shot:santiago_menu down down down down A shot:santiago_takeback A wait:500 shot:santiago_taken_back",
        "reset A A wait:500 shot:santiago_continued",
    ]),
}

# ---- Waveshare Pico-LCD-1.14 (240x135, joystick + A/B: hold A / hold B stand for X / Y) ----------
_1_14 = {
    "cacao": " ".join([
        "shot:title A shot:menu", AI_PAUSE_0, "B up up A shot:games A shot:cacao_setup",
        "up A wait:500 shot:cacao_place right A wait:500 shot:cacao_recap A shot:cacao_placed",
        "hold:B shot:cacao_menu",
    ]),
}

SESSIONS = {"waveshare_lcd_1_3": _1_3, "waveshare_lcd_1_14": _1_14}
