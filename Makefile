# Schaffner: every target bootstraps what it needs from a fresh clone.
#   make sim     the gadget in the terminal, under the real MicroPython runtime
#   make test    every test: CPython, MicroPython, mpy-cross compile check, type check
#   make bench   memory and speed against the budgets in DESIGN.md
#   make deploy  BOARD=pico_oled|pico_display_pack [PORT=/dev/ttyACM0] [SSD1306=ssd1306.py] [DRY_RUN=1]

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
BOARD ?= pico_oled
PORT ?=
SSD1306 ?=

.PHONY: all deps test test-py test-mp compile typecheck sim screenshots bench bench-pico deploy clean

all: test

$(VENV_STAMP): requirements-host.txt requirements-stubs.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements-host.txt
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --upgrade --target $(VENV)/stubs -r requirements-stubs.txt
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

deps: $(VENV_STAMP) $(NODE_STAMP)

test: deps
	$(PY) -m pytest -q tests
	node host_tools/mp_test.mjs
	$(PY) host_tools/compile_check.py
	$(PY) host_tools/typecheck.py

test-py: $(VENV_STAMP)
	$(PY) -m pytest -q tests

test-mp: $(NODE_STAMP)
	node host_tools/mp_test.mjs

compile: $(VENV_STAMP)
	$(PY) host_tools/compile_check.py

typecheck: $(VENV_STAMP)
	$(PY) host_tools/typecheck.py

sim: deps
	$(PY) host_tools/sim.py

# The README's pictures, made by the simulator from the games' test scripts.
screenshots: deps
	$(PY) host_tools/screenshots.py

bench: deps
	$(PY) host_tools/bench.py

# The reference workload on a real Pico, to turn bench ratios into milliseconds.
bench-pico: $(VENV_STAMP)
	$(VENV)/bin/mpremote $(if $(PORT),connect $(PORT)) run host_tools/bench/reference.py

deploy: $(VENV_STAMP)
	$(PY) host_tools/deploy.py --board $(BOARD) $(if $(PORT),--port $(PORT)) $(if $(SSD1306),--ssd1306 $(SSD1306)) $(if $(DRY_RUN),--dry-run)

clean:
	rm -rf $(VENV) node_modules build
