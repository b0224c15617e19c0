# Newsroom: `make run` serves the demo story, `make test` runs the whole suite.
# Both set up .venv first (Python 3.12+, honouring .python-version) and migrate.

VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup run serve worker test test-fast lint format bench eval clean

setup: $(STAMP)
	$(PY) manage.py migrate --noinput

$(STAMP): pyproject.toml
	@set -e; \
	want=$$(tr -d '[:space:]' < .python-version 2>/dev/null || true); \
	py=""; \
	for c in $${want:+python$$want} python3.13 python3.12; do \
	  if command -v $$c >/dev/null 2>&1 && $$c -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then py=$$c; break; fi; \
	done; \
	if [ -z "$$py" ]; then \
	  echo "error: Newsroom needs Python 3.12 or newer. Install Python $${want:-3.13} (pyenv install $${want:-3.13}) or put python3.13 or python3.12 on PATH." >&2; \
	  exit 1; \
	fi; \
	if [ ! -x $(PY) ]; then echo "Creating $(VENV) with $$($$py --version)"; $$py -m venv $(VENV); fi; \
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip; \
	$(PY) -m pip install --quiet --disable-pip-version-check '.[test]'; \
	touch $(STAMP)

# The server and one background worker (imports, feeds, re-reading), stopped together.
run: setup
	$(PY) manage.py load_demo
	@set -e; \
	$(PY) manage.py run_worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	$(PY) manage.py runserver $(HOST):$(PORT)

# Production-style: gunicorn (ops/gunicorn.conf.py) with the production settings, static files
# collected and served by WhiteNoise, and one background worker beside it. Production refuses
# to start without DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS (see README, Operations).
serve: setup
	DJANGO_SETTINGS_MODULE=$${DJANGO_SETTINGS_MODULE:-newsroom.settings.production} $(PY) manage.py collectstatic --noinput -v 0
	@set -e; \
	export DJANGO_SETTINGS_MODULE=$${DJANGO_SETTINGS_MODULE:-newsroom.settings.production}; \
	$(PY) manage.py run_worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	GUNICORN_BIND=$${GUNICORN_BIND:-$(HOST):$(PORT)} $(VENV)/bin/gunicorn -c ops/gunicorn.conf.py

worker: setup
	$(PY) manage.py run_worker

test: setup
	$(PY) -m pytest

test-fast: $(STAMP)
	$(PY) -m pytest -x -q -m "not browser and not slow"

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# Every goal of issue #15 in one table, from quick runs of the bench scripts (a few minutes);
# BENCH_FLAGS=--full for the goals' own sizes (about 40 minutes). Each script also runs alone.
bench: $(STAMP)
	$(PY) bench/bench_all.py $(BENCH_FLAGS)

# Quality figures of the engine and of grouping: the labelled fictional sets, and the real
# development sets in ../shared/devset/ when they are there (the scripts skip without them).
eval: $(STAMP)
	@set -e; for f in scripts/eval_*.py; do echo "== $$f"; $(PY) $$f; done

clean:
	rm -rf $(VENV) .pytest_cache staticfiles
