# Schaffner: every target bootstraps what it needs from a fresh clone.
#   make sim     the gadget in the terminal, under the real MicroPython runtime
#   make test    every test: CPython, MicroPython, mpy-cross compile check, type check, the browser test
#   make bench   memory, speed and flash wear against the budgets in docs/budgets.md (not part of make test)
#   make chip    the same judged on an emulated RP2040 with the real firmware, faults too (not part of make test)
#   make chip-upgrade  0.1.0 with a game in play upgraded on the emulated RP2040 by make deploy and by flashing
#   make firmware [BOARD=board[,board]] [CHIP=rp2040|rp2350]: build/firmware/schaffner-BOARD-pico|pico2-VERSION.uf2
#                (default: every board, both chips; each image built once, kept under a hash of its inputs)
#   make release [TAG=v0.2.0] [ALLOW_DIRTY=1]: dist/schaffner-VERSION/, every image, the web page zipped,
#                RELEASE-NOTES.md from CHANGELOG.md, SHA256SUMS (docs/release.md)
#   make deploy  BOARD=pico_oled|pico_oled_sh1106|pico_display_pack|pico_lcd_114 [PORT=/dev/ttyACM0] [DRY_RUN=1]
#   make backup  [PORT=/dev/ttyACM0] [OUT=schaffner-backup.json|folder]: the gadget's saves to the PC
#   make restore FROM=schaffner-backup.json [PORT=/dev/ttyACM0]: a backup onto a gadget
#   make web     the gadget as a web page, served on localhost [WEB_PORT=8000]
#   make export  [PORT=/dev/ttyACM0] [FROM=copy-of-data/] [OUT=folder]: history.csv, history.json, history.bgsplay

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
BOARD ?= pico_oled
PORT ?=
WEB_PORT ?= 8000
comma := ,

.PHONY: all deps test test-py test-mp test-web compile typecheck sim web screenshots bench bench-pico chip chip-upgrade firmware release deploy backup restore export clean

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
	node tests/support/mp_test.mjs
	$(PY) -m host_tools compile-check
	$(PY) -m host_tools typecheck
	$(PY) tests/web/run.py

test-py: $(VENV_STAMP)
	$(PY) -m pytest -q tests

test-mp: deps
	node tests/support/mp_test.mjs

# The page in headless Chromium: where there is none, Debian's chromium is installed when this
# runs as root; else it says the browser test was NOT run, and how to run it.
test-web: deps
	$(PY) tests/web/run.py

compile: $(VENV_STAMP)
	$(PY) -m host_tools compile-check

typecheck: $(VENV_STAMP)
	$(PY) -m host_tools typecheck

sim: deps
	$(PY) -m host_tools sim

# build/web/, served on http://127.0.0.1:$(WEB_PORT)/ until Ctrl-C.
web: deps
	$(PY) -m host_tools web --port $(WEB_PORT)

# The README's pictures, made by the simulator from the games' test scripts
# (and of the web page by the browser test, where there is a Chromium).
screenshots: deps
	$(PY) -m host_tools screenshots
	$(PY) tests/web/run.py --readme

bench: deps
	$(PY) -m host_tools bench

# The judge: make deploy onto an emulated RP2040 with the real firmware (../shared/picoemu),
# every recorded game press by press, power cuts, cable pulls, saves moved; a table of verdicts.
# A part: make chip BOARD=pico_oled GAME=taubertal PRESSES=100 (CUTS=n, DEPLOY_CUTS=n, NO_COPY=1);
# SEED=n reruns the faults;
# SHORT=1 is CI's pass; REPORT=1 prints the last run's table again.  Not part of make test.
# The firmware images first (make firmware; NO_FIRMWARE=1 leaves them out), then the chip.
chip: deps
	$(if $(NO_FIRMWARE)$(REPORT),,$(PY) -m host_tools firmware --chip rp2040 $(if $(filter command line,$(origin BOARD)),$(foreach b,$(subst $(comma), ,$(BOARD)),--board $(b))))
	$(PY) -m host_tools chip $(if $(filter command line,$(origin BOARD)),--board $(BOARD)) \
		$(if $(GAME),--game $(GAME)) $(if $(PRESSES),--presses $(PRESSES)) $(if $(SEED),--seed $(SEED)) \
		$(if $(CUTS),--cuts $(CUTS)) $(if $(DEPLOY_CUTS),--deploy-cuts $(DEPLOY_CUTS)) $(if $(SHORT),--short) \
		$(if $(NO_COPY),--no-copy) $(if $(NO_FIRMWARE),--no-firmware) $(if $(HEAP),--heap) $(if $(REPORT),--report)

# 0.1.0 with a game in play on the emulated Pico, upgraded to this tree by make deploy and,
# separately, by flashing its image: the game must go on with every action (host_tools/chip/upgrade.py).
chip-upgrade: deps
	$(PY) -m host_tools chip-upgrade $(if $(filter command line,$(origin BOARD)),--board $(BOARD))

# The reference workload on a real Pico: make bench then converts with this R
# (build/bench-pico.txt) instead of the one in host_tools/budgets.py.
bench-pico: $(VENV_STAMP)
	mkdir -p build
	$(VENV)/bin/mpremote $(if $(PORT),connect $(PORT)) run host_tools/bench/mp/reference.py > build/bench-pico.tmp
	mv build/bench-pico.tmp build/bench-pico.txt
	cat build/bench-pico.txt

# MicroPython 1.28 with Schaffner frozen in, per board and chip: from MICROPY_DIR (a v1.28.0 checkout
# with submodules), the snapshot in ../shared/micropython, or else cloned from GitHub; installs the
# ARM toolchain if missing.
firmware: $(VENV_STAMP)
	$(PY) -m host_tools firmware $(if $(filter command line,$(origin BOARD)),$(foreach b,$(subst $(comma), ,$(BOARD)),--board $(b))) \
		$(if $(CHIP),$(foreach c,$(subst $(comma), ,$(CHIP)),--chip $(c)))

# What a player downloads: dist/schaffner-VERSION/ (docs/release.md). TAG=vX.Y.Z: the tag being
# released, which must be package.json's version (the GitHub workflow passes it).
release: deps
	$(PY) -m host_tools release $(if $(TAG),--tag $(TAG)) $(if $(ALLOW_DIRTY),--allow-dirty)

deploy: $(VENV_STAMP)
	$(PY) -m host_tools deploy --board $(BOARD) $(if $(PORT),--port $(PORT)) $(if $(DRY_RUN),--dry-run)

# A gadget's /data (the game in play, the history, the settings) to a file or folder, and back.
backup: $(VENV_STAMP)
	$(PY) -m host_tools backup $(if $(PORT),--port $(PORT)) $(if $(OUT),--out $(OUT))

restore: $(VENV_STAMP)
	$(if $(FROM),,$(error make restore needs FROM=the backup file or folder))
	$(PY) -m host_tools restore "$(FROM)" $(if $(PORT),--port $(PORT))

# The games a Pico kept (or a copy of its /data, FROM=...) as history.csv, history.json and history.bgsplay.
export: $(VENV_STAMP)
	$(PY) -m host_tools export $(if $(PORT),--port $(PORT)) $(if $(FROM),--from $(FROM)) $(if $(OUT),--out $(OUT))

clean:
	rm -rf $(VENV) node_modules build dist
