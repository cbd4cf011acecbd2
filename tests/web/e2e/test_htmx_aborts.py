"""A refresh htmx gives up is no error on the page. The table app fetches its table again after
each push (``htmx.ajax``, its promise caught); when pushes come fast, htmx queues the next
refresh behind the one on its way and runs it later under a new promise that nobody holds: if
that one is aborted or fails, htmx rejects it with no reason, and a dealer's page reported the
rejection as a JavaScript error now and then. ``page.js`` takes a rejection without a reason as
handled; a rejection with a reason, a real error, is left to reach the console."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, Route

pytestmark = pytest.mark.e2e

#: Two refreshes of one part as ``table.js`` asks them (each promise caught), the second queued
#: by htmx behind the first; the first aborted (the second then starts under a promise of its
#: own), then the second. (htmx 2.0 aborts a request made by ``htmx.ajax`` on an event sent to
#: the page's body.)
ABORT = """async () => {
  const box = document.createElement("div");
  box.id = "box";
  document.body.append(box);
  const pause = () => new Promise((done) => setTimeout(done, 200));
  htmx.ajax("GET", "/held-part", { target: "#box" }).catch(() => {});
  htmx.ajax("GET", "/held-part", { target: "#box" }).catch(() => {});
  await pause();
  htmx.trigger(document.body, "htmx:abort");
  await pause();
  htmx.trigger(document.body, "htmx:abort");
  await pause();
}"""


def test_an_aborted_request_is_no_page_error(page: Page, server: Any) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    held: list[Route] = []
    page.route("**/held-part", lambda route: held.append(route))  # never answered: it waits
    page.goto("/login")
    page.wait_for_load_state()
    page.evaluate(ABORT)
    assert len(held) == 2, "the queued refresh was not sent"
    assert errors == []
