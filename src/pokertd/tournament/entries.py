"""Entries: creating the tournament, registering, seating newcomers and re-entries, late
registration, presence, penalties and reported stacks. Entries leaving play are in
tournament/departures.py."""

from __future__ import annotations

import datetime

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.rules import (
    DEFAULT_PROFILE,
    PROFILE_IDS,
    FinalTableSize,
    InitialButton,
    Profile,
    load,
    load_data,
)
from pokertd.rules.penalties import Offence, PenaltyFact, PenaltyKind, penalty_fact
from pokertd.tournament import clock, commands, events, money_commands, moves, seating
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.handlers import Context, handles
from pokertd.tournament.money import MoneyRules
from pokertd.tournament.refusals import (
    find_entry,
    find_playing,
    refuse,
    require_out_of_hand,
    structure_of,
)
from pokertd.tournament.state import Entry, EntryStatus, TournamentState
from pokertd.tournament.structure import Structure


@handles(commands.CreateTournament)
def _create(
    state: TournamentState, command: commands.CreateTournament, ctx: Context
) -> list[TournamentEvent]:
    if state.created:
        raise refuse(message("the tournament already exists"))
    profile = _profile(command)
    structure = Structure.from_dict(command.structure)
    structure.validate()
    if not 2 <= command.table_size <= 10:
        raise ParseError(
            message("tables seat 2 to 10 players, not {table_size}", table_size=command.table_size)
        )
    until = _late_registration_until(command)
    money = _money(command, structure)
    levels = _late_levels(command, profile, money)
    _check_limits(command)
    created = [
        ctx.event(
            events.TournamentCreated,
            title=command.title,
            profile=profile.id,
            structure=structure.to_dict(),
            table_size=command.table_size,
            max_players=command.max_players,
            late_registration_levels=levels,
            break_order=command.break_order,
            late_registration_until=until,
            money=money,
            rules=profile.to_data(),
        )
    ]
    if command.reentries is None and not command.final_table:
        return created
    limits = ctx.event(
        events.TournamentLimitsSet, reentries=command.reentries, final_table=command.final_table
    )
    return [*created, limits]


def _check_limits(command: commands.CreateTournament) -> None:
    """The event's numbers: late levels, places, re-entries (BUY-REENTRY), final table
    (TBL-FINAL-SIZE) are not negative, the final table is one of the profile's readings."""
    if (command.late_registration_levels or 0) < 0:
        raise ParseError(message("late registration lasts 0 levels or more"))
    if command.max_players < 0:
        raise ParseError(message("the maximum number of players is 0 (no limit) or more"))
    if (command.reentries or 0) < 0:
        raise ParseError(message("the re-entries per player are 0 (none) or more"))
    if command.final_table and command.final_table not in set(FinalTableSize):
        raise ParseError(
            message(
                "the final table is 'table-size' or 'table-size-plus-one', not {size!r}",
                size=command.final_table,
            )
        )


def _profile(command: commands.CreateTournament) -> Profile:
    """The profile the event runs under: a house profile given resolved, else a shipped one."""
    if not command.rules:
        return load(command.profile)
    house = load_data(command.rules)
    if house.id in PROFILE_IDS:
        raise ParseError(
            message("a house profile needs its own id, not the shipped profile {id!r}", id=house.id)
        )
    if command.profile not in (DEFAULT_PROFILE, house.id):
        raise ParseError(
            message(
                "give the profile {profile!r} or the house profile {id!r}, not both",
                profile=command.profile,
                id=house.id,
            )
        )
    return house


def _late_levels(
    command: commands.CreateTournament, profile: Profile, money: dict[str, object]
) -> int:
    """SEAT-LATE-WINDOW: the levels given for the event, else the profile's; GM 43°: in an event
    with rebuys, registration closes when the rebuy period ends ("avec recave ... la période
    convenue"), not at the end of the freezeout's level 2."""
    if command.late_registration_levels is not None:
        return command.late_registration_levels
    rebuy_levels = money.get("rebuy_levels") if "rebuy" in money else None
    if profile.late_registration_ends_with_rebuys and isinstance(rebuy_levels, int):
        return rebuy_levels  # money.py checks that rebuys come with a period of 1 level or more
    return profile.late_registration_levels


@handles(commands.Register)
def _register(
    state: TournamentState, command: commands.Register, ctx: Context
) -> list[TournamentEvent]:
    if not command.player.strip():
        raise ParseError(message("a player needs a name"))
    if state.is_drawn:
        _check_late_registration(state, ctx)
    number, alternate = len(state.entries) + 1, _is_full(state)
    registered = ctx.event(
        events.PlayerRegistered,
        entry=number,
        player=command.player.strip(),
        contact=command.contact,
        is_alternate=alternate,
    )
    paid = money_commands.paid_on_entry(state, ctx, number, "buy-in") if command.paid else []
    here = [ctx.event(events.PlayerCheckedIn, entry=number)] if command.checked_in else []
    if not state.is_drawn or alternate:
        return [registered, *paid, *here]
    return [registered, *paid, *here, _seat_newcomer(state, ctx, number)]


@handles(commands.ArchiveTournament)
def _archive(
    state: TournamentState, command: commands.ArchiveTournament, ctx: Context
) -> list[TournamentEvent]:
    if state.archived == command.archived:
        if command.archived:
            raise refuse(message("the tournament is already archived"))
        raise refuse(message("the tournament is not archived"))
    return [ctx.event(events.TournamentArchived, archived=command.archived)]


@handles(commands.PayBuyIn)
def _pay_buy_in(
    state: TournamentState, command: commands.PayBuyIn, ctx: Context
) -> list[TournamentEvent]:
    """BUY-*: the buy-in of a player registered on a list, paid when he comes."""
    entry = find_entry(state, command.entry)
    if state.ledger.rules is None:
        raise refuse(message("this event takes no money"))
    if any(payment.entry == entry.number for payment in state.ledger.payments):
        raise refuse(message("entry {entry} has already paid", entry=entry.number))
    if entry.status not in (EntryStatus.REGISTERED, EntryStatus.ALTERNATE, EntryStatus.SEATED):
        raise refuse(message("entry {entry} is {status}", entry=entry.number, status=entry.status))
    if command.ticket:
        # SAT-TICKET: a ticket pays the whole buy-in, no more and no less (docs/judgements.md)
        total = state.ledger.rules.buy_in.total
        if command.ticket_value != total:
            raise refuse(
                message(
                    "ticket {ticket} is worth {value} cents, the buy-in {total}",
                    ticket=command.ticket,
                    value=command.ticket_value,
                    total=total,
                ),
                rule="SAT-TICKET",
            )
    return money_commands.paid_on_entry(state, ctx, entry.number, "buy-in", command.ticket)


def _is_full(state: TournamentState) -> bool:
    """Whether every place of the event is taken: before the draw, by registered players;
    after it, by players still in (a bust frees a place for an alternate)."""
    if not state.max_players:
        return False
    if state.is_drawn:
        return state.active_count >= state.max_players
    registered = [e for e in state.entries.values() if e.status is EntryStatus.REGISTERED]
    return len(registered) >= state.max_players


@handles(commands.Withdraw)
def _withdraw(
    state: TournamentState, command: commands.Withdraw, ctx: Context
) -> list[TournamentEvent]:
    entry = find_entry(state, command.entry)
    if entry.status not in (EntryStatus.REGISTERED, EntryStatus.ALTERNATE):
        raise refuse(
            message(
                "entry {entry} is {status}: only an unseated entry withdraws",
                entry=entry.number,
                status=entry.status,
            )
        )
    withdrawn = ctx.event(events.EntryWithdrawn, entry=entry.number)
    return [withdrawn, *money_commands.refund(state, ctx, entry.number)]


@handles(commands.CheckIn)
def _check_in(
    state: TournamentState, command: commands.CheckIn, ctx: Context
) -> list[TournamentEvent]:
    entry = find_entry(state, command.entry)
    if entry.status not in (EntryStatus.REGISTERED, EntryStatus.ALTERNATE, EntryStatus.SEATED):
        raise refuse(message("entry {entry} is {status}", entry=entry.number, status=entry.status))
    if entry.is_present:
        raise refuse(message("entry {entry} is already checked in", entry=entry.number))
    return [ctx.event(events.PlayerCheckedIn, entry=entry.number)]


@handles(commands.DrawSeats)
def _draw_seats(
    state: TournamentState, command: commands.DrawSeats, ctx: Context
) -> list[TournamentEvent]:
    if state.is_drawn:
        raise refuse(message("the seats are already drawn"), rule="SEAT-DRAW")
    entries = [e.number for e in state.entries.values() if e.status is EntryStatus.REGISTERED]
    alternates = [e.number for e in state.entries.values() if e.status is EntryStatus.ALTERNATE]
    if state.max_players:  # places freed by withdrawals go to alternates, first come first
        entries += alternates[: max(0, state.max_players - len(entries))]
    if len(entries) < 2:
        raise refuse(message("at least two registered players are needed to draw seats"))
    count = -(-len(entries) // state.table_size)
    tables = list(range(1, count + 1))
    drawn = seating.draw_seats([str(e) for e in entries], tables, state.table_size, ctx.rng)
    seats = tuple(sorted((int(entry), table, seat) for entry, (table, seat) in drawn.items()))
    occupied: dict[int, list[int]] = {table: [] for table in tables}
    for _, table, seat in seats:  # each table's seats, gathered in one pass over the draw
        occupied.setdefault(table, []).append(seat)
    buttons = tuple((table, _first_button(state, ctx, sorted(occupied[table]))) for table in tables)
    return [ctx.event(events.SeatsDrawn, seats=seats, buttons=buttons)]


def _first_button(state: TournamentState, ctx: Context, occupied: list[int]) -> int:
    """SEAT-FIRST-BUTTON: a card draw (LFP 2.1) among the ``occupied`` seats of a table (in
    seat order), or seat 1 (BAN/DONNE)."""
    if state.profile.initial_button is InitialButton.SEAT_ONE:
        return 1
    return ctx.rng.choice(occupied)


@handles(commands.SeatAlternate)
def _seat_alternate(
    state: TournamentState, command: commands.SeatAlternate, ctx: Context
) -> list[TournamentEvent]:
    entry = find_entry(state, command.entry)
    if entry.status is not EntryStatus.ALTERNATE:
        raise refuse(message("entry {entry} is not an alternate", entry=entry.number))
    if not state.is_drawn:
        raise refuse(message("alternates are seated once the seats are drawn"))
    _check_late_registration(state, ctx)
    if _is_full(state):
        raise refuse(
            message("every place is taken ({max_players} players)", max_players=state.max_players)
        )
    return [_seat_newcomer(state, ctx, entry.number)]


@handles(commands.ReEnter)
def _re_enter(
    state: TournamentState, command: commands.ReEnter, ctx: Context
) -> list[TournamentEvent]:
    entry = find_entry(state, command.entry)
    if entry.status not in (EntryStatus.BUSTED, EntryStatus.SEATED):
        raise refuse(
            message(
                "entry {entry} is {status}: it cannot re-enter",
                entry=entry.number,
                status=entry.status,
            )
        )
    again = next((e.number for e in state.entries.values() if e.reentry_of == entry.number), None)
    if again is not None:  # BUY-REENTRY (TDA 7A): a re-entry is a new entry, made once
        raise refuse(
            message(
                "entry {entry} already re-entered as #{again}", entry=entry.number, again=again
            ),
            rule="BUY-REENTRY",
        )
    # EVENT-LIVE-HAND: an active entry surrenders the chips the hand is playing for (TDA 7B)
    require_out_of_hand(state, entry)
    _check_late_registration(state, ctx, rule="BUY-REENTRY")
    made = _reentries_of(state, entry)
    if state.reentries is not None and made >= state.reentries:  # BUY-REENTRY (TDA 7A)
        raise refuse(
            message(
                "{player} has re-entered {made} times, the limit of this event ({limit})",
                player=entry.player,
                made=made,
                limit=state.reentries,
            ),
            rule="BUY-REENTRY",
        )
    number = len(state.entries) + 1
    registered = ctx.event(
        events.PlayerRegistered,
        entry=number,
        player=entry.player,
        contact=entry.contact,
        reentry_of=entry.number,
    )
    paid = money_commands.paid_on_entry(state, ctx, number, "re-entry")
    return [registered, *paid, _seat_newcomer(state, ctx, number, leaving=entry)]


def _reentries_of(state: TournamentState, entry: Entry) -> int:
    """How many times the player of ``entry`` re-entered to come to it."""
    made, previous = 0, entry.reentry_of
    while previous is not None:
        made, previous = made + 1, state.entries[previous].reentry_of
    return made


def _seat_newcomer(
    state: TournamentState, ctx: Context, number: int, leaving: Entry | None = None
) -> TournamentEvent:
    """SEAT-LATE-POSITION (TDA 7A): the same random draw from the open seats; a full stack
    (SEAT-LATE-STACK: TDA 7A, LFP 2.17c); GM 43°: wait for the big blind after round one."""
    tables = list(state.tables.values())
    if leaving is not None and leaving.table is not None and leaving.seat is not None:
        tables = [
            t.without_player(leaving.seat) if t.number == leaving.table else t for t in tables
        ]
    allowed = moves.between_blinds_allowed(state.profile)
    try:
        table, seat = seating.seat_newcomer(tables, ctx.rng, between_blinds_allowed=allowed)
    except ValueError:
        table = max(state.tables, default=0) + 1  # every seat is taken: open a new table
        seat = ctx.rng.randint(1, state.table_size)
    structure = structure_of(state)
    waits = state.profile.late_entrant_waits_for_big_blind and _past_first_round(state)
    return ctx.event(
        events.PlayerSeated,
        entry=number,
        table=table,
        seat=seat,
        stack=structure.starting_stack,
        waits_for_big_blind=waits,
    )


def _past_first_round(state: TournamentState) -> bool:
    return any(
        hands >= len(state.tables[t].players)
        for t, hands in state.hands_played.items()
        if t in state.tables
    )


def _check_late_registration(
    state: TournamentState, ctx: Context, rule: str = "SEAT-LATE-WINDOW"
) -> None:
    """SEAT-LATE-WINDOW (LFP 2.16, BAN, GM 43°, TDA 7): open until the end of the level set."""
    if not registration_is_open(state, ctx.now):
        levels, until = state.late_registration_levels, state.late_registration_until
        when = (
            message("after level {levels}", levels=levels)
            if levels
            else message("once the seats are drawn")
        )
        if until is not None:
            when = message("at {time}", time=until.isoformat(timespec="minutes"))
        raise refuse(message("registration closed {when}", when=when), rule=rule)


def registration_is_open(state: TournamentState, now: datetime.datetime) -> bool:
    """Return whether new players (and re-entries) may still join at ``now``."""
    if not state.is_drawn:
        return True
    if state.late_registration_until is not None:  # a time set for the event
        return now < state.late_registration_until
    levels = state.late_registration_levels
    if levels <= 0:
        return False
    view = clock.view(state.clock, structure_of(state), now, **state.clock_options())
    number = view.level_number
    if number is None:  # a break: open if it follows an open level, or GM's extension
        previous = structure_of(state).level_number(view.item - 1) if view.item else None
        last_open = previous is not None and previous < levels
        through = state.profile.late_registration_through_break and previous == levels
        return last_open or through
    return number <= levels


@handles(commands.Arrive)
def _arrive(
    state: TournamentState, command: commands.Arrive, ctx: Context
) -> list[TournamentEvent]:
    entry = find_playing(state, command.entry)
    if entry.is_present:
        raise refuse(message("entry {entry} is already at his seat", entry=entry.number))
    if entry.is_leaving:
        raise refuse(message("entry {entry} left the tournament for good", entry=entry.number))
    return [ctx.event(events.PlayerArrived, entry=entry.number)]


@handles(commands.GoAway)
def _go_away(
    state: TournamentState, command: commands.GoAway, ctx: Context
) -> list[TournamentEvent]:
    entry = find_playing(state, command.entry)
    if not entry.is_present:
        raise refuse(message("entry {entry} is not at his seat", entry=entry.number))
    return [ctx.event(events.PlayerWentAway, entry=entry.number)]


@handles(commands.Penalize)
def _penalize(
    state: TournamentState, command: commands.Penalize, ctx: Context
) -> list[TournamentEvent]:
    """PEN-LADDER, PEN-MISSED-HANDS, PEN-SOFTPLAY: the penalty as the event's book sets it
    (``rules.penalties.penalty_fact``): LFP 13.1's warning sits out one hand, a round is as many
    hands as players at the table, the offender included (TDA 71A, BAN/SANCTIONS), and the
    book's longest suspension and escalation hold."""
    entry = find_playing(state, command.entry)
    if command.hands < 0 or command.rounds < 0 or (command.hands and command.rounds):
        raise ParseError(message("give a number of hands or of rounds, not both, and not negative"))
    fact = penalty_of(state, command)
    given = ctx.event(
        events.PenaltyGiven, entry=entry.number, hands=fact.hands, reason=command.reason,
        kind=fact.kind.value, rounds=fact.rounds, rule=fact.rule, articles=fact.articles,
    )  # fmt: skip
    return [given]


def penalty_of(state: TournamentState, command: commands.Penalize) -> PenaltyFact:
    """Return the penalty ``command`` gives under the event's book, after the entry's earlier
    penalties and with the players at his table (``rules.penalties.penalty_fact``)."""
    entry = find_playing(state, command.entry)
    kind, count = penalty_asked(command.hands, command.rounds)
    at_table = len(state.tables[entry.table].players) if entry.table is not None else None
    return penalty_fact(
        state.profile, kind, count=count, players_at_table=at_table,
        previous=[PenaltyKind(k) for k in entry.penalties], offence=offence_of(command.offence),
    )  # fmt: skip


def penalty_asked(hands: int, rounds: int) -> tuple[PenaltyKind, int]:
    """Return the kind of penalty and its length a command asks for: a warning without hands
    or rounds."""
    if rounds:
        return PenaltyKind.ROUNDS, rounds
    if hands:
        return PenaltyKind.HANDS, hands
    return PenaltyKind.WARNING, 0


def offence_of(text: str) -> Offence:
    """Return the offence a command names (PEN-SOFTPLAY); ParseError for an unknown one."""
    try:
        return Offence(text or "other")
    except ValueError:
        raise ParseError(
            message(
                "unknown offence {offence!r}: one of {choices}",
                offence=text,
                choices=", ".join(o.value for o in Offence),
            )
        ) from None


@handles(commands.ReportStack)
def _report_stack(
    state: TournamentState, command: commands.ReportStack, ctx: Context
) -> list[TournamentEvent]:
    entry = find_playing(state, command.entry)
    if command.chips < 0:
        raise ParseError(message("a stack is not negative"))
    # EVENT-LIVE-HAND: the hand reports his stack when it is over
    require_out_of_hand(state, entry)
    return [ctx.event(events.StackReported, entry=entry.number, chips=command.chips)]


@handles(commands.ReportStacks)
def _report_stacks(
    state: TournamentState, command: commands.ReportStacks, ctx: Context
) -> list[TournamentEvent]:
    """A table's counts in one command: one undo takes them all back."""
    if not command.stacks:
        raise ParseError(message("type at least one chip count"))
    found = []
    for number, chips in sorted(command.stacks.items()):
        found += _report_stack(state, commands.ReportStack(number, chips), ctx)
    return found


def _late_registration_until(command: commands.CreateTournament) -> str:
    """SEAT-LATE-WINDOW by the clock on the wall: an aware ISO-8601 time, or "" for none."""
    text = command.late_registration_until
    if not text:
        return ""
    if command.late_registration_levels is not None:
        raise ParseError(message("close late registration after a level or at a time, not both"))
    try:
        moment = datetime.datetime.fromisoformat(text)
    except ValueError:
        raise ParseError(
            message("late registration closes at an ISO-8601 time, not {text!r}", text=text)
        ) from None
    if moment.tzinfo is None:
        raise ParseError(
            message("give the time zone of {text!r} (e.g. 2026-03-06T22:00+01:00)", text=text)
        )
    return moment.isoformat()


def _money(command: commands.CreateTournament, structure: Structure) -> dict[str, object]:
    """Check the event's money rules (BUY-*): a buy-in or re-entry gives the starting stack."""
    if not command.money:
        return {}
    rules = MoneyRules.from_dict(command.money)
    for name, price in (("buy_in", rules.buy_in), ("reentry", rules.reentry)):
        if price is not None and price.chips not in (0, structure.starting_stack):
            raise ParseError(
                message(
                    "{name} gives {chips} chips but the structure starts with {starting_stack}",
                    name=name,
                    chips=price.chips,
                    starting_stack=structure.starting_stack,
                )
            )
    if rules.rebuy_levels > len(structure.levels):
        # BUY-REBUY-ELIGIBILITY: a period that outlasts the structure would never end.
        raise ParseError(
            message(
                "rebuys until level {rebuy_levels}, but the structure has {levels} levels",
                rebuy_levels=rules.rebuy_levels,
                levels=len(structure.levels),
            )
        )
    return rules.to_dict()


def may_reenter(state: TournamentState, entry: Entry, now: datetime.datetime) -> bool:
    """Whether a busted ``entry`` may re-enter at ``now``: the checks of ``ReEnter`` that do
    not depend on a hand in play, so that the desk offers only a re-entry it would take."""
    if entry.status is not EntryStatus.BUSTED:
        return False
    if any(e.reentry_of == entry.number for e in state.entries.values()):
        return False  # BUY-REENTRY (TDA 7A): re-entered already
    if not registration_is_open(state, now):  # BUY-REENTRY, SEAT-LATE-WINDOW (LFP 2.16)
        return False
    return state.reentries is None or _reentries_of(state, entry) < state.reentries
