"""A part of the dealer's table opened while a refresh is on its way stays open (issue 20 made
the pushes come sooner): the dealer opens "chips pushed" just as another action at the table is
pushed; the table refreshed keeps the pad open under his finger. What is open was read when the
refresh was asked, before he opened it, so the fresh table came closed and the pad he was
tapping vanished (``test_dealer_tablet`` failed so, now and then)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Route, expect
from test_dealer_tablet import hand_begun

from conftest import DirectorApi, NewPage, Server

pytestmark = pytest.mark.e2e

#: How many times the test looks for the held refresh, 50 ms apart: a bound, never a timing.
LOOKS = 200


def test_a_part_opened_while_a_refresh_is_on_its_way_stays_open(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    api = director_api(server)
    tournament, tablet, table = hand_begun(new_page, server, login, api)
    before = table.get_attribute("data-log")

    held: list[Route] = []

    def hold_the_first(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)  # answered below, once the dealer opened the pad

    tablet.route("**/table/*/1/part", hold_the_first)
    view = api.request.get(f"/api/tournaments/{tournament}/tables/1/view").json()
    called = api.request.post(
        f"/api/tournaments/{tournament}/tables/1/actions",
        data={"seat": view["to_act"], "kind": "call"},
        headers={"X-CSRF-Token": api.csrf},
    )
    assert called.ok, called.text()
    for _ in range(LOOKS):  # the push came: the tablet asks for its table again
        if held:
            break
        tablet.wait_for_timeout(50)
    assert held, "the table was not refreshed after the push"

    table.get_by_text("Jetons poussés : demander l'arbitre").click()  # while it is on its way
    chip = table.locator("form.chips .pad").get_by_role("button", name="1000", exact=True)
    expect(chip).to_be_visible()
    held[0].continue_()
    expect(table).not_to_have_attribute("data-log", before or "")  # the fresh table is in
    expect(chip).to_be_visible()
    chip.click()
    expect(table.locator("form.chips input[name=chips]")).to_have_value("1000")
