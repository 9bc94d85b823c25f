"""Standings per rule set: a club that plays VLK, grosstarock and taroc1754 (all three Danish cards,
one family) sees three standings, never one sum of points of different rule sets; only kroner are
added across them, in a total labelled so. The same for the player page, the club overview, the
exports and ``manage.py standings --rules``."""
import csv
import io
import json
import re
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command

from scoring import services
from scoring.selectors.ledger_audit import summary_differences
from scoring.models import Evening, Player
from scoring.selectors.standings import (
    club_rule_sets, rules_title, standings, standings_from_journal, standings_rules
)
from tests.web.conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]

CARDS = ("vlk", "taroc1754", "grosstarock")   # the family's order of cards


def _file(golden_dir, rules: str) -> tuple[dict, dict]:
    name = {"vlk": "four-players-tout-nolo-fines", "grosstarock": "grosstarock/grosstarock-worked",
            "taroc1754": "grosstarock/taroc1754-worked"}[rules]
    return (json.loads((golden_dir / f"{name}.json").read_text()),
            json.loads((golden_dir / f"{name}.expected.json").read_text()))


@pytest.fixture
def three_cards(club, golden_dir) -> dict[str, dict[str, int]]:
    """Three closed evenings of the same players, one per card (VLK twice, so that it is the most
    played), and each card's totals per player as the golden files give them (independent of the app)."""
    expected: dict[str, dict[str, int]] = {}
    for day, rules in enumerate(("vlk", "grosstarock", "taroc1754", "vlk"), start=10):
        data, totals = _file(golden_dir, rules)
        table = services.evening_import(club=club, data=dict(data, date=f"2026-10-{day}"))
        services.evening_close(evening=table.evening)
        for player, total in totals["totals"].items():
            expected.setdefault(rules, {}).setdefault(player, 0)
            expected[rules][player] += total
    return expected


@pytest.fixture
def member(client, club):
    client.force_login(make_user(club, "member"))
    return client


def _points(rows) -> dict[str, int]:
    return {r.player: r.points for r in rows}


def test_each_rule_set_has_its_own_standings_equal_to_the_journal(club, three_cards):
    assert [rules for rules, _f in club_rule_sets(club)] == list(CARDS)
    for rules in CARDS:
        fast = standings(club, rules=rules)
        assert _points(fast) == three_cards[rules]
        assert fast == standings_from_journal(club, rules=rules)
    # never the family-wide sum of the three cards' points
    anne = {rules: _points(standings(club, rules=rules))["Anne"] for rules in CARDS}
    assert anne == {"vlk": 640, "grosstarock": -31, "taroc1754": -17}
    assert summary_differences(Evening.objects.filter(club=club)) == []


def test_the_default_is_the_clubs_card_and_an_old_family_link_reads_its_most_played(club, three_cards):
    assert standings_rules(club) == "vlk"
    assert standings_rules(club, "grosstarock") == "grosstarock"
    assert standings_rules(club, "no-such-card") == "vlk"
    assert standings_rules(club, None, family="danish") == "vlk"   # VLK: two evenings of four
    club.rules = "taroc1754"
    assert standings_rules(club) == "taroc1754"


def test_the_standings_page_shows_one_rule_set_and_its_label(member, club, three_cards):
    page = member.get(f"/clubs/{club.pk}/standings/?rules=grosstarock").content.decode()
    assert 'name="rules"' in page and "Dansk tarok · Grosstarock</span>" in page
    rows = {r.player: r.points for r in standings(club, rules="grosstarock")}
    assert rows == three_cards["grosstarock"] and "Dorte" not in page   # Dorte never played grosstarock
    for rules in CARDS:                                               # every rule set is in the picker
        assert f'value="{rules}"' in page
    page = member.get(f"/clubs/{club.pk}/standings/?family=danish").content.decode()
    assert "Dansk tarok · VLK</span>" in page
    page = member.get(f"/clubs/{club.pk}/standings/?rules=%00nonsense").content.decode()
    assert "Dansk tarok · VLK</span>" in page                          # an unknown one: the default


def test_the_exports_follow_the_chosen_rule_set_and_say_it(member, club, three_cards):
    from tests.web.test_families_pages import pdf_text

    response = member.get(f"/clubs/{club.pk}/standings/?rules=taroc1754&_export=csv")
    assert "taroc1754" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert {r[0]: int(r[3]) for r in rows[1:]} == three_cards["taroc1754"]
    text = pdf_text(member.get(f"/clubs/{club.pk}/standings/pdf/?rules=taroc1754").content)
    assert "VLK – Stilling · Dansk tarok · Taroc 1754" in text
    assert "Bent" in text and "127" in text and "640" not in text   # taroc1754 alone, not VLK


def test_the_player_page_shows_one_rule_set_and_kroner_across_them_labelled(member, club, three_cards):
    anne = Player.objects.get(club=club, name="Anne")
    page = member.get(f"/players/{anne.pk}/?rules=grosstarock").content.decode()
    assert 'data-rules="grosstarock"' in page and "Dansk tarok · Grosstarock" in page
    events = page[page.index('id="player-events"'):page.index("</dl>", page.index('id="player-events"'))]
    assert "<dd>-31</dd>" in events and "<dd>640</dd>" not in events
    across = sum((Decimal(sum(three_cards[r].get("Anne", 0) for r in CARDS)) * club.kroner_per_point,),
                 Decimal("0.00"))
    assert across == Decimal("148.00")           # 640 − 31 − 17 points at 0,25 kr.
    found = re.search(r'id="player-kroner-across">([^<]*)<span class="kr">([^<]*)</span>', page)
    assert found and "alle spil" in found.group(1) and found.group(2).replace("\xa0", " ") == "148,00 kr."


def test_the_club_overview_leads_with_one_rule_set(member, club, three_cards):
    page = member.get(f"/clubs/{club.pk}/?rules=taroc1754").content.decode()
    leaders = page[page.index('id="leaders"'):page.index("</ol>", page.index('id="leaders"'))]
    assert "Bent</a> 127" in leaders and "Dansk tarok · Taroc 1754" in page


def test_the_standings_command_takes_a_rule_set(club, three_cards, capsys):
    call_command("standings", "--club", "VLK", "--rules", "grosstarock", "--json")
    assert {r["player"]: r["points"] for r in json.loads(capsys.readouterr().out)} == three_cards["grosstarock"]
    call_command("standings", "--club", "VLK", "--json")
    assert {r["player"]: r["points"] for r in json.loads(capsys.readouterr().out)} == three_cards["vlk"]
    call_command("standings", "--club", "VLK", "--rules", "taroc1754")
    out = capsys.readouterr().out
    assert "rules: taroc1754" in out and "also played: vlk, grosstarock" in out
    with pytest.raises(CommandError, match="--rules"):
        call_command("standings", "--club", "VLK", "--rules", "karlsruhe")


def test_a_rule_set_label_names_the_card_only_where_the_family_has_several():
    assert rules_title("vlk", "danish") == "Dansk tarok · VLK"
    assert rules_title("karlsruhe", "karlsruhe") == "Tarock (Karlsruhe)"
    assert rules_title("Klubbens egne", "danish") == "Dansk tarok · Klubbens egne"
