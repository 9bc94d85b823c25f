"""The sheet in every player's hands: queueing a closed evening's mails (keyed, once per player),
the sender (rendering with the player's language, the PDF attached, sent through Django's locmem
backend), each statement agreeing to the øre with the settlement, the refusals, the page's states,
and that no address is ever shown to anyone."""
import io
import json
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core import mail as outbox
from django.core.management import call_command
from post_office.models import STATUS, Email
from pypdf import PdfReader

from scoring import services
from scoring.outbox_sender import prepare, render_statement, send_round
from scoring.currency import format_money
from scoring.models import Club, EveningEvent, EveningMail, LanguageChoice, Player, Role
from scoring.selectors import evening_summary
from scoring.selectors.statements import evening_statements

from .conftest import make_user

pytestmark = [pytest.mark.django_db, pytest.mark.every_database]

ADDRESSES = {"Anne": "anne@example.org", "Bent": "bent@example.org", "Carl": "carl@example.org"}


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"   # the outbox's attachments
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def lock(tmp_path):
    return str(tmp_path / "mail.lock")


def addresses(club, known=ADDRESSES):
    for name, address in known.items():
        Player.objects.filter(club=club, name=name).update(email=address)


@pytest.fixture
def evening(golden_table, club):
    """The golden Danish evening (Anne, Bent, Carl, Dorte), closed; three of its four players have an
    address (Dorte has none)."""
    addresses(club)
    return services.evening_close(evening=golden_table.evening)


def keyed_post(client, evening, key="5b0f3e3c-6a7e-4d47-9c1e-0d5c2b4e7a11"):
    return client.post(f"/evenings/{evening.pk}/mail/", {"submission": key})


# Queueing ----------------------------------------------------------------------------------------

def test_a_scorekeeper_queues_one_mail_per_player_with_an_address(keeper_client, evening):
    answer = keyed_post(keeper_client, evening)
    assert answer.status_code == 302 and answer["Location"] == f"/evenings/{evening.pk}/"
    mails = {m.player.name: m for m in EveningMail.objects.select_related("player")}
    assert set(mails) == {"Anne", "Bent", "Carl"}
    assert {n: m.address for n, m in mails.items()} == ADDRESSES
    assert all(m.email_id is None for m in mails.values())   # the request only queues: nothing rendered
    assert not outbox.outbox and not Email.objects.exists()
    event = EveningEvent.objects.get(evening=evening, kind="mailed")
    assert event.count == 3 and event.user.username.startswith("scorekeeper")
    assert "Arket lagt i udbakken til spillerne" in keeper_client.get(f"/evenings/{evening.pk}/log/").content.decode()


def test_sending_twice_queues_nothing_twice(keeper_client, evening, club):
    keyed_post(keeper_client, evening)
    again = keyed_post(keeper_client, evening)              # the same form sent again: the first result
    assert again.status_code == 302
    other_key = keyed_post(keeper_client, evening, key="0e0a4a9d-37d2-4b5b-8a8e-1f6b1bd0c001")
    assert other_key.status_code == 302                      # a new press: nobody is queued twice
    assert EveningMail.objects.count() == 3
    assert EveningEvent.objects.filter(kind="mailed").count() == 1
    assert "allerede lagt i udbakken" in keeper_client.get(f"/evenings/{evening.pk}/").content.decode()
    # an address written since: only that player is queued by the next press
    Player.objects.filter(club=club, name="Dorte").update(email="dorte@example.org")
    page = keeper_client.get(f"/evenings/{evening.pk}/").content.decode()
    assert "Send til den ene, der mangler" in page
    keyed_post(keeper_client, evening, key="0e0a4a9d-37d2-4b5b-8a8e-1f6b1bd0c002")
    assert EveningMail.objects.count() == 4
    assert EveningMail.objects.filter(player__name="Dorte").count() == 1
    assert 'id="mail-send"' not in keeper_client.get(f"/evenings/{evening.pk}/").content.decode()


def test_the_outbox_refuses_a_second_mail_of_a_kind_for_a_player(evening, scorekeeper):
    from django.db import IntegrityError, transaction

    services.evening_mail_queue(evening=evening, user=scorekeeper)
    first = EveningMail.objects.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        EveningMail.objects.create(evening=evening, player=first.player, kind=first.kind,
                                   address=first.address, language="da")


def test_an_open_evening_is_refused(keeper_client, golden_table, club):
    addresses(club)
    answer = keyed_post(keeper_client, golden_table.evening)
    assert answer.status_code == 409
    assert "Aftenen er ikke lukket" in answer.content.decode()
    assert not EveningMail.objects.exists() and not EveningEvent.objects.filter(kind="mailed").exists()


def test_an_evening_without_addresses_is_refused(keeper_client, golden_table):
    evening = services.evening_close(evening=golden_table.evening)
    answer = keyed_post(keeper_client, evening)
    assert answer.status_code == 422
    assert "Ingen af aftenens spillere har en e-mailadresse" in answer.content.decode()
    assert not EveningMail.objects.exists()


def test_a_member_may_not_send_and_an_admin_may(client, evening, club):
    client.force_login(make_user(club, Role.MEMBER))
    assert keyed_post(client, evening).status_code == 403
    assert not EveningMail.objects.exists()
    assert 'id="mail-send"' not in client.get(f"/evenings/{evening.pk}/").content.decode()
    client.force_login(make_user(club, Role.ADMIN))
    assert keyed_post(client, evening, key="0e0a4a9d-37d2-4b5b-8a8e-1f6b1bd0c003").status_code == 302
    assert EveningMail.objects.count() == 3


def test_another_club_gets_404_and_a_get_is_not_allowed(client, evening, keeper_client):
    other = Club.objects.create(name="Andre")
    stranger = make_user(other, Role.ADMIN)
    assert keeper_client.get(f"/evenings/{evening.pk}/mail/").status_code == 405
    client.force_login(stranger)
    assert keyed_post(client, evening).status_code == 404
    assert client.get(f"/evenings/{evening.pk}/").status_code == 404
    assert not EveningMail.objects.exists()


# The sender --------------------------------------------------------------------------------------

def test_the_sender_sends_each_player_his_statement_and_the_pdf(evening, scorekeeper, lock):
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    done = send_round(lock)
    assert (done.rendered, done.sent, done.failed) == (3, 3, 0)
    assert len(outbox.outbox) == 3
    by_address = {m.to[0]: m for m in outbox.outbox}
    for name, address in ADDRESSES.items():
        message = by_address[address]
        assert message.to == [address] and not message.cc and not message.bcc   # one recipient each
        others = set(ADDRESSES.values()) - {address}
        text = message.body + message.alternatives[0][0] + message.subject
        assert not any(other in text for other in others)
        assert f"Kære {name}" in message.body
        assert message.subject == "Tarok VLK 20. november 2026: din opgørelse og afregningsarket"
        (filename, content, mimetype), = message.attachments
        assert filename == f"tarok-2026-11-20-aften-{evening.pk}.pdf" and mimetype == "application/pdf"
        pdf = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
        assert "Underskrifter" in pdf and "Hvem betaler hvem" in pdf
    assert "Du betaler Anne 275 point (68,75 kr.)" in by_address["bent@example.org"].body
    assert "Bent betaler dig 275 point (68,75 kr.)" in by_address["anne@example.org"].body
    assert all(m.email.status == STATUS.sent for m in EveningMail.objects.select_related("email"))
    # a second round finds nothing left to do
    again = send_round(lock)
    assert (again.rendered, again.sent) == (0, 0) and len(outbox.outbox) == 3


def test_each_mail_is_in_its_players_language(evening, club, scorekeeper, lock):
    club.language = "de"
    club.save()
    anne = Player.objects.get(club=club, name="Anne")
    anne.user = get_user_model().objects.create_user("anne-login")
    anne.save()
    LanguageChoice.objects.create(user=anne.user, language="sl")
    bent = Player.objects.get(club=club, name="Bent")
    bent.user = get_user_model().objects.create_user("bent-login")   # a login without a choice: the club's
    bent.save()
    Player.objects.filter(club=club, name="Carl").update(user=make_user(club, Role.MEMBER, "carl-login"))
    LanguageChoice.objects.create(user=Player.objects.get(name="Carl").user, language="en")
    # a player without a login: the language the club admin gave him, not the club's
    services.player_contact_set(player=Player.objects.get(club=club, name="Dorte"), email="dorte@example.org",
                                language="en")
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    assert dict(EveningMail.objects.values_list("player__name", "language")) == {"Anne": "sl", "Bent": "de",
                                                                                 "Carl": "en", "Dorte": "en"}
    send_round(lock)
    by_address = {m.to[0]: m for m in outbox.outbox}
    assert by_address["anne@example.org"].body.startswith("Pozdravljeni, Anne")
    sl, de = format_money(Decimal("68.75"), "DKK", "sl"), format_money(Decimal("68.75"), "DKK", "de")
    assert f"Plača Bent, prejmete vi – točke: 275 ({sl})" in by_address["anne@example.org"].body   # kroner as Slovenian writes them
    assert by_address["bent@example.org"].body.startswith("Hallo Bent")
    assert f"Du zahlst Anne 275 Punkte ({de})" in by_address["bent@example.org"].body
    carl = by_address["carl@example.org"]
    assert carl.body.startswith("Dear Carl") and carl.subject.startswith("Tarok VLK 20 November 2026")
    # the PDF is in the player's language too
    pdf = PdfReader(io.BytesIO(carl.attachments[0][1])).pages[-1].extract_text()
    assert "Who pays whom" in pdf or "Signatures" in pdf


def test_a_mail_waits_while_its_evening_is_reopened(evening, club, scorekeeper, lock):
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    admin = make_user(club, Role.ADMIN)
    services.evening_reopen(evening=evening, user=admin, reason="en fejl")
    done = send_round(lock)
    assert (done.rendered, done.sent) == (0, 0) and not outbox.outbox
    services.evening_close(evening=evening)
    assert send_round(lock).sent == 3


def test_the_command_sends_and_says_what_it_did(evening, scorekeeper, capsys, monkeypatch, lock):
    monkeypatch.setattr("scoring.outbox_sender.LOCK_FILE", lock)
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    call_command("send_evening_mail")
    assert "rendered 3, sent 3, failed 0" in capsys.readouterr().out
    assert len(outbox.outbox) == 3


def test_a_failed_send_is_shown_as_failed(evening, scorekeeper, keeper_client, settings, lock):
    settings.POST_OFFICE = {"MAX_RETRIES": 0}
    settings.EMAIL_BACKEND = "tests.web.test_evening_mail.RefusingBackend"
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    done = send_round(lock)
    assert (done.sent, done.failed) == (0, 3)
    page = keeper_client.get(f"/evenings/{evening.pk}/").content.decode()
    assert page.count('data-state="failed"') == 3 and "fejlet" in page


class RefusingBackend:
    """An SMTP server that refuses every mail."""

    def __init__(self, *args, **kwargs):
        pass

    def open(self):
        return True

    def close(self):
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("no SMTP server")


# The statements ----------------------------------------------------------------------------------

def _mixed_evening(club, golden_dir, rate: str):
    """A Danish table and a Selca table (a written score) in one evening, closed at ``rate``."""
    club.kroner_per_point = Decimal(rate)
    club.save()
    danish = services.evening_import(club=club, data=json.loads((golden_dir / "four-players-tout-nolo-fines.json")
                                                                .read_text()))
    services.evening_import(club=club, evening=danish.evening,
                            data=json.loads((golden_dir / "selca" / "four-players.json").read_text()))
    return services.evening_close(evening=danish.evening)


@pytest.mark.parametrize("rate", ["0.25", "0.1234", "1.0007"])
def test_each_statement_agrees_to_the_ore_with_the_settlement(club, golden_dir, rate):
    evening = _mixed_evening(club, golden_dir, rate)
    summary = evening_summary(evening)
    statements = evening_statements(summary)
    assert [s.name for s in statements] == [p for p, _t, _k in summary.totals]
    by_name = {s.name: s for s in statements}
    for group in summary.families:
        for name, points, kroner in group.totals:
            s = by_name[name]
            assert s.points == points and s.kroner == kroner
            # what he pays and receives is his share of who-pays-whom, and adds up to his kroner
            assert sum(p.kroner for p in s.receives) - sum(p.kroner for p in s.pays) == kroner
            assert set(s.pays) | set(s.receives) == {p for p in group.payments if name in (p.payer, p.payee)}
        for sheet in group.sheets:
            for at, name in enumerate(sheet.players):
                lines = by_name[name].lines
                assert [line.net for line in lines] == [row.net[at] for row in sheet.rows]
                assert lines[-1].running == sheet.totals[at] == sum(line.net for line in lines)
    assert sum(s.kroner for s in statements) == 0
    selca = [s for s in statements if s.family == "selca"]
    assert selca and all(s.written for s in selca)
    assert dict(summary.families[1].money) == {s.name: s.money_points for s in selca}


def test_the_statement_text_names_every_deal_and_the_totals(club, golden_dir):
    evening = _mixed_evening(club, golden_dir, "0.1234")
    summary = evening_summary(evening)
    for s in evening_statements(summary):
        text = render_statement(s, evening, summary.kroner_per_point, "da").text
        for line in s.lines:
            if line.number is not None:
                assert f"Spil {line.number}" in text
        assert f"Point i alt: {s.points}" in text
        assert "0,1234 kr. pr. point" in text
        for p in s.pays:
            assert f"Du betaler {p.payee} {p.points} point" in text
        for p in s.receives:
            assert f"{p.payer} betaler dig {p.points} point" in text
        if not s.pays and not s.receives:
            assert "Du hverken betaler eller modtager noget." in text


def test_a_voided_deal_stays_in_the_statement_struck_through_with_its_reason(club, golden_dir):
    """As the printed sheet keeps a voided deal's row (its amounts as they stood, no total after it,
    its table family's note and the reason), so does each player's mail; his totals and payments are
    the deals that stand (a voided deal pays nothing). Selca writes a score: its deal is no longer
    written, nothing is paid back."""
    danish = services.evening_import(club=club, data=json.loads((golden_dir / "four-players-tout-nolo-fines.json")
                                                                .read_text()))
    selca = services.evening_import(club=club, evening=danish.evening,
                                    data=json.loads((golden_dir / "selca" / "four-players.json").read_text()))
    services.deal_void(deal=danish.deals.get(number=3, current=True), reason="kortene var ikke blandet")
    services.deal_void(deal=selca.deals.get(number=4, current=True), reason="napačen delilec")
    evening = services.evening_close(evening=danish.evening)
    summary = evening_summary(evening)
    for s in evening_statements(summary):
        sheet = next(sh for g in summary.families for sh in g.sheets if sh.table.number == s.table)
        at, number = sheet.players.index(s.name), (3 if s.family == "danish" else 4)
        struck = next(line for line in s.lines if line.number == number)
        assert struck.voided and struck.running is None
        assert struck.net == next(r for r in sheet.voided if r.number == number).net[at]
        standing = [line for line in s.lines if not line.voided]
        assert [line.net for line in standing] == [row.net[at] for row in sheet.rows]
        assert s.points == sheet.totals[at] == sum(line.net for line in standing)
        assert s.deals == len(sheet.deals)
        mail = render_statement(s, evening, summary.kroner_per_point, "da")
        line = next((t for t in mail.text.splitlines() if t.startswith(f"  Spil {number}:")), mail.text)
        sat_out = "" if struck.active else " – sad over"
        if s.family == "danish":
            assert line == f"  Spil 3: {struck.net}{sat_out} – annulleret – betalt tilbage: kortene var ikke blandet"
            assert "<s>Spil 3</s>" in mail.html and "betalt tilbage: kortene var ikke blandet" in mail.html
        else:
            assert line == f"  Spil 4: {struck.net} – annulleret – skrives ikke: napačen delilec"
            assert "betalt tilbage" not in mail.text
    english = next(s for s in evening_statements(summary) if s.family == "selca")
    assert "voided – not scored: napačen delilec" in render_statement(english, evening, summary.kroner_per_point,
                                                                      "en").text


# The page ----------------------------------------------------------------------------------------

def test_the_page_shows_each_mails_state_and_never_an_address(keeper_client, evening, lock, client, club):
    page = keeper_client.get(f"/evenings/{evening.pk}/").content.decode()
    assert 'id="mail-send"' in page and "3 af 4 spillere har en e-mailadresse" in page
    assert 'id="mail-outbox"' not in page
    keyed_post(keeper_client, evening)
    page = keeper_client.get(f"/evenings/{evening.pk}/").content.decode()
    assert page.count('data-state="queued"') == 3 and "i kø" in page
    send_round(lock)
    for reader in (keeper_client, _member(client, club)):
        page = reader.get(f"/evenings/{evening.pk}/").content.decode()
        assert page.count('data-state="sent"') == 3 and "sendt" in page
        assert not any(address in page for address in ADDRESSES.values())
        assert "@example.org" not in page


def _member(client, club):
    client.force_login(make_user(club, Role.MEMBER, "reader"))
    return client


def test_an_open_evening_shows_no_mail_block(keeper_client, golden_table):
    page = keeper_client.get(f"/evenings/{golden_table.evening_id}/").content.decode()
    assert 'id="evening-mail"' not in page
    assert 'id="share-pdf"' in page   # "Del" shares the PDF whatever the evening's state


def test_the_download_link_saves_the_pdf(keeper_client, evening):
    answer = keeper_client.get(f"/evenings/{evening.pk}/pdf/?download=1")
    assert answer["Content-Disposition"] == f'attachment; filename="tarok-2026-11-20-aften-{evening.pk}.pdf"'
    assert keeper_client.get(f"/evenings/{evening.pk}/pdf/")["Content-Disposition"].startswith("inline;")


@pytest.mark.parametrize("language, words", [("en", ("Send the sheet to the players", "Send by e-mail")),
                                             ("de", ("Die Abrechnung an die Spieler senden", "Per E-Mail senden")),
                                             ("sl", ("Pošlji list igralcem", "Pošlji po e-pošti"))])
def test_the_mail_block_in_every_language(keeper_client, evening, language, words):
    keeper_client.cookies["django_language"] = language
    page = keeper_client.get(f"/evenings/{evening.pk}/").content.decode()
    for word in words:
        assert word in page


def test_the_outbox_is_in_the_admin_for_the_superuser_only(client, evening, scorekeeper, lock):
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    send_round(lock)
    staff = get_user_model().objects.create_user("staff", password="pw-secret-1", is_staff=True)
    from django.contrib.auth.models import Permission
    staff.user_permissions.set(Permission.objects.filter(content_type__app_label="post_office"))
    client.force_login(staff)
    assert client.get("/admin/post_office/email/").status_code == 403
    root = get_user_model().objects.create_superuser("root", password="pw-secret-1")
    client.force_login(root)
    listing = client.get("/admin/post_office/email/")
    assert listing.status_code == 200 and "anne@example.org" in listing.content.decode()
    assert client.get("/admin/scoring/eveningmail/").status_code == 200


def test_prepare_renders_each_pdf_once_per_language(evening, scorekeeper, monkeypatch):
    import scoring.reports.pdf

    calls = []
    real = scoring.reports.pdf.render_evening_pdf
    monkeypatch.setattr(scoring.reports.pdf, "render_evening_pdf", lambda e: calls.append(e.pk) or real(e))
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    assert prepare() == 3 and calls == [evening.pk]


def test_a_mail_cleaned_out_of_the_outbox_is_never_sent_again(evening, scorekeeper, keeper_client, lock):
    services.evening_mail_queue(evening=evening, user=scorekeeper)
    assert send_round(lock).sent == 3
    call_command("cleanup_mail", days=0, delete_attachments=True)
    assert not Email.objects.exists() and EveningMail.objects.count() == 3
    again = send_round(lock)
    assert (again.rendered, again.sent) == (0, 0) and len(outbox.outbox) == 3
    page = keeper_client.get(f"/evenings/{evening.pk}/").content.decode()
    assert page.count('data-state="cleared"') == 3 and "slettet fra udbakken" in page
