"""The idle current proxy on the emulated Pico: the fraction of time the CPU is busy (not in
WFI/WFE) while the console sits on the main menu, awake, dimmed (after 60 s without a press) and
with the backlight off (after 5 min), plus the backlight level in each state and whether the
waking press did anything else.

    .venv/bin/python -m tools.pico.power_idle [--board waveshare_lcd_1_3] [--window-ms 5000]

Busy fraction = instruction cycles x cycle time / emulated time, from the kit's `cpu` command
(../shared/rp2emu/runner/runner.mjs) over a window of emulated time; the emulator does not run
the core while it waits, so what it counts is what a real RP2040 would be awake for.
"""
import argparse
import json
import os

from tools.pico.emulator import Pico

from tools import ROOT


def busy(vh, window_ms):
    a = vh.request("cpu")
    vh.sleep(window_ms)
    b = vh.request("cpu")
    ns = (b["cycles"] - a["cycles"]) * b["cycle_ns"]
    return ns / ((b["t_ms"] - a["t_ms"]) * 1e6)


def backlight(vh):
    return vh.request("lcd").get("backlight")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--board", default="waveshare_lcd_1_3")
    ap.add_argument("--window-ms", type=int, default=5000)
    args = ap.parse_args(argv)
    out = {}
    with Pico(os.path.join(ROOT, "build", "pico", "power")) as p:
        from tools.board import build as build_tool
        from tools.board import flash as flash_tool
        build_tool.main(["--board", args.board])
        # no machine.reset() (it restarts the emulator under us): a soft reset runs main.py
        flash_tool.flash(p.device, reset=False, log=lambda s: None, answer_timeout=60)
        vh = p.vh
        vh.soft_reset()
        vh.wait_idle(ms=500, timeout_ms=20000)
        vh.press("A")                                  # title -> main menu (a press: awake)
        t0 = vh.now()
        # windows (ms after the press): settled and awake, dimmed (DIM_MS), off (OFF_MS)
        for name, at in (("awake", 30_000), ("dimmed", 62_000), ("off", 302_000)):
            vh.sleep(max(0, int(at - (vh.now() - t0))))
            out[name] = {"busy": busy(vh, args.window_ms), "backlight": backlight(vh)}
        shots = [os.path.join(ROOT, "build", "pico", "power", n) for n in ("asleep.png", "woken.png")]
        vh.shot(shots[0], raw=True)
        vh.press("DOWN")                               # wakes; must not move the cursor
        vh.wait_idle(ms=500, timeout_ms=20000)
        vh.shot(shots[1], raw=True)
        same = open(shots[0], "rb").read() == open(shots[1], "rb").read()
        out["woken"] = {"backlight": backlight(vh), "screen_unchanged_by_waking_press": same}
    print(json.dumps(out, indent=1))
    return out


if __name__ == "__main__":
    main()
