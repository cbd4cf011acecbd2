"""The chip race (colour-up): when each chip leaves play, and the race that removes it at a table.

Pure: no I/O, no clock; the race cards come from an injected ``random.Random`` or are entered as
they were dealt at a live table. The rule profile decides where dealing starts (CHIP-ORDER), how
many new chips are raced (CHIP-COUNT-ROUNDING), whether a player may win two (CHIP-MAX-ONE), how a
player with nothing but raced chips keeps one (CHIP-NO-ELIMINATION) and what becomes of old chips
found later (CHIP-LATE-FOUND). A race changes the chips in play only through its rounding and its
protection chips, and its record says by how much, so tournament chip totals stay explainable.

>>> import random
>>> from pokertd import rules
>>> result = race({1: 3, 2: 2, 4: 3, 5: 1, 6: 2, 8: 2}, old=25, new=100,
...               stacks={1: 8075, 2: 3050, 4: 75, 5: 12025, 6: 950, 8: 4050},
...               profile=rules.load("lfp"), rng=random.Random(7))
>>> result.counted, result.rounding, sum(award.chips for award in result.awards)
(4, 75, 4)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from pokertd.cards import Card, Deck
from pokertd.errors import IllegalActionError, ParseError
from pokertd.messages import Message, message
from pokertd.rules import (
    ChipRaceLateFound,
    ChipRaceProtection,
    ChipRaceRounding,
    ChipRaceStart,
    Profile,
)
from pokertd.tournament.structure import Break, Level, Structure

#: The cards a race can deal: one deck.
DECK_SIZE = 52

_E = TypeVar("_E", bound=StrEnum)


# --- CHIP-WHEN: the schedule ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ColourUp:
    """A denomination that leaves play at a break, and the chip it is raced into (CHIP-WHEN).

    ``index`` is the break's item index in the structure. ``is_marked`` is true when the break
    names the chip in its ``colour_up`` (the TD's decision, TDA 25B), false when pokertd worked it
    out: the first break after which no later level needs the chip (GM 2°).
    """

    index: int
    old: int
    new: int
    is_marked: bool


def colour_up_schedule(structure: Structure, *, automatic: bool = True) -> tuple[ColourUp, ...]:
    """Return when each denomination leaves play, in the order the races are run.

    A chip a break marks in ``colour_up`` leaves at that break (TDA 25B). With ``automatic``, the
    other chips leave at the first break after which no later level's blinds or ante need them
    (GM 2°): from the smallest up, while every later amount is a multiple of the next chip. Each
    chip is raced into the next larger one; when two leave at one break, the smaller is raced
    first (25 into 100, then 100 into 500). Raises ParseError for a structure that does not
    validate or a break that removes the largest chip in play.

    >>> from pokertd.tournament.structure import Break, Level, Structure
    >>> s = Structure((Level(25, 50), Break(10), Level(100, 200), Break(10), Level(500, 1000)),
    ...               chips=(25, 100, 500), starting_stack=10_000)
    >>> [(c.index, c.old, c.new) for c in colour_up_schedule(s)]
    [(1, 25, 100), (3, 100, 500)]
    >>> colour_up_schedule(s, automatic=False)
    ()
    """
    structure.validate()
    marked = {
        chip for item in structure.items if isinstance(item, Break) for chip in item.colour_up
    }
    in_play = list(structure.chips)
    schedule: list[ColourUp] = []
    for index, item in enumerate(structure.items):
        if not isinstance(item, Break):
            continue
        leaving = sorted(chip for chip in item.colour_up if chip in in_play)
        if automatic:
            later = [level for level in structure.items[index + 1 :] if isinstance(level, Level)]
            remaining = [chip for chip in in_play if chip not in leaving]
            # CHIP-WHEN (GM 2°): the smallest chip goes once no later amount needs it.
            while (
                len(remaining) > 1
                and remaining[0] not in marked
                and all(amount % remaining[1] == 0 for level in later for amount in level.amounts)
            ):
                leaving.append(remaining.pop(0))
        for old in sorted(leaving):
            larger = [chip for chip in in_play if chip > old]
            if not larger:
                raise ParseError(
                    message(
                        "the break at item {index} removes {old}, the largest chip in play; "
                        "a chip race needs a larger chip (CHIP-WHEN)",
                        index=index,
                        old=old,
                    )
                )
            schedule.append(ColourUp(index, old, larger[0], is_marked=old in item.colour_up))
        in_play = [chip for chip in in_play if chip not in leaving]
    return tuple(schedule)


# --- The race at one table ----------------------------------------------------------------------


class AwardReason(StrEnum):
    """Why a seat receives new chips in a chip race."""

    #: Old chips worth a new one are swapped before the race (GM 2°; see ``race``).
    EXCHANGE = "exchange"
    #: Won with a race card (CHIP-CARDS).
    CARD = "card"
    #: Given so that nobody is raced out (CHIP-NO-ELIMINATION).
    PROTECTION = "protection"


@dataclass(frozen=True, slots=True)
class RaceCards:
    """The race cards one seat was dealt, face up and in one block (CHIP-CARDS)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RaceAward:
    """New chips given to one seat: ``chips`` chips of ``denomination``, and why.

    ``card`` is the winning card of a ``CARD`` award, None otherwise.
    """

    seat: int
    reason: AwardReason
    chips: int
    denomination: int
    card: Card | None = None

    @property
    def value(self) -> int:
        """Return what the chips are worth.

        >>> RaceAward(3, AwardReason.EXCHANGE, 2, 100).value
        200
        """
        return self.chips * self.denomination


@dataclass(frozen=True, slots=True)
class ChipRace:
    """The record of a chip race at one table.

    ``chips`` are the (seat, old chips) counts before the race, in dealing order; ``deals`` the
    race cards in dealing order; ``awards`` the new chips given, in the order they were given
    (exchanges, then the race, then protection). ``counted`` is the number of new chips the raced
    chips were worth after rounding (CHIP-COUNT-ROUNDING). The rule values used are kept, so the
    record explains itself without its profile.
    """

    old: int
    new: int
    profile: str
    start: ChipRaceStart
    rounding_rule: ChipRaceRounding
    max_one: bool
    protection: ChipRaceProtection
    dealer: int | None
    chips: tuple[tuple[int, int], ...]
    deals: tuple[RaceCards, ...]
    awards: tuple[RaceAward, ...]
    counted: int

    @property
    def value_removed(self) -> int:
        """Return the value of the old chips taken off the table."""
        return sum(count for _, count in self.chips) * self.old

    @property
    def value_awarded(self) -> int:
        """Return the value of the new chips given."""
        return sum(award.value for award in self.awards)

    @property
    def raced_value(self) -> int:
        """Return the value of the old chips left to race once the exchanges were made."""
        exchanged = sum(a.value for a in self.awards if a.reason is AwardReason.EXCHANGE)
        return self.value_removed - exchanged

    @property
    def rounding(self) -> int:
        """Return the chips the rounding created (positive) or removed (negative).

        >>> ChipRace.from_dict(_EXAMPLE).rounding
        75
        """
        return self.counted * self.new - self.raced_value

    @property
    def protection_created(self) -> int:
        """Return the value of the protection chips given on top of the count."""
        exchanged = self.value_removed - self.raced_value
        return self.value_awarded - exchanged - self.counted * self.new

    @property
    def created(self) -> int:
        """Return the change in the chips in play: rounding plus protection chips.

        >>> record = ChipRace.from_dict(_EXAMPLE)
        >>> record.created == record.value_awarded - record.value_removed == 75
        True
        """
        return self.value_awarded - self.value_removed

    def stack_changes(self) -> dict[int, int]:
        """Return the change of each seat's stack, in dealing order.

        >>> ChipRace.from_dict(_EXAMPLE).stack_changes()
        {1: 25, 2: 50, 4: 25, 5: 75, 6: -50, 8: -50}
        """
        changes = {seat: -count * self.old for seat, count in self.chips}
        for award in self.awards:
            changes[award.seat] = changes.get(award.seat, 0) + award.value
        return changes

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape of the record, which ``ChipRace.from_dict`` reads back.

        >>> ChipRace.from_dict(_EXAMPLE).to_dict() == _EXAMPLE
        True
        """
        return {
            "old": self.old,
            "new": self.new,
            "profile": self.profile,
            "start": self.start.value,
            "rounding_rule": self.rounding_rule.value,
            "max_one": self.max_one,
            "protection": self.protection.value,
            "dealer": self.dealer,
            "chips": [[seat, count] for seat, count in self.chips],
            "deals": [
                {"seat": deal.seat, "cards": [str(card) for card in deal.cards]}
                for deal in self.deals
            ],
            "awards": [
                {
                    "seat": award.seat,
                    "reason": award.reason.value,
                    "chips": award.chips,
                    "denomination": award.denomination,
                    "card": None if award.card is None else str(award.card),
                }
                for award in self.awards
            ],
            "counted": self.counted,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChipRace:
        """Read the shape ``to_dict`` writes; raise ParseError for anything else.

        >>> ChipRace.from_dict({"old": 25})
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: a chip race record has no 'new'
        """
        reader = _Reader(message("a chip race record"))
        if not isinstance(data, Mapping):
            raise reader.error(message("is an object, not {data!r}", data=data))
        for key in cls.__dataclass_fields__:  # to_dict's keys are the field names
            if key not in data:
                raise reader.error(message("has no {key!r}", key=key))
        dealer = data["dealer"]
        return cls(
            old=reader.positive(data["old"], "old"),
            new=reader.positive(data["new"], "new"),
            profile=reader.text(data["profile"], "profile"),
            start=reader.member(ChipRaceStart, data["start"], "start"),
            rounding_rule=reader.member(ChipRaceRounding, data["rounding_rule"], "rounding_rule"),
            max_one=reader.flag(data["max_one"], "max_one"),
            protection=reader.member(ChipRaceProtection, data["protection"], "protection"),
            dealer=None if dealer is None else reader.positive(dealer, "dealer"),
            chips=tuple(
                (reader.positive(seat, "seat"), reader.positive(count, "chips"))
                for seat, count in (
                    reader.pair(item, "chips") for item in reader.items(data, "chips")
                )
            ),
            deals=tuple(
                RaceCards(
                    reader.positive(deal.get("seat"), "seat"),
                    tuple(reader.card(card) for card in reader.items(deal, "cards")),
                )
                for deal in (reader.mapping(item, "deals") for item in reader.items(data, "deals"))
            ),
            awards=tuple(
                RaceAward(
                    reader.positive(award.get("seat"), "seat"),
                    reader.member(AwardReason, award.get("reason"), "reason"),
                    reader.positive(award.get("chips"), "chips"),
                    reader.positive(award.get("denomination"), "denomination"),
                    None if award.get("card") is None else reader.card(award["card"]),
                )
                for award in (
                    reader.mapping(item, "awards") for item in reader.items(data, "awards")
                )
            ),
            counted=reader.count(data["counted"], "counted"),
        )


def race(
    chips: Mapping[int, int],
    *,
    old: int,
    new: int,
    stacks: Mapping[int, int],
    profile: Profile,
    dealer: int | None = None,
    rng: random.Random | None = None,
    cards: Mapping[int, Sequence[Card]] | None = None,
    smallest_in_play: int | None = None,
) -> ChipRace:
    """Race the ``old`` chips of one table into ``new`` chips and return the record.

    ``chips`` maps each seat to its number of ``old`` chips; ``stacks`` maps every seat at the
    table to its stack (raced chips included), which tells who holds nothing else. ``dealer`` is
    the seat of the dealer of the next hand, needed when the race starts at his left. Give either
    ``rng``, to deal the race cards from a shuffled deck, or ``cards``, the cards each seat was
    dealt at a live table. ``smallest_in_play`` is the smallest chip once the race is over (TDA
    24A's protection chip); it defaults to ``new``.

    The steps:

    1. Old chips worth a new chip are exchanged first, and only the rest are raced: GM 2° says
       so, TDA 24A deals "for each remaining chip" and LFP 10.1 "per extra chip", and BAN, silent,
       is read the same way (with at most one chip per player, racing whole sets would lose their
       value).
    2. The raced chips are worth ``counted`` new chips, rounded per profile (CHIP-COUNT-ROUNDING).
    3. One card per raced chip, face up, each seat's cards in one block, clockwise from seat 1 or
       from the dealer's left (CHIP-CARDS, CHIP-ORDER).
    4. The highest cards take the new chips, ties broken by suit, spades > hearts > diamonds >
       clubs (CHIP-TIE-SUIT), at most one per player when the profile says so (CHIP-MAX-ONE).
    5. A player whose only chips were raced keeps one (CHIP-NO-ELIMINATION): under LFP 10.6 one
       of the chips counted goes to him first; under the other books a player left with none is
       given one after the race, on top of the count.

    Raises ParseError for impossible input and IllegalActionError when the race needs more cards
    than a deck has.

    >>> from pokertd import rules
    >>> from pokertd.cards import Card
    >>> dealt = {1: [Card.parse("Ks")], 2: [Card.parse("Kh"), Card.parse("2c")]}
    >>> result = race({1: 1, 2: 2}, old=25, new=100, stacks={1: 25, 2: 5_050, 3: 900},
    ...               profile=rules.load("tda-2017"), cards=dealt)
    >>> [(a.seat, a.reason.value, a.chips, a.denomination) for a in result.awards]
    [(1, 'card', 1, 100)]
    >>> result.rounding
    25
    """
    _check_denominations(old, new)
    unit = new if smallest_in_play is None else smallest_in_play
    if not _is_int(unit) or unit <= 0:
        raise ParseError(
            message(
                "the smallest chip in play must be a positive whole number, not "
                "{unit!r} (CHIP-NO-ELIMINATION)",
                unit=unit,
            )
        )
    order = _dealing_order(stacks, profile, dealer)
    counts = _check_chips(chips, stacks, old)
    per_new = new // old

    # GM 2° (and TDA 24A "chaque jeton restant", LFP 10.1 "jeton supplémentaire"): full sets of
    # old chips are exchanged before the race; only the remainder is raced.
    awards: list[RaceAward] = []
    raced: dict[int, int] = {}
    for seat in order:
        swapped, rest = divmod(counts.get(seat, 0), per_new)
        if swapped:
            awards.append(RaceAward(seat, AwardReason.EXCHANGE, swapped, new))
        if rest:
            raced[seat] = rest
    raced_value = sum(raced.values()) * old
    counted = _count(raced_value, new, profile.chip_race_rounding)

    deals = _deal(raced, rng, cards)
    # Seats with nothing but raced chips, which the race could leave with none.
    exposed = [
        seat for seat in raced if stacks[seat] == counts[seat] * old and counts[seat] < per_new
    ]

    won: Counter[int] = Counter()
    left = counted
    if profile.chip_race_protection is ChipRaceProtection.ONE_OF_RACED_CHIPS:
        # CHIP-NO-ELIMINATION (LFP 10.6): he "automatically receives one of the chips raced";
        # should there be more of them than chips, nobody may be raced out: the extra are created.
        for seat in exposed:
            awards.append(RaceAward(seat, AwardReason.PROTECTION, 1, new))
            won[seat] += 1
        left = max(0, counted - len(exposed))
    ranked = sorted(
        ((card, deal.seat) for deal in deals for card in deal.cards),
        key=lambda item: (item[0].rank, item[0].suit.order),  # CHIP-TIE-SUIT
        reverse=True,
    )
    for card, seat in ranked:
        if left == 0:
            break
        if profile.chip_race_max_one and won[seat]:  # CHIP-MAX-ONE
            continue
        awards.append(RaceAward(seat, AwardReason.CARD, 1, new, card))
        won[seat] += 1
        left -= 1
    # After the exchange every seat races less than one new chip's worth, so the count never
    # exceeds the seats dealt in and there are always enough cards.
    assert left == 0

    # CHIP-NO-ELIMINATION (BAN/CHIPRACE, TDA 24A, GM 2°): a chip given after the race.
    if profile.chip_race_protection is not ChipRaceProtection.ONE_OF_RACED_CHIPS:
        given = new if profile.chip_race_protection is ChipRaceProtection.NEW_CHIP_IF_NONE else unit
        for seat in exposed:
            if not won[seat]:
                awards.append(RaceAward(seat, AwardReason.PROTECTION, 1, given))
    return ChipRace(
        old=old,
        new=new,
        profile=profile.id,
        start=profile.chip_race_start,
        rounding_rule=profile.chip_race_rounding,
        max_one=profile.chip_race_max_one,
        protection=profile.chip_race_protection,
        dealer=dealer,
        chips=tuple((seat, counts[seat]) for seat in order if counts.get(seat)),
        deals=deals,
        awards=tuple(awards),
        counted=counted,
    )


def _count(value: int, new: int, rounding: ChipRaceRounding) -> int:
    """CHIP-COUNT-ROUNDING: how many ``new`` chips ``value`` is worth."""
    whole, rest = divmod(value, new)
    if rounding is ChipRaceRounding.CEIL:  # LFP 10.3, BAN/CHIPRACE
        return whole + (1 if rest else 0)
    return whole + (1 if 2 * rest >= new else 0)  # GM 2°: half or more


def _dealing_order(stacks: Mapping[int, int], profile: Profile, dealer: int | None) -> list[int]:
    """The seats of the table clockwise from the first one dealt to (CHIP-ORDER)."""
    if not isinstance(stacks, Mapping) or not stacks:
        raise ParseError(
            message("a chip race needs the stacks of the seats at the table (CHIP-CARDS)")
        )
    for seat, stack in stacks.items():
        if not _is_int(seat) or seat < 1:
            raise ParseError(
                message("a seat is a number from 1, not {seat!r} (CHIP-ORDER)", seat=seat)
            )
        if not _is_int(stack) or stack <= 0:
            raise ParseError(
                message(
                    "seat {seat} has a stack of {stack!r}; a player in the race has "
                    "chips (CHIP-NO-ELIMINATION)",
                    seat=seat,
                    stack=stack,
                )
            )
    seats = sorted(stacks)
    if dealer is not None and (not _is_int(dealer) or dealer < 1):
        raise ParseError(
            message(
                "the dealer's seat is a number from 1, not {dealer!r} (CHIP-ORDER)", dealer=dealer
            )
        )
    if profile.chip_race_start is ChipRaceStart.SEAT_ONE:  # CHIP-ORDER: TDA 24A, LFP 10.1, GM 2°
        return seats
    # CHIP-ORDER (BAN/CHIPRACE): the new dealer deals, starting from his left.
    if dealer is None:
        raise ParseError(
            message(
                "under {id} the race starts left of the dealer; give the dealer's "
                "seat (CHIP-ORDER)",
                id=profile.id,
            )
        )
    after = [seat for seat in seats if seat > dealer]
    return after + [seat for seat in seats if seat <= dealer]


def _check_denominations(old: int, new: int) -> None:
    for name, value in (("old", old), ("new", new)):
        if not _is_int(value) or value <= 0:
            raise ParseError(
                message(
                    "the old denomination must be a positive whole number, not {value!r} "
                    "(CHIP-WHEN)",
                    value=value,
                )
                if name == "old"
                else message(
                    "the new denomination must be a positive whole number, not {value!r} "
                    "(CHIP-WHEN)",
                    value=value,
                )
            )
    if new <= old or new % old:
        raise ParseError(
            message(
                "the new chip {new!r} must be a larger multiple of the old chip "
                "{old!r} (CHIP-WHEN)",
                new=new,
                old=old,
            )
        )


def _check_chips(chips: Mapping[int, int], stacks: Mapping[int, int], old: int) -> dict[int, int]:
    if not isinstance(chips, Mapping):
        raise ParseError(
            message(
                "the chips to race map seats to counts, not {chips!r} (CHIP-CARDS)", chips=chips
            )
        )
    for seat, count in chips.items():
        if seat not in stacks:
            raise ParseError(
                message(
                    "seat {seat!r} has chips to race but no stack at the table (CHIP-CARDS)",
                    seat=seat,
                )
            )
        if not _is_int(count) or count < 0:
            raise ParseError(
                message(
                    "seat {seat} holds a whole number of chips, not {count!r} (CHIP-CARDS)",
                    seat=seat,
                    count=count,
                )
            )
        if count * old > stacks[seat]:
            raise ParseError(
                message(
                    "seat {seat} holds {count} chips of {old} ({chips}) but its stack "
                    "is {stack} (CHIP-CARDS)",
                    seat=seat,
                    count=count,
                    old=old,
                    chips=count * old,
                    stack=stacks[seat],
                )
            )
    return dict(chips)


def _deal(
    raced: Mapping[int, int],
    rng: random.Random | None,
    cards: Mapping[int, Sequence[Card]] | None,
) -> tuple[RaceCards, ...]:
    """CHIP-CARDS: one card per raced chip, each seat's in one block, in dealing order."""
    if (rng is None) == (cards is None):
        raise ParseError(
            message(
                "give either rng, to deal the race cards, or the cards dealt, not "
                "both or neither (CHIP-CARDS)"
            )
        )
    needed = sum(raced.values())
    if needed > DECK_SIZE:
        raise IllegalActionError(
            message(
                "the race needs {needed} cards, more than the {deck} of a "
                "deck; colour up the players' full sets of chips first (CHIP-CARDS)",
                needed=needed,
                deck=DECK_SIZE,
            ),
            rule="CHIP-CARDS",
            action=f"race {needed} chips",
        )
    if rng is not None:
        deck = Deck.shuffled(rng)
        return tuple(RaceCards(seat, tuple(deck.deal(count))) for seat, count in raced.items())
    assert cards is not None
    extra = sorted(seat for seat in cards if seat not in raced and cards[seat])
    if extra:
        raise ParseError(
            message(
                "cards were entered for seat {extra!r}, which has no chip to race (CHIP-CARDS)",
                extra=extra[0],
            )
        )
    deals: list[RaceCards] = []
    seen: set[Card] = set()
    for seat, count in raced.items():
        dealt = tuple(cards.get(seat, ()))
        if len(dealt) != count:
            raise ParseError(
                message(
                    "seat {seat} races {count} chips and gets one card per chip, not "
                    "{cards} (CHIP-CARDS)",
                    seat=seat,
                    count=count,
                    cards=len(dealt),
                )
            )
        for card in dealt:
            if not isinstance(card, Card):
                raise ParseError(
                    message(
                        "race cards are dealt face up and must be known cards, not {card!r} "
                        "(CHIP-CARDS)",
                        card=card,
                    )
                )
            if card in seen:
                raise ParseError(
                    message("card {card!r} was entered twice (CHIP-CARDS)", card=str(card))
                )
            seen.add(card)
        deals.append(RaceCards(seat, dealt))
    return tuple(deals)


# --- CHIP-LATE-FOUND ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LateFound:
    """What becomes of ``count`` chips of a removed denomination found after the race.

    ``chips`` chips of ``denomination`` are given in exchange, and ``removed`` is the value taken
    out of the tournament (CHIP-LATE-FOUND).
    """

    count: int
    old: int
    rule: ChipRaceLateFound
    chips: int
    denomination: int
    removed: int

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape of the record, which ``LateFound.from_dict`` reads back.

        >>> found = LateFound(5, 25, ChipRaceLateFound.EXCHANGED_IF_ENOUGH, 1, 100, 25)
        >>> LateFound.from_dict(found.to_dict()) == found
        True
        """
        return {
            "count": self.count,
            "old": self.old,
            "rule": self.rule.value,
            "chips": self.chips,
            "denomination": self.denomination,
            "removed": self.removed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LateFound:
        """Read the shape ``to_dict`` writes; raise ParseError for anything else."""
        reader = _Reader(message("a late-found chips record"))
        if not isinstance(data, Mapping):
            raise reader.error(message("is an object, not {data!r}", data=data))
        for key in cls.__dataclass_fields__:
            if key not in data:
                raise reader.error(message("has no {key!r}", key=key))
        return cls(
            count=reader.count(data["count"], "count"),
            old=reader.positive(data["old"], "old"),
            rule=reader.member(ChipRaceLateFound, data["rule"], "rule"),
            chips=reader.count(data["chips"], "chips"),
            denomination=reader.positive(data["denomination"], "denomination"),
            removed=reader.count(data["removed"], "removed"),
        )


def late_found(
    count: int, old: int, new: int, profile: Profile, smallest_in_play: int | None = None
) -> LateFound:
    """Decide what becomes of ``count`` chips of ``old`` found after they were raced into ``new``.

    Under LFP 10.7 and BAN they are removed. GM 2° exchanges them for as many ``new`` chips as
    they make up, removing the rest. TDA 24C exchanges them at equal value into the smallest chip
    in play (``new`` when not given), removing a remainder worth less than it; while ``new`` is
    the smallest chip in play the two give the same. Raises ParseError for impossible input.

    >>> from pokertd import rules
    >>> late_found(5, 25, 100, rules.load("lfp")).removed
    125
    >>> found = late_found(5, 25, 100, rules.load("gran-madrid"))
    >>> found.chips, found.denomination, found.removed
    (1, 100, 25)
    """
    if not _is_int(count) or count < 0:
        raise ParseError(
            message(
                "the chips found are a whole number, not {count!r} (CHIP-LATE-FOUND)", count=count
            )
        )
    _check_denominations(old, new)
    rule = profile.chip_race_late_found
    value = count * old
    if rule is ChipRaceLateFound.REMOVED:  # CHIP-LATE-FOUND: LFP 10.7, BAN/CHIPRACE
        return LateFound(count, old, rule, 0, new, value)
    unit = new
    if rule is ChipRaceLateFound.EXCHANGED_EQUAL_VALUE and smallest_in_play is not None:
        unit = smallest_in_play  # TDA 24C: equal value in the chips still in play
    if not _is_int(unit) or unit <= 0:
        raise ParseError(
            message(
                "the smallest chip in play must be a positive whole number, not "
                "{unit!r} (CHIP-LATE-FOUND)",
                unit=unit,
            )
        )
    chips, rest = divmod(value, unit)
    return LateFound(count, old, rule, chips, unit, rest)


# --- Reading records back -----------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Reader:
    """Checks the fields of a record being read, raising ParseError that names the record."""

    def __init__(self, what: Message) -> None:
        self.what = what

    def error(self, said: Message) -> ParseError:
        return ParseError(message("{what} {said}", what=self.what, said=said))

    def positive(self, value: object, key: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise self.error(
                message("has {key} = {value!r}, not a positive whole number", key=key, value=value)
            )
        return value

    def count(self, value: object, key: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.error(
                message("has {key} = {value!r}, not a whole number", key=key, value=value)
            )
        return value

    def text(self, value: object, key: str) -> str:
        if not isinstance(value, str):
            raise self.error(message("has {key} = {value!r}, not a string", key=key, value=value))
        return value

    def flag(self, value: object, key: str) -> bool:
        if not isinstance(value, bool):
            raise self.error(
                message("has {key} = {value!r}, not true or false", key=key, value=value)
            )
        return value

    def member(self, kind: type[_E], value: object, key: str) -> _E:
        allowed = [member.value for member in kind]
        if value not in allowed:
            raise self.error(
                message(
                    "has {key} = {value!r}; use one of {allowed}",
                    key=key,
                    value=value,
                    allowed=", ".join(allowed),
                )
            )
        return kind(value)

    def card(self, value: object) -> Card:
        if not isinstance(value, str):
            raise self.error(message("has card {value!r}, not a string", value=value))
        return Card.parse(value)

    def items(self, data: Mapping[str, Any], key: str) -> list[Any]:
        value = data.get(key)
        if not isinstance(value, list | tuple):
            raise self.error(message("has {key} = {value!r}, not a list", key=key, value=value))
        return list(value)

    def pair(self, value: object, key: str) -> tuple[object, object]:
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise self.error(
                message(
                    "has an item of {key} = {value!r}, not a [seat, count] pair",
                    key=key,
                    value=value,
                )
            )
        return value[0], value[1]

    def mapping(self, value: object, key: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.error(
                message("has an item of {key} = {value!r}, not an object", key=key, value=value)
            )
        return value


#: A chip race record, for the examples: EX-53's 13 chips of 25 raced into 100 under LFP.
_EXAMPLE: dict[str, Any] = {
    "old": 25,
    "new": 100,
    "profile": "lfp",
    "start": "seat-one",
    "rounding_rule": "ceil",
    "max_one": True,
    "protection": "one-of-raced-chips",
    "dealer": None,
    "chips": [[1, 3], [2, 2], [4, 3], [5, 1], [6, 2], [8, 2]],
    "deals": [
        {"seat": 1, "cards": ["Ah", "4c", "9d"]},
        {"seat": 2, "cards": ["Js", "2s"]},
        {"seat": 4, "cards": ["3d", "Kc", "7h"]},
        {"seat": 5, "cards": ["Qd"]},
        {"seat": 6, "cards": ["6s", "Td"]},
        {"seat": 8, "cards": ["8c", "5h"]},
    ],
    "awards": [
        {"seat": 4, "reason": "protection", "chips": 1, "denomination": 100, "card": None},
        {"seat": 1, "reason": "card", "chips": 1, "denomination": 100, "card": "Ah"},
        {"seat": 5, "reason": "card", "chips": 1, "denomination": 100, "card": "Qd"},
        {"seat": 2, "reason": "card", "chips": 1, "denomination": 100, "card": "Js"},
    ],
    "counted": 4,
}
