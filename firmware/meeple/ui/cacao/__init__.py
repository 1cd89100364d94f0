"""Cacao's screens: the play screen (play), table (table), side panel (panels), what is read from
the state (model) and the rarely used pages (pages)."""
