"""A form sent again after the server restarted creates nothing twice (issue 15, defect 2): the
keys of the forms done are kept in the event file (``pokertd.web.form_keys``), not in memory.

The director creates an event and registers a player in the browser; the server is stopped
and started again on the same file; the very same forms (their keys) are sent again, as a
browser resends a form it never saw answered. Each lands on what the first made."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from conftest import NewPage, Server

pytestmark = pytest.mark.e2e


def test_a_form_resent_after_a_restart_creates_nothing_twice(
    new_page: NewPage, server: Server, login: Callable[[Page], None]
) -> None:
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(page)
    form = page.locator("#create-form")
    key = form.locator("input[name=key]").input_value()
    csrf = form.locator("input[name=csrf]").input_value()
    assert key, "the New event form carries no key"
    form.get_by_label("Titre").fill("Redémarrage")
    form.get_by_role("button", name="Créer").click()
    expect(page).to_have_url(re.compile(r"/console/tournament-1$"))

    # A player registered at the desk; the form's key as console.js sends it.
    sent: list[dict[str, str]] = []
    page.on(
        "request",
        lambda request: (
            sent.append(dict(request.post_data_json or {}))
            if request.method == "POST" and request.url.endswith("/do/register")
            else None
        ),
    )
    page.locator("nav.tabs").get_by_role("link", name="Inscriptions").click()
    page.wait_for_load_state()
    register = page.locator("#register-form")
    register.get_by_label("Joueur", exact=True).fill("Zoé Arnaud")
    register.get_by_role("button", name=re.compile("^Inscrire")).click()
    expect(page.locator("[data-test=entries]")).to_have_text("1")
    assert len(sent) == 1, sent
    assert sent[0].get("key"), sent

    server.restart()

    again = page.request.post(
        "/console/create",
        form={"csrf": csrf, "key": key, "title": "Redémarrage", "template": "turbo"},
        max_redirects=0,
    )
    assert again.status == 303
    assert again.headers["location"] == "/console/tournament-1"  # the event the first copy made
    resent = page.request.post("/console/tournament-1/do/register", form=sent[0], max_redirects=0)
    assert resent.status == 303, resent.text()

    page.goto("/console")
    expect(page.locator("a[href='/console/tournament-1']")).to_have_count(1)
    expect(page.locator("a[href='/console/tournament-2']")).to_have_count(0)
    page.goto("/console/tournament-1?tab=desk")
    expect(page.locator("[data-test=entries]")).to_have_text("1")
    expect(page.locator("tr[data-entry]", has_text="Zoé Arnaud")).to_have_count(1)
