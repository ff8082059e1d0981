# Pitch Club: `make run` to try it, `make test` to check it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# A newcomer's first run is local and in debug mode; production sets its own environment.
DEV_ENV := DEBUG=$${DEBUG:-1}

.PHONY: install run test browser screenshots lint format demo bench loadtest replica-check pgbouncer-check migrate clean messages

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

# The suite runs in one worker process per core (pytest-xdist; tests/conftest.py caps
# `auto` at the cores this machine gives us), each with its own test database and, for
# the browser tests it is sent (last, in collection order), its own Chromium and live
# server. WORKERS=0 runs everything in this process (for --pdb, or to compare).
WORKERS ?= auto
XDIST := -n $(WORKERS) --dist load

test: install
	$(BIN)/python -m pytest $(XDIST) $(PYTEST_ARGS)

# Only the headless-Chromium tests at phone size (make test runs them too).
browser: install
	$(BIN)/python -m pytest $(XDIST) tests/browser $(PYTEST_ARGS)

# The browser tests again, saving their screenshots to tests/artifacts/screenshots/
# to look at (make test and make browser take none: 0.5-1 s each, some 800 a run).
screenshots: install
	SCREENSHOTS=1 $(BIN)/python -m pytest $(XDIST) tests/browser $(PYTEST_ARGS)

# What CI checks besides the tests: lint, formatting, the import layers
# (docs/architecture.md) and that every model change has its migration.
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(DEV_ENV) $(BIN)/python manage.py makemigrations --check --dry-run
	$(DEV_ENV) $(BIN)/python $(MAKEMESSAGES) >/dev/null
	$(DEV_ENV) $(BIN)/python $(MAKEMESSAGES) -d djangojs >/dev/null
	$(BIN)/python tools/catalogues.py headers
	git diff --exit-code -I '^"POT-Creation-Date' -- locale/ \
	  || { echo "A marked string is missing from the catalogues: make messages, translate"; exit 1; }
	$(BIN)/python tools/catalogues.py stats

# The catalogues (docs/translating.md): every marked string into locale/*/*.po (the
# phone's scripts' own into djangojs.po: pitchclub/phone_words.py serves them) with
# GNU gettext's xgettext (a translator's tool, not needed to run the site), the Polish
# three plural forms, then the .mo files compiled in Python (committed: a fresh machine
# without gettext speaks every language after make install).
MAKEMESSAGES := manage.py makemessages -l de -l pl -l fr --no-obsolete --add-location file \
  -i ".venv/*" -i "tests/*" -i "bench/*" -i "tools/*" -i "staticfiles/*" -i "docs/*"
messages: install
	$(DEV_ENV) $(BIN)/python $(MAKEMESSAGES)
	$(DEV_ENV) $(BIN)/python $(MAKEMESSAGES) -d djangojs
	$(BIN)/python tools/catalogues.py headers
	$(BIN)/python tools/catalogues.py compile
	-$(BIN)/python tools/catalogues.py stats

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# The API benchmark runs on SQLite, then on PostgreSQL when DATABASE_URL is set (so
# does the player statistics' benchmark, PostgreSQL only: 1,000,000 hands); the
# saturated throughput comes from a short load test without faults (it needs
# PostgreSQL's server binaries: it starts a cluster of its own). Every bench runs even
# after one misses; bench/run_all.py then prints each one's target, met or not, and
# exits 1 if any missed.
bench: install
	$(BIN)/python bench/run_all.py

# Load and fault test: 200 tables x 20 hands through gunicorn + PostgreSQL, with a
# database restart and a killed worker midway, then an integrity check (README.md).
# Across hosts: LOADTEST_ARGS="--hosts 2 --replica --redis --viewers 4" (60 tables;
# Redis, the replica and one whole host are also broken midway; docs/loadtest.md).
loadtest: install
	$(BIN)/python bench/loadtest.py $(LOADTEST_ARGS)

# The replica router on a real streaming replica (pg_basebackup -R, replay paused):
# a writer reads what it wrote, a spectator the replica until it catches up.
replica-check: install
	$(BIN)/python bench/replica_check.py

# The app behind PgBouncer in transaction mode (docs/pgbouncer.md): migrations, the
# demo, a crawl of its pages, tables recording at once; needs apt's pgbouncer.
pgbouncer-check: install
	$(BIN)/python bench/pgbouncer_check.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
