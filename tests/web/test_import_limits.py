"""Issue 11 part 3: the importer refuses what the form refuses.

Every refused file: exit status 2 from ``manage.py import_evening``, a 4xx from the upload page, one
line per problem naming deal and field, no traceback, and not a row written. A rate card in a file
is one the club has (matched by its amounts) or one a club admin imports as a new club card. The
import writes the whole evening in a few bulk statements, exactly the rows that recording its deals
one by one writes.
"""
import datetime as dt
import io
import json

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from scoring import services
from scoring.engine import bounds
from families.danish.engine.generate import random_evening
from scoring.engine.interchange import FORMAT, dumps, evening_to_dict
from families.danish.engine.interchange import deal_to_dict
from families.danish.engine.rates import AELDRE1900, FINE_AMOUNT_MAX, VLK
from scoring.selectors.ledger_audit import ledger_differences
from scoring.models import (
    ClubRateCard, Deal, JournalEntry, Leg, Player, PlayerDealStat, PlayerEveningSummary, Role, Seat, Table,
)
from tests.web.conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]
PLAYERS = ["Anne", "Bent", "Carl", "Dorte"]
PLAIN = {"dealer": "Anne", "pagat": {"owner": "Bent", "fate": "home"}, "last_trick": "Bent",
         "counts": {"Bent": 31, "Dorte": 20}}


def row_counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in apps.get_app_config("scoring").get_models()}


def evening_file(**changes) -> dict:
    return {"format": FORMAT, "date": "2026-11-20", "players": list(PLAYERS), "deals": [dict(PLAIN)], **changes}


def text_of(data) -> str:
    return data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)


def upload(data) -> SimpleUploadedFile:
    raw = data if isinstance(data, bytes) else text_of(data).encode("utf-8")
    return SimpleUploadedFile("evening.json", raw, content_type="application/json")


def run_command(tmp_path, data, *args) -> tuple[int, str, str]:
    path = tmp_path / "evening.json"
    path.write_bytes(data if isinstance(data, bytes) else text_of(data).encode("utf-8"))
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_evening", str(path), "--club", "VLK", "--lang", "en", *args, stdout=out, stderr=err)
    except SystemExit as exc:
        return exc.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def refused_everywhere(client, tmp_path, data, lines_en: list[str], lines_da: list[str] | None = None):
    """The command exits 2 with exactly these lines, the page answers 422 with them (in Danish), and
    nothing is written by either."""
    before = row_counts()
    code, out, err = run_command(tmp_path, data)
    assert (code, out) == (2, ""), err
    assert err.splitlines() == lines_en
    assert "Traceback" not in err
    assert row_counts() == before
    response = client.post("/evenings/import/", {"file": upload(data)})
    assert response.status_code == 422
    if lines_da is not None:
        assert response.context["problems"] == lines_da
    assert row_counts() == before
    return response


@pytest.fixture
def admin_client(client, club):
    client.force_login(make_user(club, Role.ADMIN, "kortadmin"))
    return client


# Numbers of any size ------------------------------------------------------------------------------

def test_a_count_of_5000_digits(keeper_client, tmp_path):
    text = text_of(evening_file()).replace('"Bent": 31', '"Bent": ' + "9" * 5000)
    refused_everywhere(keeper_client, tmp_path, text, ["deal 1: counts.Bent: a number of 5000 digits is too large"],
                       ["spil 1: counts.Bent: et tal med 5000 cifre er for stort"])


@pytest.mark.parametrize("amount", [10**20, 3 * 10**9])
def test_a_custom_fine_of_10_to_the_20_or_3_billion(keeper_client, tmp_path, amount):
    deal = dict(PLAIN, fines=[{"player": "Carl", "kind": "custom", "amount": 5}, {"player": "Anne", "kind": "custom",
                                                                                   "amount": amount}])
    refused_everywhere(keeper_client, tmp_path, evening_file(deals=[deal]),
                       [f"deal 1: fines[2].amount: must be a whole number from 1 to {FINE_AMOUNT_MAX}"])


@pytest.mark.parametrize("amount", [10**20, 3 * 10**9])
def test_an_embedded_card_amount_of_10_to_the_20_or_3_billion(keeper_client, tmp_path, amount):
    card = VLK.to_dict() | {"name": "own", "title": "Own", "last_trick_each": amount}
    refused_everywhere(keeper_client, tmp_path, evening_file(rules="own", rate_card=card),
                       [f"rate_card.last_trick_each: must be a whole number from 0 to {bounds.CARD_AMOUNT_MAX}"])


# Names of any length and content -----------------------------------------------------------------

@pytest.mark.parametrize("name, line", [
    ("Carl\x00", "players[3]: must not contain a control, format or separator character (U+0000)"),
    ("Ca\u200brl", "players[3]: must not contain a control, format or separator character (U+200B)"),
    ("C" * 10_000, f"players[3]: at most {bounds.NAME_MAX_LENGTH} characters (this one has 10000)"),
    (" Carl ", "players[3]: must not begin or end with white space"),
    ("Carl  Erik", "players[3]: only single plain spaces between words"),
])
def test_names_a_form_would_refuse(keeper_client, tmp_path, name, line):
    data = evening_file(players=["Anne", "Bent", name, "Dorte"], deals=[])
    refused_everywhere(keeper_client, tmp_path, data, [line])


def test_the_seating_and_player_forms_refuse_the_same_names(admin_client, club):
    before = row_counts()
    response = admin_client.post("/evenings/new/", {"club": club.pk, "date": "2026-11-20", "new_1": "Anne\x00",
                                                    "new_2": "Bent", "new_3": "Ca\u200brl"})
    assert response.status_code == 422 and row_counts() == before
    errors = response.context["form"].errors
    assert "U+0000" in errors["new_1"][0] and "U+200B" in errors["new_3"][0]
    response = admin_client.post(f"/clubs/{club.pk}/players/", {"name": "Do\u2028rte"})
    assert response.status_code == 422 and row_counts() == before
    response = admin_client.post(f"/clubs/{club.pk}/players/", {"name": "D" * (bounds.NAME_MAX_LENGTH + 1)})
    assert response.status_code == 422 and row_counts() == before
    with pytest.raises(services.RecordingError) as err:
        services.player_get_or_create(club=club, name="Erik\tFrank")
    assert [e.field for e in err.value.errors] == ["name"]
    assert admin_client.post(f"/clubs/{club.pk}/players/", {"name": " Dorte "}).status_code == 302   # trimmed
    assert Player.objects.filter(club=club, name="Dorte").exists()


def test_model_columns_follow_the_bounds():
    assert Player._meta.get_field("name").max_length == bounds.NAME_MAX_LENGTH
    assert ClubRateCard._meta.get_field("name").max_length == bounds.CARD_NAME_MAX_LENGTH
    assert Table._meta.get_field("rules").max_length == bounds.CARD_NAME_MAX_LENGTH


# Keys given twice ---------------------------------------------------------------------------------

def test_a_key_given_twice(keeper_client, tmp_path):
    text = text_of(evening_file()).replace('"last_trick": "Bent"', '"last_trick": "Bent", "last_trick": "Dorte"')
    refused_everywhere(keeper_client, tmp_path, text, ["deal 1: last_trick: the key appears twice; only one value is allowed"],
                       ["spil 1: last_trick: feltet står to gange; kun én værdi er tilladt"])


# Rate cards in files ------------------------------------------------------------------------------

def forged() -> dict:
    """An evening whose sheet would say "VLK" while a last trick pays 50,000."""
    card = VLK.to_dict() | {"last_trick_each": 50_000}
    return evening_file(rules="vlk", rate_card=card)


def test_a_scorekeeper_cannot_import_a_card_the_club_does_not_have(keeper_client, tmp_path, club, scorekeeper):
    line_en = ("rate_card: the file's rate card 'vlk' is not one of the club's cards (by its amounts); "
               "a club admin can import it as a new club card with a title of its own")
    response = refused_everywhere(keeper_client, tmp_path, forged(), [line_en])
    assert "rate_card: filens takstkort 'vlk' er ikke et af klubbens kort" in response.context["problems"][0]
    assert 'name="new_card"' not in response.content.decode()        # offered to club admins only
    before = row_counts()
    assert keeper_client.post("/evenings/import/", {"file": upload(forged()), "new_card": "Mit kort"}).status_code == 422
    with pytest.raises(services.RecordingError):
        services.evening_import(club=club, data=forged(), user=scorekeeper, new_card="Mit kort")
    assert row_counts() == before


def test_a_club_admin_imports_it_as_a_new_club_card_with_its_own_title(admin_client, club):
    before = row_counts()
    response = admin_client.post("/evenings/import/", {"file": upload(forged())})
    assert response.status_code == 422 and 'name="new_card"' in response.content.decode()
    assert response.context["problems"][0].startswith("rate_card: ")
    response = admin_client.post("/evenings/import/", {"file": upload(forged()), "new_card": VLK.title})
    assert response.status_code == 422 and row_counts() == before     # a built-in card's title: taken
    assert response.context["problems"] == [f"new_card: der er allerede et takstkort med titlen '{VLK.title}'"]
    response = admin_client.post("/evenings/import/", {"file": upload(forged()), "new_card": "Storspil 50.000"})
    assert response.status_code == 302
    table = Table.objects.get()
    card = ClubRateCard.objects.get(club=club)
    assert table.card.title == "Storspil 50.000" and table.card.last_trick_each == 50_000
    assert table.rules == card.name != "vlk" and card.card() == table.card and card.based_on == "vlk"
    page = admin_client.get(f"/tables/{table.pk}/").content.decode()
    assert "Storspil 50.000" in page and VLK.title not in page
    assert ledger_differences() == (1, [])


def test_a_file_whose_card_is_the_clubs_card_is_accepted_and_named_as_the_clubs(admin_client, club, tmp_path):
    own = ClubRateCard.objects.create(club=club, name=f"{club.pk}-vlk-1", based_on="vlk", data=json.dumps(
        VLK.to_dict() | {"name": f"{club.pk}-vlk-1", "title": "Klubbens tout 100", "tout_each": 100}))
    # the file calls it something else and says "VLK" on it: the amounts decide, the club's card is used
    data = evening_file(rules="vlk", rate_card=VLK.to_dict() | {"tout_each": 100})
    code, out, err = run_command(tmp_path, data)
    assert code == 0, err
    table = Table.objects.get()
    assert (table.rules, table.card.title) == (own.name, "Klubbens tout 100") and table.card == own.card()
    # a card equal to a built-in card's amounts is that card, whatever the file calls it
    data = evening_file(rules="egen", rate_card=VLK.to_dict() | {"name": "egen", "title": "Egen"})
    response = admin_client.post("/evenings/import/", {"file": upload(data)})
    assert response.status_code == 302
    second = Table.objects.order_by("-pk").first()
    assert (second.rules, second.card) == ("vlk", VLK)
    assert ClubRateCard.objects.count() == 1 and ledger_differences() == (2, [])


def test_the_command_imports_a_new_card_with_new_card(tmp_path, club):
    code, out, err = run_command(tmp_path, forged())
    assert code == 2 and err.startswith("rate_card: ")
    code, out, err = run_command(tmp_path, forged(), "--new-card", "Storspil")
    assert code == 0, err
    assert Table.objects.get().card.title == "Storspil"


# Size ----------------------------------------------------------------------------------------------

def test_a_file_of_2001_deals_is_refused_with_the_limit(keeper_client, tmp_path):
    data = evening_to_dict(random_evening(seed=4, players=tuple(PLAYERS), deals=bounds.MAX_DEALS_PER_FILE + 1))
    refused_everywhere(keeper_client, tmp_path, data,
                       [f"deals: an evening file may hold at most {bounds.MAX_DEALS_PER_FILE} deals; this one has "
                        f"{bounds.MAX_DEALS_PER_FILE + 1}"],
                       [f"deals: en aftenfil må højst have {bounds.MAX_DEALS_PER_FILE} spil; denne har "
                        f"{bounds.MAX_DEALS_PER_FILE + 1}"])


def test_a_file_too_big_is_refused_before_it_is_read(keeper_client, tmp_path):
    raw = b" " * bounds.MAX_FILE_BYTES + b"{}"
    before = row_counts()
    code, out, err = run_command(tmp_path, raw)
    assert code == 2 and err.splitlines() == [
        f"file: the file has {len(raw)} bytes; an evening file may have at most {bounds.MAX_FILE_BYTES} bytes"]
    response = keeper_client.post("/evenings/import/", {"file": upload(raw)})
    assert response.status_code == 422 and "en aftenfil må højst fylde 4,0\xa0MB" in response.content.decode()
    response = keeper_client.post("/evenings/import/", {"file": upload(raw + b" " * 100_000)})
    assert response.status_code == 413 and "en aftenfil må højst fylde 4,0\xa0MB" in response.content.decode()
    assert row_counts() == before
    page = keeper_client.get("/evenings/import/").content.decode()
    assert f"En aftenfil må højst have {bounds.MAX_DEALS_PER_TABLE} spil og fylde 4,0\xa0MB." in page


def test_not_json_exits_2(tmp_path):
    code, out, err = run_command(tmp_path, b'{"format": ')
    assert code == 2 and err.startswith("file: the file is not valid JSON") and "Traceback" not in err
    code, out, err = run_command(tmp_path, b"\xff\xfe{}")
    assert code == 2 and err.startswith("file: the file is not valid JSON: not UTF-8 text")


# The bulk import writes what recording deal by deal writes ----------------------------------------

def _rows(table: Table) -> dict:
    """Every row a table's recording wrote, with ids replaced by what they point at."""
    deals = list(Deal.objects.filter(table=table).order_by("id"))
    deal_no = {d.pk: d.number for d in deals}
    entries = list(JournalEntry.objects.filter(table=table).order_by("id"))
    entry_no = {e.pk: i for i, e in enumerate(entries)}
    names = {p.pk: p.name for p in Player.objects.all()}
    return {
        "table": (table.number, Table.objects.get(pk=table.pk).version, table.rules, table.rate_card_json),
        "seats": [(s.position, names[s.player_id]) for s in Seat.objects.filter(table=table).order_by("position")],
        "deals": [(d.number, names[d.dealer_id], d.kind, d.outcome_json, d.current, d.voided, d.replaces_id,
                   d.recorded_by_id) for d in deals],
        "entries": [(e.kind, deal_no.get(e.deal_id), e.reverses_id, sorted(e.pots_after.items()))
                    for e in entries],
        "legs": [(entry_no[leg.entry_id], leg.account, names.get(leg.player_id), leg.amount)
                 for leg in Leg.objects.filter(entry__table=table).order_by("entry_id", "id")],
        "stats": sorted((deal_no[s.deal_id], names[s.player_id], s.evening_id == table.evening_id,
                         s.rules, s.active, s.net, sorted(s.figures.items()))
                        for s in PlayerDealStat.objects.filter(deal__table=table)),
        "summaries": sorted((names[s.player_id], s.points, s.deals, s.closed, s.date, s.club_id,
                             s.family, s.rules, sorted(s.figures.items()))
                            for s in PlayerEveningSummary.objects.filter(evening=table.evening)),
    }


@pytest.mark.parametrize("players, rules, deals", [
    (("Anne", "Bent", "Carl", "Dorte"), "vlk", 150),
    # failed touts, its own fines, passed misdeals, free redeals, forfeits (it seats at most 4)
    (("Anne", "Bent", "Carl", "Dorte"), "aeldre1900", 120),
    (("Anne", "Bent", "Carl"), "dtf2011", 60),
])
def test_bulk_import_writes_exactly_what_recording_deal_by_deal_writes(club, scorekeeper, players, rules, deals):
    evening = random_evening(seed=11, players=players, deals=deals, rules=rules, on=dt.date(2026, 11, 20))
    data = json.loads(dumps(evening))
    assert any(f.kind.value == "custom" for d in evening.deals for f in d.fines)
    assert {d.kind.value for d in evening.deals} >= {"played", "misdeal"}

    bulk = services.evening_import(club=club, data=data, user=scorekeeper)

    one_by_one_evening = services.evening_create(club=club, date="2026-11-20")
    seated = [services.player_get_or_create(club=club, name=name) for name in players]
    one_by_one = services.table_create(evening=one_by_one_evening, players=seated, rules=rules)
    for deal in evening.deals:
        services.deal_record(table=one_by_one, outcome=deal_to_dict(deal), user=scorekeeper)

    assert Deal.objects.filter(table=bulk).count() == deals
    assert _rows(bulk) == _rows(one_by_one)
    assert ledger_differences() == (2, [])
    services.evening_close(evening=bulk.evening)
    services.evening_close(evening=one_by_one_evening)
    assert _rows(Table.objects.get(pk=bulk.pk)) == _rows(Table.objects.get(pk=one_by_one.pk))
    out = io.StringIO()
    call_command("check_ledger", stdout=out)
    assert "ledger ok: 2 table(s)" in out.getvalue()


def test_bulk_import_into_an_open_evening_and_with_a_club_card(club):
    card = AELDRE1900.to_dict() | {"name": f"{club.pk}-aeldre1900-1", "title": "Gammel klub", "tout_each": 100}
    ClubRateCard.objects.create(club=club, name=card["name"], based_on="aeldre1900", data=json.dumps(card))
    first = services.evening_import(club=club, data=evening_to_dict(random_evening(seed=5, deals=30)))
    other = random_evening(seed=6, players=("Erik", "Frida", "Gitte", "Hans"), deals=40, rules="aeldre1900")
    data = json.loads(dumps(other)) | {"rules": card["name"], "rate_card": card}
    second = services.evening_import(club=club, data=data, evening=first.evening)
    assert (second.number, second.rules, second.card.title) == (2, card["name"], "Gammel klub")
    assert ledger_differences() == (2, [])


def test_the_commands_language_does_not_outlive_the_command(tmp_path):
    from django.utils import translation
    with translation.override("da"):
        code, _out, err = run_command(tmp_path, {"format": FORMAT, "players": ["A"]})
        assert code == 2 and err  # refused in English ...
        assert translation.get_language() == "da"   # ... and the caller is still Danish
