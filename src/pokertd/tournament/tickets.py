"""Satellite tickets (SAT-TICKET): a satellite pays its seats as tickets to a target event.

The books speak of satellites only for the seat draw (GM 13°, TDA 1); how their seats are paid
is pokertd's judgement (docs/judgements.md, "Bounties and tickets"). A satellite's money rules
name the seat value and the target; once its bubble has burst, ``IssueTickets`` gives each player
in a seat a ticket (a ledger movement: the seat's value leaves the pool as a ticket, not cash).
A ticket may change hands (``transferable``) or be given back for cash (``refundable``) as the
satellite's rules say, and is used once, at the target, to pay a buy-in: the service writes
``UseTicket`` here and ``PayBuyIn(ticket=...)`` there (``pokertd.service.tickets``).
"""

from __future__ import annotations

from pokertd.messages import message
from pokertd.tournament import commands, events
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.handlers import Context, handles
from pokertd.tournament.ledger import Ticket
from pokertd.tournament.money import MoneyRules
from pokertd.tournament.refusals import refuse
from pokertd.tournament.state import TournamentState


def ticket_code(satellite: str, entry: int) -> str:
    """Return the code of the ticket entry ``entry`` won in tournament ``satellite``.

    >>> ticket_code("3", 12)
    '3#12'
    """
    return f"{satellite}#{entry}"


def _satellite(state: TournamentState) -> MoneyRules:
    rules = state.ledger.rules
    if rules is None or not rules.seat_value:
        raise refuse(message("this tournament is not a satellite"), rule="SAT-TICKET")
    return rules


def _open_ticket(state: TournamentState, entry: int) -> Ticket:
    ticket = state.ledger.tickets.get(entry)
    if ticket is None:
        raise refuse(message("entry {entry} holds no ticket", entry=entry), rule="SAT-TICKET")
    if ticket.used_by:
        raise refuse(message("entry {entry}'s ticket was used", entry=entry), rule="SAT-TICKET")
    if ticket.refunded:
        raise refuse(message("entry {entry}'s ticket was refunded", entry=entry), rule="SAT-TICKET")
    return ticket


@handles(commands.IssueTickets)
def _issue_tickets(
    state: TournamentState, command: commands.IssueTickets, ctx: Context
) -> list[TournamentEvent]:
    """SAT-TICKET: once no more players are left than seats, each of them, and each player
    placed in a seat, gets a ticket worth a seat."""
    rules = _satellite(state)
    seats = state.ledger.seats
    playing = state.active()
    if len(playing) > seats:
        raise refuse(
            message(
                "{players} players are still in for {seats} seats: the bubble has not burst",
                players=len(playing),
                seats=seats,
            ),
            rule="SAT-TICKET",
        )
    placed = [e for e in state.entries.values() if e.place is not None and e.place <= seats]
    winners = sorted({e.number for e in (*playing, *placed)} - set(state.ledger.tickets))
    if not winners:
        raise refuse(message("every seat already has its ticket"), rule="SAT-TICKET")
    return [
        ctx.event(
            events.TicketIssued,
            entry=number,
            value=rules.seat_value,
            target=rules.target,
            holder=state.entries[number].player,
        )
        for number in winners
    ]


@handles(commands.TransferTicket)
def _transfer_ticket(
    state: TournamentState, command: commands.TransferTicket, ctx: Context
) -> list[TournamentEvent]:
    rules = _satellite(state)
    if not rules.transferable:
        raise refuse(message("this satellite's tickets are not transferable"), rule="SAT-TICKET")
    _open_ticket(state, command.entry)
    holder = command.holder.strip()
    if not 0 < len(holder) <= 200:
        raise refuse(
            message("name the ticket's new holder (1 to {most} characters)", most=200),
            rule="SAT-TICKET",
        )
    return [ctx.event(events.TicketTransferred, entry=command.entry, holder=holder)]


@handles(commands.RefundTicket)
def _refund_ticket(
    state: TournamentState, command: commands.RefundTicket, ctx: Context
) -> list[TournamentEvent]:
    rules = _satellite(state)
    if not rules.refundable:
        raise refuse(message("this satellite's tickets are not refundable"), rule="SAT-TICKET")
    ticket = _open_ticket(state, command.entry)
    return [ctx.event(events.TicketRefunded, entry=command.entry, value=ticket.value)]


@handles(commands.ReturnTicket)
def _return_ticket(
    state: TournamentState, command: commands.ReturnTicket, ctx: Context
) -> list[TournamentEvent]:
    """SAT-TICKET: the entry a ticket paid for withdrew and was refunded: the ticket is open
    again, for its holder (not cash: a ticket refunded in cash is ``RefundTicket``)."""
    _satellite(state)
    ticket = state.ledger.tickets.get(command.entry)
    if ticket is None or not ticket.used_by:
        raise refuse(
            message("entry {entry}'s ticket was not used", entry=command.entry), rule="SAT-TICKET"
        )
    return [ctx.event(events.TicketReturned, entry=command.entry)]


@handles(commands.UseTicket)
def _use_ticket(
    state: TournamentState, command: commands.UseTicket, ctx: Context
) -> list[TournamentEvent]:
    """SAT-TICKET: the ticket pays ``player``'s buy-in at its target; a ticket that is not
    transferable pays only its holder's."""
    rules = _satellite(state)
    ticket = _open_ticket(state, command.entry)
    if command.target != ticket.target:
        raise refuse(
            message(
                "this ticket is for {target}, not {other}",
                target=ticket.target,
                other=command.target,
            ),
            rule="SAT-TICKET",
        )
    if not rules.transferable and command.player != ticket.holder:
        raise refuse(
            message("this ticket is {holder}'s and is not transferable", holder=ticket.holder),
            rule="SAT-TICKET",
        )
    return [
        ctx.event(
            events.TicketUsed, entry=command.entry, target=command.target, player=command.player
        )
    ]
