"""Where satellite tickets cross from one tournament to another (SAT-TICKET).

A ticket lives in the ledger of the satellite that issued it (``TicketIssued``); its code is
``SATELLITE#ENTRY`` (``tournament.tickets.ticket_code``). Paying a buy-in with it touches two
event streams: the satellite records ``TicketUsed`` (it checks the ticket is open, for this
target, and, when it is not transferable, used by its holder), then the target records the
payment (``PayBuyIn(ticket=...)``, which checks the value covers the buy-in). If the target
refuses, the satellite's ``TicketUsed`` is undone at once (a compensating event, as every undo).

This is the one seam between events: no cross-event store is kept. A register of persons
(another piece of work) can later replace the holder's name, matched here as the entry's name,
by a person's id without changing the streams: ``holder_of`` is the place.
"""

from __future__ import annotations

from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.messages import message
from pokertd.service.streams import Outcome
from pokertd.service.tournaments import TournamentService
from pokertd.tournament import commands
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.events import PlayerRegistered, TournamentEvent


def parse_code(code: str) -> tuple[str, int]:
    """Read a ticket code ``SATELLITE#ENTRY``.

    >>> parse_code("tournament-2#7")
    ('tournament-2', 7)
    """
    satellite, hash_sign, entry = code.strip().rpartition("#")
    if not hash_sign or not satellite or not entry.isascii() or not entry.isdigit():
        raise ParseError(message("a ticket code is SATELLITE#ENTRY, not {code!r}", code=code))
    return satellite, int(entry[:15])


def holder_of(tournament: Tournament, entry: int) -> str:
    """The name a ticket is matched against: the entry's player (a person's id later)."""
    found = tournament.state.entries.get(entry)
    if found is None:
        raise NotFoundError(message("there is no entry {entry}", entry=entry))
    return found.player


def pay_with_ticket(
    service: TournamentService, target: str, entry: int, code: str
) -> Outcome[TournamentEvent]:
    """Pay entry ``entry``'s buy-in at ``target`` with the ticket ``code``; return the target's
    outcome. Raises the refusal of the satellite or of the target; nothing is left changed."""
    satellite_name, number = parse_code(code)
    satellite = service.resolve(satellite_name)
    target = service.resolve(target)
    if satellite == target:
        raise IllegalActionError(
            message("a satellite's ticket pays another event's buy-in (SAT-TICKET)"),
            rule="SAT-TICKET",
        )
    aimed = service.load(target)
    ticket = service.load(satellite).state.ledger.tickets.get(number)
    if ticket is None:
        raise IllegalActionError(
            message("there is no ticket {code} (SAT-TICKET)", code=code), rule="SAT-TICKET"
        )
    # the satellite names its target by id or by title; a starting flight of the target is
    # the target (SAT-TICKET, FLIGHT-MERGE: the ticket pays a seat in one of its flights)
    rules = aimed.state.ledger.rules
    flight_of = rules.flight_of if rules is not None else ""
    named = ticket.target if ticket.target in (target, aimed.state.title, flight_of) else target
    player = holder_of(aimed, entry)
    used = service.execute(satellite, commands.UseTicket(number, named, player))
    try:
        return service.execute(target, commands.PayBuyIn(entry, code.strip(), ticket.value))
    except (IllegalActionError, ParseError, NotFoundError):
        service.compensate(satellite, used.events[0].cmd)
        raise


def register_with_ticket(
    service: TournamentService, target: str, code: str, player: str = ""
) -> list[TournamentEvent]:
    """Register ``player`` (default: the ticket's holder) at ``target`` and pay his buy-in with
    the ticket ``code``; return the events. If the ticket is refused, the registration is
    withdrawn at once and the refusal raised."""
    satellite_name, number = parse_code(code)
    ticket = service.load(service.resolve(satellite_name)).state.ledger.tickets.get(number)
    if ticket is None:
        raise IllegalActionError(
            message("there is no ticket {code} (SAT-TICKET)", code=code), rule="SAT-TICKET"
        )
    target = service.resolve(target)
    name = player.strip() or ticket.holder
    registered = service.execute(target, commands.Register(name, paid=False))
    entry = next(e.entry for e in registered.events if isinstance(e, PlayerRegistered))
    try:
        paid = pay_with_ticket(service, target, entry, code)
    except (IllegalActionError, ParseError, NotFoundError):
        service.compensate(target, registered.events[0].cmd)
        raise
    return [*registered.events, *paid.events]
