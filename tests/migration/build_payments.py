"""The club of the payments migration's test (``test_payments_migration.py``), built by the code in
the working directory — the commit before payments were amounts, whose services marked transfers
paid (``scripts/make_migration_before.py COMMIT --build tests/migration/build_payments.py --into
tests/migration/before_payments``) — in the database of ``DATABASE_URL``. Every kind of mark that
code wrote: a mark that holds, one taken back ("unpaid"), marks a reopening cleared and the close
kept for an unchanged transfer, a mark cleared by a correction and not made again, one cleared and
made again for the changed transfer, and a club that went over to euro."""
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def build() -> None:
    """The club of the module's docstring."""
    import django
    django.setup()
    import datetime as dt
    from decimal import Decimal

    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Club, Deal, EveningTransfer, Membership, Player, Role

    golden = ROOT / "tests" / "golden"
    club = Club.objects.create(name="Kassen", kroner_per_point=Decimal("0.25"))
    users = get_user_model().objects
    treasurer = users.create_user("kasserer", password="x")
    Membership.objects.create(user=treasurer, club=club, role=Role.ADMIN)
    carl = users.create_user("carl", password="x")
    Membership.objects.create(user=carl, club=club, role=Role.MEMBER)

    def evening(name: str, day: dt.date):
        data = json.loads((golden / name).read_text(encoding="utf-8"))
        table = services.evening_import(club=club, data={**data, "date": day.isoformat()})
        services.evening_close(evening=table.evening)
        return table

    def transfer(table, payer: str, receiver: str) -> EveningTransfer:
        return EveningTransfer.objects.get(evening=table.evening, payer__name=payer, receiver__name=receiver)

    # January: a mark that holds, and one taken back
    january = evening("four-players-tout-nolo-fines.json", dt.date(2026, 1, 8))
    Player.objects.filter(club=club, name="Carl").update(user=carl)
    services.payment_mark(transfer=transfer(january, "Bent", "Anne"), method="mobilepay", note="på stedet",
                          user=treasurer)
    services.payment_mark(transfer=transfer(january, "Dorte", "Carl"), method="cash", user=carl)
    services.payment_unmark(transfer=transfer(january, "Dorte", "Carl"), reason="Pengene kom aldrig", user=treasurer)
    # February: every transfer marked, the evening reopened and closed unchanged: each mark kept
    february = evening("three-players-basic.json", dt.date(2026, 2, 5))
    for t in EveningTransfer.objects.filter(evening=february.evening):
        services.payment_mark(transfer=t, method="cash", user=treasurer)
    services.evening_reopen(evening=february.evening, reason="Tjek af arket", user=treasurer)
    services.evening_close(evening=february.evening, user=treasurer)
    # March: two marks, then the last deal voided after a reopening: Dorte's transfer to Carl is
    # marked again at its new amount, her transfer to Anne is not
    march = evening("four-players-tout-nolo-fines.json", dt.date(2026, 3, 5))
    services.payment_mark(transfer=transfer(march, "Dorte", "Carl"), method="cash", user=carl)
    services.payment_mark(transfer=transfer(march, "Dorte", "Anne"), method="bank", user=treasurer)
    services.evening_reopen(evening=march.evening, reason="Sidste spil var forkert", user=treasurer)
    last = Deal.objects.filter(table=march, current=True).order_by("-number").first()
    services.deal_void(deal=last, reason="Givet forkert")
    services.evening_close(evening=march.evening, user=treasurer)
    services.payment_mark(transfer=transfer(march, "Dorte", "Carl"), method="cash", user=carl)
    # April: the club goes over to euro; an evening in euro, one transfer marked
    services.club_currency_set(club=club, currency="EUR", user=treasurer)
    april = evening("three-players-basic.json", dt.date(2026, 4, 2))
    services.payment_mark(transfer=EveningTransfer.objects.filter(evening=april.evening).order_by("position").first(),
                          method="bank", user=treasurer)
    # May: an evening left open
    data = json.loads((golden / "three-players-basic.json").read_text(encoding="utf-8"))
    services.evening_import(club=club, data={**data, "date": "2026-05-07"})


if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())   # the code to build with: the working directory's
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokklub.settings")
    build()
