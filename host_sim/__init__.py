"""meeple's desktop simulator: the device's app on CPython backends (see __main__.py)."""
