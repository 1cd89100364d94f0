"""Host-side command-line tools for meeple (run as `python -m tools.NAME`)."""
