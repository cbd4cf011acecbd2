"""Money commands: payments at registration, rebuys, add-ons, bounties, payouts and deals.

An event created without money rules refuses them. ``paid_on_entry``, ``refund`` and
``bounties`` give the money events of the entry commands (tournament/entries.py).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping, Sequence

from pokertd.errors import ParseError
from pokertd.messages import Message, message
from pokertd.rules import RebuyThreshold
from pokertd.tournament import clock, commands, events
from pokertd.tournament.bounties import check_prize_list, seal_envelopes, split_bounty
from pokertd.tournament.deals import Deal, DealMethod, chip_chop, custom_deal, even_chop, icm_deal
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.handlers import Context, handles
from pokertd.tournament.ledger import standard_prizes
from pokertd.tournament.money import Bounty, MoneyRules, Price, cents
from pokertd.tournament.payouts import PayoutSheet, satellite
from pokertd.tournament.refusals import find_playing, refuse, require_out_of_hand, structure_of
from pokertd.tournament.state import Entry, TournamentState


def _check_pool_open(state: TournamentState) -> None:
    """Refuse money in or out once a deal has shared the prize pool out: the shares are
    fixed amounts, and a payment after them would be money nobody can win."""
    if state.ledger.deal is not None:
        raise refuse(message("a deal has shared the prize pool out: no more payments or refunds"))
    if state.ledger.tickets:  # SAT-TICKET: the seats are paid; more money would change them
        raise refuse(
            message("the satellite's tickets are issued: no more payments or refunds"),
            rule="SAT-TICKET",
        )
    if state.carried_into:  # FLIGHT-MERGE: the pool went to the day 2 as it was
        raise refuse(
            message(
                "this flight went to its day 2 ({day_two}): no more payments or refunds",
                day_two=state.carried_into,
            ),
            rule="FLIGHT-MERGE",
        )


def _rules(state: TournamentState) -> MoneyRules:
    rules = state.ledger.rules
    if rules is None:
        raise refuse(message("this tournament records no money: it was created without a buy-in"))
    return rules


def _payment(
    ctx: Context, entry: int, kind: str, price: Price, ticket: str = ""
) -> TournamentEvent:
    return ctx.event(
        events.PaymentTaken,
        entry=entry,
        kind=kind,
        prize=price.prize,
        fee=price.fee,
        bounty=price.bounty,
        chips=price.chips,
        ticket=ticket,
    )


def paid_on_entry(
    state: TournamentState, ctx: Context, entry: int, kind: str, ticket: str = ""
) -> list[TournamentEvent]:
    """The buy-in (or re-entry) an entry pays when it is registered, if there is money."""
    rules = state.ledger.rules
    if rules is None:
        return []
    _check_pool_open(state)
    price = rules.buy_in if kind == "buy-in" else rules.reentry_price
    if price.bounty and state.ledger.envelopes is not None:
        # BOUNTY-MYSTERY: the envelopes hold the pool as it was when they were sealed
        raise refuse(
            message("the mystery envelopes are sealed: no more entries"), rule="BOUNTY-MYSTERY"
        )
    return [_payment(ctx, entry, kind, price, ticket)]


def refund(state: TournamentState, ctx: Context, entry: int) -> list[TournamentEvent]:
    """Give back what an entry paid when it withdraws before playing: a buy-in paid by a
    satellite ticket is given back as that ticket (SAT-TICKET: the service opens it again in
    its satellite), not in cash."""
    paid = [p for p in state.ledger.payments if p.entry == entry]
    if not paid:
        return []
    _check_pool_open(state)
    return [
        ctx.event(
            events.PaymentRefunded,
            entry=entry,
            prize=sum(p.price.prize for p in paid),
            fee=sum(p.price.fee for p in paid),
            bounty=sum(p.price.bounty for p in paid),
            ticket=next((p.ticket for p in paid if p.ticket), ""),
        )
    ]


# -- rebuys and add-ons ----------------------------------------------------------------------------


@handles(commands.Rebuy)
def _rebuy(state: TournamentState, command: commands.Rebuy, ctx: Context) -> list[TournamentEvent]:
    """BUY-REBUY-ELIGIBILITY (LFP 5.2): one stack at a time, while the period runs, when
    the stack is at the profile's threshold, within the event's limit."""
    rules = _rules(state)
    entry = find_playing(state, command.entry)
    _check_pool_open(state)
    if rules.rebuy is None:
        raise refuse(message("this event has no rebuys (a freezeout)"), rule="BUY-FREEZEOUT")
    assert entry.table is not None
    # EVENT-LIVE-HAND: the chips of a rebuy join the stack between hands (LFP 5.2: one stack at
    # a time), never the stack a hand in progress is playing
    require_out_of_hand(state, entry)
    if not rebuys_open(state, entry.table):
        raise refuse(
            message(
                "the rebuy period is over (it ended with level {rebuy_levels})",
                rebuy_levels=rules.rebuy_levels,
            ),
            rule="BUY-REBUY-ELIGIBILITY",
        )
    if entry.number in state.ledger.addons:
        raise refuse(
            message("entry {entry} took the add-on: no rebuy after it", entry=entry.number),
            rule="BUY-ADDON",
        )
    done = state.ledger.rebuys.get(entry.number, 0)
    if rules.rebuy_limit and done >= rules.rebuy_limit:
        raise refuse(
            message(
                "entry {entry} has had his {rebuy_limit} rebuy(s)",
                entry=entry.number,
                rebuy_limit=rules.rebuy_limit,
            ),
            rule="BUY-REBUY-ELIGIBILITY",
        )
    if _rebought_since_last_hand(ctx, entry):
        # BUY-REBUY-ELIGIBILITY (LFP 5.2): one stack at a time. The threshold alone does not
        # ensure it when a rebuy's stack still meets it (at-or-below-starting): a hand first.
        raise refuse(
            message(
                "entry {entry} has just rebought: one stack at a time, a hand first",
                entry=entry.number,
            ),
            rule="BUY-REBUY-ELIGIBILITY",
        )
    stack = entry.stack if command.stack is None else command.stack
    _check_rebuy_stack(state, ctx, entry, stack, rules)
    result: list[TournamentEvent] = []
    if command.stack is not None and command.stack != entry.stack:
        result.append(ctx.event(events.StackReported, entry=entry.number, chips=stack))
    return [*result, _payment(ctx, entry.number, "rebuy", rules.rebuy)]


def _rebought_since_last_hand(ctx: Context, entry: Entry) -> bool:
    """Whether ``entry`` rebought after his table last started a hand."""
    for event in reversed(ctx.history):
        if event.cmd in ctx.undone:
            continue
        if isinstance(event, events.HandStarted) and event.table == entry.table:
            return False
        if (
            isinstance(event, events.PaymentTaken)
            and event.entry == entry.number
            and event.kind == "rebuy"
        ):
            return True
    return False


def _check_rebuy_stack(
    state: TournamentState, ctx: Context, entry: Entry, stack: int | None, rules: MoneyRules
) -> None:
    threshold = rules.rebuy_threshold or state.profile.rebuy_threshold
    if stack is None:
        raise ParseError(
            message("give entry {entry}'s stack: it has not been reported", entry=entry.number)
        )
    if stack < 0:
        raise ParseError(message("a stack is not negative: {stack}", stack=stack))
    limit, allowed = _rebuy_limit(state, ctx, threshold)
    if not allowed(stack):
        raise refuse(
            message(
                "entry {entry} has {stack}: a rebuy needs {limit}",
                entry=entry.number,
                stack=stack,
                limit=limit,
            ),
            rule="BUY-REBUY-ELIGIBILITY",
        )


def _rebuy_limit(
    state: TournamentState, ctx: Context, threshold: RebuyThreshold
) -> tuple[Message, Callable[[int], bool]]:
    """The stack test of BUY-REBUY-ELIGIBILITY and how to say it."""
    if threshold is RebuyThreshold.STACK_ZERO:
        return message("no chips left"), lambda stack: stack == 0
    if threshold is RebuyThreshold.AT_OR_BELOW_STARTING:
        start = structure_of(state).starting_stack
        return (
            message("at most the starting stack ({start})", start=start),
            lambda stack: stack <= start,
        )
    big_blind = _big_blind_now(state, ctx)
    return (
        message("less than the big blind ({big_blind})", big_blind=big_blind),
        lambda stack: stack < big_blind,
    )


def _big_blind_now(state: TournamentState, ctx: Context) -> int:
    """The big blind in force: the clock's level, or the next one during a break."""
    structure = structure_of(state)
    view = clock.view(state.clock, structure, ctx.now, **state.clock_options())
    levels = structure.levels
    number = view.level_number
    if number is None:
        later = [structure.level_number(i) for i in range(view.item, len(structure.items))]
        number = next((n for n in later if n is not None), len(levels))
    return levels[number - 1].big_blind


def rebuys_open(state: TournamentState, table: int) -> bool:
    """Whether a player at ``table`` may still rebuy: until the table has played the hands
    after the period's last level that the profile allows (LFP 5.5: two; after the first he
    may still rebuy, after the second only add on), or, without extra hands, until it starts
    a hand after that level."""
    extra = state.profile.rebuy_extra_hands
    return state.hands_after_rebuys.get(table, 0) < max(extra, 1)


def addons_open(state: TournamentState, table: int, now: datetime.datetime) -> bool:
    """BUY-ADDON: from the end of the rebuy period (the clock past its last level, and the
    table through its extra hands, LFP 5.5) until the table deals its next hand (GM 18°)."""
    rules = state.ledger.rules
    if rules is None or rules.addon is None or table in state.in_progress:
        return False
    view = clock.view(state.clock, structure_of(state), now, **state.clock_options())
    if not state.is_after_rebuys(view.item):
        return False
    return state.hands_after_rebuys.get(table, 0) == state.profile.rebuy_extra_hands


@handles(commands.AddOn)
def _add_on(state: TournamentState, command: commands.AddOn, ctx: Context) -> list[TournamentEvent]:
    """BUY-ADDON (LFP 5.4, 5.5; GM 18°): once, at the end of the rebuy period, any stack
    (LFP) or at least one chip (GM); never together with a rebuy."""
    rules = _rules(state)
    entry = find_playing(state, command.entry)
    _check_pool_open(state)
    price = rules.double_addon if command.double else rules.addon
    if price is None:
        what = "double add-on" if command.double else "add-on"
        raise refuse(message("this event has no {what}", what=what), rule="BUY-ADDON")
    assert entry.table is not None
    if not addons_open(state, entry.table, ctx.now):
        raise refuse(
            message(
                "add-ons are taken at the end of the rebuy period (level "
                "{rebuy_levels}), before table {table} deals again",
                rebuy_levels=rules.rebuy_levels,
                table=entry.table,
            ),
            rule="BUY-ADDON",
        )
    if entry.number in state.ledger.addons:
        raise refuse(
            message("entry {entry} already took the add-on", entry=entry.number), rule="BUY-ADDON"
        )
    if state.profile.addon_needs_chips and not entry.stack:
        raise refuse(
            message(
                "entry {entry} has no chips: an add-on needs at least one (GM 18°)",
                entry=entry.number,
            ),
            rule="BUY-ADDON",
        )
    kind = "double-add-on" if command.double else "add-on"
    return [_payment(ctx, entry.number, kind, price)]


# -- bounties --------------------------------------------------------------------------------------


def bounties(
    state: TournamentState,
    ctx: Context,
    busted: Sequence[int],
    takers: Mapping[int, int],
    split: Mapping[int, Mapping[int, int]] | None = None,
) -> list[TournamentEvent]:
    """Who takes each busted player's bounty: all of it in cash (fixed bounties), or a share
    in cash and the rest onto the taker's own head (progressive), or the next mystery envelope;
    shared by the pots won when several players eliminate him (BOUNTY-SPLIT)."""
    rules = state.ledger.rules
    split = split or {}
    if rules is None or rules.bounty is Bounty.NONE:
        if takers or split:
            raise ParseError(message("this event has no bounties: leave out who eliminated whom"))
        return []
    if rules.bounty is Bounty.MYSTERY and state.ledger.envelopes is None:
        if takers or split:  # BOUNTY-MYSTERY: nothing is drawn before the director's stage
            raise ParseError(
                message("the mystery envelopes are not sealed yet: leave out who eliminated whom")
            )
        return []
    pots = _pots_won(state, busted, takers, split)
    if rules.bounty is Bounty.MYSTERY:
        return _envelopes_drawn(state, ctx, busted, pots, rules)
    result: list[TournamentEvent] = []
    for number in busted:
        # BUY-REENTRY (TDA 7B): the bounty on the entries the player surrendered to re-enter
        # was never won; it follows him, and goes to whoever eliminates him.
        heads = state.ledger.heads
        for owner in (number, *state.surrendered(number)):
            head = heads.get(owner, 0)
            if owner != number and not head:
                continue
            # BOUNTY-SPLIT: each taker's share, then each share's cash part (progressive)
            for taker, share in split_bounty(head, pots[number], unit=rules.unit).items():
                cash = share
                if rules.bounty is Bounty.PROGRESSIVE:
                    cash = share * rules.bounty_cash_percent // 100
                result.append(
                    ctx.event(
                        events.BountyTaken,
                        busted=owner,
                        taker=taker,
                        cash=cash,
                        to_head=share - cash,
                    )
                )
    return result


def _pots_won(
    state: TournamentState,
    busted: Sequence[int],
    takers: Mapping[int, int],
    split: Mapping[int, Mapping[int, int]],
) -> dict[int, dict[int, int]]:
    """Each busted entry's takers and the pots each won from him: one taker (``--by``) wins
    it all; several (``--split``) share it by pots won (BOUNTY-SPLIT)."""
    both = sorted(set(takers) & set(split))
    if both:
        raise ParseError(
            message("entry {entry}: give one taker or a split, not both", entry=both[0])
        )
    missing = [number for number in busted if number not in takers and number not in split]
    if missing:
        raise ParseError(
            # the web, the API and the CLI read the same fact: no option of one of them here
            message(
                "a bounty event: the bounty of entry {missing} goes to the player who won the pot "
                "that eliminated him; name that player, or the players who shared the pots "
                "(BOUNTY-SPLIT)",
                missing=", ".join(str(number) for number in missing),
            )
        )
    strangers = sorted((set(takers) | set(split)) - set(busted))
    if strangers:
        raise ParseError(
            message("entry {entry} is not among the players busted", entry=strangers[0])
        )
    pots: dict[int, dict[int, int]] = {}
    for number in busted:
        won = dict(split[number]) if number in split else {takers[number]: 1}
        for taker_number in won:
            taker = find_playing(state, taker_number)
            if taker.number in busted:
                raise ParseError(
                    message("entry {taker} busts too: he cannot take a bounty", taker=taker.number)
                )
        pots[number] = won
    return pots


def _envelopes_drawn(
    state: TournamentState,
    ctx: Context,
    busted: Sequence[int],
    pots: Mapping[int, Mapping[int, int]],
    rules: MoneyRules,
) -> list[TournamentEvent]:
    """BOUNTY-MYSTERY: each elimination draws the next envelope of the sealed order, shared by
    the pots won (BOUNTY-SPLIT); the winner's envelope is the last (see ledger.statement)."""
    sealed = state.ledger.envelopes
    assert sealed is not None
    result: list[TournamentEvent] = []
    # the order the players busted is their order in the command: places rank them, not this
    for index, number in enumerate(busted):
        position = sealed.drawn + index
        if position >= len(sealed.order):  # a stray elimination: no envelope left to draw
            break
        value = sealed.order[position]
        shares = split_bounty(value, pots[number], unit=rules.unit)
        result.append(
            ctx.event(
                events.EnvelopeDrawn,
                busted=number,
                envelope=position + 1,
                value=value,
                shares=tuple(shares.items()),
            )
        )
    return result


@handles(commands.SealEnvelopes)
def _seal_envelopes(
    state: TournamentState, command: commands.SealEnvelopes, ctx: Context
) -> list[TournamentEvent]:
    """BOUNTY-MYSTERY (pokertd judgement): at the stage the director sets, the bounties are
    pooled into the published envelopes, shuffled with the service's random source; the
    commitment to their order is published before the first draw."""
    rules = _rules(state)
    if rules.bounty is not Bounty.MYSTERY:
        raise refuse(message("this event has no mystery bounties"), rule="BOUNTY-MYSTERY")
    if state.ledger.envelopes is not None:
        raise refuse(message("the mystery envelopes are already sealed"), rule="BOUNTY-MYSTERY")
    if state.winner is not None:
        raise refuse(message("the tournament is over"))
    prizes = tuple(command.prizes)
    pool = sum(state.ledger.heads.values())
    check_prize_list(prizes, pool=pool, players=state.active_count, currency=rules.currency)
    order = list(range(len(prizes)))
    ctx.rng.shuffle(order)
    salt = f"{ctx.rng.getrandbits(128):032x}"
    sealed = seal_envelopes(prizes, order=order, salt=salt)
    return [
        ctx.event(
            events.EnvelopesSealed,
            prizes=prizes,
            order=sealed.order,
            salt=sealed.salt,
            commitment=sealed.commitment,
        )
    ]


# -- payouts and deals -----------------------------------------------------------------------------


@handles(commands.SetPayouts)
def _set_payouts(
    state: TournamentState, command: commands.SetPayouts, ctx: Context
) -> list[TournamentEvent]:
    rules = _rules(state)
    ledger = state.ledger
    pool = ledger.pool
    if not ledger.entries or not pool:  # the standard table needs a field and a pool
        raise refuse(message("there is no prize pool to pay out yet: nobody has paid for an entry"))
    if command.prizes is None and rules.seat_value:  # SAT-TICKET: seats, then the remainder
        prizes = satellite(pool, rules.seat_value).sheet().amounts
    elif command.prizes is None:
        prizes = standard_prizes(
            pool, ledger.entries, paid_percent=rules.paid_percent, unit=rules.unit
        )
    else:
        prizes = PayoutSheet(command.prizes).amounts  # ParseError if they increase
    if sum(prizes) != pool:
        raise ParseError(
            message(
                "the prizes add up to {total}, the pool is {pool}",
                total=cents(sum(prizes), rules.currency),
                pool=cents(pool, rules.currency),
            )
        )
    return [ctx.event(events.PayoutsSet, prizes=tuple(prizes), pool=pool)]


@handles(commands.MakeDeal)
def _make_deal(
    state: TournamentState, command: commands.MakeDeal, ctx: Context
) -> list[TournamentEvent]:
    """A deal between the players left: ICM, chip chop, even chop or custom amounts, with
    ``left`` cents kept to play for (see tournament/deals.py)."""
    rules = _rules(state)
    if state.winner is not None:
        raise refuse(message("the tournament is over"))
    if state.ledger.deal is not None:
        raise refuse(message("a deal was already made"))
    players = sorted(entry.number for entry in state.active())
    strangers = sorted(set(command.stacks) - set(players))
    if strangers:  # a mistyped entry would silently deal on the last stack reported
        raise ParseError(
            message(
                "entry {stranger} is not among the players left: entries {players}",
                stranger=strangers[0],
                players=", ".join(map(str, players)),
            )
        )
    prizes = state.ledger.current_prizes()[: len(players)]
    stacks = {number: command.stacks.get(number, state.entries[number].stack or 0)
              for number in players}  # fmt: skip
    deal = _deal(command, players, [stacks[number] for number in players], prizes, rules.unit)
    shares = dict(zip(players, deal.amounts, strict=True))
    return [
        ctx.event(
            events.DealMade,
            method=command.method,
            shares=tuple(sorted(shares.items())),
            left=command.left,
        )
    ]


def _deal(
    command: commands.MakeDeal,
    players: list[int],
    stacks: list[int],
    prizes: Sequence[int],
    unit: int,
) -> Deal:
    """The deal the command asks for, checked by tournament/deals.py (ParseError otherwise)."""
    try:
        method = DealMethod(command.method)
    except ValueError:
        raise ParseError(
            message(
                "a deal is one of {methods}, not {method!r}",
                methods=", ".join(DealMethod),
                method=command.method,
            )
        ) from None
    left = command.left
    if method is DealMethod.CUSTOM:
        if sorted(command.amounts) != players:
            raise ParseError(
                message(
                    "a custom deal gives an amount to each player left: entries {players}",
                    players=", ".join(map(str, players)),
                )
            )
        amounts = [command.amounts[number] for number in players]
        return custom_deal(stacks, prizes, amounts, left_to_play_for=left)
    split = {
        DealMethod.ICM: icm_deal,
        DealMethod.CHIP_CHOP: chip_chop,
        DealMethod.EVEN_CHOP: even_chop,
    }
    return split[method](stacks, prizes, left_to_play_for=left, unit=unit)
