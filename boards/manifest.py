# pyright: reportUndefinedVariable=false
# Frozen-firmware manifest: MicroPython for the Pico with meeple's code frozen into flash.
#
# Built by `make firmware BOARD=<profile> [CHIP=rp2040|rp2350]` (tools/release/firmware.py), which
# includes this file from a manifest of its own that adds the board's profile as the frozen
# module `board` and `meeple_firmware` (which source, board and chip). Frozen bytecode runs from
# flash instead of being loaded into the heap (hardware.md section 4: six font modules cost
# 28,800 B as files and 2,336 B frozen), and its names live in flash, not in the heap's string
# pool. The frozen main.py puts '.frozen' first on sys.path, so no file on the flash can shadow
# the frozen code, unless `make flash OVERLAY=1` deliberately installed an overlay
# (docs/firmware.md).
#
# This file is run by MicroPython's makemanifest.py, which defines include/package/module;
# paths are relative to this file's folder.

# the rp2 port's own modules (_boot.py mounts the filesystem; rp2.py is the rp2 module's PIO
# assembler), not the rest of the port's manifest (asyncio, onewire, ds18x20, dht, neopixel):
# meeple imports none of them, and their 11 KB of flash hold the machine code of the bots'
# hottest functions (tools/release/firmware.py NATIVE_FUNCTIONS). A maker's own code that needs one
# puts it on the flash (docs/firmware.md: `mpremote mip install neopixel`, asyncio from extmod/).
freeze("$(PORT_DIR)/modules")

# Everything under firmware/meeple, compiled with -O1 (asserts removed: they never guard rules).
# The viper text writer (meeple/ui/glyphs.py) is compiled to the chip's machine code here.
# tools/release/firmware.py includes this file with files=[...]: the modules to freeze as
# bytecode, the rest (its NATIVE_MODULES) being frozen by its own manifest as native .mpy files.
options.defaults(files=None)
package("meeple", files=options.files, base_path="../firmware", opt=1)

# MicroPython runs a frozen main.py in preference to /main.py on the flash
module("main.py", base_path="../firmware", opt=1)
