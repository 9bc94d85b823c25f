"""Engine benchmark: ``python -m families.danish.engine.bench [--quick] [--json]`` (``make bench``).

Figures, on one core:

- ``engine_deals_per_second``: ``settle_evening`` of one big random evening, which validates every
  deal (docs/rules/danish.md §5) and settles it (postings with reasons, legs, the zero-sum and cup checks).
  Before timing, the bench makes sure that the timed call does both: it must refuse the same
  evening with one broken deal, and its legs must be the reference's.
- ``reference_dict_deals_per_second``: a deliberately plain settlement of the same deals into one
  dict of legs per deal (``reference_legs``: no validation, no postings, no reasons, no checks); a
  yardstick, with ``engine_to_reference_ratio`` (engine ÷ reference).
- ``engine_100_deal_evening_ms_*``: one evening of 100 deals at five players, as a table has.

Figures only; budgets are compared by the caller (``manage.py bench``), never asserted in tests.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import replace

from .generate import random_evening
from .model import Account, Cup, Deal, DealKind, Evening, Fate, FineKind, seating
from scoring.engine.problems import EveningError
from .rates import RateCard, rate_card
from .settle import settle_evening

BIG_PLAYERS = ("Anne", "Bent", "Carl", "Dorte")
RUNS = 5   # the best of these many runs: a shared machine is noisy
FIVE = ("Anne", "Bent", "Carl", "Dorte", "Erik")


def _best_of(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def reference_legs(evening: Evening, card: RateCard | None = None) -> list[dict[Account, int]]:
    """What every account gains in the opening and in each deal, by docs/rules/danish.md §2-§4 in the plainest
    way: one dict per entry, amounts added in place. The evening is taken as valid (nothing is
    checked) and no posting is kept; the bench's yardstick for ``settle_evening``, not a second
    engine (the bench holds it equal to the engine's legs before it times either)."""
    card = card or evening.card or rate_card(evening.rules)
    players = evening.players
    accounts: list[Account] = [*players, Cup.KING, Cup.PAGAT]
    opening = dict.fromkeys(accounts, 0)
    for player in players:
        for cup in (Cup.KING, Cup.PAGAT):
            opening[player] -= card.opening_per_cup
            opening[cup] += card.opening_per_cup
    out = [opening]
    cups = {Cup.KING: opening[Cup.KING], Cup.PAGAT: opening[Cup.PAGAT]}
    for deal in evening.deals:
        legs = dict.fromkeys(accounts, 0)
        _reference_deal(legs, players, deal, cups, card)
        for cup in (Cup.KING, Cup.PAGAT):
            cups[cup] += legs[cup]
        out.append(legs)
    return out


def _reference_deal(legs: dict, players: tuple[str, ...], deal: Deal, cups: dict, card: RateCard) -> None:
    def pay(payer, payee, amount):
        legs[payer] -= amount
        legs[payee] += amount

    def into_cups(player, amount):
        pay(player, Cup.KING, amount)
        pay(player, Cup.PAGAT, amount)

    seats = seating(players, deal.dealer)
    into_cups(deal.dealer, card.dealer_fee_per_cup)
    if deal.kind is DealKind.MISDEAL:
        into_cups(deal.dealer, card.fines[FineKind.MISDEAL])
    for fine in deal.fines:
        if fine.kind is not FineKind.MISDEAL:
            into_cups(fine.player, fine.amount if fine.kind is FineKind.CUSTOM else card.fines[fine.kind])
    if deal.kind is DealKind.PLAYED:
        _reference_play(pay, seats.active, seats.default_derived, deal, cups, legs, card)
    for cup in (Cup.KING, Cup.PAGAT):
        if cups[cup] + legs[cup] == 0:
            for player in players:
                pay(player, cup, card.refund_per_player)


def _reference_play(pay, active: tuple[str, ...], default_derived: str, deal: Deal, cups: dict, legs: dict,
                    card: RateCard) -> None:
    def from_each(payee, amount):
        for other in active:
            if other != payee:
                pay(other, payee, amount)

    def to_each(payer, amount):
        for other in active:
            if other != payer:
                pay(payer, other, amount)

    for meld in deal.melds:
        from_each(meld.player, card.meld_price(meld.kind, meld.count))
    cards = deal.cards()
    if deal.pagat.fate is Fate.HOME:
        from_each(deal.pagat.owner, card.pagat_home_each)
    elif deal.pagat.fate is Fate.LOST:
        to_each(deal.pagat.owner, card.pagat_lost_each)
        pay(deal.pagat.owner, Cup.PAGAT, card.pagat_lost_cup)
    for _suit, king in deal.kings:
        if king.fate is Fate.LOST:
            to_each(king.owner, card.king_lost_each)
            pay(king.owner, Cup.KING, card.king_lost_cup)
    snapshot = {cup: cups[cup] + legs[cup] for cup in (Cup.KING, Cup.PAGAT)}
    if deal.tout is not None:
        from_each(deal.tout, card.tout_each)
        for cup in (Cup.KING, Cup.PAGAT):
            pay(cup, deal.tout, snapshot[cup])
    if deal.failed_tout is not None:
        to_each(deal.failed_tout, card.failed_tout_each)
        if card.failed_tout_doubles_cups:
            for cup in (Cup.KING, Cup.PAGAT):
                pay(deal.failed_tout, cup, snapshot[cup])
    blocked = {f.player for f in deal.fines if f.kind in card.ultimo_blocking_fines}
    ultimo = False
    for cup, _suit, fate in cards:
        if fate.fate is Fate.ULTIMO and deal.tout is None and deal.nolo is None and fate.owner not in blocked:
            from_each(fate.owner, card.pagat_ultimo_each if cup is Cup.PAGAT else card.king_ultimo_each)
            pay(cup, fate.owner, snapshot[cup])
            ultimo = True
    for cup, _suit, fate in cards:
        if fate.fate is Fate.BAGUD:
            to_each(fate.owner, card.pagat_bagud_each if cup is Cup.PAGAT else card.king_bagud_each)
            pay(fate.owner, cup, snapshot[cup])
    fallen = all(fate.fate not in (Fate.ULTIMO, Fate.BAGUD) for _, _, fate in cards)
    if (deal.tout is None and deal.nolo is None and not ultimo
            and (fallen or not card.last_trick_needs_honours_fallen)):
        from_each(deal.last_trick, card.last_trick_each)
    if deal.nolo is not None:
        from_each(deal.nolo, card.nolo_each)
        return
    counts = dict(deal.counts)
    if len(counts) == 2:
        derived = next(p for p in active if p not in counts)
    else:
        derived = deal.derived or default_derived
    for player, count in counts.items():
        if player != derived:
            pay(derived, player, card.count_value(count))   # a negative value is paid the other way


def _engine_legs(settlement) -> list[dict[Account, int]]:
    return [entry.net for entry in (settlement.opening, *settlement.deals)]


def _check_the_timed_call(evening: Evening) -> None:
    """The timed call must validate and settle: it refuses the evening with one broken deal, and
    its legs are the reference's."""
    broken = replace(evening.deals[-1], dealer="Nobody")
    try:
        settle_evening(replace(evening, deals=(*evening.deals[:-1], broken)))
    except EveningError:
        pass
    else:
        raise AssertionError("settle_evening did not validate the evening")
    if _engine_legs(settle_evening(evening)) != reference_legs(evening):
        raise AssertionError("the reference settlement and the engine disagree")


def measure(quick: bool = False) -> dict:
    big = random_evening(seed=7, players=BIG_PLAYERS, deals=2_000 if quick else 20_000)
    evening_100 = random_evening(seed=8, players=FIVE, deals=100)
    _check_the_timed_call(big)
    engine_seconds = _best_of(RUNS, lambda: settle_evening(big))
    reference_seconds = _best_of(RUNS, lambda: reference_legs(big))
    one = [_best_of(1, lambda: settle_evening(evening_100)) for _ in range(20 if quick else 100)]
    engine = len(big.deals) / engine_seconds
    reference = len(big.deals) / reference_seconds
    return {
        "engine_deals_per_second": round(engine),
        "reference_dict_deals_per_second": round(reference),
        "engine_to_reference_ratio": round(engine / reference, 2),
        "engine_100_deal_evening_ms_median": round(statistics.median(one) * 1000, 2),
        "engine_100_deal_evening_ms_p95": round(sorted(one)[int(len(one) * 0.95) - 1] * 1000, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.quick)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        for key, value in result.items():
            print(f"{key:<40} {value:>10}")


if __name__ == "__main__":
    main()
