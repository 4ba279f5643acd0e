# Two commands set everything up on a fresh machine with only Python installed:
#   make run    play Jumanji in the terminal against bots
#   make test   ruff, mypy --strict and pytest (with doctests)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tabletop play jumanji --players 4 --humans 1

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy --strict src
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

pytest: $(STAMP)
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/bench.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
