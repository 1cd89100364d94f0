"""MicroPython on WebAssembly (the npm package, run by Node.js through mpy_runner.mjs): running
code on real MicroPython from the tests and tools with firmware/ importable (mpyrun), and the
browser version of the console (web: `make web`, `make web-serve`).
"""
