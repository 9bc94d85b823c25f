"""The life of a club, as one test (docs/testing.md, "The life of a club"): a year of a club with
two game families and a tournament is built through the services and the pages a person would use
— renames before and after a draw, a merge while an evening is open, a part payment and a whole one,
a correction and a void after them, an evening reopened and closed again, a settle-up, an import
answering its near-names,
mails queued before and after the renames, a bye, a withdrawal — and then every page, PDF,
export, mail and command of the club is read back, as its admin and as a member, and checked
against each other: no 5xx and no traceback, every player once, names by docs/names.md, the
standings the sum of the evenings, the tournament's the sum of its rounds, what is outstanding each
pair's transfers less its payments, ``check_ledger`` clean.

Every later feature adds its part of the year (a step in ``live_the_year``) and its reads (a page
is read by its named route without being listed here: ``read_every_route``). Run on SQLite and on
PostgreSQL (scripts/with-postgres)."""
from __future__ import annotations

import datetime as dt
import functools
import io
import json
import random
import re
import unicodedata
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db.models import Sum
from django.test import Client
from django.urls import URLPattern, get_resolver, reverse
from openpyxl import load_workbook
from post_office.models import Email
from pypdf import PdfReader

from scoring import services
from scoring.engine.cup import place_points, places_by_points
from scoring.engine.money import to_cents
from scoring.engine import families
from scoring.reports import pdf
from scoring.models import (
    Club, ClubEvent, ClubEventKind, Deal, Evening, EveningMail, EveningTransfer, Payment, PendingDeal, Player,
    PlayerEveningSummary, Role, Seat, Table, Tournament, TournamentRound
)
from scoring.selectors import evening_summary, table_player_names, table_sheet
from scoring.selectors.files import table_to_evening_file
from scoring.selectors.members import identity, identity_of
from scoring.selectors.payments import outstanding_by_player, pair_balance, pair_balances, transfer_states
from scoring.selectors.season import season_report, season_scope
from scoring.selectors.standings import club_rule_sets, standings, standings_evenings
from scoring.selectors.tournaments import table_progress, tournament_standings
from scoring.table_families import table_family
from tests.web.conftest import make_user

pytestmark = pytest.mark.every_database

CYRILLIC_C = "\u0421"     # "С": "Сarl" imitates Carl
TABLES = {   # January: two Danish tables (of four and of five) and a Karlsruhe table, one evening
    "vlk": ("Anne", "Bent", "Carl", "Dorte"),
    "vlk5": ("Erik", "Frida", "Hans", "Ida", "Zoë"),
    "karlsruhe": ("Gitte", "Jens", "Karen", "Lars"),
}


# The one rule of names, stated once (docs/names.md, points 2 and 3) ---------------------------------------

#: How the club's log and the merge's message state a change, naming the old name and the new.
CHANGES = ("omdøbt til", "lagt sammen med", "er lagt sammen med")


def stale_names(text: str, renamed: dict[str, str]) -> list[str]:
    """Each place in ``text`` where a name a player had (as seated, or before a rename: the keys of
    ``renamed``, each {old name: his name now}) stands for him without his name now: allowed are
    his name now itself ("Zoë" inside "Zoë Ørsted"), the annotation "Name now (old name)", on a
    phone's sheet the cut label of the name now beside it ("Zoë. Zoë Ørsted"), and the log's
    statement of the change ("Zoë omdøbt til Zoë Ørsted")."""
    text = " ".join(unicodedata.normalize("NFC", text).split())
    found = []
    for old, now in renamed.items():
        allowed = [f"{now} ({old})", now, *(f"{now[:keep].rstrip()}. {now}" for keep in range(4, len(now))),
                   *(f"{old} {change} {now}" for change in CHANGES)]
        covered = [False] * len(text)
        for form in sorted(set(allowed), key=len, reverse=True):
            for match in re.finditer(re.escape(form), text):
                covered[match.start():match.end()] = [True] * (match.end() - match.start())
        for match in re.finditer(rf"(?<!\w){re.escape(old)}(?!\w)", text):
            if not all(covered[match.start():match.end()]):
                found.append(f"{old!r} for {now!r}: …{text[max(0, match.start() - 60):match.end() + 60]}…")
    return found


def test_the_name_rule_allows_the_name_now_and_the_annotation_only():
    renamed = {"Zoë": "Zoë Ørsted", "Bnet": "Bent"}
    assert stale_names("Zoë Ørsted (Zoë) betaler Bent (Bnet); Zoë. Zoë Ørsted; Bent", renamed) == []
    assert stale_names("Zoë omdøbt til Zoë Ørsted · Bnet lagt sammen med Bent", renamed) == []
    assert len(stale_names("Zoë betaler Bnet", renamed)) == 2
    assert len(stale_names("Giver: Bnet · Zoë.", renamed)) == 2
    assert stale_names("Zoëa, Bnetto", renamed) == []


# Reading a page as a person reads it ----------------------------------------------------------------------

class _Text(HTMLParser):
    """What a person reads of a page: its text and the words it shows on hover or to a screen
    reader (``title``, ``aria-label``, ``alt``); not its scripts, styles or form values."""

    SHOWN = ("title", "aria-label", "alt", "placeholder")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self._hidden = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._hidden += 1
        self.parts.extend(value for name, value in attrs if name in self.SHOWN and value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._hidden = max(0, self._hidden - 1)

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def page_text(html: str) -> str:
    reader = _Text()
    reader.feed(html)
    return " ".join(reader.parts)


@functools.lru_cache(maxsize=64)
def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def csv_rows(content: bytes) -> list[list[str]]:
    import csv

    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"), newline=""), delimiter=";"))


def xlsx_text(content: bytes) -> str:
    book = load_workbook(io.BytesIO(content))
    return "\n".join(" | ".join(str(c) for c in row if c is not None) for sheet in book for row in sheet.values)


def number(text: str) -> Decimal:
    """A number as the Danish exports write it ("1.234,50", "-35", "−12")."""
    return Decimal(text.replace("\u2212", "-").replace(".", "").replace(",", ".").replace("kr", "").strip() or "0")


# Writing as a person writes -------------------------------------------------------------------------------

def post(client: Client, url: str, data: dict | None = None, expect: int = 302, **extra):
    """A form sent with its one-time submission key; answered with ``expect``."""
    response = client.post(url, {"submission": str(uuid.uuid4()), **(data or {})}, **extra)
    assert response.status_code == expect, (url, response.status_code, re.findall(
        r'class="[^"]*(?:error|problem)[^"]*"[^>]*>(.*?)</', response.content.decode(), re.S))
    return response


def post_deal(client: Client, table: Table, outcome: dict) -> None:
    """A deal through the table page's form, as the phone posts it (the family's form opened on the
    deal: its fields' values), the dealer confirmed."""
    table.refresh_from_db()
    side, sheet = table_family(table.family), table_sheet(table)
    dealer, initial = side.initial_from_outcome(sheet.players, outcome, table.version)
    form = side.make_form(table, sheet, dealer=dealer, initial=initial)
    post(client, reverse("scoring:table_detail", args=[table.pk]),
         {**form_values(form), "version": table.version, "confirm_dealer": "1"})


def form_values(form) -> dict:
    """What a browser sends of ``form`` as it opens: each field's value, an empty one left out."""
    values = {name: form[name].value() for name in form.fields}
    return {name: value for name, value in values.items() if value is not None and value is not False
            and value != "" and value != []}


def play(table: Table, deals: int, rng: random.Random, client: Client | None = None, by_page: int = 0) -> None:
    """``deals`` random deals at ``table`` in dealing order: the first ``by_page`` through the table
    page (``post_deal``), the others through ``services.deal_record``."""
    table.refresh_from_db()
    game = families.family(table.family)
    seated = table_player_names(table)
    dealer = table_sheet(table).next_seating().dealer
    for i in range(deals):
        deal = game.random_deal(rng, seated, dealer, table.card)
        if i < by_page:
            post_deal(client, table, game.deal_to_dict(deal))
        else:
            services.deal_record(table=table, outcome=game.deal_to_dict(deal))
        dealer = game.dealer_after(seated, dealer, deal.kind.value)


def seat(evening: Evening, names, rules: str) -> Table:
    players = [services.player_get_or_create(club=evening.club, name=n) for n in names]
    return services.table_create(evening=evening, players=players, rules=rules)


def rename(client: Client, club: Club, name: str, to: str) -> None:
    player = Player.objects.get(club=club, name=name)
    post(client, reverse("scoring:member_edit", args=[club.pk, player.pk]), {"action": "rename", "name": to})


# The year ------------------------------------------------------------------------------------------------

@dataclass
class Year:
    club: Club
    admin: Client
    member: Client
    tmp: Path
    rng: random.Random = field(default_factory=lambda: random.Random(2026))
    evenings: dict[str, Evening] = field(default_factory=dict)
    tournament: Tournament | None = None
    #: the mails of January, as they were sent (before the renames): {address: body}
    sent_in_january: dict[str, str] = field(default_factory=dict)
    #: the mail that could not be rendered in June (tried again by the next round): its player's name now
    failed_mail: str = ""
    #: the mail the server refused (550): its player, the address refused and the one corrected
    bounced: tuple[int, str, str] = (0, "", "")
    #: February's payments on the evening's page, as recorded; the settle-up and the balance it paid
    payments: list = field(default_factory=list)
    settled: tuple | None = None


def send_mail(year: Year, monkeypatch) -> None:
    """The outbox's sender, as the worker runs it (``manage.py worker``, one round; its lock file
    the test's own, so that two test runs on one machine never wait for each other)."""
    with monkeypatch.context() as patched:
        patched.setattr("scoring.outbox_sender.LOCK_FILE", str(year.tmp / "mail.lock"))
        call_command("worker", stdout=io.StringIO())


def seasons(year: Year) -> None:
    """The season "2026" made on the seasons page by its dates: it holds every evening of the year,
    the import included, though none is ever picked for it."""
    post(year.admin, reverse("scoring:club_seasons", args=[year.club.pk]),
         {"name": "2026", "starts": "2026-01-01", "ends": "2026-12-31"})


def january(year: Year, monkeypatch) -> None:
    """One evening of three tables (two Danish, one Karlsruhe), every player with an address; closed,
    and its mails queued and sent before any rename."""
    club, admin = year.club, year.admin
    evening = services.evening_create(club=club, date=dt.date(2026, 1, 15))
    for key, names in TABLES.items():
        table = seat(evening, names, "karlsruhe" if key == "karlsruhe" else "vlk")
        play(table, 6, year.rng, admin, by_page=2)
    for player in Player.objects.filter(club=club):
        services.player_contact_set(player=player, email=f"{player.pk}@example.org")
    post(admin, reverse("scoring:evening_close", args=[evening.pk]))
    post(admin, reverse("scoring:evening_mail", args=[evening.pk]))
    send_mail(year, monkeypatch)
    year.sent_in_january = {e.to[0]: e.message for e in Email.objects.all()}
    assert len(year.sent_in_january) == 13
    year.evenings["january"] = evening


def pay_on_page(year: Year, transfer: EveningTransfer, cents: int) -> Payment:
    """A payment of ``cents`` recorded on the form a transfer's "Registrér betaling" opens, by the
    treasurer (confirmed at once); back to the evening."""
    url = reverse("scoring:payment_new", args=[year.club.pk]) + f"?transfer={transfer.pk}"
    form = year.admin.get(url).context["form"]
    post(year.admin, url, {**form_values(form), "amount": f"{cents // 100},{cents % 100:02d}", "method": "mobilepay",
                           "paid_on": "2026-02-12", "note": "på stedet"})
    return Payment.objects.order_by("-pk").first()


def february(year: Year) -> None:
    """A Danish evening closed; a part payment and a whole one on its page; reopened, a deal corrected
    and another voided, closed again (the payments stand, only the difference is outstanding); the
    first pair settled up on its page."""
    club, admin = year.club, year.admin
    evening = services.evening_create(club=club, date=dt.date(2026, 2, 12))
    table = seat(evening, ("Anne", "Bent", "Carl", "Zoë"), "vlk")
    play(table, 8, year.rng)
    services.evening_close(evening=evening)
    first, second = EveningTransfer.objects.filter(evening=evening).order_by("position")[:2]
    year.payments.append(pay_on_page(year, first, first.amount // 2))       # a part payment
    year.payments.append(pay_on_page(year, second, second.amount))          # the whole of it
    post(admin, reverse("scoring:evening_reopen", args=[evening.pk]), {"reason": "Spil 2 var skrevet forkert"})
    table.refresh_from_db()
    game, seated = families.family(table.family), table_player_names(table)
    second_deal = Deal.objects.get(table=table, number=2, current=True)
    outcome = game.deal_to_dict(game.random_deal(year.rng, seated, second_deal.outcome["dealer"], table.card))
    table.refresh_from_db()
    sheet, side = table_sheet(table), table_family(table.family)
    dealer, initial = side.initial_from_outcome(sheet.players, outcome, table.version)
    form = side.make_form(table, sheet, dealer=dealer, initial=initial)
    data = form_values(form)
    post(admin, reverse("scoring:deal_edit", args=[second_deal.pk]), {**data, "version": table.version})
    fifth = Deal.objects.get(table=table, number=5, current=True)
    table.refresh_from_db()
    post(admin, reverse("scoring:deal_void", args=[fifth.pk]), {"reason": "Givet to gange", "version": table.version})
    post(admin, reverse("scoring:evening_close", args=[evening.pk]))
    # the first payment's pair settled up: one payment of their whole balance, whichever way it runs now
    payer, receiver = year.payments[0].payer_id, year.payments[0].receiver_id
    owes = pair_balance(club, payer, receiver, "DKK")
    settle = reverse("scoring:payment_settle", args=[club.pk])
    query = f"?player={payer}&other={receiver}&currency=DKK"
    if owes:
        post(admin, settle + query, {"player": payer, "other": receiver, "currency": "DKK", "expected": owes,
                                     "method": "cash", "paid_on": "2026-02-19"})
        year.settled = (Payment.objects.order_by("-pk").first(), abs(owes))
    year.evenings["february"] = evening


def march(year: Year) -> dict[str, str]:
    """An evening seated through the page with the typo "Bnet" answered as a new player; while it is
    open Bnet is merged into Bent; then closed. Returns the open evening's pages as read after the
    merge: {what: text}."""
    club, admin = year.club, year.admin
    seating = {"club": club.pk, "date": "2026-03-12", "rules": "rules:vlk", "seat_1": "Anne", "new_2": "Bnet",
               "seat_3": "Carl", "seat_4": "Dorte"}
    asked = post(admin, reverse("scoring:evening_new"), seating, expect=200)
    assert "Bnet" in asked.content.decode() and "Bent" in asked.content.decode()
    done = post(admin, reverse("scoring:evening_new"), {**seating, "answer_2": "new"})
    table = Table.objects.get(pk=int(done.url.strip("/").split("/")[-1]))
    play(table, 4, year.rng, admin, by_page=2)
    bnet, bent = (Player.objects.get(club=club, name=n) for n in ("Bnet", "Bent"))
    post(admin, reverse("scoring:member_merge", args=[club.pk, bnet.pk]), {"into": bent.pk})
    play(table, 3, year.rng, admin, by_page=2)   # the deal form after the merge: the seated names
    read = {what: page_text(admin.get(url).content.decode()) for what, url in (
        ("the open table page of March", reverse("scoring:table_detail", args=[table.pk])),
        ("the open evening page of March", reverse("scoring:evening_detail", args=[table.evening_id])))}
    post(admin, reverse("scoring:evening_close", args=[table.evening_id]))
    year.evenings["march"] = table.evening
    return read


def play_until(table: Table, games: int, rng: random.Random) -> None:
    """Random deals at a tournament round's ``table`` until it has played ``games`` games as its
    tournament counts them (a misdeal is no game)."""
    table.refresh_from_db()
    game = families.family(table.family)
    seated = table_player_names(table)
    dealer = table_sheet(table).next_seating().dealer
    round_ = table.evening.tournament_round
    while table_progress(round_, table)[0].done < games:
        deal = game.random_deal(rng, seated, dealer, table.card)
        services.deal_record(table=table, outcome=game.deal_to_dict(deal))
        dealer = game.dealer_after(seated, dealer, deal.kind.value)


def tournament(year: Year) -> None:
    """Five players at the old German cards (a table of four and a bye each round); Gitte renamed
    between the first draw and its confirmation; Carl withdrawn during round 2, which the director
    closes with its table one game short (the games played counted, with a reason); Carl reinstated
    and Erik absent for round 3; a deal sent past round 3's length through the table page waits for
    the director, who keeps it."""
    club, admin = year.club, year.admin
    made = services.tournament_create(club=club, name="Forårsturneringen", rules="taroc1754", rounds=3,
                                      round_length=3, scoring="places", bye_score="average", seed=7)
    for name in ("Anne", "Carl", "Erik", "Frida", "Gitte"):
        services.entrant_register(tournament=made, name=name)
    for number, day in ((1, 18), (2, 25), (3, 30)):
        if number == 3:
            carl, erik = (Player.objects.get(club=club, name=n) for n in ("Carl", "Erik"))
            post(admin, reverse("scoring:tournament_reinstate", args=[made.pk]), {"player": carl.pk,
                                                                                  "reason": "Hjemme igen"})
            post(admin, reverse("scoring:tournament_absent", args=[made.pk]), {"player": erik.pk,
                                                                               "reason": "Kommer sent"})
        post(admin, reverse("scoring:tournament_draw", args=[made.pk]))
        drawn = TournamentRound.objects.get(tournament=made, number=number)
        if number == 1:
            assert len(drawn.draw["byes"]) == 1
            rename(admin, club, "Gitte", "Gitte Holm")
        post(admin, reverse("scoring:tournament_round_confirm", args=[made.pk, number]),
             {"seed": drawn.seed, "date": f"2026-04-{day}"})
        playing = TournamentRound.objects.get(pk=drawn.pk)
        for table in playing.evening.tables.order_by("number"):
            play_until(table, made.round_length - (number == 2), year.rng)
        close = {}
        if number == 2:
            carl = Player.objects.get(club=club, name="Carl")
            post(admin, reverse("scoring:tournament_leave", args=[made.pk]), {"player": carl.pk, "reason": "Rejser"})
            close = {"ruling_1": "counted", "reason_1": "Carl rejste midt i runden"}
        if number == 3:
            table = playing.evening.tables.get()
            seated = table_player_names(table)
            post_deal(admin, table, families.family(table.family).deal_to_dict(families.family(
                table.family).random_deal(year.rng, seated, table_sheet(table).next_seating().dealer, table.card)))
            waiting = PendingDeal.objects.get(table=table)
            post(admin, reverse("scoring:tournament_pending_keep", args=[waiting.pk]), {"reason": "Aftalt ved bordet"})
        post(admin, reverse("scoring:tournament_round_close", args=[made.pk, number]), close)
    year.tournament = made
    post(admin, reverse("scoring:cup_new", args=[club.pk]), {"name": "Pokalen", "points": "10,6,4,2", "best": "1",
                                                            "tournaments": [made.pk], "evenings": [year.evenings["march"].pk]})


def imported(year: Year) -> None:
    """An evening file with a near-name of Anne ("Anee", answered as her) and a lookalike of Carl
    ("Сarl", Cyrillic С: only Carl may be its answer), imported through the page's two steps."""
    club, admin = year.club, year.admin
    text = (Path(__file__).parent.parent / "golden" / "four-players-tout-nolo-fines.json").read_text()
    for old, new in (("Anne", "Anee"), ("Carl", f"{CYRILLIC_C}arl"), ("Bent", "Hans"), ("2026-11-20", "2026-05-21")):
        text = text.replace(f'"{old}"', f'"{new}"')
    url = reverse("scoring:evening_import")
    asked = post(admin, url, {"club": club.pk, "file": SimpleUploadedFile("aften.json", text.encode(),
                                                                          content_type="application/json")}, expect=200)
    html = asked.content.decode()
    assert "Anee i filen ligner Anne i klubben." in html and "ligner Carl" in html
    draft = re.search(r'name="draft" value="([0-9a-f-]+)"', html).group(1)
    anne, carl = (Player.objects.get(club=club, name=n) for n in ("Anne", "Carl"))
    answers = {"club": club.pk, "draft": draft, "answer_0": f"use:{anne.pk}"}
    refused = post(admin, url, {**answers, "answer_2": f"use:{anne.pk}"}, expect=422)
    assert "ligner Carl" in refused.content.decode()
    draft = re.search(r'name="draft" value="([0-9a-f-]+)"', refused.content.decode()).group(1)
    done = post(admin, url, {**answers, "draft": draft, "answer_2": f"use:{carl.pk}"})
    table = Table.objects.get(pk=int(done.url.strip("/").split("/")[-1]))
    assert [(s.player.name, s.name) for s in table.seats.order_by("position")] == [
        ("Anne", "Anee"), ("Hans", "Hans"), ("Carl", f"{CYRILLIC_C}arl"), ("Dorte", "Dorte")]
    services.evening_close(evening=table.evening)
    year.evenings["import"] = table.evening


def mails_again(year: Year, monkeypatch) -> None:
    """The closed evenings' mails queued after the renames and the merge (January's: nothing new);
    one mail cannot be rendered: it is recorded failed and every other is sent; one address the
    server refuses (550): the admin corrects it on the member page and sends the mail again from
    the evening page, to the corrected address."""
    import scoring.outbox_sender
    from tests.web.test_evening_mail_again import BouncingBackend

    hans = Player.objects.get(club=year.club, name="Hans")
    bounced, corrected = "hans@forkert.example", "hans@rettet.example"
    post(year.admin, reverse("scoring:member_edit", args=[year.club.pk, hans.pk]),
         {"action": "contact", "email": bounced, "login": "", "language": ""})
    monkeypatch.setattr(BouncingBackend, "refused", {bounced})
    for key in ("january", "february", "march", "import"):
        post(year.admin, reverse("scoring:evening_mail", args=[year.evenings[key].pk]))
    real = scoring.outbox_sender.render_statement
    march = year.evenings["march"]
    failing = Player.objects.get(club=year.club, name="Dorte")

    def render(statement, evening, *args):
        if evening.pk == march.pk and statement.player.pk == failing.pk:
            raise OSError("disk full")
        return real(statement, evening, *args)

    monkeypatch.setattr(scoring.outbox_sender, "render_statement", render)
    send_mail(year, monkeypatch)
    monkeypatch.setattr(scoring.outbox_sender, "render_statement", real)
    year.failed_mail = failing.name
    post(year.admin, reverse("scoring:member_edit", args=[year.club.pk, hans.pk]),
         {"action": "contact", "email": corrected, "login": "", "language": ""})
    refused = EveningMail.objects.get(player=hans, evening=year.evenings["import"])
    post(year.admin, reverse("scoring:evening_mail_again", args=[year.evenings["import"].pk, refused.pk]))
    send_mail(year, monkeypatch)
    year.bounced = (hans.pk, bounced, corrected)


def july(year: Year, monkeypatch) -> None:
    """January's evening, its sheets sent, reopened: a deal corrected and closed again; its page names
    the players who hold the outdated sheet, and one press sends them the corrected one."""
    evening = year.evenings["january"]
    post(year.admin, reverse("scoring:evening_reopen", args=[evening.pk]), {"reason": "Spil 1 var en fejlgivning"})
    first = Deal.objects.filter(table__evening=evening, table__number=1, number=1, current=True).get()
    services.deal_correct(deal=first, outcome={"dealer": first.outcome["dealer"], "kind": "misdeal"},
                          reason="fejlgivning")
    post(year.admin, reverse("scoring:evening_close", args=[evening.pk]))
    page = year.admin.get(reverse("scoring:evening_detail", args=[evening.pk])).content.decode()
    assert page.count('data-outdated="1"') == len(year.sent_in_january)
    post(year.admin, reverse("scoring:evening_mail_corrected", args=[evening.pk]))
    send_mail(year, monkeypatch)


def november(year: Year) -> None:
    """An evening left open at the end of the year, the renamed players seated by their names now."""
    evening = services.evening_create(club=year.club, date=dt.date(2026, 11, 19))
    table = seat(evening, ("Zoë Ørsted", "Gitte Holm", "Bent", "Anne"), "vlk")
    play(table, 3, year.rng)
    year.evenings["november"] = evening


def live_the_year(year: Year, monkeypatch) -> dict[str, str]:
    seasons(year)
    january(year, monkeypatch)
    february(year)
    rename(year.admin, year.club, "Zoë", "Zoë Ørsted")
    read_in_march = march(year)
    tournament(year)
    imported(year)
    mails_again(year, monkeypatch)
    july(year, monkeypatch)
    november(year)
    return read_in_march


# Reading it all back ---------------------------------------------------------------------------------------

@dataclass
class Reading:
    """What the read-back found wrong, each naming where: the test fails once, listing them all."""
    club: Club
    renamed: dict[str, str]
    faults: list[str] = field(default_factory=list)

    def fault(self, where: str, what: str) -> None:
        self.faults.append(f"{where}: {what}")

    def names(self, where: str, text: str) -> None:
        for found in stale_names(text, self.renamed):
            self.fault(where, found)

    def same(self, where: str, got, expected) -> None:
        if got != expected:
            self.fault(where, f"{got!r} != {expected!r}")


def old_names(club: Club) -> dict[str, str]:
    """{a name a player had: his name now}: every seat's name that is not its player's name now
    (a rename, a merge, a near-name or lookalike answered as a member) and every name a rename or
    a merge left behind."""
    found = {}
    for seat_ in Seat.objects.filter(table__evening__club=club).select_related("player__merged_into"):
        now = identity_of(seat_.player).name
        if (seat_.name or seat_.player.name) != now:
            found[seat_.name or seat_.player.name] = now
    for event in ClubEvent.objects.filter(club=club, kind__in=(ClubEventKind.RENAMED, ClubEventKind.MERGED)
                                          ).select_related("player__merged_into"):
        found[event.before] = identity_of(event.player).name
    return found


def sampled_deals(club: Club) -> list[int]:
    """The deals whose pages are read: at each table its last, every deal of an open evening, and
    every version replaced or voided (a page per deal costs as much as the rest of the year; the
    deals between read as these do)."""
    found = set()
    for table in Table.objects.filter(evening__club=club).select_related("evening"):
        deals = list(Deal.objects.filter(table=table).order_by("number", "id").values_list("pk", "current", "voided"))
        found |= {pk for pk, current, voided in deals if not current or voided or table.evening.closed_at is None}
        found |= {max((pk for pk, current, _voided in deals if current), default=None)} - {None}
    return sorted(found)


#: What the year reads each argument of a route with: the club's objects of each kind.
def route_arguments(club: Club) -> dict[str, list]:
    tournaments = Tournament.objects.filter(club=club)
    return {
        "evenings": list(Evening.objects.filter(club=club).values_list("pk", flat=True)),
        "tables": list(Table.objects.filter(evening__club=club).values_list("pk", flat=True)),
        "deals": sampled_deals(club),
        "clubs": [club.pk],
        "players": list(Player.objects.filter(club=club).values_list("pk", flat=True)),
        "tournaments": list(tournaments.values_list("pk", flat=True)),
        "cups": list(club.cups.values_list("pk", flat=True)),
        "payments": list(Payment.objects.filter(club=club).values_list("pk", flat=True)),
        "player": list(Player.objects.filter(club=club).values_list("pk", flat=True)),
        "card": list(club.rate_cards.values_list("pk", flat=True)),
        "number": sorted(set(TournamentRound.objects.filter(tournament__in=tournaments).values_list("number", flat=True))),
        "pending": list(PendingDeal.objects.filter(table__evening__club=club).values_list("pk", flat=True)),
        "fmt": ["csv", "xlsx"],
        "mail": list(EveningMail.objects.filter(evening__club=club).values_list("pk", flat=True)),
        "season": list(club.seasons.values_list("pk", flat=True)),
    }


#: Routes the year has nothing to read with yet (no object of their kind): each says why. A new
#: route that cannot be read fails the test until the year holds what it shows.
NOT_IN_THE_YEAR = {"club_card_edit": "the year plays the built-in cards only",
                   "season_file": "the year's reports are short, made in the request (tests/web/test_long_reports.py)"}


def app_routes():
    """Every named route of the app: (name, its route text, its arguments)."""
    for resolver in get_resolver().url_patterns:
        if getattr(resolver, "namespace", None) != "scoring":
            continue
        for pattern in resolver.url_patterns:
            if isinstance(pattern, URLPattern) and pattern.name:
                yield pattern.name, str(pattern.pattern), list(pattern.pattern.converters)


def route_urls(reading: Reading, club: Club) -> list[str]:
    """A URL for every named route and every object of the year it takes (a route of one object
    kind: each of them; of several: each of the first's with each of the others')."""
    values = route_arguments(club)
    urls = []
    for name, route, arguments in app_routes():
        kinds = [route.split("/")[0] if argument == "pk" else argument for argument in arguments]
        if not arguments:
            urls.append(reverse(f"scoring:{name}"))
            continue
        if any(not values.get(kind) for kind in kinds):
            if name not in NOT_IN_THE_YEAR:
                reading.fault(name, f"the year has nothing to read it with ({route})")
            continue
        if name.startswith("tournament_round"):
            pairs = [(t, n) for t in values["tournaments"] for n in values["number"]]
        elif len(kinds) == 2:
            pairs = [(values[kinds[0]][0], v) for v in values[kinds[1]]]
        else:
            pairs = [(v,) for v in values[kinds[0]]]
        urls += [reverse(f"scoring:{name}", args=list(args)) for args in pairs]
    # the season report of the year, and the standings of each rule set: their pages link the rest
    urls.append(reverse("scoring:season", args=[club.pk]) + "?date_from=2026-01-01&date_to=2026-12-31")
    urls += [reverse("scoring:standings", args=[club.pk]) + f"?rules={rules}" for rules, _f in club_rule_sets(club)]
    return urls


#: The query keys of a page's links that are followed: another rule set, an export, the report's dates.
FOLLOWED = {"rules", "_export", "sheet", "date_from", "date_to", "season"}


def followed_links(html: str) -> list[str]:
    from html import unescape
    from urllib.parse import parse_qsl, urlsplit

    found = []
    for href in re.findall(r'href="([^"#]+)"', html):
        parts = urlsplit(unescape(href))
        if parts.netloc or not parts.query or not parts.path.startswith("/"):
            continue
        if {key for key, _v in parse_qsl(parts.query)} <= FOLLOWED:
            found.append(f"{parts.path}?{parts.query}")
    return found


#: Routes whose pages are not held to the rule of names: the admin's pages of a player's names and
#: merges name the names he had on purpose, each beside what became of it.
NAMES_OF_THEIR_OWN = {"member_edit", "member_merge"}
#: A document is the same bytes whoever reads it: the member reads the pages, the admin the documents too.
DOCUMENTS = re.compile(r"_pdf$|export")


def first_of_each(urls: list[str], objects: int = 3) -> list[str]:
    """Of each route, the URLs of its first ``objects`` objects: the member's read. The year's first
    evenings, tables and players are where its renames and its merge are; every object of every
    route is read by the admin."""
    from django.urls import resolve

    kept, taken = [], defaultdict(int)
    for url in urls:
        route = resolve(url.split("?")[0]).url_name
        taken[route] += 1
        if taken[route] <= objects:
            kept.append(url)
    return kept


def read_every_route(reading: Reading, who: str, client: Client, urls: list[str], documents: bool = True
                     ) -> dict[str, bytes]:
    """GET every URL (with ``documents``, also every link of a page to another rule set, an export
    or the report's PDF): never a 5xx, never a traceback; every page, PDF and export named by the
    rule. The data the table's phone reads (JSON) and the evening file keep the names as seated, as
    the deals record them (docs/names.md, point 4). Returns {url: body} of what answered 200."""
    from django.urls import resolve

    bodies, queue, seen = {}, list(urls), set()
    while queue:
        url = queue.pop(0)
        route = resolve(url.split("?")[0]).url_name
        if url in seen or (not documents and DOCUMENTS.search(route)):
            continue
        seen.add(url)
        response = client.get(url)
        body = response.content
        where = f"{who} GET {url}"
        if response.status_code >= 500:
            reading.fault(where, f"status {response.status_code}")
            continue
        if b"Traceback" in body:
            reading.fault(where, "a traceback")
        if response.status_code != 200:
            continue   # 3xx, a refusal (4xx), or a route that only writes (405)
        bodies[url] = body
        kind = response.get("Content-Type", "")
        text = None
        if kind.startswith("text/html"):
            text = page_text(body.decode())
            if documents:
                queue += [link for link in followed_links(body.decode()) if link not in seen]
        elif kind.startswith("application/pdf"):
            text = pdf_text(body)
        elif kind.startswith("text/csv"):
            text = body.decode("utf-8-sig")
        elif "spreadsheetml" in kind:
            text = xlsx_text(body)
        if text is not None and route not in NAMES_OF_THEIR_OWN:
            reading.names(where, text)
    return bodies


# What must agree ------------------------------------------------------------------------------------------

def sheet_totals(evenings) -> dict[str, dict[int, list]]:
    """From the evenings' own sheets: {rule set: {player now: [points, kroner, evenings]}}."""
    found: dict[str, dict[int, list]] = defaultdict(lambda: defaultdict(lambda: [0, Decimal("0"), 0]))
    for evening in evenings:
        summary = evening_summary(evening)
        for group in summary.families:
            kroner = {seated: amount for seated, _points, amount in group.totals}
            for sheet in group.sheets:
                seated_by_id = dict(sheet.seat_names)
                for player_id, seated in seated_by_id.items():
                    now = identity_of(Player.objects.get(pk=player_id)).pk
                    line = found[sheet.table.rules][now]
                    line[0] += sheet.totals[sheet.players.index(seated)]
                    line[1] += kroner[seated]
                    line[2] += 1
    return found


def check_standings(reading: Reading, year: Year, bodies: dict[str, bytes]) -> None:
    """Each rule set's standings — the selector, the page's CSV and XLSX, ``manage.py standings`` —
    are the sums of the counted evenings' sheets, every player once by his name now."""
    club = year.club
    expected = sheet_totals(standings_evenings(club))
    names = {p.pk: p.name for p in Player.objects.filter(club=club)}
    for rules, family in club_rule_sets(club):
        where = f"standings of {rules}"
        rows = standings(club, evenings=standings_evenings(club), rules=rules, family=family)
        reading.same(f"{where}: every player once", len({r.player for r in rows}), len(rows))
        reading.same(f"{where}: figures", {r.player_id: (r.player, r.points, r.amounts["DKK"], r.evenings) for r in rows},
                     {pid: (names[pid], *line) for pid, line in expected[rules].items()})
        out = io.StringIO()
        call_command("standings", "--club", club.name, "--rules", rules, "--json", stdout=out)
        reading.same(f"manage.py standings --rules {rules}", [(r["player"], r["points"], r["amounts"]["DKK"])
                                                             for r in json.loads(out.getvalue())],
                     [(r.player, r.points, f'{r.amounts["DKK"]:.2f}') for r in rows])
        url = reverse("scoring:standings", args=[club.pk]) + f"?rules={rules}&_export=csv"
        csv_ = csv_rows(bodies.get(url) or year.admin.get(url).content)
        reading.same(f"{where}: the CSV's players and points", [(line[0], number(line[3])) for line in csv_[1:]],
                     [(r.player, r.points) for r in rows])


def check_ratings(reading: Reading, year: Year) -> None:
    """Each rule set's ratings — after February's correction and void, its reopening, March's merge
    and the tournament's rounds — are the engine's rating of every closed evening's tables as they
    stand now, read from their evening files (as if the club had always recorded them so), by
    player key; ``manage.py ratings`` prints the same."""
    from collections import Counter

    from scoring.engine.rating import Place, RatedTable, ratings
    from scoring.selectors.ratings import club_ratings, rating_rows

    as_if: dict[str, list[RatedTable]] = defaultdict(list)
    for table in Table.objects.filter(evening__club=year.club, evening__closed_at__isnull=False).select_related(
            "evening"):
        family = table.engine
        evening = family.parse_evening(table_to_evening_file(table), bounded=False)
        settlement = family.settle_evening(evening)
        who = {s.name or s.player.name: identity_of(s.player).pk
               for s in table.seats.select_related("player__merged_into")}
        held, played = Counter(), 0
        for deal, entry in zip(evening.deals, settlement.deals):
            counts = getattr(deal.kind, "value", deal.kind) in family.played_kinds
            played += counts
            for figures in family.deal_stats(settlement.players, deal, entry):
                held[figures.player] += bool(figures.active and counts)
        totals = dict(settlement.totals)
        at = table.evening
        as_if[table.rules].append(RatedTable(
            (at.date, at.created_at, at.pk, table.number), at.pk, at.date,
            tuple(Place(who[p], totals[p], held[p]) for p in settlement.players), played))
    for rules, family in club_rule_sets(year.club):
        found = club_ratings(year.club, rules, family)
        reading.same(f"ratings of {rules}, as if it had always been so", found.players, ratings(as_if[rules]).players)
        out = io.StringIO()
        call_command("ratings", "--club", year.club.name, "--rules", rules, "--json", stdout=out)
        reading.same(f"manage.py ratings --rules {rules}", {r["player_id"]: r["rating"] for r in json.loads(out.getvalue())},
                     {r.player_id: r.rating for r in rating_rows(found)})


def check_what_if(reading: Reading, year: Year) -> None:
    """February's evening (corrected, voided, reopened and closed again) under DTF 2011: on its page
    each player's line, read back by his key, is his total as recorded and the engine's settlement
    of the evening's file as it stands under that card; ``manage.py what_if`` says the same."""
    evening = year.evenings["february"]
    card = families.family("danish").rate_card("dtf2011")
    page = year.admin.get(reverse("scoring:evening_what_if", args=[evening.pk]) + "?card=rules:dtf2011")
    reading.same("the what-if page of February", page.status_code, 200)
    html = page.content.decode()
    expected = {}
    for table in Table.objects.filter(evening=evening, family="danish"):
        family = table.engine
        data = table_to_evening_file(table)
        who = {s.name or s.player.name: identity_of(s.player).pk for s in table.seats.select_related("player__merged_into")}
        as_recorded = family.settle_evening(family.parse_evening(data, bounded=False))
        under = family.settle_evening(family.parse_evening({**data, "rules": "dtf2011"}, bounded=False), card)
        for (player, recorded), (_same, total) in zip(as_recorded.totals, under.totals):
            expected[who[player]] = (recorded, total)
    for key, (recorded, total) in expected.items():
        line = html[html.find(f'data-player="{key}"'):]
        line = line[:line.find("</tr>")]
        cells = re.findall(r'<td class="num[^"]*">([^<]*)</td>', line)
        reading.same(f"the what-if of February, player {key}", [number(c) for c in cells[:2]] if cells else None,
                     [recorded, total])
    out = io.StringIO()
    call_command("what_if", str(evening.pk), "--card", "dtf2011", "--json", stdout=out)
    reading.same("manage.py what_if of February", {p["player_id"]: (p["recorded_points"], p["points"])
                                                   for p in json.loads(out.getvalue())["players"]}, expected)


def check_tournament(reading: Reading, year: Year) -> None:
    """The tournament's standings are the sums of its rounds; a round's points are the player's
    table's total that round; one bye a round while five play; Carl's rounds stay, as they stood:
    withdrawn after round 2, reinstated for round 3; Erik absent in round 3; round 2's table counted
    as played by the director's ruling; round 3's deal past the length kept, in its table's total."""
    made = year.tournament
    rows = tournament_standings(made)
    reading.same("tournament: players", sorted(r.name for r in rows),
                 sorted(identity_of(e.player).name for e in made.entrants.select_related("player__merged_into")))
    totals = {}
    for played in TournamentRound.objects.filter(tournament=made).select_related("evening"):
        for sheet in evening_summary(played.evening).sheets:
            for player_id, seated in sheet.seat_names.items():
                totals[(played.number, player_id)] = sheet.totals[sheet.players.index(seated)]
        reading.same(f"tournament round {played.number}: byes", len(played.draw["byes"]),
                     1 if played.number < 3 else 0)
    after_two = {r.player_id: r for r in tournament_standings(made, 2)}
    keys = dict(Player.objects.filter(club=year.club, name__in=("Carl", "Erik")).values_list("name", "pk"))
    for row in rows:
        where = f"tournament: {row.name}"
        reading.same(f"{where}: score", row.score, sum((r.score for r in row.rounds.values()), 0))
        reading.same(f"{where}: points", row.points, sum(r.points for r in row.rounds.values()))
        for number_, result in row.rounds.items():
            if not result.bye and not result.absent:
                reading.same(f"{where}: round {number_}", result.points, totals[(number_, row.player_id)])
            if number_ == 2 and not result.bye:
                reading.same(f"{where}: round 2 counted by the director", result.ruling, "counted")
        if row.player_id == keys["Carl"]:
            reading.same("tournament: Carl reinstated", (row.status, sorted(row.rounds)), ("active", [1, 2, 3]))
            reading.same("tournament: Carl withdrawn after round 2", after_two[row.player_id].status, "withdrawn")
        if row.player_id == keys["Erik"]:
            reading.same("tournament: Erik absent in round 3", (row.rounds[3].absent, row.rounds[3].score), (True, 0))
    third = TournamentRound.objects.get(tournament=made, number=3)
    kept = PendingDeal.objects.get(table__evening=third.evening)
    reading.same("tournament: the deal past round 3's length kept", (kept.state, kept.deal.current), ("kept", True))
    out = io.StringIO()
    call_command("tournament_standings", str(made.pk), "--csv", stdout=out)
    printed = list(__import__("csv").reader(io.StringIO(out.getvalue())))
    reading.same("manage.py tournament_standings: players", sorted(line[1] for line in printed[1:]),
                 sorted(r.name for r in rows))
    # the cup of the tournament and March (best 1 of 2): each player's better placing's points, by key
    now = {s.player_id: identity_of(s.player).pk for s in Seat.objects.filter(table__evening__club=made.club)}
    evening = dict(PlayerEveningSummary.objects.filter(evening=year.evenings["march"]).values(who=identity())
                   .annotate(v=Sum("points")).values_list("who", "v"))
    best = {now[r.player_id]: place_points(r.rank, (10, 6, 4, 2)) for r in rows if r.rank and r.rounds}
    for key, place in places_by_points(evening).items():
        best[key] = max(best.get(key, 0), place_points(place, (10, 6, 4, 2)))
    out = io.StringIO()
    call_command("cup_standings", "--club", str(made.club_id), "--cup", "Pokalen", "--json", stdout=out)
    reading.same("manage.py cup_standings, by key", {p["player_id"]: p["total"] for p in json.loads(out.getvalue())[
        "players"]}, best)


def check_money(reading: Reading, year: Year, bodies: dict[str, bytes]) -> None:
    """Each closed evening's transfers are its page's who-pays-whom, and its page and PDF say what is
    paid of each as the payments allocate it; February's payments stand after its correction, read
    back by key, and the settle-up paid the pair's whole balance; what is outstanding is, pair by
    pair, the transfers one way less the other way less the payments — per player, on the season
    report, on the outstanding page."""
    club = year.club
    for evening in Evening.objects.filter(club=club, closed_at__isnull=False):
        states = transfer_states(evening)
        page = bodies[reverse("scoring:evening_detail", args=[evening.pk])].decode()
        # a tournament round played without money shows no money lines (docs/tournaments.md)
        without_money = not evening.rate and TournamentRound.objects.filter(evening=evening).exists()
        for state, badge in (("paid", "paid-badge"), ("part", "part-badge"), ("unpaid", "unpaid-badge")):
            reading.same(f"the page of {evening.date}: transfers {state}", page.count(f'class="badge {badge}"'),
                         0 if without_money else sum(1 for s in states if s.state == state))
        printed = pdf_text(bodies[reverse("scoring:evening_pdf", args=[evening.pk])]).splitlines()
        reading.same(f"the PDF of {evening.date}: what is paid", [line for line in printed if line in
                                                                  {s.words[:1].upper() + s.words[1:] for s in states}],
                     [s.words[:1].upper() + s.words[1:] for s in states])
        summary = evening_summary(evening)
        seated = {seated: pid for sheet in summary.sheets for pid, seated in sheet.seat_names.items()}
        stored = [(t.payer_id, t.receiver_id, t.amount) for t in EveningTransfer.objects.filter(evening=evening)
                  .order_by("position")]
        reading.same(f"transfers of {evening.date}", stored,
                     [(seated[p.payer], seated[p.payee], to_cents(p.kroner))
                      for p in summary.payments])
    for payment in year.payments:    # by key, after the correction: as recorded, and it counts
        stored = Payment.objects.get(pk=payment.pk)
        reading.same(f"payment {payment.pk}", (stored.payer_id, stored.receiver_id, stored.amount, stored.counts),
                     (payment.payer_id, payment.receiver_id, payment.amount, True))
    reading.same("February's payments and its settle-up", (len(year.payments), year.settled is not None), (2, True))
    if year.settled:
        settled, balance = year.settled
        reading.same("the settle-up", (settled.amount, settled.settles), (balance, True))
    # what each pair owes, by its definition: transfers and payments by the players they are now
    now = {p.pk: identity_of(p).pk for p in Player.objects.filter(club=club).select_related("merged_into")}
    net = defaultdict(int)
    for rows, sign in ((EveningTransfer.objects.filter(club=club), 1), (Payment.objects.filter(club=club)
                                                                        .filter(Payment.COUNTS), -1)):
        for payer, receiver, amount in rows.values_list("payer_id", "receiver_id", "amount"):
            if now[payer] != now[receiver]:
                net[(now[payer], now[receiver])] += sign * amount
                net[(now[receiver], now[payer])] -= sign * amount
    owed = defaultdict(lambda: [0, 0])
    for (debtor, creditor), amount in net.items():
        if amount > 0:
            owed[debtor][0] += amount
            owed[creditor][1] += amount
    rows = outstanding_by_player(club)
    reading.same("outstanding by player", {r.player_id: [to_cents(r.owes["DKK"]), to_cents(r.owed["DKK"])] for r in rows},
                 dict(owed))
    reading.same("outstanding: every player once", len({r.player for r in rows}), len(rows))
    # each transfer's open part and the overpayments to pay back are what is owed
    credits = sum(b.credit for b in pair_balances(club))
    still_open = sum(s.open for e in Evening.objects.filter(club=club, closed_at__isnull=False)
                     for s in transfer_states(e))
    reading.same("outstanding = what is open + overpayments", sum(to_cents(r.owes["DKK"]) for r in rows),
                 still_open + credits)
    report = season_report(season_scope(club, date_from=dt.date(2026, 1, 1), date_to=dt.date(2026, 12, 31)))
    words = {(s.evening_id, s.family, s.payer, s.receiver): s.words for e in report.evenings
             for s in transfer_states(Evening.objects.get(pk=e.evening_id))}
    reading.same("season report: what is paid", {(t.evening_id, t.family, t.payer, t.payee): t.paid
                                                 for t in report.transfers}, words)
    reading.same("season report: every player once", len({p.player for p in report.players}), len(report.players))
    for line in report.players:
        reading.same(f"season report: {line.player}'s money", line.amounts, line.received - line.paid)
    page = page_text(year.admin.get(reverse("scoring:club_outstanding", args=[club.pk])).content.decode())
    for row in rows:
        if row.player not in page:
            reading.fault("the outstanding page", f"{row.player} is not on it")


def check_mails(reading: Reading, year: Year) -> None:
    """January's mails read as they were sent; every later one greets its player by his name now
    and names everyone by the rule (February's states its voided deal, struck through with its
    reason); the mail that could not be rendered failed once and went with the next round; the
    bounced mail went again to the corrected address; January's corrected sheet reached everyone
    who held the outdated one."""
    january = {}
    for email in Email.objects.all():
        address = email.to[0]
        if address in year.sent_in_january and email.message == year.sent_in_january[address]:
            january[address] = email
    reading.same("January's mails, as sent", len(january), len(year.sent_in_january))
    zoe = Player.objects.get(club=year.club, name="Zoë Ørsted")
    reading.same("Zoë's January mail, as sent", year.sent_in_january[zoe.email].split("\n")[0], "Kære Zoë")
    for mail in EveningMail.objects.filter(evening__club=year.club, current=True).exclude(
            evening=year.evenings["january"]).select_related("email", "player__merged_into", "evening"):
        where = f"mail of {mail.evening.date} to {identity_of(mail.player).name}"
        reading.same(f"{where}: status", mail.email.status, 0)   # post_office STATUS.sent
        reading.same(f"{where}: greeting", mail.email.message.split("\n")[0], f"Kære {identity_of(mail.player).name}")
        reading.names(where, f"{mail.email.subject}\n{mail.email.message}\n{page_text(mail.email.html_message)}")
        if mail.evening_id == year.evenings["february"].pk:
            reading.same(f"{where}: the voided deal", voided_line(mail), mail_line(mail.email.message, 5))
    # the mail that could not be rendered was tried again by the next round, and went
    failed = EveningMail.objects.get(evening=year.evenings["march"], player__name=year.failed_mail)
    reading.same("the mail that failed to render once", (failed.render_attempts, failed.problem, failed.email.status),
                 (2, "", 0))
    # the bounced mail: refused at the old address (its reason on the page), sent again to the corrected one
    player, bounced, corrected = year.bounced
    mails = list(EveningMail.objects.filter(player_id=player, evening=year.evenings["import"]).order_by("id")
                 .select_related("email"))
    reading.same("the bounced mail and the one sent again", [(m.current, m.address, m.email.status, m.email.to)
                                                             for m in mails],
                 [(False, bounced, 1, [bounced]), (True, corrected, 0, [corrected])])   # post_office: failed, sent
    reading.same("the one sent again replaces the bounced", mails[1].replaces_id, mails[0].pk)
    # January's corrected sheets: sent, each marked so, of the sheet as it is now, to every player who
    # held the outdated one
    from scoring.selectors.outbox import evening_outbox, sheet_version
    january_ = year.evenings["january"]
    version = sheet_version(january_)
    corrected_ = list(EveningMail.objects.filter(evening=january_, current=True).select_related("email"))
    reading.same("January's corrected sheets", sorted((m.corrected, m.sheet == version, m.email.status,
                                                       m.email.subject.startswith("Rettet ark:")) for m in corrected_),
                 [(True, True, 0, True)] * len(year.sent_in_january))
    reading.same("January's outbox: none outdated", [line.outdated for line in evening_outbox(january_)],
                 [False] * len(year.sent_in_january))


def check_seasons(reading: Reading, year: Year) -> None:
    """The season "2026", made by its dates only: its report and ``standings --season 2026`` hold
    every closed evening dated in 2026 — the import, which no one picked a season for, among them."""
    club = year.club
    report = season_report(season_scope(club, season="2026"))
    closed = set(Evening.objects.filter(club=club, closed_at__isnull=False, date__year=2026).values_list("pk", flat=True))
    reading.same("the season 2026's evenings", {e.evening_id for e in report.evenings}, closed)
    reading.same("the season 2026 holds the import", year.evenings["import"].pk in {e.evening_id for e in report.evenings},
                 True)
    for rules, family in club_rule_sets(club):
        out = io.StringIO()
        call_command("standings", "--club", club.name, "--rules", rules, "--season", "2026", "--json", stdout=out)
        reading.same(f"manage.py standings --season 2026 --rules {rules}",
                     [(r["player_id"], r["points"]) for r in json.loads(out.getvalue())],
                     [(r.player_id, r.points) for r in standings(club, evenings=standings_evenings(club), rules=rules,
                                                                 family=family)])


def voided_line(mail: EveningMail) -> str:
    """February's voided deal 5 as its player's mail must state it: his amount as it stood, read
    by his key from the printed sheet's struck-through row, and its reason (it moves no total)."""
    sheet = table_sheet(Table.objects.get(evening=mail.evening))
    row = next(r for r in sheet.voided if r.number == 5)
    at = sheet.players.index(sheet.seat_names[mail.player_id])
    sat_out = "" if row.active[at] else " – sad over"
    return f"  Spil 5: {row.net[at]}{sat_out} – annulleret – betalt tilbage: Givet to gange"


def mail_line(text: str, number: int) -> str:
    return next((line for line in text.splitlines() if line.startswith(f"  Spil {number}:")), "")


def check_files(reading: Reading, year: Year, bodies: dict[str, bytes]) -> None:
    """The evening file (page and ``manage.py export_evening``) keeps the names as seated and says
    what each is called now (docs/format.md, ``players_now``)."""
    for table in Table.objects.filter(evening__club=year.club).select_related("evening"):
        out = io.StringIO()
        call_command("export_evening", str(table.evening_id), "--table", str(table.number), stdout=out)
        data = json.loads(out.getvalue())
        url = reverse("scoring:table_export", args=[table.pk])
        reading.same(f"the evening file of table {table.pk}", json.loads(bodies[url]), data)
        seats_ = list(table.seats.select_related("player__merged_into").order_by("position"))
        reading.same(f"the evening file of table {table.pk}: players", data["players"],
                     [s.name or s.player.name for s in seats_])
        reading.same(f"the evening file of table {table.pk}: players now", data.get("players_now", {}),
                     {s.name: identity_of(s.player).name for s in seats_ if s.name != identity_of(s.player).name})


def check_commands(reading: Reading, year: Year, monkeypatch) -> None:
    """``check_ledger`` clean; the season report's PDF and the evenings' by the commands, named by the rule."""
    out = io.StringIO()
    call_command("check_ledger", stdout=out)
    if not out.getvalue().startswith("ledger ok"):
        reading.fault("manage.py check_ledger", out.getvalue())
    report = year.tmp / "season.pdf"
    call_command("season_report", "--club", str(year.club.pk), "--from", "2026-01-01", "--to", "2026-12-31",
                 "--out", str(report), stdout=io.StringIO())
    reading.names("manage.py season_report", pdf_text(report.read_bytes()))
    # the layout of a long table (lines of text, ``pdf.LINE_ROWS``), of each evening whose names as
    # seated are not all the names now: its words cut to the line, never inside a name
    renamed = {seat.table.evening_id for seat in Seat.objects.filter(table__evening__club=year.club)
               .select_related("table", "player__merged_into")
               if (seat.name or seat.player.name) != identity_of(seat.player).name}
    with monkeypatch.context() as patched:
        patched.setattr(pdf, "LINE_ROWS", 0)
        for evening in Evening.objects.filter(pk__in=renamed):
            out = year.tmp / f"evening-{evening.pk}.pdf"
            call_command("evening_pdf", str(evening.pk), str(out), stdout=io.StringIO())
            reading.names(f"manage.py evening_pdf {evening.date} (a long table's lines)", pdf_text(out.read_bytes()))


# The test ------------------------------------------------------------------------------------------------

@pytest.fixture
def mail_settings(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"   # the outbox's attachments
    # Django's locmem backend, behind a server that refuses what ``mails_again`` tells it to
    settings.EMAIL_BACKEND = "tests.web.test_evening_mail_again.BouncingBackend"


@pytest.mark.django_db
def test_the_life_of_a_club(club, mail_settings, tmp_path, monkeypatch):
    admin, member = Client(), Client()
    admin.force_login(make_user(club, Role.ADMIN))
    member.force_login(make_user(club, Role.MEMBER))
    year = Year(club, admin, member, tmp_path)
    read_in_march = live_the_year(year, monkeypatch)

    reading = Reading(club, old_names(club))
    assert {"Bnet", "Zoë", "Gitte", "Anee", f"{CYRILLIC_C}arl"} <= set(reading.renamed), reading.renamed
    for where, text in read_in_march.items():
        reading.names(where, text)
    urls = route_urls(reading, club)
    bodies = read_every_route(reading, "admin", admin, urls)
    read_every_route(reading, "member", member, first_of_each(urls), documents=False)
    check_standings(reading, year, bodies)
    check_ratings(reading, year)
    check_what_if(reading, year)
    check_tournament(reading, year)
    check_money(reading, year, bodies)
    check_mails(reading, year)
    check_seasons(reading, year)
    check_files(reading, year, bodies)
    check_commands(reading, year, monkeypatch)
    assert not reading.faults, f"{len(reading.faults)} faults:\n" + "\n".join(reading.faults)
