"""The PostgreSQL run repeats only the modules marked ``every_database`` (tests/conftest.py,
docs/testing.md): a test that skips itself unless the database is PostgreSQL, in a module without
the mark, would run in no lane at all."""
import re

from tests.conftest import ROOT

#: How the suite says "only on PostgreSQL": a skip on the vendor, or a skip naming the PostgreSQL run.
POSTGRES_ONLY = re.compile(r'vendor\s*!=\s*"postgresql"|on the PostgreSQL run')


def test_every_test_that_only_postgresql_runs_is_in_a_module_the_postgresql_run_repeats():
    unmarked = [str(path.relative_to(ROOT)) for folder in ("tests/web", "tests/migration")
                for path in sorted((ROOT / folder).glob("test_*.py"))
                if POSTGRES_ONLY.search(text := path.read_text(encoding="utf-8")) and "every_database" not in text]
    assert unmarked == []


def test_every_test_file_is_in_a_run_of_make_test():
    """`make test` (scripts/test-suites) runs named folders: a test file anywhere else would run in none."""
    runs = (ROOT / "scripts" / "test-suites").read_text(encoding="utf-8")
    named = set(re.findall(r"\btests/[\w/.]+", runs))
    files = {path.relative_to(ROOT).as_posix() for path in (ROOT / "tests").rglob("test_*.py")}
    outside = sorted(f for f in files if not any(f == n or f.startswith(n.rstrip("/") + "/") for n in named))
    assert outside == []
