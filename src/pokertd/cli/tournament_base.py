"""The ``pokertd tournament`` group and what its commands share: the options, the session over
the event file, and ``change``, which carries out commands and prints the events they caused.

The commands live in ``cli.tournament`` (entries, clock, tables, days) and
``cli.tournament_money`` (money and chips), both built on this module.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click

from pokertd.cli.output import Group, emit_json, user_errors
from pokertd.cli.session import (
    Decorator,
    Settings,
    env_rng,
    lang_of,
    open_event_file,
    options,
    read_settings,
)
from pokertd.cli.session import Session as StreamSession
from pokertd.errors import PokertdError
from pokertd.messages import Message, message
from pokertd.present import tournament_log
from pokertd.present import tournament_views as views
from pokertd.present.halts import halt_offer_line, halt_offered
from pokertd.present.tournament_input import (
    parse_entry,
)
from pokertd.present.words import Words
from pokertd.service.tournaments import TournamentService
from pokertd.tournament import commands as cmd
from pokertd.tournament import events as ev
from pokertd.tournament.aggregate import Tournament

# -- options shared by every subcommand -----------------------------------------------------------

#: Why a command changed nothing, told the id of the tournament's profile.
Unchanged = Callable[[Tournament], Message]


def current_settings() -> Settings:
    """Read ``--db``, ``--event``, ``--json`` and ``--lang`` from the command, else its groups."""
    return read_settings("event")


def current_lang() -> str:
    return lang_of("event")


_EVENT = ("--event", "Tournament id or number in the file (default: the latest).")


def event_options(*, event: bool = True) -> Decorator:
    """Add ``--db``, ``--event`` (unless told not to), ``--json`` and ``--lang``."""
    return options(_EVENT if event else None)


def help_without_subcommand() -> None:
    """A group named without a subcommand prints its help and exits 0."""
    context = click.get_current_context()
    if context.invoked_subcommand is None:
        click.echo(context.get_help())


# -- the event file, the clock and the random source ----------------------------------------------


class Session(StreamSession[TournamentService]):
    """One command's access to the event file and the tournament chosen."""

    def load(self) -> Tournament:
        """Return the tournament as stored now."""
        return self.service.load(self.id)


@contextmanager
def tournament_session(*, create: bool = False) -> Iterator[Session]:
    settings = current_settings()
    first = (message("a tournament"), "pokertd tournament create")
    with open_event_file(settings, create=create, first=first) as (store, now):
        yield Session(settings, TournamentService(store, now=now, rng=env_rng(settings.words)), now)


def change(
    commands: Sequence[cmd.Command],
    *,
    show_clock: bool = False,
    unchanged: Unchanged | None = None,
) -> None:
    """Carry out commands and print the events they caused.

    Several commands (``register A B C``) are first rehearsed on a copy of the tournament, so
    that a refusal of the third leaves the file unchanged.
    """
    with tournament_session() as session:
        tournament = session.load()
        if len(commands) > 1:
            trial = tournament.copy()
            for command in commands:
                trial.apply(trial.handle(command, session.now(), random.Random(0)))
        done: list[ev.TournamentEvent] = []
        try:
            for command in commands:
                done.extend(session.service.execute(session.id, command).events)
        except PokertdError:
            if done:  # another writer got in between: say what was done before the refusal
                report(session, done, show_clock=show_clock)
            raise
        report(session, done, show_clock=show_clock, unchanged=unchanged)


def report(
    session: Session,
    done: Sequence[ev.TournamentEvent],
    *,
    show_clock: bool,
    unchanged: Unchanged | None = None,
) -> None:
    """Print the events a command caused (or, when it caused none, why nothing changed:
    ``unchanged``, told the tournament)."""
    tournament, words = session.load(), session.words
    if session.settings.as_json:
        emit_json(tournament_log.outcome_json(session.id, tournament.version, done))
        return
    why = words(unchanged(tournament)) if unchanged else ""
    nothing = why or words("nothing changed")
    lines = tournament_log.describe_events(done, tournament, words) if done else [nothing]
    if show_clock:
        view = tournament.clock_view(session.now())
        lines += ["", *views.clock_lines(view, tournament.state, words)]
    lines += _hints(tournament, done, words)
    click.echo("\n".join(lines))


def _hints(tournament: Tournament, done: Sequence[ev.TournamentEvent], words: Words) -> list[str]:
    """After a change of players at the tables, say whether moves are due or a table halts."""
    seating = (ev.PlayersBusted, ev.PlayerQuit, ev.PlayerDisqualified, ev.PlayerSeated)
    if tournament.state.winner is not None or not any(isinstance(e, seating) for e in done):
        return []
    hints: list[str] = []
    halted = [n for n in sorted(tournament.state.tables) if tournament.is_halted(n)]
    if halted:
        at = words.at_tables(halted)
        hints.append(words("play halts {at} until the tables are balanced", at=at))
    hints += _halt_offered(tournament, words)
    if not tournament.state.pending_moves and tournament.proposals(random.Random(0)):
        hints.append(words("moves are due: see `pokertd tournament moves`, then `moves propose`"))
    return hints


def _halt_offered(tournament: Tournament, words: Words) -> list[str]:
    """TBL-BALANCE-HALT: a short table that pokertd does not stop, because stopping it is the
    director's decision (TDA 10D, formats other than full-ring) or a player's (LFP 6.8)."""
    short = halt_offered(tournament)
    return [halt_offer_line(tournament, short, words)] if short else []


# -- the group ------------------------------------------------------------------------------------


@click.group("tournament", cls=Group, invoke_without_command=True)
@event_options()
def tournament_group(**_: Any) -> None:
    """Run a tournament: entries, seat draw, clock, hands, tables, bust-outs, days.

    The tournament lives in an event file (--db); every command reads it and appends to it, so
    the state survives between commands and a restart resumes the clock exactly. Entries are
    numbers (#12 or 12), tables and seats are numbers. Text is in English or French (--lang fr,
    or POKERTD_LANG=fr); JSON (--json) is the same in both. See docs/tournament.md.
    """
    help_without_subcommand()


def simple(group: click.Group, name: str, command: cmd.Command, summary: str,
            *, show_clock: bool = False,
            unchanged: Unchanged | None = None) -> None:  # fmt: skip
    """Define ``pokertd tournament [GROUP] NAME``, a command without arguments."""

    @event_options()
    def run(**_: Any) -> None:
        with user_errors(current_lang()):
            change([command], show_clock=show_clock, unchanged=unchanged)

    run.__doc__ = summary
    group.command(name)(run)


def entry_command(name: str, build: Callable[[int], cmd.Command], summary: str) -> None:
    """Define ``pokertd tournament NAME ENTRY``, a command about one entry."""

    @click.argument("entry")
    @event_options()
    def run(entry: str, **_: Any) -> None:
        with user_errors(current_lang()):
            change([build(parse_entry(entry, words=current_settings().words))])

    run.__doc__ = summary
    tournament_group.command(name)(run)
