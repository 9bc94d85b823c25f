# Tarokklub — the README's two commands live here: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint test-engine bench load install clean messages debs-app debs-test

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

## Install, migrate, load the demo data and serve on http://127.0.0.1:8000 (SQLite), with DEBUG on (local use only);
## the worker runs beside it (the players' mails, written to the console unless EMAIL_HOST is set, and the long reports).
run: export DEBUG = 1
run: $(STAMP) debs-app
	$(PY) manage.py migrate --noinput
	if $(PY) manage.py help seed_demo >/dev/null 2>&1; then $(PY) manage.py seed_demo; fi
# the worker beside the server (the players' sheets, the long reports: scoring/worker.py), stopped with it
	$(PY) manage.py worker --every 10 & worker=$$!; trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
		$(PY) manage.py runserver 127.0.0.1:8000

# Debian packages, installed when missing (scripts/debian-packages): what the app needs (WeasyPrint's
# Pango and the PDFs' fonts: DejaVu, then Noto for the scripts DejaVu lacks and Noto CJK for Chinese,
# Japanese, Korean and the full-width forms, so that any name prints; only the glyphs used are
# embedded), and what the tests add: Chromium for the browser tests
# (Playwright drives Debian's, it never downloads a browser), gettext for the catalogues
# (makemessages, compilemessages, msgfmt --check) and poppler-utils for the PDF tests (pdftotext,
# pdftoppm). PostgreSQL is installed by scripts/with-postgres when it is missing.
APP_DEBS := libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core fonts-noto-core fonts-noto-cjk
TEST_DEBS := $(APP_DEBS) chromium gettext poppler-utils

debs-app:
	scripts/debian-packages $(APP_DEBS)

debs-test:
	scripts/debian-packages $(TEST_DEBS)

MESSAGES_IGNORE := --ignore=.venv --ignore=tests --ignore=staticfiles --ignore=bench --ignore=docs \
	--ignore=fixtures --ignore=scripts

## Collect the Danish msgids into locale/{da,en,de,sl}/LC_MESSAGES/django.po (English, German and Slovenian
## are translated there, the one source: fill each new msgstr in all three, never leave a fuzzy entry), then
## compile the .mo files.
messages: $(STAMP) debs-test
	$(PY) manage.py makemessages -l da -l en -l de -l sl --no-location --no-obsolete $(MESSAGES_IGNORE)
	$(PY) manage.py compilemessages --ignore=.venv

## The linter (ruff, settings in pyproject.toml): `make lint`; `make test` runs it first.
lint: $(STAMP)
	$(VENV)/bin/ruff check .

## Install everything the tests need, lint, and run the whole suite in three runs side by side
## (scripts/test-suites, each line prefixed with its run): on SQLite, on PostgreSQL, and the browser
## tests as deployed (tests/browser/ under tests/settings_production.py, DEBUG off).
test: $(STAMP) debs-test lint
	PY=$(PY) scripts/test-suites

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
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache
