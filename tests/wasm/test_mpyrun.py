"""The MicroPython runner and the device-test harness: failures on MicroPython must be loud."""
import pytest

from tools.wasm import mpyrun

from testkit.micropython import check_outcome, run_device_module


def test_runs_code_with_firmware_importable():
    r = mpyrun.run_code("import sys\nfrom meeple.core import cacao\nprint(sys.implementation.name, cacao.SIZE)")
    assert r.ok and r.stdout.split() == ["micropython", str(826)]
    assert set(r.heap) == {"allocated", "in_use_after", "free_after", "steps", "peak_in_use"}
    assert r.heap["in_use_after"] > 0


def test_an_exception_on_micropython_is_a_failure():
    r = mpyrun.run_code("print('before')\nraise KeyError('boom')")
    assert r.exit_code == 1 and r.stdout == "before\n"
    assert "KeyError: boom" in r.stderr
    with pytest.raises(mpyrun.MicroPythonError, match="KeyError"):
        r.check()


def test_system_exit_status_passes_through():
    assert mpyrun.run_code("import sys\nsys.exit(3)").exit_code == 3


def test_runs_a_file(tmp_path):
    f = tmp_path / "prog.py"
    f.write_text("print(6 * 7)\n")
    assert mpyrun.run_file(str(f)).check().stdout == "42\n"


def test_command_line_reports_heap(capsys):
    assert mpyrun.main(["-c", "print(1)"]) == 0
    out = capsys.readouterr()
    assert out.out == "1\n" and "heap" in out.err


def test_harness_reports_failures_and_crashes_by_name(tmp_path):
    (tmp_path / "test_sample.py").write_text(
        "def test_a_passes():\n    assert 1 + 1 == 2\n\n"
        "def test_b_fails():\n    assert 1 == 2, 'one is not two'\n\n"
        "def test_c_crashes():\n    raise SystemExit(7)\n\n"
        "def test_d_never_runs():\n    pass\n")
    outcomes, result = run_device_module("test_sample", str(tmp_path))
    assert outcomes["test_a_passes"][0] == "PASS"
    assert outcomes["test_b_fails"] == ("FAIL", "AssertionError: one is not two")
    assert outcomes["test_c_crashes"][0] == "START"  # started, never finished
    assert "test_d_never_runs" not in outcomes
    for name, expect in (("test_b_fails", "failed on MicroPython"), ("test_c_crashes", "crashed inside"),
                         ("test_d_never_runs", "never ran")):
        with pytest.raises(pytest.fail.Exception, match=expect):
            check_outcome("test_sample", name, outcomes, result)


def test_step_mode_reports_the_peak_of_live_heap():
    # each step keeps 1 KB more alive; the last one drops it all, so only the peak remembers
    r = mpyrun.run_code("kept = []\nn = 0", step=(
        "n += 1\nkept.append(bytearray(1000))\n"
        "if n == 40:\n    kept = None\n    step_done = True")).check()
    assert r.heap["steps"] == 40
    assert 40 * 1000 < r.heap["peak_in_use"] - r.heap["in_use_after"] < 40 * 1100


def test_step_mode_stops_at_an_exception():
    r = mpyrun.run_code("n = 0", step="n += 1\nif n == 3:\n    raise ValueError('third')")
    assert r.exit_code == 1 and "ValueError: third" in r.stderr and r.heap["steps"] == 3
