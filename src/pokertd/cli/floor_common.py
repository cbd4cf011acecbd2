"""What the ``pokertd floor`` subcommands share: their ``--profile``, ``--lang`` and ``--json``
options, reading a PHH hand to rule on, and the one text layout of a ruling.

A file whose own actions break a rule exits 2, as ``pokertd replay`` does; the message names the
action by its index in the file.

Every subcommand prints a ruling the same way (``ruling_text``), in the order a floor person reads
it at the table::

    p5 (flop, facing 300)                   the player ruled on, when the ruling is about him
    ruling: fold | call | raise to 600      the decision, the choices, or "the TD decides"
    rule: BET-OOT (TDA 44A)                 the catalogue id and the articles of the book
    step 1: Take back 2h (...).             the operations on the cards, if any, as sentences
    to_act: p5, substantial_action: no      the details that are numbers, names or yes/no
    p2: 1000 -> 1200                        each bet as played and as corrected, if any
    Player 6 acted out of turn ...          why
    seed 1                                  what the command adds (the seed it drew)

``--lang fr`` keeps the layout with French labels and French spacing (``règle : ...``): the words
of the layout are in the one catalogue (``pokertd.present.floor``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import click

from pokertd.cli.output import default_lang, emit_json, load_profile
from pokertd.engine import Hand
from pokertd.errors import IllegalActionError
from pokertd.floor.rulings import Ruling, phrase
from pokertd.history import HandHistory, read_phh
from pokertd.history.replay import replay
from pokertd.messages import message
from pokertd.present.floor import describe, explanation, ruling_dict, step_text, text
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
        said = (
            message(
                "action {index} {action!r} of {source}: {reason}",
                index=error.index,
                action=error.action,
                source=source,
                reason=error.said,
            )
            if source
            else message(
                "action {index} {action!r}: {reason}",
                index=error.index,
                action=error.action,
                reason=error.said,
            )
        )
        raise IllegalActionError(said, rule=error.rule)  # exit 2, in the command's language
    return result.hand


def situation(hand: Hand, lang: str) -> str:
    """Return the player to act in ``hand`` and what he faces: ``p4 (preflop, facing 1100)``."""
    legal = hand.legal()
    if legal is not None and legal.call:
        facing = phrase("facing-amount", amount=hand.current_bet)
    else:
        facing = phrase("layout-no-bet")
    who = "?" if legal is None else f"p{legal.player + 1}"
    said = phrase("layout-situation", who=who, street=hand.street_name, facing=facing)
    return text(said, lang)


def print_ruling(
    ruling: Ruling,
    lang: str,
    *,
    as_json: bool,
    hand: Hand | None = None,
    extra: Mapping[str, Any] | None = None,
) -> None:
    """Print ``ruling`` as text (``ruling_text``), or as JSON with ``extra`` appended.

    ``hand`` gives the situation line: pass it when the ruling is about its player to act.
    """
    if as_json:
        emit_json({**ruling_dict(ruling, lang), **(extra or {})})
        return
    where = None if hand is None else situation(hand, lang)
    click.echo(ruling_text(ruling, lang, situation=where, extra=extra))


def ruling_text(
    ruling: Ruling,
    lang: str,
    *,
    situation: str | None = None,
    extra: Mapping[str, Any] | None = None,
) -> str:
    """Return ``ruling`` in the layout every ``pokertd floor`` subcommand prints (module
    docstring): the situation, what to do, the rule, the steps, the details, why, the extras."""

    def line(said: str, /, **values: Any) -> str:
        return text(phrase(said, **values), lang)

    lines = [] if situation is None else [situation]
    verdict = _verdict(ruling, lang)
    if verdict:
        lines.append(line("layout-ruling", verdict=verdict))
    lines.append(line("layout-rule", rule=ruling.rule, articles=", ".join(ruling.articles)))
    lines.extend(
        line("layout-step", number=number, step=step_text(step, lang))
        for number, step in enumerate(ruling.steps, 1)
    )
    facts = [
        line("layout-fact", key=key, value=_value(key, value, lang))
        for key, value in ruling.details.items()
        if value is None or isinstance(value, str | int | float)
    ]
    if facts:
        lines.append(", ".join(facts))
    lines.extend(
        line("layout-bet", player=bet["player"] + 1, was=bet["was"], to=bet["to"])
        for bet in ruling.details.get("bets", ())
    )
    lines.append(explanation(ruling, lang))
    lines.extend(f"{key} {value}" for key, value in (extra or {}).items())
    return "\n".join(lines)


#: Details that hold PHH player indices (from 0), shown as p1, p2... in text.
_PLAYER_KEYS = frozenset({"player", "requester", "target", "to_act"})


def _verdict(ruling: Ruling, lang: str) -> str:
    """Return what to do: the decision, the choices (``fold | call 300``), or the TD's."""
    options = " | ".join(describe(choice, lang) for choice in ruling.choices)
    if ruling.decision is not None:
        said = describe(ruling.decision, lang)
        if options:
            said = text(phrase("layout-or", decision=said, options=options), lang)
    else:
        said = options
    if ruling.td_decides:
        return text(
            phrase("layout-td-between", options=said) if said else phrase("layout-td"), lang
        )
    return said


def _value(key: str, value: object, lang: str) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return text(phrase("layout-yes" if value else "layout-no"), lang)
    if key in _PLAYER_KEYS and isinstance(value, int):
        return f"p{value + 1}"
    return str(value)


def _with_ruling_options(function: _Callback, profile_help: str) -> _Callback:
    # Applied innermost first: the help lists --profile, --lang, --json in that order.
    function = click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")(
        function
    )
    function = click.option(
        "--lang",
        type=click.Choice(["en", "fr"]),
        default=default_lang,
        help="Language of the explanation (default: $POKERTD_LANG, else the system's language).",
    )(function)
    return click.option("--profile", "profile_id", metavar="ID", help=profile_help)(function)
