"""The engine's words on a page are in the page's language (scoring/engine/translation.py): a deal's
problems on the deal form and in its preview, and a Selca formula on the sheet. The table: Anne,
Bent, Carl, Dorte (Anne deals, Carl sits out)."""
import pytest

from scoring.models import Deal
from tests.web.test_table_views import parse, plain, preview

pytestmark = pytest.mark.django_db

WORDS = {
    "de": ("muss ausgefüllt werden", "Carl setzt in diesem Spiel aus"),
    "sl": ("obvezen podatek", "Carl v tej igri počiva"),
    "en": ("is required", "Carl sits out this deal"),
    "da": ("skal udfyldes", "Carl sidder over i dette spil"),
}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_deals_problems_are_in_the_page_language(keeper_client, four_table, lang):
    keeper_client.cookies["django_language"] = lang
    data = plain(four_table, last_trick="", king_hearts_owner="Carl", king_hearts_fate="lost")
    response = keeper_client.post(f"/tables/{four_table.pk}/", data)
    assert response.status_code == 422 and not Deal.objects.exists()
    html = parse(response)
    required, sits_out = WORDS[lang]
    assert required in html.text("last_trick")
    assert sits_out in html.text("king_hearts_owner")
    problems = parse(preview(keeper_client, four_table, data)).text("preview-problems")
    assert required in problems and sits_out in problems
