"""``pokertd tournament`` commands that came with the console's night: pre-registration and the
buy-in paid later, a table's chip counts at once, dealing hand-for-hand, correcting an earlier
command, archiving an event.

They join the ``tournament`` group of ``cli.tournament_base`` (``hfh deal`` joins the ``hfh``
group: ``cli.tournament`` adds it); their ``--help`` is in English or French, as every
command's (``cli.bilingual_help``). ``cli.tournament`` imports this module, so the group always
comes with them.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import click

from pokertd.cli import tournament_base as base
from pokertd.cli.output import emit_json, user_errors
from pokertd.errors import ParseError
from pokertd.present import tournament_log
from pokertd.present.tournament_input import (
    parse_by_entry,
    parse_chips,
    parse_entries,
    read_stacks,
)
from pokertd.present.words import Words
from pokertd.tournament import commands as cmd

group = base.tournament_group


def _words() -> Words:
    return base.current_settings().words


# -- pre-registration and the buy-in paid later ---------------------------------------------------


@group.command(
    "preregister",
    help=(
        "Register players from a list, to pay when they come: `pay` takes their buy-in then.\n\n"
        "A pre-registered player has neither paid nor checked in. An event created without "
        "--buy-in takes no payment: `register` is all it needs."
    ),
)
@click.argument("names", nargs=-1, required=True, metavar="NAME...")
@click.option("--contact", default="", help="A phone number or an e-mail, for each name given.")
@base.event_options()
def preregister_command(names: tuple[str, ...], contact: str, **_: Any) -> None:
    with user_errors(base.current_lang()):
        base.change([cmd.Register(name, contact, paid=False) for name in names])


@group.command(
    "pay",
    help=(
        "Take the buy-in of pre-registered entries; ranges such as 1-20 are accepted.\n\n"
        "All or nothing: an entry already paid refuses the whole command."
    ),
)
@click.argument("entries", nargs=-1, required=True, metavar="ENTRY...")
@base.event_options()
def pay_command(entries: tuple[str, ...], **_: Any) -> None:
    with user_errors(base.current_lang()):
        base.change([cmd.PayBuyIn(number) for number in parse_entries(entries, words=_words())])


# -- chip counts ----------------------------------------------------------------------------------


@group.command(
    "stacks",
    help=(
        "Record the chip counts of several players at once (a table counted): ENTRY=CHIPS "
        "pairs, or a CSV file with `entry` and `chips` columns."
    ),
)
@click.argument("pairs", nargs=-1, metavar="[ENTRY=CHIPS]...")
@click.option(
    "--file",
    "stacks_file",
    metavar="FILE.csv",
    help=("The counts from a CSV file with `entry` and `chips` columns."),
)
@base.event_options()
def stacks_command(pairs: tuple[str, ...], stacks_file: str | None, **_: Any) -> None:
    with user_errors(base.current_lang()):
        words = _words()
        if bool(pairs) == (stacks_file is not None):
            raise ParseError(words("give the chip counts as ENTRY=CHIPS pairs or with --file"))
        if stacks_file is not None:
            counted = read_stacks(Path(stacks_file), words=words)
        else:
            counted = parse_by_entry(
                pairs,
                option="stacks",
                shape=words("ENTRY=CHIPS, such as 12=4500"),
                value=lambda text, number: parse_chips(
                    text, what=words("the stack of entry {number}", number=number), words=words
                ),
                words=words,
            )
        base.change([cmd.ReportStacks(counted)])


# -- hand-for-hand --------------------------------------------------------------------------------


@click.command(
    "deal",
    help=(
        "Deal the next hand-for-hand hand at every table at once (HFH-CLOCK): each table's hand "
        "starts, its level time is charged, and it is recorded as played.\n\n"
        "For a room whose hands are not followed one by one: bust the players who went out, "
        "then deal the next hand."
    ),
)
@base.event_options()
def hfh_deal_command(**_: Any) -> None:
    with user_errors(base.current_lang()):
        base.change([cmd.DealHandForHand()], show_clock=True)


# -- correcting an earlier command ----------------------------------------------------------------


@group.command(
    "undo-to",
    help=(
        "Cancel the command that recorded EVENT (its number in `pokertd tournament log`) and "
        "every command after it still in force, newest first.\n\n"
        "The tournament is then exactly as it was before that command; enter again what came "
        "after it and still holds. Nothing is deleted: the log keeps the cancelled events, "
        "marked [undone]. With --preview, say what would be cancelled and record nothing."
    ),
)
@click.argument("number", type=click.IntRange(min=1), metavar="EVENT")
@click.option("--preview", is_flag=True, help="Show what would be cancelled; record nothing.")
@base.event_options()
def undo_to_command(number: int, preview: bool, **_: Any) -> None:
    with user_errors(base.current_lang()), base.tournament_session() as session:
        tournament, words = session.load(), session.words
        if number > tournament.version:
            raise ParseError(
                words(
                    "there is no event {event}: the log has {count} events",
                    event=number,
                    count=tournament.version,
                )
            )
        command = cmd.UndoBackTo(tournament.events[number - 1].cmd)
        if not preview:
            done = session.service.execute(session.id, command).events
            base.report(session, done, show_clock=False)
            return
        undos = tournament.handle(command, session.now(), random.Random(0))
        if session.settings.as_json:
            emit_json(tournament_log.outcome_json(session.id, tournament.version, undos))
            return
        lines = tournament_log.describe_events(undos, tournament, words)
        click.echo("\n".join([words("would cancel (nothing recorded):"), *lines]))


# -- archiving ------------------------------------------------------------------------------------


@group.command(
    "archive",
    help=(
        "Put the tournament away: it leaves `list`, the web app's home page, console and API "
        "lists; `list --archived` shows it. --restore brings it back. Nothing is deleted."
    ),
)
@click.option("--restore", is_flag=True, help="Bring an archived tournament back.")
@base.event_options()
def archive_command(restore: bool, **_: Any) -> None:
    with user_errors(base.current_lang()):
        base.change([cmd.ArchiveTournament(archived=not restore)])
