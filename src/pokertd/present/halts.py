"""TBL-BALANCE-HALT: the halt a book offers and does not impose, in words (the CLI's status hints
and the web console say the same sentence).

A short table stops by itself under GM 25° and, under TDA 10D, in full-ring events
(``Tournament.is_halted``); elsewhere stopping it is the director's decision (TDA 10D: 6-handed,
turbos and other formats) or follows a player's request (LFP 6.8): ``Tournament.may_halt``.
"""

from __future__ import annotations

from pokertd.present.words import Words
from pokertd.rules import BalanceHalt
from pokertd.tournament.aggregate import Tournament


def halt_offered(tournament: Tournament) -> list[int]:
    """Return the short tables whose halt is offered, not imposed (TBL-BALANCE-HALT)."""
    return [number for number in sorted(tournament.state.tables) if tournament.may_halt(number)]


def halt_offer_line(tournament: Tournament, tables: list[int], words: Words) -> str:
    """Return the sentence that offers the halt at ``tables``, with the book's article."""
    profile = tournament.state.profile
    at, article = words.at_tables(tables), profile.source("balance_halt").article
    if profile.balance_halt is BalanceHalt.ON_REQUEST:
        return words(
            "play halts {at} if a player asks, until the tables are balanced ({article})",
            at=at,
            article=article,
        )
    return words(
        "halting play {at} until the tables are balanced is your decision ({article})",
        at=at,
        article=article,
    )
