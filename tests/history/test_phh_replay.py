"""Replaying PHH through the engine: the WSOP final-table hands, and PHH written from hands."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from pokertd import Hand, rules
from pokertd.engine import GAMES, GameFamily
from pokertd.history import read_phh, write_phh
from pokertd.history.replay import replay, to_history

WSOP = Path(__file__).resolve().parents[1] / "data" / "phh" / "wsop-2023-43-5"
PLAYED_FILES = sorted(
    (path for path in WSOP.glob("*.phh") if read_phh(path.read_text()).game in GAMES),
    key=lambda path: int(path.stem),
)


def test_the_wsop_hands_pokertd_plays_are_all_there() -> None:
    """All 83 hands of the final table: hold'em or Omaha (39: NT, FT, PO, FO/8), stud (30: 13
    F7S, 7 F7S/8, 10 FR) and the draw games (14: 7 N2L1D, 7 F2L3D)."""
    games = Counter(GAMES[read_phh(path.read_text()).game or ""].family for path in PLAYED_FILES)
    assert games == {GameFamily.FLOP: 39, GameFamily.STUD: 30, GameFamily.DRAW: 14}


@pytest.mark.parametrize("path", PLAYED_FILES, ids=lambda path: path.name)
def test_wsop_hand_replays_to_its_finishing_stacks(path: Path) -> None:
    """Every hold'em, Omaha, stud, stud hi-lo and razz hand of the WSOP 2023 #43 final table
    replays under tda-2017 to the finishing stacks recorded in the file, and writes back to PHH
    that replays the same way."""
    history = read_phh(path.read_text(), source=path.name)
    result = replay(history)
    assert result.error is None
    assert result.hand.result is not None
    assert result.hand.result.stacks == history.finishing_stacks
    again = replay(read_phh(write_phh(to_history(result.hand))))
    assert again.hand.result is not None
    assert again.hand.result.stacks == history.finishing_stacks


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("profile", rules.PROFILE_IDS)
def test_played_hands_round_trip_through_phh(game: str, profile: str) -> None:
    """A hand played with automatic dealing, written as PHH and replayed, ends the same way."""
    rng = random.Random(f"{game}-{profile}")
    is_stud = GAMES[game].family is GameFamily.STUD
    for seed in range(40):
        count = rng.randint(2, min(8 if is_stud else 7, GAMES[game].max_players))
        # Stud: antes, a bring-in of 10 and bets of 50/100 instead of blinds.
        forced: dict[str, object] = (
            {"bring_in": 10, "limits": (50, 100)} if is_stud else {"blinds": (25, 50)}
        )
        hand = Hand.create(
            game=game,
            profile=rules.load(profile),
            stacks=[rng.randint(4, 60) * 25 for _ in range(count)],
            ante=rng.choice([0, 10]) or (5 if is_stud else 0),
            button=rng.randrange(count),
            absent=[1] if count > 3 and seed % 5 == 0 else [],
            seed=seed,
            **forced,  # type: ignore[arg-type]
        )
        while not hand.is_finished:
            legal = hand.legal()
            assert legal is not None
            if legal.draw:  # a draw game's draw: discard some cards, maybe none
                held = hand.hole_cards(legal.player)
                hand.draw(legal.player, [card for card in held if rng.random() < 0.4])
                continue
            choices = [("call" if legal.call else "check", None)]
            if legal.call:
                choices.append(("fold", None))
            if legal.min_raise_to is not None and legal.max_raise_to is not None:
                choices.append(("raise", rng.randint(legal.min_raise_to, legal.max_raise_to)))
            if legal.is_bring_in:
                choices[1:] = [("bring-in", None)]  # the bring-in is posted, never folded
            kind, to = rng.choice(choices)
            hand.act(legal.player, kind, to)
        history = read_phh(write_phh(to_history(hand)))
        again = replay(history)
        assert again.error is None, again.error
        assert again.hand.result is not None
        assert hand.result is not None
        order = [(hand.button + 1 + step) % count for step in range(count)]
        assert again.hand.result.stacks == tuple(hand.result.stacks[p] for p in order)
