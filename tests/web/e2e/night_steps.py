"""What a director does again and again in a browser night, in the French console (or the English
one, ``lang="en"``): shared by the whole-night tests (test_night_40, test_night_deal,
test_night_english). Each step clicks and types, never the API."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from shots import shoot
from test_english_pages import french_on  # tests/web: the catalogue's French-only words
from test_french_pages import english_on  # tests/web: the catalogue's English-only words

#: The console's names these steps click, in each language.
NAMES = {
    "fr": {
        "bust-outs": "Éliminations",
        "record": "Enregistrer les éliminations",
        "tables": "Tables",
        "propose": "Proposer les déplacements",
        "confirm": "Confirmer les déplacements",
    },
    "en": {
        "bust-outs": "Bust-outs",
        "record": "Record the bust-outs",
        "tables": "Tables",
        "propose": "Propose the moves",
        "confirm": "Confirm the moves",
    },
}


def look(page: Page, name: str, tmp_path: Path, *, full_page: bool = True) -> None:
    """Take a screenshot of a French page (``shoot``) and check it holds no English-only word
    (issue 15, defect 15: a check on the French pages of the browser night)."""
    shoot(page, name, tmp_path, full_page=full_page)
    leaks = english_on(page.content())
    assert not leaks, f"English on the French page {name}: {leaks}"


def look_english(page: Page, name: str, tmp_path: Path, *, full_page: bool = True) -> None:
    """Take a screenshot of an English page (``shoot``) and check it holds no French-only word
    (issue 15: the English night, the reverse of ``look``)."""
    shoot(page, name, tmp_path, full_page=full_page)
    leaks = french_on(page.content())
    assert not leaks, f"French on the English page {name}: {leaks}"


def cents(text: str) -> int:
    """``"1 234,50"`` (French) -> 123450."""
    digits = re.sub(r"[^\d,]", "", text)
    whole, _, part = digits.partition(",")
    return int(whole or "0") * 100 + int((part + "00")[:2])


def tab(page: Page, name: str) -> None:
    """Open a console tab by its name (in the page's language), once HTMX runs."""
    page.locator("nav.tabs").get_by_role("link", name=name, exact=True).click()
    page.wait_for_load_state()


def players_left(page: Page) -> int:
    """The number of players left, as the console's summary shows it."""
    return int(page.locator("#summary [data-test=players-left]").inner_text())


def bust(page: Page, names: list[str], stacks: list[int] | None = None, lang: str = "fr") -> None:
    """Tick every player of ``names`` busted in one hand, with their chips at its start."""
    tab(page, NAMES[lang]["bust-outs"])
    before = players_left(page)
    form = page.locator("#bust-form")
    for index, name in enumerate(names):
        row = form.locator("label", has_text=name)
        row.locator("input[type=checkbox]").check()
        if stacks:
            row.locator("input[name^=stack-]").fill(str(stacks[index]))
    form.get_by_role("button", name=NAMES[lang]["record"]).click()
    expect(page.locator("#summary [data-test=players-left]")).to_have_text(str(before - len(names)))


def seated(page: Page, lang: str = "fr") -> list[str]:
    """The names on the bust-out form, table by table, seat by seat."""
    tab(page, NAMES[lang]["bust-outs"])
    labels = page.locator("#bust-form label:has(input[type=checkbox])").all_inner_texts()
    return [label.split(" (#", 1)[0].strip() for label in labels]


def confirm_moves(
    page: Page, lang: str = "fr", shown: Callable[[Page], None] | None = None
) -> list[str]:
    """Propose and confirm the moves due; return the rows the director saw. ``shown`` looks at
    the page while the moves are proposed, before they are confirmed."""
    tab(page, NAMES[lang]["tables"])
    seen: list[str] = []
    propose = page.get_by_role("button", name=NAMES[lang]["propose"])
    if propose.count():
        propose.click()
        rows = page.locator("#moves tr[data-move]")
        expect(rows.first).to_be_visible()
        seen = rows.all_inner_texts()
        if shown is not None:
            shown(page)
        page.get_by_role("button", name=NAMES[lang]["confirm"]).click()
        expect(page.locator("#moves")).to_have_count(0)
    return seen
