from pathlib import Path

import pytest
from hypothesis import settings

# Hypothesis's per-example deadline is a timing assertion: on a loaded two-core CI machine it fails
# examples that are merely slow. Speed lives in `make bench`; the properties only check meaning.
settings.register_profile("tarokklub", deadline=None)
settings.load_profile("tarokklub")

ROOT = Path(__file__).resolve().parent.parent
#: The golden evenings and their expected settlements: the project's own test data (every family).
GOLDEN = ROOT / "tests" / "golden"


def golden_files() -> list[Path]:
    """Every top-level golden evening (the Danish VLK ones) that has an expected settlement."""
    return sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))


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
