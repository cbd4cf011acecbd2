"""Shared helpers for the rule vectors of ``shared/spec/examples.md``."""

from __future__ import annotations

from collections.abc import Sequence

from pokertd import Hand, rules
from pokertd.rules import Profile


def table(
    profile: str | Profile,
    stacks: Sequence[int],
    blinds: tuple[int, int] = (100, 200),
    *,
    game: str = "nlhe",
    **options: object,
) -> Hand:
    """Start a seeded hand; the button is the last player, so player 0 posts the small blind."""
    chosen = rules.load(profile) if isinstance(profile, str) else profile
    return Hand.create(
        game=game,
        profile=chosen,
        stacks=list(stacks),
        blinds=blinds,
        seed=1,
        **options,  # type: ignore[arg-type]
    )


def to_flop(hand: Hand) -> Hand:
    """Have everybody call (or check) the big blind so that the flop is dealt."""
    while hand.street == 0 and not hand.is_finished:
        legal = hand.legal()
        assert legal is not None
        hand.act(legal.player, "call" if legal.call else "check")
    return hand


def options(hand: Hand, player: int) -> tuple[int, int | None, bool]:
    """Return the total a call reaches, the minimum raise total, and whether raising is allowed."""
    legal = hand.legal()
    assert legal is not None
    assert legal.player == player, f"player {legal.player} is to act, not {player}"
    return hand.bets[player] + legal.call, legal.min_raise_to, legal.min_raise_to is not None
