"""Merging a duplicate player: nothing in the journal is rewritten, and every read — the standings of
every rule set (from the summaries and re-summed from the journal), the player page and its export,
the evening file, check_ledger — sees one player whose figures are the sum of both before. Run on
SQLite and (scripts/with-postgres) on PostgreSQL."""
import datetime as dt
import io
import json
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring import services
from scoring.selectors.ledger_audit import ledger_differences
from scoring.models import Deal, Evening, JournalEntry, Leg, Player, PlayerEveningSummary, Seat
from scoring.selectors.history import player_evenings
from scoring.selectors.members import evening_players, merge_preview
from scoring.selectors.standings import club_rule_sets, standings, standings_evenings, standings_from_journal
from tests.web.conftest import make_user
from tests.web.test_exports import read_csv

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]

KEEP, DUPLICATE = "Mogens", "Mgoens"
#: One golden evening of every family and of several rule sets (file, the player who is renamed).
FILES = ("four-players-tout-nolo-fines.json", "grosstarock/grosstarock-worked.json",
         "grosstarock/taroc1754-worked.json", "karlsruhe/seed-table.json", "selca/four-players.json")


def _renamed(data, old: str, new: str):
    """The evening file with the player ``old`` called ``new`` wherever a value or key names him."""
    if isinstance(data, dict):
        return {(new if k == old else k): _renamed(v, old, new) for k, v in data.items()}
    if isinstance(data, list):
        return [_renamed(v, old, new) for v in data]
    return new if data == old else data


@pytest.fixture
def history(club, golden_dir):
    """Each golden evening twice: once with its second player as Mogens, once (a month later) as the
    typo Mgoens; every evening closed but the last (its kroner are provisional)."""
    tables = []
    for i, name in enumerate(FILES):
        data = json.loads((golden_dir / name).read_text())
        old = data["players"][1]
        for month, new in ((1, KEEP), (2, DUPLICATE)):
            evening = services.evening_create(club=club, date=dt.date(2026, month, 1 + i))
            # the typo is answered as a new player, as the import's question lets a club do
            tables.append(services.evening_import(club=club, evening=evening, data=_renamed(data, old, new),
                                                  answers={DUPLICATE: None} if new == DUPLICATE else None))
    for table in tables[:-1]:
        services.evening_close(evening=table.evening)
    return tables


def _everything(club) -> dict:
    evenings = standings_evenings(club, include_open=True)
    return {rules: {r.player: r for r in standings(club, evenings=evenings, family=family, rules=rules)}
            for rules, family in club_rule_sets(club)}


def _sum(a, b):
    """The row of one player who played both rows' evenings (they never shared one)."""
    return {"evenings": a.evenings + b.evenings, "deals": a.deals + b.deals, "points": a.points + b.points,
            "amounts": a.amounts + b.amounts, "money": a.money + b.money,
            "figures": {f: a.figures[f] + b.figures[f] for f in a.figures},
            "best_evening": max(a.best_evening, b.best_evening), "worst_evening": min(a.worst_evening, b.worst_evening)}


def _fields(row):
    return {"evenings": row.evenings, "deals": row.deals, "points": row.points, "amounts": row.amounts,
            "money": row.money, "figures": dict(row.figures), "best_evening": row.best_evening,
            "worst_evening": row.worst_evening}


def test_merge_sums_both_players_in_every_rule_set_and_the_ledger_stays_clean(club, history, client):
    assert ledger_differences(Evening.objects.filter(club=club))[1] == []
    before = _everything(club)
    assert len(before) == 5   # vlk, grosstarock, taroc1754, karlsruhe, selca
    stored = (JournalEntry.objects.count(), Leg.objects.count(), Deal.objects.count(), Seat.objects.count(),
              list(Leg.objects.order_by("pk").values_list("player_id", "amount")),
              list(PlayerEveningSummary.objects.order_by("pk").values_list("player_id", "points", "kroner")))
    keep, duplicate = Player.objects.get(name=KEEP), Player.objects.get(name=DUPLICATE)
    player_page_before = {rules: player_evenings(keep, Evening.objects.filter(club=club), rules=rules)
                          + player_evenings(duplicate, Evening.objects.filter(club=club), rules=rules)
                          for rules in before}

    # the preview counts as the standings count: closed evenings only (the last, open, is in none)
    counted = {rules: {r.player: (r.evenings, r.deals, r.points)
                       for r in standings(club, evenings=standings_evenings(club), family=family, rules=rules)}
               for rules, family in club_rule_sets(club)}
    preview = merge_preview(duplicate, keep)
    assert preview.allowed and {m.rules for m in preview.moves} == set(before)
    for move in preview.moves:
        assert move.keep[:3] == counted[move.rules].get(KEEP, (0, 0, 0))
        assert move.duplicate[:3] == counted[move.rules].get(DUPLICATE, (0, 0, 0))
    assert any(move.duplicate[:3] != (before[move.rules][DUPLICATE].evenings, before[move.rules][DUPLICATE].deals,
                                      before[move.rules][DUPLICATE].points) for move in preview.moves)

    services.player_merge(duplicate=duplicate, into=keep)

    # no journal row, seat, deal or summary rewritten
    assert stored == (JournalEntry.objects.count(), Leg.objects.count(), Deal.objects.count(), Seat.objects.count(),
                      list(Leg.objects.order_by("pk").values_list("player_id", "amount")),
                      list(PlayerEveningSummary.objects.order_by("pk").values_list("player_id", "points", "kroner")))
    after = _everything(club)
    evenings = standings_evenings(club, include_open=True)
    for rules, rows in after.items():
        assert DUPLICATE not in rows
        assert _fields(rows[KEEP]) == _sum(before[rules][KEEP], before[rules][DUPLICATE]), rules
        for name, row in rows.items():
            if name != KEEP:
                assert row == before[rules][name], (rules, name)
        family = dict(club_rule_sets(club))[rules]
        slow = {r.player: r for r in standings_from_journal(club, evenings=evenings, family=family, rules=rules)}
        assert slow == rows, rules
        # the player page's evenings: both players' evenings, one running sum
        page = player_evenings(keep, Evening.objects.filter(club=club), rules=rules)
        assert sorted((e.evening_id, e.points, e.kroner) for e in page) == sorted(
            (e.evening_id, e.points, e.kroner) for e in player_page_before[rules])
        assert page[-1].cumulative == rows[KEEP].points
    assert ledger_differences(Evening.objects.filter(club=club))[1] == []
    out = io.StringIO()
    call_command("check_ledger", stdout=out)   # exits 1 on any difference
    assert out.getvalue().startswith("ledger ok: 10 table(s)")

    # the pages and exports: the duplicate's page is the player's; the standings export names one player
    client.force_login(make_user(club, "member"))
    response = client.get(f"/players/{duplicate.pk}/?rules=vlk")
    assert response.status_code == 302 and response["Location"] == f"/players/{keep.pk}/?rules=vlk"
    for rules, rows in after.items():
        records = read_csv(client.get(f"/clubs/{club.pk}/standings/?rules={rules}&include_open=on&_export=csv").content)
        names = {cell for r in records[1:] for cell in r}
        assert KEEP in names and DUPLICATE not in names, rules
    evenings_csv = read_csv(client.get(f"/players/{keep.pk}/?rules=vlk&include_open=on&_export=csv").content)
    assert len(evenings_csv) - 1 == after["vlk"][KEEP].evenings


def test_an_exported_evening_file_says_which_name_stands_for_which_player_now(club, history, client):
    keep, duplicate = Player.objects.get(name=KEEP), Player.objects.get(name=DUPLICATE)
    services.player_merge(duplicate=duplicate, into=keep)
    services.player_rename(player=Player.objects.get(name="Anne"), name="Anne Marie")
    table = Seat.objects.filter(player=duplicate, table__rules="vlk").get().table
    client.force_login(make_user(club, "member"))
    data = json.loads(client.get(f"/tables/{table.pk}/export/").content)
    assert DUPLICATE in data["players"] and "Anne" in data["players"]   # the names the deals record
    assert data["players_now"] == {DUPLICATE: KEEP, "Anne": "Anne Marie"}
    assert list(data)[:list(data).index("players_now") + 1][-2:] == ["players", "players_now"]
    # the file reads back (the key is known) and settles as the stored table does
    prepared = services.evening_import_prepare(club=club, data=data)
    assert prepared.parsed.players == tuple(data["players"])
    # the sheet heads the table with the names now; the deals keep theirs
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert KEEP in page and "Anne Marie" in page
    # the evening's money, settled by the names they sat down with, is written with their names now
    evening_page = client.get(f"/evenings/{table.evening_id}/").content.decode()
    payments = evening_page[evening_page.index('id="payments"'):]
    payments = payments[:payments.index("</ul>")]
    assert "Anne Marie" in payments and DUPLICATE not in payments
    assert evening_players(table.evening)[DUPLICATE].pk == keep.pk


def test_an_evening_both_sat_at_one_table_refuses_the_merge_naming_it(club, history):
    keep = Player.objects.get(name=KEEP)
    carl = Player.objects.get(name="Carl")
    table = Seat.objects.filter(player=keep, table__rules="vlk").get().table
    with pytest.raises(services.RecordingError) as refused:
        services.player_merge(duplicate=carl, into=keep)
    message = refused.value.errors[0].message
    assert refused.value.errors[0].field == "into"
    assert f"({_('bord')} 1)" in message and date_format(table.evening.date, "SHORT_DATE_FORMAT") in message
    assert Player.objects.get(pk=carl.pk).merged_into_id is None
    assert merge_preview(carl, keep).shared[0].one_table


def test_merging_into_a_merged_player_merges_into_who_he_is_now(club):
    a, b, c = (services.player_get_or_create(club=club, name=n) for n in ("Bent", "Bnet", "Bent H"))
    services.player_merge(duplicate=b, into=a)
    preview = merge_preview(c, Player.objects.get(pk=b.pk))
    assert preview.keep.pk == a.pk and preview.notes
    services.player_merge(duplicate=c, into=Player.objects.get(pk=b.pk))
    assert Player.objects.get(pk=c.pk).merged_into_id == a.pk
    # and merging the kept player on: every duplicate follows, one step deep
    d = services.player_get_or_create(club=club, name="Benedikt")
    services.player_merge(duplicate=Player.objects.get(pk=a.pk), into=d)
    assert set(Player.objects.filter(merged_into=d).values_list("name", flat=True)) == {"Bent", "Bnet", "Bent H"}


def test_a_merged_player_cannot_be_merged_again_nor_into_himself(club):
    a, b = (services.player_get_or_create(club=club, name=n) for n in ("Bent", "Bnet"))
    with pytest.raises(services.RecordingError):
        services.player_merge(duplicate=a, into=a)
    services.player_merge(duplicate=b, into=a)
    with pytest.raises(services.RecordingError) as refused:
        services.player_merge(duplicate=Player.objects.get(pk=b.pk), into=a)
    assert refused.value.errors[0].field == "player"


def test_the_kroner_rate_changes_the_next_close_only(club, history):
    closed = Evening.objects.filter(club=club, closed_at__isnull=False).first()
    open_evening = Evening.objects.get(club=club, closed_at__isnull=True)
    frozen = closed.kroner_per_point
    kroner_before = list(PlayerEveningSummary.objects.filter(evening=closed).order_by("pk").values_list("kroner", flat=True))
    services.club_rate_set(club=club, rate="0,5")
    assert Evening.objects.get(pk=closed.pk).kroner_per_point == frozen == Decimal("0.25")
    assert list(PlayerEveningSummary.objects.filter(evening=closed).order_by("pk").values_list(
        "kroner", flat=True)) == kroner_before
    services.evening_close(evening=open_evening)
    assert Evening.objects.get(pk=open_evening.pk).kroner_per_point == Decimal("0.5")
    assert ledger_differences(Evening.objects.filter(club=club))[1] == []


def test_a_merge_brings_the_duplicates_login_and_address_to_a_player_without(club):
    make_user(club, "member", "bnet-login")
    a, b = (services.player_get_or_create(club=club, name=n) for n in ("Bent", "Bnet"))
    b = services.player_contact_set(player=b, email="bent@example.org", login="bnet-login")
    preview = merge_preview(b, a)
    assert len(preview.notes) == 2
    services.player_merge(duplicate=b, into=a)
    a, b = Player.objects.get(pk=a.pk), Player.objects.get(pk=b.pk)
    assert (a.email, a.user.username) == ("bent@example.org", "bnet-login")
    assert (b.email, b.user_id) == ("", None)
