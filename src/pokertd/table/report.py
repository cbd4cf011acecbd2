"""What a finished hand at a live table means for the tournament: the stacks it reports
(``FinishHand``), the players it eliminates and who takes their bounties (``BustPlayers``), and
its hand history (PHH).
"""

from __future__ import annotations

from dataclasses import replace

from pokertd.engine import Hand
from pokertd.engine.events import BetsGathered, PotAwarded
from pokertd.history import write_phh
from pokertd.history.replay import to_history
from pokertd.table import commands as table_commands
from pokertd.table.plan import HandPlan
from pokertd.tournament import commands
from pokertd.tournament.money import Bounty
from pokertd.tournament.state import TournamentState


def stacks_after(plan: HandPlan, hand: Hand) -> dict[int, int]:
    """Return each entry's chips once the hand is over."""
    result = hand.result
    assert result is not None
    return {entry: result.stacks[player] for player, entry in enumerate(plan.entries)}


def finish_hand(plan: HandPlan, hand: Hand) -> commands.FinishHand:
    """Return the tournament command that ends the hand with its stacks."""
    return commands.FinishHand(plan.table, stacks_after(plan, hand))


def bust_players(
    plan: HandPlan, hand: Hand, state: TournamentState, *, in_announcement: bool
) -> commands.BustPlayers | None:
    """Return the tournament command that eliminates the players the hand left without chips
    (``state``: the tournament once the hand is finished), None when it eliminated nobody."""
    busted = tuple(
        entry
        for entry, chips in stacks_after(plan, hand).items()
        if chips == 0 and state.entries[entry].status.is_active
    )
    if not busted:
        return None
    # ELIM-SIMULTANEOUS (LFP 8.16, GM 41°): the stacks at the start of the hand rank players
    # busting in the same hand.
    start_stacks = dict(zip(plan.entries, plan.stacks, strict=True))
    takers: dict[int, int] = {}
    rules = state.ledger.rules
    if rules is not None and rules.bounty is not Bounty.NONE:
        # Bounties are the event's money rules, not a rulebook's: the bounty goes to the winner
        # of the pot that eliminated the player.
        takers = {
            plan.entries[loser]: plan.entries[winner]
            for loser, winner in eliminators(hand).items()
            if plan.entries[loser] in busted
        }
    return commands.BustPlayers(
        busted,
        start_stacks={entry: start_stacks[entry] for entry in busted},
        in_announcement_hand=in_announcement,
        takers=takers,
    )


def record_hand(
    state: TournamentState, plan: HandPlan, bust: commands.BustPlayers | None
) -> table_commands.RecordHand:
    """Return the table command that records the hand once reported: what it eliminated (the
    tournament's ``bust``), and the event's title and the table's size for its PHH."""
    return table_commands.RecordHand(
        title=state.title,
        seat_count=seat_count(state, plan),
        busted=() if bust is None else bust.entries,
        takers=() if bust is None else tuple(bust.takers.items()),
    )


def seat_count(state: TournamentState, plan: HandPlan) -> int:
    """Return the number of seats of the hand's table (for its PHH), the highest seat dealt in
    when the table has been broken since."""
    table = state.tables.get(plan.table)
    return table.size if table is not None else max(plan.seats)


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


def phh_text(hand: Hand, plan: HandPlan, *, title: str, seat_count: int) -> str:
    """Return the hand, as far as it went, as PHH with the event, table, hand number, level and
    seats."""
    count = len(plan.seats)
    order = [(plan.button + 1 + step) % count for step in range(count)]  # PHH order
    history = replace(
        to_history(hand, players=plan.names),
        event=title or None,
        table=plan.table,
        hand=plan.hand,
        level=plan.level,
        seats=tuple(plan.seats[player] for player in order),
        seat_count=seat_count,
    )
    return write_phh(history)
