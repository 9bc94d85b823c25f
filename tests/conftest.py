import os
from pathlib import Path

import pytest
from hypothesis import settings

# Hypothesis's per-example deadline is a timing assertion: on a loaded two-core CI machine it fails
# examples that are merely slow. Speed lives in `make bench`; the properties only check meaning.
settings.register_profile("tarokklub", deadline=None)
settings.load_profile("tarokklub")

ROOT = Path(__file__).resolve().parent.parent

#: The browser tests (tests/browser/) run the app as deployed, under the production settings, which
#: are fixed per process (tests/settings_production.py): a pytest run of their own, which `make test`
#: runs beside the SQLite and PostgreSQL runs (scripts/test-suites). The ordinary run leaves them out,
#: and the production run holds only them.
PRODUCTION_SETTINGS = "tests.settings_production"
BROWSER_TESTS = ROOT / "tests" / "browser"


def pytest_ignore_collect(collection_path, config):
    production = os.environ.get("DJANGO_SETTINGS_MODULE") == PRODUCTION_SETTINGS or config.getoption("ds") == PRODUCTION_SETTINGS
    inside = collection_path == BROWSER_TESTS or BROWSER_TESTS in collection_path.parents
    if production:
        # the production run: the browser tests, and the folders above them on the way there
        return not (inside or collection_path in BROWSER_TESTS.parents) or None
    return inside or None


#: The golden evenings and their expected settlements: the project's own test data (every family).
GOLDEN = ROOT / "tests" / "golden"


def golden_files() -> list[Path]:
    """Every top-level golden evening (the Danish VLK ones) that has an expected settlement."""
    return sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))


def settle(*args):
    """``manage.py settle ARGS`` run in this process, answering as ``subprocess.run`` would
    (``returncode``, ``stdout``, ``stderr``): starting Django anew for each file cost two seconds a
    test. tests/web/test_settle_command.py runs it as a process of its own too, for the exit status,
    the streams and standard input a shell sees."""
    import io
    from types import SimpleNamespace

    from django.core.management import call_command

    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("settle", *map(str, args), stdout=out, stderr=err)
        code = 0
    except SystemExit as exit:
        code = exit.code
    return SimpleNamespace(returncode=code, stdout=out.getvalue(), stderr=err.getvalue())


@pytest.fixture
def golden_dir() -> Path:
    return GOLDEN


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """SQLite tests run on a file, as the app does (WAL and locking only exist for a file; the
    live-server concurrency tests need both). One file per test process, so that several test runs
    on one machine never share it; it is removed with its -wal/-shm files at the end."""
    import os
    import tempfile

    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        name = os.path.join(tempfile.gettempdir(), f"tarokklub-test-{os.getpid()}.sqlite3")
        database.setdefault("TEST", {})["NAME"] = name
        yield
        for suffix in ("", "-wal", "-shm", "-journal"):
            try:
                os.remove(name + suffix)
            except FileNotFoundError:
                pass
    else:
        yield


#: What a test that uses the database asks pytest-django for (directly or through other fixtures).
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "live_server", "django_db_reset_sequences",
                               "django_db_serialized_rollback"})


def uses_database(item) -> bool:
    return item.get_closest_marker("django_db") is not None or bool(
        DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


def runs_on_every_database(item) -> bool:
    """Whether the PostgreSQL run repeats ``item``: a test that uses the database in a module
    marked ``every_database`` — one that tests the database's own behaviour (locks, races,
    constraints, triggers, the ledger's writes, the queries of the standings, reports and exports,
    the migrations). A page, a form, a word or a permission is the same view rendering the same
    rows on either database, so the SQLite run alone tests it; so is what a browser shows."""
    return uses_database(item) and item.get_closest_marker("every_database") is not None \
        and item.get_closest_marker("browser") is None


def pytest_collection_modifyitems(config, items):
    """`make test` runs the suite on SQLite and on PostgreSQL side by side (scripts/test-suites). A
    test that uses no database (the engine's, the commands that read only files, the catalogues)
    answers the same on both, and so do a page, a form and a browser test (``runs_on_every_database``), so the
    PostgreSQL run (DATABASE_TESTS_ONLY=1) leaves them to the SQLite run instead of doing the very
    same work twice. pytest-django refuses database access to a test that did not ask for it, so
    none can slip through."""
    import os

    if os.environ.get("DATABASE_TESTS_ONLY") != "1":
        return
    kept = [item for item in items if runs_on_every_database(item)]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if not runs_on_every_database(item)])
        items[:] = kept
