"""The operator's health endpoint (django-health-check): database, disk, migrations; no login."""
import json

import pytest
from django.test import Client

from scoring import health


@pytest.fixture
def anonymous(db):
    return Client()


def test_health_answers_ok_without_a_login(anonymous):
    answer = anonymous.get("/health/", HTTP_ACCEPT="application/json")
    assert answer.status_code == 200
    checks = json.loads(answer.content)
    assert set(checks.values()) == {"OK"}
    assert any(name.startswith("Database") for name in checks)
    assert any(name.startswith("DiskSpace") for name in checks)
    assert any(name.startswith("MigrationsApplied") for name in checks)


def test_health_page_is_plain_html_with_no_inline_style(anonymous):
    answer = anonymous.get("/health/", HTTP_ACCEPT="text/html")
    assert answer.status_code == 200
    assert b"<style" not in answer.content and b"style=" not in answer.content
    assert answer["Cache-Control"].startswith("max-age=0")


def test_health_as_text_for_a_shell_probe(anonymous):
    answer = anonymous.get("/health/?format=text")
    assert answer.status_code == 200
    assert answer.content.decode().count(": OK") == 3


def test_a_full_disk_answers_500_naming_the_folder(anonymous, monkeypatch, tmp_path):
    monkeypatch.setattr(health, "disk_paths", lambda: (str(tmp_path),))
    monkeypatch.setenv("HEALTH_DISK_MIN_FREE_MB", str(10 ** 12))   # more than any disk has
    answer = anonymous.get("/health/?format=json")
    assert answer.status_code == 500
    disk = next(v for k, v in json.loads(answer.content).items() if k.startswith("DiskSpace"))
    assert str(tmp_path) in disk and "MB free" in disk


def test_a_read_only_folder_fails_the_disk_check(monkeypatch, tmp_path):
    monkeypatch.setattr(health.os, "access", lambda path, mode: False)
    with pytest.raises(health.ServiceUnavailable, match="cannot be written"):
        health.DiskSpace(paths=(str(tmp_path),)).run()


def test_a_missing_migration_fails_the_migrations_check(anonymous, monkeypatch):
    class Pending:
        app_label, name = "scoring", "9999_future"

    monkeypatch.setattr(health.MigrationExecutor, "migration_plan", lambda self, targets: [(Pending, False)])
    answer = anonymous.get("/health/?format=json")
    assert answer.status_code == 500
    text = next(v for k, v in json.loads(answer.content).items() if k.startswith("MigrationsApplied"))
    assert "1 migrations not applied: scoring.9999_future" in text


def test_a_database_that_does_not_answer_fails_the_database_check(anonymous, monkeypatch):
    from django.db.backends.base.base import BaseDatabaseWrapper
    from django.db.utils import OperationalError

    def refuse(self):
        raise OperationalError("unable to open database file")

    monkeypatch.setattr(BaseDatabaseWrapper, "temporary_connection", refuse)
    answer = anonymous.get("/health/?format=json")
    assert answer.status_code == 500
    assert "Unavailable" in next(v for k, v in json.loads(answer.content).items() if k.startswith("Database"))
