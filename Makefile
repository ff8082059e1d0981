# Pitch Club: `make run` to try it, `make test` to check it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# A newcomer's first run is local and in debug mode; production sets its own environment.
DEV_ENV := DEBUG=$${DEBUG:-1}

.PHONY: install run test browser lint format demo bench migrate clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

migrate: install
	$(DEV_ENV) $(BIN)/python manage.py migrate --noinput

demo: migrate
	$(DEV_ENV) $(BIN)/python manage.py demo

run: demo
	$(DEV_ENV) $(BIN)/python manage.py runserver 127.0.0.1:8000

test: install
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# Only the headless-Chromium tests at phone size (make test runs them too).
browser: install
	$(BIN)/python -m pytest tests/browser $(PYTEST_ARGS)

# What CI checks besides the tests: lint, formatting, the import layers
# (docs/architecture.md) and that every model change has its migration.
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(DEV_ENV) $(BIN)/python manage.py makemigrations --check --dry-run

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: install
	$(BIN)/python bench/engine_bench.py
	$(BIN)/python bench/table_bench.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
