"""Every command's ``--help`` in English or French, through the one catalogue.

The commands are written in English (their docstrings, their options' ``help=``), and their French
is in the catalogue, each text a msgid as written (``inspect.cleandoc``): ``make messages`` finds
them all by walking the command tree (``extract``, named in ``babel.cfg``), so no text is marked
in the commands' modules, and ``tests/cli/test_help_french.py`` fails on a command whose help has
no French yet.

When the command line asks for French (``--lang fr`` anywhere on it, ``POKERTD_LANG=fr``, or a
French system: ``cli.output.env_lang``), ``pokertd`` runs a French copy of itself (``in_lang``,
from ``output.Group.main``): each command, group, option and argument is a copy whose texts are
the catalogue's, and whose help page writes click's own words (``Usage:``, ``Options``, the
``--help`` option, an option's default) in French too. Usage errors (a missing option, an
unknown one) are told by ``cli.usage`` in the language of the command that met them.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import inspect
from collections.abc import Iterator, Sequence
from typing import IO, Any

import click

#: The attribute a translated copy keeps its language in.
LANG = "pokertd_lang"


def N_(text: str) -> str:  # noqa: N802 - the gettext marker's usual name (a keyword of pybabel)
    """Mark a text for the catalogue; it stays English here, and is translated when shown."""
    return text


#: Click's own words on a help page, in the catalogue.
USAGE = N_("Usage: ")
HELP_OPTION = N_("Show this message and exit.")
CLICKS = (
    N_("Options"),
    N_("Commands"),
    N_("Positional arguments"),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
)


def language_of(command: click.Command) -> str:
    """Return the language of a command's texts: ``fr`` for a translated copy, else ``en``."""
    return str(getattr(command, LANG, "en"))


def translated(text: str | None, lang: str) -> str | None:
    """Return a help text in ``lang`` (its catalogue entry, or itself), or None for no text."""
    if text is None or lang == "en":
        return text
    from pokertd.present.i18n import translations  # here: French help only loads the catalogue

    # gettext, not render: a help text is no template, its braces stay as they are
    return translations(lang).gettext(inspect.cleandoc(text))


def in_lang(command: click.Command, lang: str) -> click.Command:
    """Return ``command`` with its texts in ``lang``: itself in English, else a copy whose help,
    options and arguments say the catalogue's text (a group's subcommands come translated too,
    when it looks them up)."""
    if lang != "fr" or language_of(command) == lang:
        return command
    french = copy.copy(command)
    french.__class__ = _translated_class(type(command))
    setattr(french, LANG, lang)
    french.help = translated(command.help, lang)
    french.short_help = translated(command.short_help, lang)
    french.epilog = translated(command.epilog, lang)
    french.params = [_param_in(param, lang) for param in command.params]
    french._help_option = None  # made again for the copy, with its French text
    return french


def texts(command: click.Command) -> Iterator[str]:
    """Yield the help texts a command shows (its own, its options' and arguments'), as msgids."""
    for text in (command.help, command.short_help, command.epilog):
        if text:
            yield inspect.cleandoc(text)
    for param in command.params:
        help_text = getattr(param, "help", None)
        if help_text:
            yield inspect.cleandoc(help_text)


def walk(command: click.Command, path: Sequence[str]) -> Iterator[tuple[list[str], click.Command]]:
    """Yield every command of the tree under ``command`` with its path, ``command`` first (a lazy
    group's subcommands loaded: ``list_commands`` and ``get_command``)."""
    yield [*path], command
    if isinstance(command, click.Group):
        context = click.Context(command, info_name=path[-1])
        for name in sorted(command.list_commands(context)):
            subcommand = command.get_command(context, name)
            assert subcommand is not None, name
            yield from walk(subcommand, [*path, name])


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Sequence[str], options: Any
) -> Iterator[tuple[Any, ...]]:
    """Babel extraction method (``babel.cfg``): the ``N_`` texts of this file, then every help
    text of every ``pokertd`` command, as ``gettext`` msgids."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    from pokertd.cli.main import COMMANDS, cli  # here: the tree is read when extracting only

    for listed in COMMANDS.values():
        yield 1, "gettext", listed.summary, []
    for _, command in walk(cli, ["pokertd"]):
        for text in texts(command):
            yield 1, "gettext", text, []


def _param_in(param: click.Parameter, lang: str) -> click.Parameter:
    french = copy.copy(param)
    if isinstance(param, click.Option | click.Argument):
        french.help = translated(param.help, lang)
    if isinstance(param, click.Option):
        french.__class__ = _translated_option(type(param))
    return french


class _Formatter(click.HelpFormatter):
    """A help page's formatter writing click's own words (usage, sections) in French."""

    lang = "fr"

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, translated(USAGE, self.lang) if prefix is None else prefix)

    @contextlib.contextmanager
    def section(self, name: str) -> Iterator[None]:
        with super().section(translated(name, self.lang) or name):
            yield


class _Translated(click.Command):
    """What a translated copy of a command does differently: its help page and ``--help``."""

    def get_help(self, ctx: click.Context) -> str:
        formatter = _Formatter(width=ctx.terminal_width, max_width=ctx.max_content_width)
        self.format_help(ctx, formatter)
        return formatter.getvalue().rstrip("\n")

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        made = self._help_option is None
        option = super().get_help_option(ctx)
        if made and option is not None:  # made for this copy: its text is its own
            option.help = translated(HELP_OPTION, language_of(self))
        return option


class _TranslatedGroup(_Translated, click.Group):
    """A translated group: the subcommands it looks up are translated copies too."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        return None if found is None else in_lang(found, language_of(self))


#: The translated class of each command class met, made once.
_CLASSES: dict[type[click.Command], type[click.Command]] = {}


def _translated_class(kind: type[click.Command]) -> type[click.Command]:
    if kind not in _CLASSES:
        mixin = _TranslatedGroup if issubclass(kind, click.Group) else _Translated
        _CLASSES[kind] = type(kind.__name__, (mixin, kind), {"__doc__": kind.__doc__})
    return _CLASSES[kind]


class _TranslatedOption(click.Option):
    """An option whose help record says its default (``[default: 100]``) in French."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        if record is None:
            return None
        lang = "fr"
        extra = self.get_help_extra(ctx)
        items = []
        if "envvars" in extra:
            items.append(_said("env var: {var}", lang, var=", ".join(extra["envvars"])))
        if "default" in extra:
            items.append(_said("default: {default}", lang, default=extra["default"]))
        if "range" in extra:
            items.append(extra["range"])
        if "required" in extra:
            items.append(translated(extra["required"], lang) or "")
        if not items:
            return record
        help_text = self.help or ""
        said = "; ".join(items)
        return record[0], f"{help_text}  [{said}]" if help_text else f"[{said}]"


def _said(template: str, lang: str, **values: str) -> str:
    return (translated(template, lang) or template).format(**values)


@functools.cache
def _translated_option(kind: type[click.Option]) -> type[click.Option]:
    if kind is click.Option:
        return _TranslatedOption
    return type(kind.__name__, (_TranslatedOption, kind), {"__doc__": kind.__doc__})
