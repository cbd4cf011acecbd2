"""Who is button, small blind and big blind at a table next hand, under the dead-button rule.

A ``Table`` knows its occupied seats and the positions of the hand it last played; ``next_hand``
works out the next hand's positions and who is dealt in, and ``engine_order`` turns them into the
player order, button and blind posts that ``pokertd.engine.Hand.create`` takes. Seats are
numbered from 1 clockwise; engine players from 0 (PHH order, player 0 left of the button).

BTN-DEAD-BUTTON (TDA 32, LFP 6.3-6.5, GM 6°, BAN/TABLE): the big blind moves to the next occupied
seat clockwise, the small blind is the seat that was big blind, the button the seat that was
small blind, whether or not those seats are still occupied.

>>> table = Table(1, 9, {2: "ann", 4: "bob", 5: "cyd", 6: "dan"}, last_hand=Blinds(2, 3, 4))
>>> upcoming = next_hand(table)  # S3 busted: dead button on S3, bob posts the small blind
>>> upcoming.blinds, upcoming.dealt
(Blinds(button=3, small_blind=4, big_blind=5), (4, 5, 6, 2))
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = [
    "Blinds",
    "EngineSeating",
    "NextHand",
    "Table",
    "engine_order",
    "next_hand",
    "seats_between_button_and_small_blind",
]


@dataclass(frozen=True, slots=True)
class Blinds:
    """The positions of one hand at a table, by seat number.

    The button seat may be empty (a dead button: BTN-DEAD-BUTTON) and so may the small blind seat
    (no small blind is posted: BTN-MISSING-SB). The seat is kept even when it is empty, because the
    next hand's button is this hand's small blind seat (BTN-RIGHT-TO-BUTTON: LFP 6.5; EX-62).
    Heads-up the button posts the small blind, so the two are the same seat (BTN-HU-ORDER).

    Raises ValueError when a seat is below 1 or the big blind shares a seat with another position.

    >>> Blinds(button=3, small_blind=4, big_blind=6)
    Blinds(button=3, small_blind=4, big_blind=6)
    >>> Blinds(5, 5, 2).is_heads_up
    True
    """

    button: int
    small_blind: int
    big_blind: int

    def __post_init__(self) -> None:
        if min(self.button, self.small_blind, self.big_blind) < 1:
            raise ValueError(f"seats are numbered from 1: {self!r}")
        if self.big_blind in (self.button, self.small_blind):
            raise ValueError(f"the big blind cannot share a seat with the button or SB: {self!r}")

    @property
    def is_heads_up(self) -> bool:
        """Return whether the button posts the small blind (a heads-up hand: BTN-HU-ORDER)."""
        return self.button == self.small_blind


_NOBODY: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Table:
    """One table: its seats, who sits where, and what the next hand needs to know.

    ``players`` maps occupied seats (1 to ``size``) to entry ids. ``last_hand`` holds the
    positions of the hand last played (None before the first hand). ``newcomers`` are the seats
    taken since that hand by players new to the table (drawn, moved, late: BTN-NEW-PLAYER), and
    ``waiting_for_big_blind`` the seats whose player waits until the big blind reaches him
    (SEAT-LATE-POSITION: GM 43°).

    Raises ValueError for a seat outside the table, an entry seated twice, or a newcomer or
    waiting seat nobody sits in.

    >>> table = Table(3, 9, {1: "ann", 5: "bob"})
    >>> table.with_player(7, "cyd").players[7], table.empty_seats()[:3]
    ('cyd', [2, 3, 4])
    >>> table
    Table(number=3, size=9, players={1: 'ann', 5: 'bob'})
    """

    number: int
    size: int
    players: Mapping[int, str]
    last_hand: Blinds | None = None
    newcomers: frozenset[int] = frozenset()
    waiting_for_big_blind: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        players = dict(sorted(self.players.items()))
        set_field = object.__setattr__
        set_field(self, "players", MappingProxyType(players))
        set_field(self, "newcomers", frozenset(self.newcomers))
        set_field(self, "waiting_for_big_blind", frozenset(self.waiting_for_big_blind))
        if self.size < 2:
            raise ValueError(f"table {self.number} has {self.size} seats; a table seats 2 or more")
        outside = [seat for seat in players if not 1 <= seat <= self.size]
        if self.last_hand is not None:
            last = self.last_hand
            outside += [s for s in (last.button, last.small_blind, last.big_blind) if s > self.size]
        if outside:
            raise ValueError(f"table {self.number} has no seat {outside[0]} (seats 1-{self.size})")
        if len(set(players.values())) != len(players):
            raise ValueError(f"table {self.number} seats an entry twice: {players!r}")
        stray = (self.newcomers | self.waiting_for_big_blind) - players.keys()
        if stray:
            raise ValueError(f"table {self.number} marks empty seat {min(stray)} as a player's")

    def __hash__(self) -> int:
        players = frozenset(self.players.items())
        return hash((self.number, self.size, players, self.last_hand, self.newcomers))

    def __repr__(self) -> str:
        text = f"Table(number={self.number}, size={self.size}, players={dict(self.players)!r}"
        if self.last_hand is not None:
            text += f", last_hand={self.last_hand!r}"
        if self.newcomers:
            text += f", newcomers=frozenset({sorted(self.newcomers)!r})"
        if self.waiting_for_big_blind:
            text += f", waiting_for_big_blind=frozenset({sorted(self.waiting_for_big_blind)!r})"
        return text + ")"

    def empty_seats(self) -> list[int]:
        """Return the empty seats in seat order.

        >>> Table(1, 4, {2: "ann"}).empty_seats()
        [1, 3, 4]
        """
        return [seat for seat in range(1, self.size + 1) if seat not in self.players]

    def seat_of(self, entry: str) -> int:
        """Return the seat of an entry.

        Raises ValueError when the entry does not sit at this table.

        >>> Table(1, 9, {2: "ann", 6: "bob"}).seat_of("bob")
        6
        """
        for seat, player in self.players.items():
            if player == entry:
                return seat
        raise ValueError(f"entry {entry!r} does not sit at table {self.number}")

    def with_player(
        self, seat: int, entry: str, *, newcomer: bool = True, waiting_for_big_blind: bool = False
    ) -> Table:
        """Return the table with ``entry`` seated in ``seat``.

        ``newcomer`` marks a player new to the table (BTN-NEW-PLAYER); ``waiting_for_big_blind``
        a late entrant who waits for the big blind (SEAT-LATE-POSITION: GM 43°).
        Raises ValueError when the seat is taken or outside the table, or the entry sits here.

        >>> Table(1, 9, {}).with_player(4, "ann").newcomers
        frozenset({4})
        """
        if seat in self.players:
            raise ValueError(
                f"seat {seat} of table {self.number} is taken by {self.players[seat]!r}"
            )
        if entry in self.players.values():
            raise ValueError(f"entry {entry!r} already sits at table {self.number}")
        newcomers, waiting = self.newcomers, self.waiting_for_big_blind
        players = {**self.players, seat: entry}
        return Table(
            self.number,
            self.size,
            players,
            self.last_hand,
            newcomers | {seat} if newcomer else newcomers,
            waiting | {seat} if waiting_for_big_blind else waiting,
        )

    def without_player(self, seat: int) -> Table:
        """Return the table with ``seat`` emptied (a bust-out, a move).

        Raises ValueError when nobody sits there.

        >>> Table(1, 9, {2: "ann", 6: "bob"}).without_player(2).players
        mappingproxy({6: 'bob'})
        """
        if seat not in self.players:
            raise ValueError(f"seat {seat} of table {self.number} is empty")
        players = {s: entry for s, entry in self.players.items() if s != seat}
        waiting = self.waiting_for_big_blind - {seat}
        return Table(
            self.number, self.size, players, self.last_hand, self.newcomers - {seat}, waiting
        )

    def after_hand(self, blinds: Blinds) -> Table:
        """Return the table once a hand with these positions has been played.

        Nobody is new to the table any more, and a player who waited for the big blind and got it
        waits no longer (SEAT-LATE-POSITION: GM 43°).

        >>> table = Table(1, 9, {2: "ann", 4: "bob", 6: "cyd"}, newcomers=frozenset({4}))
        >>> table.after_hand(Blinds(2, 4, 6)).newcomers
        frozenset()
        """
        waiting = self.waiting_for_big_blind - {blinds.big_blind}
        if max(blinds.button, blinds.small_blind, blinds.big_blind) > self.size:
            return Table(self.number, self.size, self.players, blinds, frozenset(), waiting)
        # The seats are this table's, already checked: only the positions are new (checked just
        # above), and every hand makes one of these.
        table = object.__new__(Table)
        for name, value in (
            ("number", self.number),
            ("size", self.size),
            ("players", self.players),
            ("last_hand", blinds),
            ("newcomers", _NOBODY),
            ("waiting_for_big_blind", waiting),
        ):
            object.__setattr__(table, name, value)
        return table


@dataclass(frozen=True, slots=True)
class NextHand:
    """The positions of the next hand at a table and who is dealt in.

    ``dealt`` are the seats dealt in, clockwise from the seat left of the button seat, so the last
    one acts last after the flop. ``sitting_out`` are occupied seats not dealt in: a newcomer
    between the button and the small blind (BTN-NEW-PLAYER: LFP 6.12) or a late entrant waiting
    for the big blind (GM 43°).

    >>> upcoming = NextHand(Blinds(3, 4, 6), dealt=(6, 1, 3), sitting_out=(), is_heads_up=False)
    >>> upcoming.has_small_blind, upcoming.is_button_dead
    (False, False)
    """

    blinds: Blinds
    dealt: tuple[int, ...]
    sitting_out: tuple[int, ...]
    is_heads_up: bool

    @property
    def has_small_blind(self) -> bool:
        """Return whether a small blind is posted (BTN-MISSING-SB: not from an empty seat)."""
        return self.blinds.small_blind in self.dealt

    @property
    def is_button_dead(self) -> bool:
        """Return whether nobody dealt in sits on the button seat (BTN-MISSING-BUTTON)."""
        return self.blinds.button not in self.dealt


def next_hand(
    table: Table,
    *,
    initial_button: int | None = None,
    newcomer_between_blinds_sits_out: bool = True,
) -> NextHand:
    """Return the positions of the next hand at ``table`` and who is dealt in.

    Before the first hand the button is ``initial_button`` (SEAT-FIRST-BUTTON), moved clockwise to
    the next occupied seat if that seat is empty, and the blinds are the next two occupied seats.
    Afterwards the dead-button rule applies (BTN-DEAD-BUTTON: TDA 32, LFP 6.3-6.5, GM 6°): the big
    blind moves to the next occupied seat clockwise of the last big blind, the small blind is the
    last big blind's seat (posted only if a player there is dealt in: BTN-MISSING-SB, LFP 6.17)
    and the button is the last small blind's seat, dead if empty (BTN-RIGHT-TO-BUTTON: LFP 6.5;
    BTN-MISSING-BUTTON: LFP 6.18).

    New players (BTN-NEW-PLAYER: LFP 6.12-6.16, BAN/TABLE, GM 24°): a newcomer strictly between
    the button seat and the small blind seat sits out this hand when
    ``newcomer_between_blinds_sits_out`` (LFP 6.12; TDA 7A, 9 never assign that seat). Every other
    newcomer plays at once: in the eliminated big blind's seat he posts the small blind (LFP 6.14),
    in the eliminated small blind's seat he is on the button (LFP 6.15), and where the big blind
    lands he posts it (TDA 10A allows a big blind twice in a row). A late entrant waiting for the
    big blind (GM 43°) sits out until the big blind reaches his seat.

    Heads-up (two players dealt in: BTN-HU-ORDER, BTN-HU-TRANSITION: TDA 34, LFP 6.19-6.20, GM 35°)
    the big blind still moves to the next occupied seat clockwise of the last big blind, and the
    other player is the button and posts the small blind: nobody is big blind twice in a row, and
    the button may stay with the same player, as LFP 6.20 accepts.

    Where the books are silent: a hand needs two players, so when sitting out would leave fewer
    than two, everyone seated is dealt in; after a heads-up hand, if the big blind lands on the
    last button (a third player arrived between the two), the button is the seat just
    counter-clockwise of the small blind, so that it never shares the big blind's seat.

    Raises ValueError with fewer than two players seated, or before the first hand without an
    initial button.

    >>> table = Table(1, 9, {1: "a", 2: "b", 3: "c", 4: "d"})
    >>> next_hand(table, initial_button=9).blinds  # seat 9 is empty: seat 1 gets the button
    Blinds(button=1, small_blind=2, big_blind=3)
    >>> next_hand(table.after_hand(Blinds(1, 2, 3)).without_player(3)).blinds
    Blinds(button=2, small_blind=3, big_blind=4)
    """
    if len(table.players) < 2:
        raise ValueError(
            f"table {table.number} seats {len(table.players)} player(s); a hand needs two"
        )
    button, small_blind, big_blind = _ring(table, initial_button)
    # Who sits out: a waiting late entrant until the big blind reaches him (GM 43°); a newcomer
    # between the button and the small blind for one hand (BTN-NEW-PLAYER: LFP 6.12). The big
    # blind never skips a player, so the seat it lands on always plays.
    sitting_out = table.waiting_for_big_blind - {big_blind}
    if table.last_hand is not None and newcomer_between_blinds_sits_out:
        zone = _strictly_between(button, small_blind, table.size)
        sitting_out |= {seat for seat in table.newcomers if seat in zone and seat != big_blind}
    if len(table.players) - len(sitting_out) < 2:
        sitting_out = frozenset()  # a hand needs two players (the books are silent)
    seated = table.players.keys() - sitting_out
    dealt = [seat for seat in _clockwise_after(button, table.size) if seat in seated]
    if len(dealt) == 2:
        # BTN-HU-TRANSITION (TDA 34, LFP 6.20): the big blind advances, the other player is the
        # button and posts the small blind (BTN-HU-ORDER).
        button = small_blind = dealt[0] if dealt[1] == big_blind else dealt[1]
        dealt = [big_blind, button]
    order = _clockwise_after(button, table.size)
    return NextHand(
        Blinds(button, small_blind, big_blind),
        tuple(dealt),
        tuple(sorted(sitting_out, key=order.index)) if sitting_out else (),
        is_heads_up=len(dealt) == 2,
    )


def seats_between_button_and_small_blind(table: Table) -> list[int]:
    """Return the seats strictly between the next hand's button and small blind, clockwise.

    A newcomer there sits out one hand (BTN-NEW-PLAYER: LFP 6.12) or is never seated there at all
    (TDA 7A, 9: SEAT-LATE-POSITION, TBL-BREAK-SEATING). Empty before the first hand: every player
    is new then and the blinds are set by the first button. The positions do not depend on whether
    these seats are filled, so seating a newcomer there leaves them where they are.

    >>> table = Table(1, 9, {3: "a", 4: "b", 6: "c"}, last_hand=Blinds(3, 4, 6))
    >>> seats_between_button_and_small_blind(table)  # next hand: button S4, small blind S6
    [5]
    """
    if table.last_hand is None:
        return []
    button, small_blind, _ = _ring(table, None)
    return _strictly_between(button, small_blind, table.size)


@dataclass(frozen=True, slots=True)
class EngineSeating:
    """The next hand in the engine's terms: players from 0, as ``Hand.create`` numbers them.

    ``seats`` and ``entries`` give each engine player's seat and entry: player 0 sits left of the
    button seat, as PHH orders players. ``button`` is the engine index of the player who acts
    last after the flop; ``small_blind`` and ``big_blind`` are the engine indices of the blinds
    (``small_blind`` is None when no small blind is posted: BTN-MISSING-SB; heads-up it is the
    button: BTN-HU-ORDER).

    >>> seating = EngineSeating((4, 5, 2), ("bob", "cyd", "ann"), button=2, small_blind=0,
    ...                         big_blind=1)
    >>> seating.blind_posts((50, 100))
    (50, 100, 0)
    """

    seats: tuple[int, ...]
    entries: tuple[str, ...]
    button: int
    small_blind: int | None
    big_blind: int

    def blind_posts(self, blinds: tuple[int, int]) -> tuple[int, ...]:
        """Return each engine player's blind, for ``Hand.create(blind_posts=...)``."""
        small, big = blinds
        posts = [0] * len(self.seats)
        if self.small_blind is not None:
            posts[self.small_blind] = small
        posts[self.big_blind] = big
        return tuple(posts)


def engine_order(table: Table, upcoming: NextHand) -> EngineSeating:
    """Return what ``pokertd.engine.Hand.create`` needs to play ``upcoming`` at ``table``.

    Pass ``button=seating.button`` and ``blind_posts=seating.blind_posts(blinds)``, with stacks in
    the order of ``seating.entries``. The engine button is the dealt player at or closest
    counter-clockwise of the button seat, who acts last after the flop even when the button is
    dead (BTN-MISSING-BUTTON: LFP 6.18).

    Raises ValueError when a dealt seat is empty.

    >>> table = Table(1, 9, {2: "ann", 4: "bob", 5: "cyd"}, last_hand=Blinds(2, 3, 4))
    >>> engine_order(table, next_hand(table))  # dead button on S3: ann (S2) acts last
    EngineSeating(seats=(4, 5, 2), entries=('bob', 'cyd', 'ann'), button=2, small_blind=0, \
big_blind=1)
    """
    missing = [seat for seat in upcoming.dealt if seat not in table.players]
    if missing:
        raise ValueError(f"seat {missing[0]} of table {table.number} is dealt in but empty")
    seats = upcoming.dealt
    blinds = upcoming.blinds
    # ``dealt`` starts left of the button seat, so its last player is at or closest
    # counter-clockwise of it.
    small_blind = seats.index(blinds.small_blind) if upcoming.has_small_blind else None
    return EngineSeating(
        seats,
        tuple(table.players[seat] for seat in seats),
        button=len(seats) - 1,
        small_blind=small_blind,
        big_blind=seats.index(blinds.big_blind),
    )


# -- seats around the table ------------------------------------------------------------------


def _ring(table: Table, initial_button: int | None) -> tuple[int, int, int]:
    """Return the next hand's button, small blind and big blind seats as if three or more players
    were dealt in (with two, ``next_hand`` moves the button onto the small blind)."""
    last = table.last_hand
    if last is None:
        if initial_button is None:
            raise ValueError(
                f"table {table.number} plays its first hand: give its initial button"
                " (SEAT-FIRST-BUTTON)"
            )
        if not 1 <= initial_button <= table.size:
            raise ValueError(f"table {table.number} has no seat {initial_button} for the button")
        button = initial_button
        if button not in table.players:
            button = _next_occupied(table, initial_button)
        small_blind = _next_occupied(table, button)
        big_blind = _next_occupied(table, small_blind)
        if big_blind == button:  # two players: the button posts the small blind (BTN-HU-ORDER)
            return button, button, small_blind
        return button, small_blind, big_blind
    # BTN-DEAD-BUTTON (TDA 32, LFP 6.3, GM 6°): the big blind advances to the next occupied seat,
    # the small blind and the button stay on the seats the blinds held, occupied or not.
    small_blind = last.big_blind
    big_blind = _next_occupied(table, small_blind)
    button = last.small_blind
    if button == big_blind:  # after a heads-up hand, see next_hand
        button = _after(small_blind, table.size, -1)
    return button, small_blind, big_blind


def _after(seat: int, size: int, steps: int = 1) -> int:
    return (seat - 1 + steps) % size + 1


@functools.cache
def _clockwise_after(seat: int, size: int) -> tuple[int, ...]:
    """Return every seat once, clockwise from the seat left of ``seat``, ending with ``seat``
    (worked out once per seat and table size: every hand asks it)."""
    return tuple(_after(seat, size, steps) for steps in range(1, size + 1))


def _next_occupied(table: Table, seat: int) -> int:
    """Return the first occupied seat clockwise after ``seat``: ``seat`` itself if nobody else
    sits at the table, the seat after it if the table is empty."""
    for candidate in _clockwise_after(seat, table.size):
        if candidate in table.players:
            return candidate
    return _after(seat, table.size)


def _strictly_between(start: int, end: int, size: int) -> list[int]:
    """Return the seats after ``start`` and before ``end``, clockwise."""
    return [_after(start, size, steps) for steps in range(1, (end - start) % size)]
