"""make web's builder (tools.wasm.web): what the site holds, without a browser (tests/wasm/test_web.py
runs it in Chromium)."""
import json
import os

import pytest

from tools.board import build

from tools.wasm import web


def test_site_holds_the_device_build_every_profile_and_the_runtime(tmp_path):
    written = web.build(str(tmp_path / "site"))
    assert sorted(os.listdir(tmp_path / "site")) == sorted(written)
    assert set(written) == set(web.RUNTIME_FILES + web.PAGE_FILES + ("meeple.pack", "boards.json"))
    files = web.unpack(written["meeple.pack"])
    assert "main_web.py" in files and "main.py" not in files   # the browser boots main_web
    assert "meeple/console/app.mpy" in files and "meeple/core/cacao.mpy" in files   # mpy-cross, as make build
    assert sorted(n[len("boards/"):-3] for n in files if n.startswith("boards/")) == build.profiles()
    info = json.loads(written["boards.json"])
    assert [b["id"] for b in info] == build.profiles()
    for b in info:   # every button the page draws is one the board has
        assert {k[0] for k in b["keys"]} <= set(b["buttons"]) | {"A"}, b["id"]


def test_pack_round_trip_and_refuses_other_data():
    files = {"a.py": b"x = 1\n", "dir/b.bin": bytes(range(256)), "empty": b""}
    assert web.unpack(web.pack(files)) == files
    with pytest.raises(ValueError, match="not a meeple pack"):
        web.unpack(b"PK\x03\x04")


def test_service_worker_keeps_every_file_of_the_site(tmp_path):
    """web/sw.js's list is what the site holds: a file missing from it would not start offline."""
    import re
    written = web.build(str(tmp_path / "site"))
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", written["sw.js"].decode(), re.S).group(1))
    assert listed[0] == "./"
    assert sorted(listed[1:]) == sorted(set(written) - {"sw.js"})
