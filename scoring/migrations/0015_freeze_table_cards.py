"""A table keeps the card it was seated with (docs/rules/danish.md §7.4). Tables opened before the
card was frozen on them (``Table.rate_card_json`` empty) read the built-in card of their ``rules``;
when ``dtf2011`` and ``aeldre1900`` were corrected, such a table would have changed its rules. This
freezes the edition they were played with, the first, on them; every other table is left as it is."""
import json

from django.db import migrations


def first_editions() -> dict[str, dict]:
    """The first editions of the corrected built-in cards, as stored data, by name (named one by
    one: a card corrected again has a later edition among ``EARLIER_EDITIONS`` too)."""
    from families.danish.engine.rates import AELDRE1900_FIRST, DTF2011_FIRST
    return {card.name: card.to_dict() for card in (DTF2011_FIRST, AELDRE1900_FIRST)}


def freeze(apps, schema_editor):
    Table = apps.get_model("scoring", "Table")
    for name, data in first_editions().items():
        Table.objects.filter(rules=name, rate_card_json="").update(rate_card_json=json.dumps(data, ensure_ascii=False))


class Migration(migrations.Migration):

    dependencies = [("scoring", "0014_tournaments")]

    operations = [migrations.RunPython(freeze, migrations.RunPython.noop)]
