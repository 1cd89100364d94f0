"""Santiago's screens: the play screen (play), board (board), panel (panel), what is read from
the state (state) and the screens over the game (screens)."""
