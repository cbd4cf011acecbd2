"""The floor assistant page and its JSON API: the form of every kind in both languages, rulings
with the articles' original French text, and bad input answered clearly (never a 500)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from pokertd.present.floor import explanation
from pokertd.present.floor.assistant import KINDS, rule
from pokertd.rules import PROFILE_IDS
from pokertd.rules.articles import quote

CHIPS = {"actions": "p3 cbr 1100", "chips": "1000,500"}
HTMX = {"HX-Request": "true"}
#: A phrase of each article the chips ruling quotes, as the book writes it.
PHRASES = {
    "tda-2017": (
        "TDA 50A",
        "miser plusieurs jetons (incluant la mise de vos derniers jetons) est un call",
    ),
    "lfp": ("LFP 7.27", "en retirant un jeton quelconque, le total deviendrait inférieur"),
}
PHH = "\n".join(
    [
        'variant = "NT"',
        "antes = [0, 0, 0, 0]",
        "blinds_or_straddles = [250, 500, 0, 0]",
        "min_bet = 500",
        "starting_stacks = [20000, 20000, 20000, 20000]",
        'actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", "p3 cbr 1100"]',
    ]
)


def html(text: str) -> str:
    """Return ``text`` as the templates escape it."""
    return str(escape(text))


def blockquotes(page: str) -> list[str]:
    """Return the French quotes of a page, as written in it."""
    return re.findall(r'<blockquote lang="fr">(.*?)</blockquote>', page, re.DOTALL)


def error_of(answer: Any) -> dict[str, Any]:
    """Return the canonical error document's ``error``, checking its shape."""
    body = answer.json()
    assert body["ok"] is False, body
    error = body["error"]
    assert isinstance(error, dict)
    assert error["status"] == answer.status_code
    assert isinstance(error["message"], str)
    assert error["message"]
    return error


# --- the page --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_the_page_renders_every_kind_in_both_languages(
    client: TestClient, kind: str, lang: str
) -> None:
    found = KINDS[kind]
    page = client.get("/floor", params={"kind": kind, "lang": lang})
    assert page.status_code == 200, page.text
    text = page.text
    assert f'<html lang="{lang}">' in text
    assert f'<option value="{kind}" selected>{html(found.label(lang))}</option>' in text
    for other in KINDS.values():  # every kind is offered, labelled in the page's language
        assert html(other.label(lang)) in text
    for profile in PROFILE_IDS:
        assert f'<option value="{profile}"' in text
    for field in found.fields:
        assert f'name="{field.name}"' in text
        assert html(field.label(lang)) in text
    if found.needs_hand:
        assert '<textarea id="f-phh" name="phh"' in text
        assert '<textarea id="f-actions" name="actions"' in text
    else:
        assert 'name="phh"' not in text
    # the fields partial the kind selector swaps in, and its address for the history
    partial = client.get("/floor/form", params={"kind": kind, "lang": lang}, headers=HTMX)
    assert partial.status_code == 200
    assert "<html" not in partial.text
    assert all(f'name="{field.name}"' in partial.text for field in found.fields)
    assert partial.headers["HX-Push-Url"] == f"/floor?kind={kind}&profile=tda-2017"


def test_fields_are_rendered_by_type(client: TestClient) -> None:
    text = client.get("/floor", params={"kind": "board-error"}).text
    assert '<select id="f-error" name="error" required>' in text  # choice
    assert 'name="seed" type="number"' in text  # int
    # bool: a checkbox after a hidden "false", so that unticking a default of true counts
    assert '<input type="hidden" name="order_known" value="false">' in text
    assert re.search(
        r'type="checkbox" id="f-order_known" name="order_known" value="true"\s+checked', text
    )
    unticked = client.get("/floor", params={"kind": "board-error", "order_known": "false"}).text
    assert not re.search(r'name="order_known" value="true"\s+checked', unticked)
    assert 'placeholder="AsKd7c2h"' in text  # the example
    hand = client.get("/floor", params={"kind": "chips"}).text
    assert (
        '<textarea id="f-actions" name="actions" rows="3" placeholder="p3 cbr 300\np4 call"' in hand
    )
    assert 'name="stacks" value="10000"' in hand  # the default


def test_the_form_keeps_the_values_given_in_the_address(client: TestClient) -> None:
    """The plain-GET fallback of the kind selector: values and profile stay chosen."""
    text = client.get(
        "/floor",
        params={"kind": "clock-call", "profile": "lfp", "caller": "dealer", "waited": "90"},
    ).text
    assert '<option value="lfp" selected>' in text
    assert '<option value="dealer" selected>The dealer</option>' in text
    assert 'name="waited" type="number" min="0" step="1" inputmode="numeric" value="90"' in text
    # the form posts to the ruling, and falls back to GET /floor to change the kind
    assert 'hx-post="/floor/ruling?lang=en"' in text
    assert 'formmethod="get" formaction="/floor"' in text


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_a_chips_ruling_quotes_the_french_article(client: TestClient, profile: str) -> None:
    expected = rule(profile, "chips", CHIPS)
    reference, phrase = PHRASES[profile]
    page = client.post("/floor/ruling?lang=en", data={"profile": profile, "kind": "chips", **CHIPS})
    assert page.status_code == 200, page.text
    text = page.text
    assert "<strong>call 1100</strong>" in text
    assert f"<code>{expected.ruling.rule}</code>" in text
    assert ", ".join(expected.ruling.articles) in text
    assert html(explanation(expected.ruling, "en")) in text
    assert "Original French text" in text
    assert reference in text
    quoted = blockquotes(text)
    assert any(phrase in found for found in quoted)
    assert html(quote(reference).text) in quoted
    # the form stays filled in above the ruling
    assert 'name="chips" value="1000,500"' in text
    assert f'<option value="{profile}" selected>' in text


def test_a_ruling_in_french_and_through_htmx(client: TestClient) -> None:
    expected = rule("lfp", "chips", CHIPS)
    answer = client.post(
        "/floor/ruling?lang=fr", data={"profile": "lfp", "kind": "chips", **CHIPS}, headers=HTMX
    )
    assert answer.status_code == 200
    fragment = answer.text
    assert "<html" not in fragment  # the result box only
    assert html(explanation(expected.ruling, "fr")) in fragment
    assert html(explanation(expected.ruling, "en")) not in fragment
    assert any(PHRASES["lfp"][1] in found for found in blockquotes(fragment))


def test_a_ruling_from_pasted_phh_and_the_checkbox_pairs(client: TestClient) -> None:
    answer = client.post(
        "/floor/ruling",
        data={"kind": "chips", "chips": "1000,500", "phh": PHH, "string_bet": ["false", "true"]},
    )
    assert answer.status_code == 200, answer.text
    assert '<option value="tda-2017" selected>' in answer.text  # the default profile
    assert 'type="checkbox" id="f-string_bet" name="string_bet" value="true" checked' in (
        answer.text
    )
    expected = rule("tda-2017", "chips", {"chips": "1000,500", "phh": PHH, "string_bet": "true"})
    assert expected.ruling.rule == "BET-STRING"  # the checkbox's "true" won over its "false"
    assert f"<code>{expected.ruling.rule}</code>" in answer.text
    assert html(explanation(expected.ruling, "en")) in answer.text


def test_a_hand_taken_from_a_live_table_prefills_the_form(client: TestClient) -> None:
    posted = client.post("/floor", data={"profile": "lfp", "kind": "chips", "phh": PHH})
    assert posted.status_code == 200
    text = posted.text
    assert '<option value="lfp" selected>' in text
    assert '<option value="chips" selected>' in text
    assert html(PHH) in text
    assert "The hand comes from the live table" in text
    linked = client.get("/floor", params={"phh": PHH})  # as a link: the default kind
    assert linked.status_code == 200
    assert html(PHH) in linked.text


def test_bad_input_is_shown_next_to_the_form(client: TestClient) -> None:
    page = client.post("/floor/ruling?lang=en", data={"kind": "chips", **CHIPS, "chips": "abc"})
    assert page.status_code == 400
    assert (
        "chips are listed by denomination, such as 1000,500 or 1000,5x100, not &#39;abc&#39;"
        in (page.text)
    )
    assert 'name="chips" value="abc"' in page.text  # kept for the correction
    french = client.post(
        "/floor/ruling?lang=fr", data={"kind": "chips", "actions": "p3 cbr 1100"}, headers=HTMX
    )
    assert french.status_code == 200  # HTMX swaps the message into the result box
    assert html("'Jetons poussés' (chips) est obligatoire") in french.text
    illegal = client.post(
        "/floor/ruling?lang=en", data={"kind": "chips", "chips": "500", "actions": "p9 f"}
    )
    assert illegal.status_code == 400
    assert "action 1 is a player from p1 to p6" in illegal.text


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"kind": "nope"}, "unknown situation &#39;nope&#39;"),
        ({"profile": "wsop"}, "unknown profile &#39;wsop&#39;"),
    ],
)
def test_an_unknown_kind_or_profile_is_a_clear_error(
    client: TestClient, params: dict[str, str], message: str
) -> None:
    page = client.get("/floor", params=params)
    assert page.status_code == 400
    assert message in page.text
    assert '<option value="chips" selected>' in page.text  # the form is there to go on
    partial = client.get("/floor/form", params=params, headers=HTMX)
    assert partial.status_code == 200
    assert message in partial.text
    ruled = client.post("/floor/ruling", data={**params, **CHIPS})
    assert ruled.status_code == 400
    assert message in ruled.text
    ruled = client.post("/floor/ruling", data={**params, **CHIPS}, headers=HTMX)
    assert ruled.status_code == 200
    assert message in ruled.text


def test_a_language_link_on_a_ruling_page_shows_the_form(client: TestClient) -> None:
    page = client.get("/floor/ruling", params={"lang": "fr"})
    assert page.status_code == 200
    assert '<html lang="fr">' in page.text
    ruled = client.get("/floor/ruling", params={"kind": "chips", **CHIPS, "lang": "en"})
    assert ruled.status_code == 200
    assert "<strong>call 1100</strong>" in ruled.text


# --- the API ---------------------------------------------------------------------------------


def test_the_api_lists_the_kinds_with_their_fields(client: TestClient) -> None:
    listed = client.get("/api/floor/kinds", params={"lang": "fr"})
    assert listed.status_code == 200
    body = listed.json()
    assert [kind["id"] for kind in body] == list(KINDS)
    chips = body[0]
    assert chips["label"] == "Jetons poussés"
    assert chips["needs_hand"] is True
    first = chips["fields"][0]
    assert (first["name"], first["type"], first["label"], first["required"]) == (
        "chips",
        "text",
        "Jetons poussés",
        True,
    )
    assert [field["name"] for field in chips["fields"]] == [f.name for f in KINDS["chips"].fields]
    assert client.get("/api/floor/kinds").json()[0]["label"] == "Chips pushed"


def test_the_api_rules_and_quotes(client: TestClient) -> None:
    answer = client.post(
        "/api/floor/rulings", json={"profile": "tda-2017", "kind": "chips", "inputs": CHIPS}
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert (body["action"], body["to"], body["rule"]) == ("call", 1100, "BET-MULTI-CHIP")
    assert body["articles"] == ["TDA 50A"]
    assert [found["article"] for found in body["quotes"]] == ["TDA 50A"]
    assert PHRASES["tda-2017"][1] in body["quotes"][0]["text"]
    french = client.post(
        "/api/floor/rulings",
        json={
            "profile": "lfp",
            "kind": "chips",
            "inputs": {**CHIPS, "pulled_back": False, "in_front": 0},
            "lang": "fr",
        },
    ).json()
    assert french["explanation"] == explanation(rule("lfp", "chips", CHIPS).ruling, "fr")
    assert PHRASES["lfp"][1] in french["quotes"][0]["text"]


def test_the_api_quotes_one_article(client: TestClient) -> None:
    found = client.get("/api/articles/TDA%2050")
    assert found.status_code == 200
    assert found.json()["text"] == quote("TDA 50").text
    assert "Faisant face à une mise" in found.json()["text"]
    assert client.get("/api/articles/BAN/TIME").json()["heading"].startswith("DEMANDER UN TIME")
    missing = client.get("/api/articles/TDA%2099")
    assert missing.status_code == 404
    assert error_of(missing)["kind"] == "not-found"
    nonsense = client.get("/api/articles/nonsense")
    assert nonsense.status_code == 400
    assert error_of(nonsense)["kind"] == "bad-input"


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"kind": "chips", "inputs": {"actions": "p3 cbr 1100"}}, 400, "'Chips pushed' (chips)"),
        ({"kind": "chips", "inputs": {"chips": "abc"}}, 400, "chips are listed by denomination"),
        (
            {"kind": "chips", "inputs": {"chip": "500"}},
            400,
            "situation 'chips' has no field 'chip'",
        ),
        ({"kind": "nope"}, 400, "unknown situation 'nope'"),
        ({"profile": "wsop", "kind": "chips"}, 400, "unknown profile 'wsop'"),
        ({"kind": "clock-expired", "inputs": {"actions": "p3 f\np4 f\np5 f\np6 f\np1 f"}}, 422, ""),
        ({"inputs": {}}, 422, "kind"),  # the body's shape: FastAPI's validation
    ],
)
def test_the_api_refuses_bad_input_in_the_canonical_shape(
    client: TestClient, body: dict[str, Any], status: int, message: str
) -> None:
    answer = client.post("/api/floor/rulings", json=body)
    assert answer.status_code == status, answer.text
    assert message in error_of(answer)["message"]


def test_the_api_answers_errors_in_the_body_language(client: TestClient) -> None:
    answer = client.post(
        "/api/floor/rulings", json={"kind": "chips", "inputs": {"chips": "abc"}, "lang": "fr"}
    )
    assert answer.status_code == 400
    error = error_of(answer)
    assert error["kind"] == "bad-input"
    assert error["message"].startswith("les jetons se donnent par valeur")


def test_the_api_is_described_in_openapi(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    assert "RulingRequest" in document["components"]["schemas"]
    assert {"/api/floor/kinds", "/api/floor/rulings", "/api/articles/{reference}"} <= set(
        document["paths"]
    )
    assert "/floor" not in document["paths"]  # pages are not part of the API


def test_deal_premature_flop_the_assistant_names_no_card_of_the_stub_it_made_up(
    client: TestClient,
) -> None:
    """The assistant does not know the real stub: the new flop is "from the stub", never three
    cards drawn from a simulated deck; the cards given are still named."""
    given = {"As", "Kd", "7c", "9c"}
    for seed in range(5):
        answer = rule(
            "tda-2017",
            "board-error",
            {"error": "premature-flop", "cards": "AsKd7c", "burns": "9c", "seed": str(seed)},
        )
        assert answer.ruling.rule == "DEAL-PREMATURE-FLOP"
        named = {str(card) for step in answer.ruling.steps for card in step.cards}
        assert named <= given, named
        text = answer.to_dict("fr")["explanation"]
        assert set(re.findall(r"[2-9TJQKA][shdc]", text)) <= given, text
        assert "un nouveau flop (du talon)" in text
    page = client.post(
        "/floor/ruling",
        data={"kind": "board-error", "error": "premature-flop", "cards": "AsKd7c", "lang": "fr"},
    )
    shown = set(re.findall(r"\b[2-9TJQKA][shdc]\b", page.text.split('id="ruling"')[-1]))
    assert shown <= given | {"Ks", "Qs", "Ts"}, shown  # the form's placeholders aside


LIVE_PHH = """variant = "NT"
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [50, 100, 0, 0, 0, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]
actions = ["p3 cbr 300", "p4 cc", "p5 f"]
"""


def test_a_hand_taken_from_a_live_table_is_ruled_on_by_its_seats(client: TestClient) -> None:
    """ "Ask the floor" at a table sends its PHH and its seats in the hand's order: the form
    keeps the seats, and the ruling names the seat, not the hand's counting."""
    sent = {"profile": "tda-2017", "kind": "chips", "phh": LIVE_PHH, "seats": "4,5,6,1,2,3"}
    page = client.post("/floor", data=sent, headers={"Accept-Language": "fr"})
    assert page.status_code == 200
    assert 'name="seats" value="4,5,6,1,2,3"' in page.text
    french = {"lang": "fr"}
    answer = client.post(
        "/floor/ruling", params=french, data={**sent, "chips": "1000"}, headers=HTMX
    )
    assert "Le joueur du siège 3 pousse 1000" in answer.text
    assert "(Siège 3)" in answer.text
    wrong = {**sent, "chips": "1000", "seats": "4,4"}
    refused = client.post("/floor/ruling", params=french, data=wrong, headers=HTMX)
    assert "les sièges sont au plus 10 numéros différents" in refused.text
