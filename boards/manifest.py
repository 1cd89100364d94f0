# pyright: reportUndefinedVariable=false
# Frozen-firmware manifest: MicroPython for the Pico with meeple's code frozen into flash.
#
# Frozen bytecode runs from flash instead of being loaded into the heap (hardware.md section 4:
# six font modules cost 28,800 B as files and 2,336 B frozen), so the console keeps far more of
# its ~230 KB heap for games. Worth it when a .mpy install runs short of heap or for a release;
# for development `make flash` is quicker. Not built in CI (needs an Arm GCC toolchain and cmake).
#
# Build (hardware.md section 7), from a micropython checkout of the version in requirements.txt:
#   make -C mpy-cross
#   cd ports/rp2
#   make BOARD=RPI_PICO submodules
#   make BOARD=RPI_PICO FROZEN_MANIFEST=/abs/path/to/meeple/boards/manifest.py
# then copy build-RPI_PICO/firmware.uf2 to the Pico in BOOTSEL mode. On that firmware, put only
# main.py and board.py on the flash (a /meeple folder on the flash would shadow the frozen one:
# sys.path looks at '' before '.frozen'): `mpremote rm -r :meeple` after a normal flash.
#
# This file is run by MicroPython's makemanifest.py, which defines include/package/module;
# paths are relative to this file's folder.

include("$(PORT_DIR)/boards/manifest.py")  # keep the rp2 port's own frozen modules (asyncio, ...)

# Everything under firmware/meeple, compiled with -O1 (asserts removed: they never guard rules).
package("meeple", base_path="../firmware", opt=1)
