# Every target builds what it needs from nothing: a fresh machine has Python, pip, gcc and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# One venv, two stamps: `make run` installs only what the program needs (the cli, odds
# and web extras), `make test` upgrades the same venv with the dev extra (every extra plus
# the checkers).
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
# pytest-xdist workers: auto is one per core.
WORKERS ?= auto

.PHONY: run test quick lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[cli,odds,web]'
	touch $@

# dev holds everything run needs, so installing it satisfies the run stamp too.
$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/firefight demo

# Every test, slow ones included (CI runs this).
test: lint typecheck unit

# The tests without the slow ones (multi-process, crash, long property runs), for iterating.
quick: $(DEV_STAMP)
	$(BIN)/pytest -n $(WORKERS) -m "not slow"

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests scripts benchmarks
	$(BIN)/ruff format --check src tests scripts benchmarks
	$(BIN)/lint-imports

typecheck: $(DEV_STAMP)
	$(BIN)/mypy

unit: $(DEV_STAMP)
	$(BIN)/pytest -n $(WORKERS)

bench: $(DEV_STAMP)
	$(BIN)/python benchmarks/bench_startup.py
	$(BIN)/python benchmarks/bench_shot.py
	$(BIN)/python benchmarks/bench_encounter.py
	$(BIN)/python benchmarks/bench_store.py
	$(BIN)/python benchmarks/odds_exact.py
	$(BIN)/python benchmarks/odds_montecarlo.py
	$(BIN)/python benchmarks/odds_sweep.py
	$(BIN)/python benchmarks/bench_web.py
	$(BIN)/python benchmarks/bench_web_act.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
