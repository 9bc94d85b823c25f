"""The long reports the worker makes in the background (``ReportFile``, scoring/worker.py) as a page
reads them: whether a report's scope is too long for a request, the state of the club's books a
file was made from, and each kind of file of a scope with its state."""
from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Max

from scoring.engine import bounds
from scoring.models import Club, ClubEvent, EveningEvent, ReportFile


def too_long(scope) -> bool:
    """Whether the report of ``scope`` (``selectors.season.Scope``) covers more closed evenings than a
    request may make its PDF and exports of (``bounds.SEASON_REPORT_INLINE_EVENINGS``). One query."""
    return scope.evenings().count() > bounds.SEASON_REPORT_INLINE_EVENINGS


def scope_key(scope) -> str:
    """The scope as a query that names it and the dates that made it (a season's dates changed make
    another key, so another file): ``season=3&starts=…&ends=…``, or ``date_from=…&date_to=…``."""
    if scope.season is not None:
        season = scope.season
        return f"season={season.pk}&starts={season.starts or ''}&ends={season.ends or ''}"
    return f"date_from={scope.date_from or ''}&date_to={scope.date_to or ''}"


def books_version(club: Club) -> str:
    """The state of the club's books: its latest evening event (every deal, correction, close,
    reopening and payment mark writes one) and its latest club event (every rename and merge). A
    file made at another state may say other things. Two queries."""
    evening = EveningEvent.objects.filter(evening__club=club).aggregate(last=Max("id"))["last"] or 0
    club_event = ClubEvent.objects.filter(club=club).aggregate(last=Max("id"))["last"] or 0
    return f"{evening}-{club_event}"


@dataclass(frozen=True)
class FileState:
    """One kind of file of a scope: ``none`` (not asked for at this state of the books), ``waiting``
    (asked for, the worker has not finished it), ``ready`` or ``failed`` (its reason)."""
    kind: str
    state: str
    file: ReportFile | None = None

    @property
    def waiting(self) -> bool:
        return self.state == "waiting"


def report_files(club: Club, scope, language: str, kinds) -> list[FileState]:
    """The state of each of ``kinds`` of the report of ``scope`` in ``language`` at the books' state
    now (without the files' bytes). Three queries."""
    found = {f.kind: f for f in ReportFile.objects.filter(
        club=club, scope=scope_key(scope), language=language, books=books_version(club), kind__in=list(kinds)
    ).defer("content")}
    states = []
    for kind in kinds:
        made = found.get(kind)
        if made is None:
            states.append(FileState(kind, "none"))
        elif made.ready:
            states.append(FileState(kind, "ready", made))
        elif made.problem and made.attempts >= bounds.REPORT_ATTEMPTS:
            states.append(FileState(kind, "failed", made))
        else:
            states.append(FileState(kind, "waiting", made))
    return states
