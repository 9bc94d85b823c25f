"""Engine benchmark: ``python -m scoring.engine.bench [--json]`` (``make bench``).

Measures deals settled per second on one core and the time to settle one 100-deal evening.
Figures only; budgets are compared by the caller, never asserted in unit tests.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

from .generate import random_evening
from .settle import settle_evening


def _best_of(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def measure(quick: bool = False) -> dict:
    big = random_evening(seed=7, players=("Anne", "Bent", "Carl", "Dorte"), deals=2_000 if quick else 20_000)
    evening_100 = random_evening(seed=8, players=("Anne", "Bent", "Carl", "Dorte", "Erik"), deals=100)
    big_seconds = _best_of(3, lambda: settle_evening(big))
    one = [_best_of(1, lambda: settle_evening(evening_100)) for _ in range(20 if quick else 100)]
    return {
        "engine_deals_per_second": round(len(big.deals) / big_seconds),
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
