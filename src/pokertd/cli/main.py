"""The ``pokertd`` command group; each subcommand lives in its own module."""

from __future__ import annotations

import click

from pokertd import __version__
from pokertd.cli.demo import demo_command
from pokertd.cli.floor import floor_group
from pokertd.cli.league import league_group
from pokertd.cli.output import Group
from pokertd.cli.replay import replay_command
from pokertd.cli.rules import rules_group
from pokertd.cli.simulate import simulate_command
from pokertd.cli.tournament import tournament_group
from pokertd.cli.tournament_money import register_money_commands
from pokertd.cli.web import web_command


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pokertd")
def cli() -> None:
    """pokertd: poker tournaments run by the rulebook.

    Profiles: TDA 2017, LFP, Bannalec, Gran Madrid, generic.
    """


cli.add_command(rules_group)
cli.add_command(replay_command)
cli.add_command(demo_command)
cli.add_command(tournament_group)
register_money_commands()
cli.add_command(floor_group)
cli.add_command(league_group)
cli.add_command(web_command)
cli.add_command(simulate_command)


def main() -> None:
    """Run the ``pokertd`` command (the console-script entry point)."""
    cli()
