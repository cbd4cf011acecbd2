"""A command's ``--help`` in English or French, through the one catalogue.

Click prints a command's help as it was written, in English. A ``BilingualCommand`` writes its
help text, and that of its options and arguments, in the language the command line asks for
(``--lang fr`` anywhere on it, or ``POKERTD_LANG=fr``): each text is a msgid of the catalogue,
marked with ``N_`` so that ``make messages`` extracts it. The shared options' texts (``--db``,
``--event``, ``--json``, ``--lang``, ``--help``) are marked here once.
"""

from __future__ import annotations

import copy
import inspect

import click

from pokertd.cli.output import Command
from pokertd.cli.usage import ARGS, typed_lang


def N_(text: str) -> str:  # noqa: N802 - the gettext marker's usual name (a keyword of pybabel)
    """Mark a help text for the catalogue; it stays English here, and is translated when shown."""
    return text


#: The shared options' help texts (``cli.session.options``, click's ``--help``), for the
#: catalogue: a change there shows English until its French is written.
SHARED = (
    N_("Event file, or a postgresql:// URL (default: $POKERTD_DB, else pokertd.db here)."),
    N_("Tournament id or number in the file (default: the latest)."),
    N_("Print JSON instead of text."),
    N_("Language of the text: en or fr (default: $POKERTD_LANG, else $LANG)."),
    N_("Show this message and exit."),
)


def help_lang() -> str:
    """Return the language the command line being run asks for (``en`` or ``fr``)."""
    context = click.get_current_context(silent=True)
    typed = context.meta.get(ARGS, []) if context is not None else []
    return "fr" if typed_lang(typed) == "fr" else "en"


def translated(text: str | None, lang: str) -> str | None:
    """Return a help text in ``lang`` (its catalogue entry), or None for no text."""
    if text is None or lang == "en":
        return text
    from pokertd.present.i18n import render  # here: the catalogue loads for French help only

    return render(inspect.cleandoc(text), lang)


class BilingualCommand(Command):
    """A command whose ``--help`` (and its line in its group's list) is in the language asked."""

    def get_short_help_str(self, limit: int = 45) -> str:
        lang = help_lang()
        if lang == "en":
            return super().get_short_help_str(limit)
        return click.Command.get_short_help_str(_in(self, lang), limit)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        lang = help_lang()
        if lang == "en":
            super().format_help(ctx, formatter)
            return
        french = _in(self, lang)
        pieces = french.collect_usage_pieces(ctx)
        usage = translated(N_("Usage: "), lang) or ""
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=usage)
        french.format_help_text(ctx, formatter)
        records = [
            record
            for param in french.get_params(ctx)
            if isinstance(param, click.Option)
            and (record := _param_in(param, lang).get_help_record(ctx)) is not None
        ]
        if records:
            with formatter.section(translated(N_("Options"), lang) or ""):
                formatter.write_dl(records)


def _in(command: BilingualCommand, lang: str) -> click.Command:
    """A copy of ``command`` whose own help texts are in ``lang``."""
    french = copy.copy(command)
    french.help = translated(command.help, lang)
    french.short_help = translated(command.short_help, lang)
    return french


def _param_in(param: click.Option, lang: str) -> click.Option:
    french = copy.copy(param)
    french.help = translated(param.help, lang)
    return french
