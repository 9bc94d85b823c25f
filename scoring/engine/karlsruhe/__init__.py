"""Austrian Tarock as played in Karlsruhe (RULES-karlsruhe.md): 4 or 5 at a table, four active,
no cups, the Radl derived from the deal history. The family's ``FAMILY`` answers the protocol of
``families.py``.

The modules, each the one place of its rules: ``model`` (the deal and evening, seats, counts in
thirds), ``rates`` (§8, every number), ``validate`` (§9), ``settle`` (§5-§7: terms, formula, Radl,
entries), ``interchange`` (§11), ``stats`` (per-player figures), ``generate`` (random valid deals),
``problems`` (the family's message codes)."""
from __future__ import annotations

from typing import Any, Mapping

from ..families import Family
from ..ledger import zero_sum_money
from . import interchange, model, problems, rates, settle, stats, validate

#: The family's own message codes (Danish, English), registered when ``problems`` is imported.
CODES = problems.CATALOGUE


def _card_base(card: Any) -> rates.RateCard | None:
    """A club's copy may change any number (§8): every Karlsruhe card is a copy of the built-in one."""
    return rates.KARLSRUHE if isinstance(card, rates.RateCard) else None


def _owns_card(data: Any) -> bool:
    """A card of §8's shape (a club's copy under a name of its own)."""
    return isinstance(data, Mapping) and "win_above" in data and "schneider_max" in data


FAMILY = Family(
    name="karlsruhe",
    players=(4, 5),
    pots=(),
    cups=(),
    cups_of=lambda card: (),
    needs_history=True,
    rate_cards=rates.RATE_CARDS,
    default_card=rates.DEFAULT_RATE_CARD,
    card_from_dict=rates.RateCard.from_dict,
    owns_card=_owns_card,
    card_base=_card_base,
    parse_evening=interchange.parse_evening,
    parse_deal=interchange.parse_deal,
    deal_to_dict=interchange.deal_to_dict,
    evening_to_dict=interchange.evening_to_dict,
    validate_players=validate.validate_players,
    validate_deal=validate.validate_deal,
    settle_opening=settle.settle_opening,
    settle_deal=settle.settle_deal,
    settle_split=settle.settle_split,
    state_before=settle.state_before,
    settle_evening=settle.settle_evening,
    make_evening=model.Evening,
    seating=model.seating,
    dealer_after=model.dealer_after,
    deal_stats=stats.deal_stats,
    money=zero_sum_money,
    played_kinds=("played",),
    summary_figures=(),
)
