"""Shared helpers for the floor tests: seeded hands, the flop, house profiles, and the checks a
ruling passes.

The test modules of ``tests/floor`` import it by name, as pytest puts their folder on
``sys.path`` (``tests/`` is not a package).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from pokertd import Hand, rules
from pokertd.floor.rulings import Ruling, StepKind
from pokertd.present.floor import explanation
from pokertd.rules import Profile

#: Chips behind for every player of ``table``: deep enough that no ruling runs into a stack.
BIG = 100_000


def table(
    profile: str | Profile = "tda-2017",
    players: int = 6,
    *,
    blinds: tuple[int, int] = (50, 100),
    stacks: Sequence[int] | None = None,
    game: str = "nlhe",
    **options: object,
) -> Hand:
    """Start a seeded hand of ``players`` with ``BIG`` chips each, unless ``stacks`` are given;
    the button is the last player, so player 0 posts the small blind."""
    chosen = rules.load(profile) if isinstance(profile, str) else profile
    return Hand.create(
        game=game,
        profile=chosen,
        stacks=[BIG] * players if stacks is None else list(stacks),
        blinds=blinds,
        seed=1,
        **options,  # type: ignore[arg-type]
    )


def to_flop(hand: Hand) -> Hand:
    """Have everybody call (or check) the big blind so that the flop is dealt."""
    while hand.street == 0:
        legal = hand.legal()
        assert legal is not None
        hand.act(legal.player, "call" if legal.call else "check")
    return hand


def flop_bet(profile: str | Profile = "tda-2017") -> Hand:
    """Post-flop at 50/100: players 0 and 1 check, player 2 bets 300, player 3 folds; 4 to act."""
    hand = to_flop(table(profile))
    hand.act(0, "check")
    hand.act(1, "check")
    hand.act(2, "bet", to=300)
    hand.act(3, "fold")
    return hand


def house(**changes: object) -> Profile:
    """A house profile on tda-2017 (no book of its own)."""
    base = rules.load("tda-2017")
    return dataclasses.replace(base, id="house", name="House", book="", **changes)  # type: ignore[arg-type]


def texts(ruling: Ruling) -> list[str]:
    """Return the ruling's choices as text: ``['fold', 'call', 'raise 200']``."""
    return [str(choice) for choice in ruling.choices]


def kinds(ruling: Ruling) -> list[StepKind]:
    """Return the kinds of the ruling's steps, in order."""
    return [step.kind for step in ruling.steps]


def check(ruling: Ruling, rule: str, book: str) -> None:
    """The ruling names its rule, cites only the right book and explains itself in both
    languages."""
    assert ruling.rule == rule
    assert ruling.articles
    assert all(article.startswith(book) for article in ruling.articles), ruling.articles
    assert explanation(ruling, "en").strip()
    assert explanation(ruling, "fr").strip()
    assert explanation(ruling, "en") != explanation(ruling, "fr")


def accepts(hand: Hand, ruling: Ruling, pick: int) -> None:
    """Apply the ruling's decision, or one of its choices; the engine must accept it."""
    options = [ruling.decision] if ruling.decision is not None else list(ruling.choices)
    assert options, ruling
    chosen = options[pick % len(options)]
    assert chosen is not None
    legal = hand.legal()
    assert legal is not None
    hand.act(legal.player, chosen.kind, chosen.to)
