# Two commands set everything up on a fresh machine with only Python installed:
#   make run    start the web server and print the address to open in a browser
#   make test   ruff, mypy --strict and pytest (with doctests), the web server's tests on SQLite and PostgreSQL
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXAMPLE := $(VENV)/.example-installed

.PHONY: run test lint typecheck pytest bench train clean

# PyTorch's CPU build first (the train extra's test trains a tiny policy): a plain `torch` requirement can pull a
# multi-GB CUDA build
TORCH := torch==2.13.0

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet $(TORCH)
	$(BIN)/pip install --quiet -e '.[dev,web,analysis,ray,postgresql,rl,fast,train]'
	touch $(STAMP)

# The tests prove that a game (examples/pig) and an agent (examples/flat_mc) packaged outside tabletop
# work with no edit to tabletop.
$(EXAMPLE): $(STAMP) examples/pig/pyproject.toml examples/flat_mc/pyproject.toml
	$(BIN)/pip install --quiet -e examples/pig -e examples/flat_mc
	touch $(EXAMPLE)

HOST ?= 127.0.0.1
PORT ?= 8000
DATABASE ?= sqlite:///tabletop.db
CHROMIUM := /usr/bin/chromium

run: $(STAMP)
	$(BIN)/tabletop serve --host $(HOST) --port $(PORT) --database $(DATABASE)

# The browser tests drive Debian's Chromium (a test tool cannot download a browser here).
$(CHROMIUM):
	apt-get update -qq && apt-get install -y -qq chromium

# The browser tests check accessibility with axe-core, the npm package's axe.min.js injected through Playwright.
AXE := $(VENV)/node/node_modules/axe-core/axe.min.js
$(AXE): $(STAMP)
	npm install --silent --no-save --no-audit --no-fund --prefix $(VENV)/node axe-core@4.10.2

# The web server's persistence tests run on SQLite and on Debian's PostgreSQL, which .ci/postgres.sh
# installs (if missing) and starts, printing the URL the tests use (make test runs as root, as CI does).
test: $(STAMP) $(EXAMPLE) $(CHROMIUM) $(AXE)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/mypy --strict src examples/pig/src examples/flat_mc/src
	TABLETOP_TEST_POSTGRESQL="$$(bash .ci/postgres.sh)" $(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples

typecheck: $(STAMP) $(EXAMPLE)
	$(BIN)/mypy --strict src examples/pig/src examples/flat_mc/src

pytest: $(STAMP) $(EXAMPLE) $(CHROMIUM) $(AXE) $(AXE)
	TABLETOP_TEST_POSTGRESQL="$$(bash .ci/postgres.sh)" $(BIN)/pytest

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench,fast]'
	$(BIN)/python benchmarks/bench.py
	$(BIN)/python benchmarks/rl.py
	$(BIN)/python benchmarks/workbench.py scaling
	$(BIN)/python benchmarks/workbench.py million
	$(BIN)/python benchmarks/speed/kernels.py
	$(BIN)/python benchmarks/speed/vector_env.py
	$(BIN)/python benchmarks/speed/simulate.py

# Train a Doodle Jump policy on the batched environment (MaskablePPO, CPU) for MINUTES minutes, export it for
# NumPy, rate it with `tabletop tournament` against heuristic and expert (95% intervals). SHIP=1 copies the
# export into the game's package (the policy the `learned` agent plays).
MINUTES ?= 15
EVALUATE ?= 400
EXPERT ?= 40
train: $(STAMP)
	$(BIN)/pip install --quiet $(TORCH)
	$(BIN)/pip install --quiet -e '.[train]'
	$(BIN)/python examples/train.py --minutes $(MINUTES) --evaluate $(EVALUATE) --expert $(EXPERT) $(if $(SHIP),--ship,)

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
