"""The virtual board (tools/board/vboard) against the unmodified mpremote CLI and raw serial bytes:
every command the flash and test path uses, Ctrl-C, the heap limit, and recovery from garbage,
disconnects and endless programs."""
import os
import random
import select
import signal
import subprocess
import time

import pytest
import serial

from tools.board.vboard import control
from tools.board.vboard.testing import MPREMOTE, mpremote, running_vboard


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


def killed_while_running(port, *args, marker, timeout=60):
    """Run mpremote until the device has printed marker, then kill it (as `timeout` or a closed
    terminal would): the client vanishes while its program still runs. The output so far."""
    proc = subprocess.Popen(MPREMOTE + ["connect", port] + list(args), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    out = b""
    deadline = time.monotonic() + timeout
    try:
        while marker not in out and time.monotonic() < deadline:
            if select.select([proc.stdout], [], [], 0.1)[0]:
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    break
                out += chunk
        running = proc.poll() is None
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
    text = out.decode(errors="replace")
    assert marker in out, "the program did not get going: " + text
    assert running, "mpremote ended by itself: " + text
    return text


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


def _noise(seed, n):
    return bytes(random.Random(seed).getrandbits(8) for _ in range(n))


GARBAGE = {  # what a client sends before it vanishes; each leaves the board in another state
    "random": _noise(1, 3000) + b"\x05A\x01" + _noise(2, 500) + b"\x01\x02\xff\xfe",
    "random-2": _noise(3, 3000) + b"\x05A\x01" + _noise(4, 500) + b"\x01\x02\xff\xfe",
    "escape": b"\r\x02print(1)\x1b",  # an escape sequence begun: must not swallow Ctrl-C
    "escape-bracket": b"\r\x02\x1b[",
    "paste-mode": b"\r\x02\x05for i in range(3):\r",
    "raw-paste": b"\r\x03\r\x01\x05A\x01x = b'" + b"1" * 300,
    "raw-line": b"\r\x03\r\x01print('half a line",
    # a program still running, with bytes it has not read: they are not the next client's
    "unread-input": b"\r\x02import time\rtime.sleep(60)\r\x05\x1b",
    "exception-with-input-left": b"\r\x02raise ValueError\r\x05\x1b",
}


@pytest.mark.parametrize("garbage", GARBAGE.values(), ids=GARBAGE.keys())
def test_garbage_on_the_line_leaves_it_usable(vboard, garbage):
    port, _ = vboard
    s = serial.Serial(port, 115200, timeout=0.2)
    s.write(garbage)
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
    # a file that fits the heap (RemoteFile.read() allocates it whole): the loop runs until the
    # client is killed, in the middle of a transfer or between two
    (tmp_path / "big.bin").write_bytes(os.urandom(40000))
    killed_while_running(port, "mount", str(tmp_path), "exec",
                         "n = 0\nwhile True:\n  n += len(open('big.bin', 'rb').read())\n  print('read', n)",
                         marker=b"read 120000")
    assert "ok" in ok(mpremote(port, "exec", "print('ok')"))
    # killed between two transfers (Ctrl-C is on then), after which the program asks the client
    # that has gone for more and would take the next client's bytes for its answer
    killed_while_running(port, "mount", str(tmp_path), "exec",
                         "import time\nopen('big.bin', 'rb').read()\nprint('between')\ntime.sleep(0.3)\n"
                         "while True: open('big.bin', 'rb').read()", marker=b"between")
    time.sleep(1)  # the program is asking by now (unless the board has reset it)
    assert "from the flash" in ok(mpremote(port, "exec", "import os; print('from the flash', os.listdir('/'))"))


def test_a_program_that_never_ends(vboard):
    port, _ = vboard
    killed_while_running(port, "exec", "print('looping')\nwhile True: pass", marker=b"looping")
    assert "ok" in ok(mpremote(port, "exec", "print('ok')"))
    # one that even disables Ctrl-C: reset when its client leaves
    killed_while_running(port, "exec", "import micropython\nmicropython.kbd_intr(-1)\nprint('deaf')\nwhile True: pass",
                         marker=b"deaf")
    assert "ok" in ok(mpremote(port, "exec", "print('ok')"))


def test_a_program_that_ignores_ctrl_c_is_reset(vboard):
    port, _ = vboard
    killed_while_running(port, "exec", "print('stubborn')\nwhile True:\n  try:\n    while True: pass\n"
                         "  except KeyboardInterrupt:\n    pass", marker=b"stubborn")
    # the next client's Ctrl-C is caught; the board resets, and what the client sent after its
    # Ctrl-C (entering the raw REPL) reaches the REPL of the new boot
    assert "42" in ok(mpremote(port, "eval", "6 * 7"))


def test_input_waits_for_a_program_slow_to_read_it(vboard):
    """More than the pipes hold, sent before the program reads: nothing may be dropped (the
    client is held back, as USB flow control would), or a mount transfer would hang under load."""
    port, _ = vboard
    data = _noise(5, 300000).replace(b"\x03", b"C")
    s = raw_session(port)
    try:
        s.write(b"import sys, time\ntime.sleep(1)\nb = sys.stdin.buffer\nn = t = 0\n"
                b"while n < %d:\n  c = b.read(1000)\n  n += len(c)\n  t = (t + sum(c)) & 0xffff\n"
                b"print(n, t)\x04" % len(data))
        assert s.read(2) == b"OK"
        s.write(data)  # blocks while the board holds back
        out = read_until(s, b"\x04>", timeout=60)
        assert out == b"%d %d\n\x04\x04>" % (len(data), sum(data) & 0xffff), out[-300:]
    finally:
        s.close()


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
    from tools.board.vboard.__main__ import PICO_HEAP_SCALE_TENTHS
    with running_vboard(tmp_path / "state", pico_heap="100k") as port:
        total = mpremote(port, "exec", "import gc; gc.collect(); print(gc.mem_free() + gc.mem_alloc())")
        heap = int(ok(total).split()[-1])
        assert abs(heap - 100 * 1024 * PICO_HEAP_SCALE_TENTHS // 10) < 4096, heap
        r = mpremote(port, "exec", "b = bytearray(%d)" % (heap + 1024))
        assert r.returncode == 1 and b"MemoryError" in r.stdout + r.stderr
