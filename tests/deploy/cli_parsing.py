"""The real CLI's parsing of a command line, for the deployment tests (``parse_command_line``)."""

from __future__ import annotations

import click

from pokertd.cli.main import cli


def parse_command_line(args: list[str]) -> click.Context:
    """Parse ``pokertd ARGS`` with the real CLI, through its groups, without running it; return
    the context of the command reached (its ``params``).

    Every context hangs from the ``pokertd`` group's, as when the command runs: a command parsed
    on its own would cache click's help option without ``-h`` (and change ``--help``'s text).
    """
    context = cli.make_context("pokertd", list(args))
    command: click.Command = cli
    while isinstance(command, click.Group):
        rest = [*context._protected_args, *context.args]
        name, found, rest = command.resolve_command(context, rest)
        assert found is not None, args
        assert name is not None
        command = found
        context = command.make_context(name, rest, parent=context)
    return context
