"""No French left on an English page (issue 15): the console, desk and display pages, rendered
in English, show no word that only French uses; the reverse of ``test_french_pages``.

What "only French uses" means comes from the catalogue: the words of its French less the words
of its msgids (``table``, ``bounty`` are English too). Player names and titles are the test's
own, in English, so that a French word on the page can only come from the app.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_french_pages import _event, catalogue_words, shown_words
from test_french_pages import _pages as french_pages

Run = Callable[..., Any]

#: French words the English pages may show: the names of the French rulebooks and clubs.
ALLOWED = {
    "ligue", "française", "fédération", "poker", "club", "bannalec", "winamax", "france",
    "tournois", "pokertd",
}  # fmt: skip
#: A few words of the French console a reader knows at sight, always checked: they must not
#: appear on an English page whatever the catalogue holds (issue 15).
COMMON = {
    "joueurs", "joueur", "siège", "niveau", "enregistrer", "annuler", "valider", "relance",
    "éliminé", "éliminés", "prix", "inscriptions", "tournoi", "jetons", "pointer", "pointé",
    "horloge", "déplacements",
}  # fmt: skip


@cache
def french_only() -> frozenset[str]:
    """The words of the catalogue's French that its English never uses, and ``COMMON``."""
    english, french = catalogue_words()
    return frozenset({word for word in french - english - ALLOWED if len(word) > 2} | COMMON)


def french_on(html: str) -> list[str]:
    """Return each piece of text of a page that holds a French-only word, with the word."""
    return shown_words(html, french_only())


def _pages(tournament: str) -> Iterator[str]:
    """The French check's pages, and the rest of what the director opens in a night."""
    yield from french_pages(tournament)
    yield from ("/lobby", "/people", "/flights", "/leagues", "/staff")
    yield from (f"/console/{tournament}?tab=structure", f"/console/{tournament}/screens")
    yield from (f"/checkin/{tournament}", f"/me/{tournament}/2", f"/table/{tournament}/1")


def test_the_vocabulary_knows_french_from_english() -> None:
    words = french_only()
    assert {"joueurs", "siège", "niveau", "annuler", "éliminé"} <= words
    assert not {"table", "bounty", "re-entry", "buy-in"} & words  # English too


def test_no_french_word_on_an_english_page(director: TestClient, run: Run) -> None:
    tournament = _event(director, run, ("Thursday Night", "Player {number}", "Zoe Absent"))
    for page in (f"/console/{tournament}?tab=desk", f"/display/{tournament}/clock"):
        assert french_on(director.get(page, params={"lang": "fr"}).text), page  # the scan sees
    director.cookies.set("lang", "en")
    found: dict[str, list[str]] = {}
    for page in _pages(tournament):
        answer = director.get(page)
        assert answer.status_code == 200, (page, answer.text[:300])
        if french := french_on(answer.text):
            found[page] = french
    run(director, tournament, "pause-clock")  # the displays' words for a stopped clock
    for page in (f"/display/{tournament}/clock", f"/console/{tournament}", "/lobby"):
        if french := french_on(director.get(page).text):
            found[f"{page} (paused)"] = french
    told = [f"{page}:\n  " + "\n  ".join(lines) for page, lines in found.items()]
    assert not found, "\n".join(told)


@pytest.mark.parametrize(
    ("html", "caught"),
    [
        ("<p>Players left: 5</p>", False),
        ("<p>Joueurs restants : 5</p>", True),
        ('<input placeholder="Chercher un joueur">', True),
        ("<script>const joueurs = 1;</script><p>Table 1</p>", False),
        ('<button data-confirm="Annuler cette commande ?">Undo</button>', True),
    ],
)
def test_the_scan_reads_what_a_person_reads_in_english(html: str, caught: bool) -> None:
    assert bool(french_on(html)) is caught
