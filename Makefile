# pokertd: `make run` and `make test` set everything up on a fresh machine (Python 3.11).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
# `make run` installs the runtime only; `make test` adds the development tools.
RUNTIME := $(VENV)/.runtime
DEV := $(VENV)/.dev
NODE_STAMP := node_modules/.installed
# Debian's Chromium for the browser tests (Playwright drives it; it never downloads a browser).
CHROMIUM := $(shell command -v chromium || echo /usr/bin/chromium)
# The optional mypyc build of the engine's hot modules (setup.py's COMPILED): a copy of the
# package with the compiled modules beside their sources, used through PYTHONPATH; the installed
# package (.venv) stays pure Python.
COMPILED_DIR := build/compiled
MYPYC_LIB := build/mypyc-lib
MYPYC_STAMP := $(MYPYC_LIB)/.built
# True where the compiled build can be made: a C compiler and Python's headers. Without them
# `make test` and `make bench` run on the pure Python package alone (saying so), which is always
# the reference; with them, both test the compiled build as well.
CAN_COMPILE := command -v cc >/dev/null && $(BIN)/python -c "import pathlib, sys, sysconfig; \
  sys.exit(not pathlib.Path(sysconfig.get_paths()['include'], 'Python.h').is_file())"
# Debian's PostgreSQL for the tests of the PostgreSQL store: they start their own server with
# initdb and pg_ctl on a Unix socket in a temporary folder. Installed without a main cluster, so
# no system-wide server is created or started.
PG_BIN := $(or $(lastword $(sort $(wildcard /usr/lib/postgresql/*/bin))),/usr/lib/postgresql/15/bin)
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint typecheck unit unit-both unit-compiled compiled bench clean docs setup browser postgres messages vendor wheel wheel-compiled

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUNTIME): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/python -m compileall -q src  # start-up as fast as an installed package's
	touch $(RUNTIME)

$(DEV): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -m compileall -q src
	touch $(DEV) $(RUNTIME)

# The npm copy of htmx that the test of the vendored file compares against (package-lock.json).
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

$(CHROMIUM):
	if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive sudo apt-get install -y -qq chromium >/dev/null; fi

$(PG_BIN)/pg_ctl:
	$(SUDO) apt-get update -qq
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-common >/dev/null
	$(SUDO) sed -i -E 's/^#? *create_main_cluster *=.*/create_main_cluster = false/' \
	  /etc/postgresql-common/createcluster.conf
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null

setup: $(DEV) $(NODE_STAMP)

browser: $(CHROMIUM)

postgres: $(PG_BIN)/pg_ctl

run: $(RUNTIME)
	$(BIN)/pokertd web --db pokertd.db --demo --host $(HOST) --port $(PORT)

test: lint typecheck unit unit-both

lint: $(DEV)
	$(BIN)/ruff check src tests bench setup.py
	$(BIN)/ruff format --check src tests bench setup.py

typecheck: $(DEV)
	$(BIN)/mypy src bench

unit: setup browser postgres
	$(BIN)/pytest -n 2 -q

# The compiled build's suites after the pure ones, where this machine can compile (issue 20: both
# builds pass `make test`); compiling takes a few minutes, and only again when its modules change.
unit-both: $(DEV)
	@if $(CAN_COMPILE); then $(MAKE) --no-print-directory unit-compiled; \
	else echo "No C compiler or Python headers: the compiled build is not tested."; fi

# The engine, evaluation and history suites again, on the compiled build: same results.
unit-compiled: compiled
	POKERTD_EXPECT_COMPILED=1 PYTHONPATH=$(COMPILED_DIR) $(BIN)/pytest -n 2 -q \
	  tests/engine tests/evaluate tests/history

# A copy of the package with the compiled modules beside their sources (copied afresh each time:
# only a change to the compiled modules or setup.py compiles again, which takes a few minutes).
compiled: $(MYPYC_STAMP)
	rm -rf $(COMPILED_DIR)
	mkdir -p $(COMPILED_DIR)
	cp -r src/pokertd $(MYPYC_LIB)/. $(COMPILED_DIR)/

$(MYPYC_STAMP): $(DEV) setup.py $(wildcard src/pokertd/cards/*.py src/pokertd/engine/*.py)
	rm -rf $(MYPYC_LIB) build/mypyc build/temp-compiled
	POKERTD_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --build-lib $(MYPYC_LIB) \
	  --build-temp build/temp-compiled
	touch $(MYPYC_STAMP)

# Copy the front-end files the package serves from node_modules after an upgrade in package.json
# (then update their SHA-256 in src/pokertd/web/assets.py; a test says if one is stale).
vendor: $(NODE_STAMP)
	cp node_modules/htmx.org/dist/htmx.min.js src/pokertd/web/static/vendor/htmx.min.js
	cp node_modules/htmx.org/LICENSE src/pokertd/web/static/vendor/htmx.LICENSE
	cd node_modules/swagger-ui-dist && cp swagger-ui-bundle.js swagger-ui-bundle.js.LICENSE.txt \
	  swagger-ui.css ../../src/pokertd/web/static/vendor/
	cp node_modules/swagger-ui-dist/LICENSE src/pokertd/web/static/vendor/swagger-ui.LICENSE
	cp node_modules/swagger-ui-dist/NOTICE src/pokertd/web/static/vendor/swagger-ui.NOTICE

# A wheel that installs with pip or pipx and serves the whole web app offline.
wheel: $(DEV)
	$(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir dist .

# The same wheel with the engine's hot modules compiled by mypyc (needs a C compiler).
wheel-compiled: $(DEV)
	POKERTD_COMPILE=1 $(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation \
	  --wheel-dir dist .

# Update the French catalogue with the texts marked in the code and the templates (`message` is
# the keyword of the sentences written below pokertd.present).
messages: $(DEV)
	mkdir -p build
	$(BIN)/pybabel extract -F babel.cfg -k message -k N_ -k words -o build/messages.pot --no-location --omit-header --sort-output .
	$(BIN)/pybabel update -i build/messages.pot -d src/pokertd/present/locale -D pokertd -l fr --no-fuzzy-matching --ignore-obsolete

# The pure Python package, and the compiled engine's rows where a compiler built it.
bench: $(DEV)
	@if $(CAN_COMPILE); then $(MAKE) --no-print-directory compiled; \
	else echo "No C compiler or Python headers: the compiled build is not measured."; fi
	$(BIN)/python bench/suite.py

clean:
	rm -rf $(VENV) build dist *.egg-info src/*.egg-info node_modules
