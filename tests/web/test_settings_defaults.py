"""Production is the default: DEBUG is off unless the environment turns it on, and
without DEBUG the application does not start without a SECRET_KEY. Each case runs in a fresh
interpreter with a clean environment, as a plain `gunicorn tarokklub.wsgi` would."""
import os
import subprocess
import sys

from tests.conftest import GOLDEN, ROOT


def run(args, **env):
    clean = {"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "tarokklub.settings", **env}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=clean, capture_output=True, text=True)


def test_debug_is_off_unless_the_environment_turns_it_on():
    code = ("from django.conf import settings;"
            "print(settings.DEBUG, settings.SECURE_SSL_REDIRECT, settings.SESSION_COOKIE_SECURE)")
    result = run(["-c", code], SECRET_KEY="k" * 50)
    assert result.stdout.split() == ["False", "True", "True"], result.stderr


def test_without_a_secret_key_the_application_refuses_to_start():
    result = run(["-m", "gunicorn", "--check-config", "tarokklub.wsgi"])
    assert result.returncode != 0 and "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_local_use_turns_debug_on_and_needs_no_secret_key():
    result = run(["-m", "gunicorn", "--check-config", "tarokklub.wsgi"], DEBUG="1")
    assert result.returncode == 0, result.stderr
    assert run(["-c", "from django.conf import settings; print(settings.DEBUG)"], DEBUG="1").stdout == "True\n"


def test_commands_that_need_no_key_run_in_a_clean_environment():
    result = run(["manage.py", "settle", str(GOLDEN / "three-players-basic.json"), "--json"])
    assert result.returncode == 0, result.stderr


def test_make_run_and_make_bench_turn_debug_on():
    makefile = (ROOT / "Makefile").read_text()
    assert "run: export DEBUG = 1" in makefile and "bench: export DEBUG = 1" in makefile


def test_mail_goes_to_the_console_unless_the_environment_names_an_smtp_server():
    code = ("from django.conf import settings;"
            "print(settings.EMAIL_BACKEND, settings.EMAIL_HOST or '-', settings.EMAIL_PORT, settings.EMAIL_USE_TLS,"
            " settings.EMAIL_USE_SSL, settings.DEFAULT_FROM_EMAIL)")
    assert run(["-c", code], DEBUG="1").stdout.split() == [
        "django.core.mail.backends.console.EmailBackend", "-", "587", "True", "False", "tarokklub@localhost"]
    smtp = run(["-c", code], DEBUG="1", EMAIL_HOST="smtp.example.org", EMAIL_PORT="465", EMAIL_USE_SSL="1",
               DEFAULT_FROM_EMAIL="klub@example.org")
    assert smtp.stdout.split() == ["django.core.mail.backends.smtp.EmailBackend", "smtp.example.org", "465",
                                   "False", "True", "klub@example.org"], smtp.stderr


def test_make_run_starts_the_worker_beside_the_server():
    recipe = (ROOT / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "manage.py worker --every" in recipe and "runserver" in recipe


def test_the_application_hashes_passwords_slowly_though_the_tests_do_not():
    """tests/settings.py swaps in the cheap hasher for speed; the application keeps a slow one."""
    code = "from django.conf import settings; print(settings.PASSWORD_HASHERS[0])"
    result = run(["-c", code], SECRET_KEY="k" * 50)
    assert result.stdout.strip() in {"django.contrib.auth.hashers.PBKDF2PasswordHasher",
                                     "django.contrib.auth.hashers.Argon2PasswordHasher",
                                     "django.contrib.auth.hashers.ScryptPasswordHasher"}, result.stderr
