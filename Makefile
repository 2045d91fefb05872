# Every target builds what it needs from nothing: a fresh machine has Python, pip, gcc and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/firefight demo

test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts benchmarks
	$(BIN)/ruff format --check src tests scripts benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_shot.py
	$(BIN)/python benchmarks/bench_encounter.py
	$(BIN)/python benchmarks/bench_store.py
	$(BIN)/python benchmarks/odds_exact.py
	$(BIN)/python benchmarks/odds_montecarlo.py
	$(BIN)/python benchmarks/odds_sweep.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
