"""PokerStars-style text (``history.pokerstars``): parsed by a public parser of the format
(PokerKit's ``HandHistory.from_pokerstars``, a test-only dependency) to the same hand, and written
with the lines real PokerStars files have (``tests/data/pokerstars/samples.txt``)."""

from __future__ import annotations

import datetime
import random
import re
import warnings
from pathlib import Path

import pytest

from pokertd import Hand
from pokertd.engine import GAMES, GameFamily
from pokertd.history.pokerstars import pokerstars_text

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "pokerstars" / "samples.txt"
STARTED = datetime.datetime(2026, 5, 1, 21, 30)


def play(game: str, seed: int, *, count: int | None = None, ante: int = 0) -> Hand:
    """Play a seeded hand of ``game`` to the end with random legal actions."""
    rng = random.Random(f"{game}-{seed}")
    count = count or rng.randint(2, min(6, GAMES[game].max_players))
    stacks = [rng.randint(20, 300) * 10 + rng.choice((0, 5)) for _ in range(count)]
    forced: dict[str, object] = {"blinds": (10, 20)}
    if GAMES[game].family is GameFamily.STUD:
        forced = {"bring_in": 5, "limits": (20, 40)}
    hand = Hand.create(game=game, stacks=stacks, seed=seed, button=rng.randrange(count),
                       ante=ante, **forced)  # type: ignore[arg-type]  # fmt: skip
    while not hand.is_finished:
        legal = hand.legal()
        assert legal is not None
        if legal.show:
            hand.show(legal.player)
        elif legal.draw:
            held = hand.hole_cards(legal.player)
            hand.draw(legal.player, [card for card in held if rng.random() < 0.4])
        elif legal.is_bring_in:
            hand.act(legal.player, "bring-in")
        elif legal.min_raise_to is not None and legal.max_raise_to and rng.random() < 0.3:
            hand.act(legal.player, "raise", rng.randint(legal.min_raise_to, legal.max_raise_to))
        elif legal.call and rng.random() < 0.3:
            hand.act(legal.player, "fold")
        else:
            hand.act(legal.player, "call" if legal.call else "check")
    return hand


def names(count: int) -> list[str]:
    return [f"Player{index}" for index in range(count)]


def test_pokerkit_parses_no_limit_hold_em_to_the_same_hand() -> None:
    """300 seeded hands (all-ins, side pots, split pots): PokerKit reads every one and ends with
    the same stacks, but for odd chips: TDA 20A gives them one each (POT-ODD-CHIP), PokerKit
    all to the first winner (tests/engine/test_against_pokerkit.py, ODD_CHIPS)."""
    pokerkit = pytest.importorskip("pokerkit")
    for seed in range(300):
        hand = play("nlhe", seed)
        players = names(hand.player_count)
        text = pokerstars_text(hand, names=players, number=seed + 1, started=STARTED)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            (history,) = pokerkit.HandHistory.from_pokerstars(text, error_status=True)
            final = list(history)[-1].stacks
        assert history.hand == seed + 1
        ours = [hand.result.stacks[players.index(name)] for name in history.players]  # type: ignore[union-attr]
        winners = sum(1 for chips in hand.result.winnings if chips)  # type: ignore[union-attr]
        assert sum(final) == sum(ours)
        assert all(abs(a - b) < max(winners, 1) for a, b in zip(final, ours, strict=True)), text


def shapes(text: str) -> set[str]:
    """Return the kinds of line of a PokerStars text: names, cards, amounts and hand names
    replaced by placeholders; the header, table and tournament-only lines left out."""
    found = set()
    for block in re.split(r"\n{2,}", text.strip()):
        seats = re.findall(r"^Seat \d+: (.+?) \(\$?[0-9.]+ in chips", block, re.MULTILINE)
        players = sorted(seats, key=len)
        for line in block.splitlines()[2:]:
            if "finished the tournament" in line:
                continue
            for name in reversed(players):
                line = line.replace(name, "<P>")
            line = re.sub(r" \((?:button|small blind|big blind)\)", "", line)  # seat roles
            line = re.sub(r"\[[^\]]*\]", "[C]", line)
            line = re.sub(r"\] \([^()]*\)$", "] (<D>)", line)
            line = re.sub(r" with [a-zA-Z ,:]+$", " with <D>", line)
            line = re.sub(r"\$?\d+(?:\.\d+)?", "<A>", line)
            found.add(re.sub(r"(?: Side pot-<A> <A>\.)+", " Side pot-<A> <A>.", line))
    return found


#: Kinds of line pokertd writes that these five sample files happen not to have.
NOT_IN_SAMPLES = {
    "<P>: bets <A> and is all-in",
    "<P>: checks",
    "<P> collected <A> from side pot-<A>",
    "Total pot <A> Main pot <A>. Side pot-<A> <A>. | Rake <A>",
    "Seat <A>: <P> folded on the Turn",
    "Seat <A>: <P> folded after the Draw",
    # A player's own draw, which the samples (seen by a player out of the hand) do not show.
    "<P>: discards <A> card [C]",
    "<P>: discards <A> cards [C]",
    "<P>: discards <A> card",
    "<P>: stands pat",
    "Dealt to <P> [C] [C]",
}


@pytest.mark.parametrize(
    ("game", "cash"), [("nlhe", False), ("nlhe", True), ("flhe", True), ("nl5cd", True)]
)
def test_every_line_is_a_kind_of_line_pokerstars_writes(game: str, cash: bool) -> None:
    sample = shapes(SAMPLES.read_text(encoding="utf-8"))
    for seed in range(60):
        hand = play(game, seed, ante=0 if cash or seed % 2 else 5)
        text = pokerstars_text(
            hand,
            names=names(hand.player_count),
            started=STARTED,
            tournament=None if cash else 1,
            decimals=2 if cash else 0,
            currency="$" if cash else "",
        )
        unknown = shapes(text) - sample - NOT_IN_SAMPLES
        assert not unknown, f"{sorted(unknown)}\n{text}"


def test_cash_amounts_are_written_as_pokerstars_does() -> None:
    """Dollars and cents; a whole number of dollars without cents (``$2 in chips``)."""
    hand = Hand.create(game="nlhe", stacks=[200, 987], blinds=(1, 2), button=0, seed=1)
    hand.act(0, "raise", to=6)
    hand.act(1, "fold")
    text = pokerstars_text(hand, started=STARTED, tournament=None, decimals=2, currency="$")
    lines = text.splitlines()
    assert (
        lines[0]
        == "PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2026/05/01 21:30:00 UTC"
    )
    assert "Seat 1: Player 1 ($2 in chips)" in lines
    assert "Seat 2: Player 2 ($9.87 in chips)" in lines
    assert "Player 1: raises $0.04 to $0.06" in lines
    assert "Player 1: doesn't show hand" in lines


@pytest.mark.parametrize(
    ("game", "streets"),
    [
        ("fl27td", ["*** DEALING HANDS ***", "*** FIRST DRAW ***", "*** SECOND DRAW ***",
                    "*** THIRD DRAW ***"]),
        ("badugi", ["*** DEALING HANDS ***", "*** FIRST DRAW ***"]),
        ("stud8", ["*** 3rd STREET ***", "*** 4th STREET ***", "*** 5th STREET ***",
                   "*** 6th STREET ***", "*** RIVER ***"]),
        ("plo8", ["*** HOLE CARDS ***", "*** FLOP ***"]),
    ],
)  # fmt: skip
def test_each_family_writes_its_streets(game: str, streets: list[str]) -> None:
    for seed in range(40):
        hand = play(game, seed, count=2)
        text = pokerstars_text(hand, started=STARTED)
        titles = [line.split(" [")[0] for line in text.splitlines() if line.startswith("***")]
        if titles[-1] == "*** SUMMARY ***" and len(titles) >= len(streets) + 1:
            assert titles[: len(streets)] == streets, text
            return
    raise AssertionError(f"no {game} hand reached the last street")


def test_draws_write_what_each_player_threw_and_got() -> None:
    hand = Hand.create(game="nl27sd", stacks=[1000, 1000], blinds=(5, 10), button=0, seed=4)
    hand.act(0, "call")
    hand.act(1, "check")
    thrown = hand.hole_cards(1)[:2]
    hand.draw(1, thrown)
    hand.draw(0, ())
    text = pokerstars_text(hand, names=["Ann", "Bob"], started=STARTED)
    kept, new = hand.hole_cards(1)[:3], hand.hole_cards(1)[3:]
    assert f"Bob: discards 2 cards [{' '.join(map(str, thrown))}]" in text
    assert f"Dealt to Bob [{' '.join(map(str, kept))}] [{' '.join(map(str, new))}]" in text
    assert "Ann: stands pat" in text
    assert "*** FIRST DRAW ***" not in text  # PokerStars titles the draws of a triple draw only
