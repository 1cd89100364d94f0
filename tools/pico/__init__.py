"""The emulated Pico of ../shared/rp2emu (MicroPython's own rp2 firmware in rp2040js, an ST7789
decoded from the SPI bus, buttons on GPIO) as one object (emulator), and what runs on it:
`make pico-test` (test: the device tests, an interrupted flash (flashcut), and both games' key
scripts (scripts) played on the Pico and on host_sim (session) with every screen compared pixel
for pixel (shots)), `make pico-bench` (bench: boot, press-to-pixels, heap) and the idle-current
proxy (power_idle).
"""
