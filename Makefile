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
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint typecheck unit bench clean docs setup browser messages vendor wheel

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

setup: $(DEV) $(NODE_STAMP)

browser: $(CHROMIUM)

run: $(RUNTIME)
	$(BIN)/pokertd web --db pokertd.db --demo --host $(HOST) --port $(PORT)

test: lint typecheck unit

lint: $(DEV)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(DEV)
	$(BIN)/mypy src bench

unit: setup browser
	$(BIN)/pytest -n 2 -q

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

# Update the French catalogue with the texts marked in the code and the templates (`message` is
# the keyword of the sentences written below pokertd.present).
messages: $(DEV)
	mkdir -p build
	$(BIN)/pybabel extract -F babel.cfg -k message -k N_ -k words -o build/messages.pot --no-location --omit-header --sort-output .
	$(BIN)/pybabel update -i build/messages.pot -d src/pokertd/present/locale -D pokertd -l fr --no-fuzzy-matching --ignore-obsolete

bench: $(DEV)
	$(BIN)/python bench/suite.py

clean:
	rm -rf $(VENV) build dist *.egg-info src/*.egg-info node_modules
