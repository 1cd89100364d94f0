"""host_sim's command line: every bad input is one line on stderr and exit status 2, before any
key is pressed. (A read-only flash itself is played through in tests/storage/test_storage_failures.py.)"""
import os
import subprocess
import sys

import pytest

from testkit import ROOT


def run(*args):
    return subprocess.run([sys.executable, "-m", "host_sim", "--headless"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("keys,words", [
    ("A jump", "'jump'"), ("hold:Z", "'Z'"), ("wait:abc", "milliseconds"), ("A shot:", "file name"),
    ("shot:/", "folder"), ("shot:/no/such/folder/x.png", "no folder"),
    ("shot:/proc/x.png", "the folder /proc refused a new file")])
def test_bad_key_words_are_one_line(keys, words):
    r = run("--keys", keys)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("host_sim: ") and words in lines[0], r.stderr


def test_flash_that_is_a_file_or_a_shot_that_is_a_folder(tmp_path):
    f = tmp_path / "flash"
    f.write_text("x")
    for args, words in ((("--flash", str(f)), "is a file"), (("--shot", str(tmp_path)), "folder")):
        r = run(*args)
        assert r.returncode == 2 and "Traceback" not in r.stderr
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0], r.stderr


def test_temp_flash_goes_with_the_run(tmp_path):
    """Without --flash the console plays on a temp folder nothing can reach afterwards: it is
    removed at exit (each `python -m host_sim` once left one in /tmp); a --flash folder stays."""
    env = dict(os.environ, TMPDIR=str(tmp_path / "tmp"))
    os.mkdir(env["TMPDIR"])
    keep = tmp_path / "keep"
    for args in ((), ("--flash", str(keep))):
        r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--keys", "A wait:200"]
                           + list(args), cwd=ROOT, capture_output=True, text=True, timeout=120,
                           env=env)
        assert r.returncode == 0, r.stderr
    assert os.listdir(env["TMPDIR"]) == []
    assert keep.is_dir()
