"""Issue 12, item 9: "bent " next to the member Bent is Bent (``scoring.engine.names``)."""
import pytest

from scoring.engine import bounds, names


@pytest.mark.parametrize("typed", ["Bent", "bent ", " BENT", "Bént", "bent", "Be\u0301nt", "B\u00c9NT"])
def test_typed_names_that_fold_equal_are_the_member(typed):
    assert names.fold(typed) == "bent"
    assert names.match(typed, ["Anne", "Bent", "Carl"]) == names.Match("Bent")


def test_tidy_trims_and_collapses_inner_spaces_and_leaves_the_name_rule_to_bounds():
    assert names.tidy("  Bent \u00a0  Hansen ") == "Bent Hansen"
    assert bounds.name_problem(names.tidy("  Bent   Hansen ")) is None
    assert names.tidy("Erik\tFrank") == "Erik\tFrank"            # a tab is refused by the name rule, not repaired
    assert bounds.name_problem(names.tidy("Erik\tFrank"))[0] == "name_characters"


def test_fold_removes_accents_and_case_but_keeps_danish_letters():
    assert names.fold("Søren") == "søren" and names.fold("SØREN") == "søren"
    assert names.fold("Ærø") == "ærø"
    assert names.fold("René") == names.fold("rene")
    assert names.fold("Bent  Hansen") == "bent hansen"
    assert names.fold("Ｂｅｎｔ") == "bent"                        # NFKD: full-width letters


def test_the_exact_spelling_wins_among_players_that_fold_equal():
    assert names.match("bent", ["Bent", "bent"]).exact == "bent"
    assert names.match("BENT", ["Bent", "bent"]).exact == "Bent"


@pytest.mark.parametrize("typed", ["Bnet", "Benth", "Bend", "Ben", "Bent H", "Bentt", "Bemt"])
def test_near_names_ask_about_bent(typed):
    assert names.match(typed, ["Anne", "Bent", "Carl"]) == names.Match(None, ("Bent",))


@pytest.mark.parametrize("typed", ["Berit", "Bo", "Kent Hansen", "Anders", "B", "Be"])
def test_other_names_are_new_players(typed):
    assert names.match(typed, ["Bent", "Carl"]) == names.Match(None, ())


def test_names_of_one_or_two_letters_are_near_no_one():
    assert names.match("Ya", ["Xa", "Y", "Yab"]) == names.Match(None, ())
    assert names.match("Ole", ["Ola"]).near == ("Ola",)


def test_distance_counts_a_swap_as_one_edit():
    assert names.distance("bnet", "bent") == 1
    assert names.distance("bent", "bent") == 0
    assert names.distance("", "bent") == 4
    assert names.distance("berit", "bent") == 2


def test_longer_names_allow_two_edits_and_the_nearest_come_first():
    assert names.match("Kirsten", ["Kirstine", "Kirsten Bo", "Christen"]).near == ("Kirsten Bo",)
    assert names.match("Karsten", ["Kirsten"]).near == ("Kirsten",)
    assert names.match("Kristoffer", ["Kristopher", "Christoffer"]).near == ("Kristopher", "Christoffer")
    assert names.match("Kristoffer", ["Kristoffer Ravn", "Kristopher"]).near == ("Kristoffer Ravn", "Kristopher")
    assert len(names.match("Anne", ["Anna", "Anni", "Ane", "Annet", "Annes"]).near) == names.MAX_SUGGESTIONS


#: Common first names of the three countries the families come from (Danish, German, Slovenian).
COMMON_FIRST_NAMES = [
    # Danish
    "Søren", "Karen", "Anne", "Anna", "Hanne", "Jens", "Hans", "Lars", "Mette", "Lone", "Bent", "Bente",
    "Ole", "Ida", "Kirsten", "Kirstine", "Niels", "Peter", "Jørgen", "Henrik", "Inge", "Birgit", "Poul",
    "Mads", "Rasmus", "Susanne", "Lene", "Helle", "Ib", "Erik", "Jette", "Morten", "Martin", "Marianne",
    "Camilla", "Mikkel", "Freja", "Emil",
    # German
    "Dieter", "Jürgen", "Uwe", "Ute", "Klaus", "Claus", "Petra", "Monika", "Monica", "Heinz", "Horst",
    "Sabine", "Stefan", "Stephan", "Wolfgang", "Ursula", "Gerhard", "Helga", "Bernd", "Günter", "Günther",
    "Renate", "Markus", "Thomas", "Andreas", "Michael", "Christine", "Katrin", "Kathrin",
    # Slovenian
    "Ema", "Erna", "Nina", "Tina", "Jože", "Janez", "Marko", "Maja", "Mojca", "Špela", "Urška", "Luka",
    "Ana", "Bojan", "Mojca", "Franc", "Ivan", "Marija", "Mateja", "Matej", "Nejc", "Žiga", "Katja",
    "Jan", "Jana", "Andrej", "Andreja", "Boris", "Tjaša",
]

#: The pairs among them that are one edit apart (two for names longer than seven letters): the only
#: ones a scorekeeper is asked about.
NEAR_PAIRS = {
    frozenset(p) for p in [
        ("Ana", "Anna"), ("Ana", "Jana"), ("Andrej", "Andreja"), ("Anna", "Anne"), ("Anne", "Hanne"),
        ("Bent", "Bente"), ("Claus", "Klaus"), ("Günter", "Günther"), ("Jan", "Jana"), ("Jette", "Mette"),
        ("Jørgen", "Jürgen"), ("Kathrin", "Katrin"), ("Lene", "Lone"), ("Matej", "Mateja"), ("Monica", "Monika"),
        ("Nina", "Tina"), ("Ute", "Uwe"),
    ]
}


def _pairs(found):
    return {frozenset((a, b)) for a in COMMON_FIRST_NAMES for b in COMMON_FIRST_NAMES
            if a < b and found(a, b)}


def test_only_really_near_common_names_are_asked_about():
    near = _pairs(lambda a, b: names.near(names.fold(a), names.fold(b)))
    one_edit = _pairs(lambda a, b: names.distance(names.fold(a), names.fold(b)) == 1)
    assert near == one_edit == NEAR_PAIRS   # none of these is longer than seven letters and two edits apart
    for pair in [("Søren", "Karen"), ("Ema", "Erna"), ("Hans", "Jens"), ("Kirsten", "Kirstine"), ("Ida", "Ema"),
                 ("Dieter", "Peter"), ("Jože", "Janez"), ("Mads", "Lars"), ("Stefan", "Stephan")]:
        assert frozenset(pair) not in near, pair
    assert names.match("Søren", ["Karen"]) == names.Match(None, ())
