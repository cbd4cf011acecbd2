"""Rendering for the command line: ``--json`` output, exit codes, errors without tracebacks.

Exit status 1 means malformed input (``ParseError``, ``ProfileError``, ``NotFoundError``); exit
status 2 means a rule forbids what was asked (``IllegalActionError``). No traceback ever reaches
the user. A command that knows its language (``lang="fr"``) shows an error's French text, after
``erreur : ``. ``load_profile`` reads the ``--profile`` option of the commands that apply a profile.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

import click

from pokertd.errors import IllegalActionError, PokertdError

if TYPE_CHECKING:
    from pokertd.rules import Profile

EXIT_MALFORMED = 1
EXIT_RULE = 2
EXIT_BROKEN_PIPE = 141


def printable(text: str) -> str:
    """Return ``text`` with its control characters shown as escapes, so that a name typed with
    terminal escape codes (ESC [ ... colours, a cursor move, a window title) prints as text
    instead of driving the terminal; line breaks and tabs stay.

    >>> print(printable("Ana" + chr(27) + "[2J" + chr(7)))
    Ana\\x1b[2J\\x07
    """
    return _CONTROL.sub(lambda found: f"\\x{ord(found.group()):02x}", text)


_C1 = re.compile("[\x7f-\x9f]")

#: C0 controls but tab and line feed, DEL, and the C1 controls (CSI as one character among them).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def echo(text: str = "", *, err: bool = False) -> None:
    """Print a line for a person, its control characters neutralised (``printable``)."""
    click.echo(printable(text), err=err)


class PrintableStream:
    """A text stream that writes what it is given through ``printable``: every command's
    standard output and error go through one while it runs (``printing_safely``), so that no
    name, title or reason typed by someone can drive the reader's terminal."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(printable(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def printing_safely() -> Iterator[None]:
    """Run the block with standard output and error neutralising control characters."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = PrintableStream(out), PrintableStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def emit_json(data: Any) -> None:
    """Print one JSON document on stdout."""
    import json  # here: ``pokertd --help`` imports this module and needs no JSON

    text = json.dumps(data, ensure_ascii=False, indent=2)
    # JSON escapes the C0 controls itself; the C1 ones (a terminal's CSI among them) too, here
    click.echo(_C1.sub(lambda found: f"\\u{ord(found.group()):04x}", text))


def fail(text: str, *, status: int = EXIT_MALFORMED, lang: str = "en") -> NoReturn:
    """Print a one-line error on stderr (``error: ``, in French ``erreur : ``) and exit with
    ``status``."""
    from pokertd.messages import message  # here: the catalogue loads on an error only
    from pokertd.present.i18n import render

    click.echo(render(message("error: "), lang) + text, err=True)
    sys.exit(status)


@contextmanager
def user_errors(lang: str = "en") -> Iterator[None]:
    """Turn pokertd's errors and unreadable files into a one-line message and an exit status;
    ``lang`` (``en`` or ``fr``) picks the language of the message, rendered from the catalogue
    (``pokertd.present.i18n``)."""
    try:
        yield
    except BrokenPipeError:
        quiet_broken_pipe()
    except PokertdError as error:
        from pokertd.present.i18n import error_text  # here: the catalogue loads on an error only

        # an IllegalActionError's message already ends with the rule id
        status = EXIT_RULE if isinstance(error, IllegalActionError) else EXIT_MALFORMED
        fail(error_text(error, lang), status=status, lang=lang)
    except OSError as error:
        fail(f"{error.filename or ''}: {error.strerror or error}".lstrip(": "), lang=lang)


def quiet_broken_pipe() -> NoReturn:
    """The reader of the output left (``pokertd demo | head``): stop quietly, as ``cat`` does.

    Standard output is pointed at /dev/null so that Python's last flush at exit does not raise
    again; the exit status is 141 (128 + SIGPIPE), as a shell reports a process its pipe ended.
    """
    import os  # here: only on this path

    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    sys.exit(EXIT_BROKEN_PIPE)


class _AsAsked(click.Command):
    """What ``Group`` and ``Command`` share: run in the language the command line asks for
    (``cli.bilingual_help``), and say a usage error on one line, exit status 1."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        return _in_asked_lang(self, args).main_as_asked(args, *rest, **extra)

    def main_as_asked(self, args: Sequence[str] | None, *rest: Any, **extra: Any) -> Any:
        """click's ``main``, once the command speaks the language asked."""
        return super().main(args, *rest, **extra)

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as error:
            usage_failure(self, error, info_name)


class Group(_AsAsked, click.Group):
    """A command group whose usage errors (a missing argument, a bad number) exit 1 on one line,
    like any malformed input: exit status 2 is kept for a rule that forbids what was asked. Run
    from the command line (``main``), it speaks the language asked (``cli.bilingual_help``)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            usage_failure(self, error, ctx.command_path)


class Command(_AsAsked, click.Command):
    """A command whose usage errors (a missing option, a bad choice) exit 1 on one line, as
    ``Group``'s do, even when it runs under a plain ``click.Group``. Click's multi-line messages
    (the choices of a missing option) are folded onto that line."""


def typed_lang(args: Sequence[str]) -> str:
    """Return the language a command line asks for (``--lang fr``, ``--lang=fr``), else that of
    ``POKERTD_LANG``."""
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=")
    return env_lang()


def _in_asked_lang(command: Any, args: Sequence[str] | None) -> Any:
    """The command in the language its command line asks for (``--lang`` anywhere on it, else
    the environment's: ``env_lang``), for its help and its usage errors."""
    from pokertd.cli.bilingual_help import in_lang  # here: after the language is known

    return in_lang(command, typed_lang(sys.argv[1:] if args is None else list(args)))


def usage_failure(command: click.Command, error: click.UsageError, where: str | None) -> NoReturn:
    """Say a usage error on one line in the command's language and exit 1 (``cli.usage``)."""
    from pokertd.cli.bilingual_help import language_of  # here: on an error only
    from pokertd.cli.usage import usage_text

    lang = language_of(command)
    shown = error.ctx.command_path if error.ctx is not None else where
    fail(usage_text(error, shown, lang), status=EXIT_MALFORMED, lang=lang)


def load_profile(profile_id: str) -> Profile:
    """Load the profile a ``--profile`` option names: a shipped id, or a house profile file when
    the text ends in ``.toml`` or holds a ``/``.

    Raises ProfileError for an unknown id, or a file that cannot be read or does not validate.
    """
    from pokertd import rules  # here: ``pokertd --help`` imports this module and no profile

    is_file = profile_id.endswith(".toml") or "/" in profile_id
    return rules.load_file(profile_id) if is_file else rules.load(profile_id)


def guarded(function: Callable[..., None]) -> Callable[..., None]:
    """Decorate a click command so that it never shows a traceback for a user error, said in
    the command's ``--lang`` (else the environment's language: ``default_lang``)."""

    def wrapper(*args: Any, **kwargs: Any) -> None:
        asked = kwargs.get("lang")
        with user_errors(asked if asked in ("en", "fr") else default_lang()):
            function(*args, **kwargs)

    wrapper.__name__ = function.__name__
    wrapper.__doc__ = function.__doc__
    return wrapper


def default_lang() -> str:
    """The default of a ``--lang`` option: the environment's language (``env_lang``) when it is
    en or fr, else English."""
    found = env_lang()
    return found if found in ("en", "fr") else "en"


def env_lang() -> str:
    """Return the language of the environment: ``POKERTD_LANG``, else French where the system
    speaks French (the first set of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as POSIX reads them:
    ``fr_FR.UTF-8``), else English (``tests/cli/test_env_lang.py``).
    """
    chosen = os.environ.get("POKERTD_LANG")
    if chosen:
        return chosen
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"
