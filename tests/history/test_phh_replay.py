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


# --- what online cash hands write: cents, unknown stacks, hands kept hidden ----------------------

CASH = """\
variant = "NT"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [0.05, 0.10, 0]
min_bet = 0.10
starting_stacks = [inf, 10.00, inf]
actions = [
  "d dh p1 ????", "d dh p2 AsAd", "d dh p3 ????",
  "p3 cbr 0.35", "p1 f", "p2 cbr 1.20", "p3 cc",
  "d db 7c8d2h", "p2 cbr 1.50", "p3 cc",
  "d db Kc", "p2 cc", "p3 cc",
  "d db 3s", "p2 cc", "p3 cc",
  "p2 sm AsAd", "p3 sm {shown}",
]
"""


def test_unknown_stacks_are_covered_and_stay_unknown() -> None:
    history = read_phh(CASH.format(shown="KdKh"))
    result = replay(history)
    assert result.error is None, result.error
    # p3's set of kings wins 5.45: the 0.05 small blind, 2.70 from p2 and his own 2.70.
    assert result.finishing_stacks == (None, 1000 - 270, None)
    assert result.decimals == 2
    written = write_phh(result.to_history())
    assert "starting_stacks = [inf, 10.00, inf]" in written
    assert "finishing_stacks = [inf, 7.30, inf]" in written
    assert replay(read_phh(written)).finishing_stacks == result.finishing_stacks


def test_a_hand_shown_unseen_cannot_beat_a_tabled_hand_show_tabling() -> None:
    """SHOW-TABLING (TDA 13A): ``sm ????`` keeps the cards hidden; the tabled aces win."""
    result = replay(read_phh(CASH.format(shown="????")))
    assert result.error is None, result.error
    assert result.finishing_stacks == (None, 1000 + 275, None)
    # Written back as it was read: the hidden cards stay "??".
    assert '"p3 sm ????"' in write_phh(result.to_history())


def test_hands_all_kept_hidden_split_the_pot_show_tabling() -> None:
    text = CASH.format(shown="????").replace('"p2 sm AsAd"', '"p2 sm ????"')
    text = text.replace('"d dh p2 AsAd"', '"d dh p2 ????"')
    result = replay(read_phh(text))
    assert result.error is None, result.error
    # 5.45 split: 2.72 each and the odd cent to p2, first left of the button.
    assert result.finishing_stacks == (None, 1000 - 270 + 273, None)


ANTES = """\
variant = "NT"
ante_trimming_status = {trimming}
antes = [10, 10, 10]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [200, 200, 5]
actions = [
  "d dh p1 2c3d", "d dh p2 Jh5s", "d dh p3 AsAd",
  "p1 cc", "p2 cc", "d db 7c8d9h", "p1 cc", "p2 cc", "d db Kc", "p1 cc", "p2 cc",
  "d db Qs", "p1 cc", "p2 cc", "p1 sm 2c3d", "p2 sm Jh5s", "p3 sm AsAd",
]
"""


@pytest.mark.parametrize(
    ("trimming", "stacks"),
    [
        # Live antes: p3's 5 wins 5 from each player; the other 30 are p2's side pot.
        ("true", (180, 180 + 30, 15)),
        # Dead antes: all 25 are a pot p3 can win whole; p2 wins the 20 of the blinds.
        ("false", (180, 180 + 20, 25)),
    ],
)
def test_ante_trimming_status_says_whether_antes_are_dead(
    trimming: str, stacks: tuple[int, ...]
) -> None:
    result = replay(read_phh(ANTES.format(trimming=trimming)))
    assert result.error is None, result.error
    assert result.finishing_stacks == stacks
    assert replay(read_phh(write_phh(result.to_history()))).finishing_stacks == stacks


@pytest.mark.parametrize("game", ["nlhe", "plo", "fl27td", "nl27sd", "badugi"])
def test_hands_played_in_cents_round_trip_exactly(game: str) -> None:
    """Stacks of $5.00 to $60.00 and blinds of 5 and 10 cents, written with two decimals."""
    rng = random.Random(f"cents-{game}")
    for seed in range(30):
        count = rng.randint(2, 6)
        hand = Hand.create(
            game=game,
            stacks=[rng.randint(50, 600) * 10 + rng.choice((1, 3, 7)) for _ in range(count)],
            blinds=(5, 10),
            button=rng.randrange(count),
            seed=seed,
        )
        while not hand.is_finished:
            legal = hand.legal()
            assert legal is not None
            if legal.draw:
                held = hand.hole_cards(legal.player)
                hand.draw(legal.player, [card for card in held if rng.random() < 0.5])
            elif legal.min_raise_to is not None and rng.random() < 0.3:
                hand.act(legal.player, "raise", legal.min_raise_to)
            else:
                hand.act(legal.player, "call" if legal.call else "check")
        text = write_phh(to_history(hand, decimals=2))
        history = read_phh(text)
        assert history.decimals == 2  # every stack has odd cents
        again = replay(history)
        assert again.error is None, again.error
        assert hand.result is not None
        order = [(hand.button + 1 + step) % count for step in range(count)]
        assert again.finishing_stacks == tuple(hand.result.stacks[p] for p in order)
        assert write_phh(history) == text
