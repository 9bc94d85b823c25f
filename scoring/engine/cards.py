"""Checks of a rate card's JSON and fields, for every family whose card is read whole (docs/format.md
``rate_card``): an object holding exactly its keys, a pair of two numbers, whole numbers 0 or more.
Each raises ``ValueError`` "field: message" naming the first field that is wrong."""
from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable, Mapping


def exact_keys(data: Any, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """``data`` as an object holding exactly ``keys``."""
    prefix = f"{where}." if where else ""
    if not isinstance(data, Mapping):
        raise ValueError(f"{where or 'rate_card'}: must be an object")
    for key in data:
        if key not in keys:
            raise ValueError(f"{prefix}{key}: unknown field")
    for key in keys:
        if key not in data:
            raise ValueError(f"{prefix}{key}: required")
    return dict(data)


def pair(value: Any, where: str, words: str) -> tuple:
    """``value`` as a pair; ``words`` says what its two numbers are (``"[silent, announced]"``)."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError(f"{where}: must be a list of two numbers {words}")
    return tuple(value)


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def check_card(card: Any, field_path: Mapping[str, str], pair_words: Callable[[str], str]) -> None:
    """Texts ``name`` and ``title`` non-empty, every other field a whole number 0 or more or a pair
    of them; ``field_path`` gives a field's JSON path for the message (the field's name if absent),
    ``pair_words(path)`` what a pair's two numbers are."""
    for name in ("name", "title"):
        value = getattr(card, name)
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{name}: must be a non-empty text")
    for f in fields(card):
        if f.name in ("name", "title"):
            continue
        value = getattr(card, f.name)
        where = field_path.get(f.name, f.name)
        if isinstance(value, tuple):
            if len(value) != 2:
                raise ValueError(f"{where}: must be a list of two numbers {pair_words(where)}")
            for i, part in enumerate(value, 1):
                if not is_whole(part):
                    raise ValueError(f"{where}[{i}]: must be a whole number, 0 or more (got {part!r})")
        elif not is_whole(value):
            raise ValueError(f"{where}: must be a whole number, 0 or more (got {value!r})")


class WholeNumbersCard:
    """A mixin for a frozen dataclass of a rate card that is its ``name``, ``title`` and whole numbers
    (or pairs of them) by field: checked when made (``check_card``), written and read as an object of
    exactly its fields (``to_dict``, ``from_dict``). A card of another shape writes its own."""

    def __post_init__(self) -> None:
        check_card(self, {}, lambda where: "")

    def to_dict(self) -> dict[str, Any]:
        return {f.name: list(value) if isinstance(value := getattr(self, f.name), tuple) else value
                for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any):
        values = exact_keys(data, "", tuple(f.name for f in fields(cls)))
        return cls(**{key: tuple(value) if isinstance(value, list) else value for key, value in values.items()})
