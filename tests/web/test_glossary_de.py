"""The German pages hold to the German glossary (docs/glossary/de.md): the rendered pages, not the
catalogue, since a msgid is shared between the game families and the words a page shows depend on
the family it shows. A German-speaking admin of a Karlsruhe club and of a club that plays the
Danish cards reads a set of pages (club, evenings open and closed, the table, the deal's history,
the log, the evening sheet as printed, payments, outstanding, season report, player, members,
settings, tournaments); each rule below is checked once over all of them."""
import html
import json
import re
from unittest import mock

import pytest
from django.test import Client
from django.utils import translation

from scoring import services
from scoring.models import Club, Deal, Evening, EveningTransfer, Role
from scoring.reports import pdf
from tests.conftest import GOLDEN
from tests.web.conftest import make_user

#: every test reads the database (the module's pages are made once, in a transaction rolled back at its end)
pytestmark = pytest.mark.django_db

NAMES = {"Spieler 1": "Anna", "Spieler 2": "Bernd", "Spieler 3": "Clara", "Spieler 4": "Dieter"}
#: a Dreier with Contra on the game, the große Trull for the Spielmacher and the kleine Trull for the
#: Gegner (docs/rules/karlsruhe.md §4, §5.3)
TRULLS = {"dealer": "Anna", "game": "dreier", "declarer": "Bernd", "declarers_count": 121,
          "bonuses": {"trull": {"side": "declarers", "won": True}, "four_kings": {"side": "opponents", "won": True}},
          "kontra": {"game": "kontra"}}


def _karlsruhe_file(date: str, extra: tuple = ()) -> dict:
    text = (GOLDEN / "karlsruhe" / "seed-table.json").read_text(encoding="utf-8")
    for seed_name, name in NAMES.items():
        text = text.replace(f'"{seed_name}"', f'"{name}"')
    data = json.loads(text)
    return {**data, "date": date, "deals": [*data["deals"], *extra]}


def _danish_file(date: str) -> dict:
    return {**json.loads((GOLDEN / "four-players-tout-nolo-fines.json").read_text(encoding="utf-8")), "date": date}


def visible(page: str) -> str:
    """What a reader sees of ``page``: its text and its tooltips and placeholders, tags stripped."""
    page = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", page)
    tips = re.findall(r'\s(?:title|placeholder|aria-label)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", html.unescape(" ".join([text, *tips])))


#: the pages whose words depend on the club's game (the others are read once, at the Karlsruhe club)
FAMILY_PAGES = ("club", "evening closed", "evening open", "reopen", "close", "table", "history", "void", "season")


def _club_pages(club: Club, closed_file: dict, open_file: dict, only=None) -> dict[str, str]:
    """The pages of the set for ``club`` (``only`` those named, if given), as its German-speaking admin
    reads them: {name: text}."""
    admin = make_user(club, Role.ADMIN, f"admin-{club.pk}")
    closed = services.evening_import(club=club, data=closed_file).evening
    services.evening_close(evening=closed)
    table = services.evening_import(club=club, data=open_file)
    evening = table.evening
    transfers = list(EveningTransfer.objects.filter(evening=closed).order_by("pk"))
    payment = services.payment_record(club=club, payer=transfers[0].payer_id, receiver=transfers[0].receiver_id,
                                      amount=transfers[0].amount, currency=transfers[0].currency, method="cash",
                                      user=admin)
    deal = Deal.objects.filter(table=table, current=True).order_by("-number").first()
    player = table.seats.order_by("position").first().player
    services.tournament_create(club=club, name="Clubmeisterschaft", rules=club.rules, rounds=3, round_length=1, seed=3)
    client = Client()
    client.force_login(admin)   # the club's language, German, is the login's (scoring/language.py)
    urls = {
        "club": f"/clubs/{club.pk}/", "standings": f"/clubs/{club.pk}/standings/",
        "evening closed": f"/evenings/{closed.pk}/", "evening open": f"/evenings/{evening.pk}/",
        "log": f"/evenings/{closed.pk}/log/", "reopen": f"/evenings/{closed.pk}/reopen/",
        "close": f"/evenings/{evening.pk}/close/", "table": f"/tables/{table.pk}/",
        "history": f"/deals/{deal.pk}/history/", "void": f"/deals/{deal.pk}/void/",
        "pay": f"/clubs/{club.pk}/payments/new/?transfer={transfers[1].pk}", "payment": f"/payments/{payment.pk}/",
        "payments": f"/clubs/{club.pk}/payments/",
        "outstanding": f"/clubs/{club.pk}/outstanding/",
        "season": f"/clubs/{club.pk}/season/?date_from=2026-01-01&date_to=2026-12-31",
        "player": f"/players/{player.pk}/", "members": f"/clubs/{club.pk}/members/",
        "settings": f"/clubs/{club.pk}/settings/", "tournaments": f"/clubs/{club.pk}/tournaments/",
        "cards": f"/clubs/{club.pk}/cards/",
    }
    pages = {}
    for name, url in urls.items():
        if only is not None and name not in only:
            continue
        response = client.get(url)
        assert response.status_code == 200, (name, url, response.status_code)
        assert response.headers["Content-Language"] == "de", (name, url)
        pages[name] = visible(response.content.decode())
    # the printed sheet as laid out (its HTML; WeasyPrint's drawing of it is not the point here)
    with translation.override("de"), mock.patch.object(pdf, "render_parts", side_effect=lambda pages, _helper: [
            b"%PDF" for _page in pages]) as render:
        pdf.render_evening_pdf(Evening.objects.get(pk=closed.pk))
        pdf.render_evening_pdf(Evening.objects.get(pk=evening.pk))
    pages["sheet pdf"] = " ".join(visible(page) for call in render.call_args_list for page in call.args[0])
    return pages


@pytest.fixture(scope="module")
def pages(django_db_setup, django_db_blocker) -> dict[str, dict[str, str]]:
    """The pages of both clubs, read once for every rule (rolled back afterwards)."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        karlsruhe = Club.objects.create(name="Tarockclub Karlsruhe", language="de", currency="EUR", rules="karlsruhe")
        danish = Club.objects.create(name="Tarokklub Flensburg", language="de", currency="EUR")
        read = {"karlsruhe": _club_pages(karlsruhe, _karlsruhe_file("2026-11-20"),
                                         _karlsruhe_file("2026-11-27", (TRULLS,))),
                "danish": _club_pages(danish, _danish_file("2026-11-20"), _danish_file("2026-11-27"), FAMILY_PAGES)}
        transaction.set_rollback(True)
    return read


def every_page(pages):
    return [(f"{club} {name}", text) for club, read in pages.items() for name, text in read.items()]


def near(text: str, match: re.Match) -> str:
    return text[max(0, match.start() - 60):match.end() + 60]


def offences(pages, pattern: str, flags=0, *, clubs=("karlsruhe", "danish"), allowed=()) -> list[tuple[str, str]]:
    """(page, the words around it) of every match of ``pattern`` on the pages of ``clubs``, once the
    ``allowed`` patterns are blanked out."""
    found = []
    for club in clubs:
        for name, text in pages[club].items():
            for allow in allowed:
                text = re.sub(allow, "·", text)
            found += [(f"{club} {name}", near(text, m)) for m in re.finditer(pattern, text, flags)]
    return found


#: "Blatt" is a card of the count, and only that (§S: "35 Punkte + 1 Blatt"): a number of them, the
#: form's "Punkte und Blätter (0–2)", or the count's field "Blätter" (its label, never after an article
#: or a preposition, as "das Blatt", "laut Blatt", "auf dem Blatt" would be the score sheet).
CARD_BLATT = (r"\b\d+ (?:Blatt|Blätter)\b", r"Punkte und Blätter",
              r"(?<!\bdas )(?<!\bdie )(?<!\bdem )(?<!\bden )(?<!\baufs )(?<!\blaut )(?<!\bzum )\bBlätter\b")


def test_blatt_is_a_card_never_the_score_sheet(pages):
    assert not offences(pages, r"(?i)bl[aä]tt", allowed=CARD_BLATT)


#: A capitalised "Sie" that is she or they, never the formal you: none on these pages yet. An entry
#: names the whole phrase and says why the "Sie" in it is she/they.
SHE_OR_THEY = ()


def test_the_pages_say_du_never_the_formal_sie(pages):
    """Lower-case "sie" (she, they, them) is German's own; "Sie", "Ihr", "Ihnen", "Ihre(m/n/r/s)"
    are the formal form of address the glossary leaves out."""
    assert not offences(pages, r"\b(?:Sie|Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)\b", allowed=SHE_OR_THEY)


def test_a_karlsruhe_club_is_never_told_of_pots(pages):
    """Karlsruhe pays every deal out at once: it has no pots (docs/rules/karlsruhe.md, "no cups")."""
    assert not offences(pages, r"(?i)t[oö]pf|kasse\b|kassen\b", clubs=("karlsruhe",))


def test_the_danish_cards_pots_are_toepfe(pages):
    """The Danish cards' two cups are the Königstopf and the Pagattopf, on every page that names
    them: never "Kasse"."""
    assert not offences(pages, r"\bKassen?\b", clubs=("danish",))
    assert all("Topf" in pages["danish"][name] or "Töpfe" in pages["danish"][name]
               for name in ("table", "evening open", "club", "season")), "the pots are named"


DANISH = ("kop", "kopper", "koppen", "kongekop", "pagatkop", "spil", "spillet", "spillere", "spilfører", "aften",
          "aftener", "aftenen", "bord", "borde", "bordet", "stilling", "giver", "udestående", "ubetalt", "betaler",
          "lukket", "ikke", "og", "hvem", "kroner", "øre", "øret")


def test_no_danish_word_is_left(pages):
    assert not offences(pages, r"(?i)\b(?:" + "|".join(DANISH) + r")\b")


def test_no_label_is_doubled(pages):
    """Nothing reads "X (X)", such as a card's title beside its game of the same name."""
    doubled = []
    for page, text in every_page(pages):
        for m in re.finditer(r"\(((?:[^()]|\([^()]*\))+)\)", text):
            inner, before = m.group(1).strip(), text[:m.start()].rstrip()
            if inner and before.lower().endswith(inner.lower()) and not before[:-len(inner)][-1:].isalnum():
                doubled.append((page, near(text, m)))
    assert not doubled


def test_a_karlsruhe_club_reads_the_seeds_words(pages):
    """The seed's words for what the app records (docs/rules/karlsruhe.md, §C, §K, §S): "Contra",
    the große and the kleine Trull, the Spielmacher; the sheet's column under each player is the
    deal's Punkte, not the game's kind."""
    k = pages["karlsruhe"]
    assert not offences(pages, r"\bKontra\b|Vier Könige|(?<!große )(?<!kleine )\bTrull\b|(?i:\bals Spieler\b)",
                        clubs=("karlsruhe",))
    assert "Contra" in k["history"] and "große Trull" in k["table"] and "kleine Trull" in k["table"]
    assert "Spielmacher" in k["table"] and "Als Spielmacher" in k["player"]
    assert "Contra Spiel: Contra" in k["history"]   # the game doubled, not "gespielt" (a deal's kind)
    assert "Spielart" not in k["sheet pdf"]


def test_a_wrong_password_is_called_wrong(client):
    make_user(Club.objects.create(name="Tarockclub Karlsruhe", language="de"), Role.MEMBER, "anna")
    client.cookies["django_language"] = "de"
    text = visible(client.post("/login/", {"username": "anna", "password": "falsch-1"}).content.decode())
    assert "Benutzername oder Passwort ist falsch" in text
