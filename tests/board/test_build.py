"""tools/board/build.py: firmware/ to .mpy in a folder that mirrors the board, profiles, errors."""
import json
import os
import subprocess
import sys

import pytest

from tools.board import build

from testkit import ROOT


def run_build(*args):
    return subprocess.run([sys.executable, "-m", "tools.board.build"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def tree(tmp_path):
    fw, boards = tmp_path / "firmware", tmp_path / "boards"
    (fw / "meeple" / "core").mkdir(parents=True)
    (fw / "meeple" / "__init__.py").write_text("")
    (fw / "meeple" / "core" / "rules.py").write_text("def f(x):\n    return x + 1\n")
    (fw / "meeple" / "font.bin").write_bytes(b"\x00\x01\x02")
    (fw / "main.py").write_text("import meeple\n")
    boards.mkdir()
    (boards / "tiny_lcd.py").write_text("WIDTH = 240\n")
    (boards / "manifest.py").write_text("package('meeple')\n")
    return fw, boards, tmp_path / "out"


def test_mirrors_the_device_with_mpy_and_keeps_main_py_as_source(tree):
    fw, boards, out = tree
    manifest = build.build(None, str(out), str(fw), str(boards))
    assert sorted(manifest["files"]) == ["main.py", "meeple/__init__.mpy", "meeple/core/rules.mpy", "meeple/font.bin"]
    assert (out / "meeple" / "core" / "rules.mpy").read_bytes()[:2] == b"M\x06"
    assert (out / "main.py").read_text() == "import meeple\n"
    assert manifest["mpy"] == {"version": 6, "native": None} and manifest["board"] is None
    on_disk = json.loads((out.parent / "out.json").read_text())
    assert on_disk["files"]["meeple/font.bin"]["size"] == 3


def test_board_profile_becomes_board_py_and_manifest_is_not_a_profile(tree):
    fw, boards, out = tree
    assert build.profiles(str(boards)) == ["tiny_lcd"]
    manifest = build.build("tiny_lcd", str(out), str(fw), str(boards))
    assert (out / "board.py").read_text() == "WIDTH = 240\n" and manifest["board"] == "tiny_lcd"


def test_unknown_board_lists_the_profiles(tree):
    fw, boards, out = tree
    r = run_build("--board", "nope", "--out", str(out), "--firmware", str(fw), "--boards", str(boards))
    assert r.returncode == 2
    assert r.stderr.strip() == "build: unknown BOARD 'nope'; available profiles: tiny_lcd"


def test_rejected_file_is_named_with_its_line(tree):
    fw, boards, out = tree
    (fw / "meeple" / "broken.py").write_text("x = 1\n\ndef g(:\n    pass\n")
    r = run_build("--out", str(out), "--firmware", str(fw), "--boards", str(boards))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "%s:3: SyntaxError" % (fw / "meeple" / "broken.py") in r.stderr


def test_removed_source_leaves_the_build_and_rebuild_skips_unchanged(tree):
    fw, boards, out = tree
    build.build(None, str(out), str(fw), str(boards))
    mpy = out / "meeple" / "core" / "rules.mpy"
    stamp = mpy.stat().st_mtime_ns
    (fw / "meeple" / "font.bin").unlink()
    manifest = build.build(None, str(out), str(fw), str(boards))
    assert "meeple/font.bin" not in manifest["files"] and not (out / "meeple" / "font.bin").exists()
    assert mpy.stat().st_mtime_ns == stamp


def test_the_real_firmware_builds_and_reports_its_size(tmp_path):
    r = run_build("--out", str(tmp_path / "device"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("build: ") and " KB in " in r.stdout
    assert (tmp_path / "device" / "meeple" / "core" / "cacao.mpy").exists()
