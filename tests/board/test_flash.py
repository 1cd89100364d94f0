"""tools/board/flash.py against the virtual board: copies only what changed, removes what the build
dropped (and nothing else), and fails with one clear line for each expected problem."""
import os
import pty
import subprocess
import sys
import time

import pytest
import serial

from tools.board import build, flash
from tools.board.vboard.testing import mpremote, running_vboard

from testkit import ROOT


def run_flash(port, build_dir, *args):
    # a generous answer timeout: under load (CI on 2 cores) the virtual board can take more than
    # the default 10 s to answer; a test of the timeout itself passes its own, which wins
    return subprocess.run([sys.executable, "-m", "tools.board.flash", "--port", port, "--build", str(build_dir),
                           "--answer-timeout", "60"] + list(args),
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


def one_line_error(r, *words):
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stderr + r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("flash: "), r.stderr
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("build") / "device"
    build.build(None, str(out))
    return out


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    state = tmp_path_factory.mktemp("vboard")
    with running_vboard(state, heap="192k") as port:
        yield port, state / "flash"


def test_flash_copies_the_build_then_a_second_flash_changes_nothing(board, built):
    port, flash_dir = board
    ok = run_flash(port, built)
    assert ok.returncode == 0, ok.stderr
    for rel in build.build(None, str(built))["files"]:
        assert (flash_dir / rel).read_bytes() == (built / rel).read_bytes(), rel
    stamps = {p: p.stat().st_mtime_ns for p in flash_dir.rglob("*") if p.is_file()}
    again = run_flash(port, built)
    assert again.returncode == 0, again.stderr
    assert "0 copied, 0 removed" in again.stdout
    assert {p: p.stat().st_mtime_ns for p in flash_dir.rglob("*") if p.is_file()} == stamps


def test_removes_what_the_build_dropped_but_keeps_other_files(board, built, tmp_path):
    port, flash_dir = board
    assert run_flash(port, built).returncode == 0
    (tmp_path / "save.bin").write_bytes(b"MEEP...")
    assert mpremote(port, "fs", "mkdir", ":saves", "+", "fs", "cp", str(tmp_path / "save.bin"), ":saves/slot1.bin",
                    "+", "fs", "cp", str(built / "meeple" / "storage" / "games.mpy"), ":meeple/stray.mpy").returncode == 0
    smaller = tmp_path / "device"
    fw = tmp_path / "fw"
    subprocess.run(["cp", "-r", os.path.join(ROOT, "firmware"), str(fw)], check=True)
    os.remove(fw / "meeple" / "storage" / "record.py")
    build.build(None, str(smaller), str(fw))
    r = run_flash(port, smaller)
    assert r.returncode == 0, r.stderr
    assert "removing /meeple/storage/record.mpy" in r.stdout and "removing /meeple/stray.mpy" in r.stdout
    assert not (flash_dir / "meeple" / "storage" / "record.mpy").exists()
    assert (flash_dir / "saves" / "slot1.bin").read_bytes() == b"MEEP..."
    assert run_flash(port, built).returncode == 0  # and back
    assert (flash_dir / "meeple" / "storage" / "record.mpy").exists()


def test_no_board_on_that_port(built):
    one_line_error(run_flash("/dev/ttyACM97", built), "no board on /dev/ttyACM97")


def test_busy_port(board, built):
    port, _ = board
    holder = serial.Serial(port, 115200, exclusive=True)
    try:
        one_line_error(run_flash(port, built), "busy")
    finally:
        holder.close()


def test_board_that_does_not_answer(built):
    master, slave = pty.openpty()  # a serial line with nothing behind it
    try:
        start = time.monotonic()
        one_line_error(run_flash(os.ttyname(slave), built, "--answer-timeout", "2"), "does not answer")
        assert time.monotonic() - start < 30
    finally:
        os.close(master)
        os.close(slave)


def test_firmware_too_old_for_the_mpy_format(tmp_path, built):
    with running_vboard(tmp_path / "old", pretend_firmware="1.18.0") as port:
        one_line_error(run_flash(port, built), "1.18.0", "1.19 or newer")
    assert not (tmp_path / "old" / "flash" / "meeple").exists()


def test_flash_full_says_how_much_is_needed(tmp_path, built):
    with running_vboard(tmp_path / "small", flash="64k") as port:
        one_line_error(run_flash(port, built), "full", "KB more")
    assert not (tmp_path / "small" / "flash" / "meeple").exists()


def test_running_program_is_interrupted_first(board, built):
    port, _ = board
    with pytest.raises(subprocess.TimeoutExpired):
        mpremote(port, "exec", "while True: pass", timeout=1.5)
    assert run_flash(port, built).returncode == 0


def test_check_firmware_accepts_format_6_and_names_native_mismatch():
    flash.check_firmware((1, 29, 0), 0xB06, {"version": 6, "native": None})
    with pytest.raises(flash.BoardError, match="newer"):
        flash.check_firmware((2, 0, 0), 7, {"version": 6, "native": None})
    with pytest.raises(flash.BoardError, match="native code"):
        flash.check_firmware((1, 29, 0), 0xB06, {"version": 6, "native": [3, 3]})


def test_interrupted_flash_leaves_the_old_firmware_and_the_next_flash_repairs(board, built, tmp_path,
                                                                            monkeypatch):
    """A flash cut in the middle of copying a file (KeyboardInterrupt, as a pulled cable or
    Ctrl-C): no file on the board is a truncated .mpy, each is the old build's or the new one's,
    the board still imports its code; the next flash finishes and leaves no .part behind."""
    from tools.board import files as board_files
    port, flash_dir = board
    assert run_flash(port, built).returncode == 0
    fw = tmp_path / "fw"
    subprocess.run(["cp", "-r", os.path.join(ROOT, "firmware"), str(fw)], check=True)
    for rel in ("meeple/storage/journal.py", "meeple/storage/savefile.py", "meeple/storage/games.py"):
        with open(fw / rel, "a") as f:
            f.write("\n_FLASH_TEST = 1\n")
    newer = tmp_path / "device"
    files = build.build(None, str(newer), str(fw))["files"]
    real_write = board_files.write_file
    calls = []

    def cut_mid_file(link, path, data, progress=None):
        calls.append(path)
        if len(calls) == 2:   # the second file: half its chunks, then the cable goes
            link.exec("f=open(%r,'wb')\nf.write(%r)\nf.close()" % (path, data[:len(data) // 2]))
            raise KeyboardInterrupt()
        return real_write(link, path, data, progress)
    monkeypatch.setattr(board_files, "write_file", cut_mid_file)
    with pytest.raises(KeyboardInterrupt):
        flash.flash(port, str(newer), reset=False, log=lambda *a: None, answer_timeout=60)
    monkeypatch.undo()
    for rel in files:
        on_board = (flash_dir / rel).read_bytes()
        assert on_board == (built / rel).read_bytes(), "%s changed by an interrupted flash" % rel
    assert list(flash_dir.rglob("*.part")), "the cut should leave an unfinished .part"
    r = mpremote(port, "exec", "import meeple.storage.journal, meeple.storage.savefile; print('imports ok')")
    assert b"imports ok" in r.stdout, r.stdout + r.stderr
    again = run_flash(port, newer)
    assert again.returncode == 0, again.stderr
    assert "unfinished file" in again.stdout and "3 copied" in again.stdout, again.stdout
    assert not list(flash_dir.rglob("*.part"))
    for rel in files:
        assert (flash_dir / rel).read_bytes() == (newer / rel).read_bytes(), rel
    assert run_flash(port, built).returncode == 0   # and back, for the other tests


def test_on_the_release_firmware_flash_is_refused_or_an_overlay_deliberately(tmp_path, built):
    """A board whose firmware has meeple frozen in (here a virtual board given the frozen
    module's stand-in, /meeple_firmware.py): a plain flash is one line saying which meeple
    runs; OVERLAY=1 installs the build and, last, the flag that main.py reads to put the flash in
    front of the frozen code; OVERLAY=0 takes both away again and leaves the saves."""
    with running_vboard(tmp_path / "frozen", heap="192k") as port:
        flash_dir = tmp_path / "frozen" / "flash"
        (flash_dir / "meeple_firmware.py").write_text("COMMIT = 'abc1234'\nBOARD = 'waveshare_lcd_1_3'\n"
                                                     "CHIP = 'rp2040'\n")
        (flash_dir / "game.json").write_text("{}")
        line = one_line_error(run_flash(port, built), "the release firmware: meeple abc1234 for "
                              "waveshare_lcd_1_3 (rp2040) is frozen into it", "OVERLAY=1", "OVERLAY=0")
        assert "files copied by `make flash` would be ignored" in line
        assert not (flash_dir / "meeple").exists() and not (flash_dir / ".meeple-overlay").exists()
        on = run_flash(port, built, "--overlay", "1")
        assert on.returncode == 0, on.stderr
        assert "overlay installed: this build runs in front of the frozen meeple abc1234" in on.stdout
        assert (flash_dir / ".meeple-overlay").exists() and (flash_dir / "meeple" / "console" / "app.mpy").exists()
        off = run_flash(port, built, "--overlay", "0")
        assert off.returncode == 0, off.stderr
        assert "the frozen meeple abc1234 runs again" in off.stdout
        assert not (flash_dir / ".meeple-overlay").exists() and not (flash_dir / "meeple").exists()
        assert not (flash_dir / ".meeple-flash").exists()
        assert (flash_dir / "game.json").read_text() == "{}"


def test_main_puts_the_frozen_code_first_unless_an_overlay_is_installed():
    """firmware/main.py's frozen_first, run on CPython with a stand-in sys.path and os.stat."""
    import types

    src = open(os.path.join(ROOT, "firmware", "main.py")).read()
    code = src[:src.index("frozen_first()\n")]  # the definitions, not the boot
    for overlay, want in ((False, [".frozen", "", "/lib"]), (True, ["", ".frozen", "/lib"])):
        fake_sys = types.SimpleNamespace(path=["", ".frozen", "/lib"])
        ns = {"__name__": "main_under_test"}
        exec(code.replace("import micropython\n", "").replace("micropython.alloc_emergency_exception_buf(100)", ""),
             ns)
        ns["sys"] = fake_sys
        real_stat = os.stat

        def stat(p, _overlay=overlay):
            if p == "/.meeple-overlay":
                if _overlay:
                    return real_stat(ROOT)
                raise OSError(2, "ENOENT")
            return real_stat(p)

        os.stat = stat
        try:
            ns["frozen_first"]()
        finally:
            os.stat = real_stat
        assert fake_sys.path == want, overlay
