"""What a player downloads: the release firmware (firmware: MicroPython v1.28.0 with meeple and a
board profile frozen in, for the RP2040 and the RP2350) and the UF2 files (uf2: the container;
uf2_firmware: what a MicroPython UF2 holds; uf2_fs: the littlefs image of the console's files;
uf2_make: `make uf2`, one file that installs the console); bundle: `make release`, every board
and chip with SHA256SUMS and a README.txt.
"""
