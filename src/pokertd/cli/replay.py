"""``pokertd replay HAND.phh``: apply a PHH hand's actions and print the state after the last one.

A bulk file (``.phhs``, hands in sections ``[1]``, ``[2]``...) replays every hand in turn. Exit
status 0 when every action applies, 2 when the rules forbid one (the state printed is the one
before it), 1 for a file (or a section) that cannot be read. The JSON shape is DESIGN.md's
contract; amounts are in the file's own unit (``9.87`` in a file in cents), an unknown stack is
null. ``--pokerstars`` prints each hand as PokerStars-style text instead, for tracking tools.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import click

from pokertd import rules
from pokertd.cards import format_cards
from pokertd.cli.output import (
    EXIT_MALFORMED,
    EXIT_RULE,
    default_lang,
    emit_json,
    guarded,
)
from pokertd.engine import GameFamily, Hand
from pokertd.errors import ParseError
from pokertd.history import HandHistory, read_phh, read_phhs
from pokertd.history.codes import format_amount
from pokertd.history.pokerstars import pokerstars_text
from pokertd.history.replay import Replay, replay
from pokertd.messages import message
from pokertd.present.i18n import error_text, render
from pokertd.present.words import Words, words_for
from pokertd.rules import Profile

_SECTION = re.compile(r"^\s*\[[^\[\]]+\]\s*(?:#.*)?$", re.MULTILINE)
_FIRST_FIELD = re.compile(r"^\s*[A-Za-z_\"']", re.MULTILINE)


def _read_text(path: Path) -> str:
    """Return the text of a PHH file; ParseError, saying where, when it is not UTF-8."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ParseError(
            message(
                "{path} is not UTF-8 text (byte {byte} at offset {offset}): a PHH file is "
                "written in UTF-8",
                path=str(path),
                byte=f"0x{error.object[error.start]:02x}",
                offset=error.start,
            )
        ) from None


@click.command("replay")
@click.argument("path", metavar="HAND.phh", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--profile",
    "profile_id",
    metavar="ID",
    help="Rule profile (default: the file's "
    "_profile, else tda-2017); a house profile file is accepted too.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--lang",
    type=click.Choice(["en", "fr"]),
    default=default_lang,
    help="Language of the text and the errors, the JSON's keys staying as they are (default: "
    "$POKERTD_LANG, else the system's language).",
)
@click.option(
    "--pokerstars",
    "as_pokerstars",
    is_flag=True,
    help="Print the hand as PokerStars-style text, which tracking tools read.",
)
@guarded
def replay_command(
    path: Path, profile_id: str | None, lang: str, *, as_json: bool, as_pokerstars: bool
) -> None:
    """Replay HAND.phh by the rules of a profile and print the state after its last action.

    A bulk file (.phhs, hands in sections [1], [2]...) replays every hand."""
    words = words_for(lang)
    text = _read_text(path)
    profile = None
    if profile_id is not None:
        is_file = profile_id.endswith(".toml") or "/" in profile_id
        profile = rules.load_file(profile_id) if is_file else rules.load(profile_id)
    if not _is_bulk(path, text):
        history = read_phh(text, source=str(path))
        result = replay(history, profile)
        if as_pokerstars:
            click.echo(_pokerstars(result, history, 1), nl=False)
        elif as_json:
            emit_json(replay_document(result, history))
        else:
            click.echo(_describe(result, history, replay_document(result, history), words))
        if result.error is not None:
            if not as_json:
                _echo_error("", result, words)
            raise SystemExit(EXIT_RULE)
        return
    _replay_bulk(text, str(path), profile, words, as_json=as_json, as_pokerstars=as_pokerstars)


def _is_bulk(path: Path, text: str) -> bool:
    """Return whether a file holds hands in sections: a ``.phhs`` name, or a first section
    header before any field (a bulk file named ``.phh``)."""
    if path.suffix.lower() == ".phhs":
        return True
    header, field = _SECTION.search(text), _FIRST_FIELD.search(text)
    return header is not None and (field is None or header.start() <= field.start())


def _replay_bulk(
    text: str,
    source: str,
    profile: Profile | None,
    words: Words,
    *,
    as_json: bool,
    as_pokerstars: bool,
) -> None:
    documents: list[dict[str, Any]] = []
    status = 0
    for number, entry in enumerate(read_phhs(text, source=source), start=1):
        if isinstance(entry, ParseError):
            documents.append({"section": number, "ok": False, "malformed": str(entry)})
            click.echo(words("error: ") + error_text(entry, words.lang), err=True)
            status = status or EXIT_MALFORMED
            continue
        result = replay(entry, profile)
        document = {"section": number, **replay_document(result, entry)}
        documents.append(document)
        if as_pokerstars:
            click.echo(_pokerstars(result, entry, number) + "\n", nl=False)
        elif not as_json:
            click.echo(f"[{number}] {_describe(result, entry, document, words)}\n")
        if result.error is not None:
            _echo_error(f"{source}[{number}]: ", result, words)
            status = EXIT_RULE
    if as_json:
        emit_json({"hands": documents})
    if status:
        raise SystemExit(status)


def _echo_error(where: str, result: Replay, words: Words) -> None:
    error = result.error
    assert error is not None
    reason = render(error.said, words.lang)
    said = words("action {index} {action!r}: {reason}", index=error.index, action=error.action,
                 reason=reason)  # fmt: skip
    click.echo(words("error: ") + where + said, err=True)


def replay_document(result: Replay, history: HandHistory) -> dict[str, Any]:
    """Return the JSON document of ``pokertd replay --json`` (DESIGN.md, "Replay CLI"), amounts
    in the file's unit, an unknown stack null."""
    hand = result.hand
    legal = hand.legal()
    money = _Money(result.decimals)
    finishing = result.finishing_stacks
    document: dict[str, Any] = {
        "ok": result.ok,
        "finished": hand.is_finished,
        "street": hand.street_name,
        "stacks": [money.json(stack) for stack in result.stacks],
        "bets": [money.json(bet) for bet in hand.bets],
        "pots": [
            {"amount": money.json(pot.amount), "eligible": list(pot.eligible)} for pot in hand.pots
        ],
        "to_act": hand.to_act,
        "legal": None if legal is None else money.legal(legal.to_dict()),
        "finishing_stacks": None if finishing is None else [money.json(s) for s in finishing],
        "error": None,
    }
    if history.finishing_stacks is not None and finishing is not None:
        document["matches_recorded"] = list(finishing) == list(history.finishing_stacks)
    if result.error is not None:
        error = result.error
        document["error"] = {
            "index": error.index,
            "action": error.action,
            "rule": error.rule,
            "message": error.message,
        }
    return document


class _Money:
    """Amounts in the file's unit: whole chips, or ``10 ** -decimals`` units written back."""

    def __init__(self, decimals: int) -> None:
        self.decimals = decimals

    def json(self, amount: int | None) -> int | float | None:
        if amount is None or not self.decimals:
            return amount
        return float(Decimal(amount).scaleb(-self.decimals))

    def text(self, amount: int | None) -> str:
        return "?" if amount is None else format_amount(amount, self.decimals)

    def legal(self, shape: dict[str, object]) -> dict[str, object]:
        for key in ("call", "min_raise_to", "max_raise_to"):
            value = shape.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                shape[key] = self.json(value)
        return shape


def _describe(result: Replay, history: HandHistory, document: dict[str, Any], words: Words) -> str:
    hand = result.hand
    money = _Money(result.decimals)
    lines = [
        words("{game}, profile {profile}: {applied} of {count} actions applied",
              game=hand.game.name, profile=hand.profile.id, applied=result.applied,
              count=len(history.actions)),
        words("street: {street}   board: {board}", street=hand.street_name,
              board=format_cards(list(hand.board)) or "-"),
    ]  # fmt: skip
    for number, pot in enumerate(hand.pots):
        who = " ".join(f"p{player + 1}" for player in pot.eligible)
        name = words("main pot") if number == 0 else words("side pot {number}", number=number)
        lines.append(f"{name}: {money.text(pot.amount)} ({who})")
    for player in range(hand.player_count):
        lines.append(_player_line(result, history, player, words))
    legal = hand.legal()
    if legal is not None:
        options = _options(hand, money, words)
        lines.append(
            words("to act: p{player}: {options}", player=legal.player + 1, options=options)
        )
    finishing = result.finishing_stacks
    if finishing is not None:
        stacks = " ".join(money.text(stack) for stack in finishing)
        lines.append(words("finished; finishing stacks: {stacks}", stacks=stacks))
        if "matches_recorded" in document:
            lines.append(
                words("the finishing stacks match the ones recorded in the file")
                if document["matches_recorded"]
                else words("the finishing stacks DIFFER FROM the ones recorded in the file")
            )
    return "\n".join(lines)


def _player_line(result: Replay, history: HandHistory, player: int, words: Words) -> str:
    hand = result.hand
    money = _Money(result.decimals)
    name = history.players[player] if history.players else ""
    state = (
        words("folded") if hand.is_folded(player) else words("all-in") if hand.is_all_in(player)
        else ""
    )  # fmt: skip
    cards = format_cards(list(hand.hole_cards(player)))
    if hand.game.family is GameFamily.STUD:
        # Stud: the down cards, then the up cards everyone sees in brackets.
        lies = hand.exposures(player)
        holes = hand.hole_cards(player)
        down = format_cards([c for c, lie in zip(holes, lies, strict=True) if lie == "down"])
        up = format_cards([c for c, lie in zip(holes, lies, strict=True) if lie == "up"])
        cards = f"{down} [{up}]" if holes else ""
    stack = money.text(result.stacks[player])
    bet = money.text(hand.bets[player])
    chips = words("{stack:>12} behind {bet:>10} bet", stack=stack, bet=bet)
    return f"p{player + 1:<3}{name[:20]:<21}{chips}  {cards:<10}{state}".rstrip()


def _options(hand: Hand, money: _Money, words: Words) -> str:
    legal = hand.legal()
    assert legal is not None
    if legal.show:
        return words("show or muck") if legal.muck else words("show (all-in: no muck)")
    if legal.draw:
        return words("draw (discard up to {count} cards) or stand pat", count=legal.draw)
    if legal.is_bring_in:
        options = [words("bring-in {amount}", amount=money.text(legal.call))]
        if legal.min_raise_to is not None:
            options.append(words("complete to {amount}", amount=money.text(legal.min_raise_to)))
        return ", ".join(options)
    call = words("call {amount}", amount=money.text(legal.call)) if legal.call else words("check")
    options = [words("fold"), call]
    if legal.min_raise_to is not None:
        span = money.text(legal.min_raise_to)
        if legal.max_raise_to != legal.min_raise_to:
            span += f"..{money.text(legal.max_raise_to)}"
        options.append(
            words("bet to {span}", span=span) if legal.is_opening
            else words("raise to {span}", span=span)
        )  # fmt: skip
    return ", ".join(options)


def _pokerstars(result: Replay, history: HandHistory, number: int) -> str:
    """Return the replayed hand as PokerStars text, with the file's names, table, hand number
    and date when it has them (else the date of today: the command line may read the clock)."""
    names = list(history.players or [f"Player {p + 1}" for p in range(history.player_count)])
    today = datetime.datetime.now(datetime.UTC)
    started = datetime.datetime.combine(
        datetime.date(history.year or today.year, history.month or today.month,
                      history.day or today.day),
        history.time or datetime.time(),
    )  # fmt: skip
    symbol = history.currency_symbol or ("$" if history.currency == "USD" else "")
    is_cash = bool(history.decimals or symbol)
    return pokerstars_text(
        result.hand,
        names=names,
        number=history.hand if isinstance(history.hand, int) else number,
        tournament=None if is_cash else 1,
        level=history.level or 1,
        table=str(history.table or "pokertd 1"),
        started=started,
        decimals=result.decimals,
        currency=symbol,
    )
