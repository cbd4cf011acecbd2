"""``pokertd replay HAND.phh``: apply a PHH hand's actions and print the state after the last one.

Exit status 0 when every action applies, 2 when the rules forbid one (the state printed is the one
before it), 1 for a file that cannot be read. The JSON shape is DESIGN.md's contract.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from pokertd import rules
from pokertd.cards import format_cards
from pokertd.cli.output import EXIT_RULE, emit_json, guarded
from pokertd.engine import GameFamily, Hand
from pokertd.history import HandHistory, read_phh
from pokertd.history.replay import Replay, replay


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
@guarded
def replay_command(path: Path, profile_id: str | None, *, as_json: bool) -> None:
    """Replay HAND.phh by the rules of a profile and print the state after its last action."""
    history = read_phh(path.read_text(encoding="utf-8"), source=str(path))
    profile = None
    if profile_id is not None:
        is_file = profile_id.endswith(".toml") or "/" in profile_id
        profile = rules.load_file(profile_id) if is_file else rules.load(profile_id)
    result = replay(history, profile)
    document = replay_document(result, history)
    if as_json:
        emit_json(document)
    else:
        click.echo(_describe(result, history, document))
    if result.error is not None:
        if not as_json:
            error = result.error
            click.echo(f"error: action {error.index} {error.action!r}: {error.message}", err=True)
        raise SystemExit(EXIT_RULE)


def replay_document(result: Replay, history: HandHistory) -> dict[str, Any]:
    """Return the JSON document of ``pokertd replay --json`` (DESIGN.md, "Replay CLI")."""
    hand = result.hand
    legal = hand.legal()
    finished = hand.result
    document: dict[str, Any] = {
        "ok": result.ok,
        "finished": hand.is_finished,
        "street": hand.street_name,
        "stacks": list(hand.stacks),
        "bets": list(hand.bets),
        "pots": [{"amount": pot.amount, "eligible": list(pot.eligible)} for pot in hand.pots],
        "to_act": hand.to_act,
        "legal": None if legal is None else legal.to_dict(),
        "finishing_stacks": None if finished is None else list(finished.stacks),
        "error": None,
    }
    if history.finishing_stacks is not None and finished is not None:
        document["matches_recorded"] = list(finished.stacks) == list(history.finishing_stacks)
    if result.error is not None:
        error = result.error
        document["error"] = {
            "index": error.index,
            "action": error.action,
            "rule": error.rule,
            "message": error.message,
        }
    return document


def _describe(result: Replay, history: HandHistory, document: dict[str, Any]) -> str:
    hand = result.hand
    lines = [
        f"{hand.game.name}, profile {hand.profile.id}: {result.applied} of "
        f"{len(history.actions)} actions applied",
        f"street: {hand.street_name}   board: {format_cards(list(hand.board)) or '-'}",
    ]
    for number, pot in enumerate(hand.pots):
        who = " ".join(f"p{player + 1}" for player in pot.eligible)
        lines.append(f"{'main pot' if number == 0 else f'side pot {number}'}: {pot.amount} ({who})")
    for player in range(hand.player_count):
        lines.append(_player_line(hand, history, player))
    legal = hand.legal()
    if legal is not None:
        lines.append(f"to act: p{legal.player + 1}: {_options(hand)}")
    if hand.result is not None:
        stacks = " ".join(str(stack) for stack in hand.result.stacks)
        lines.append(f"finished; finishing stacks: {stacks}")
        if "matches_recorded" in document:
            same = "match" if document["matches_recorded"] else "DIFFER FROM"
            lines.append(f"the finishing stacks {same} the ones recorded in the file")
    return "\n".join(lines)


def _player_line(hand: Hand, history: HandHistory, player: int) -> str:
    name = history.players[player] if history.players else ""
    state = "folded" if hand.is_folded(player) else "all-in" if hand.is_all_in(player) else ""
    cards = format_cards(list(hand.hole_cards(player)))
    if hand.game.family is GameFamily.STUD:
        # Stud: the down cards, then the up cards everyone sees in brackets.
        lies = hand.exposures(player)
        holes = hand.hole_cards(player)
        down = format_cards([c for c, lie in zip(holes, lies, strict=True) if lie == "down"])
        up = format_cards([c for c, lie in zip(holes, lies, strict=True) if lie == "up"])
        cards = f"{down} [{up}]" if holes else ""
    return (
        f"p{player + 1:<3}{name[:20]:<21}{hand.stacks[player]:>12} behind "
        f"{hand.bets[player]:>10} bet  {cards:<10}{state}"
    ).rstrip()


def _options(hand: Hand) -> str:
    legal = hand.legal()
    assert legal is not None
    if legal.show:
        return "show" + (" or muck" if legal.muck else " (all-in: no muck)")
    if legal.is_bring_in:
        options = [f"bring-in {legal.call}"]
        if legal.min_raise_to is not None:
            options.append(f"complete to {legal.min_raise_to}")
        return ", ".join(options)
    options = ["fold", f"call {legal.call}" if legal.call else "check"]
    if legal.min_raise_to is not None:
        word = "bet" if legal.is_opening else "raise"
        span = str(legal.min_raise_to)
        if legal.max_raise_to != legal.min_raise_to:
            span += f"..{legal.max_raise_to}"
        options.append(f"{word} to {span}")
    return ", ".join(options)
