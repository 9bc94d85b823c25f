"""The engine speaks the pages' four languages through the project's own catalogues
(scoring/engine/translation.py): every message code, card, group and fine name is a Danish msgid
of locale/<lang>/LC_MESSAGES/django.po, translated in English, German and Slovenian with the same
placeholders, and read without Django."""
import json
import string
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine import families, problems
from scoring.engine.problems import EveningError, problem, register
from scoring.engine.translation import LANGUAGES, LOCALE_DIR, Text, catalogue, pgettext_lazy
from tests.minifamily import engine as minifamily_engine  # noqa: F401  (a family outside the catalogues)

ROOT = Path(__file__).resolve().parents[2]
for _name in families.built_in():      # each built-in family registers its codes when loaded
    families.family(_name)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def engine_texts() -> list[Text]:
    from families.danish.engine import problems as danish    # the words its messages name cards with
    return [*problems._CATALOGUE.values(), *danish._CARD_NAMES.values(), *danish._GROUPS.values(),
            *danish._FINE_NAMES.values(), danish._TAROK, problems._WHERE]


@pytest.mark.parametrize("lang", ["en", "de", "sl"])
def test_every_engine_text_of_a_built_in_family_is_translated_with_its_placeholders(lang):
    compiled = catalogue(lang)._catalog          # the .mo's own entries: "context\x04msgid" -> msgstr
    missing, changed = [], []
    for text in engine_texts():
        if text.msgid.startswith("et minibord") or text.msgid.startswith("der skal være tal for netop spillerne") \
                or text.msgid.startswith("flere har det højeste tal"):
            continue                           # the tests' minimal family is outside `make messages`
        key = f"{text.context}\x04{text.msgid}"
        if not compiled.get(key):
            missing.append(text.msgid)
        elif placeholders(compiled[key]) != placeholders(text.msgid):
            changed.append(text.msgid)
    assert missing == [] and changed == []


def test_a_problem_reads_in_each_language():
    found = problem(3, "kings.hearts.owner", "card_claimed_twice", card="hearts.king", first="Anne", second="Bent")
    assert [found.text(lang) for lang in LANGUAGES] == [
        "spil 3: kings.hearts.owner: hjerter konge kan ikke høre til både Anne og Bent",
        "deal 3: kings.hearts.owner: the king of hearts cannot belong to both Anne and Bent",
        "Spiel 3: kings.hearts.owner: Herz-König kann nicht zugleich zu Anne und Bent gehören",
        "igra 3: kings.hearts.owner: srčni kralj ne more pripadati hkrati Anne in Bent",
    ]
    fine = problem(2, "fines[1].fine", "fine_not_on_card", rules="vlk", fine="revoke")
    assert fine.message("de") == "der Tarif 'vlk' hat keine Strafe für 'Farbe verleugnet'; nimm eine andere Strafe mit Betrag"
    assert fine.message("sl") == "cenik 'vlk' nima kazni za 'renons'; uporabite drugo kazen z zneskom"
    assert str(fine) == fine.text("en") and fine.text("de-at") == fine.text("de")


def test_a_family_message_reads_in_each_language():
    found = problem(None, "players", "karlsruhe_player_count", count=3)
    assert {lang: found.message(lang) for lang in LANGUAGES} == {
        "da": "et Karlsruhe-bord har 4 eller 5 spillere, ikke 3",
        "en": "a Karlsruhe table seats 4 or 5 players, not 3",
        "de": "ein Karlsruher Tisch hat 4 oder 5 Spieler, nicht 3",
        "sl": "karlsruhška miza ima 4 ali 5 igralcev, ne 3",
    }
    assert EveningError([found]).lines("sl") == ["players: karlsruhška miza ima 4 ali 5 igralcev, ne 3"]


def test_a_message_missing_from_the_catalogues_reads_in_danish():
    # the tests' minimal family: its folder is outside `make messages`
    found = problem(1, "counts", "minifamily_tie", count=7)
    assert found.message("de") == found.message("da") == "flere har det højeste tal (7); ét spil har én vinder"


def test_a_code_registered_unmarked_or_with_other_wording_is_refused():
    with pytest.raises(TypeError):
        register({"new_code": ("dansk", "English")})
    with pytest.raises(ValueError):
        register({"required": pgettext_lazy("engine", "skal udfyldes, tak")})
    register({"required": pgettext_lazy("engine", "skal udfyldes")})      # the same wording again is fine


def test_an_unknown_language_is_refused_by_the_catalogue_and_read_as_english_by_a_message():
    with pytest.raises(ValueError):
        catalogue("fr")
    assert problem(None, "", "required").message("fr") == "is required"


def test_the_engine_speaks_german_without_django():
    code = ("import sys, json\n"
            "from scoring.engine.problems import problem\n"
            "import families.selca.engine\n"
            "p = problem(2, 'kontra.by', 'selca_kontra_by_declarer', name='Bojan')\n"
            "print(json.dumps([p.text('de'), p.text('sl'), 'django' in sys.modules]))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ["Spiel 2: kontra.by: Kontra sagt ein Gegner, nicht der Spielmacher Bojan",
                                       "igra 2: kontra.by: kontro da nasprotnik, ne licitator Bojan", False]


def test_the_catalogues_the_engine_reads_are_the_projects():
    assert LOCALE_DIR == ROOT / "locale"
    assert all((LOCALE_DIR / lang / "LC_MESSAGES" / "django.mo").exists() for lang in ("en", "de", "sl"))


def test_a_selca_formula_is_stored_as_its_words_and_worded_in_each_language():
    from scoring.engine.interchange import loads
    from scoring.engine.ledger import FORMULA_WORDS
    from scoring.engine.report import settlement_to_dict
    from scoring.engine.settle import settle_evening
    from scoring.engine.translation import phrase_text

    settled = settle_evening(loads((ROOT / "tests" / "golden" / "selca" / "worked-examples.json").read_text()))
    first = settled.deals[0].facts
    assert json.loads(json.dumps(first[FORMULA_WORDS])) == first[FORMULA_WORDS]     # stored as JSON
    assert first["formula"] == phrase_text(first[FORMULA_WORDS], "en") == (
        "Bojan plays three, wins 43:27: game item [game +1 + poeni +2 + kings +1] = +4; x1 (three) = V0 +4; "
        "declarer V, opponents -V each")
    assert phrase_text(first[FORMULA_WORDS], "de") == (
        "Bojan spielt tri, gewinnt 43:27: Spielwert [Spiel +1 + poeni +2 + Könige +1] = +4; x1 (tri) = V0 +4; "
        "Spielmacher V, Gegner je -V")
    assert phrase_text(first[FORMULA_WORDS], "sl") == (
        "Bojan igra tri, dobi 43:27: postavka igre [igra +1 + poeni +2 + kralji +1] = +4; x1 (tri) = V0 +4; "
        "licitator V, vsak nasprotnik -V")
    assert phrase_text(settled.deals[1].facts[FORMULA_WORDS], "da") == "klop: Ana tog flest (34) -5"
    # the evening file and settle keep the English formula only
    assert all(FORMULA_WORDS not in row for row in settlement_to_dict(settled)["deals"])
    assert phrase_text("a formula stored before words were", "de") == "a formula stored before words were"


@pytest.mark.parametrize("players", [("Ana", "Bojan", "Cene"), ("Ana", "Bojan", "Cene", "Darja")])
def test_a_phrase_stored_and_worded_in_one_pass_reads_as_its_json_worded(players):
    """``Phrase.stored`` (what a Selca deal's formula facts are built with) gives what ``to_json``
    and ``phrase_text`` of it give, in every language, for every kind of deal and §7 case."""
    from families.selca.engine.generate import random_evening
    from families.selca.engine.rates import SELCA
    from families.selca.engine.settle import deal_postings
    from scoring.engine.translation import phrase_text

    cases = set()
    for seed in range(4):
        for deal in random_evening(seed, players, deals=300).deals:
            formula = deal_postings(players, deal, SELCA)[1]
            for lang in LANGUAGES:
                words, text = formula.stored(lang)
                assert words == formula.to_json() and text == phrase_text(formula.to_json(), lang)
            cases.add(words[-1][0] if deal.kind.value == "game" and isinstance(words[-1], list) else deal.kind.value)
    assert len(cases) >= 6   # every kind and several of §7's cases were worded
