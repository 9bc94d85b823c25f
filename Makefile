# Tarokklub — the README's two commands live here: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test test-engine bench load install clean messages

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

## Install, migrate, load the demo data and serve on http://127.0.0.1:8000 (SQLite), with DEBUG on (local use only).
run: export DEBUG = 1
run: $(STAMP)
	$(PY) manage.py migrate --noinput
	if $(PY) manage.py help seed_demo >/dev/null 2>&1; then $(PY) manage.py seed_demo; fi
	$(PY) manage.py runserver 127.0.0.1:8000

CHROMIUM := /usr/bin/chromium

# Debian's Chromium drives the browser tests (Playwright uses it; it never downloads a browser).
$(CHROMIUM):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

MSGFMT := /usr/bin/msgfmt

# Debian's gettext: makemessages, compilemessages and the catalogue test (msgfmt --check --statistics).
$(MSGFMT):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null

MESSAGES_IGNORE := --ignore=.venv --ignore=tests --ignore=staticfiles --ignore=bench --ignore=docs \
	--ignore=fixtures --ignore=scripts

## Collect the Danish msgids into locale/{da,en}/LC_MESSAGES/django.po (English is translated there, the one
## source: fill each new msgstr, never leave a fuzzy entry), then compile the .mo files.
messages: $(STAMP) $(MSGFMT)
	$(PY) manage.py makemessages -l da -l en --no-location --no-obsolete $(MESSAGES_IGNORE)
	$(PY) manage.py compilemessages --ignore=.venv

## Install everything the tests need and run the whole suite on SQLite, then on PostgreSQL.
test: $(STAMP) $(CHROMIUM) $(MSGFMT)
	$(PY) -m pytest
	scripts/with-postgres $(PY) -m pytest -p no:cacheprovider

test-engine: $(STAMP)
	$(PY) -m pytest tests/engine

## Benchmarks with budgets, on SQLite and on PostgreSQL; figures in bench/results.json (BENCH=--quick for a short run).
bench: export DEBUG = 1
bench: $(STAMP)
	$(PY) manage.py bench $(BENCH)
	scripts/with-postgres $(PY) manage.py bench $(BENCH)

## Bounded load test: 20 tables over HTTP against gunicorn + PostgreSQL for 60 s, then check_ledger.
load: $(STAMP)
	scripts/with-postgres $(PY) scripts/load.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
