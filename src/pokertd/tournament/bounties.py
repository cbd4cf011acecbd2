"""Bounties shared and drawn: split knockouts and mystery envelopes (BOUNTY-SPLIT, BOUNTY-MYSTERY).

None of the five books speaks of bounties; the judgements are in docs/judgements.md.

A player eliminated by several players in one hand (he lost side pots to one and the main pot to
another) has his bounty split by the pots each one won from him (BOUNTY-SPLIT). The shares are
whole currency units (the event's ``unit``), by the largest remainder, so that no cent is lost:

>>> split_bounty(1000, {4: 1, 7: 1}, unit=100)
{4: 500, 7: 500}
>>> split_bounty(1000, {4: 1, 7: 2}, unit=100)
{7: 700, 4: 300}
>>> split_bounty(1000, {4: 1, 7: 1, 9: 1}, unit=100)
{4: 400, 7: 300, 9: 300}

In a mystery-bounty event the director publishes, at the stage he chooses, a list of prizes
(the envelopes); pokertd shuffles them with the service's random source and publishes the
commitment ``sha256(salt:order)`` before the first draw; each elimination from then on draws the
next envelope, and the salt and order are revealed at the end so that anyone can check that the
draws followed the order committed to (BOUNTY-MYSTERY):

>>> sealed = seal_envelopes((500, 100, 100), order=(1, 0, 2), salt="ab")
>>> sealed.order
(100, 500, 100)
>>> verify_envelopes(sealed.commitment, "ab", sealed.order, (500, 100, 100))
True
>>> verify_envelopes(sealed.commitment, "ab", (500, 100, 100), (500, 100, 100))
False
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.tournament.money import cents


def split_order(pots: Mapping[int, int]) -> list[int]:
    """Return the takers in the order odd units and cents go: more pots won first, then the
    lower entry number (BOUNTY-SPLIT: a fixed order, so that a replay splits the same way).

    >>> split_order({9: 1, 4: 1, 7: 2})
    [7, 4, 9]
    """
    return sorted(pots, key=lambda taker: (-pots[taker], taker))


def split_bounty(amount: int, pots: Mapping[int, int], *, unit: int = 1) -> dict[int, int]:
    """Share ``amount`` cents among takers in proportion to the ``pots`` each won.

    BOUNTY-SPLIT (pokertd judgement, the books are silent): each share is a whole number of
    ``unit`` cents, given by the largest remainder (Hamilton): every taker first gets the whole
    units of his exact share, then the units left over go one by one to the largest remainders,
    ties in ``split_order``; the cents below one unit go to the first taker in that order. The
    shares add up to ``amount`` exactly.

    >>> split_bounty(1050, {4: 1, 7: 1}, unit=100)
    {4: 550, 7: 500}
    >>> split_bounty(7, {2: 1, 3: 1, 5: 1})
    {2: 3, 3: 2, 5: 2}
    """
    if not pots:
        raise ParseError(message("a bounty is split among at least one taker"))
    for taker, count in pots.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ParseError(
                message(
                    "entry {taker} won {count!r} pots: a taker wins at least one",
                    taker=taker,
                    count=count,
                )
            )
    order = split_order(pots)
    total = sum(pots.values())
    units, odd_cents = divmod(amount, unit)
    whole = {taker: units * pots[taker] // total for taker in order}
    rests = {taker: units * pots[taker] % total for taker in order}
    left = units - sum(whole.values())
    # sorted() is stable: equal remainders keep split_order
    for taker in sorted(order, key=lambda t: -rests[t])[:left]:
        whole[taker] += 1
    shares = {taker: whole[taker] * unit for taker in order}
    shares[order[0]] += odd_cents
    return shares


# -- mystery envelopes -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SealedEnvelopes:
    """The envelopes in the order they will be drawn, the salt, and the commitment published."""

    order: tuple[int, ...]
    salt: str
    commitment: str


def commitment(salt: str, order: Sequence[int]) -> str:
    """Return the commitment to an envelope order: the SHA-256 of ``salt:v1,v2,...`` in hex.

    >>> commitment("ab", (100, 500))[:16]
    '0f73c6b4eee37598'
    """
    text = f"{salt}:{','.join(str(value) for value in order)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def seal_envelopes(prizes: Sequence[int], *, order: Sequence[int], salt: str) -> SealedEnvelopes:
    """Put the published ``prizes`` in the drawn ``order`` (a permutation of their indices,
    from the service's random source) and commit to it with ``salt``."""
    if sorted(order) != list(range(len(prizes))):
        raise ParseError(message("an envelope order is a permutation of the prize list"))
    drawn = tuple(prizes[index] for index in order)
    return SealedEnvelopes(drawn, salt, commitment(salt, drawn))


def verify_envelopes(
    published: str, salt: str, order: Sequence[int], prizes: Sequence[int]
) -> bool:
    """Whether ``order`` (revealed with ``salt``) is the one committed to by ``published``, and
    holds exactly the published ``prizes``: what anyone can check after the draw."""
    same_prizes = Counter(order) == Counter(prizes)
    return same_prizes and commitment(salt, order) == published


def check_prize_list(
    prizes: Sequence[int], *, pool: int, players: int, currency: str = "EUR"
) -> None:
    """BOUNTY-MYSTERY: the published list holds one envelope per player left (each elimination
    draws one, the winner the last), each a positive amount, adding up to the bounty pool."""
    if len(prizes) != players:
        raise ParseError(
            message(
                "{players} players are left: publish one envelope each, not {count}",
                players=players,
                count=len(prizes),
            )
        )
    if any(isinstance(v, bool) or not isinstance(v, int) or v <= 0 for v in prizes):
        raise ParseError(message("an envelope holds a positive amount of cents"))
    if sum(prizes) != pool:
        raise ParseError(
            message(
                "the envelopes add up to {total}, the bounty pool is {pool}",
                total=cents(sum(prizes), currency),
                pool=cents(pool, currency),
            )
        )
