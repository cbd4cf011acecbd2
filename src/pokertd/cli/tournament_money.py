"""``pokertd tournament`` money and chip commands: rebuy, addon, payouts, deal, ledger, export,
colour-ups, chip-race, chips-found.

They join the ``tournament`` group of ``cli.tournament_base`` and share its session, options and
reporting; ``cli.tournament`` imports this module, so the group always comes with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from pokertd.cli import tournament_base as base
from pokertd.cli.output import emit_json, user_errors
from pokertd.errors import IllegalActionError, ParseError
from pokertd.present.exports import csv_text, export_rows
from pokertd.present.flights import merge_lines
from pokertd.present.formats import format_money
from pokertd.present.money_input import parse_envelopes, parse_money, parse_pairs
from pokertd.present.money_log import (
    amount,
    envelopes_lines,
    envelopes_view,
    ticket_lines,
    ticket_rows,
)
from pokertd.present.tournament_input import parse_chips, parse_entry
from pokertd.present.tournament_views import table_text, who
from pokertd.present.words import Words
from pokertd.service.flights import merge as merge_flights
from pokertd.service.tickets import register_with_ticket
from pokertd.tournament import commands as cmd
from pokertd.tournament.chiprace import colour_up_schedule
from pokertd.tournament.deals import Deal, chip_chop, even_chop, icm_deal
from pokertd.tournament.flights import TwoBags
from pokertd.tournament.ledger import Statement
from pokertd.tournament.payouts import PayoutTable
from pokertd.tournament.reports import statement_of
from pokertd.tournament.state import TournamentState
from pokertd.tournament.structure import Structure

group = base.tournament_group


def _words() -> Words:
    return base.current_settings().words


def _no_money(words: Words) -> IllegalActionError:
    return IllegalActionError(
        words("this tournament records no money: it was created without --buy-in"),
        rule="EVENT-STATE",
    )


def _currency(state: TournamentState) -> str:
    return state.ledger.rules.currency if state.ledger.rules is not None else "EUR"


# -- rebuys and add-ons ---------------------------------------------------------------------------


@group.command("rebuy")
@click.argument("entry")
@click.option(
    "--stack", metavar="CHIPS", help="His stack now, if not reported since his last hand."
)
@base.event_options()
def rebuy_command(entry: str, stack: str | None, **_: Any) -> None:
    """A player rebuys one stack (BUY-REBUY-ELIGIBILITY: LFP 5.2, TDA 27, GM 18°).

    Allowed while the rebuy period runs (to the end of --rebuy-levels, and LFP 5.5's extra
    hands), when his stack meets the profile's threshold, within the event's limit. The chips are
    in play at once.
    """
    with user_errors(base.current_lang()):
        words = _words()
        chips = None if stack is None else parse_chips(stack, what="--stack", words=words)
        base.change([cmd.Rebuy(parse_entry(entry, words=words), chips)])


@group.command("addon")
@click.argument("entries", nargs=-1, required=True, metavar="ENTRY...")
@click.option("--double", is_flag=True, help="The double add-on.")
@base.event_options()
def addon_command(entries: tuple[str, ...], double: bool, **_: Any) -> None:
    """Players take the add-on at the end of the rebuy period (BUY-ADDON: LFP 5.4-5.5, GM 18°)."""
    with user_errors(base.current_lang()):
        words = _words()
        base.change([cmd.AddOn(parse_entry(text, words=words), double) for text in entries])


# -- payouts --------------------------------------------------------------------------------------


@group.command("payouts")
@click.option(
    "--table",
    "table_text_",
    metavar="TABLE",
    help="Fix the prizes by a table of percentages: '1: 50, 2: 30, 3: 20'.",
)
@click.option("--amounts", metavar="LIST", help="Fix the prizes as amounts: 500,300,200.")
@click.option(
    "--standard", is_flag=True, help="Fix the standard table for the entries and the pool now."
)
@base.event_options()
def payouts_command(table_text_: str | None, amounts: str | None, standard: bool, **_: Any) -> None:
    """Show the prize pool and the prizes by place, or fix them.

    Until they are fixed, the prizes follow the standard table for the entries and the pool so
    far. Fix them once registration closes: with a table of percentages, with amounts that add
    up to the pool, or with the standard table. Prizes are rounded to --round-to without
    creating or losing a cent.
    """
    with user_errors(base.current_lang()):
        words = _words()
        if sum(map(bool, (table_text_, amounts, standard))) > 1:
            raise ParseError(words("give one of --table, --amounts and --standard"))
        if not (table_text_ or amounts or standard):
            _show_payouts()
            return
        with base.tournament_session() as session:
            ledger = session.load().state.ledger
        prizes: tuple[int, ...] | None = None
        if table_text_:
            unit = ledger.rules.unit if ledger.rules is not None else 1
            prizes = PayoutTable.parse(table_text_).pay(ledger.pool, unit=unit).amounts
        elif amounts:
            prizes = tuple(
                parse_money(part, what="--amounts", words=words) for part in amounts.split(",")
            )
        base.change([cmd.SetPayouts(prizes)])


def _show_payouts() -> None:
    with base.tournament_session() as session:
        state = session.load().state
        words, ledger = session.words, state.ledger
        if ledger.rules is None:
            raise _no_money(words)
        prizes = ledger.current_prizes()
        if session.settings.as_json:
            emit_json(
                {
                    "tournament": session.id,
                    "entries": ledger.entries,
                    "pool": ledger.pool,
                    "overlay": ledger.overlay,
                    "fixed": ledger.prizes is not None,
                    "prizes": list(prizes),
                }
            )
            return
        cur = _currency(state)
        lines = [
            words(
                "prize pool {pool} from {entries} entries",
                pool=amount(ledger.pool, words, cur),
                entries=ledger.entries,
            )
        ]
        if ledger.overlay:
            overlay = amount(ledger.overlay, words, cur)
            lines.append(words("  of which overlay {overlay}", overlay=overlay))
        if ledger.prizes is not None:
            lines.append(words("prizes fixed"))
        else:
            lines.append(words("standard table, not fixed yet: it follows the entries"))
        rows = [[words("place"), words("prize")]]
        rows += [[str(place), amount(prize, words, cur)] for place, prize in enumerate(prizes, 1)]
        click.echo("\n".join(lines + table_text(rows, indent="  ")))


# -- deals ----------------------------------------------------------------------------------------


@group.command("deal")
@click.argument(
    "method", required=False, type=click.Choice(["icm", "chip-chop", "even-chop", "custom"])
)
@click.option("--left", metavar="AMOUNT", help="Money kept aside for the winner of the play.")
@click.option(
    "--stack",
    "stacks",
    multiple=True,
    metavar="ENTRY=CHIPS",
    help="A player's chips, when not reported since his last hand.",
)
@click.option(
    "--amount",
    "amounts",
    multiple=True,
    metavar="ENTRY=AMOUNT",
    help="A custom deal's amount for each player.",
)
@base.event_options()
def deal_command(
    method: str | None,
    left: str | None,
    stacks: tuple[str, ...],
    amounts: tuple[str, ...],
    **_: Any,
) -> None:
    """Show the deals the players left could make, or record the one they agreed.

    Without METHOD: each player's amount under ICM (Malmuth-Harville), chip chop and even
    chop, nothing recorded. With METHOD: the deal is recorded and the players' prizes are set;
    play goes on for the title and the money --left to play for.
    """
    with user_errors(base.current_lang()):
        words = _words()

        def chips_of(text: str) -> int:
            return parse_chips(text, what="--stack", words=words)

        def money_of(text: str) -> int:
            return parse_money(text, what="--amount", words=words)

        chips = parse_pairs(stacks, option="--stack", words=words, value=chips_of)
        custom = parse_pairs(amounts, option="--amount", words=words, value=money_of)
        kept = 0 if left is None else parse_money(left, what="--left", words=words)
        if method is None:
            _show_deals(chips, kept)
            return
        base.change([cmd.MakeDeal(method, chips, kept, custom)])


def _show_deals(chips: dict[int, int], left: int) -> None:
    with base.tournament_session() as session:
        state, words = session.load().state, session.words
        ledger = state.ledger
        if ledger.rules is None:
            raise _no_money(words)
        players = sorted(entry.number for entry in state.active())
        stacks = [chips.get(n, state.entries[n].stack or 0) for n in players]
        prizes = ledger.current_prizes()[: len(players)]
        unit = ledger.rules.unit
        found: dict[str, Deal] = {
            "icm": icm_deal(stacks, prizes, left_to_play_for=left, unit=unit),
            "chip-chop": chip_chop(stacks, prizes, left_to_play_for=left, unit=unit),
            "even-chop": even_chop(stacks, prizes, left_to_play_for=left, unit=unit),
        }
        if session.settings.as_json:
            deals = {name: list(deal.amounts) for name, deal in found.items()}
            emit_json(
                {
                    "tournament": session.id,
                    "players": players,
                    "stacks": stacks,
                    "prizes": list(prizes),
                    "left_to_play_for": left,
                    "deals": deals,
                }
            )
            return
        cur = _currency(state)
        rows = [words("player chips icm chip-chop even-chop").split()]
        for index, number in enumerate(players):
            rows.append(
                [
                    who(state, number),
                    str(stacks[index]),
                    *(format_money(deal.amounts[index], words.lang) for deal in found.values()),
                ]
            )
        count = len(players)
        lines = [
            words(
                "deals for {count} players, in {cur} (nothing recorded):",
                count=count,
                cur=cur,
            )
        ]
        if left:
            lines.append(words("  {left} left to play for", left=amount(left, words, cur)))
        click.echo("\n".join(lines + table_text(rows, indent="  ")))


# -- mystery bounties (issue 22, BOUNTY-MYSTERY) -------------------------------------------------


@group.command("envelopes")
@click.option("--seal", "prizes", metavar="LIST",
              help="Publish the prize list and seal the envelopes: 500,100x3,50x4.")  # fmt: skip
@base.event_options()
def envelopes_command(prizes: str | None, **_: Any) -> None:
    """Mystery bounties: seal the envelopes at the stage you choose, or show them.

    --seal publishes the prize list (one envelope per player left, adding up to the bounty
    pool); pokertd shuffles it and shows the commitment to the order at once. From then on
    each elimination draws the next envelope; once the tournament is over, the order and the
    salt are shown, and anyone can check them against the commitment.
    """
    with user_errors(base.current_lang()):
        words = _words()
        if prizes is not None:
            base.change([cmd.SealEnvelopes(parse_envelopes(prizes, words=words))])
            return
        with base.tournament_session() as session:
            state = session.load().state
            view = envelopes_view(state)
            if session.settings.as_json:
                emit_json({"tournament": session.id, **view})
                return
            click.echo("\n".join(envelopes_lines(view, words, _currency(state))))


# -- satellite tickets (issue 22, SAT-TICKET) -----------------------------------------------------


@group.group("tickets", invoke_without_command=True)
@base.event_options()
@click.pass_context
def tickets_group(context: click.Context, /, **_: Any) -> None:
    """A satellite's tickets: list them, or issue, transfer or refund them (SAT-TICKET)."""
    if context.invoked_subcommand is not None:
        return
    with user_errors(base.current_lang()), base.tournament_session() as session:
        state, words = session.load().state, session.words
        rows = ticket_rows(state, session.id)
        if session.settings.as_json:
            emit_json({"tournament": session.id, "tickets": rows})
            return
        click.echo("\n".join(ticket_lines(rows, words, _currency(state))))


@tickets_group.command("issue")
@base.event_options()
def tickets_issue_command(**_: Any) -> None:
    """The bubble has burst: each player in a seat gets a ticket to the target event."""
    with user_errors(base.current_lang()):
        base.change([cmd.IssueTickets()])


@tickets_group.command("transfer")
@click.argument("entry")
@click.argument("holder")
@base.event_options()
def tickets_transfer_command(entry: str, holder: str, **_: Any) -> None:
    """Give entry ENTRY's ticket to HOLDER (a transferable ticket only)."""
    with user_errors(base.current_lang()):
        base.change([cmd.TransferTicket(parse_entry(entry, words=_words()), holder)])


@tickets_group.command("refund")
@click.argument("entry")
@base.event_options()
def tickets_refund_command(entry: str, **_: Any) -> None:
    """Give entry ENTRY's ticket back for its value in cash (a refundable ticket only)."""
    with user_errors(base.current_lang()):
        base.change([cmd.RefundTicket(parse_entry(entry, words=_words()))])


@group.command("register-ticket")
@click.argument("code")
@click.option("--name", default="", help="Who plays (default: the ticket's holder).")
@base.event_options()
def register_ticket_command(code: str, name: str, **_: Any) -> None:
    """Register a player whose buy-in a satellite ticket pays (CODE: SATELLITE#ENTRY).

    The satellite records its ticket used, this tournament the buy-in paid by it; a ticket
    refused leaves both as they were.
    """
    with user_errors(base.current_lang()), base.tournament_session() as session:
        done = register_with_ticket(session.service, session.id, code, name)
        base.report(session, done, show_clock=False)


# -- starting flights merged into a day 2 (issue 22, FLIGHT-MERGE) -------------------------------


@group.command("merge")
@click.argument("event")
@click.option("--title", metavar="TITLE", help="The day 2's title (default: EVENT, day 2).")
@click.option("--two-bags", type=click.Choice([item.value for item in TwoBags]), default=None,
              help="A player who bagged in two flights: his first, best or all stacks "
                   "(FLIGHT-TWO-BAGS; default: the flights' rule, else best).")  # fmt: skip
@base.event_options(event=False)
def merge_command(event: str, title: str | None, two_bags: str | None, **_: Any) -> None:
    """Merge the bagged flights of EVENT (created with --flight-of EVENT) into its day 2.

    The survivors take their bagged stacks to a new tournament, the seats are drawn again
    (LFP 1.5), and the flights' prize pools and entries go with them: the day 2 pays the
    whole field. Each flight must have ended its day with the stacks (`day end --stacks`).
    """
    with user_errors(base.current_lang()), base.tournament_session() as session:
        words = session.words
        name = title or words("{event}, day 2", event=event)
        asked = TwoBags(two_bags) if two_bags else None
        merged = merge_flights(session.service, event, name, asked)
        session.choose(merged.day_two)
        service = session.service
        titles = {stream: service.load(stream).state.title for stream in merged.flights}
        state = service.load(merged.day_two).state
        if session.settings.as_json:
            emit_json(
                {
                    "tournament": merged.day_two,
                    "flights": list(merged.flights),
                    "pool": merged.pool,
                    "entries": merged.entries,
                    "seats": [
                        {"player": e.player, "table": e.table, "seat": e.seat, "chips": e.stack}
                        for e in state.active()
                    ],
                }
            )
            return
        click.echo("\n".join(merge_lines(merged, state, titles, words)))


# -- the ledger and exports -----------------------------------------------------------------------


@group.command("ledger")
@base.event_options()
def ledger_command(**_: Any) -> None:
    """Show who paid what and who won what, and check that the money balances to the cent."""
    with user_errors(base.current_lang()), base.tournament_session() as session:
        state, words = session.load().state, session.words
        if state.ledger.rules is None:
            raise _no_money(words)
        sheet = statement_of(state)
        if session.settings.as_json:
            emit_json({"tournament": session.id, **_statement_json(sheet)})
            return
        click.echo("\n".join(_statement_lines(sheet, words, _currency(state))))


def _statement_json(sheet: Statement) -> dict[str, Any]:
    return {
        "lines": [
            {
                "entry": line.entry,
                "player": line.player,
                "place": line.place,
                "paid": line.paid,
                "prize": line.prize,
                "bounties": line.bounties,
                "tickets": line.tickets,
                "net": line.net,
            }
            for line in sheet.lines
        ],
        "taken": sheet.taken,
        "fees": sheet.fees,
        "house": sheet.house,
        "overlay": sheet.overlay,
        "pool": sheet.pool,
        "prizes": sheet.prizes,
        "bounties": sheet.bounties,
        "on_heads": sheet.on_heads,
        "unawarded": sheet.unawarded,
        "tickets": sheet.tickets,
        "by_ticket": sheet.by_ticket,
        "brought": sheet.brought,
        "carried": sheet.carried,
        "balances": sheet.balances,
    }


def _statement_lines(sheet: Statement, words: Words, cur: str) -> list[str]:
    def money(cents: int) -> str:
        return format_money(cents, words.lang)

    rows = [words("entry player place paid prize bounties net").split()]
    rows += [
        [
            f"#{line.entry}",
            line.player,
            "-" if line.place is None else str(line.place),
            money(line.paid),
            money(line.prize),
            money(line.bounties),
            money(line.net),
        ]
        for line in sheet.lines
    ]
    totals = [
        (words("money in (payments)"), sheet.taken),
        (words("house contribution"), sheet.house),
        (words("overlay (guarantee)"), sheet.overlay),
        (words("fees to the house"), -sheet.fees),
        (words("prizes awarded"), -sheet.prizes),
        (words("bounties paid"), -sheet.bounties),
        (words("bounties on heads"), -sheet.on_heads),
        (words("prizes still to award"), -sheet.unawarded),
    ]
    if sheet.tickets:  # SAT-TICKET: seats paid as tickets
        totals.insert(-3, (words("tickets issued"), -sheet.tickets))
    if sheet.brought:  # FLIGHT-MERGE: a day 2's pool came from its flights
        totals.insert(1, (words("prize pool brought from the flights"), sheet.brought))
    if sheet.carried:  # FLIGHT-MERGE: a flight's pool went to its day 2
        totals.insert(-3, (words("prize pool carried to day 2"), -sheet.carried))
    lines_by_ticket = []
    if sheet.by_ticket:
        lines_by_ticket = [words("  of the payments, by satellite tickets: {by_ticket}",
                                 by_ticket=money(sheet.by_ticket))]  # fmt: skip
    lines = [*table_text(rows), "", words("totals in {cur}:", cur=cur)]
    lines += table_text([[f"  {label}", money(value)] for label, value in totals])
    verdict = words("balances to the cent") if sheet.balances else words("DOES NOT BALANCE")
    return [*lines, *lines_by_ticket, f"  {verdict}"]


@group.command("export")
@click.argument("what", type=click.Choice(["results", "payouts", "ledger", "people"]))
@click.argument("path", metavar="FILE.csv")
@base.event_options()
def export_command(what: str, path: str, **_: Any) -> None:
    """Write the results, the payouts, the ledger or the ledger by person (people) as CSV
    (FILE.csv, or - for the screen).

    Comma-separated, amounts with a decimal point; the results file is what `pokertd league
    add-event --csv` reads.
    """
    with user_errors(base.current_lang()), base.tournament_session() as session:
        state, words = session.load().state, session.words
        rows = export_rows(what, state)
        text = csv_text(rows)
        if path == "-":
            click.echo(text, nl=False)
            return
        Path(path).write_text(text, encoding="utf-8")
        click.echo(words("{count} rows written to {path}", count=len(rows) - 1, path=path))


# -- chips ----------------------------------------------------------------------------------------


@group.command("colour-ups")
@base.event_options()
def colour_ups_command(**_: Any) -> None:
    """Show when each chip leaves play (CHIP-WHEN: TDA 25B, GM 2°): at the breaks the structure
    marks, or at the first break after which no level needs it."""
    with user_errors(base.current_lang()), base.tournament_session() as session:
        state, words = session.load().state, session.words
        structure = Structure.from_dict(state.structure.to_dict()) if state.structure else None
        schedule = colour_up_schedule(structure) if structure is not None else ()
        if session.settings.as_json:
            emit_json(
                {
                    "tournament": session.id,
                    "colour_ups": [
                        {"item": c.index, "old": c.old, "new": c.new, "marked": c.is_marked}
                        for c in schedule
                    ],
                }
            )
            return
        if not schedule:
            click.echo(words("no chip leaves play"))
            return
        lines = []
        for change in schedule:
            after = structure.level_number(change.index - 1) if structure else None
            when = words("after level {after}", after=after)
            how = "" if change.is_marked else words(" (worked out)")
            old, new = change.old, change.new
            lines.append(
                words(
                    "{when}: {old} chips raced into {new}{how}",
                    when=when,
                    old=old,
                    new=new,
                    how=how,
                )
            )
        click.echo("\n".join(lines))


@group.command("chip-race")
@click.argument("table", type=int)
@click.option("--old", required=True, type=int, metavar="CHIP", help="The chip that leaves play.")
@click.option("--new", required=True, type=int, metavar="CHIP", help="The chip it is raced into.")
@click.option(
    "--chips",
    "counts",
    multiple=True,
    metavar="SEAT=N",
    help="How many old chips a seat holds (one per seat with any).",
)
@click.option(
    "--cards",
    "cards",
    multiple=True,
    metavar="SEAT=CARDS",
    help="The race cards a seat was dealt at the table, e.g. 3=As,Td; else pokertd deals them.",
)
@click.option(
    "--stack",
    "stacks",
    multiple=True,
    metavar="SEAT=CHIPS",
    help="A seat's stack, when not reported since its last hand.",
)
@base.event_options()
def chip_race_command(
    table: int,
    old: int,
    new: int,
    counts: tuple[str, ...],
    cards: tuple[str, ...],
    stacks: tuple[str, ...],
    **_: Any,
) -> None:
    """Race a table's OLD chips into NEW ones, per the profile (CHIP-*: LFP 10, TDA 24, GM 2°,
    BAN): the cards each seat got, who won which chip, and what the rounding created."""
    with user_errors(base.current_lang()):
        words = _words()

        def number(text: str) -> int:
            return parse_chips(text, what="--chips", words=words)

        chips = parse_pairs(counts, option="--chips", value=number, words=words)
        stack = parse_pairs(stacks, option="--stack", value=number, words=words)
        dealt = _parse_cards(cards, words)
        base.change([cmd.RunChipRace(table, old, new, chips, dealt, stack)])


def _parse_cards(texts: Sequence[str], words: Words) -> dict[int, tuple[str, ...]]:
    found: dict[int, tuple[str, ...]] = {}
    for text in texts:
        seat, equals, cards = text.partition("=")
        if not equals or not seat.strip().isdigit():
            raise ParseError(
                words("--cards takes SEAT=CARDS, such as 3=As,Td, not {text!r}", text=text)
            )
        found[int(seat)] = tuple(card.strip() for card in cards.split(",") if card.strip())
    return found


@group.command("chips-found")
@click.argument("entry")
@click.argument("count", type=int)
@click.option("--old", required=True, type=int, metavar="CHIP", help="The chip raced out.")
@base.event_options()
def chips_found_command(entry: str, count: int, old: int, **_: Any) -> None:
    """Chips of a raced denomination found in a stack after the race (CHIP-LATE-FOUND: LFP
    10.7, TDA 24C, GM 2°, BAN): removed, or exchanged, per the profile."""
    with user_errors(base.current_lang()):
        base.change([cmd.FindChips(parse_entry(entry, words=_words()), count, old)])
