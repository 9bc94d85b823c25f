"""Figures that must not drift: cups shared once, a fresh table's summaries, the rate
frozen at close, and kroner of the totals agreeing with the kroner of the transfers to the øre."""
import json
import re
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring import services
from scoring.engine.money import Purse
from scoring.models import Club, Evening, Membership, Role
from scoring.selectors import evening_summary
from scoring.selectors.history import player_evenings
from scoring.selectors.standings import standings, standings_from_journal

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]


@pytest.fixture
def closed_golden(club, golden_dir):
    table = services.evening_import(club=club, data=json.loads(
        (golden_dir / "four-players-tout-nolo-fines.json").read_text()))
    services.evening_close(evening=table.evening)
    return table.evening


def _cups_shared(client, club):
    response = client.get(reverse("scoring:club_detail", args=[club.pk]))
    assert response.status_code == 200
    return {row["id"]: row["cups_shared"] for row in response.context["table"].data.data}


def test_cups_shared_counts_a_reopened_and_closed_evening_once(keeper_client, club, closed_golden):
    once = _cups_shared(keeper_client, club)[closed_golden.pk]
    assert once > 0
    services.evening_reopen(evening=closed_golden, reason="forkert spil 3")
    services.evening_close(evening=closed_golden)
    assert _cups_shared(keeper_client, club)[closed_golden.pk] == once


def test_check_ledger_is_clean_on_a_table_with_players_and_no_deal(club, capsys):
    players = [services.player_get_or_create(club=club, name=n) for n in ("Anne", "Bent", "Carl")]
    evening = services.evening_create(club=club, date="2026-11-20")
    services.table_create(evening=evening, players=players)
    call_command("check_ledger")
    assert "ledger ok: 1 table(s)" in capsys.readouterr().out


def _page(client, evening) -> str:
    """The evening page without its per-request CSRF tokens."""
    html = client.get(reverse("scoring:evening_detail", args=[evening.pk])).content.decode()
    return re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]*"', "", html)


def test_the_rate_and_the_currency_are_frozen_when_the_evening_closes(keeper_client, club, closed_golden):
    before = evening_summary(Evening.objects.get(pk=closed_golden.pk))
    rows_before = standings(club)
    page_before = _page(keeper_client, closed_golden)
    assert "68,75 kr." in page_before
    # the club goes over to euro at another rate: the evening closed in kroner still reads kroner
    Club.objects.filter(pk=club.pk).update(kroner_per_point=Decimal("1.00"), currency="EUR")
    club.refresh_from_db()
    evening = Evening.objects.get(pk=closed_golden.pk)
    assert (evening.kroner_per_point, evening.currency) == (Decimal("0.25"), "DKK")
    after = evening_summary(evening)
    assert (after.totals, after.payments, after.kroner_per_point, after.currency) == (
        before.totals, before.payments, Decimal("0.25"), "DKK")
    assert [r.amounts for r in standings(club)] == [r.amounts for r in rows_before]
    assert _page(keeper_client, closed_golden) == page_before and "€" not in page_before
    player = closed_golden.summaries.first().player
    assert player_evenings(player, Evening.objects.all())[0].kroner == dict(
        (p, k) for p, _, k in before.totals)[player.name]


def test_an_open_evening_reads_the_clubs_rate_until_it_closes(club, golden_dir):
    table = services.evening_import(club=club, data=json.loads((golden_dir / "three-players-basic.json").read_text()))
    Club.objects.filter(pk=club.pk).update(kroner_per_point=Decimal("0.50"))
    evening = Evening.objects.get(pk=table.evening_id)
    assert evening_summary(evening).kroner_per_point == Decimal("0.50")
    services.evening_close(evening=evening)
    evening.refresh_from_db()
    assert (evening.kroner_per_point, evening.currency) == (Decimal("0.50"), "DKK")
    # Reopening keeps the rate and the currency the evening was played with.
    Club.objects.filter(pk=club.pk).update(kroner_per_point=Decimal("2.00"), currency="CHF")
    services.evening_reopen(evening=evening, reason="ret et spil")
    assert evening_summary(Evening.objects.get(pk=evening.pk)).currency == "DKK"
    services.evening_close(evening=evening)
    evening.refresh_from_db()
    assert (evening.kroner_per_point, evening.currency) == (Decimal("0.50"), "DKK")


@pytest.mark.parametrize("rate", ["0.1234", "0.3333", "0.0050", "1.0000"])
def test_kroner_of_totals_and_of_transfers_agree_to_the_ore(club, golden_dir, rate):
    Club.objects.filter(pk=club.pk).update(kroner_per_point=Decimal(rate))
    evening = None
    for name in ("four-players-tout-nolo-fines.json", "five-players-double-bagud.json"):
        data = json.loads((golden_dir / name).read_text())
        if evening is not None:  # a second table of the same evening, other players
            data = _rename(data, {p: f"{p[::-1].title()}" for p in data["players"]})   # "Enna": not near Anne
        evening = services.evening_import(club=Club.objects.get(pk=club.pk), data=data, evening=evening).evening
    services.evening_close(evening=evening)
    summary = evening_summary(Evening.objects.get(pk=evening.pk))
    by_player = {p: k for p, _, k in summary.totals}
    paid = dict.fromkeys(by_player, Decimal("0.00"))
    for payment in summary.payments:
        paid[payment.payer] -= payment.kroner
        paid[payment.payee] += payment.kroner
    assert paid == by_player
    assert sum(by_player.values()) == 0
    # Each player's kroner is within a øre per payment of his points at the rate.
    for player, points, amount in summary.totals:
        payments = sum(1 for p in summary.payments if player in (p.payer, p.payee))
        assert abs(amount - Decimal(points) * Decimal(rate)) <= Decimal("0.005") * max(payments, 1)
    # The standings read the same kroner as the sheet, and the check re-sums them from the journal.
    assert {r.player: r.amounts for r in standings(club)} == {p: Purse.of("DKK", k) for p, k in by_player.items()}
    assert standings(club) == standings_from_journal(club)


def _rename(value, names):
    """``value`` with every player name (as a key or a string) renamed."""
    if isinstance(value, dict):
        return {names.get(k, k): _rename(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_rename(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def test_member_sees_frozen_kroner_on_the_pdf(client, club, closed_golden):
    from django.contrib.auth import get_user_model
    user = get_user_model().objects.create_user("m", password="pw-secret-1")
    Membership.objects.create(user=user, club=club, role=Role.MEMBER)
    client.force_login(user)
    Club.objects.filter(pk=club.pk).update(kroner_per_point=Decimal("9.00"))
    response = client.get(reverse("scoring:evening_detail", args=[closed_golden.pk]))
    assert b"0,25" in response.content and b"9,00" not in response.content


def test_check_ledger_names_the_player_whose_summary_drifted(club, closed_golden, capsys):
    from scoring.models import PlayerEveningSummary
    summary = PlayerEveningSummary.objects.filter(evening=closed_golden).select_related("player").first()
    PlayerEveningSummary.objects.filter(pk=summary.pk).update(kroner=summary.kroner + 1)
    with pytest.raises(SystemExit):
        call_command("check_ledger")
    assert f"player {summary.player.name}: the standings summaries differ from the journal (amounts)" in capsys.readouterr().err
