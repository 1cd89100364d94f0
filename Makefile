# meeple: make test (all tests), make bench, make replay RECORD=...; see README.md.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STUBS := $(VENV)/mpy-stubs

.PHONY: test test-slow typecheck pytest deps bench replay sim clean build flash devtest vboard hwtest pull-records \
	uf2 release firmware pico-test pico-test-all pico-bench

# Set-up is part of every command: a fresh clone needs only Python 3.11+ and Node.js 20.
deps: $(VENV)/.deps node_modules/.deps

$(VENV)/.deps: requirements.txt requirements-stubs.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "meeple needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --target $(STUBS) -r requirements-stubs.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --target $(STUBS) micropython-stdlib-stubs==1.29.0.post2
	touch $@

node_modules/.deps: package.json package-lock.json
	@node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' || { echo "meeple needs Node.js 20 or newer"; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

test: deps typecheck hwtest pytest pico-test

# Type-check the device code against the MicroPython rp2 stubs: a call the board lacks fails here.
typecheck: deps
	node_modules/.bin/pyright --project pyrightconfig.json

pytest: deps
	$(PY) -m pytest

# the slow set (pytest -m slow): long fuzz runs, not part of make test
test-slow: deps
	$(PY) -m pytest -m slow

# make bench [BENCH_ARGS="--json --games 50"]
bench: deps
	$(PY) -m tools.bench.cores $(BENCH_ARGS)

# make replay RECORD=game.jsonl [STEP=N]: check a game record and show the position
replay: deps
	@test -n "$(RECORD)" || { echo "usage: make replay RECORD=path/to/record.jsonl [STEP=N]"; exit 2; }
	$(PY) -m tools.board.replay "$(RECORD)" $(if $(STEP),--step $(STEP))

# --- On a board (README "Flash and test", docs/firmware.md): build, flash, devtest, the virtual board
# make build [BOARD=profile]; make flash PORT=/dev/ttyACM0|virtual [BOARD=profile];
# make devtest PORT=...; make vboard (serves a virtual board until Ctrl-C)
# the virtual board emulates a Pico W's 192 KB of free heap (scaled for its 64-bit interpreter)
VBOARD_PICO_HEAP ?= 192k
HWTEST_DIR := build/hwtest

build: deps
	$(PY) -m tools.board.build $(if $(BOARD),--board $(BOARD))

flash: build
	@test -n "$(PORT)" || { echo "usage: make flash PORT=/dev/ttyACM0 (or PORT=virtual) [BOARD=profile]"; exit 2; }
	$(PY) -m tools.board.flash --port "$(PORT)" $(if $(VBOARD_DIR),--vboard-dir $(VBOARD_DIR)) $(if $(OVERLAY),--overlay $(OVERLAY))

devtest: deps
	@test -n "$(PORT)" || { echo "usage: make devtest PORT=/dev/ttyACM0 (or PORT=virtual)"; exit 2; }
	$(PY) -m tools.board.devtest --port "$(PORT)" $(if $(VBOARD_DIR),--vboard-dir $(VBOARD_DIR)) $(DEVTEST_ARGS)

# make pull-records PORT=/dev/ttyACM0: copy the game records saved on the board into records/
pull-records: deps
	@test -n "$(PORT)" || { echo "usage: make pull-records PORT=/dev/ttyACM0 (or PORT=virtual)"; exit 2; }
	$(PY) -m tools.board.pull_records --port "$(PORT)" $(if $(VBOARD_DIR),--vboard-dir $(VBOARD_DIR))

vboard: deps
	$(PY) -m tools.board.vboard --root build/vboard/flash --state-dir build/vboard --pico-heap $(VBOARD_PICO_HEAP)

# The flash-and-test path on every `make test`: a fresh virtual board with a Pico-sized heap,
# stopped however the run ends (and a stale one from a killed run is stopped by `start`).
hwtest: deps
	@$(PY) -m tools.board.vboard.control start --dir $(HWTEST_DIR) --pico-heap $(VBOARD_PICO_HEAP) --fresh >/dev/null && \
	trap '$(PY) -m tools.board.vboard.control stop --dir $(HWTEST_DIR)' EXIT INT TERM && \
	$(MAKE) --no-print-directory flash PORT=virtual VBOARD_DIR=$(HWTEST_DIR) && \
	$(MAKE) --no-print-directory devtest PORT=virtual VBOARD_DIR=$(HWTEST_DIR)

# --- One-file install (README "Install on a board") ----------------------------------------------
# make uf2 BOARD=profile [MICROPYTHON=RPI_PICO.uf2]: build/uf2/meeple-<profile>.uf2 (stock
# MicroPython + a littlefs image of the .mpy build; without MICROPYTHON the emulated Pico kit's
# v1.28.0 UF2); make release: the release firmware's UF2 for every profile and both chips,
# SHA256SUMS and README.txt in build/release.
uf2: deps
	@test -n "$(BOARD)" || { echo "usage: make uf2 BOARD=profile [MICROPYTHON=path/to/RPI_PICO.uf2]"; exit 2; }
	$(PY) -m tools.release.uf2_make --board "$(BOARD)" $(if $(MICROPYTHON),--micropython "$(MICROPYTHON)")

release: deps
	$(PY) -m tools.release.bundle

# --- The release firmware (docs/firmware.md): meeple frozen into MicroPython ---------------------
# make firmware BOARD=profile [CHIP=rp2040|rp2350]: build/firmware/meeple-<profile>-<chip>.bin,
# MicroPython v1.28.0 from ../shared/micropython (or MICROPYTHON_SRC=) with Debian's Arm toolchain
firmware: deps
	@test -n "$(BOARD)" || { echo "usage: make firmware BOARD=profile [CHIP=rp2040|rp2350]"; exit 2; }
	$(PY) -m tools.release.firmware --board "$(BOARD)" $(if $(CHIP),--chip $(CHIP))

# --- The emulated Pico (docs/emulated-pico.md): MicroPython's own rp2 firmware in rp2040js --------
# make pico-test: flash the build onto it, the CI set of device tests, both games' scripted sessions
# compared pixel for pixel with host_sim, on two wirings. make pico-test-all: every device test.
# Without the kit: one line, and a failure when CI is set. make pico-bench: the device's figures.
RP2EMU ?= ../shared/rp2emu
export RP2EMU

pico-test: deps
	$(PY) -m tools.pico.test $(PICO_TEST_ARGS)

pico-test-all: deps
	$(PY) -m tools.pico.test --all $(PICO_TEST_ARGS)

# bot decision times per game, player count and level: tools.bench.ai --pico (docs/opponents.md)
pico-bench: deps
	$(PY) -m tools.pico.bench $(PICO_BENCH_ARGS)
	$(PY) -m tools.bench.ai --pico

# make sim [BOARD=pimoroni_display_pack]: the console in a window (in the terminal when there is
# no display); boards: python -m host_sim --list-boards
# the console's flash (settings, saves, records) kept between runs, as a device keeps it
sim: deps
	$(PY) -m host_sim --flash build/sim-flash $(if $(BOARD),--board $(BOARD))

clean:
	rm -rf $(VENV) node_modules build .pytest_cache

# --- In a browser (README "Play in your browser"): the device's app on MicroPython WebAssembly ---
# make web: the static site in build/web; make web-serve [WEB_PORT=8024]: serve it on 127.0.0.1
.PHONY: web web-serve
WEB_PORT ?= 8024

web: deps
	$(PY) -m tools.wasm.web

web-serve: deps
	$(PY) -m tools.wasm.web --serve --port $(WEB_PORT)
