"""Creating an event from the console: the fee profile of the "New event" form (BUY-*)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from pokertd.tournament.money import MoneyRules


def create(client: TestClient, **fields: str) -> tuple[int, str]:
    token = client.headers["X-CSRF-Token"]
    data = {"csrf": token, "title": "Rebuy night", "template": "turbo", **fields}
    answer = client.post("/console/create", data=data, follow_redirects=False)
    return answer.status_code, answer.headers.get("location", answer.text)


def money_of(client: TestClient, tournament: str) -> MoneyRules:
    web = client.app.state.web  # type: ignore[attr-defined]
    # The store belongs to the app's event loop thread: read the state there.
    state = client.portal.call(web.service.load, tournament).state  # type: ignore[attr-defined]
    rules = state.ledger.rules
    assert rules is not None
    return rules


def test_buy_rebuy_the_form_sets_rebuys_add_on_and_bounty(director: TestClient) -> None:
    status, location = create(
        director, buy_in="18+2", rebuy="10", rebuy_levels="4", rebuy_limit="2", addon="10",
        bounty="5", guarantee="500",
    )  # fmt: skip
    assert status == 303
    rules = money_of(director, location.rsplit("/", 1)[1])
    assert (rules.buy_in.prize, rules.buy_in.fee) == (1800, 200)
    assert rules.rebuy is not None
    assert rules.rebuy.prize == 1000
    assert (rules.rebuy_levels, rules.rebuy_limit) == (4, 2)
    assert rules.addon is not None
    assert rules.addon.prize == 1000
    assert rules.guarantee == 50_000


def test_buy_rebuy_bad_numbers_are_refused_and_nothing_is_created(director: TestClient) -> None:
    before = director.get("/api/tournaments").json()
    status, text = create(director, buy_in="18+2", rebuy="10", rebuy_levels="four")
    assert status == 400
    assert "the rebuys&#39; last level is a whole number, not &#39;four&#39;" in text
    status, text = create(director, rebuy="10")
    assert status == 400
    assert "give the buy-in (such as 18+2) to take money" in text
    assert director.get("/api/tournaments").json() == before


def test_buy_rebuy_without_its_last_level_named_as_the_form_names_it(
    director: TestClient,
) -> None:
    status, text = create(director, buy_in="18+2", rebuy="10")
    assert status == 400
    assert "rebuys and an add-on need &#39;Rebuys until the end of level&#39;" in text
    assert "rebuy_levels" not in text
