"""No English left on a French page (issue 15, defect 15): every console, desk and display page,
rendered in French, shows no word that only English uses.

What "only English uses" means comes from the catalogue itself, not from a dictionary: the words
of its msgids (the English of the app) less the words of its French (``table``, ``re-entry``,
``buy-in`` are French too); placeholders, option names and code are left out of both. A small
allow-list names the proper nouns and notation a French page may show.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from html.parser import HTMLParser
from typing import Any

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from pokertd.present.i18n import LOCALE_DIR

Run = Callable[..., Any]

#: Words an English msgid and a French page may share that the French catalogue happens not to
#: use: names of books and products, units and notation.
ALLOWED = {
    "csv", "json", "pokertd", "tda", "lfp", "bannalec", "madrid", "gran", "generic", "html",
    "url", "www", "http", "https", "eur", "icm", "ok", "tdt", "toml", "phh", "id", "hfh",
}  # fmt: skip
#: What is no word of a language: placeholders, command-line options and metavariables (ENTRY,
#: SEAT), code, entity names.
NOTATION = re.compile(r"\{[^}]*\}|%\([^)]*\)[sd]|--?[a-z][a-z-]*|\b[A-Z][A-Z_]+\b|`[^`]*`|&\w+;")
WORD = re.compile(r"[A-Za-zÀ-ÿ]+(?:['’-][A-Za-zÀ-ÿ]+)*")
#: Attributes whose text a person reads or hears.
SHOWN = ("placeholder", "title", "aria-label", "alt", "data-confirm")


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(NOTATION.sub(" ", text))}


@cache
def _vocabularies() -> tuple[frozenset[str], frozenset[str]]:
    """The words of the catalogue's English (its msgids) and of its French."""
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
    return frozenset(english), frozenset(french)


@cache
def english_only() -> frozenset[str]:
    """The words of the catalogue's English that its French never uses."""
    english, french = _vocabularies()
    return frozenset(word for word in english - french - ALLOWED if len(word) > 2)


@cache
def french_only() -> frozenset[str]:
    """The words of the catalogue's French that its English never uses (the other way round:
    an English page shows none of them)."""
    english, french = _vocabularies()
    return frozenset(word for word in french - english - ALLOWED if len(word) > 2)


class _Text(HTMLParser):
    """The text a person reads on a page: its text outside scripts and styles, and the shown
    attributes (placeholders, tooltips, confirmations, labels for screen readers)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        for name, value in attrs:
            if name in SHOWN and value:
                self.parts.append(value)
        kinds = dict(attrs)
        if tag == "input" and kinds.get("type") in ("submit", "button") and kinds.get("value"):
            self.parts.append(kinds["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def english_on(html: str) -> list[str]:
    """Return each piece of text of a page that holds an English-only word, with the word."""
    return _caught(html, english_only())


def french_on(html: str) -> list[str]:
    """Return each piece of text of a page that holds a French-only word, with the word."""
    return _caught(html, french_only())


def _caught(html: str, only: frozenset[str]) -> list[str]:
    reader = _Text()
    reader.feed(html)
    found = []
    for part in reader.parts:
        caught = sorted(_words(part) & only)
        if caught:
            found.append(f"{caught}: {' '.join(part.split())[:120]!r}")
    return found


def _event(director: TestClient, run: Run) -> str:
    """A French evening: money, bounties, re-entries; drawn, started, a bust-out and a re-entry,
    counts reported, moves due, a penalty."""
    token = director.headers["X-CSRF-Token"]
    fields = {"csrf": token, "title": "Soirée du jeudi", "template": "turbo", "buy_in": "18+2",
              "bounty": "5", "reentry": "18+2", "late_levels": "3", "profile": "lfp"}  # fmt: skip
    made = director.post("/console/create", data=fields, follow_redirects=False)
    assert made.status_code == 303, made.text
    tournament = str(made.headers["location"]).rsplit("/", 1)[1]
    for number in range(1, 15):
        run(director, tournament, "register", player=f"Joueur {number}")
    run(director, tournament, "register", player="Zoé Absente", paid=False)
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
    yield from ("/", "/console", "/lookup", f"/lookup/{tournament}?name=joueur", "/floor")
    for tab in ("overview", "desk", "tables", "bust", "money", "log"):
        yield f"/console/{tournament}?tab={tab}"
    for sheet in ("tickets", "tables", "payouts"):
        yield f"/console/{tournament}/print/{sheet}"
    yield f"/console/{tournament}/moves/slips"
    yield f"/console/{tournament}/log/undo/3"
    yield from (f"/display/{tournament}/{screen}" for screen in ("clock", "seating"))
    yield "/password"


def test_the_vocabulary_knows_english_from_french() -> None:
    words = english_only()
    assert {"players", "seat", "entry", "undo", "winner"} <= words
    assert not {"table", "re-entry", "buy-in", "bounty"} & words  # French clubs say them


def test_the_vocabulary_knows_french_from_english() -> None:
    words = french_only()
    assert {"joueurs", "siège", "vainqueur"} <= words
    assert not {"table", "pause", "re-entry", "buy-in", "bounty"} & words  # English says them
    assert french_on("<p>Vainqueur : Denis</p>") == ["['vainqueur']: 'Vainqueur : Denis'"]
    assert french_on("<p>Winner: Denis</p>") == []


def test_no_english_word_on_a_french_page(director: TestClient, run: Run) -> None:
    tournament = _event(director, run)
    for page in (f"/console/{tournament}?tab=desk", f"/display/{tournament}/clock"):
        assert english_on(director.get(page, params={"lang": "en"}).text), page  # the scan sees
    director.cookies.set("lang", "fr")
    found: dict[str, list[str]] = {}
    for page in _pages(tournament):
        answer = director.get(page)
        assert answer.status_code == 200, (page, answer.text[:300])
        if english := english_on(answer.text):
            found[page] = english
    told = [f"{page}:\n  " + "\n  ".join(lines) for page, lines in found.items()]
    assert not found, "\n".join(told)


@pytest.mark.parametrize(
    ("html", "caught"),
    [
        ("<p>Joueurs restants : 5</p>", False),
        ("<p>Players left: 5</p>", True),
        ('<input placeholder="Search a player">', True),
        ("<script>const players = 1;</script><p>Table 1</p>", False),
        ('<button data-confirm="Undo this command?">Annuler</button>', True),
    ],
)
def test_the_scan_reads_what_a_person_reads(html: str, caught: bool) -> None:
    assert bool(english_on(html)) is caught
