"""Host-side tools for meeple, one package per job (run as `python -m tools.PACKAGE.MODULE`; the
Makefile's targets call them):

- board: a MicroPython board over serial (build, flash, devtest, pull-records, replay) and the
  virtual board that stands in for one (vboard);
- pico: the emulated Pico of ../shared/rp2emu (pico-test, pico-bench, the scripted sessions);
- release: the release firmware (MicroPython with meeple frozen in) and the UF2 files;
- wasm: MicroPython on WebAssembly: running code on it (mpyrun) and the browser site (web);
- bench: speed and memory on the host (rules cores, bot decisions, the console's SPI bytes);
- strength: bot tournaments (selfplay) and the Monte-Carlo yardstick;
- shots: the README's screenshots, from the simulator.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the checkout
