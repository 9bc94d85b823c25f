"""The operator's health endpoint (django-health-check): database, disk, migrations; no login, the details
for staff only."""
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scoring import health


@pytest.fixture
def anonymous(db):
    return Client()


@pytest.fixture
def staff(db):
    client = Client()
    client.force_login(get_user_model().objects.create_user("operator", is_staff=True))
    return client


def by_check(answer) -> dict:
    return {name.split("(")[0]: text for name, text in json.loads(answer.content).items()}


def test_health_answers_ok_without_a_login(anonymous):
    answer = anonymous.get("/health/", HTTP_ACCEPT="application/json")
    assert answer.status_code == 200
    checks = json.loads(answer.content)
    assert checks == {"Database": "OK", "DiskSpace": "OK", "MigrationsApplied": "OK"}   # the names alone


def test_health_page_is_plain_html_with_no_inline_style(anonymous):
    answer = anonymous.get("/health/", HTTP_ACCEPT="text/html")
    assert answer.status_code == 200
    assert b"<style" not in answer.content and b"style=" not in answer.content
    assert answer["Cache-Control"].startswith("max-age=0")


def test_health_as_text_for_a_shell_probe(anonymous):
    answer = anonymous.get("/health/?format=text")
    assert answer.status_code == 200
    assert answer.content.decode().count(": OK") == 3


def test_a_full_disk_answers_500_naming_the_folder_to_staff_only(anonymous, staff, monkeypatch, tmp_path):
    monkeypatch.setattr(health, "disk_paths", lambda: (str(tmp_path),))
    monkeypatch.setenv("HEALTH_DISK_MIN_FREE_MB", str(10 ** 12))   # more than any disk has
    answer = staff.get("/health/?format=json")
    assert answer.status_code == 500
    disk = by_check(answer)["DiskSpace"]
    assert str(tmp_path) in disk and "MB free" in disk
    assert f"DiskSpace(paths=('{tmp_path}',))" in staff.get("/health/?format=text").content.decode()
    for format in ("json", "text", "html", "openmetrics"):   # every format reads the same results
        answer = anonymous.get(f"/health/?format={format}")
        assert answer.status_code == (200 if format == "openmetrics" else 500)
        assert str(tmp_path) not in answer.content.decode() and b"MB free" not in answer.content
    assert by_check(anonymous.get("/health/?format=json")) == {
        "Database": "OK", "DiskSpace": "Unavailable: details for staff only", "MigrationsApplied": "OK"}


def test_a_read_only_folder_fails_the_disk_check(monkeypatch, tmp_path):
    monkeypatch.setattr(health.os, "access", lambda path, mode: False)
    with pytest.raises(health.ServiceUnavailable, match="cannot be written"):
        health.DiskSpace(paths=(str(tmp_path),)).run()


def test_a_missing_migration_fails_the_migrations_check(staff, monkeypatch):
    class Pending:
        app_label, name = "scoring", "9999_future"

    monkeypatch.setattr(health.MigrationExecutor, "migration_plan", lambda self, targets: [(Pending, False)])
    answer = staff.get("/health/?format=json")
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
