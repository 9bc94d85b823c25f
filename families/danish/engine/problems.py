"""The Danish family's own message codes for the rules of docs/rules/danish.md and grosstarock.md
(Danish msgids marked for the engine's catalogues, docs/architecture.md "The engine's words") and
the words its messages name a card, a group of melds and a fine with, registered in the engine's
catalogue (``problems.register``) when the family is loaded. The generic codes (``key_not_on_card``,
``sits_out`` …) are reused."""
from __future__ import annotations

from scoring.engine.problems import register
from scoring.engine.translation import DEFAULT, Text, pgettext_lazy

CATALOGUE: dict[str, Text] = {
    "player_count": pgettext_lazy("engine", "et bord har 3 til 5 spillere, ikke {count}"),
    "only_dealer_and_fines": pgettext_lazy("engine", "en fejlgivning eller et kasseret spil har kun giver, art og "
                                                     "bøder"),
    "meld_field_unused": pgettext_lazy("engine", "hører ikke til en {kind}-melding"),
    "meld_count_range": pgettext_lazy("engine", "skal være mellem {low} og {high}"),
    "missing_kind_kings": pgettext_lazy("engine", "skal være en farve (hearts, diamonds, clubs, spades)"),
    "missing_kind_court": pgettext_lazy("engine", "skal være king, queen, cavalier eller knave"),
    "two_melds_group": pgettext_lazy("engine", "{name} har allerede en melding i {group}"),
    "two_melds_kind": pgettext_lazy("engine", "{name} har allerede en {kind}-melding"),
    "card_claimed_twice": pgettext_lazy("engine", "{card} kan ikke høre til både {first} og {second}"),
    "taroks_without_own_pagat": pgettext_lazy("engine", "{name} har pagat og kan ikke melde 'uden'"),
    "missing_card_owned": pgettext_lazy("engine", "{name} melder {card} som manglende, men har det"),
    "too_many_taroks": pgettext_lazy("engine", "{total} taroks meldt i alt; der er kun 22"),
    "two_ultimo": pgettext_lazy("engine", "kun ét kort kan gå ultimo"),
    "ultimo_not_winner": pgettext_lazy("engine", "{name} tog ikke sidste stik og kan ikke gå ultimo"),
    "bagud_winner": pgettext_lazy("engine", "{name} tog sidste stik, så kortet kan ikke gå bagud"),
    "two_cards_last_trick": pgettext_lazy("engine", "{name} kan ikke have to kort i sidste stik"),
    "tout_not_winner": pgettext_lazy("engine", "{name} tog ikke sidste stik og kan ikke have tout"),
    "tout_and_nolo": pgettext_lazy("engine", "tout og nolo kan ikke begge ske"),
    "nolo_winner": pgettext_lazy("engine", "{name} tog sidste stik og kan ikke have nolo"),
    "nolo_card_home": pgettext_lazy("engine", "{name} har nolo og kan ikke have taget stik med {card}"),
    "tout_card_home": pgettext_lazy("engine", "{name} fik tout, så {owner} kan ikke have taget stik med {card}"),
    "tout_card_lost": pgettext_lazy("engine", "{name} fik tout og kan ikke have tabt {card}"),
    "counts_after_nolo": pgettext_lazy("engine", "der tælles ikke efter en nolo"),
    "counts_missing": pgettext_lazy("engine", "to eller tre spillere skal tælle"),
    "count_range": pgettext_lazy("engine", "skal være mellem {low} og {high}"),
    "counts_sum_two": pgettext_lazy("engine", "de to tal giver {total}; højst {maximum}"),
    "counts_sum_three": pgettext_lazy("engine", "de tre tal giver {total}; de skal give {expected}"),
    "derived_must_be": pgettext_lazy("engine", "med to tal er det {name}, der udregnes"),
    "custom_amount": pgettext_lazy("engine", "skal være et positivt helt tal"),
    "amount_not_custom": pgettext_lazy("engine", "kun en anden bøde har et beløb"),
    "misdeal_only_its_fine": pgettext_lazy("engine", "en fejlgivning har kun giverafgiften og fejlgivningsbøden"),
    "misdeal_fine_misplaced": pgettext_lazy("engine", "fejlgivningsbøden gives ved at registrere spillet som "
                                                      "fejlgivning (giveren betaler)"),
    "fine_not_on_card": pgettext_lazy("engine", "takstkortet '{rules}' har ingen bøde for {fine}; brug en anden "
                                                "bøde med beløb"),
    "failed_tout_not_on_card": pgettext_lazy("engine", "takstkortet '{rules}' kender ikke tabt tout"),
    "failed_tout_made": pgettext_lazy("engine", "{name} fik tout og kan ikke også have tabt den"),
    # The old German cards (docs/rules/grosstarock.md §5)
    "meld_not_on_card": pgettext_lazy("engine", "takstkortet '{rules}' kender ingen {kind}-melding"),
    "group_not_on_card": pgettext_lazy("engine", "på takstkortet '{rules}' meldes {kind} kun i en farve (hearts, "
                                                 "diamonds, clubs, spades)"),
    "group_kind": pgettext_lazy("engine", "skal være kings eller en farve (hearts, diamonds, clubs, spades)"),
    "four_group": pgettext_lazy("engine", "skal være queens, cavaliers eller knaves"),
    "fate_not_on_card": pgettext_lazy("engine", "takstkortet '{rules}' kender ikke udfaldet '{fate}'"),
    "discard_not_dealer": pgettext_lazy("engine", "kun giveren kan lægge pagat i skat; {name} gav ikke"),
    "king_discarded": pgettext_lazy("engine", "en konge kan ikke lægges i skat"),
    "card_discarded": pgettext_lazy("engine", "{card} blev lagt i skat af giveren"),
    "taroks_without_own_scies": pgettext_lazy("engine", "{name} har skisen og kan ikke melde 'uden'"),
    "taroks_over_deck": pgettext_lazy("engine", "{name} kan højst have {maximum} taroks: de andre har resten"),
    "honours_over_deck": pgettext_lazy("engine", "{name} kan højst melde {maximum} honneurs: de andre har resten "
                                                 "eller de er lagt i skat"),
    "ladons_over_deck": pgettext_lazy("engine", "{total} ladoner meldt i alt; der er kun {maximum}"),
    "hand_over_25": pgettext_lazy("engine", "{name} skulle have {count} kort; en hånd har {maximum}"),
    "announced_nolo_twice": pgettext_lazy("engine", "{name} har allerede meldt nolo"),
    "announced_nolo_and_vole": pgettext_lazy("engine", "{name} har meldt vole og kan ikke også melde nolo"),
    "failed_tout_vole": pgettext_lazy("engine", "{name} meldte vole; den tabte vole betales allerede"),
    "count_must": pgettext_lazy("engine", "{name} tog et stik eller har sin skat og tæller mindst 1"),
    # A free redeal and forfeits (docs/rules/danish.md §7.4)
    "redeal_not_on_card": pgettext_lazy("engine", "takstkortet '{rules}' kender ikke en ny give uden betaling"),
    "redeal_only_dealer": pgettext_lazy("engine", "en ny give har kun giveren og den, der bad om den; ingen bøder"),
    "asked_by_not_redeal": pgettext_lazy("engine", "kun en ny give har en, der bad om den"),
    "passed_not_misdeal": pgettext_lazy("engine", "kun en fejlgivning kan gå videre uden bøde"),
    "passed_no_fine": pgettext_lazy("engine", "en fejlgivning, der går videre, koster ingen fejlgivningsbøde"),
    "forfeited_twice": pgettext_lazy("engine", "{name} er nævnt to gange"),
    # A cup's contents replaced (docs/rules/danish.md §7.4, the older rule book's SPILLET)
    "cup_fine_without_fine": pgettext_lazy("engine", "{name} skal også have bøden for svigtet kulør eller forkert "
                                                     "antal kort i dette spil"),
    "cup_fine_no_ultimo": pgettext_lazy("engine", "ingen anden spiller tog {cup} hjem med et ultimo i dette spil; "
                                                  "forhindrede fejlen en andens ultimo, så vælg hvem der får "
                                                  "indholdet"),
    "cup_fine_to_self": pgettext_lazy("engine", "{name} kan ikke få sin egen erstatning"),
    "cup_fine_twice": pgettext_lazy("engine", "{name} erstatter allerede {cup}"),
}

#: The cards a message may name (``card`` parameters): the trumps by their own words, the court
#: cards whole, because each language builds "the king of hearts" its own way.
_CARD_NAMES: dict[str, Text] = {
    "pagat": pgettext_lazy("engine", "pagat"),
    "scies": pgettext_lazy("engine", "skisen"),
    "hearts.king": pgettext_lazy("engine", "hjerter konge"),
    "hearts.queen": pgettext_lazy("engine", "hjerter dame"),
    "hearts.cavalier": pgettext_lazy("engine", "hjerter kavaler"),
    "hearts.knave": pgettext_lazy("engine", "hjerter knægt"),
    "diamonds.king": pgettext_lazy("engine", "ruder konge"),
    "diamonds.queen": pgettext_lazy("engine", "ruder dame"),
    "diamonds.cavalier": pgettext_lazy("engine", "ruder kavaler"),
    "diamonds.knave": pgettext_lazy("engine", "ruder knægt"),
    "clubs.king": pgettext_lazy("engine", "klør konge"),
    "clubs.queen": pgettext_lazy("engine", "klør dame"),
    "clubs.cavalier": pgettext_lazy("engine", "klør kavaler"),
    "clubs.knave": pgettext_lazy("engine", "klør knægt"),
    "spades.king": pgettext_lazy("engine", "spar konge"),
    "spades.queen": pgettext_lazy("engine", "spar dame"),
    "spades.cavalier": pgettext_lazy("engine", "spar kavaler"),
    "spades.knave": pgettext_lazy("engine", "spar knægt"),
}
_TAROK = pgettext_lazy("engine", "tarok {number}")
_GROUPS: dict[str, Text] = {
    "kings": pgettext_lazy("engine", "kongerne"),
    "hearts": pgettext_lazy("engine", "hjerter"),
    "diamonds": pgettext_lazy("engine", "ruder"),
    "clubs": pgettext_lazy("engine", "klør"),
    "spades": pgettext_lazy("engine", "spar"),
    "queens": pgettext_lazy("engine", "damerne"),
    "cavaliers": pgettext_lazy("engine", "kavalererne"),
    "knaves": pgettext_lazy("engine", "knægtene"),
}
_FINE_NAMES: dict[str, Text] = {
    "cup_not_moved": pgettext_lazy("engine", "kopperne ikke flyttet"),
    "misdeal": pgettext_lazy("engine", "fejlgivning"),
    "wrong_card_count": pgettext_lazy("engine", "forkert antal kort"),
    "false_meld": pgettext_lazy("engine", "falsk melding"),
    "missed_meld": pgettext_lazy("engine", "glemt melding"),
    "meld_before_dealer": pgettext_lazy("engine", "meldt før giveren"),
    "out_of_turn": pgettext_lazy("engine", "spillet uden for tur"),
    "false_scies_call": pgettext_lazy("engine", "falsk skiskald"),
    "revoke": pgettext_lazy("engine", "svigtet kulør"),
    "illegal_discard": pgettext_lazy("engine", "ulovlig ecartering"),
    "custom": pgettext_lazy("engine", "anden bøde"),
}


#: The cups a message may name (``cup`` parameters), in the definite form a sentence needs.
_CUP_NAMES: dict[str, Text] = {
    "king": pgettext_lazy("engine", "kongekoppen"),
    "pagat": pgettext_lazy("engine", "pagatkoppen"),
}


def cup_name(key: str, lang: str = DEFAULT) -> str:
    """Name of a cup (``king``, ``pagat``), definite: "pagatkoppen"."""
    return _CUP_NAMES[key].in_language(lang)


def card_name(key: str, lang: str = DEFAULT) -> str:
    """Name of a card key (``pagat``, ``scies``, ``tarok21`` or ``<suit>.<court>``)."""
    if key in _CARD_NAMES:
        return _CARD_NAMES[key].in_language(lang)
    if key.startswith("tarok"):
        return _TAROK.format(lang, number=key[5:])
    raise KeyError(key)


def group_name(key: str, lang: str = DEFAULT) -> str:
    """Name of a group of melds (``kings``, a suit, ``queens`` …)."""
    return _GROUPS[key].in_language(lang)


def fine_name(key: str, lang: str = DEFAULT) -> str:
    """Name of a fine, quoted: it reads inside a sentence as the rate card names it."""
    return "'" + _FINE_NAMES[key].in_language(lang) + "'"


register(CATALOGUE, params={"card": card_name, "group": group_name, "fine": fine_name, "cup": cup_name})
