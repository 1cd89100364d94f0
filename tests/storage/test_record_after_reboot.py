"""A finished game's record after a power cut, on the real Cacao screens: the power goes on the
end screen (before or in the middle of "Save record"); after the reboot Continue brings back
the end screen with the final scores, "Save record" writes the record, byte for byte the one an
uncut save writes, and leaving the end screen removes the finished game."""
import glob
import os
import random
import shutil

import pytest

from testkit.flashdouble import FlashDouble, PowerCut
from host_sim.console import Console
from meeple.core import cacao
from meeple.ui.cacao.pages import EndScreen
from testkit.cacao_driver import Keys, menu_to, play_to_end, save_record, start_game

BOARD = "waveshare_lcd_1_3"


def test_power_cut_during_save_record_then_continue_and_save_it(tmp_path):
    base = tmp_path / "base"
    base.mkdir()
    con = Console(BOARD, root=str(base))
    k = Keys(con)
    start_game(con, k, (0, 1))                   # a human against an easy bot
    play_to_end(con, k, random.Random(5))
    final = bytes(con.app.session.state)
    scores = cacao.scores(con.app.session.state)
    uncut = tmp_path / "uncut"
    shutil.copytree(base, uncut)
    good = save_record(con, k, str(base))        # through "What next?" > "Save record"
    shutil.rmtree(base / "records")
    # the power goes in the middle of the record (its 40th line), on a copy of the flash
    cut = tmp_path / "cut"
    shutil.copytree(uncut, cut)
    boot = Console(BOARD, root=str(cut))
    boot.keys("A A")                             # title, Continue: the end screen again
    assert isinstance(boot.app.screen, EndScreen), boot.text()
    with FlashDouble(cut_at=1500):
        with pytest.raises(PowerCut):
            boot.app.session.journal.save_record()
    assert not glob.glob(str(cut / "records" / "*.jsonl")), "a half record is listed"
    # the reboot: Continue, the end screen with the scores, Save record from its menu
    boot = Console(BOARD, root=str(cut))
    kb = Keys(boot)
    boot.keys("A")
    assert boot.text()[1] == "\x7fContinue", boot.text()
    boot.keys("A")
    assert bytes(boot.app.session.state) == final
    text = " ".join(boot.text())
    for s in range(len(scores)):
        assert "%s %d gold" % (cacao.SEAT_NAMES[s], scores[s]) in text, text
    assert boot.app.stats["cacao"][0] == 1       # counted once, not again on Continue
    lines = save_record(boot, kb, str(cut))
    assert lines == good
    kb.tap("A")                                  # the message -> What next?
    menu_to(boot, kb, "Main menu")
    kb.tap("A")
    assert boot.title() == "Main menu" and "Continue" not in " ".join(boot.text())
    assert not os.path.exists(cut / "game.json")
