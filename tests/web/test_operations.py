"""Production settings pass ``check --deploy``; a backup restores and passes ``check_ledger``."""
import json
import os
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.db import connection

from scoring import services
from scoring.management.commands.backup import pg_environment, pg_tool
from scoring.models import Club
from tests.conftest import ROOT

pytestmark = pytest.mark.every_database


def _environment() -> dict:
    """This process's environment without what the browser tests set for themselves."""
    return {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}


def test_check_deploy_is_clean_with_production_environment():
    env = {**_environment(), "DEBUG": "0", "SECRET_KEY": "x" * 20 + "-production-secret-key-for-the-test-9876",
           "ALLOWED_HOSTS": "tarok.example.org", "DATABASE_URL": "sqlite:////tmp/tarokklub-deploy-check.sqlite3"}
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                            cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {**_environment(), "DEBUG": "0", "SECRET_KEY": ""}
    result = subprocess.run([sys.executable, "-m", "gunicorn", "--check-config", "tarokklub.wsgi"], cwd=ROOT,
                            env=env, capture_output=True, text=True)
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], cwd=ROOT,
                            env=env, capture_output=True, text=True)
    assert result.returncode != 0 and "SECRET_KEY" in result.stderr


def test_no_debug_pages_in_production():
    env = {**_environment(), "DEBUG": "0", "SECRET_KEY": "y" * 50, "ALLOWED_HOSTS": "testserver",
           "DATABASE_URL": "sqlite:////tmp/tarokklub-deploy-check.sqlite3", "SECURE_SSL_REDIRECT": "0"}
    code = ("import django, os; django.setup(); from django.test import Client; from django.conf import settings;"
            "r = Client().get('/no-such-page/', follow=False);"
            "print(settings.DEBUG, r.status_code, b'Traceback' in r.content, b'URLconf' in r.content)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                            env={**env, "DJANGO_SETTINGS_MODULE": "tarokklub.settings"})
    assert result.stdout.split() == ["False", "404", "False", "False"], result.stdout + result.stderr


def _restored_url(backup, tmp_path):
    """Restore the backup into a fresh database and return its DATABASE_URL."""
    if connection.vendor == "sqlite":
        return f"sqlite:///{backup}"
    flags, env = pg_environment()
    info = connection.connection.info
    name = f"restore_{os.getpid()}"
    subprocess.run([pg_tool("dropdb"), "--if-exists", *flags, name], env=env, check=True)
    subprocess.run([pg_tool("createdb"), *flags, name], env=env, check=True)
    subprocess.run([pg_tool("pg_restore"), "--no-owner", *flags, "-d", name, str(backup)], env=env, check=True)
    return f"postgres://{info.user}@/{name}?host={info.host}&port={info.port}"


@pytest.mark.django_db(transaction=True)
def test_backup_restores_and_the_ledger_checks_out(golden_dir, tmp_path):
    club = Club.objects.create(name="VLK")
    for name in ("three-players-basic", "five-players-double-bagud"):
        table = services.evening_import(club=club, data=json.loads((golden_dir / f"{name}.json").read_text()))
    services.evening_close(evening=table.evening)
    backup = tmp_path / "tarokklub.backup"
    call_command("backup", str(backup))
    assert backup.stat().st_size > 0
    env = {**os.environ, "DATABASE_URL": _restored_url(backup, tmp_path)}
    result = subprocess.run([sys.executable, "manage.py", "check_ledger"], cwd=ROOT, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "ledger ok: 2 table(s)" in result.stdout
    exported = subprocess.run([sys.executable, "manage.py", "export_evening", str(table.evening_id)], cwd=ROOT,
                              env=env, capture_output=True, text=True, check=True)
    assert json.loads(exported.stdout)["players"] == ["Anne", "Bent", "Carl", "Dorte", "Erik"]
