"""On PostgreSQL a deferred constraint trigger enforces, at commit, that every journal entry's legs
sum to zero. SQLite has no such triggers; there the service and check_ledger hold it."""
from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION scoring_leg_zero_sum() RETURNS trigger AS $$
DECLARE
  entry bigint := COALESCE(NEW.entry_id, OLD.entry_id);
  total bigint;
BEGIN
  SELECT COALESCE(SUM(amount), 0) INTO total FROM scoring_leg WHERE entry_id = entry;
  IF total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not sum to zero (%)', entry, total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE CONSTRAINT TRIGGER scoring_leg_zero_sum AFTER INSERT OR UPDATE OR DELETE ON scoring_leg
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION scoring_leg_zero_sum();
"""
DROP = """
DROP TRIGGER IF EXISTS scoring_leg_zero_sum ON scoring_leg;
DROP FUNCTION IF EXISTS scoring_leg_zero_sum();
"""


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0001_initial")]
    operations = [migrations.RunPython(forwards, backwards)]
