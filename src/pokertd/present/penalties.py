"""A penalty as the director confirms it: what the book makes of what he asked for, in words.

The facts come from the one penalty model (``rules.penalties.penalty_fact``); the web console
shows these lines before the penalty is recorded, so the director confirms the length the book
sets (LFP's warning and its hand out, rounds counted in hands), the chips a disqualification
removes and the next step of the book's ladder.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokertd.present.words import Words
from pokertd.rules.penalties import PenaltyFact, PenaltyKind


@dataclass(frozen=True, slots=True)
class PenaltyPreview:
    """What the console shows before a penalty is confirmed: ``lines`` (the penalty, its
    effects), ``rule`` and ``articles`` (the citation), ``ladder`` (the book's next step)."""

    lines: tuple[str, ...]
    rule: str
    articles: str
    ladder: str


def penalty_preview(
    fact: PenaltyFact, player: str, earlier: int, players_at_table: int | None, words: Words
) -> PenaltyPreview:
    """Return the lines that describe ``fact`` for ``player`` (who had ``earlier`` penalties)."""
    lines = [_what(fact, player, players_at_table, words)]
    if fact.chips_removed:
        lines.append(words("His chips leave play (PEN-DQ)."))
    if fact.suspended_next_event:
        lines.append(
            words("He is unregistered and suspended for the next tournament (BAN/SANCTIONS).")
        )
    if fact.leaves_area and not fact.chips_removed:
        lines.append(
            words("He leaves the tournament area and comes back with the director's leave (GM 7°).")
        )
    if fact.hands:
        lines.append(
            words(
                "He is dealt in, his blinds and antes are posted and his hand is killed "
                "(PEN-SERVING)."
            )
        )
    ladder = words(
        "Earlier penalties: {earlier}; the book's next step: {step}.",
        earlier=earlier,
        step=kind_name(fact.suggested, words),
    )
    return PenaltyPreview(tuple(lines), fact.rule, ", ".join(fact.articles), ladder)


def kind_name(kind: PenaltyKind, words: Words) -> str:
    """Return the name of a kind of penalty."""
    match kind:
        case PenaltyKind.WARNING:
            return words("a warning")
        case PenaltyKind.HANDS:
            return words("hands out")
        case PenaltyKind.ROUNDS:
            return words("a suspension of rounds")
    return words("disqualification")


def _what(fact: PenaltyFact, player: str, at_table: int | None, words: Words) -> str:
    """The penalty itself, with its length as the book sets it."""
    if fact.kind is PenaltyKind.DISQUALIFICATION:
        return words("{player}: disqualification.", player=player)
    if fact.kind is PenaltyKind.WARNING:
        if fact.hands:
            return words(
                "{player}: a warning, with {hands} hand(s) out.", player=player, hands=fact.hands
            )
        return words("{player}: a warning, no hand out.", player=player)
    if fact.kind is PenaltyKind.ROUNDS:
        return words(
            "{player}: {rounds} round(s) out, {hands} hands ({players} players at his table, "
            "him included).",
            player=player,
            rounds=fact.rounds,
            hands=fact.hands,
            players=at_table,
        )
    return words("{player}: {hands} hand(s) out.", player=player, hands=fact.hands)
