# Frontier: everything a newcomer needs is a target here. Only Python 3.11+ is required.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := DJANGO_DEBUG=1 $(PY) manage.py
TEST_DATABASE_URL ?= postgres://root@127.0.0.1:5432/test
PORT ?= 8000

.PHONY: install run test test-sqlite test-postgres lint format bench bench-club worker beat clean

$(VENV)/.installed: requirements/base.txt requirements/production.txt requirements/dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements/dev.txt
	touch $@

install: $(VENV)/.installed

## make run: install, migrate, load the demo campaign, serve on http://127.0.0.1:8000
## (another port: PORT=8001 make run); e-mails are printed here, not sent
run: install
	$(MANAGE) migrate --noinput
	$(MANAGE) load_demo
	FRONTIER_BASE_URL=http://127.0.0.1:$(PORT) $(MANAGE) runserver 127.0.0.1:$(PORT)

## make test: lint, the whole suite on SQLite, then the database tests on PostgreSQL
test: install lint test-sqlite test-postgres

test-sqlite: install
	$(PY) -m pytest

test-postgres: install
	DATABASE_URL=$(TEST_DATABASE_URL) $(PY) -m pytest -m "db and not browser"

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: install
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

## make bench: query counts and timings (speed targets live here, never in timed tests)
bench: install
	$(PY) bench/run.py

## make bench-club: a club night for 1, 10 and 50 clubs on gunicorn, PostgreSQL, Redis and a
## worker (CLUB_DATABASE_URL, CLUB_REDIS_URL, CLUB_PORT, CLUB_SECONDS; docs/speed.md)
bench-club: install
	$(PY) bench/club_night.py --clubs 1 10 50

## make worker: a Celery worker for the queues `celery` (ratings, rankings, e-mails), `odds` and `lab`
## (needs REDIS_URL; a club server runs one worker per queue: docs/club-server/README.md)
worker: install
	$(VENV)/bin/celery -A config worker -Q celery,odds,lab --loglevel=info

## make beat: the one periodic scheduler (the sweep of stale ratings and lost jobs; needs REDIS_URL)
beat: install
	$(VENV)/bin/celery -A config beat --loglevel=info

clean:
	rm -rf $(VENV) staticfiles
