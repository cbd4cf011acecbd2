"""What the ``pokertd floor`` subcommands share: their ``--profile``, ``--lang`` and ``--json``
options, and reading a PHH hand to rule on.

A file whose own actions break a rule exits 2, as ``pokertd replay`` does; the message names the
action by its index in the file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from pokertd.cli.output import EXIT_RULE, fail, load_profile
from pokertd.engine import Hand
from pokertd.history import HandHistory, read_phh
from pokertd.history.replay import replay
from pokertd.rules import Profile

_Callback = Callable[..., None]


def ruling_options(function: _Callback) -> _Callback:
    """Add ``--profile`` (default: tda-2017), ``--lang`` and ``--json``."""
    return _with_ruling_options(
        function, "Rule profile (default: tda-2017); a house profile file is accepted too."
    )


def hand_options(function: _Callback) -> _Callback:
    """Add the HAND.phh argument, ``--profile`` (default: the file's), ``--lang`` and ``--json``."""
    function = _with_ruling_options(
        function,
        "Rule profile (default: the file's _profile, else tda-2017); a house profile file is "
        "accepted too.",
    )
    return click.argument(
        "path", metavar="HAND.phh", type=click.Path(dir_okay=False, path_type=Path)
    )(function)


def read_hand(path: Path, profile_id: str | None) -> tuple[HandHistory, Profile | None]:
    """Read the PHH file at ``path``, and the profile ``--profile`` names (None: the file's)."""
    history = read_phh(path.read_text(encoding="utf-8"), source=str(path))
    return history, None if profile_id is None else load_profile(profile_id)


def replayed(history: HandHistory, profile: Profile | None, *, source: str = "") -> Hand:
    """Return the hand after every action of ``history``; exit 2 on an action the rules refuse,
    naming the file ``source`` when given."""
    result = replay(history, profile)
    if result.error is not None:
        error = result.error
        where = f" of {source}" if source else ""
        fail(f"action {error.index} {error.action!r}{where}: {error.message}", status=EXIT_RULE)
    return result.hand


def _with_ruling_options(function: _Callback, profile_help: str) -> _Callback:
    # Applied innermost first: the help lists --profile, --lang, --json in that order.
    function = click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")(
        function
    )
    function = click.option(
        "--lang",
        type=click.Choice(["en", "fr"]),
        default="en",
        show_default=True,
        help="Language of the explanation.",
    )(function)
    return click.option("--profile", "profile_id", metavar="ID", help=profile_help)(function)
