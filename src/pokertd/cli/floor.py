"""``pokertd floor``: rulings for a live table; ``floor interpret`` rules on chips and words.

``interpret HAND.phh`` replays the hand and rules on what the player to act (after the file's last
action) just did: the chips he pushed (``--chips 1000,500``), the words he said (``--say``), a tap.
It prints the ruling with its rule id, the articles of the profile's book and why, in English or
French, or the ruling's JSON (DESIGN.md, "Floor CLI"). Malformed input exits 1; a PHH file whose
own actions break a rule exits 2, as ``pokertd replay`` does; never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import click

from pokertd.cli import floor_misc, floor_table
from pokertd.cli.floor_common import read_hand, replayed, ruling_text, situation
from pokertd.cli.output import Group, default_lang, emit_json, guarded
from pokertd.errors import ParseError
from pokertd.floor.chips import interpret
from pokertd.messages import message
from pokertd.present.floor import ruling_dict
from pokertd.present.floor.form import read_chips


@click.group("floor", cls=Group, invoke_without_command=True)
def floor_group() -> None:
    """Floor rulings for a live table, each with its rule id and the articles of the book."""
    context = click.get_current_context()
    if context.invoked_subcommand is None:
        click.echo(context.get_help())


@floor_group.command("interpret")
@click.argument("path", metavar="HAND.phh", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--chips",
    metavar="LIST",
    help="Chips pushed now, by denomination, in the order they went out: 1000,500 or 1000,5x100.",
)
@click.option(
    "--say", metavar="TEXT", help="The words said, English or French: 'raise 8000', 'je suis'."
)
@click.option(
    "--said-first",
    metavar="WHAT",
    help="words or chips: which came first (TDA 40A); omit when they were simultaneous.",
)
@click.option(
    "--pulled-back", is_flag=True, help="He first pulled back the chips he had in front (51B)."
)
@click.option(
    "--in-front",
    metavar="N",
    help="Value of the chips physically in front of him, when not his bet (a blind posted with "
    "a larger chip, a bet partly pulled back).",
)
@click.option("--string-bet", is_flag=True, help="The chips went out in several motions.")
@click.option("--tap", is_flag=True, help="He tapped the table.")
@click.option(
    "--profile",
    "profile_id",
    metavar="ID",
    help="Rule profile (default: the file's _profile, else tda-2017); a house profile file is "
    "accepted too.",
)
@click.option(
    "--lang",
    metavar="LANG",
    default=default_lang,
    help="en or fr (default: $POKERTD_LANG, else the system's language).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the ruling as JSON.")
@guarded
def interpret_command(
    path: Path,
    chips: str | None,
    say: str | None,
    said_first: str | None,
    in_front: str | None,
    profile_id: str | None,
    lang: str,
    *,
    pulled_back: bool,
    string_bet: bool,
    tap: bool,
    as_json: bool,
) -> None:
    """Rule on what the player to act in HAND.phh just did: chips pushed, words said, a tap.

    The player is the one to act after the file's last action. Chips are added to those already
    in front of him unless --pulled-back. Prints the action the rules make of it (or the choices
    left to him, or the TD's), the rule, the articles and why.
    """
    if lang not in ("en", "fr"):
        raise ParseError(message("--lang is en or fr, not {lang!r}", lang=lang))
    if said_first is not None and said_first not in ("words", "chips"):
        raise ParseError(message("--said-first is words or chips, not {said!r}", said=said_first))
    pushed = read_chips(chips, "--chips") if chips is not None else []
    front = _amount(in_front, "--in-front") if in_front is not None else None
    history, profile = read_hand(path, profile_id)
    hand = replayed(history, profile, source=path.name)
    ruling = interpret(
        hand,
        chips=pushed,
        say=say,
        said_first=said_first,
        pulled_back=pulled_back,
        string_bet=string_bet,
        tap=tap,
        in_front=front,
    )
    if as_json:
        legal = hand.legal()
        emit_json({"player": None if legal is None else legal.player, **ruling_dict(ruling, lang)})
        return
    click.echo(ruling_text(ruling, lang, situation=situation(hand, lang)))


def _amount(text: str, option: str) -> int:
    if not text.strip().isdigit():
        raise ParseError(
            message("{option} is a whole number of chips, not {text!r}", option=option, text=text)
        )
    return int(text)


floor_misc.register(floor_group)
floor_table.register(floor_group)
