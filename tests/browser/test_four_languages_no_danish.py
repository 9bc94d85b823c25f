"""German and Slovenian pages of every family show no Danish interface word.

The Danish words looked for come from the catalogues themselves: every word of a Danish msgid whose
German (Slovenian) msgstr reads otherwise, unless the target language uses the same word somewhere
in its own catalogue, or it is one of the games' own words (GAME_WORDS: a game's terms stay the
game's on every page, docs/rules/*.md). The pages: each family's evening, its table page with the
deal form open, a deal's correction with its preview, the closed sheet, the standings of its rule
set, a player's page, and the club's pages, at a phone's 390 px and at 1280 (``WIDTHS``). Screenshots with
SHOTS=/dir."""
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from scoring import services
from scoring.models import Club, Deal, Player, Role
from tests.browser.helpers import shot
from tests.browser.test_standings_layout import open_page, page_overflow
from tests.conftest import GOLDEN
from tests.web.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALE = Path(__file__).resolve().parents[2] / "locale"

#: The games' own words, kept on every page language (docs/rules/danish.md, grosstarock.md,
#: karlsruhe.md, selca.md): not interface words even where a Danish msgid holds them.
GAME_WORDS = {
    # Danish tarok and the old German cards
    "pagat", "pagaten", "bagud", "ultimo", "nolo", "tout", "vole", "skis", "skisen", "sküs", "mond", "wühlmaus",
    "matador", "matadorer", "ladon", "ladoner", "honnør", "honnører", "taroks", "tarok", "tarock", "ecartering",
    "taroc", "grosstarock", "vlk", "dtf",
    # Karlsruhe
    "radl", "contra", "kontra", "re", "sub", "hirsch", "rufer", "dreier", "sechserbock", "bettel", "ouvert",
    "fahrer", "schneider", "valat", "trull", "uhu", "kakadu", "königsrufer", "solorufer", "punkte", "blätter",
    # Selca: the zapisnik's words
    "klop", "polni", "renons", "poen", "poeni", "kavf", "trula", "mondfang", "pagatfonk", "zapisnik", "izkupiček",
    "ena", "dve", "tri", "zatala", "igralec", "igra", "točke", "točk", "talon", "kralji", "škis",
    # names, not words: the app, its families, the Danish language as the picker names it in its own
    # tongue, and the rule books' titles ("Dansk Tarokforbund 2011", "Regeln bey dem Taroc-Spiele")
    "tarokklub", "karlsruhe", "selca", "kroner", "dansk", "dem",
}


def _entries(path: Path) -> list[tuple[str, str]]:
    """(msgid, msgstr) of a catalogue's Danish msgids, plural forms joined."""
    found = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            match = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) "(.*)"$', line)
            if match:
                key = match.group(1)
                fields[key] = fields.get(key, "") + match.group(2)
            elif line.startswith('"') and key:
                fields[key] += line[1:-1]
        # a msgid in the Karlsruhe family's context is the game's own German (its seed's words),
        # not a Danish interface word
        if fields.get("msgid") and fields.get("msgctxt") != "karlsruhe":
            ids = fields["msgid"] + " " + fields.get("msgid_plural", "")
            strs = " ".join(v for k, v in fields.items() if k.startswith("msgstr"))
            found.append((ids, strs))
    return found


def _words(text: str) -> set[str]:
    text = re.sub(r"\{[^}]*\}|%\([^)]*\)\w|%\w|<[^>]*>|&\w+;|\\n", " ", text)
    return {w.lower() for w in re.findall(r"[^\W\d_]+", text)}


@lru_cache(maxsize=None)
def danish_words(lang: str) -> frozenset[str]:
    entries = _entries(LOCALE / lang / "LC_MESSAGES" / "django.po")
    own = set().union(*(_words(msgstr) for _, msgstr in entries))
    danish = set()
    for msgid, msgstr in entries:
        if msgid != msgstr:
            danish |= _words(msgid) - _words(msgstr)
    # "og", "på", "af" … count too; "dd" is a date's format (DD.MM.YYYY), "kr" the kroner's sign
    return frozenset(w for w in danish - own - GAME_WORDS - {"dd", "kr"} if len(w) >= 2)


def test_the_danish_word_list_is_danish():
    for lang in ("de", "sl"):
        words = danish_words(lang)
        assert {"spilfører", "fejlgivning", "giver", "tælling", "aftener", "stilling", "og", "på"} <= words, lang
        assert not words & {"pagat", "radl", "klop", "valat", "contra"}


def danish_on(page, lang: str, names: set[str]) -> list[str]:
    text = page.inner_text("body") + " " + " ".join(
        page.eval_on_selector_all("[title], [placeholder], [aria-label]",
                                  "els => els.map(e => [e.title, e.placeholder, e.ariaLabel].join(' '))"))
    found = {w for w in re.findall(r"[^\W\d_]+", text) if w.lower() in danish_words(lang)}
    return sorted(w for w in found if w not in names)


def load(path: Path) -> dict:
    return json.loads(path.read_text())


FILES = {   # each family, each of its shapes: Danish, the old German cards, Karlsruhe, Selca
    "vlk": GOLDEN / "four-players-tout-nolo-fines.json",
    "grosstarock": GOLDEN / "grosstarock" / "grosstarock-worked.json",
    "taroc1754": GOLDEN / "grosstarock" / "taroc1754-worked.json",
    "karlsruhe": GOLDEN / "karlsruhe" / "seed-table.json",
    "selca": GOLDEN / "selca" / "worked-examples.json",
}


def club_of_every_family(lang: str):
    """A club speaking ``lang`` with, per family, a closed evening and an open one."""
    club = Club.objects.create(name="Tarock", language=lang)
    make_user(club, Role.ADMIN, "skriver")
    tables = {}
    for name, path in FILES.items():
        closed = services.evening_import(club=club, data=load(path))
        services.evening_close(evening=closed.evening)
        tables[name] = (closed, services.evening_import(club=club, data={**load(path), "date": "2026-11-26"}))
    return club, tables


def pages_of(club, tables) -> dict[str, str]:
    pages = {"club": f"/clubs/{club.pk}/", "players": f"/clubs/{club.pk}/players/",
             "seasons": f"/clubs/{club.pk}/seasons/", "language": f"/clubs/{club.pk}/language/",
             "cards": f"/clubs/{club.pk}/cards/", "lockouts": f"/clubs/{club.pk}/lockouts/", "home": "/"}
    for name, (closed, open_table) in tables.items():
        deal = Deal.objects.filter(table=open_table, current=True).order_by("number").first()
        player = closed.seats.order_by("pk").first().player
        pages |= {f"{name} evening": f"/evenings/{open_table.evening_id}/",
                  f"{name} table": f"/tables/{open_table.pk}/",
                  f"{name} correction": f"/deals/{deal.pk}/edit/",
                  f"{name} history": f"/deals/{deal.pk}/history/",
                  f"{name} sheet": f"/tables/{closed.pk}/",
                  f"{name} closed evening": f"/evenings/{closed.evening_id}/",
                  f"{name} log": f"/evenings/{closed.evening_id}/log/",
                  f"{name} standings": f"/clubs/{club.pk}/standings/?rules={closed.rules}",
                  f"{name} player": f"/players/{player.pk}/?rules={closed.rules}"}
    return pages


#: Both languages on the phone, where a longer word overflows first; German, the longer-worded, also
#: at 1280 (the words a page shows are the same at both widths unless its layout hides some).
WIDTHS = [(390, "de"), (390, "sl"), (1280, "de")]


@pytest.mark.parametrize("width, lang", WIDTHS, ids=[f"{w}-{lang}" for w, lang in WIDTHS])
def test_every_familys_pages_show_no_danish_interface_word(live_server, browser, lang, width):
    club, tables = club_of_every_family(lang)
    names = {part for name in Player.objects.filter(club=club).values_list("name", flat=True)
             for part in re.findall(r"\w+", name)}
    context, page = open_page(browser, live_server, width, 844)
    found, overflow = {}, {}
    try:
        for name, url in pages_of(club, tables).items():
            page.goto(live_server.url + url)
            assert page.evaluate("document.documentElement.lang") == lang, name
            if name.endswith("correction"):
                page.wait_for_selector("#preview-net, #preview-problems, .preview", state="attached")
                page.wait_for_load_state("networkidle")
            found[name] = danish_on(page, lang, names)
            overflow[name] = page_overflow(page)
            shot(page, f"{lang}-{width}-{name.replace(' ', '-')}", full=True)
        assert {name: words for name, words in found.items() if words} == {}
        assert {name: px for name, px in overflow.items() if px > 0} == {}
    finally:
        context.close()
