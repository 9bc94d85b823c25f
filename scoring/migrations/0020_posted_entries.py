"""The ledger's invariants held by the database on SQLite and PostgreSQL alike (docs/architecture.md,
"The ledger's invariants"):

- ``JournalEntry.posted``, written after the entry's legs: a trigger refuses to post an entry whose
  legs do not sum to zero (SQLite has no deferred triggers; PostgreSQL keeps its deferred one of
  0002 too), another refuses a leg inserted, changed or deleted on an entry already posted, and a
  posted entry stays posted. Every existing entry is marked posted before the triggers are made.
  On SQLite a leg of a posted entry is not deleted (the DELETE skips it) rather than refused with an
  error, and deleting an entry takes its legs: Django's flush (``manage.py flush``, the tests'
  teardown of a transactional test) empties SQLite's tables one by one in no fixed order, legs
  perhaps before entries; on PostgreSQL it truncates, which fires no row trigger.
- ``JournalEntry.supersedes``: a deal's entry posted again for the same deal version (a later deal
  settled anew after a correction or a void) names the entry it takes the place of, so that a deal
  has exactly one first "deal" entry (a unique constraint) and a line of successors. The existing
  entries of each deal are linked in the order they were posted, before the constraint is made.
"""
from django.db import migrations, models
from django.db.models import Q

SQLITE = """
CREATE TRIGGER scoring_entry_post BEFORE UPDATE OF posted ON scoring_journalentry
WHEN NEW.posted AND (SELECT COALESCE(SUM(amount), 0) FROM scoring_leg WHERE entry_id = NEW.id) <> 0
BEGIN SELECT RAISE(ABORT, 'journal entry does not sum to zero: not posted'); END;
CREATE TRIGGER scoring_entry_unpost BEFORE UPDATE OF posted ON scoring_journalentry
WHEN OLD.posted AND NOT NEW.posted
BEGIN SELECT RAISE(ABORT, 'a posted journal entry stays posted'); END;
CREATE TRIGGER scoring_leg_insert_posted BEFORE INSERT ON scoring_leg
WHEN EXISTS (SELECT 1 FROM scoring_journalentry WHERE posted AND id = NEW.entry_id)
BEGIN SELECT RAISE(ABORT, 'a leg written to a journal entry already posted'); END;
CREATE TRIGGER scoring_leg_update_posted BEFORE UPDATE ON scoring_leg
WHEN EXISTS (SELECT 1 FROM scoring_journalentry WHERE posted AND id IN (OLD.entry_id, NEW.entry_id))
BEGIN SELECT RAISE(ABORT, 'a leg written to a journal entry already posted'); END;
CREATE TRIGGER scoring_leg_delete_posted BEFORE DELETE ON scoring_leg
WHEN EXISTS (SELECT 1 FROM scoring_journalentry WHERE posted AND id = OLD.entry_id)
BEGIN SELECT RAISE(IGNORE); END;
CREATE TRIGGER scoring_entry_delete AFTER DELETE ON scoring_journalentry
BEGIN DELETE FROM scoring_leg WHERE entry_id = OLD.id; END;
"""
SQLITE_DROP = """
DROP TRIGGER IF EXISTS scoring_entry_post;
DROP TRIGGER IF EXISTS scoring_entry_unpost;
DROP TRIGGER IF EXISTS scoring_leg_insert_posted;
DROP TRIGGER IF EXISTS scoring_leg_update_posted;
DROP TRIGGER IF EXISTS scoring_leg_delete_posted;
DROP TRIGGER IF EXISTS scoring_entry_delete;
"""
POSTGRES = """
CREATE OR REPLACE FUNCTION scoring_entry_post() RETURNS trigger AS $$
DECLARE
  total bigint;
BEGIN
  IF OLD.posted AND NOT NEW.posted THEN
    RAISE EXCEPTION 'journal entry % is posted and stays posted', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.posted AND NOT OLD.posted THEN
    SELECT COALESCE(SUM(amount), 0) INTO total FROM scoring_leg WHERE entry_id = NEW.id;
    IF total <> 0 THEN
      RAISE EXCEPTION 'journal entry % does not sum to zero (%): not posted', NEW.id, total
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER scoring_entry_post BEFORE UPDATE OF posted ON scoring_journalentry
  FOR EACH ROW EXECUTE FUNCTION scoring_entry_post();
CREATE OR REPLACE FUNCTION scoring_leg_posted() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM scoring_journalentry WHERE posted AND id IN (OLD.entry_id, NEW.entry_id)) THEN
    RAISE EXCEPTION 'a leg written to a journal entry already posted (%)', COALESCE(NEW.entry_id, OLD.entry_id)
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN COALESCE(NEW, OLD);
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER scoring_leg_posted BEFORE INSERT OR UPDATE OR DELETE ON scoring_leg
  FOR EACH ROW EXECUTE FUNCTION scoring_leg_posted();
"""
POSTGRES_DROP = """
DROP TRIGGER IF EXISTS scoring_leg_posted ON scoring_leg;
DROP FUNCTION IF EXISTS scoring_leg_posted();
DROP TRIGGER IF EXISTS scoring_entry_post ON scoring_journalentry;
DROP FUNCTION IF EXISTS scoring_entry_post();
"""


def triggers(vendor: str) -> tuple[str, str]:
    """(create, drop): this migration's triggers for the database ``vendor`` (the tests that show
    check_ledger a tampered ledger drop them for the test and make them again)."""
    return {"sqlite": (SQLITE, SQLITE_DROP), "postgresql": (POSTGRES, POSTGRES_DROP)}.get(vendor, ("", ""))


def statements(sql: str) -> list[str]:
    """``sql`` one statement at a time (SQLite runs one per call): each ends a line with ";"."""
    return [part.strip() + ";" for part in sql.split(";\n") if part.strip()]


def _execute(schema_editor, sql: str) -> None:
    if schema_editor.connection.vendor == "sqlite":
        for statement in statements(sql):
            schema_editor.execute(statement, params=None)
    elif sql:
        schema_editor.execute(sql, params=None)


def link_and_post(apps, schema_editor):
    """Each deal's "deal" entries linked in the order they were posted; every entry posted."""
    JournalEntry = apps.get_model("scoring", "JournalEntry")
    previous: dict[int, int] = {}
    chained = []
    for pk, deal_id in (JournalEntry.objects.filter(kind="deal").order_by("deal_id", "id")
                        .values_list("pk", "deal_id")):
        if deal_id in previous:
            chained.append(JournalEntry(pk=pk, supersedes_id=previous[deal_id]))
        previous[deal_id] = pk
    JournalEntry.objects.bulk_update(chained, ["supersedes"], batch_size=500)
    JournalEntry.objects.update(posted=True)
    if schema_editor.connection.vendor == "postgresql":   # the new links' deferred checks now, not at commit:
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE", params=None)   # the index below needs none pending


def create_triggers(apps, schema_editor):
    _execute(schema_editor, triggers(schema_editor.connection.vendor)[0])


def drop_triggers(apps, schema_editor):
    _execute(schema_editor, triggers(schema_editor.connection.vendor)[1])


class Migration(migrations.Migration):
    dependencies = [("scoring", "0019_draw_by_key")]
    operations = [
        migrations.AddField("journalentry", "posted", models.BooleanField(default=False)),
        migrations.AddField("journalentry", "supersedes", models.OneToOneField(
            "scoring.journalentry", on_delete=models.PROTECT, null=True, blank=True, related_name="superseded_by")),
        migrations.RunPython(link_and_post, migrations.RunPython.noop),
        migrations.AddConstraint("journalentry", models.UniqueConstraint(
            fields=["deal"], condition=Q(kind="deal", supersedes__isnull=True),
            name="entry_one_first_deal_entry_per_deal")),
        migrations.RunPython(create_triggers, drop_triggers),
    ]
