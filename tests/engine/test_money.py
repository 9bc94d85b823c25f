"""Kroner at the edge: the totals and the payments of a closed evening agree to the øre."""
from decimal import Decimal

import pytest
from hypothesis import given, strategies as st

from scoring.engine.money import evening_kroner, kroner

NAMES = ("Anne", "Bent", "Carl", "Dorte", "Erik", "Finn", "Gerd")


@st.composite
def zero_sum_totals(draw):
    count = draw(st.integers(min_value=2, max_value=len(NAMES)))
    amounts = [5 * draw(st.integers(min_value=-400, max_value=400)) for _ in range(count - 1)]
    return tuple(zip(NAMES, amounts + [-sum(amounts)]))


rates = st.decimals(min_value=Decimal("0.0001"), max_value=Decimal("10"), places=4)


@given(zero_sum_totals(), rates)
def test_each_players_kroner_is_the_sum_of_his_payments(totals, rate):
    amounts, payments = evening_kroner(totals, rate, settled=True)
    paid = dict.fromkeys(amounts, Decimal("0"))
    for payment in payments:
        assert payment.kroner == kroner(payment.points, rate)  # each payment rounded once
        paid[payment.payer] -= payment.kroner
        paid[payment.payee] += payment.kroner
    assert paid == amounts
    assert sum(amounts.values()) == 0
    for name, points in totals:
        involved = sum(1 for p in payments if name in (p.payer, p.payee))
        assert abs(amounts[name] - Decimal(points) * rate) <= Decimal("0.005") * involved


def test_a_rate_of_0_1234_keeps_totals_and_payments_together():
    # 1 + 1 - 2 points: rounded one by one the totals would be 0.12 + 0.12 - 0.25, a øre off what is paid.
    assert (kroner(1, Decimal("0.1234")), kroner(-2, Decimal("0.1234"))) == (Decimal("0.12"), Decimal("-0.25"))
    amounts, payments = evening_kroner((("Anne", 1), ("Bent", 1), ("Carl", -2)), Decimal("0.1234"), settled=True)
    assert [(p.payer, p.payee, p.kroner) for p in payments] == [("Carl", "Anne", Decimal("0.12")),
                                                               ("Carl", "Bent", Decimal("0.12"))]
    assert amounts == {"Anne": Decimal("0.12"), "Bent": Decimal("0.12"), "Carl": Decimal("-0.24")}


def test_an_open_evening_has_no_payments_and_each_players_points_at_the_rate():
    amounts, payments = evening_kroner((("Anne", 25), ("Bent", -40)), Decimal("0.25"), settled=False)
    assert payments == () and amounts == {"Anne": Decimal("6.25"), "Bent": Decimal("-10.00")}


# An amount as typed (a payment's) -----------------------------------------------------------------

@pytest.mark.parametrize("typed, cents", [
    ("2,50", 250), ("2.50", 250), ("12", 1200), ("0,5", 50), (" 1 234,50 ", 123450), ("1.234,50", 123450),
    ("1,234.50", 123450), ("1.234.567", 123456700), ("1'234.50", 123450), (",75", None),
])
def test_an_amount_is_read_as_a_person_types_it(typed, cents):
    from scoring.engine.money import AmountError, parse_cents

    if cents is None:
        with pytest.raises(AmountError):
            parse_cents(typed, most=10**12)
    else:
        assert parse_cents(typed, most=10**12) == cents


@pytest.mark.parametrize("typed, kind", [
    ("1,255", "number"), ("1.234", "number"), ("1,234", "number"), ("abc", "number"), ("1.234.50", "number"),
    ("", "number"), ("0", "positive"), ("0,00", "positive"), ("-5", "positive"), ("\u22125", "positive"),
    ("100000,01", "large"), ("9" * 40, "large"),
])
def test_an_amount_that_is_not_one_is_refused_with_why(typed, kind):
    from scoring.engine.money import AmountError, parse_cents

    with pytest.raises(AmountError) as refused:
        parse_cents(typed, most=10_000_000)
    assert refused.value.kind == kind
