"""The operator's health endpoint (/health/, django-health-check): the database answers, the disk
has room and can be written, and every migration is applied. 200 when all pass, 500 naming the
failing check otherwise (JSON with ``Accept: application/json`` or ``?format=json``, one line a
check with ``?format=text``). It needs no login and shows no club's data; only a staff login sees
what the checks are about (the install's folders, the error's words), anyone else each check's name
and whether it passed."""
from __future__ import annotations

import dataclasses
import os
import shutil
import tempfile
from pathlib import Path

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.db import connections
from django.db.migrations.executor import MigrationExecutor
from health_check.base import HealthCheck, HealthCheckResult
from health_check.exceptions import ServiceUnavailable
from health_check.views import HealthCheckView


def disk_paths() -> tuple[str, ...]:
    """Where the app writes: the SQLite database's folder (when it is SQLite) and the temporary
    folder, where an upload too large for memory is spooled."""
    paths = [tempfile.gettempdir()]
    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3") and str(database["NAME"]) not in ("", ":memory:"):
        paths.insert(0, str(Path(database["NAME"]).parent))
    return tuple(dict.fromkeys(paths))


@dataclasses.dataclass
class DiskSpace(HealthCheck):
    """Each folder the app writes to exists, can be written and has at least ``min_free_mb`` free: a
    full or read-only disk is the one failure that stops every recording at once."""

    paths: tuple[str, ...] = dataclasses.field(default_factory=lambda: disk_paths())
    min_free_mb: int = dataclasses.field(
        default_factory=lambda: int(os.environ.get("HEALTH_DISK_MIN_FREE_MB", "100")), repr=False)

    def run(self) -> None:
        for path in self.paths:
            if not os.path.isdir(path):
                raise ServiceUnavailable(f"{path} is missing")
            if not os.access(path, os.W_OK):
                raise ServiceUnavailable(f"{path} cannot be written")
            free_mb = shutil.disk_usage(path).free // (1024 * 1024)
            if free_mb < self.min_free_mb:
                raise ServiceUnavailable(f"{path}: {free_mb} MB free, under {self.min_free_mb} MB")


@dataclasses.dataclass
class MigrationsApplied(HealthCheck):
    """Every migration of the code that runs is applied to the database (a deployment that skipped
    ``manage.py migrate`` fails here before the first request that needs the new columns)."""

    alias: str = "default"

    def run(self) -> None:
        connection = connections[self.alias]
        try:
            executor = MigrationExecutor(connection)
            pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
        finally:
            connection.close()    # this check runs in a worker thread: its connection is its own
        if pending:
            names = ", ".join(f"{migration.app_label}.{migration.name}" for migration, _ in pending[:5])
            raise ServiceUnavailable(f"{len(pending)} migrations not applied: {names}")


CHECKS = ("health_check.checks.Database", DiskSpace, MigrationsApplied)

class Named:
    """A check as shown to anyone but staff: its name, none of its fields (``DiskSpace``, not
    ``DiskSpace(paths=(…))``)."""

    def __init__(self, check: HealthCheck):
        self.name = type(check).__name__

    def __repr__(self) -> str:
        return self.name

    @property
    def labels(self) -> dict[str, str]:
        return {"check": self.name}


def undisclosed(result: HealthCheckResult) -> HealthCheckResult:
    """``result`` without what it tells about the install: the check's name, passed or failed."""
    error = result.error
    if error is not None:
        error = type(error)("details for staff only", timestamp=error.timestamp)
    return HealthCheckResult(check=Named(result.check), error=error, time_taken=result.time_taken)


class HealthView(HealthCheckView):
    """The library's view, its results shown in full to staff only, in every format it answers in
    (each reads ``results``)."""

    async def get(self, request, *args, **kwargs):
        user = await request.auser()
        self.disclosed = user.is_active and user.is_staff
        return await super().get(request, *args, **kwargs)

    @property
    def results(self) -> list[HealthCheckResult]:
        return self._results if self.disclosed else [undisclosed(r) for r in self._results]

    @results.setter
    def results(self, value) -> None:
        self._results = value


health = login_not_required(HealthView.as_view(checks=CHECKS, template_name="scoring/health.html"))
