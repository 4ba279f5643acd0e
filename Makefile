# Two commands set everything up on a fresh machine with only Python installed:
#   make run    start the web server and print the address to open in a browser
#   make test   ruff, mypy --strict and pytest (with doctests)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,analysis,ray]'
	touch $(STAMP)

HOST ?= 127.0.0.1
PORT ?= 8000
DATABASE ?= sqlite:///tabletop.db
CHROMIUM := /usr/bin/chromium

run: $(STAMP)
	$(BIN)/tabletop serve --host $(HOST) --port $(PORT) --database $(DATABASE)

# The browser tests drive Debian's Chromium (a test tool cannot download a browser here).
$(CHROMIUM):
	apt-get update -qq && apt-get install -y -qq chromium

test: $(STAMP) $(CHROMIUM)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy --strict src
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

pytest: $(STAMP) $(CHROMIUM)
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/bench.py
	$(BIN)/python benchmarks/workbench.py scaling
	$(BIN)/python benchmarks/workbench.py million

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
