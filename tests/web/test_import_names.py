"""An import asks the questions seating asks, before anything is written.

A name of the file near a member's ("Bnet" beside Bent) or imitating one by mixing scripts ("Сarl",
a Cyrillic С) is a question: on the page a second step (the file kept on the server as a draft,
nothing of the evening written), on the command line a refusal unless ``--new NAME`` or ``--same
NAME=MEMBER`` answers it. A member answered sits under the file's name, as the deals write it."""
import io
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from scoring import services
from scoring.models import Deal, Evening, ImportDraft, Player, Seat, Table

pytestmark = pytest.mark.django_db

KEY = "0f0e0d0c-0b0a-4908-8706-050403020111"
CYRILLIC_C = "\u0421"


@pytest.fixture
def members(club):
    return {n: services.player_get_or_create(club=club, name=n) for n in ("Anne", "Bent", "Carl")}


def golden(golden_dir, **renames) -> dict:
    """The four-player golden evening (Anne, Bent, Carl, Dorte) with names replaced as the file's."""
    text = (golden_dir / "four-players-tout-nolo-fines.json").read_text()
    for old, new in renames.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    return json.loads(text)


def written() -> tuple[int, int, int, int]:
    return Evening.objects.count(), Table.objects.count(), Seat.objects.count(), Deal.objects.count()


def seats(table: Table) -> list[tuple[str, str]]:
    return [(s.player.name, s.name) for s in table.seats.order_by("position")]


# The service --------------------------------------------------------------------------------------

def test_a_near_name_is_a_question_and_nothing_is_written(club, members, golden_dir):
    prepared = services.evening_import_prepare(club=club, data=golden(golden_dir, Bent="Bnet"))
    [question] = prepared.questions
    assert (question.position, question.name, question.members, question.lookalike) == (1, "Bnet", (members["Bent"],), "")
    with pytest.raises(services.NamesUnanswered) as refused:
        services.evening_import(club=club, prepared=prepared)
    assert "Bnet i filen ligner Bent i klubben." in str(refused.value)
    assert written() == (0, 0, 0, 0) and Player.objects.filter(club=club).count() == 3


def test_answered_as_the_member_he_sits_under_the_files_name(club, members, golden_dir):
    data = golden(golden_dir, Bent="Bnet")
    table = services.evening_import(club=club, prepared=services.evening_import_prepare(
        club=club, data=data, answers={"Bnet": members["Bent"].pk}))
    assert seats(table) == [("Anne", "Anne"), ("Bent", "Bnet"), ("Carl", "Carl"), ("Dorte", "Dorte")]
    assert not Player.objects.filter(name="Bnet").exists()
    # the same deals and money as the file with the club's spelling: the names are the seats'
    other = services.evening_import(club=club, data=golden(golden_dir))
    assert [d.outcome_json.replace("Bnet", "Bent") for d in Deal.objects.filter(table=table).order_by("number")] == \
        [d.outcome_json for d in Deal.objects.filter(table=other).order_by("number")]
    out = io.StringIO()
    call_command("check_ledger", stdout=out)
    assert out.getvalue().startswith("ledger ok: 2 table(s)")


def test_answered_as_new_makes_a_new_player(club, members, golden_dir):
    table = services.evening_import(club=club, prepared=services.evening_import_prepare(
        club=club, data=golden(golden_dir, Bent="Bnet"), answers={"Bnet": None}))
    assert seats(table)[1] == ("Bnet", "Bnet")


def test_a_lookalike_can_only_be_the_member_it_imitates(club, members, golden_dir):
    data = golden(golden_dir, Carl=f"{CYRILLIC_C}arl")
    [question] = services.evening_import_prepare(club=club, data=data).questions
    assert question.members == (members["Carl"],) and "ligner Carl" in question.lookalike
    for wrong in (None, members["Anne"].pk):
        with pytest.raises(services.RecordingError) as refused:
            services.evening_import_prepare(club=club, data=data, answers={f"{CYRILLIC_C}arl": wrong})
        assert "ligner Carl" in str(refused.value)
    table = services.evening_import(club=club, prepared=services.evening_import_prepare(
        club=club, data=data, answers={f"{CYRILLIC_C}arl": members["Carl"].pk}))
    assert seats(table)[2] == ("Carl", f"{CYRILLIC_C}arl") and Player.objects.filter(club=club).count() == 4


def test_answers_that_do_not_fit_are_refused_naming_the_name(club, members, golden_dir):
    data = golden(golden_dir, Bent="Bnet")
    with pytest.raises(services.RecordingError) as refused:   # Anne sits as herself already
        services.evening_import_prepare(club=club, data=data, answers={"Bnet": members["Anne"].pk})
    assert "Bnet kan kun være Bent eller en ny spiller." in str(refused.value)
    with pytest.raises(services.RecordingError) as refused:
        services.evening_import_prepare(club=club, data=data, answers={"Bnet": None, "Zoë": None})
    assert "Zoë er ikke et navn i filen." in str(refused.value)
    assert written() == (0, 0, 0, 0)


# The page: two steps, the file kept between them ---------------------------------------------------

def upload(client, club, data):
    return client.post("/evenings/import/", {"club": club.pk, "submission": KEY, "file": SimpleUploadedFile(
        "aften.json", json.dumps(data).encode(), content_type="application/json")})


def test_the_page_asks_then_imports_once(keeper_client, club, members, golden_dir):
    asked = upload(keeper_client, club, golden(golden_dir, Bent="Bnet"))
    html = asked.content.decode()
    assert asked.status_code == 200 and "Bnet i filen ligner Bent i klubben." in html
    assert f'value="use:{members["Bent"].pk}"' in html and "Nej, Bnet er en ny spiller" in html
    assert written() == (0, 0, 0, 0) and ImportDraft.objects.count() == 1
    draft = ImportDraft.objects.get().token
    key = re.search(r'name="submission" value="([0-9a-f-]+)"', html).group(1)
    answer = {"club": club.pk, "submission": key, "draft": str(draft), "answer_1": f"use:{members['Bent'].pk}"}

    unanswered = keeper_client.post("/evenings/import/", {**answer, "answer_1": ""})
    assert unanswered.status_code == 422 and written() == (0, 0, 0, 0)

    done = keeper_client.post("/evenings/import/", answer)
    assert done.status_code == 302 and written()[:2] == (1, 1) and not ImportDraft.objects.exists()
    again = keeper_client.post("/evenings/import/", answer)   # a double tap: the first result
    assert again.status_code == 302 and again.url == done.url and Table.objects.count() == 1
    assert seats(Table.objects.get())[1] == ("Bent", "Bnet")


def test_another_users_or_a_lost_draft_is_refused(keeper_client, club, members, golden_dir):
    upload(keeper_client, club, golden(golden_dir, Bent="Bnet"))
    ImportDraft.objects.all().delete()
    lost = keeper_client.post("/evenings/import/", {"club": club.pk, "submission": KEY.replace("1", "2"),
                                                    "draft": "0f0e0d0c-0b0a-4908-8706-050403020199",
                                                    "answer_1": "new"})
    assert lost.status_code == 422 and "indlæs den igen" in lost.content.decode() and written() == (0, 0, 0, 0)


# The command line ----------------------------------------------------------------------------------

def run(tmp_path, data, *args):
    path = tmp_path / "aften.json"
    path.write_text(json.dumps(data))
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_evening", str(path), "--lang", "da", *args, stdout=out, stderr=err)
    except SystemExit as exc:
        return exc.code, err.getvalue()
    return 0, err.getvalue()


def test_the_command_refuses_unanswered_names_and_takes_answers(tmp_path, club, members, golden_dir):
    data = golden(golden_dir, Bent="Bnet", Carl=f"{CYRILLIC_C}arl")
    code, err = run(tmp_path, data)
    assert code == 2 and written() == (0, 0, 0, 0)
    assert "Bnet i filen ligner Bent i klubben. Svar med --same Bnet=Bent eller --new Bnet." in err
    assert f"Svar med --same {CYRILLIC_C}arl=Carl." in err
    assert run(tmp_path, data, "--same", "Bnet=Bnt")[0] == 2
    code, err = run(tmp_path, data, "--new", "Bnet", "--same", f"{CYRILLIC_C}arl=Carl")
    assert code == 0, err
    assert seats(Table.objects.get()) == [("Anne", "Anne"), ("Bnet", "Bnet"), ("Carl", f"{CYRILLIC_C}arl"),
                                          ("Dorte", "Dorte")]
