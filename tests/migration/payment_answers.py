"""What the code in the working directory answers about the payments migration's club
(``build_payments.py``), as JSON on standard output: ``answers.py``'s answers (``check_ledger``,
the standings, every table's evening file, the pages' figures) and what is outstanding — each
player's balance per currency (``selectors.payments.outstanding_by_player``, which the code before
and after the migration both give) and the club's transfers. Run from the checkout whose code is to
answer:

    cd CHECKOUT && DATABASE_URL=... PYTHON tests/migration/payment_answers.py
"""
import json
import os
import sys


def recording() -> dict:
    from answers import recording as answers   # this folder's, run as a script beside it

    found = answers()
    from scoring.models import Club, EveningTransfer
    from scoring.selectors.payments import outstanding_by_player

    found["outstanding"] = {
        club.name: {row.player: {currency: str(amount) for currency, amount in row.balance.items() if amount}
                    for row in outstanding_by_player(club)} for club in Club.objects.order_by("name")}
    found["transfers"] = [[str(t.evening.date), t.family, t.payer.name, t.receiver.name, t.amount, t.currency]
                          for t in EveningTransfer.objects.select_related("evening", "payer", "receiver")
                          .order_by("evening__date", "position")]
    from scoring import models
    if hasattr(models, "Payment"):   # the code after the migration: the payments it made
        from scoring.selectors.payments import superseded_marks

        found["payments"] = [[p.payer.name, p.receiver.name, p.amount, p.currency, p.method, p.status,
                              p.recorded_by.username if p.recorded_by else None]
                             for p in models.Payment.objects.select_related("payer", "receiver", "recorded_by")
                             .order_by("recorded_at", "id")]
        found["superseded"] = {club.name: [[s.mark.payer.name, s.mark.receiver.name, s.mark.amount,
                                            s.payment.amount if s.payment else None] for s in superseded_marks(club)]
                               for club in Club.objects.order_by("name")}
    return found


if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())   # the code to ask: the working directory's
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokklub.settings")
    print(json.dumps(recording(), ensure_ascii=False))
