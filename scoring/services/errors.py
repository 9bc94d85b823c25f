"""The one domain error of the services (``RecordingError`` and the kinds a page answers with
its own status), each problem naming its field."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from django.utils.translation import gettext as _

from scoring.engine.problems import Problem
from scoring.language import engine_language


@dataclass(frozen=True)
class FieldError:
    deal: int | None
    field: str
    message: str

    def __str__(self) -> str:
        prefix = f"{_('spil')} {self.deal}: " if self.deal is not None else ""
        return f"{prefix}{self.field}: {self.message}" if self.field else f"{prefix}{self.message}"


class RecordingError(Exception):
    """The one domain error of the services: every problem found, each naming its field."""

    http_status = 422   # what a page answers with this error (its subclasses: 409, 403)

    def __init__(self, errors: Iterable[FieldError]):
        self.errors = tuple(errors)
        super().__init__("; ".join(str(e) for e in self.errors))

    @classmethod
    def single(cls, field: str, message: str, deal: int | None = None) -> "RecordingError":
        return cls([FieldError(deal, field, message)])

    @classmethod
    def from_problems(cls, problems: Iterable[Problem]) -> "RecordingError":
        lang = engine_language()
        return cls([FieldError(p.deal, p.field, p.message(lang)) for p in problems])


class StaleTableError(RecordingError):
    """Someone else recorded on this table since the form was shown."""

    http_status = 409


class EveningClosedError(RecordingError):
    """The evening was closed (perhaps a moment ago, by another phone); nothing can be recorded."""

    http_status = 403


class BusyError(RecordingError):
    """A write lost a race with other writes several times (``submissions.write``); nothing saved."""

    http_status = 409
