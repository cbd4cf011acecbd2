"""One hand of a live table in the engine's terms: its setup, built from the tournament's state,
and what its end means for the tournament (stacks by entry, who eliminated whom, the PHH text).

Seats are physical (from 1, the tournament's numbering); players are engine indices (from 0,
PHH order: player 0 sits left of the button). ``LiveSetup.seats[player]`` and
``LiveSetup.entries[player]`` translate one way, ``LiveSetup.player_at(seat)`` the other; the two
numberings are never mixed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from pokertd.cards import Card, Deck
from pokertd.engine import Hand
from pokertd.engine.events import BetsGathered, PotAwarded
from pokertd.errors import ParseError
from pokertd.history import write_phh
from pokertd.history.replay import to_history
from pokertd.rules import Profile
from pokertd.tournament import events
from pokertd.tournament.seating import Blinds, NextHand, engine_order
from pokertd.tournament.state import TournamentState
from pokertd.tournament.structure import Level


class TableMode(StrEnum):
    """How a table is played."""

    #: A live table: the dealer enters the actions, and the cards he sees or none.
    DEALER = "dealer"
    #: Online: the server deals from its random source and the players act themselves.
    ONLINE = "online"


@dataclass(frozen=True, slots=True)
class LiveSetup:
    """Everything needed to start a hand again exactly as it was started.

    ``seed`` (online mode) fixes the deck order: it stays in the server's database and never
    appears in a view. ``commitment`` is the SHA-256 of that order and ``salt`` (DESIGN.md,
    "Randomness"); the salt is kept with the seed.
    """

    tournament: str
    table: int
    hand: int
    mode: TableMode
    game: str
    level: int | None
    seats: tuple[int, ...]
    entries: tuple[int, ...]
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    blinds: tuple[int, int]
    ante: int
    button: int
    blind_posts: tuple[int, ...]
    absent: tuple[int, ...]
    chip_unit: int
    is_final_heads_up: bool
    positions: tuple[int, int, int]  # button, small blind and big blind seats (may be empty)
    sitting_out: tuple[int, ...]
    seed: str | None = None
    salt: str | None = None
    commitment: str | None = None

    def player_at(self, seat: int) -> int | None:
        """Return the engine player in ``seat``, None if the seat is not dealt in."""
        try:
            return self.seats.index(seat)
        except ValueError:
            return None

    def deck(self) -> Deck | None:
        """Return the deck of an online hand, in its order; None for a dealer's hand."""
        if self.seed is None:
            return None
        return Deck.shuffled(random.Random(int(self.seed, 16)))

    def create_hand(self, profile: Profile) -> Hand:
        """Start the engine hand this setup describes."""
        deck = self.deck()
        return Hand.create(
            game=self.game,
            profile=profile,
            stacks=self.stacks,
            blinds=self.blinds,
            ante=self.ante,
            button=self.button,
            deal="auto" if deck is not None else "entered",
            deck=deck,
            blind_posts=self.blind_posts,
            chip_unit=self.chip_unit,
            absent=self.absent,
            is_final_heads_up=self.is_final_heads_up,
        )

    def to_data(self) -> dict[str, Any]:
        """Return the setup as the JSON of a ``table-hand-started`` event."""
        return {
            "tournament": self.tournament,
            "table": self.table,
            "hand": self.hand,
            "mode": self.mode.value,
            "game": self.game,
            "level": self.level,
            "seats": list(self.seats),
            "entries": list(self.entries),
            "names": list(self.names),
            "stacks": list(self.stacks),
            "blinds": list(self.blinds),
            "ante": self.ante,
            "button": self.button,
            "blind_posts": list(self.blind_posts),
            "absent": list(self.absent),
            "chip_unit": self.chip_unit,
            "is_final_heads_up": self.is_final_heads_up,
            "positions": list(self.positions),
            "sitting_out": list(self.sitting_out),
            "seed": self.seed,
            "salt": self.salt,
            "commitment": self.commitment,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> LiveSetup:
        """Read the setup back from a ``table-hand-started`` event."""
        small, big = data["blinds"]
        button, small_blind, big_blind = data["positions"]
        return cls(
            tournament=data["tournament"],
            table=data["table"],
            hand=data["hand"],
            mode=TableMode(data["mode"]),
            game=data["game"],
            level=data["level"],
            seats=tuple(data["seats"]),
            entries=tuple(data["entries"]),
            names=tuple(data["names"]),
            stacks=tuple(data["stacks"]),
            blinds=(small, big),
            ante=data["ante"],
            button=data["button"],
            blind_posts=tuple(data["blind_posts"]),
            absent=tuple(data["absent"]),
            chip_unit=data["chip_unit"],
            is_final_heads_up=data["is_final_heads_up"],
            positions=(button, small_blind, big_blind),
            sitting_out=tuple(data["sitting_out"]),
            seed=data["seed"],
            salt=data["salt"],
            commitment=data["commitment"],
        )


def build_setup(
    tournament: str,
    state: TournamentState,
    started: events.HandStarted,
    mode: TableMode,
    rng: random.Random,
) -> LiveSetup:
    """Return the setup of the hand ``started`` announces, from the tournament's ``state``.

    Online, the deck's seed and the commitment's salt are drawn from ``rng`` (the service's
    secure source in production).
    """
    assert state.structure is not None
    table = state.tables[started.table]
    level = state.structure.items[started.item]
    if not isinstance(level, Level):  # pragma: no cover - StartHand refuses a break
        raise ParseError(f"item {started.item} of the structure is a break, not a level")
    blinds = Blinds(started.button, started.small_blind, started.big_blind)
    upcoming = NextHand(blinds, started.dealt, started.sitting_out, len(started.dealt) == 2)
    order = engine_order(table, upcoming)
    entries = tuple(int(entry) for entry in order.entries)
    stacks = tuple(state.entries[entry].stack or 0 for entry in entries)
    denominations = state.structure.denominations_at(started.item)
    seed = salt = commitment = None
    if mode is TableMode.ONLINE:
        seed = f"{rng.getrandbits(128):032x}"
        salt = f"{rng.getrandbits(128):032x}"
        deck = Deck.shuffled(random.Random(int(seed, 16)))
        commitment = deck.commitment(salt)
    return LiveSetup(
        tournament=tournament,
        table=started.table,
        hand=started.hand,
        mode=mode,
        game=level.game,
        level=state.structure.level_number(started.item),
        seats=order.seats,
        entries=entries,
        names=tuple(state.entries[entry].player for entry in entries),
        stacks=stacks,
        blinds=(level.small_blind, level.big_blind),
        ante=level.ante,
        button=order.button,
        # BTN-DEAD-BUTTON (TDA 32, LFP 6.3-6.5), BTN-MISSING-SB (LFP 6.17): the blinds are
        # posted by seat as the tournament placed them, a missing small blind included.
        blind_posts=order.blind_posts((level.small_blind, level.big_blind)),
        # ABS-DEAD-HAND (TDA 30, LFP 2.15), PEN-SERVING (TDA 71C): absent and penalised players
        # are dealt in, post, and have their hands killed.
        absent=tuple(entries.index(entry) for entry in started.killed if entry in entries),
        # Odd chips go by the smallest chip in play (POT-ODD-CHIP: TDA 20).
        chip_unit=min(denominations) if denominations else 1,
        # BET-RAISE-CAP (TDA 52): the limit cap may be lifted when two players are left.
        is_final_heads_up=len(state.active()) == 2,
        positions=(started.button, started.small_blind, started.big_blind),
        sitting_out=started.sitting_out,
        seed=seed,
        salt=salt,
        commitment=commitment,
    )


def parse_cards_given(cards: Sequence[Card | str | None]) -> list[Card | None]:
    """Read cards given one by one: ``Card``, ``"As"``, or ``None`` / ``"??"`` for a card unseen.

    >>> parse_cards_given(["As", None, "??"])
    [Card.parse('As'), None, None]
    """
    found: list[Card | None] = []
    for card in cards:
        if card is None or isinstance(card, Card):
            found.append(card)
        elif isinstance(card, str) and card.strip() == "??":
            found.append(None)
        elif isinstance(card, str):
            found.append(Card.parse(card))
        else:
            raise ParseError(f"a card is text such as 'As', not {card!r}")
    return found


def card_texts(cards: Sequence[Card | None]) -> list[str | None]:
    """Return cards as text, ``None`` for a card unseen."""
    return [None if card is None else str(card) for card in cards]


def eliminators(hand: Hand) -> dict[int, int]:
    """Return, for each player left without chips, the player who won the pot that eliminated
    him: the last pot he could win (the highest side pot he was eligible for), or, when he could
    win none (his hand was killed), the player who won the most chips. A pot split between several
    winners goes to the one who won the most of it, the first in showdown order on a tie.
    """
    result = hand.result
    assert result is not None
    pots: tuple[tuple[int, ...], ...] = ()
    awards: dict[int, dict[int, int]] = {}
    for event in hand.events:
        if isinstance(event, BetsGathered):
            pots = tuple(pot.eligible for pot in event.pots)
        elif isinstance(event, PotAwarded):
            shares = awards.setdefault(event.pot, {})
            for player, amount in event.shares:
                shares[player] = shares.get(player, 0) + amount
    everything: dict[int, int] = {}
    for shares in awards.values():
        for player, amount in shares.items():
            everything[player] = everything.get(player, 0) + amount
    found: dict[int, int] = {}
    for player, stack in enumerate(result.stacks):
        if stack:
            continue
        contested = [index for index, eligible in enumerate(pots) if player in eligible]
        shares = awards.get(contested[-1], {}) if contested else {}
        shares = {p: a for p, a in (shares or everything).items() if a and p != player}
        if shares:
            found[player] = max(shares, key=lambda p: shares[p])
    return found


def phh_text(hand: Hand, setup: LiveSetup, *, title: str, seat_count: int) -> str:
    """Return the finished hand as PHH, with the event, table, hand number, level and seats."""
    count = len(setup.seats)
    order = [(setup.button + 1 + step) % count for step in range(count)]  # PHH order
    history = replace(
        to_history(hand, players=setup.names),
        event=title or None,
        table=setup.table,
        hand=setup.hand,
        level=setup.level,
        seats=tuple(setup.seats[player] for player in order),
        seat_count=seat_count,
    )
    return write_phh(history)
