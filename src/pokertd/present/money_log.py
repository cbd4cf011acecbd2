"""What ``pokertd tournament`` says about money and chips: the fee profile, payments, bounties,
payouts, deals and chip races, in English or French."""

from __future__ import annotations

from typing import Any

from pokertd.messages import message
from pokertd.present.formats import format_money
from pokertd.present.tournament_views import table_text, who
from pokertd.present.words import Words
from pokertd.tournament import events as ev
from pokertd.tournament.bounties import verify_envelopes
from pokertd.tournament.chiprace import AwardReason, ChipRace
from pokertd.tournament.money import Bounty, MoneyRules, Price
from pokertd.tournament.state import TournamentState
from pokertd.tournament.tickets import ticket_code

#: The payment kinds with their articles (French: le buy-in, la recave...).
_KINDS = {
    "buy-in": message("the buy-in"),
    "re-entry": message("the re-entry"),
    "rebuy": message("the rebuy"),
    "add-on": message("the add-on"),
    "double-add-on": message("the double-add-on"),
}


def amount(cents: int, words: Words, currency: str = "EUR") -> str:
    """Return ``18.00 EUR`` (``18,00 EUR`` in French)."""
    return f"{format_money(cents, words.lang)} {currency}"


def price_text(price: Price, words: Words, currency: str) -> str:
    """Return ``18.00+2.00 EUR`` (prize+fee), with the bounty and the chips when there are."""
    text = format_money(price.prize, words.lang)
    if price.fee:
        text += "+" + format_money(price.fee, words.lang)
    if price.bounty:
        text += "+" + format_money(price.bounty, words.lang)
    text += f" {currency}"
    if price.chips:
        text += words(" for {chips} chips", chips=price.chips)
    return text


def rules_lines(rules: MoneyRules, words: Words) -> list[str]:
    """Return the fee profile as a few indented lines."""
    cur = rules.currency
    lines = [words("  buy-in {buy_in}", buy_in=price_text(rules.buy_in, words, cur))]
    if rules.bounty is not Bounty.NONE:
        head = amount(rules.buy_in.bounty, words, cur)
        if rules.bounty is Bounty.FIXED:
            lines.append(words("  bounty {head} per head", head=head))
        elif rules.bounty is Bounty.MYSTERY:
            lines.append(words("  mystery bounty {head} per head, drawn in envelopes", head=head))
        else:
            cash = rules.bounty_cash_percent
            lines.append(
                words(
                    "  progressive bounty {head}: {cash} % in cash, the rest on the taker's head",
                    head=head,
                    cash=cash,
                )
            )
    if rules.seat_value:  # SAT-TICKET
        lines.append(
            words(
                "  satellite: seats of {seat} to {target} as tickets",
                seat=amount(rules.seat_value, words, cur),
                target=rules.target,
            )
        )
        if rules.transferable:
            lines.append(words("  the tickets may change hands"))
        if rules.refundable:
            lines.append(words("  the tickets may be given back for cash"))
    if rules.rebuy is not None:
        limit = rules.rebuy_limit
        most = words(", at most {limit}", limit=limit) if limit else ""
        text = price_text(rules.rebuy, words, cur)
        lines.append(
            words(
                "  rebuys {text} until the end of level {rebuy_levels}{most}",
                text=text,
                rebuy_levels=rules.rebuy_levels,
                most=most,
            )
        )
    if rules.addon is not None:
        lines.append(words("  add-on {addon}", addon=price_text(rules.addon, words, cur)))
    if rules.double_addon is not None:
        text = price_text(rules.double_addon, words, cur)
        lines.append(words("  double add-on {text}", text=text))
    if rules.guarantee or rules.house:
        parts = []
        if rules.guarantee:
            parts.append(
                words("guarantee {guarantee}", guarantee=amount(rules.guarantee, words, cur))
            )
        if rules.house:
            house = amount(rules.house, words, cur)
            parts.append(words("house adds {house}", house=house))
        lines.append("  " + ", ".join(parts))
    return lines


def describe(event: ev.TournamentEvent, state: TournamentState, words: Words) -> list[str] | None:
    """Return the lines telling a money or chip event, or None for another event."""
    cur = state.ledger.rules.currency if state.ledger.rules is not None else "EUR"
    match event:
        case ev.PaymentTaken(entry=number, kind=kind):
            price = Price(event.prize, event.fee, event.bounty, event.chips)
            text = price_text(price, words, cur)
            paid = _KINDS.get(kind) or message("the {kind}", kind=kind)
            if event.ticket:  # SAT-TICKET
                return [
                    words(
                        "{name} paid {kind} with ticket {ticket}: {text}",
                        name=who(state, number),
                        kind=paid,
                        ticket=event.ticket,
                        text=text,
                    )
                ]
            return [
                words("{name} paid {kind}: {text}", name=who(state, number), kind=paid, text=text)
            ]
        case ev.PaymentRefunded(entry=number, ticket=ticket) if ticket:  # SAT-TICKET
            return [
                words(
                    "{player} refunded: ticket {ticket} given back",
                    player=who(state, number),
                    ticket=ticket,
                )
            ]
        case ev.PaymentRefunded(entry=number):
            back = amount(event.prize + event.fee + event.bounty, words, cur)
            return [words("{player} refunded {back}", player=who(state, number), back=back)]
        case ev.BountyTaken(busted=busted, taker=taker, cash=cash, to_head=to_head):
            text = words(
                "{taker} takes the bounty of {busted}: {cash}",
                taker=who(state, taker),
                busted=who(state, busted),
                cash=amount(cash, words, cur),
            )
            if to_head:
                text += words(
                    ", and {to_head} on his head",
                    to_head=amount(to_head, words, cur),
                )
            return [text]
        case ev.EnvelopesSealed(prizes=prizes, commitment=sealed):
            listed = ", ".join(amount(value, words, cur) for value in sorted(prizes, reverse=True))
            return [
                words("mystery envelopes sealed: {listed}", listed=listed),
                words("  commitment to their order: {sealed}", sealed=sealed),
            ]
        case ev.EnvelopeDrawn(busted=busted, envelope=number, value=value, shares=shares):
            lines = [
                words(
                    "envelope {number} for the elimination of {busted}: {value}",
                    number=number,
                    busted=who(state, busted),
                    value=amount(value, words, cur),
                )
            ]
            lines += [
                f"  {who(state, taker)}: {amount(cash, words, cur)}" for taker, cash in shares
            ]
            return lines
        case ev.TicketIssued(entry=number, value=value, target=target):
            text = amount(value, words, cur)
            return [
                words(
                    "{name} wins a ticket to {target} ({text})",
                    name=who(state, number),
                    target=target,
                    text=text,
                )
            ]
        case ev.TicketTransferred(entry=number, holder=holder):
            return [
                words(
                    "{name}'s ticket now belongs to {holder}",
                    name=who(state, number),
                    holder=holder,
                )
            ]
        case ev.TicketRefunded(entry=number, value=value):
            text = amount(value, words, cur)
            return [words("{name}'s ticket refunded: {text}", name=who(state, number), text=text)]
        case ev.TicketReturned(entry=number):
            return [
                words(
                    "{name}'s ticket is open again (the entry it paid withdrew)",
                    name=who(state, number),
                )
            ]
        case ev.TicketUsed(entry=number, target=target, player=player):
            return [
                words(
                    "{name}'s ticket pays {player}'s buy-in at {target}",
                    name=who(state, number),
                    player=player,
                    target=target,
                )
            ]
        case ev.FlightCarried(into=into, pool=pool, entries=entries):  # FLIGHT-MERGE
            return [
                words(
                    "flight carried to day 2 ({into}): {pool} from {entries} entries",
                    into=into,
                    pool=amount(pool, words, cur),
                    entries=entries,
                )
            ]
        case ev.FlightsMerged(flights=merged, pool=pool, entries=entries, stacks=stacks):
            return [
                words(
                    "day 2 of flights {flights}: {players} players, {pool} from {entries} entries",
                    flights=", ".join(merged),
                    players=len(stacks),
                    pool=amount(pool, words, cur),
                    entries=entries,
                )
            ]
        case ev.PayoutsSet(prizes=prizes, pool=pool):
            total = amount(pool, words, cur)
            return [
                words(
                    "payouts fixed: {count} places paid from {total}",
                    count=len(prizes),
                    total=total,
                )
            ]
        case ev.DealMade(method=method, shares=shares, left=left):
            return _deal_lines(method, shares, left, state, words, cur)
        case ev.ChipRaceRun():
            return race_lines(ChipRace.from_dict(event.race), event.table, state, words)
        case ev.ChipsFound(entry=number, found=found):
            return [_found_line(found, who(state, number), words)]
    return None


def _deal_lines(
    method: str,
    shares: tuple[tuple[int, int], ...],
    left: int,
    state: TournamentState,
    words: Words,
    cur: str,
) -> list[str]:
    lines = [words("deal ({method}) between {count} players", method=method, count=len(shares))]
    lines += [f"  {who(state, number)}: {amount(cents, words, cur)}" for number, cents in shares]
    if left:
        lines.append(words("  left to play for: {left}", left=amount(left, words, cur)))
    return lines


def race_lines(race: ChipRace, table: int, state: TournamentState, words: Words) -> list[str]:
    """Return the record of a chip race: the chips raced, who was dealt which cards, who got
    which chip and why, and what the rounding created (CHIP-CARDS, CHIP-COUNT-ROUNDING)."""
    seats = state.tables[table].players if table in state.tables else {}

    def seat(number: int) -> str:
        entry = seats.get(number)
        name = who(state, int(entry)) if entry is not None else ""
        return words("seat {number} {name}", number=number, name=name).rstrip()

    raced = sum(count for _, count in race.chips)
    lines = [
        words(
            "chip race at table {table}: {raced} chips of {old} into {new} ({counted} to "
            "win, profile {profile})",
            table=table,
            raced=raced,
            old=race.old,
            new=race.new,
            counted=race.counted,
            profile=race.profile,
        )
    ]
    for dealt in race.deals:
        cards = " ".join(str(card) for card in dealt.cards)
        lines.append(words("  {seat} dealt {cards}", seat=seat(dealt.seat), cards=cards))
    for award in race.awards:
        lines.append(
            "  "
            + _award_text(
                award.reason, seat(award.seat), award.chips, award.denomination, award.card, words
            )
        )
    if race.created:
        lines.append(
            words(
                "  chips in play {created:+d} (rounding and protection)",
                created=race.created,
            )
        )
    return lines


def _award_text(
    reason: AwardReason, seat: str, chips: int, denomination: int, card: Any, words: Words
) -> str:
    if reason is AwardReason.CARD:
        return words(
            "{seat} wins a {denomination} chip with {card}",
            seat=seat,
            denomination=denomination,
            card=card,
        )
    if reason is AwardReason.EXCHANGE:
        return words(
            "{seat} exchanges for {chips} x {denomination}",
            seat=seat,
            chips=chips,
            denomination=denomination,
        )
    return words(
        "{seat} keeps a {denomination} chip: nobody is raced out",
        seat=seat,
        denomination=denomination,
    )


def _found_line(found: dict[str, Any], name: str, words: Words) -> str:
    count, old, chips = found["count"], found["old"], found["chips"]
    denomination, removed = found["denomination"], found["removed"]
    given = (
        words(", {chips} x {denomination} given", chips=chips, denomination=denomination)
        if chips
        else ""
    )
    return words(
        "{count} chips of {old} found with {name}: {removed} removed{given}",
        count=count,
        old=old,
        name=name,
        removed=removed,
        given=given,
    )


def envelopes_view(state: TournamentState) -> dict[str, Any]:
    """BOUNTY-MYSTERY: the published prize list, the commitment and the envelopes drawn; the
    order and the salt once the tournament is over (before, they would tell what is left)."""
    sealed = state.ledger.envelopes
    if sealed is None:
        return {"sealed": False}
    view: dict[str, Any] = {
        "sealed": True,
        "prizes": sorted(sealed.prizes, reverse=True),
        "commitment": sealed.commitment,
        "drawn": list(sealed.order[: sealed.drawn]),
        "left": len(sealed.order) - sealed.drawn,
    }
    if state.winner is not None:
        view["order"], view["salt"] = list(sealed.order), sealed.salt
        view["verified"] = verify_envelopes(
            sealed.commitment, sealed.salt, sealed.order, sealed.prizes
        )
    return view


def envelopes_lines(view: dict[str, Any], words: Words, cur: str) -> list[str]:
    """Return the lines of ``envelopes_view``."""
    if not view["sealed"]:
        return [words("the mystery envelopes are not sealed yet")]

    def listed(values: list[int]) -> str:
        return ", ".join(amount(value, words, cur) for value in values) or "-"

    lines = [
        words("prize list: {listed}", listed=listed(view["prizes"])),
        words("commitment: {sealed}", sealed=view["commitment"]),
        words("drawn: {listed}", listed=listed(view["drawn"])),
        words("envelopes left: {left}", left=view["left"]),
    ]
    if "order" in view:
        lines.append(words("order: {listed}", listed=listed(view["order"])))
        lines.append(words("salt: {salt}", salt=view["salt"]))
        if view["verified"]:
            lines.append(words("the order matches the commitment"))
        else:
            lines.append(words("THE ORDER DOES NOT MATCH THE COMMITMENT"))
    return lines


def ticket_rows(state: TournamentState, satellite: str) -> list[dict[str, Any]]:
    """SAT-TICKET: a satellite's tickets, with their codes and where each stands."""
    rows = []
    for number, ticket in sorted(state.ledger.tickets.items()):
        status = "used" if ticket.used_by else "refunded" if ticket.refunded else "open"
        rows.append(
            {
                "code": ticket_code(satellite, number),
                "entry": number,
                "holder": ticket.holder,
                "value": ticket.value,
                "target": ticket.target,
                "status": status,
                "used_by": ticket.used_by,
            }
        )
    return rows


def ticket_lines(rows: list[dict[str, Any]], words: Words, cur: str) -> list[str]:
    """Return the lines of ``ticket_rows``."""
    if not rows:
        return [words("no ticket issued")]
    status = {
        "open": words("not used"),
        "used": words("used"),
        "refunded": words("refunded"),
    }
    header = words("code holder value target status").split()
    table = [header] + [
        [row["code"], row["holder"], amount(row["value"], words, cur), row["target"],
         status[row["status"]]]
        for row in rows
    ]  # fmt: skip
    return table_text(table)
