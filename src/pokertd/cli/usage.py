"""Click's usage errors (a missing option, an unknown one) in French under ``--lang fr``.

Click writes its own messages in English; ``BilingualGroup`` tells them in French when the command
line asks for French (``--lang fr`` anywhere on it, or ``POKERTD_LANG=fr``), with exit status 1
on one line as in English. ``pokertd tournament`` and ``pokertd league`` use it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import click

from pokertd.cli.output import Group, env_lang, fail
from pokertd.messages import Message, message

ARGS = "pokertd.usage.args"


class BilingualGroup(Group):
    """``Group``, with click's usage errors (a missing option, an unknown one) told in French
    under ``--lang fr`` (or ``POKERTD_LANG=fr``): exit status 1, one line, as in English."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        typed = list(args)  # what was typed, to find --lang: click consumes ``args``
        if parent is not None:  # known to an eager --help (``cli.bilingual_help``) too
            parent.meta[ARGS] = typed
        try:
            context = super().make_context(info_name, args, parent=parent, **extra)
            context.meta[ARGS] = typed
            return context
        except click.UsageError as error:
            if typed_lang(typed) != "fr":
                raise
            where = error.ctx.command_path if error.ctx is not None else info_name
            fail(usage_in_french(error, where), lang="fr")

    def invoke(self, ctx: click.Context) -> Any:
        if typed_lang(ctx.meta.get(ARGS, [])) != "fr":
            return super().invoke(ctx)
        try:
            return click.Group.invoke(self, ctx)
        except click.UsageError as error:
            where = error.ctx.command_path if error.ctx is not None else ctx.command_path
            fail(usage_in_french(error, where), lang="fr")


def typed_lang(args: Sequence[str]) -> str:
    """Return the language a command line asks for (``--lang fr``, ``--lang=fr``), else that of
    ``POKERTD_LANG``."""
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=")
    return env_lang()


def usage_in_french(error: click.UsageError, where: str | None) -> str:
    """Return a click usage error in French (click's own text is English), with the command
    whose help tells the usage (``where``); the French is in the catalogue."""
    from pokertd.present.i18n import render  # here: the catalogue loads on an error only

    return render(message("{error} (see {where} --help)", error=_usage(error), where=where), "fr")


def _usage(error: click.UsageError) -> Message:
    match error:
        case click.MissingParameter(param=click.Parameter() as param):
            hint = param.get_error_hint(error.ctx) if error.ctx is not None else param.name
            if isinstance(param, click.Argument):
                return message("missing argument {hint}", hint=hint)
            return message("missing option {hint}", hint=hint)
        case click.NoSuchOption(option_name=name, possibilities=close):
            return message("no such option {name!r}{close}", name=name, close=_close(close))
        case click.exceptions.NoSuchCommand(command_name=name, possibilities=close):
            return message("no such command {name!r}{close}", name=name, close=_close(close))
        case click.BadOptionUsage(option_name=name):
            return message("option {name!r} is misused (a value is missing?)", name=name)
    extra = re.fullmatch(r"Got unexpected extra arguments? \((.*)\)", error.message)
    if extra is not None:
        return message("extra argument(s): {extra}", extra=extra.group(1))
    return message("malformed command: {error}", error=error.message)


def _close(names: Sequence[str] | None) -> Message | str:
    return message(" (did you mean {close}?)", close=", ".join(names)) if names else ""
