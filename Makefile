# Frontier: everything a newcomer needs is a target here. Only Python 3.11+ is required.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := DJANGO_DEBUG=1 $(PY) manage.py
TEST_DATABASE_URL ?= postgres://root@127.0.0.1:5432/test
PORT ?= 8000

.PHONY: install compile run serve test test-sqlite test-postgres test-fast lint format fuzz-api bench bench-club worker beat clean

$(VENV)/.installed: requirements/base.txt requirements/production.txt requirements/dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements/dev.txt
	touch $@

## make install also compiles Moosehead's playout (make compile), and goes on without it when that
## fails (no C compiler, say): the odds are then about twice as slow, never different
install: $(VENV)/.installed
	@$(PY) deploy/compile.py --optional

## make compile: Moosehead's compact playout compiled by mypyc into a C extension beside its source
## (deploy/compile.py; needs a C compiler; a failure is an error here). Nothing to do when built
## from the current source; a build from an older source is never loaded
compile: $(VENV)/.installed
	$(PY) deploy/compile.py

## make run: install, migrate, load the demo campaign, serve on http://127.0.0.1:8000
## (another port: PORT=8001 make run); e-mails are printed here, not sent
run: install
	$(MANAGE) migrate --noinput
	$(MANAGE) load_demo
	FRONTIER_BASE_URL=http://127.0.0.1:$(PORT) $(MANAGE) runserver 127.0.0.1:$(PORT)

## make test: lint, the whole suite on SQLite, then the database tests on PostgreSQL; each pass
## runs on TEST_WORKERS processes (pytest-xdist, a database and a Redis database each) and prints
## its 25 slowest tests. make test-fast: the SQLite pass without the tests marked `slow`.
TEST_WORKERS ?= 2
PYTEST := $(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup --durations=25
test: install lint test-sqlite test-postgres

test-sqlite: install
	$(PYTEST)

test-postgres: install
	DATABASE_URL=$(TEST_DATABASE_URL) $(PYTEST) -m "db and not browser"

test-fast: install
	$(PYTEST) -m "not slow"

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: install
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

## make fuzz-api: schemathesis against a server of the demo (a fresh SQLite file), signed in as
## alice: every status code and content type answered must be in the schema (tests/test_api_schema.py
## runs the same checks with a few examples per operation; FUZZ_EXAMPLES, FUZZ_PORT)
FUZZ_EXAMPLES ?= 30
FUZZ_PORT ?= 8099
FUZZ_DB := sqlite:////tmp/frontier-fuzz-api.sqlite3
fuzz-api: install
	rm -f /tmp/frontier-fuzz-api.sqlite3
	DATABASE_URL=$(FUZZ_DB) $(MANAGE) migrate --noinput -v0
	DATABASE_URL=$(FUZZ_DB) $(MANAGE) load_demo
	token=$$(DATABASE_URL=$(FUZZ_DB) $(MANAGE) drf_create_token alice | awk '{print $$3}'); \
	DATABASE_URL=$(FUZZ_DB) $(MANAGE) runserver 127.0.0.1:$(FUZZ_PORT) --noreload >/dev/null 2>&1 & \
	server=$$!; trap "kill $$server" EXIT; \
	$(VENV)/bin/schemathesis run http://127.0.0.1:$(FUZZ_PORT)/api/schema/ --wait-for-schema 30 \
		-c status_code_conformance,content_type_conformance,not_a_server_error \
		-H "Authorization: Token $$token" --max-examples $(FUZZ_EXAMPLES) \
		--phases examples,coverage,fuzzing --continue-on-failure

## make bench: query counts and timings (speed targets live here, never in timed tests)
bench: install
	$(PY) bench/run.py

## make bench-club: a club night for 1, 10 and 50 clubs on gunicorn, the event process,
## PostgreSQL, Redis and a worker, the tables on streams (CLUB_DATABASE_URL, CLUB_REDIS_URL,
## CLUB_PORT, CLUB_EVENTS_PORT, CLUB_SECONDS; `--poll` by hand: the tables poll; docs/speed.md)
bench-club: install
	$(PY) bench/club_night.py --clubs 1 10 50

## make worker: a Celery worker for the queues `celery` (ratings, rankings, the sweep), `odds`, `lab`
## and `mail` (e-mails, turn alerts) (needs REDIS_URL; a club server runs one worker per queue:
## docs/club-server/README.md)
worker: install
	$(VENV)/bin/celery -A config worker -Q celery,odds,lab,mail --loglevel=info

## make serve: the club server as one command: the Procfile (gunicorn, the event process, a worker
## per queue, beat) run by honcho, every process with this shell's variables (DATABASE_URL,
## REDIS_URL, ...; a `.env` file too); gunicorn on 127.0.0.1:$(PORT), the event process on 8001.
## Needs the production install and `manage.py migrate` done (docs/club-server/README.md). Ctrl-C
## stops them all.
serve:
	$(VENV)/bin/honcho start -f Procfile --port $(PORT)

## make beat: the one periodic scheduler (the sweep of stale ratings and lost jobs; needs REDIS_URL)
beat: install
	$(VENV)/bin/celery -A config beat --loglevel=info

clean:
	rm -rf $(VENV) staticfiles build chase/engines/moosehead/compact_*.so
