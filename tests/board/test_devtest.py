"""tools/board/devtest.py on the virtual board: results streamed per test, and a failing, crashing or
hanging test (or a board that stops answering) makes the run fail naming the test."""
import os
import shutil
import subprocess
import sys

import pytest

from tools.board import devtest
from tools.board.vboard.testing import mpremote, running_vboard

from testkit import ROOT

DEMO = '''
def test_adds():
    assert 1 + 1 == 2

def test_fails():
    assert [1, 2] == [1, 3], "lists differ"

def test_memory():
    b = bytearray(400 * 1024)  # more than the 192k heap
'''
CRASH = '''
def test_a_fine():
    pass

def test_b_crashes():
    raise KeyboardInterrupt  # not an Exception: the harness dies here, as on a hard crash

def test_c_never_runs():
    pass
'''
HANG = '''
def test_forever():
    while True:
        pass
'''


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    state = tmp_path_factory.mktemp("vboard")
    with running_vboard(state, heap="192k") as port:
        assert mpremote(port, "fs", "mkdir", ":meeple").returncode == 0  # "firmware" is there
        yield port


@pytest.fixture
def tests_dir(tmp_path):
    d = tmp_path / "device"
    d.mkdir()
    shutil.copy(os.path.join(ROOT, "tests", "device", "devharness.py"), d)
    (d / "test_demo.py").write_text(DEMO)
    (d / "test_crash.py").write_text(CRASH)
    (d / "test_hang.py").write_text(HANG)
    return d


def test_results_name_each_failure(board, tests_dir):
    lines = []
    passed, failed = devtest.devtest(board, ["test_demo", "test_crash"], timeout=20, log=lines.append,
                                     tests_dir=str(tests_dir))
    assert passed == ["test_crash.test_a_fine", "test_demo.test_adds"]
    reasons = dict(failed)
    assert reasons["test_demo.test_fails"] == "AssertionError: lists differ"
    assert reasons["test_demo.test_memory"].startswith("MemoryError")
    assert reasons["test_crash.test_b_crashes"].startswith("crashed: ")
    assert "test_crash.test_c_never_runs" not in reasons
    assert "PASS test_demo.test_adds" in "\n".join(lines)
    assert "devtest: 2 passed, 3 failed" in lines


def test_a_hanging_test_times_out_and_the_board_is_usable_after(board, tests_dir):
    lines = []
    passed, failed = devtest.devtest(board, ["test_hang"], timeout=2, log=lines.append, tests_dir=str(tests_dir))
    assert passed == [] and failed == [("test_hang.test_forever", "no result after 2 s (timeout)")]
    assert "TIMEOUT test_hang.test_forever: no result after 2 s" in lines
    passed, _ = devtest.devtest(board, ["test_demo"], timeout=20, log=lines.append, tests_dir=str(tests_dir))
    assert "test_demo.test_adds" in passed  # the board answers again


def test_cli_exit_status(board, tests_dir, tmp_path):
    ok_dir = tmp_path / "ok"
    ok_dir.mkdir()
    shutil.copy(tests_dir / "devharness.py", ok_dir)
    (ok_dir / "test_ok.py").write_text("def test_one():\n    pass\n")
    def run(folder, *args):
        return subprocess.run([sys.executable, "-m", "tools.board.devtest", "--tests-dir", str(folder), "--port", board]
                              + list(args),
                              cwd=ROOT, capture_output=True, text=True, timeout=120)

    good = run(ok_dir)
    assert good.returncode == 0 and "devtest: 1 passed, 0 failed" in good.stdout, good.stdout + good.stderr
    bad = run(tests_dir, "test_demo")
    assert bad.returncode == 1 and "FAIL test_demo.test_fails" in bad.stdout


def test_board_without_firmware_or_gone(tmp_path, tests_dir):
    with running_vboard(tmp_path / "empty") as port:
        with pytest.raises(devtest.BoardError, match="no meeple firmware"):
            devtest.devtest(port, ["test_demo"], tests_dir=str(tests_dir), log=lambda m: None)
    r = subprocess.run([sys.executable, "-m", "tools.board.devtest", "--port", "/dev/ttyACM98"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and r.stderr.startswith("devtest: no board on /dev/ttyACM98")
    assert "Traceback" not in r.stderr
