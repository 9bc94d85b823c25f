"""The Slovenian pages held to their glossary (docs/glossary/sl.md), as a Selca club's members read them.

The msgids are shared between the families (one Danish text serves a Danish cup game and the Selca
zapisnik), so the catalogue alone cannot say whether a page speaks right: the pages are rendered and
read. A Slovenian-speaking admin of a Selca club (ŠD Selca: a closed evening, the golden worked
examples, and an open one, the four-player golden with one deal corrected) and of a Karlsruhe club
(the seed's table, for the Radl) opens the pages a member meets; each test holds every page to one
rule of the glossary. The pages are rendered once (``RENDERED``): what is read is text."""
from __future__ import annotations

import json
import re
from unittest import mock

import pytest
from django.test import Client

from scoring import services
from scoring.models import Club, Deal, Player, Role
from tests.conftest import GOLDEN
from tests.web.conftest import make_user

NAMES = ("Ana", "Bojan", "Cene", "Darja")
NAME = "(?:" + "|".join(NAMES) + ")"


def text_of(html: str) -> str:
    """A page's words: its text nodes one to a line (scripts and styles left out)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    nodes = (re.sub(r"\s+", " ", node).strip() for node in re.split(r"<[^>]+>", html))
    return "\n".join(node for node in nodes if node)


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


#: The pages' texts, rendered once per test process (by the first test that asks) and read by each test.
RENDERED: dict[str, str] = {}


@pytest.fixture
def pages(db) -> dict[str, str]:
    """Every page's text by name; ``WRITTEN`` are the Selca table's own pages, ``KARLSRUHE`` the
    Karlsruhe club's."""
    if not RENDERED:
        RENDERED.update(render_pages())
    return RENDERED


def golden(name: str):
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


def render_pages() -> dict[str, str]:
    texts: dict[str, str] = {}
    selca = Club.objects.create(name="ŠD Selca", rules="selca", language="sl", currency="EUR")
    closed = services.evening_import(club=selca, data=golden("selca/worked-examples.json")).evening
    services.evening_close(evening=closed)
    table = services.evening_import(club=selca, data=golden("selca/four-players.json"))
    first = Deal.objects.get(table=table, number=1, current=True)
    services.deal_correct(deal=first, outcome={**first.outcome, "count": 111}, reason="štetje")
    karlsruhe = Club.objects.create(name="Tarock Karlsruhe", rules="karlsruhe", language="sl", currency="EUR")
    ktable = services.evening_import(club=karlsruhe, data=golden("karlsruhe/seed-table.json"))
    member = make_user(selca, Role.ADMIN, "clan")
    member.memberships.create(club=karlsruhe, role=Role.ADMIN)
    client = Client()
    client.force_login(member)

    table.refresh_from_db()
    last = Deal.objects.filter(table=table, current=True).order_by("-number").first()
    corrected = Deal.objects.get(table=table, number=1, current=True)
    bojan = Player.objects.get(club=selca, name="Bojan")
    urls = {
        "club": f"/clubs/{selca.pk}/", "standings": f"/clubs/{selca.pk}/standings/",
        "season": f"/clubs/{selca.pk}/season/", "members": f"/clubs/{selca.pk}/members/",
        "member": f"/clubs/{selca.pk}/members/{bojan.pk}/", "settings": f"/clubs/{selca.pk}/settings/",
        "cards": f"/clubs/{selca.pk}/cards/", "player": f"/players/{bojan.pk}/",
        "settlement": f"/evenings/{closed.pk}/", "evening": f"/evenings/{table.evening_id}/",
        "close": f"/evenings/{table.evening_id}/close/",
        "table": f"/tables/{table.pk}/", "edit": f"/deals/{last.pk}/edit/", "void": f"/deals/{last.pk}/void/",
        "history": f"/deals/{corrected.pk}/history/",
        "karlsruhe club": f"/clubs/{karlsruhe.pk}/", "karlsruhe evening": f"/evenings/{ktable.evening_id}/",
        "karlsruhe table": f"/tables/{ktable.pk}/",
    }
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        texts[name] = text_of(response.content.decode())
    # a game sent without its declarer, game and count: the form and its preview name the fields
    sent = {"dealer": "Ana", "kind": "game", "version": table.version}
    refused = client.post(f"/tables/{table.pk}/", sent)
    assert refused.status_code == 422, refused.status_code
    texts["refused"] = text_of(refused.content.decode())
    texts["preview"] = text_of(client.post(f"/tables/{table.pk}/preview/", sent).content.decode())
    # the printed evening as WeasyPrint is given it (its words; the layout is tests/web/test_pdf.py's):
    # the zapisnik, then the evening's money (who pays whom, as on its page)
    with mock.patch("scoring.reports.pdf.render_parts", lambda pages, helper=None: [p.encode() for p in pages]):
        printed = text_of(client.get(f"/evenings/{closed.pk}/pdf/").content.decode())
    texts["zapisnik pdf"], money = printed.split("Končni rezultat", 1)
    texts["settlement pdf"] = "Končni rezultat" + money
    return texts


WRITTEN = ("table", "edit", "void", "history", "refused", "preview", "zapisnik pdf")
KARLSRUHE = ("karlsruhe club", "karlsruhe evening", "karlsruhe table")


def found(pages: dict[str, str], pattern: str, names=None, flags=re.I) -> list[tuple[str, str]]:
    """(page, what) of every match of ``pattern`` on the pages (all, or ``names``)."""
    return [(name, m.group(0)) for name, text in pages.items() if names is None or name in names
            for m in re.finditer(pattern, flat(text), flags)]


def test_the_pages_are_slovenian(pages):
    assert "Zapisnik" in pages["table"] and "Licitator" in pages["table"] and "Lestvica" in pages["club"]


def test_no_pots_on_a_potless_familys_pages(pages):
    """Selca and Karlsruhe have no cups: no lonček on any of their pages (glossary: "lonček")."""
    assert not found(pages, r"\blonč\w*")


def test_no_payment_words_on_the_written_score(pages):
    """A Selca deal writes points and pays nothing: its table, correction, void and history pages
    and the zapisnik speak of writing, never of payments (glossary: "zapisano", never "plačilo")."""
    assert not found(pages, r"\bplač\w*|\bstorn\w*|\bvrnjen\w*|\bzapisnik [+-]\d", WRITTEN)


def test_the_declarer_is_the_licitator(pages):
    """The declarer is "licitator" (the rule text's word); "igralec" is any player at the table,
    never the declarer named before his name, his count or his share."""
    assert not found(pages, rf"\bigralec\b(?=:? (?:{NAME}|\d|točke|V\b))")
    for name in ("table", "history", "zapisnik pdf"):
        assert "licitator" in pages[name].lower(), name


def test_no_label_beside_its_own_translation(pages):
    """A game's term is printed beside the page's word for it only where they differ: never
    "Delilec (delilec)", "Skupaj (Skupaj)", "Podpisi · Podpisi", "Tarok po Selško (Tarok (po Selško))"."""
    doubled = []
    for name, text in pages.items():
        text = flat(text)
        for m in re.finditer(r"([\w ]+?) ?\(((?:[^()]|\([^()]*\))+)\)", text):
            inner = m.group(2).replace("(", " ").replace(")", " ").split()
            before = m.group(1).split()
            if [w.casefold() for w in before[-len(inner):]] == [w.casefold() for w in inner]:
                doubled.append((name, m.group(0)))
        doubled += [(name, m.group(0)) for m in re.finditer(r"\b(\w+) · \1\b", text, re.I)]
    assert not doubled


def test_one_form_of_address_vi(pages):
    """The app says vi to its members (glossary: "Nagovor"): no ti, tvoj, no verb of the second
    person singular, no ti-imperative opening a sentence; a button keeps its short imperative."""
    assert not found(pages, r"\b(?:ti|tebi|tvoj\w*|\w+[ei]š)\b")
    sentences = [(name, line) for name, text in pages.items() for line in text.splitlines()
                 if re.match(r"(?:Izberi|Vpiši|Preveri|Poskusi|Počakaj|Uredi|Vrni|Naloži|Preimenuj)\b", line)
                 and line.rstrip().endswith((".", "?", "!"))]
    assert not sentences


def test_no_danish_or_german_word_where_slovenian_has_one(pages):
    """The Karlsruhe Radl is a radelc to a Slovenian tarok player; no Danish word is left untranslated."""
    assert not found(pages, r"\bRadl\w*", flags=0)
    assert not found(pages, r"\b(?:kopper|betaler|Giver|spillet|Aftener)\b", flags=0)
    assert "radelc" in pages["karlsruhe table"]


def test_grammar_needs_no_case_or_gender_a_name_cannot_give(pages):
    """A name gives neither case nor gender: who pays whom is "Ana → Bojan", a participle agrees
    with a noun (the game, the side, "igralec"), never with a name; the opponents are counted by a
    construction without a number; a date's month is in the genitive; a required field is
    "obvezen podatek"; e-pošta is feminine."""
    wrong = {
        rf"\bplača {NAME}\b": "the dative a name cannot give",
        rf"\b{NAME} (?:je )?(?:naredil|pokazal|izgubil|shranil)\b|\bpokazal {NAME}\b": "a participle agreeing with a name",
        rf"\b{NAME} (?:dobljeno|izgubljen)\b": "won or lost agreeing with a name",
        r"\bnasprotniki vsak\b|\bimajo največ\b": "a plural for two",
        r"\d\. (?:januar|februar|marec|april|maj|junij|julij|avgust|september|oktober|november|december) \d{4}":
            "a date's month in the nominative",
        r": je obvezno\b": "a required field without a subject",
        r"\bVidijo ga le\b": "e-pošta is feminine",
        r"\bIzstopl\w*": "not a word",
    }
    assert not [(why, hit) for pattern, why in wrong.items() for hit in found(pages, pattern, flags=0)]
    assert "Ana → Bojan: 250 točk" in flat(pages["settlement"])
    assert "20. novembra 2026" in flat(pages["settlement"])
    assert "obvezen podatek" in pages["refused"] and "Licitator : obvezen podatek" in flat(pages["preview"])

