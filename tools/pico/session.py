"""Play the console on the emulated Pico through its buttons and on host_sim with the same key
script (tools.pico.scripts), and require the same RGB565 pixels at every shot.

    python -m tools.pico.session --board waveshare_lcd_1_3 [--out build/pico/session]
    python -m tools.pico.session --board waveshare_lcd_1_3 --sim-only     # the simulator side only

The Pico must already hold the firmware for that board (make flash, or tools.pico.test does it);
the deal is fixed by TEST_SEED written into /board.py on the Pico and set on host_sim's profile.
A difference fails with the Pico's picture, the simulator's and a diff image (paths printed).
"""
import argparse
import os
import sys
import time

from tools.pico import scripts as pico_scripts
from tools.pico.emulator import KEY_QUIET_MS
from tools.pico.shots import Mismatch, compare

from tools import ROOT


def sim_shots(board, script, out_dir, flash_dir, seed=pico_scripts.TEST_SEED, texts=False):
    """host_sim's side: play `script` headless, return the shot paths (NAME.sim.png) in order.
    `reset` starts a new Console on the same flash folder (what a reset keeps)."""
    from host_sim.console import Console

    con = None
    shots = []
    for part in _parts(script):
        if con is None or part == "reset":
            con = Console(board, root=flash_dir)
            con.board.TEST_SEED = seed  # the same module object the App holds
            if part == "reset":
                continue
        if part.startswith("shot:"):
            path = os.path.join(out_dir, part[5:] + ".sim.png")
            con.wait(pico_scripts.SHOT_SETTLE_MS)
            con.shot(path)
            shots.append(path)
            if texts:
                t = con.text()
                print("%s: %s ... %s" % (part[5:], " / ".join(t[:3]), " / ".join(t[-2:])))
        else:
            con.keys(part)
    return shots


def pico_shots(pico, script, out_dir):
    """The emulated Pico's side (the console already at its title): the shot paths (NAME.pico.png)."""
    shots = []
    for part in _parts(script):
        if part == "reset":
            pico.soft_reset()
        elif part.startswith("shot:"):
            path = os.path.join(out_dir, part[5:] + ".pico.png")
            pico.vh.sleep(pico_scripts.SHOT_SETTLE_MS)
            pico.vh.wait_idle(ms=KEY_QUIET_MS, timeout_ms=600000)
            pico.vh.shot(path)
            shots.append(path)
        else:
            pico.keys(part)
    return shots


def _parts(script):
    """The script as key runs, with shot:NAME and reset tokens on their own."""
    run = []
    for tok in script.split():
        if tok.startswith("shot:") or tok == "reset":
            if run:
                yield " ".join(run)
                run = []
            yield tok
        else:
            run.append(tok)
    if run:
        yield " ".join(run)


# what a flash put on the board (and the device tests); everything else in / is the console's data
_FIRMWARE = ("meeple", "main.py", "boot.py", "board.py", ".meeple-flash", ".meeple-overlay", "devtests", "lib")

WIPE_DATA = """
import os
def rm(p):
    try:
        os.remove(p)
    except OSError:
        for n in os.listdir(p):
            rm(p + '/' + n)
        os.rmdir(p)
for n in os.listdir('/'):
    if n not in %r:
        rm('/' + n)
""" % (_FIRMWARE,)


def fresh_console(pico):
    """The console as a new flash leaves it (no settings, saves or records: what host_sim's
    empty flash folder holds), at its title."""
    pico.exec(WIPE_DATA)
    return pico.soft_reset()


def set_seed(pico, seed=pico_scripts.TEST_SEED):
    """Append TEST_SEED to the Pico's /board.py (once) and restart the console on it.

    On the release firmware the profile is frozen in and cannot be edited: the profile's source
    with TEST_SEED goes to /board.py and the overlay flag (firmware/main.py) lets it stand in
    front of the frozen `board`; nothing else is on the flash, so every meeple module that runs
    is still the frozen one."""
    if pico.runs_frozen():
        with open(os.path.join(ROOT, "boards", pico.board + ".py")) as f:
            profile = f.read() + "\nTEST_SEED = %d\n" % seed
        pico.exec("f=open('/board.py','w');f.write(%r);f.close()\n"
                  "f=open('/.meeple-overlay','w');f.write('board.py: TEST_SEED for the scripted sessions');f.close()"
                  % profile)
        return pico.soft_reset()
    pico.exec("f=open('/board.py');s=f.read();f.close()\n"
              "if 'TEST_SEED' not in s:\n"
              " f=open('/board.py','a');f.write('\\nTEST_SEED = %d\\n');f.close()\n" % seed)
    return pico.soft_reset()


def play(pico, board, games=None, out_dir=None, log=print):
    """Each game's session on the Pico (seeded, at its title) and on host_sim; returns
    (compared, failures): failures are Mismatch messages. Keeps going after a mismatch so one run
    shows every difference."""
    import tempfile

    out_dir = out_dir or os.path.join(ROOT, "build", "pico", "session-" + board)
    os.makedirs(out_dir, exist_ok=True)
    sessions = pico_scripts.SESSIONS[board]
    compared, failures = 0, []
    for game in games or list(sessions):
        t0 = time.time()
        script = sessions[game]
        gdir = os.path.join(out_dir, game)
        os.makedirs(gdir, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="meeple-sim-flash-") as flash_dir:
            sims = sim_shots(board, script, gdir, flash_dir)
        fresh_console(pico)  # both sides start from an empty flash at the title
        picos = pico_shots(pico, script, gdir)
        for p, s in zip(picos, sims):
            compared += 1
            try:
                compare(p, s, p.replace(".pico.png", ".diff.png"))
            except Mismatch as e:
                failures.append("%s %s: %s (the presses: %s)" % (board, game, e,
                                                                  os.path.join(pico.state_dir, "keys.log")))
                log("MISMATCH %s %s: %s" % (board, game, e))
        log("session %s %s: %d shots compared in %.0f s wall" % (board, game, len(picos), time.time() - t0))
    return compared, failures


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.pico.session", description=__doc__.split("\n")[0])
    ap.add_argument("--board", default="waveshare_lcd_1_3", choices=sorted(pico_scripts.SESSIONS))
    ap.add_argument("--game", action="append", help="only this game's session (repeatable)")
    ap.add_argument("--out", help="folder for the screenshots (default build/pico/session-BOARD)")
    ap.add_argument("--sim-only", action="store_true", help="only the simulator's side, with screen text")
    ap.add_argument("--no-flash", action="store_true", help="the Pico in --state already holds the firmware")
    ap.add_argument("--state", help="the emulated Pico's state folder (default build/pico/session)")
    args = ap.parse_args(argv)
    out = args.out or os.path.join(ROOT, "build", "pico", "session-" + args.board)
    sessions = pico_scripts.SESSIONS[args.board]
    if args.sim_only:
        import tempfile

        for game in args.game or list(sessions):
            os.makedirs(os.path.join(out, game), exist_ok=True)
            with tempfile.TemporaryDirectory() as flash_dir:
                for path in sim_shots(args.board, sessions[game], os.path.join(out, game), flash_dir,
                                      texts=True):
                    print(path)
        return 0
    from tools.pico.emulator import KitMissing, Pico

    try:
        with Pico(args.state or os.path.join(ROOT, "build", "pico", "session"), board=args.board,
                  fresh=not args.no_flash) as pico:
            if not args.no_flash:
                pico.flash(args.board)
            set_seed(pico)
            compared, failures = play(pico, args.board, args.game, out)
    except KitMissing as e:
        print("pico-session: %s" % e)
        return 2
    print("%d shots compared, %d differ" % (compared, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
