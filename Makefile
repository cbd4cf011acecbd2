# pokertd: `make run` and `make test` set everything up on a fresh machine (Python 3.11).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
# Debian's Chromium for the browser tests (Playwright drives it; it never downloads a browser).
CHROMIUM := $(shell command -v chromium || echo /usr/bin/chromium)

.PHONY: run test lint typecheck unit bench clean docs setup browser messages

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Front-end libraries (htmx) from the npm registry, exactly as package-lock.json pins them.
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

$(CHROMIUM):
	if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive sudo apt-get install -y -qq chromium >/dev/null; fi

setup: $(STAMP) $(NODE_STAMP)

browser: $(CHROMIUM)

run: setup
	$(BIN)/pokertd web --db pokertd.db --demo

test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy src bench

unit: setup browser
	$(BIN)/pytest -n 2 -q

# Update the French catalogue of the web app with the texts marked in its code and templates.
messages: $(STAMP)
	mkdir -p build
	$(BIN)/pybabel extract -F babel.cfg -o build/messages.pot --no-location --omit-header --sort-output .
	$(BIN)/pybabel update -i build/messages.pot -d src/pokertd/web/locale -D pokertd -l fr --no-fuzzy-matching --ignore-obsolete

bench: setup
	$(BIN)/python bench/suite.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info node_modules
