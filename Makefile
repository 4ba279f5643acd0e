# Two commands set everything up on a fresh machine with only Python installed:
#   make run    start the web server and print the address to open in a browser
#   make test   ruff, mypy --strict and pytest (with doctests), the web server's tests on SQLite and PostgreSQL
# and one more starts the server as a deployment of several processes:
#   make deploy SHARDS=3   SHARDS shards of the web server on one PostgreSQL database behind nginx
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXAMPLE := $(VENV)/.example-installed

.PHONY: run deploy test lint typecheck pytest bench train architecture clean locales

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
# more flags of `tabletop serve`, e.g. SERVE_FLAGS=--http-cookies for phones on your network over plain http (docs/web.md)
SERVE_FLAGS ?=
CHROMIUM := /usr/bin/chromium
NGINX := /usr/sbin/nginx
SHARDS ?= 3
# the PostgreSQL database of `make deploy` (empty: Debian's PostgreSQL on this machine, started by .ci/postgres.sh)
SHARDS_DATABASE ?=

run: $(STAMP)
	$(BIN)/tabletop serve --host $(HOST) --port $(PORT) --database $(DATABASE) $(SERVE_FLAGS)

# The shards (`tabletop deploy`) run behind Debian's nginx, started unprivileged from a configuration it writes.
$(NGINX):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 nginx

deploy: $(STAMP) $(NGINX)
	url="$(SHARDS_DATABASE)"; [ -n "$$url" ] || url="$$(bash .ci/postgres.sh)"; \
	$(BIN)/tabletop deploy --shards $(SHARDS) --host $(HOST) --port $(PORT) --database "$$url"

# The browser tests drive Debian's Chromium (a test tool cannot download a browser here).
$(CHROMIUM):
	apt-get update -qq && apt-get install -y -qq chromium

# The browser tests check accessibility with axe-core, the npm package's axe.min.js injected through Playwright: the
# version Lighthouse 12.2.3 runs (a stamp per version, so a checkout that moves to another one installs it).
AXE_VERSION := 4.14.1
AXE := $(VENV)/node/.axe-core-$(AXE_VERSION)
$(AXE): $(STAMP)
	npm install --silent --no-save --no-audit --no-fund --prefix $(VENV)/node axe-core@$(AXE_VERSION)
	touch $@

# The benchmarks are scripts that import their neighbours and benchmarks/harness, so each directory is checked with
# its own module path (no two directories hold scripts of one name: they share mypy's cache)
MYPY_BENCHMARKS = MYPYPATH=benchmarks $(BIN)/mypy --strict -p harness && \
	MYPYPATH=benchmarks $(BIN)/mypy --strict --explicit-package-bases benchmarks/web && \
	for d in calibration equivalence fuzz speed; do \
		MYPYPATH=benchmarks:benchmarks/$$d $(BIN)/mypy --strict benchmarks/$$d/*.py || exit 1; \
	done

# The web server's persistence tests run on SQLite and on Debian's PostgreSQL, which .ci/postgres.sh
# installs (if missing) and starts, printing the URL the tests use (make test runs as root, as CI does);
# the sharded deployment's test (tests/interfaces/web/test_shards.py) runs on it, behind nginx.
test: $(STAMP) $(EXAMPLE) $(CHROMIUM) $(AXE) $(NGINX)
	$(BIN)/ruff check src tests benchmarks examples tools
	$(BIN)/mypy --strict src examples/pig/src examples/flat_mc/src tools
	$(MYPY_BENCHMARKS)
	TABLETOP_TEST_POSTGRESQL="$$(bash .ci/postgres.sh)" $(BIN)/pytest --durations=20

# The four languages' catalogs (src/tabletop/locales and each game's games/<game>/locales): extract every message of the code (babel.cfg), merge them into
# each language's .po (new ones arrive untranslated, gone ones are dropped), then check: it fails while a message
# is missing, untranslated, fuzzy or stale (tests/test_locales.py runs the same check in make test).
locales: $(STAMP)
	$(BIN)/python -m tabletop.interfaces.web.catalogs all

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples tools

typecheck: $(STAMP) $(EXAMPLE)
	$(BIN)/mypy --strict src examples/pig/src examples/flat_mc/src tools
	$(MYPY_BENCHMARKS)

pytest: $(STAMP) $(EXAMPLE) $(CHROMIUM) $(AXE) $(NGINX)
	TABLETOP_TEST_POSTGRESQL="$$(bash .ci/postgres.sh)" $(BIN)/pytest

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench,fast]'
	$(BIN)/python benchmarks/speed/bench.py
	$(BIN)/python benchmarks/speed/rl.py
	$(BIN)/python benchmarks/speed/workbench.py scaling
	$(BIN)/python benchmarks/speed/workbench.py million
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

# docs/architecture.md's tree after a module is added, moved or removed: new lines to describe, gone ones dropped
# (tests/test_architecture_doc.py fails until every module is listed and described).
architecture: $(STAMP)
	$(BIN)/python tools/architecture.py --write

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
