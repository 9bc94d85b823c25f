"""The Danish and the English pages hold to their glossaries (docs/glossary/da.md, en.md): the rendered
pages, not the catalogue, since a msgid is shared between the game families and the words a page
shows depend on the family it shows. The admin of a Danish club with a Danish, a Karlsruhe and a
Selca table reads a set of pages (club, evenings open and closed, each table, a deal's history and
void page, the log, payments, outstanding, season report, player, members, settings, cards), the
printed sheet as laid out and each family's mailed statement, once in Danish and once in English;
each rule below is checked once over all of them."""
import html
import json
import re
from unittest import mock

import pytest
from django.test import Client
from django.utils import translation

from scoring import services
from scoring.models import Club, Deal, Evening, EveningTransfer, Role
from scoring.outbox_sender import render_statement
from scoring.reports import pdf
from scoring.selectors import evening_summary
from scoring.selectors.statements import evening_statements
from tests.conftest import GOLDEN
from tests.web.conftest import make_user

#: the pages are read once, by the module's fixture (rolled back); the mark asks pytest-django for the
#: database it reads them from
pytestmark = pytest.mark.django_db

#: The Karlsruhe seed's players, named as a club's are (no letter of Danish's own, æ ø å, in any
#: name, so that a Danish letter on an English page is always an untranslated word).
KARLSRUHE_NAMES = {"Spieler 1": "Gitte", "Spieler 2": "Hans", "Spieler 3": "Ida", "Spieler 4": "Jens"}


def _file(path: str, date: str, names: dict | None = None) -> dict:
    text = (GOLDEN / path).read_text(encoding="utf-8")
    for seated, name in (names or {}).items():
        text = text.replace(f'"{seated}"', f'"{name}"')
    return {**json.loads(text), "date": date}


def _evening(club: Club, date: str) -> tuple[Evening, dict]:
    """An evening of a Danish, a Selca and a Karlsruhe table: {family: table}."""
    danish = services.evening_import(club=club, data=_file("four-players-tout-nolo-fines.json", date))
    evening = danish.evening
    tables = {"danish": danish,
              "selca": services.evening_import(club=club, evening=evening,
                                               data=_file("selca/four-players.json", date)),
              "karlsruhe": services.evening_import(club=club, evening=evening,
                                                   data=_file("karlsruhe/seed-table.json", date, KARLSRUHE_NAMES))}
    return evening, tables


def visible(page: str) -> str:
    """What a reader sees of ``page``: its text and its tooltips and placeholders, tags stripped."""
    page = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", page)
    tips = re.findall(r'\s(?:title|placeholder|aria-label)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", html.unescape(" ".join([text, *tips])))


def _read(club: Club, language: str) -> dict[str, str]:
    """Every page of the set in ``language``, as the club's admin reads it: {name: text}; the pages of
    one table's family are named after it ("selca table")."""
    admin = make_user(club, Role.ADMIN, f"admin-{language}")
    closed, _closed_tables = _evening(club, "2026-11-20")
    services.evening_close(evening=closed)
    evening, tables = _evening(club, "2026-11-27")
    transfers = list(EveningTransfer.objects.filter(evening=closed).order_by("pk"))
    payment = services.payment_record(club=club, payer=transfers[0].payer_id, receiver=transfers[0].receiver_id,
                                      amount=transfers[0].amount, currency=transfers[0].currency, method="cash",
                                      user=admin)
    client = Client()
    client.force_login(admin)
    client.cookies["django_language"] = language   # the language picked on this phone
    urls = {"club": f"/clubs/{club.pk}/", "standings": f"/clubs/{club.pk}/standings/",
            "evening closed": f"/evenings/{closed.pk}/", "evening open": f"/evenings/{evening.pk}/",
            "log": f"/evenings/{closed.pk}/log/", "close": f"/evenings/{evening.pk}/close/",
            "pay": f"/clubs/{club.pk}/payments/new/?transfer={transfers[1].pk}", "payment": f"/payments/{payment.pk}/",
            "outstanding": f"/clubs/{club.pk}/outstanding/",
            "season": f"/clubs/{club.pk}/season/?date_from=2026-01-01&date_to=2026-12-31",
            "members": f"/clubs/{club.pk}/members/", "settings": f"/clubs/{club.pk}/settings/",
            "cards": f"/clubs/{club.pk}/cards/"}
    for family, table in tables.items():
        first, last = (Deal.objects.filter(table=table, current=True).order_by(order).first()
                       for order in ("number", "-number"))
        services.deal_void(deal=first, reason="x")   # a struck-through row with its note on the sheet
        urls |= {f"{family} table": f"/tables/{table.pk}/", f"{family} history": f"/deals/{last.pk}/history/",
                 f"{family} void": f"/deals/{last.pk}/void/",
                 f"{family} player": f"/players/{table.seats.order_by('position').first().player_id}/"}
    pages = {}
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code == 200, (name, url, response.status_code)
        assert response.headers["Content-Language"] == language, (name, url)
        pages[name] = visible(response.content.decode())
    # the printed sheets as laid out (their HTML; WeasyPrint's drawing of them is not the point here)
    with translation.override(language), mock.patch.object(pdf, "render_parts", side_effect=lambda parts, _helper: [
            b"%PDF" for _part in parts]) as render:
        for shown in (closed, evening):
            pdf.render_evening_pdf(Evening.objects.get(pk=shown.pk))
    pages["sheet pdf"] = " ".join(visible(part) for call in render.call_args_list for part in call.args[0])
    summary = evening_summary(Evening.objects.get(pk=closed.pk))
    for statement in evening_statements(summary):
        mail = render_statement(statement, summary.evening, summary.kroner_per_point, language)
        pages.setdefault(f"{statement.family} mail", f"{mail.subject}\n{mail.text}")
    return pages


@pytest.fixture(scope="module")
def pages(django_db_setup, django_db_blocker) -> dict[str, dict[str, str]]:
    """The pages in both languages, read once for every rule (rolled back afterwards). Their words are
    the same on either database: the PostgreSQL run leaves them to the SQLite run."""
    from django.db import connection, transaction

    if connection.vendor != "sqlite":
        pytest.skip("the pages' words are the same on every database: read on SQLite")
    read = {}
    with django_db_blocker.unblock():
        for language in ("da", "en"):
            with transaction.atomic():
                club = Club.objects.create(name="Tarokklubben Vest", language="da")
                read[language] = _read(club, language)
                transaction.set_rollback(True)
    return read


def offences(texts: dict[str, str], pattern: str, flags=0, *, only: str = "",
             allowed: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(page, the words around it) of every match of ``pattern`` on the pages (those whose name
    starts with ``only``, when given), once the ``allowed`` patterns are blanked out."""
    found = []
    for name, text in texts.items():
        if not name.startswith(only):
            continue
        for allow in allowed:
            text = re.sub(allow, "·", text)
        found += [(name, text[max(0, m.start() - 60):m.end() + 60]) for m in re.finditer(pattern, text, flags)]
    return found


# Danish (docs/glossary/da.md) ------------------------------------------------------------------------

def test_danish_pages_say_du_never_the_formal_de(pages):
    """"De" opens a sentence as "the" or "they" too ("De 2 senere spil …"): the formal form is "De"
    before a verb, "Dem", "Deres"."""
    assert not offences(pages["da"], r"\b(?:Dem|Deres)\b|\bDe (?:kan|skal|har|må|bedes|er|bliver|vil)\b")


def test_danish_cups_are_cups_never_pots(pages):
    """The VLK booklet's kongekop and pagatkop (docs/rules/danish.md §2); a family without them has
    none, and no page calls them anything else."""
    assert not offences(pages["da"], r"(?i)\b(?:pot|potte|potter|pulje|puljer)\b")


def test_a_written_score_is_never_paid_back_in_danish(pages):
    """A Selca deal writes points and pays nothing (docs/rules/selca.md): its void page, its struck-out
    row and its mail never speak of payments paid back."""
    assert not offences(pages["da"], r"(?i)betalt tilbage|betalinger føres tilbage", only="selca")
    assert offences(pages["da"], r"annulleret – skrives ikke", only="selca table")
    assert offences(pages["da"], r"annulleret – betalt tilbage", only="danish table")


# English (docs/glossary/en.md) -----------------------------------------------------------------------

#: Danish on an English page that is data, not the page's words: a built-in card's title is the
#: card's own, frozen with every table seated with it (docs/rules/danish.md §7.4), as a club's own
#: card keeps the title the club gave it.
CARD_TITLES = (r"Ældre dansk regelbog",)


def test_english_pages_carry_no_danish_left_untranslated(pages):
    """No name or word of the set is written with Danish's own letters but a Danish word: one on an
    English page is a text left untranslated (a msgid outside the catalogue, a word built in code)."""
    assert not offences(pages["en"], r"\w*[æøåÆØÅ]\w*", allowed=CARD_TITLES)


def test_english_cups_are_cups_never_pots(pages):
    assert not offences(pages["en"], r"(?i)\bpots?\b")


def test_a_written_score_is_never_paid_back_in_english(pages):
    assert not offences(pages["en"], r"(?i)paid back|payments are", only="selca")
    assert offences(pages["en"], r"voided – not scored", only="selca table")
