"""The registration desk's view of players: names compared as people read them, and where each
entry stands at the door (pre-registered, paid, checked in, seated, absent, busted).

>>> fold("  Chloé   BERNARD ")
'chloe bernard'
>>> fold("Chloe Bernard") == fold("chloé  bernard")
True
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from pokertd.present.words import Words
from pokertd.tournament.state import Entry, EntryStatus, TournamentState

#: The desk's states, in the order a player goes through them; "out" is any other end
#: (withdrawn, left, disqualified, re-entered).
DESK_STATES = ("pre-registered", "paid", "checked-in", "seated", "absent", "busted", "out")


def fold(name: str) -> str:
    """Return ``name`` as compared at the desk: no case, no accents, single spaces."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    bare = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(bare.split())


def matches(query: str, entry: Entry) -> bool:
    """Whether a desk search finds ``entry``: its number, or part of its player's name
    (case and accents aside)."""
    query = query.strip()
    if query.lstrip("#").isdigit():
        return int(query.lstrip("#")) == entry.number
    return fold(query) in fold(entry.player)


def same_names(entries: Iterable[Entry], name: str) -> list[Entry]:
    """The entries of another player with the same name as ``name`` (case, spaces and accents
    aside), leaving out those withdrawn."""
    wanted = fold(name)
    return [
        entry
        for entry in entries
        if fold(entry.player) == wanted and entry.status is not EntryStatus.WITHDRAWN
    ]


def paid_entries(state: TournamentState) -> set[int]:
    """The entries that paid (and were not refunded)."""
    paid = {payment.entry for payment in state.ledger.payments}
    return paid - {refund.entry for refund in state.ledger.refunds}


def desk_state(entry: Entry, paid: bool) -> str:
    """Where ``entry`` stands at the door, one of ``DESK_STATES``."""
    if entry.status is EntryStatus.SEATED:
        return "seated" if entry.is_present else "absent"
    if entry.status in (EntryStatus.REGISTERED, EntryStatus.ALTERNATE):
        if entry.is_present:
            return "checked-in"
        return "paid" if paid else "pre-registered"
    return "busted" if entry.status is EntryStatus.BUSTED else "out"


def desk_state_names(words: Words) -> dict[str, str]:
    """The name of each desk state, in ``words``' language."""
    return {
        "pre-registered": words("pre-registered"),
        "paid": words("paid"),
        "checked-in": words("checked in"),
        "seated": words("seated"),
        "absent": words("absent"),
        "busted": words.term(EntryStatus.BUSTED),
        "out": words("out"),
    }
