# meeple: make test (all tests), make bench, make replay RECORD=...; see README.md.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STUBS := $(VENV)/mpy-stubs

.PHONY: test typecheck pytest deps bench replay clean

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

test: deps typecheck pytest

# Type-check the device code against the MicroPython rp2 stubs: a call the board lacks fails here.
typecheck: deps
	node_modules/.bin/pyright --project pyrightconfig.json

pytest: deps
	$(PY) -m pytest

# make bench [BENCH_ARGS="--json --games 50"]
bench: deps
	$(PY) -m tools.bench $(BENCH_ARGS)

# make replay RECORD=game.jsonl [STEP=N]: check a game record and show the position
replay: deps
	@test -n "$(RECORD)" || { echo "usage: make replay RECORD=path/to/record.jsonl [STEP=N]"; exit 2; }
	$(PY) -m tools.replay "$(RECORD)" $(if $(STEP),--step $(STEP))

clean:
	rm -rf $(VENV) node_modules build .pytest_cache
