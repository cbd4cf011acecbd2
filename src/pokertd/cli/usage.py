"""Click's usage errors (a missing option, an unknown one) on one line, in English or French.

Click writes its own messages in English, over several lines; ``cli.output``'s ``Group`` and
``Command`` tell them on one line with the command whose help tells the usage, exit status 1, in
the language of the command that met them (a French one under ``--lang fr``, ``POKERTD_LANG=fr``
or a French system: ``cli.bilingual_help``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import click

from pokertd.cli.output import env_lang
from pokertd.messages import Message, message


def typed_lang(args: Sequence[str]) -> str:
    """Return the language a command line asks for (``--lang fr``, ``--lang=fr``), else that of
    ``POKERTD_LANG``."""
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=")
    return env_lang()


def usage_text(error: click.UsageError, where: str | None, lang: str) -> str:
    """Return a click usage error on one line, in English as click says it, or in French
    (``usage_in_french``), with the command whose help tells the usage (``where``)."""
    if lang == "fr":
        return usage_in_french(error, where)
    return f"{' '.join(error.format_message().split())} (see {where} --help)"


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
