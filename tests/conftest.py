import os
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("firmware", "tests/device", ""):
    p = os.path.join(ROOT, sub)
    if p not in sys.path:
        sys.path.insert(0, p)
# the shared helpers (tests/testkit), imported as `testkit.*`; last, so that no folder of tests
# (tests/board, tests/console, ...) can stand in for a package of the project
if os.path.join(ROOT, "tests") not in sys.path:
    sys.path.append(os.path.join(ROOT, "tests"))


@pytest.fixture(autouse=True, scope="session")
def _temp_folders_under_pytest(tmp_path_factory):
    """The temp folders the code under test makes for itself (a Console's flash, a crash dump)
    go under pytest's own temp, which pytest prunes to the last 3 runs, not left in /tmp."""
    old = tempfile.tempdir
    tempfile.tempdir = str(tmp_path_factory.mktemp("tempfile"))
    yield
    tempfile.tempdir = old
