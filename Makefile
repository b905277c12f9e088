# Every target creates .venv on first use, so a fresh clone needs nothing but python3.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
BENCH_STAMP := $(VENV)/.installed-bench
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: play test test-fast lint bench bench-bots screenshots snapshots-update demo-cast clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP) $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,dev]'
	touch $(STAMP) $(TEST_STAMP) $@

$(BENCH_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(STAMP) $(TEST_STAMP) $@

play: $(STAMP)
	$(BIN)/ningde play

# the whole suite in parallel worker processes (as many as the computer has cores, or
# `make test WORKERS=1`); the tests marked serial share one worker, one after another
WORKERS ?= auto
test: $(TEST_STAMP)
	$(BIN)/python -m pytest -n $(WORKERS) --dist loadgroup

# the inner loop: the engine, records and tools, without the UI, property and fuzz suites
test-fast: $(TEST_STAMP)
	$(BIN)/python -m pytest -x --ignore=tests/ui --ignore=tests/rules/test_properties.py \
		--ignore=tests/test_fuzz.py --ignore=tests/test_hostile_input.py

lint: $(DEV_STAMP)
	$(BIN)/ruff check ningde_tui tests benchmarks tools
	$(BIN)/ruff format --check ningde_tui tests benchmarks tools
	$(BIN)/mypy --strict ningde_tui/rules ningde_tui/bots
	$(BIN)/mypy ningde_tui

bench: $(BENCH_STAMP)
	$(BIN)/python benchmarks/bench_shapes.py
	$(BIN)/python benchmarks/bench_engine.py

bench-bots: $(BENCH_STAMP)
	$(BIN)/python benchmarks/bench_bots.py $(ARGS)

screenshots: $(TEST_STAMP)
	$(BIN)/python tools/screenshots.py

# redraw the SVG snapshots after a change to what the app draws; in one process, not under
# xdist, where syrupy neither finds nor removes snapshots no test uses any more
SNAPSHOT_TESTS := tests/ui/test_snapshots.py tests/ui/test_review_ui.py tests/ui/test_stats_screen.py
snapshots-update: $(TEST_STAMP)
	$(BIN)/python -m pytest $(SNAPSHOT_TESTS) --snapshot-update

demo-cast: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[cast]'
	NINGDE_DATA_DIR=$$(mktemp -d) NINGDE_CONFIG_DIR=$$(mktemp -d) $(BIN)/asciinema rec --overwrite -q --cols 140 --rows 45 -i 1 \
		-c "$(BIN)/ningde demo --seed 7 --hands 1 --speed fast" screenshots/demo.cast

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
