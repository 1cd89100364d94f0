"""The console: the app (app: a stack of screens, boot, power), its menus, settings and records
pages, the host of a game (host: plug-ins, seats, AI turns, auto-save) and what only an open game
needs (session), and the crash screen. It stands on every layer below it: core, ai, storage, ui.
"""
VERSION = "0.1.0"
