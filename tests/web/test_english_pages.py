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
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient
from test_french_pages import _Text, _words

from pokertd.present.i18n import LOCALE_DIR

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
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "pokertd.po").open("rb") as po:
        catalogue = read_po(po, locale="fr")
    english: set[str] = set()
    french: set[str] = set()
    for entry in catalogue:
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for text in ids:
            english |= _words(text or "")
        for text in strings:
            french |= _words(text or "")
    found = {word for word in french - english - ALLOWED if len(word) > 2}
    return frozenset(found | COMMON)


def french_on(html: str) -> list[str]:
    """Return each piece of text of a page that holds a French-only word, with the word."""
    reader = _Text()
    reader.feed(html)
    found = []
    for part in reader.parts:
        caught = sorted(_words(part) & french_only())
        if caught:
            found.append(f"{caught}: {' '.join(part.split())[:120]!r}")
    return found


def _event(director: TestClient, run: Run) -> str:
    """An English evening: money, bounties, re-entries; drawn, started, a bust-out and a
    re-entry, counts reported, moves due, a penalty."""
    token = director.headers["X-CSRF-Token"]
    fields = {"csrf": token, "title": "Thursday Night", "template": "turbo", "buy_in": "18+2",
              "bounty": "5", "reentry": "18+2", "late_levels": "3",
              "profile": "tda-2017"}  # fmt: skip
    made = director.post("/console/create", data=fields, follow_redirects=False)
    assert made.status_code == 303, made.text
    tournament = str(made.headers["location"]).rsplit("/", 1)[1]
    for number in range(1, 15):
        run(director, tournament, "register", player=f"Player {number}")
    run(director, tournament, "register", player="Zoe Absent", paid=False)
    run(director, tournament, "draw-seats")
    run(director, tournament, "start-clock")
    run(director, tournament, "bust-players", entries=[1], takers={"1": 2})
    run(director, tournament, "re-enter", entry=1)
    for entry in (3, 4, 5, 6, 7):
        run(director, tournament, "bust-players", entries=[entry], takers={str(entry): 2})
    run(director, tournament, "report-stacks", stacks={"2": 30000, "8": 12000})
    run(director, tournament, "penalize", entry=9, hands=1, reason="")
    return tournament


def _pages(tournament: str) -> Iterator[str]:
    yield from ("/", "/console", "/lookup", f"/lookup/{tournament}?name=player", "/floor")
    for tab in ("overview", "desk", "tables", "bust", "money", "log"):
        yield f"/console/{tournament}?tab={tab}"
    for sheet in ("tickets", "tables", "payouts"):
        yield f"/console/{tournament}/print/{sheet}"
    yield f"/console/{tournament}/moves/slips"
    yield f"/console/{tournament}/log/undo/3"
    yield from (f"/display/{tournament}/{screen}" for screen in ("clock", "seating"))
    yield "/password"
    # beyond the French check's pages: the rest of what the director opens in a night
    yield from ("/lobby", "/people", "/flights", "/leagues", "/staff")
    yield from (f"/console/{tournament}?tab=structure", f"/console/{tournament}/screens")
    yield from (f"/checkin/{tournament}", f"/me/{tournament}/2", f"/table/{tournament}/1")


def test_the_vocabulary_knows_french_from_english() -> None:
    words = french_only()
    assert {"joueurs", "siège", "niveau", "annuler", "éliminé"} <= words
    assert not {"table", "bounty", "re-entry", "buy-in"} & words  # English too


def test_no_french_word_on_an_english_page(director: TestClient, run: Run) -> None:
    tournament = _event(director, run)
    for page in (f"/console/{tournament}?tab=desk", f"/display/{tournament}/clock"):
        assert french_on(director.get(page, params={"lang": "fr"}).text), page  # the scan sees
    director.cookies.set("lang", "en")
    found: dict[str, list[str]] = {}
    for page in _pages(tournament):
        answer = director.get(page)
        assert answer.status_code == 200, (page, answer.text[:300])
        if french := french_on(answer.text):
            found[page] = french
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
