import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("firmware", "tests/device", ""):
    p = os.path.join(ROOT, sub)
    if p not in sys.path:
        sys.path.insert(0, p)
# the shared helpers (tests/testkit), imported as `testkit.*`; last, so that no folder of tests
# (tests/board, tests/console, ...) can stand in for a package of the project
if os.path.join(ROOT, "tests") not in sys.path:
    sys.path.append(os.path.join(ROOT, "tests"))
