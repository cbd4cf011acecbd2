"""The hand a tournament deals at one of its tables, in the engine's terms: who sits where, their
stacks, the button, the blinds and antes (in a stud game the ante, the bring-in and the limits),
whose hands are killed, the smallest chip.

``plan_hand(state, started)`` reads it from the tournament's state once ``StartHand`` has started
the hand; the live table (``pokertd.table``) and the simulator (``pokertd.sim``) both deal from it,
so a hand is set up the same way wherever it is played.

Seats are physical (from 1, the tournament's numbering); players are engine indices (from 0, PHH
order: player 0 sits left of the button). ``HandPlan.seats[player]`` and
``HandPlan.entries[player]`` translate one way, ``HandPlan.player_at(seat)`` the other: this is
the one mapping between the two numberings, and they are never mixed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pokertd.cards import Deck
from pokertd.engine import Hand
from pokertd.engine.games import find_game
from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.rules import Profile
from pokertd.tournament import events
from pokertd.tournament.rotation import is_stud_game
from pokertd.tournament.seating import Blinds, NextHand, engine_order
from pokertd.tournament.state import TournamentState
from pokertd.tournament.structure import Level, stud_bets


@dataclass(frozen=True, slots=True, kw_only=True)
class HandPlan:
    """One hand at one table as the tournament deals it (players in engine order).

    A stud hand (``bring_in`` above 0) posts no blind: ``blinds`` are the level's, read for
    nothing but the table's bet sizes, every ``blind_posts`` is 0, ``ante`` is everyone's stud
    ante, ``limits`` the small and big bets, and ``positions`` name the frozen button alone
    (TBL-MIXED-BUTTON: TDA 10B). The two fields stud added are last and default to a hand with
    blinds, so a plan stored before reads as it was.
    """

    table: int
    hand: int
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
    bring_in: int = 0  # a stud hand's bring-in; 0: a game with blinds
    limits: tuple[int, int] | None = None  # a stud hand's small and big bets

    def player_at(self, seat: int) -> int | None:
        """Return the engine player in ``seat``, None if the seat is not dealt in."""
        try:
            return self.seats.index(seat)
        except ValueError:
            return None

    def create_hand(
        self, profile: Profile, *, deck: Deck | None = None, rng: random.Random | None = None
    ) -> Hand:
        """Start the engine hand of this plan: dealt from ``deck`` (in its order) or drawn from
        ``rng``, else with every card entered by the dealer.

        Raises ParseError for a stud plan without its bring-in and limits (the engine's
        refusal names them).
        """
        is_stud = not find_game(self.game).has_button
        return Hand.create(
            game=self.game,
            profile=profile,
            stacks=self.stacks,
            blinds=None if is_stud else self.blinds,
            ante=self.ante,
            button=self.button,
            deal="auto" if deck is not None or rng is not None else "entered",
            deck=deck,
            rng=rng,
            blind_posts=None if is_stud else self.blind_posts,
            limits=self.limits,
            chip_unit=self.chip_unit,
            absent=self.absent,
            is_final_heads_up=self.is_final_heads_up,
            bring_in=self.bring_in if is_stud else None,
        )


def plan_hand(state: TournamentState, started: events.HandStarted) -> HandPlan:
    """Return the hand ``started`` announces, from the tournament's ``state`` as it started it.

    >>> import datetime, random
    >>> from pokertd.tournament import commands
    >>> from pokertd.tournament.aggregate import Tournament
    >>> from pokertd.tournament.structure import template
    >>> now = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> tournament, rng = Tournament(), random.Random(1)
    >>> def do(command):
    ...     new = tournament.handle(command, now, rng)
    ...     tournament.apply(new)
    ...     return new
    >>> _ = do(commands.CreateTournament("Friday", template("turbo").to_dict()))
    >>> for name in ("Ann", "Bob", "Cyd"):
    ...     _ = do(commands.Register(name))
    >>> _ = do(commands.DrawSeats())
    >>> for entry in (1, 2, 3):
    ...     _ = do(commands.CheckIn(entry))
    >>> _ = do(commands.StartClock())
    >>> started = next(e for e in do(commands.StartHand(1)) if e.name == "hand-started")
    >>> plan = plan_hand(tournament.state, started)
    >>> sorted(plan.names), plan.blinds, plan.player_at(plan.seats[2])
    (['Ann', 'Bob', 'Cyd'], (100, 200), 2)
    """
    assert state.structure is not None
    table = state.tables[started.table]
    level = state.structure.items[started.item]
    if not isinstance(level, Level):  # pragma: no cover - StartHand refuses a break
        raise ParseError(
            message("item {item} of the structure is a break, not a level", item=started.item)
        )
    blinds = Blinds(started.button, started.small_blind, started.big_blind)
    heads_up = len(started.dealt) == 2
    upcoming = NextHand(blinds, started.dealt, started.sitting_out, heads_up)
    order = engine_order(table, upcoming)
    entries = tuple(int(entry) for entry in order.entries)
    denominations = state.structure.denominations_at(started.item)
    # Odd chips go by the smallest chip in play (POT-ODD-CHIP: TDA 20).
    chip_unit = min(denominations) if denominations else 1
    level_blinds = (level.small_blind, level.big_blind)
    if is_stud_game(level.game):
        # TBL-MIXED-BUTTON (TDA 10B): no blind, the button frozen, the cards dealt from the seat
        # left of it; the level gives the ante, the bring-in and the limits (``stud_bets``).
        ante, bring_in, limits = stud_bets(level, chip_unit)
        blind_posts: tuple[int, ...] = (0,) * len(entries)
        positions = (started.button, 0, 0)
    else:
        ante, bring_in, limits = level.ante, 0, None
        # BTN-DEAD-BUTTON (TDA 32, LFP 6.3-6.5), BTN-MISSING-SB (LFP 6.17): the blinds are
        # posted by seat as the tournament placed them, a missing small blind included.
        blind_posts = order.blind_posts(level_blinds)
        positions = (started.button, started.small_blind, started.big_blind)
    return HandPlan(
        table=started.table,
        hand=started.hand,
        game=level.game,
        level=state.structure.level_number(started.item),
        seats=order.seats,
        entries=entries,
        names=tuple(state.entries[entry].player for entry in entries),
        stacks=tuple(state.entries[entry].stack or 0 for entry in entries),
        blinds=level_blinds,
        ante=ante,
        button=order.button,
        blind_posts=blind_posts,
        # ABS-DEAD-HAND (TDA 30, LFP 2.15), PEN-SERVING (TDA 71C): absent and penalised players
        # are dealt in, post, and have their hands killed; in stud an absent player dealt the
        # bring-in card pays it (STUD-BRINGIN-ABSENT: TDA 30, 71C; the engine's).
        absent=tuple(entries.index(entry) for entry in started.killed if entry in entries),
        chip_unit=chip_unit,
        # BET-RAISE-CAP (TDA 52): the limit cap may be lifted when two players are left (the
        # count of the field is only taken when this hand is heads-up).
        is_final_heads_up=heads_up and state.active_count == 2,
        positions=positions,
        sitting_out=started.sitting_out,
        bring_in=bring_in,
        limits=limits,
    )
