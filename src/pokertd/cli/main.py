"""The ``pokertd`` command group; each subcommand lives in its own module, imported when needed.

``pokertd --help`` lists the subcommands from ``COMMANDS``, the first sentence of each one's help
kept here, without importing any of them: a subcommand's module (and the engine, the web app or
the plots behind it) is imported only when that subcommand runs or shows its own help. A test
checks that each summary below is the command's own short help.

To add a command: write it in its own module, then add one line to ``COMMANDS``: its name, where
it lives (``"module:attribute"``) and the first sentence of its docstring.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from gettext import gettext as clicks_gettext  # click's own text, not pokertd's catalogue
from typing import Any, NamedTuple

import click

from pokertd import __version__
from pokertd.cli.bilingual_help import in_lang, language_of
from pokertd.cli.output import Group, printing_safely, quiet_broken_pipe


class LazyCommand(NamedTuple):
    """A subcommand known by its name and summary until it is needed."""

    target: str  # "module:attribute"
    summary: str  # the command's short help, as ``pokertd --help`` lists it

    def load(self) -> click.Command:
        """Import the command's module and return the command."""
        module, _, attribute = self.target.partition(":")
        command = getattr(importlib.import_module(module), attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{self.target} is not a click command")
        return command


COMMANDS: Mapping[str, LazyCommand] = {
    "backup": LazyCommand(
        "pokertd.cli.backup:backup_command",
        "Write a checked backup of the event file.",
    ),
    "check": LazyCommand(
        "pokertd.cli.check:check_command",
        "Check the event file and say which events are damaged; --repair removes them.",
    ),
    "club": LazyCommand(
        "pokertd.cli.clubs:club_group",
        "The clubs of a server that hosts several, each at its own host names.",
    ),
    "demo": LazyCommand(
        "pokertd.cli.demo:demo_command",
        "Play one hand between bots and tell it street by street.",
    ),
    "floor": LazyCommand(
        "pokertd.cli.floor:floor_group",
        "Floor rulings for a live table, each with its rule id and the articles of the book.",
    ),
    "league": LazyCommand(
        "pokertd.cli.league:league_group",
        "Keep a league: seasons, points per event, standings, Bannalec's day-2 rule.",
    ),
    "people": LazyCommand(
        "pokertd.cli.people:people_group",
        "The club's register of players: list, search, add, export and erase a person.",
    ),
    "replay": LazyCommand(
        "pokertd.cli.replay:replay_command",
        "Replay HAND.phh by the rules of a profile and print the state after its last action.",
    ),
    "restore": LazyCommand(
        "pokertd.cli.backup:restore_command",
        "Put a backup back as the event file.",
    ),
    "rules": LazyCommand(
        "pokertd.cli.rules:rules_group",
        "Rule profiles: the five rulebooks as data, and a club's house profiles.",
    ),
    "signup": LazyCommand(
        "pokertd.cli.signup:signup_group",
        "Pre-registration of an event: open it, sign players up, check them in, the waitlist.",
    ),
    "simulate": LazyCommand(
        "pokertd.cli.simulate:simulate_command",
        "Play whole tournaments with bots, by the real rules, to see how a structure plays out.",
    ),
    "tournament": LazyCommand(
        "pokertd.cli.tournament:tournament_group",  # its money commands come with it
        "Run a tournament: entries, seat draw, clock, hands, tables, bust-outs, days.",
    ),
    "web": LazyCommand(
        "pokertd.cli.web:web_command",
        "Start the web app: director's console, clock and seating displays, player lookup, "
        "table app and floor assistant; its JSON API is documented at /api/docs.",
    ),
}


class LazyGroup(Group):
    """A ``Group`` whose subcommands in ``lazy`` are imported the first time one is looked up."""

    def __init__(self, *args: Any, lazy: Mapping[str, LazyCommand], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            self.add_command(self.lazy[cmd_name].load(), cmd_name)
        return self.commands.get(cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the subcommand, its output neutralising control characters (``printable``)."""
        with printing_safely():
            return super().invoke(ctx)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the subcommands as ``click.Group`` does, a lazy one by its summary (not loaded),
        in the group's language (``cli.bilingual_help``)."""
        listed = [(name, self._listed(name)) for name in self.list_commands(ctx)]
        shown = [(name, command) for name, command in listed if not command.hidden]
        if not shown:
            return
        limit = formatter.width - 6 - max(len(name) for name, command in shown)
        with formatter.section(clicks_gettext("Commands")):  # as click writes it
            formatter.write_dl(
                [(name, command.get_short_help_str(limit)) for name, command in shown]
            )

    def _listed(self, name: str) -> click.Command:
        if name in self.lazy:  # a stand-in: click shortens its help as it would the command's
            stand_in = click.Command(name, help=self.lazy[name].summary)
            return in_lang(stand_in, language_of(self))
        return in_lang(self.commands[name], language_of(self))


@click.group(cls=LazyGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pokertd")
def cli() -> None:
    """pokertd: poker tournaments run by the rulebook.

    Profiles: TDA 2017, LFP, Bannalec, Gran Madrid, generic.
    """


def main() -> None:
    """Run the ``pokertd`` command (the console-script entry point); a reader that leaves
    (``pokertd demo | head``) ends it quietly, without a traceback."""
    try:
        cli()
    except BrokenPipeError:
        quiet_broken_pipe()
