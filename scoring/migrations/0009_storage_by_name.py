"""Storage that knows no family (docs/architecture.md, Storage).

- ``Leg.account``: "player" or the name of one of the table's family's pots, no longer one of three
  Danish choices (the Danish "king" and "pagat" and a written score's "sheet", which was stored
  outside the old choices, are kept as they are: each already is its pot's name).
- ``JournalEntry.pots_after``: the pots after each entry by name, instead of the two Danish cup
  columns. A Danish table's come from those columns; a family's other pots (a written score's
  sheet, which the columns never held) are summed from the table's legs in the order they were
  posted, as the services compute them (each entry's pots after it are the sum of every leg on
  the pot so far).
- ``PlayerDealStat.figures`` and ``PlayerEveningSummary.figures``: the family's per-deal figures by
  name (``Family.figures``, 0s left out), instead of the nine Danish columns and ``cup_won``. The
  current version of every deal gets its figures from the engine (the table settled as
  ``check_ledger`` settles it, the family's ``deal_stats``): the Danish ones as the columns held
  them, and now also the other families', which were settled again at every read until now. A
  replaced or voided version keeps what its columns held, by name. Each evening summary's figures
  are then its player's current deals' figures summed by name.
- ``rules`` (the table's rule set, ``Table.rules``) on both summaries, for standings per rule set.

Backwards: the columns are filled again from the names (a figure the columns had no place for,
``failed_tout`` or a Karlsruhe declarer's, is dropped; so are the pots of a family other than the
Danish). The engine is imported by its registry (``scoring.engine.families``): the figures are the
family's own.
"""
import json

from django.db import migrations, models

#: The old columns of the Danish figures, in the order they were declared.
OLD_FIGURES = ("meld_points", "fines", "pagat_ultimo", "king_ultimo", "pagat_bagud", "king_bagud", "tout", "nolo",
               "last_trick")
OLD_POTS = {"king": "king_cup_after", "pagat": "pagat_cup_after"}


def _table_figures(apps, table) -> dict:
    """{(deal id, player id): figures} of the table's current deals, from its family's engine."""
    from scoring.engine import families

    Deal = apps.get_model("scoring", "Deal")
    Seat = apps.get_model("scoring", "Seat")
    family = families.family(table.family)
    card = (family.card_from_dict(json.loads(table.rate_card_json)) if table.rate_card_json
            else family.rate_card(table.rules))
    seats = list(Seat.objects.filter(table=table).select_related("player").order_by("position"))
    players = tuple(seat.player.name for seat in seats)
    ids = {seat.player.name: seat.player_id for seat in seats}
    rows = list(Deal.objects.filter(table=table, current=True).order_by("number"))
    deals = tuple(family.parse_deal(json.loads(row.outcome_json), row.number, card) for row in rows)
    settlement = family.settle_evening(family.make_evening(players, deals, card.name, table.evening.date, card), card)
    found = {}
    for row, deal, entry in zip(rows, deals, settlement.deals):
        for figures in family.deal_stats(players, deal, entry):
            found[(row.pk, ids[figures.player])] = family.stored_figures(figures)
    return found


def forwards(apps, schema_editor):
    from scoring.engine import families
    from scoring.engine.problems import EveningError

    Table = apps.get_model("scoring", "Table")
    JournalEntry = apps.get_model("scoring", "JournalEntry")
    Leg = apps.get_model("scoring", "Leg")
    PlayerDealStat = apps.get_model("scoring", "PlayerDealStat")
    PlayerEveningSummary = apps.get_model("scoring", "PlayerEveningSummary")
    Seat = apps.get_model("scoring", "Seat")

    for table in Table.objects.select_related("evening").order_by("pk"):
        family = families.family(table.family)
        # the pots after each entry, by name
        running = dict.fromkeys(family.pots, 0)
        moved: dict[int, dict[str, int]] = {}
        for entry_id, account, amount in (Leg.objects.filter(entry__table=table).exclude(account="player")
                                          .values_list("entry_id", "account", "amount")):
            moved.setdefault(entry_id, {}).setdefault(account, 0)
            moved[entry_id][account] += amount
        changed = []
        for entry in JournalEntry.objects.filter(table=table).order_by("pk"):
            for pot, amount in moved.get(entry.pk, {}).items():
                running[pot] = running.get(pot, 0) + amount
            after = {pot: running.get(pot, 0) for pot in family.pots}
            after.update({pot: getattr(entry, column) for pot, column in OLD_POTS.items() if pot in family.pots})
            entry.pots_after = after
            changed.append(entry)
        JournalEntry.objects.bulk_update(changed, ["pots_after"], batch_size=500)
        # the per-deal figures by name: the engine's for the current deals, the columns' for the others
        try:
            current = _table_figures(apps, table)
        except EveningError:   # a table the engine cannot settle (check_ledger names it): its columns
            current = {}
        stats = []
        for stat in PlayerDealStat.objects.filter(deal__table=table).order_by("pk"):
            old = {name: getattr(stat, name) for name in (*OLD_FIGURES, "cup_won") if getattr(stat, name)}
            stat.figures = current.get((stat.deal_id, stat.player_id), old)
            stat.rules = table.rules
            stats.append(stat)
        PlayerDealStat.objects.bulk_update(stats, ["figures", "rules"], batch_size=500)

    seated = {(e, p): r for e, p, r in Seat.objects.values_list("table__evening_id", "player_id", "table__rules")}
    sums: dict[tuple[int, int], dict[str, int]] = {}
    for evening_id, player_id, figures in (PlayerDealStat.objects.filter(deal__current=True)
                                           .values_list("evening_id", "player_id", "figures")):
        mine = sums.setdefault((evening_id, player_id), {})
        for name, value in figures.items():
            mine[name] = mine.get(name, 0) + value
    summaries = []
    for summary in PlayerEveningSummary.objects.order_by("pk"):
        key = (summary.evening_id, summary.player_id)
        summary.figures = {name: value for name, value in sums.get(key, {}).items() if value}
        summary.rules = seated.get(key, "")
        summaries.append(summary)
    PlayerEveningSummary.objects.bulk_update(summaries, ["figures", "rules"], batch_size=500)


def backwards(apps, schema_editor):
    JournalEntry = apps.get_model("scoring", "JournalEntry")
    PlayerDealStat = apps.get_model("scoring", "PlayerDealStat")
    PlayerEveningSummary = apps.get_model("scoring", "PlayerEveningSummary")
    entries = []
    for entry in JournalEntry.objects.order_by("pk"):
        for pot, column in OLD_POTS.items():
            setattr(entry, column, entry.pots_after.get(pot, 0))
        entries.append(entry)
    JournalEntry.objects.bulk_update(entries, list(OLD_POTS.values()), batch_size=500)
    for model, columns in ((PlayerDealStat, (*OLD_FIGURES, "cup_won")), (PlayerEveningSummary, OLD_FIGURES)):
        rows = []
        for row in model.objects.order_by("pk"):
            for name in columns:
                setattr(row, name, row.figures.get(name, 0))
            rows.append(row)
        model.objects.bulk_update(rows, list(columns), batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0008_game_families")]

    operations = [
        migrations.AddField(model_name="journalentry", name="pots_after", field=models.JSONField(default=dict)),
        migrations.AddField(model_name="playerdealstat", name="figures", field=models.JSONField(default=dict)),
        migrations.AddField(model_name="playerdealstat", name="rules",
                            field=models.CharField(default="", max_length=40)),
        migrations.AddField(model_name="playereveningsummary", name="figures", field=models.JSONField(default=dict)),
        migrations.AddField(model_name="playereveningsummary", name="rules",
                            field=models.CharField(default="", max_length=40)),
        migrations.AlterField(model_name="leg", name="account", field=models.CharField(max_length=20)),
        # a default for each column to be dropped, so that going back can add it again to rows that exist
        migrations.AlterField(model_name="journalentry", name="king_cup_after", field=models.IntegerField(default=0)),
        migrations.AlterField(model_name="journalentry", name="pagat_cup_after", field=models.IntegerField(default=0)),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(model_name="journalentry", name="king_cup_after"),
        migrations.RemoveField(model_name="journalentry", name="pagat_cup_after"),
        *[migrations.RemoveField(model_name="playerdealstat", name=name) for name in (*OLD_FIGURES, "cup_won")],
        *[migrations.RemoveField(model_name="playereveningsummary", name=name) for name in OLD_FIGURES],
    ]
