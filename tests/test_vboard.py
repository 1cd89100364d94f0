"""The virtual board (tools/vboard) against the unmodified mpremote CLI and raw serial bytes:
every command the flash and test path uses, Ctrl-C, the heap limit, and recovery from garbage,
disconnects and endless programs."""
import os
import time

import pytest
import serial

from tools.vboard import control
from tools.vboard.testing import mpremote, running_vboard


@pytest.fixture(scope="module")
def vboard(tmp_path_factory):
    state = tmp_path_factory.mktemp("vboard")
    with running_vboard(state, heap="192k") as port:
        yield port, os.path.join(str(state), "flash")


def ok(result):
    assert result.returncode == 0, (result.stdout + result.stderr).decode(errors="replace")
    return result.stdout.decode()


def raw_session(port):
    """pyserial in raw REPL, as mpremote would leave it after connecting."""
    s = serial.Serial(port, 115200, timeout=5)
    s.write(b"\r\x03\r\x01")
    assert read_until(s, b"raw REPL; CTRL-B to exit\r\n>").endswith(b">")
    return s


def read_until(s, ending, timeout=10):
    data = b""
    deadline = time.monotonic() + timeout
    while not data.endswith(ending) and time.monotonic() < deadline:
        data += s.read(1)
    return data


def test_exec_eval_and_chained_commands(vboard):
    port, _ = vboard
    out = ok(mpremote(port, "exec", "x = 6 * 7\nprint('x is', x)", "+", "eval", "2 ** 10"))
    assert "x is 42" in out and "1024" in out


def test_run_reports_the_exception_and_fails(vboard, tmp_path):
    port, _ = vboard
    script = tmp_path / "boom.py"
    script.write_text("print('before')\nraise ValueError('no such move')\n")
    r = mpremote(port, "run", str(script))
    assert r.returncode == 1
    assert b"before" in r.stdout and b"ValueError: no such move" in r.stdout + r.stderr


def test_fs_commands_are_binary_safe_and_persist_in_the_folder(vboard, tmp_path):
    port, flash = vboard
    data = bytes(range(256)) * 40 + b"\x04\x03\x01\r\n"  # control bytes the REPL must not eat
    src = tmp_path / "blob.bin"
    src.write_bytes(data)
    back = tmp_path / "back.bin"
    out = ok(mpremote(port, "fs", "mkdir", ":data", "+", "fs", "cp", str(src), ":data/blob.bin",
                      "+", "fs", "ls", ":data", "+", "fs", "cp", ":data/blob.bin", str(back)))
    assert back.read_bytes() == data
    assert "%d blob.bin" % len(data) in " ".join(out.split())
    with open(os.path.join(flash, "data", "blob.bin"), "rb") as f:
        assert f.read() == data  # the board's flash is the host folder
    (tmp_path / "t.txt").write_text("hello board\n")
    ok(mpremote(port, "fs", "cp", str(tmp_path / "t.txt"), ":data/t.txt"))
    assert "hello board" in ok(mpremote(port, "fs", "cat", ":data/t.txt"))
    ok(mpremote(port, "fs", "rm", ":data/blob.bin", "+", "fs", "rm", ":data/t.txt", "+", "fs", "rmdir", ":data"))
    assert not os.path.exists(os.path.join(flash, "data"))
    r = mpremote(port, "fs", "cat", ":data/t.txt")
    assert r.returncode != 0 and b"No such file" in r.stdout + r.stderr


def test_soft_reset_clears_the_interpreter(vboard):
    port, _ = vboard
    out = ok(mpremote(port, "exec", "keep = 1", "+", "soft-reset", "+", "eval", "'keep' in globals()"))
    assert out.strip().endswith("False")


def test_mount_runs_host_code_on_the_board(vboard, tmp_path):
    port, _ = vboard
    (tmp_path / "hostmod.py").write_text("VALUE = 'from the host'\n")
    (tmp_path / "blob.bin").write_bytes(bytes(range(256)) * 8)
    out = ok(mpremote(port, "mount", str(tmp_path), "exec",
                      "import hostmod; print(hostmod.VALUE); print(len(open('blob.bin', 'rb').read()))"))
    assert "from the host" in out and "2048" in out


def test_heap_limit_gives_memory_error(vboard):
    port, _ = vboard
    r = mpremote(port, "exec", "b = bytearray(300 * 1024)")
    assert r.returncode == 1 and b"MemoryError" in r.stdout + r.stderr
    assert "ok" in ok(mpremote(port, "exec", "b = bytearray(50 * 1024); print('ok')"))


def test_ctrl_c_interrupts_a_running_program(vboard):
    port, _ = vboard
    s = raw_session(port)
    try:
        s.write(b"print('looping')\nwhile True:\n  pass\n\x04")
        assert read_until(s, b"looping\n").endswith(b"looping\n")
        s.write(b"\x03")
        out = read_until(s, b"\x04>")
        assert b"KeyboardInterrupt" in out and out.endswith(b"\x04>")
        s.write(b"print(1 + 1)\x04")
        assert read_until(s, b"\x04>") == b"OK2\n\x04\x04>"
    finally:
        s.close()


def test_garbage_on_the_line_leaves_it_usable(vboard):
    port, _ = vboard
    s = serial.Serial(port, 115200, timeout=0.2)
    s.write(os.urandom(3000) + b"\x05A\x01" + os.urandom(500) + b"\x01\x02\xff\xfe")
    time.sleep(0.3)
    s.read(100000)
    s.close()
    assert "42" in ok(mpremote(port, "eval", "6 * 7"))


def test_client_gone_mid_raw_paste_or_mid_mount(vboard, tmp_path):
    port, _ = vboard
    s = raw_session(port)
    s.write(b"\x05A\x01")
    assert s.read(2) == b"R\x01"
    s.write(b"x = b'" + b"1" * 300)  # half a command, then the client vanishes
    s.close()
    assert "ok" in ok(mpremote(port, "exec", "print('ok')"))
    (tmp_path / "big.bin").write_bytes(os.urandom(200000))
    with pytest.raises(Exception):  # killed while the board reads a host file through the mount
        mpremote(port, "mount", str(tmp_path), "exec", "while True: open('big.bin', 'rb').read()", timeout=2)
    assert "ok" in ok(mpremote(port, "exec", "print('ok')"))


def test_a_program_that_never_ends(vboard):
    port, _ = vboard
    with pytest.raises(Exception):
        mpremote(port, "exec", "while True: pass", timeout=1.5)
    assert "ok" in ok(mpremote(port, "exec", "print('ok')"))
    with pytest.raises(Exception):  # one that even disables Ctrl-C: reset when its client leaves
        mpremote(port, "exec", "import micropython\nmicropython.kbd_intr(-1)\nwhile True: pass", timeout=1.5)
    assert "ok" in ok(mpremote(port, "exec", "print('ok')"))


def test_reset_runs_main_py_and_flash_survives_restarts(tmp_path):
    state = tmp_path / "state"
    with running_vboard(state) as port:
        ok(mpremote(port, "exec", "open('main.py', 'w').write('print(\"main ran\")\\n')"))
    with running_vboard(state) as port:  # a new process: the flash is the same folder
        s = serial.Serial(port, 115200, timeout=5)
        try:
            s.write(b"\r\x03\r\x01")
            read_until(s, b"raw REPL; CTRL-B to exit\r\n>")
            s.write(b"import machine\nmachine.reset()\x04")  # hard reset: friendly REPL, main.py
            out = read_until(s, b">>> ")
            assert b"main ran" in out and out.endswith(b">>> ")
        finally:
            s.close()
    assert control.running_port(str(state)) is None


def test_pico_heap_scales_the_heap_for_the_64_bit_interpreter(tmp_path):
    from tools.vboard.__main__ import PICO_HEAP_SCALE_TENTHS
    with running_vboard(tmp_path / "state", pico_heap="100k") as port:
        total = mpremote(port, "exec", "import gc; gc.collect(); print(gc.mem_free() + gc.mem_alloc())")
        heap = int(ok(total).split()[-1])
        assert abs(heap - 100 * 1024 * PICO_HEAP_SCALE_TENTHS // 10) < 4096, heap
        r = mpremote(port, "exec", "b = bytearray(%d)" % (heap + 1024))
        assert r.returncode == 1 and b"MemoryError" in r.stdout + r.stderr
