"""Club overview, season standings and player pages, with CSV/XLSX/PDF exports."""
from __future__ import annotations

import re

from django.db.models import Count, F, Sum
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import formats
from django.utils.formats import date_format
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring import access
from scoring.paying import how_to_pay, reference
from scoring.reports import paging
from scoring.reports.charts import cumulative_svg
from scoring.engine.families import family as engine_family
from scoring.filters import EveningFilter
from scoring.reports.listings import (
    EveningsTable, PlayerPaymentsTable, SpreadsheetExport, player_evenings_table, rating_text, standings_table
)
from scoring.models import Account, Club, Evening, Leg, Player, Role
from scoring.currency import format_money, format_purse
from scoring.selectors.payments import (
    player_book, player_pairs, player_payment_sums, player_states, player_transfers
)
from scoring.selectors.history import family_figures, largest_cups_won, player_evenings
from scoring.selectors.members import player_log
from scoring.selectors.ratings import club_ratings, last_date, rating_cells, rating_history, standings_ratings
from scoring.selectors.standings import (
    club_rule_sets, event_fields, figure_heading, money_across, player_rule_sets, rules_family, rules_title, standings, standings_source,
    standings_rules, table_side, written_score
)

EXPORT_FORMATS = ("csv", "xlsx")

#: Figures the page shows per game (the declarer's games table), not again as a count: a family's
#: won and lost per game (Selca's ``three_won`` … ``one_lost``).
PER_GAME_FIGURE = re.compile(r"^(three|two|one)_(won|lost)$")


def _figures_context(figures) -> dict | None:
    """The player page's view of a family's own figures (``history.family_figures``)."""
    if figures is None:
        return None
    side = table_side(figures.family)
    words = {str(value): word for value, word in side.game_words.items()} if side is not None else {}
    headings = side.figure_words if side is not None else {}
    return {
        "deals": figures.deals, "declared": figures.declared,
        "games": [(words.get(game, game), declared, won, lost) for game, declared, won, lost in figures.games],
        "counts": [(str(headings.get(name, name.replace("_", " "))), value) for name, value in figures.counts
                   if not PER_GAME_FIGURE.match(name)],
    }


def _club(request, pk: int) -> Club:
    club = get_object_or_404(Club, pk=pk)
    access.require(request.user, club)
    return club


def _export(request, table, name: str):
    fmt = request.GET.get("_export")
    if fmt in EXPORT_FORMATS:
        return SpreadsheetExport(fmt, table, exclude_columns=()).response(f"{name}.{fmt}")
    return None


def _evening_filter(request, club: Club, played: list[tuple[str, str]], player=None) -> EveningFilter:
    """The evenings asked for, of one rule set: with several played a picker (``?rules=NAME``; the
    default: ``standings_rules``; an old ``?family=NAME`` link reads that family's most played rule
    set), with one none. Points of two rule sets are never summed."""
    rules = standings_rules(club, request.GET.get("rules"), played, player, request.GET.get("family"))
    return EveningFilter(request.GET, queryset=standings_source(club), club=club,
                         rule_sets=[(name, rules_title(name, family)) for name, family in played], rules=rules)


def _chosen(evening_filter, played) -> tuple[str, str]:
    """(rules, family) the filter chose."""
    rules = evening_filter.chosen_rules
    return rules, rules_family(rules, played)


def _standings_context(request, club: Club):
    played = club_rule_sets(club)
    evening_filter = _evening_filter(request, club, played)
    evenings = evening_filter.qs if evening_filter.is_valid() else Evening.objects.none()
    rules, family = _chosen(evening_filter, played)
    # each row names its rule set, so that the player's link opens his page on the same one; beside
    # the points, his rating as it stood after the last evening shown
    rated = standings_ratings(club, rules, family, evenings)
    rows = [{**r.as_dict(), "rules": rules, **rating_cells(rated.get(r.player_id))}
            for r in standings(club, evenings=evenings, family=family, rules=rules)]
    return evening_filter, rows, rules, family, len(played) > 1


@require_GET
def standings_view(request, pk: int):
    club = _club(request, pk)
    evening_filter, rows, rules, family, several = _standings_context(request, club)
    table = standings_table(rows, family)
    paging.configure(request, table, per_page=25)
    # the export's name says the rule set (a spreadsheet has no title of its own)
    return _export(request, table, f"stilling-{club.pk}-{_file_word(rules)}") or render(
        request, "scoring/standings.html", {"club": club, "filter": evening_filter, "table": table,
                                            "query": request.GET.urlencode(), "family": family, "rules": rules,
                                            "family_label": rules_title(rules, family)})


def _file_word(rules: str) -> str:
    """The rule set's name as a file name may carry it (a club's own card may have any name)."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", rules).strip("-") or "rules"


@require_GET
def standings_pdf(request, pk: int):
    from scoring.reports.pdf import render_standings_pdf

    club = _club(request, pk)
    evening_filter, rows, rules, family, several = _standings_context(request, club)
    response = HttpResponse(render_standings_pdf(club, rows, evening_filter, family=family,
                                                 family_label=rules_title(rules, family)),
                            content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="stilling-{club.pk}-{_file_word(rules)}.pdf"'
    return response


@require_GET
def player_detail(request, pk: int):
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    access.require(request.user, player.club_id)
    if player.merged_into_id is not None:   # a merged duplicate's page is the player he is now
        query = request.GET.urlencode()
        return redirect(reverse("scoring:player_detail", args=[player.merged_into_id]) + (f"?{query}" if query else ""))
    club = player.club
    played = player_rule_sets(player)
    evening_filter = _evening_filter(request, club, played, player)
    evenings = evening_filter.qs if evening_filter.is_valid() else Evening.objects.none()
    rules, family = _chosen(evening_filter, played)
    history = player_evenings(player, evenings, family, rules)
    row = next((r for r in standings(club, evenings=evenings, family=family, rules=rules)
                if r.player_id == player.pk), None)
    # money is the one figure that may be added across rule sets (each currency on its own): the
    # evenings of the dates and season asked for, whatever rule set they were played by, labelled so
    across = None
    if len(played) > 1 and evening_filter.is_valid():
        dated = EveningFilter(request.GET, queryset=standings_source(club), club=club)
        across = format_purse(money_across(player, dated.qs if dated.is_valid() else Evening.objects.none()))
    table = player_evenings_table(history, family)
    paging.configure(request, table, per_page=50)
    book = player_book(player)
    payments = PlayerPaymentsTable(player_transfers(player), prefix="pay-",
                                   states_of=lambda rows: player_states(player, rows, book))
    sums = player_payment_sums(player, book)
    paging.configure(request, payments, per_page=20, rows_counted=sums.transfers)
    chart = cumulative_svg([(date_format(e.date, "SHORT_DATE_FORMAT"), e.cumulative) for e in history],
                           title=_("Samlede point for %(name)s") % {"name": player.name})
    # his rating at the rule set's tables, evening by evening, up to the last evening shown
    steps = rating_history(club_ratings(club, rules, family), player.pk, last_date(evenings))
    rating = steps[-1].rating if steps else None
    rating_chart = cumulative_svg(
        [(date_format(s.date, "SHORT_DATE_FORMAT"), s.rating.shown) for s in steps],
        title=_("Rating for %(name)s") % {"name": player.name},
        fmt=lambda v: formats.number_format(v, 1, use_l10n=True)) if steps else ""
    return _export(request, table, f"spiller-{player.pk}-{_file_word(rules)}") or render(
        request, "scoring/player_detail.html", {
            "player": player, "club": club, "row": row, "table": table, "chart": chart, "filter": evening_filter,
            "rating": rating_text(rating.shown, rating.provisional) if rating is not None else "",
            "rating_chart": rating_chart,
            "family": family, "rules": rules, "kroner_across": across,
            "family_label": rules_title(rules, family) if len(played) > 1 else "",
            "events": [(figure_heading(family, f), row.figures.get(f, 0)) for f in event_fields(family)]
            if row is not None else [], "written": written_score(family),
            "kroner": format_purse(row.amounts)
            if row is not None else "", "figures": _figures_context(family_figures(player, evenings, family, rules)),
            "query": request.GET.urlencode(), "payments": payments,
            "owes": format_purse(sums.owes, empty=format_money(0, club.currency)),
            "owed": format_purse(sums.owed, empty=format_money(0, club.currency)),
            "log": list(player_log(player)[:20]), "can_admin": access.can(request.user, club, Role.ADMIN),
            **_paying(request, player, book, sums)})


def _paying(request, player, book, sums) -> dict:
    """What the player owes and is owed, pair by pair (each with "Gør op" for who may), and how he
    pays what he owes: to the club's account, with his reference (``paying.how_to_pay``)."""
    club = player.club
    settle = reverse("scoring:payment_settle", args=[club.pk])
    found = player_pairs(player, book)
    # who may settle which pair: its two players' logins, read in one query
    players = {p.pk: p for p in Player.objects.filter(pk__in={i for pair in found for i in (pair.debtor_id,
                                                                                            pair.creditor_id)})}
    pairs = [(p, f"{settle}?{urlencode({'player': p.debtor_id, 'other': p.creditor_id, 'currency': p.currency})}"
              if access.may_record_payment(request.user, club.pk, players[p.debtor_id], players[p.creditor_id])
              else "") for p in found]
    return {"pairs": pairs,
            "how_to_pay": [found for currency, amount in sums.owes.items()
                           if (found := how_to_pay(club, currency, amount, reference(player.pk)))],
            "may_record": access.may_record_payment(request.user, club.pk, player, None)}


@require_GET
def club_detail(request, pk: int):
    club = _club(request, pk)
    played = club_rule_sets(club)
    evening_filter = _evening_filter(request, club, played)
    evenings = evening_filter.qs if evening_filter.is_valid() else Evening.objects.none()
    rules, family = _chosen(evening_filter, played)
    all_evenings = Evening.objects.filter(club=club)
    shared = dict(Leg.objects.filter(entry__table__evening__in=all_evenings, entry__kind="split",
                                     entry__reversed_by__isnull=True,  # a reopening reversed the earlier split
                                     account=Account.PLAYER).values_list("entry__table__evening_id")
                  .annotate(total=Sum("amount")))
    rows = [{"id": e.pk, "date": e.date, "tables_count": e.tables_count, "cups_shared": shared.get(e.pk, 0),
             "closed": e.closed_at is not None,
             "name": _("%(tournament)s — runde %(n)s") % {"tournament": e.round_of, "n": e.round_number}
             if e.round_of else ""}
            for e in all_evenings.annotate(tables_count=Count("tables"), round_of=F("tournament_round__tournament__name"),
                                           round_number=F("tournament_round__number")).order_by("-date", "-id")]
    # the cups shared per evening only for a club that has played a family with cups; the heading
    # names them only then (a Karlsruhe or Selca club has no cups)
    with_cups = any(engine_family(f).cups for _r, f in played)
    table = EveningsTable(rows, exclude=(*(() if with_cups else ("cups_shared",)),
                                         *(() if any(r["name"] for r in rows) else ("name",))))
    paging.configure(request, table, per_page=20)
    leaders = standings(club, evenings=evenings, family=family, rules=rules)[:5]
    return _export(request, table, f"aftener-{club.pk}") or render(request, "scoring/club_detail.html", {
        "club": club, "table": table, "leaders": leaders,
        "cups": largest_cups_won(evenings, rules=rules) if engine_family(family).cups else [],
        "has_cups": bool(engine_family(family).cups), "evenings_with_cups": with_cups,
        "family_label": rules_title(rules, family) if len(played) > 1 else "",
        "filter": evening_filter, "can_admin": access.can(request.user, club, "admin")})
