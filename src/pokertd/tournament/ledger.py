"""The money side of a tournament's state: payments, bounties, prizes, the deal (BUY-*).

``Ledger`` is rebuilt from the events with the rest of the state and never fails; ``statement``
reads it with the places to say who paid what and who won what, and that it balances to the
cent: what came in (payments and the house's money) equals what went out (fees, prizes,
bounties) plus the bounties still on the heads of players in play. The ledger knows money only:
``pokertd.tournament.reports`` reads a tournament's state into its statement.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from pokertd.errors import ParseError
from pokertd.tournament import payouts
from pokertd.tournament.money import MoneyRules, Price

#: The payments that make an entry (the others buy chips for an entry already in).
ENTRY_KINDS = ("buy-in", "re-entry")


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment of an entry (``kind``: buy-in, re-entry, rebuy, add-on, double-add-on)."""

    entry: int
    kind: str
    price: Price
    ticket: str = ""  # SAT-TICKET: paid by this satellite ticket


@dataclass
class Ticket:
    """SAT-TICKET: a seat won in a satellite, for ``holder``, worth ``value`` cents at
    ``target``; ``used_by`` once it paid a buy-in there; ``refunded`` once given back."""

    entry: int
    value: int
    target: str
    holder: str
    used_by: str = ""
    refunded: bool = False

    @property
    def is_open(self) -> bool:
        """Whether the ticket can still be used, transferred or refunded."""
        return not self.used_by and not self.refunded


@dataclass
class Envelopes:
    """BOUNTY-MYSTERY: the published prize list, the order drawn, its salt and commitment, and
    how many envelopes were drawn so far."""

    prizes: tuple[int, ...]
    order: tuple[int, ...]
    salt: str
    commitment: str
    drawn: int = 0


@dataclass
class Ledger:
    """Everything paid and won so far; ``rules`` is None for an event without money."""

    rules: MoneyRules | None = None
    payments: list[Payment] = field(default_factory=list)
    refunds: list[Payment] = field(default_factory=list)
    heads: dict[int, int] = field(default_factory=dict)  # bounty cents on each entry's head
    bounties_won: dict[int, int] = field(default_factory=dict)  # cash, by entry
    rebuys: dict[int, int] = field(default_factory=dict)
    addons: dict[int, str] = field(default_factory=dict)
    prizes: tuple[int, ...] | None = None  # fixed by the director (PayoutsSet)
    deal: dict[int, int] | None = None  # the shares of a deal, by entry
    left_to_play: int = 0
    #: BOUNTY-MYSTERY: the sealed envelopes (None: not yet), and how many were drawn
    envelopes: Envelopes | None = None
    #: SAT-TICKET: the tickets a satellite issued, by entry
    tickets: dict[int, Ticket] = field(default_factory=dict)
    #: FLIGHT-MERGE: a flight's pool carried to its day 2; a day 2's pool and field brought
    #: from its flights
    carried_out: int = 0
    brought: int = 0
    brought_entries: int = 0

    def pay(self, payment: Payment) -> None:
        """Record a payment; its bounty part goes onto the entry's head."""
        self.payments.append(payment)
        if payment.price.bounty:
            self.heads[payment.entry] = self.heads.get(payment.entry, 0) + payment.price.bounty
        if payment.kind == "rebuy":
            self.rebuys[payment.entry] = self.rebuys.get(payment.entry, 0) + 1
        elif payment.kind in ("add-on", "double-add-on"):
            self.addons[payment.entry] = payment.kind

    def refund(self, payment: Payment) -> None:
        """Give a withdrawn entry's payment back."""
        self.refunds.append(payment)
        self.heads.pop(payment.entry, None)

    def take_bounty(self, busted: int, taker: int, cash: int, to_head: int) -> None:
        """Move a busted entry's head: ``cash`` to the taker, ``to_head`` onto his head."""
        self.heads.pop(busted, None)
        if cash:
            self.bounties_won[taker] = self.bounties_won.get(taker, 0) + cash
        if to_head:
            self.heads[taker] = self.heads.get(taker, 0) + to_head

    def seal(self, envelopes: Envelopes) -> None:
        """BOUNTY-MYSTERY: the bounties on every head are pooled into the envelopes."""
        self.heads.clear()
        self.envelopes = envelopes

    def draw_envelope(self, shares: Sequence[tuple[int, int]]) -> None:
        """BOUNTY-MYSTERY: the next envelope is drawn and its ``shares`` paid in cash."""
        assert self.envelopes is not None
        self.envelopes.drawn += 1
        for taker, cash in shares:
            self.bounties_won[taker] = self.bounties_won.get(taker, 0) + cash

    @property
    def in_envelopes(self) -> int:
        """Return the cents still in envelopes not drawn."""
        if self.envelopes is None:
            return 0
        return sum(self.envelopes.order[self.envelopes.drawn :])

    @property
    def seats(self) -> int:
        """SAT-TICKET: how many seats a satellite's pool pays now (0: not a satellite)."""
        if self.rules is None or not self.rules.seat_value:
            return 0
        return self.pool // self.rules.seat_value

    @property
    def ticket_value(self) -> int:
        """SAT-TICKET: the cents issued as tickets and not refunded (used ones included)."""
        return sum(t.value for t in self.tickets.values() if not t.refunded)

    # -- totals -------------------------------------------------------------------------------

    def paid(self, part: str) -> int:
        """Return the cents paid for ``part`` (prize, fee or bounty), refunds deducted."""
        taken = sum(int(getattr(payment.price, part)) for payment in self.payments)
        return taken - sum(int(getattr(refund.price, part)) for refund in self.refunds)

    @property
    def pool(self) -> int:
        """Return the prize pool: the prize parts paid, the house's money, the overlay."""
        return self.collected + self.overlay

    @property
    def collected(self) -> int:
        """Return the prize parts paid and the house's contribution, before any guarantee."""
        house = self.rules.house if self.rules is not None else 0
        return self.paid("prize") + house + self.brought

    @property
    def overlay(self) -> int:
        """Return what the house adds to reach its guarantee."""
        guarantee = self.rules.guarantee if self.rules is not None else 0
        return max(0, guarantee - self.collected)

    @property
    def entries(self) -> int:
        """Return the entries paid for (buy-ins and re-entries not refunded): the field the
        standard payout table is for."""
        refunded = {refund.entry for refund in self.refunds}
        return self.brought_entries + sum(
            1
            for payment in self.payments
            if payment.kind in ENTRY_KINDS and payment.entry not in refunded
        )

    def current_prizes(self) -> tuple[int, ...]:
        """Return the prizes by place: those the director fixed, else the standard table for
        the entries and the pool now.

        Prizes fixed for another pool (a late entry, a rebuy or a refund came after them) keep
        their shape: they are scaled to the pool now, so that all of it is still won.
        """
        rules, pool = self.rules, self.pool
        if rules is not None and rules.flight_of:  # FLIGHT-MERGE: the day 2 pays them
            return ()
        if self.prizes is not None:
            if sum(self.prizes) == pool or not any(self.prizes):
                return self.prizes
            unit = rules.unit if rules is not None else 1
            return tuple(payouts.apportion(pool, self.prizes, unit=unit))
        entries = self.entries
        if rules is None or not entries or not pool:
            return ()
        if rules.seat_value:  # SAT-TICKET: seats to the first places, the remainder next
            return payouts.satellite(pool, rules.seat_value).sheet().amounts
        return standard_prizes(pool, entries, paid_percent=rules.paid_percent, unit=rules.unit)


def standard_prizes(pool: int, entries: int, *, paid_percent: int, unit: int) -> tuple[int, ...]:
    """Return the standard table's prizes for ``entries`` entries and a ``pool`` of cents.

    A ledger never fails: when the pool is too small to give every paid place a prize in
    whole ``unit`` (a few entries in, early in late registration), the prizes are rounded to the
    cent, and when even cents fall short, fewer places are paid.
    """
    table = payouts.PayoutTable.standard(entries, paid_percent=paid_percent)
    for rounding in (unit, 1):
        try:
            return table.pay(pool, unit=rounding).amounts
        except ParseError:
            continue
    places = min(table.places, pool)
    return payouts.PayoutTable.standard(entries, places=places).pay(pool).amounts


@dataclass(frozen=True, slots=True)
class Line:
    """What one entry paid and won, in cents."""

    entry: int
    player: str
    place: int | None
    paid: int
    prize: int
    bounties: int
    tickets: int = 0  # SAT-TICKET: the value of the satellite tickets won (not refunded)

    @property
    def net(self) -> int:
        """Return what the entry won less what it paid."""
        return self.prize + self.bounties + self.tickets - self.paid


@dataclass(frozen=True, slots=True)
class Statement:
    """The ledger of an event: a line per entry and the totals that must balance."""

    lines: tuple[Line, ...]
    taken: int  # every payment, refunds deducted
    fees: int
    house: int
    overlay: int
    pool: int
    prizes: int  # awarded so far (places reached)
    bounties: int  # paid in cash so far
    on_heads: int  # bounty money still on players in play (or in envelopes not drawn)
    unawarded: int  # prize money of places not reached yet
    tickets: int = 0  # SAT-TICKET: satellite tickets issued and not refunded, in cents
    by_ticket: int = 0  # SAT-TICKET: of ``taken``, the buy-ins paid by tickets
    brought: int = 0  # FLIGHT-MERGE: a day 2's pool brought from its flights
    carried: int = 0  # FLIGHT-MERGE: a flight's pool carried to its day 2

    @property
    def balances(self) -> bool:
        """Whether money in equals money out plus money still held, to the cent."""
        money_in = self.taken + self.house + self.overlay + self.brought
        held = self.on_heads + self.unawarded
        money_out = self.fees + self.prizes + self.bounties + self.tickets + self.carried
        return money_in == money_out + held


def statement(
    ledger: Ledger,
    players: Mapping[int, str],
    places: Mapping[int, tuple[int, int]],
    winner: int | None,
    *,
    surrendered: Collection[int] = (),
) -> Statement:
    """Return the ledger of an event.

    ``players`` names each entry; ``places`` gives each placed entry its (place, places shared);
    ``winner`` is the winner once there is one: his own bounty comes back to him then, with the
    bounties of the entries he ``surrendered`` to re-enter (TDA 7B).
    """
    prizes = ledger.current_prizes()
    awarded = _awards(prizes, places, ledger, winner)
    bounties = dict(ledger.bounties_won)
    on_heads = dict(ledger.heads)
    in_envelopes = ledger.in_envelopes
    if winner is not None:  # the winner keeps what is on his head
        for owner in (winner, *surrendered):
            if owner in on_heads:
                bounties[winner] = bounties.get(winner, 0) + on_heads.pop(owner)
        if in_envelopes:  # BOUNTY-MYSTERY: the envelopes not drawn are the winner's
            bounties[winner] = bounties.get(winner, 0) + in_envelopes
            in_envelopes = 0
    paid: dict[int, int] = {}
    for payment in ledger.payments:
        paid[payment.entry] = paid.get(payment.entry, 0) + payment.price.total
    for refund in ledger.refunds:
        paid[refund.entry] = paid.get(refund.entry, 0) - refund.price.total
    tickets: dict[int, int] = {}
    for ticket in ledger.tickets.values():  # SAT-TICKET: a refunded ticket is paid in cash
        won = awarded if ticket.refunded else tickets
        won[ticket.entry] = won.get(ticket.entry, 0) + ticket.value
    numbers = sorted(set(paid) | set(awarded) | set(bounties) | set(tickets))
    lines = tuple(
        Line(
            number,
            players.get(number, ""),
            places.get(number, (None, 1))[0],
            paid.get(number, 0),
            awarded.get(number, 0),
            bounties.get(number, 0),
            tickets.get(number, 0),
        )
        for number in numbers
    )
    pool = ledger.pool
    total_awarded = sum(awarded.values())
    return Statement(
        lines=lines,
        taken=sum(paid.values()),
        fees=ledger.paid("fee"),
        house=ledger.rules.house if ledger.rules is not None else 0,
        overlay=ledger.overlay,
        pool=pool,
        prizes=total_awarded,
        bounties=sum(bounties.values()),
        on_heads=sum(on_heads.values()) + in_envelopes,
        unawarded=pool - total_awarded - sum(tickets.values()) - ledger.carried_out,
        tickets=sum(tickets.values()),
        by_ticket=sum(p.price.total for p in ledger.payments if p.ticket)
        - sum(r.price.total for r in ledger.refunds if r.ticket),
        brought=ledger.brought,
        carried=ledger.carried_out,
    )


def _awards(
    prizes: Sequence[int],
    places: Mapping[int, tuple[int, int]],
    ledger: Ledger,
    winner: int | None,
) -> dict[int, int]:
    """Prizes by entry: the deal's shares for those in it, the place's prize for the others
    (shared places pool their prizes: ELIM-SIMULTANEOUS, ELIM-HFH-START)."""
    awarded: dict[int, int] = {}
    groups: dict[int, list[int]] = {}
    for entry, (place, _) in places.items():
        if ledger.deal is None or entry not in ledger.deal:
            groups.setdefault(place, []).append(entry)
    seats = ledger.seats
    sheet: payouts.PayoutSheet | None = None  # made once: a big field has many places
    for place, group in groups.items():
        if place <= seats:  # SAT-TICKET: a seat is paid as a ticket (ledger.tickets)
            continue
        if sheet is None:
            sheet = payouts.PayoutSheet(tuple(prizes))
        shares = _share(sheet, place, len(group), ledger)
        for entry, amount in zip(sorted(group), shares, strict=True):
            if amount:
                awarded[entry] = amount
    if ledger.deal is not None:
        for entry, amount in ledger.deal.items():
            awarded[entry] = amount
        if winner is not None and ledger.left_to_play:
            awarded[winner] = awarded.get(winner, 0) + ledger.left_to_play
    return awarded


def _share(sheet: payouts.PayoutSheet, place: int, players: int, ledger: Ledger) -> tuple[int, ...]:
    """The prizes of places ``place`` to ``place + players - 1``, split evenly."""
    unit = ledger.rules.unit if ledger.rules is not None else 1
    return payouts.share(sheet, range(place, place + players), unit=unit)
