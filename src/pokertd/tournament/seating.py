"""Seat draws, open seats for newcomers, balancing and breaking tables, final table and redraws.

Pure functions over immutable ``Table`` values: randomness comes in as ``rng`` (a seeded
``random.Random`` in tests, ``secrets.SystemRandom()`` in the service) and every function returns
new values or proposed ``Move``\\ s; nothing is changed in place. The positions of a hand (button,
blinds, who is dealt in) live in ``pokertd.tournament.button`` and are re-exported here.

>>> rng = random.Random(1)
>>> tables = tables_from_draw(draw_seats(["a", "b", "c", "d", "e"], [1, 2], 9, rng), [1, 2], 9)
>>> sorted(len(table.players) for table in tables)
[2, 3]
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from pokertd.cards import Card, Deck
from pokertd.rules.profile import FinalTableSize, Redraws
from pokertd.tournament.button import (
    Blinds,
    EngineSeating,
    NextHand,
    Table,
    engine_order,
    next_hand,
    seats_between_button_and_small_blind,
)

__all__ = [
    "Blinds",
    "EngineSeating",
    "Move",
    "MoveReason",
    "NextHand",
    "Table",
    "allowed_new_seats",
    "apply_moves",
    "balance_moves",
    "balance_seat",
    "break_moves",
    "card_order",
    "draw_seats",
    "engine_order",
    "final_table_size",
    "needs_balancing",
    "next_hand",
    "redraw",
    "redraw_due",
    "seat_newcomer",
    "tables_from_draw",
    "tables_to_break",
]


class MoveReason(StrEnum):
    """Why a player changes seat: balancing, a broken table, a redraw, the final-table redraw.

    A term shown to people (its French is in the catalogue, context ``MoveReason``). Its repr is
    its value's, as events keep it, so that a ``Move``'s repr reads back.

    >>> MoveReason.FINAL_TABLE, str(MoveReason.BREAK)
    ('final-table', 'break')
    """

    BALANCE = "balance"
    BREAK = "break"
    REDRAW = "redraw"
    FINAL_TABLE = "final-table"

    def __repr__(self) -> str:
        return repr(self.value)


_REASONS: frozenset[str] = frozenset(MoveReason)


@dataclass(frozen=True, slots=True)
class Move:
    """One player's move to a new table and seat, with the card he drew if there was a draw.

    ``card`` is the playing card dealt to him in the two-step draw of a broken table (TDA Add.9),
    kept for the audit trail. ``from_table`` and ``from_seat`` are 0 for an entry that had no seat
    (a redraw of a day that merges flights).

    Raises ValueError for an unknown reason.

    >>> Move("17", from_table=3, from_seat=6, to_table=1, to_seat=2, reason="break", card="Ks")
    Move(entry='17', from_table=3, from_seat=6, to_table=1, to_seat=2, reason='break', card='Ks')
    """

    entry: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: MoveReason
    card: str | None = None

    def __post_init__(self) -> None:
        if self.reason not in _REASONS:
            raise ValueError(f"unknown move reason {self.reason!r}; one of {sorted(_REASONS)}")


# -- seat draws and open seats -----------------------------------------------------------------


def draw_seats(
    entries: Sequence[str], table_numbers: Sequence[int], size: int, rng: random.Random
) -> dict[str, tuple[int, int]]:
    """Draw a table and a seat for every entry (SEAT-DRAW: TDA 6, LFP 1.5, GM 13°).

    The tables are as even as possible: two differ by at most one player, and which tables get
    the extra players is drawn too. At a table that is not full the seats are drawn among 1 to
    ``size``.

    Raises ValueError when the entries do not fit, or an entry or a table is named twice.

    >>> draw = draw_seats(["a", "b", "c"], [1, 2], 9, random.Random(4))
    >>> sorted(draw), sorted(table for table, _ in draw.values())
    (['a', 'b', 'c'], [1, 1, 2])
    """
    if len(set(entries)) != len(entries):
        raise ValueError("an entry is named twice in the seat draw")
    if len(set(table_numbers)) != len(table_numbers):
        raise ValueError(f"a table is named twice in the seat draw: {list(table_numbers)!r}")
    if size < 2:
        raise ValueError(f"tables of {size} seat(s) cannot be drawn; a table seats 2 or more")
    if len(entries) > len(table_numbers) * size:
        raise ValueError(
            f"{len(entries)} entries do not fit {len(table_numbers)} tables of {size} (SEAT-DRAW)"
        )
    if not entries:
        return {}
    base, extra = divmod(len(entries), len(table_numbers))
    fuller = set(rng.sample(list(table_numbers), extra))
    places = [
        (table, seat)
        for table in table_numbers
        for seat in sorted(rng.sample(range(1, size + 1), base + (table in fuller)))
    ]
    rng.shuffle(places)
    return dict(zip(entries, places, strict=True))


def tables_from_draw(
    draw: Mapping[str, tuple[int, int]], table_numbers: Sequence[int], size: int
) -> list[Table]:
    """Return the tables a seat draw makes, before their first hand, in ``table_numbers`` order.

    >>> tables_from_draw({"a": (2, 5), "b": (1, 3)}, [1, 2], 9)
    [Table(number=1, size=9, players={3: 'b'}), Table(number=2, size=9, players={5: 'a'})]
    """
    seated: dict[int, dict[int, str]] = {number: {} for number in table_numbers}
    for entry, (table, seat) in draw.items():
        seated[table][seat] = entry
    return [Table(number, size, seated[number]) for number in table_numbers]


def allowed_new_seats(table: Table, *, between_blinds_allowed: bool) -> list[int]:
    """Return the empty seats a player new to the table may be given, in seat order.

    When ``between_blinds_allowed`` is False the seats strictly between the next hand's button and
    small blind are left out (SEAT-LATE-POSITION, TBL-BREAK-SEATING: TDA 7A, 9 "seat not
    assigned"); otherwise he may sit there and waits one hand (BTN-NEW-PLAYER: LFP 6.12). Before
    the first hand every empty seat is allowed.

    >>> table = Table(1, 6, {1: "a", 3: "b", 4: "c"}, last_hand=Blinds(1, 2, 3))
    >>> allowed_new_seats(table, between_blinds_allowed=False)  # next: button S2, SB S3
    [2, 5, 6]
    """
    empty = table.empty_seats()
    if between_blinds_allowed:
        return empty
    excluded = set(seats_between_button_and_small_blind(table))
    return [seat for seat in empty if seat not in excluded]


def seat_newcomer(
    tables: Sequence[Table], rng: random.Random, *, between_blinds_allowed: bool
) -> tuple[int, int]:
    """Draw a table and a seat for a late entrant, an alternate or a re-entry.

    SEAT-LATE-POSITION (TDA 7A): "the same random draw, from the same pool of open seats" as other
    new players. The table is one of those with the fewest players among the tables with an
    allowed seat (ties drawn), and the seat is drawn among its allowed seats
    (``allowed_new_seats``). Returns ``(table number, seat)``.

    Raises ValueError when no table has an allowed seat.

    >>> tables = [Table(1, 9, {1: "a", 2: "b"}), Table(2, 9, {4: "c"})]
    >>> seat_newcomer(tables, random.Random(3), between_blinds_allowed=True)[0]
    2
    """
    open_seats = {
        table.number: allowed_new_seats(table, between_blinds_allowed=between_blinds_allowed)
        for table in tables
    }
    candidates = [table for table in tables if open_seats[table.number]]
    if not candidates:
        raise ValueError("no table has a seat open for a new player (SEAT-LATE-POSITION)")
    fewest = min(len(table.players) for table in candidates)
    table = rng.choice([table for table in candidates if len(table.players) == fewest])
    return table.number, rng.choice(open_seats[table.number])


# -- balancing ----------------------------------------------------------------------------------


def needs_balancing(tables: Sequence[Table], max_difference: int) -> bool:
    """Return whether the fullest table has more than ``max_difference`` players more than the
    shortest (TBL-BALANCE-THRESHOLD: TDA 10D, LFP 6.8, GM 25°).

    >>> needs_balancing([Table(1, 9, {1: "a", 2: "b", 3: "c"}), Table(2, 9, {})], 2)
    True
    """
    if not tables:
        return False
    counts = [len(table.players) for table in tables]
    return max(counts) - min(counts) > max_difference


def balance_seat(
    table: Table, rng: random.Random, *, between_blinds_allowed: bool = True
) -> int | None:
    """Return the seat a player moved to ``table`` for balancing is given, None if none fits.

    TBL-BALANCE-SEAT (LFP 6.10, TDA 10A, GM 25°a): with *b* the big blind seat of the hand just
    played (the next small blind), scan clockwise from *b* + 1 and take the first empty seat, never
    *b* itself. A seat before the next occupied one makes him the next big blind (TDA 10A: big
    blind twice in a row is allowed); if the only empty seats are *b* and the last small blind
    seat, he takes the latter, the next button (LFP 6.10). With ``between_blinds_allowed`` False
    the seats between the button and the small blind are skipped (TDA 7A, 9). None when the only
    seats left are those: the table cannot take him this hand. Before the table's first hand, any
    empty seat, drawn.

    >>> table = Table(2, 9, {s: str(s) for s in range(1, 9) if s not in (3, 6)},
    ...               last_hand=Blinds(7, 8, 9))
    >>> balance_seat(table, random.Random(0))  # EX-64 case A
    3
    """
    empty = table.empty_seats()
    if table.last_hand is None:
        return rng.choice(empty) if empty else None
    small_blind = table.last_hand.big_blind
    excluded = set() if between_blinds_allowed else set(seats_between_button_and_small_blind(table))
    for steps in range(1, table.size):
        seat = (small_blind - 1 + steps) % table.size + 1
        if seat not in table.players and seat not in excluded:
            return seat
    return None


def balance_moves(
    tables: Sequence[Table],
    *,
    max_difference: int,
    rng: random.Random,
    newcomer_between_blinds_sits_out: bool = True,
    between_blinds_allowed: bool = True,
    initial_buttons: Mapping[int, int] | None = None,
) -> list[Move]:
    """Propose the moves that balance ``tables``: no two differ by more than ``max_difference``.

    Each move takes the player who would be big blind next hand at a fullest table
    (TBL-BALANCE-WHO: TDA 10A, LFP 6.9, GM 25°a) to a table with the fewest players, drawn
    (TDA 10C: "chosen at random by a pre-established procedure"), into the seat ``balance_seat``
    gives (TBL-BALANCE-SEAT). Each move is applied before the next is proposed: the moved player
    is new to his table, and the next player to move from the same table is its new next big blind.

    Where the books leave it open: among equally full tables, the lowest-numbered gives up a
    player first (a fixed procedure, as TBL-BREAK-ORDER asks of breaking); a table before its
    first hand moves the player who will be its first big blind if ``initial_buttons`` gives its
    first button, otherwise a player drawn at random; a shortest table whose open seats are all
    excluded is skipped for another shortest table, and when none can take the player no more
    moves are proposed (the tables are balanced after the next hand). The sit-out rule
    ``newcomer_between_blinds_sits_out`` is passed on to ``next_hand``; it does not change who
    moves. ``between_blinds_allowed`` is as in ``balance_seat``.

    Raises ValueError when ``max_difference`` is below 1.

    >>> full = Table(1, 9, {s: f"p{s}" for s in range(1, 10)}, last_hand=Blinds(1, 2, 3))
    >>> short = Table(2, 9, {1: "q1", 5: "q5"}, last_hand=Blinds(9, 1, 5))
    >>> [(m.entry, m.to_seat) for m in balance_moves([full, short], max_difference=2,
    ...                                              rng=random.Random(0))]
    [('p4', 6), ('p5', 7), ('p6', 8)]
    """
    if max_difference < 1:
        raise ValueError(f"tables cannot differ by at most {max_difference} players; 1 or more")
    buttons = initial_buttons or {}
    layout = {table.number: table for table in tables}
    moves: list[Move] = []
    while needs_balancing(list(layout.values()), max_difference):
        most = max(len(table.players) for table in layout.values())
        source = layout[min(n for n, table in layout.items() if len(table.players) == most)]
        from_seat = _next_big_blind(source, rng, buttons, newcomer_between_blinds_sits_out)
        fewest = min(len(table.players) for table in layout.values())
        shortest = sorted(n for n, table in layout.items() if len(table.players) == fewest)
        rng.shuffle(shortest)  # TDA 10C: the receiving table is drawn
        for number in shortest:
            to_seat = balance_seat(
                layout[number], rng, between_blinds_allowed=between_blinds_allowed
            )
            if to_seat is not None:
                break
        else:
            break  # no shortest table can take him this hand
        move = Move(
            source.players[from_seat], source.number, from_seat, number, to_seat, MoveReason.BALANCE
        )
        moves.append(move)
        layout = _moved(layout, [move])
    return moves


def _next_big_blind(
    table: Table, rng: random.Random, buttons: Mapping[int, int], sits_out: bool
) -> int:
    if table.last_hand is None and table.number not in buttons:
        return rng.choice(list(table.players))
    upcoming = next_hand(
        table,
        initial_button=buttons.get(table.number),
        newcomer_between_blinds_sits_out=sits_out,
    )
    return upcoming.blinds.big_blind


# -- breaking tables -----------------------------------------------------------------------------


class _Fewest:
    """The tables with an open seat left, grouped by their number of players, each group in the
    tables' order: ``tables`` is the group with the fewest players, where the next seat of a
    breaking table goes (TBL-BREAK-SEATING). A big field breaks a table every few hands: the
    groups are made once per break, and only the table given a seat moves. A table's open
    seats (``seats``, worked out when first read) are looked at only once its group of players
    may have the fewest: a break in a big field fills a few tables of the smallest group, and
    the others' seats are never worked out."""

    def __init__(self, counts: dict[int, int], seats: Mapping[int, Sequence[int]]) -> None:
        self.counts = counts
        self.seats = seats
        self.position = {number: index for index, number in enumerate(counts)}
        #: The tables whose seats are not looked at yet, by number of players, in order.
        self.unseen: dict[int, list[int]] = {}
        for number, count in counts.items():
            self.unseen.setdefault(count, []).append(number)
        self.groups: dict[int, list[int]] = {}
        self.tables: list[int] = self._fewest()

    def _fewest(self) -> list[int]:
        """The group with the fewest players, once every table that may have as few players
        has had its seats looked at."""
        groups, unseen = self.groups, self.unseen
        while unseen and (not groups or min(unseen) <= min(groups)):
            count = min(unseen)
            group = groups.get(count)
            for number in unseen.pop(count):
                if not self.seats[number]:
                    continue
                if group is None:
                    group = groups[count] = []
                bisect.insort(group, number, key=self.position.__getitem__)
        return groups[min(groups)] if groups else []

    def filled(self, number: int, *, still_open: bool) -> None:
        """Table ``number`` was given a seat (its count is already one more): move it up a
        group, or drop it when it has no open seat left."""
        count = self.counts[number]
        self.groups[count - 1].remove(number)
        if not self.groups[count - 1]:
            del self.groups[count - 1]
        if still_open:
            group = self.groups.setdefault(count, [])
            bisect.insort(group, number, key=self.position.__getitem__)
        self.tables = self._fewest()


class _AllowedSeats(Mapping[int, list[int]]):
    """The allowed seats of each table (``allowed_new_seats``), worked out when first read."""

    def __init__(self, tables: Sequence[Table], *, between_blinds_allowed: bool) -> None:
        self.tables = {table.number: table for table in tables}
        self.between_blinds_allowed = between_blinds_allowed
        self.found: dict[int, list[int]] = {}

    def __getitem__(self, number: int) -> list[int]:
        seats = self.found.get(number)
        if seats is None:
            seats = self.found[number] = allowed_new_seats(
                self.tables[number], between_blinds_allowed=self.between_blinds_allowed
            )
        return seats

    def __iter__(self) -> Iterator[int]:
        return iter(self.tables)

    def __len__(self) -> int:
        return len(self.tables)

    def at_least(self, seats: int, counts: dict[int, int]) -> bool:
        """Return whether the tables have ``seats`` allowed seats or more, looking at the
        tables with the fewest players first and stopping once there are enough."""
        found = 0
        for number in sorted(counts, key=counts.__getitem__):
            found += len(self[number])
            if found >= seats:
                return True
        return False


def tables_to_break(tables: Sequence[Table], size: int) -> int:
    """Return how many tables can close now: as long as the players fit in one table fewer.

    >>> tables_to_break([Table(n, 9, {1: "a", 2: "b", 3: "c"}) for n in (1, 2, 3, 4)], 9)
    2
    """
    players = sum(len(table.players) for table in tables)
    needed = max(1, math.ceil(players / size))
    return max(0, len(tables) - needed)


def break_moves(
    tables: Sequence[Table], breaking: int, *, rng: random.Random, between_blinds_allowed: bool
) -> list[Move]:
    """Seat the players of table ``breaking`` in the other tables' open seats.

    TBL-BREAK-SEATING (TDA 9 + Add.9, LFP 6.11, GM 24°, BAN/TABLE); which table breaks is the
    caller's (TBL-BREAK-ORDER). The tables stay balanced: each seat to fill goes to the table with
    the fewest players counting those already given (ties drawn), and a table's seats are drawn
    among its allowed ones (``allowed_new_seats``: with ``between_blinds_allowed`` False, never
    between the small blind and the button, TDA 9). Then the two-step draw of TDA Add.9 (EX-65):
    the seat cards are shuffled face down and stacked; each player is dealt one playing card face
    up from a shuffled deck; the highest card takes the top seat card, and so on (``card_order``).
    The card is kept in ``Move.card``. A player may land on the button, the small blind or the big
    blind (TDA 9; LFP 6.11 and BAN/TABLE: even a second time in a row). Moves come in draw order.

    Raises ValueError when ``breaking`` is not among ``tables`` or its players do not fit.

    >>> tables = [Table(1, 9, {1: "a", 2: "b"}), Table(2, 9, {3: "c"}), Table(3, 9, {2: "d"})]
    >>> moves = break_moves(tables, 3, rng=random.Random(5), between_blinds_allowed=True)
    >>> [(move.entry, move.to_table, move.card) for move in moves]
    [('d', 2, 'Qc')]
    """
    broken = next((table for table in tables if table.number == breaking), None)
    if broken is None:
        raise ValueError(f"table {breaking} is not open; it cannot break")
    others = [table for table in tables if table.number != breaking]
    counts = {table.number: len(table.players) for table in others}
    # Each table's allowed seats are worked out when first needed: the fewest players first.
    preferred = _AllowedSeats(others, between_blinds_allowed=between_blinds_allowed)
    # TDA 9 gives no seat between the small blind and the button. When every seat is needed,
    # those seats take the overflow only, and their players wait for the button to pass
    # (LFP 6.12, GM 24°): a table is never left unbroken for want of one seat.
    last_resort: dict[int, list[int]] = {table.number: [] for table in others}
    if not preferred.at_least(len(broken.players), counts):
        if not between_blinds_allowed:
            for table in others:
                every = allowed_new_seats(table, between_blinds_allowed=True)
                last_resort[table.number] = [s for s in every if s not in preferred[table.number]]
        capacity = {n: len(preferred[n]) + len(last_resort[n]) for n in preferred}
        if sum(capacity.values()) < len(broken.players):
            raise ValueError(
                f"the {len(broken.players)} players of table {breaking} do not fit the open "
                "seats of the other tables (TBL-BREAK-SEATING)"
            )
    # Which seats to fill: one at a time at a table with the fewest players, the preferred seats
    # first, so that the last-resort seats take exactly the overflow.
    taken = dict.fromkeys(counts, 0)
    extra = dict.fromkeys(counts, 0)
    seats: Mapping[int, list[int]] = preferred
    pool = taken
    fewest_first = _Fewest(counts, seats)
    for _ in broken.players:
        if not fewest_first.tables and pool is taken:  # the preferred seats are all given
            seats, pool = last_resort, extra
            fewest_first = _Fewest(counts, seats)
        number = rng.choice(fewest_first.tables)
        counts[number] += 1
        pool[number] += 1
        fewest_first.filled(number, still_open=pool[number] < len(seats[number]))
    seat_cards: list[tuple[int, int]] = []
    for number in sorted(taken):
        if not taken[number] and not extra[number]:
            continue  # no seat drawn here (most tables of a big field): no draw, no randomness
        chosen = rng.sample(preferred[number], taken[number])
        chosen += rng.sample(last_resort[number], extra[number])
        seat_cards.extend((number, seat) for seat in sorted(chosen))
    rng.shuffle(seat_cards)  # TDA Add.9: scrambled face down and stacked
    deck = Deck.shuffled(rng)
    cards = {entry: deck.deal()[0] for entry in broken.players.values()}
    return [
        Move(
            entry, breaking, broken.seat_of(entry), table, seat, MoveReason.BREAK, str(cards[entry])
        )
        for entry, (table, seat) in zip(card_order(cards), seat_cards, strict=True)
    ]


def card_order(cards: Mapping[str, Card]) -> list[str]:
    """Return the entries by the card each drew, highest first: who takes the first seat card.

    TBL-BREAK-SEATING (TDA Add.9, EX-65): the highest card takes the first seat card. Equal ranks
    are broken by suit, spades > hearts > diamonds > clubs, as the later English edition says (the
    French text is silent). Two equal cards, which one deck cannot deal, keep the given order.

    >>> card_order({"P1": Card.parse("Kd"), "P2": Card.parse("Ks"), "P3": Card.parse("7c")})
    ['P2', 'P1', 'P3']
    """

    def strength(entry: str) -> tuple[int, int]:
        card = cards[entry]
        return card.rank, card.suit.order

    return sorted(cards, key=strength, reverse=True)


# -- final table and redraws ---------------------------------------------------------------------


def final_table_size(size: int, rule: str) -> int:
    """Return how many players the final table seats (TBL-FINAL-SIZE: TDA 11).

    ``rule`` is ``"table-size-plus-one"`` (TDA 11: a full table plus one, never more than 10; a
    table of 10 or more stays as it is) or ``"table-size"``.

    Raises ValueError for an unknown rule or a table below 2 seats.

    >>> final_table_size(9, "table-size-plus-one"), final_table_size(9, "table-size")
    (10, 9)
    """
    if size < 2:
        raise ValueError(f"a table of {size} seat(s) cannot be the final table")
    try:
        chosen = FinalTableSize(rule)
    except ValueError:
        known = ", ".join(repr(value.value) for value in FinalTableSize)
        raise ValueError(f"unknown final-table size rule {rule!r}; one of {known}") from None
    if chosen is FinalTableSize.TABLE_SIZE_PLUS_ONE and size < 10:
        return size + 1
    return size


def redraw(
    entries: Sequence[str],
    table_numbers: Sequence[int],
    size: int,
    rng: random.Random,
    *,
    current: Sequence[Table] = (),
) -> list[Move]:
    """Redraw the seats of ``entries`` at tables ``table_numbers`` of ``size`` seats.

    SEAT-REDRAW (LFP 1.5, GM 25°b) and DAY-REDRAW (LFP 1.5), built on ``draw_seats``. Every entry
    gets a move, even one who draws his own seat again, so the draw is on record. ``current``
    gives where the entries sit now (``from_table`` and ``from_seat`` are 0 for one not seated).
    The reason is ``"final-table"`` for a draw to a single table, else ``"redraw"``. The tables
    then play a first hand again, with a first button drawn (SEAT-FIRST-BUTTON).

    Raises ValueError as ``draw_seats`` does.

    >>> now = [Table(1, 9, {1: "a"}), Table(2, 9, {4: "b"})]
    >>> [(m.entry, m.from_table, m.to_table, m.reason)
    ...  for m in redraw(["a", "b"], [1], 10, random.Random(2), current=now)]
    [('a', 1, 1, 'final-table'), ('b', 2, 1, 'final-table')]
    """
    where = {
        entry: (table.number, seat) for table in current for seat, entry in table.players.items()
    }
    reason = MoveReason.FINAL_TABLE if len(table_numbers) == 1 else MoveReason.REDRAW
    draw = draw_seats(entries, table_numbers, size, rng)
    return [
        Move(entry, *where.get(entry, (0, 0)), *draw[entry], reason=reason) for entry in entries
    ]


def redraw_due(tables_left: int, entrants: int, rule: str) -> bool:
    """Return whether every seat is redrawn now that ``tables_left`` tables are left.

    SEAT-REDRAW: ``"none"`` never (TDA 9 redraws only a broken table's players); ``"final-table"``
    when one table is left (LFP 1.5); ``"by-field-size"`` (GM 25°b): 100 entrants or more at 3, 2
    and 1 tables left, "more than 50" (51 to 99) at 2 and 1, 50 or fewer never. Call it when the
    count of tables drops.

    Raises ValueError for an unknown rule.

    >>> redraw_due(3, 120, "by-field-size"), redraw_due(3, 80, "by-field-size")
    (True, False)
    """
    try:
        chosen = Redraws(rule)
    except ValueError:
        known = ", ".join(repr(value.value) for value in Redraws)
        raise ValueError(f"unknown redraw rule {rule!r}; one of {known}") from None
    if chosen is Redraws.FINAL_TABLE:
        return tables_left == 1
    if chosen is Redraws.BY_FIELD_SIZE:
        if entrants >= 100:
            return tables_left in (1, 2, 3)
        # SEAT-REDRAW: GM 25°b, "moins de 100 participants mais avec plus de 50": 51 to 99.
        return entrants > 50 and tables_left in (1, 2)
    return False


# -- applying moves ------------------------------------------------------------------------------


def apply_moves(tables: Sequence[Table], moves: Sequence[Move]) -> list[Table]:
    """Return the tables once ``moves`` are made, in the same order.

    Every mover leaves his seat before anyone sits down, so moves may swap seats (a redraw). A
    moved player is new at his table (BTN-NEW-PLAYER). A table that receives a redraw starts again
    before a first hand (SEAT-FIRST-BUTTON). A broken table stays in the list, empty.

    Raises ValueError when a move names a seat that does not hold its entry, a table that is not
    in ``tables``, or a taken seat.

    >>> tables = [Table(1, 9, {1: "a", 2: "b"}), Table(2, 9, {3: "c"})]
    >>> apply_moves(tables, [Move("b", 1, 2, 2, 5, "balance")])[1]
    Table(number=2, size=9, players={3: 'c', 5: 'b'}, newcomers=frozenset([5]))
    """
    layout = {table.number: table for table in tables}
    missing = {m.to_table for m in moves} | {m.from_table for m in moves if m.from_table}
    if missing - layout.keys():
        raise ValueError(f"table {min(missing - layout.keys())} is not among the tables")
    return list(_moved(layout, moves).values())


def _moved(layout: Mapping[int, Table], moves: Sequence[Move]) -> dict[int, Table]:
    result = dict(layout)
    for move in moves:
        if not move.from_table:
            continue
        table = result[move.from_table]
        if table.players.get(move.from_seat) != move.entry:
            raise ValueError(
                f"entry {move.entry!r} does not sit in seat {move.from_seat} of table"
                f" {move.from_table}"
            )
        result[move.from_table] = table.without_player(move.from_seat)
    for move in moves:
        table = result[move.to_table]
        if move.reason in (MoveReason.REDRAW, MoveReason.FINAL_TABLE):
            table = replace(table, last_hand=None)
        result[move.to_table] = table.with_player(move.to_seat, move.entry)
    return result
