"""The articles a ruling cites: the profile's own book first, then the books it inherits from.

A profile that is silent on a rule inherits it (DESIGN.md, "Profiles"), so a ruling under
``bannalec`` on a pot declaration cites ``TDA 54C``, the book its value comes from. Profile fields
carry their own source (``profile.source(name).article``); rules that no field configures are
looked up by book in the catalogue (``pokertd.rules.catalogue.articles``), or in a table of
articles the caller gives for one branch of a rule. ``field_ruling`` builds a ruling that cites the
fields its value comes from, with a note when the profile inherits them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokertd import rules
from pokertd.floor.rulings import Ruling, phrase
from pokertd.rules import Profile, catalogue

#: The book every profile ends up inheriting from (``tda-2017`` is the root profile).
ROOT_BOOK = "TDA"


def books(profile: Profile) -> tuple[str, ...]:
    """Return the citation keys of the profile's book and of the books it inherits from, in order.

    >>> books(rules.load("bannalec"))
    ('BAN', 'TDA')
    """
    chain: list[str] = [profile.book] if profile.book else []
    current = profile
    seen = {profile.id}
    while current.extends in rules.PROFILE_IDS and current.extends not in seen:
        current = rules.load(current.extends)
        seen.add(current.id)
        if current.book and current.book not in chain:
            chain.append(current.book)
    if ROOT_BOOK not in chain:
        chain.append(ROOT_BOOK)
    return tuple(chain)


def book_for(profile: Profile, rule_id: str, table: Mapping[str, str] | None = None) -> str:
    """Return the first book of the profile's chain that has an article for ``rule_id``.

    >>> book_for(rules.load("lfp"), "BET-POT-DECLARATION-NL")
    'LFP'
    >>> book_for(rules.load("gran-madrid"), "BET-POT-DECLARATION-NL")
    'TDA'
    """
    by_book = catalogue.articles(rule_id) if table is None else table
    for book in books(profile):
        if by_book.get(book):
            return book
    return ROOT_BOOK


def cite(profile: Profile, rule_id: str, table: Mapping[str, str] | None = None) -> str:
    """Return the article of ``rule_id`` in the profile's book, or in the book it inherits from.

    ``table`` gives the articles by book key for one branch of the rule (``{"TDA": "50B, 47A"}``);
    without it the catalogue's articles are used. Returns an empty string when no book in the
    chain has one.

    >>> cite(rules.load("lfp"), "BET-UNDERRAISE-50", {"TDA": "47A", "LFP": "7.16"})
    'LFP 7.16'
    >>> cite(rules.load("bannalec"), "BET-POT-DECLARATION-NL")
    'TDA 54C'
    """
    by_book = catalogue.articles(rule_id) if table is None else table
    for book in books(profile):
        numbers = by_book.get(book)
        if numbers:
            return _format(book, numbers)
    return ""


def field_article(profile: Profile, name: str) -> str:
    """Return the article a profile field's value comes from (its own book's or inherited).

    >>> field_article(rules.load("gran-madrid"), "string_bet")
    'TDA 56'
    """
    return profile.source(name).article


def field_ruling(
    rule: str,
    profile: Profile,
    fields: tuple[str, ...],
    outcome: str,
    values: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> Ruling:
    """Build a ruling citing the articles that set ``fields`` (the book each value comes from),
    with a note saying so when the profile's own book is silent and the value is inherited;
    ``kwargs`` go to ``Ruling``.

    >>> ruling = field_ruling("CLK-DURATION", rules.load("generic"), ("clock_seconds",), "x")
    >>> ruling.articles, ruling.notes
    (('TDA 29',), (Phrase(key='inherited', values={'book': 'GEN', 'profile': 'tda-2017'}),))
    """
    articles = tuple(dict.fromkeys(profile.source(field).article for field in fields))
    found = Ruling(rule, articles, outcome, values or {}, **kwargs)
    source = profile.source(fields[0])
    if profile.book and profile.is_inherited(fields[0]):
        return found.noted(phrase("inherited", book=profile.book, profile=source.profile))
    return found


def _format(book: str, numbers: str) -> str:
    if book == "BAN":
        return ", ".join(
            part if part.startswith("BAN/") else f"BAN/{part}" for part in numbers.split(", ")
        )
    return f"{book} {numbers}"
