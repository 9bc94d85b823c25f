"""Engine benchmark: ``python -m families.danish.engine.bench [--quick] [--json]`` (``make bench``).

Figures, on one core:

- ``engine_deals_per_second``: ``settle_evening`` of one big random evening, which validates every
  deal (docs/rules/danish.md §5) and settles it (postings with reasons, legs, the zero-sum and cup checks).
  Before timing, the bench makes sure that the timed call does both: it must refuse the same
  evening with one broken deal, and its legs must be the reference's.
- ``reference_dict_deals_per_second``: the plain script (``plain.settle``) over the same deals as
  the decoded file's dictionaries (no validation, no postings, no reasons, no checks); a yardstick,
  with ``engine_to_reference_ratio`` (engine ÷ reference).
- ``engine_100_deal_evening_ms_*``: one evening of 100 deals at five players, as a table has.

Figures only; budgets are compared by the caller (``manage.py bench``), never asserted in tests.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import replace

from . import plain
from .generate import random_evening
from .interchange import deal_to_dict
from .model import Account, Cup, Evening
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
    """What every account gains in the opening and in each deal by the plain script (``plain.py``,
    docs/rules/danish.md §2-§4 in the plainest way, nothing checked, no posting kept): each
    player's net, and each cup's gain as the difference of its contents. The bench holds these
    equal to the engine's legs before it times either."""
    card = card or evening.card or rate_card(evening.rules)
    return _legs(plain.settle(_plain_data(evening), card.to_dict(every_key=True)), card, len(evening.players))


def _plain_data(evening: Evening) -> dict:
    """The evening as the decoded file's dictionaries the plain script reads."""
    return {"players": list(evening.players), "deals": [deal_to_dict(deal) for deal in evening.deals]}


def _legs(settled: dict, card: RateCard, n: int) -> list[dict[Account, int]]:
    opening = card.opening_per_cup * n
    out = [{**settled["opening"], Cup.KING: opening, Cup.PAGAT: opening}]
    before = {"king": opening, "pagat": opening}
    for row in settled["deals"]:
        cups = row["cups"]
        out.append({**row["net"], Cup.KING: cups["king"] - before["king"], Cup.PAGAT: cups["pagat"] - before["pagat"]})
        before = cups
    return out


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
    data, card = _plain_data(big), rate_card(big.rules).to_dict(every_key=True)
    reference_seconds = _best_of(RUNS, lambda: plain.settle(data, card))
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
