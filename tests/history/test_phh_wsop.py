"""The 83 hands of the 2023 WSOP Event #43 final table ($50,000 PPC, day 5), read as data.

Each hand is read, checked against its raw TOML, written back and read again, and its actions are
cross-checked against PokerKit's own parser (a test-only dependency).
"""

from __future__ import annotations

import tomllib
import warnings
from collections import Counter
from pathlib import Path

import pytest

from pokertd.cards import format_cards
from pokertd.history import (
    BetOrRaise,
    CheckOrCall,
    DealBoard,
    DealHole,
    Fold,
    HandHistory,
    PhhAction,
    PostBringIn,
    ShowOrMuck,
    StandPatOrDiscard,
    format_action,
    game_of,
    read_phh,
    read_phhs,
    write_phh,
    write_phhs,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
WSOP = REPO_ROOT / "tests" / "data" / "phh" / "wsop-2023-43-5"
FILES = sorted(WSOP.glob("*.phh"), key=lambda path: int(path.stem))


def read(path: Path) -> HandHistory:
    return read_phh(path.read_text(encoding="utf-8"), source=path.name)


def test_the_data_set_is_all_there() -> None:
    assert len(FILES) == 83
    variants = Counter(read(path).variant for path in FILES)
    assert variants == {
        "NT": 11,
        "FT": 7,
        "PO": 7,
        "FO/8": 14,
        "F7S": 13,
        "F7S/8": 7,
        "FR": 10,
        "N2L1D": 7,
        "F2L3D": 7,
    }


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_hand_reads_as_its_toml_says(path: Path) -> None:
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    h = read(path)
    assert h.variant == raw["variant"]
    assert h.game == game_of(raw["variant"])
    assert h.player_count == len(raw["starting_stacks"]) == len(raw["players"])
    assert h.players == tuple(raw["players"])
    assert len(h.actions) == len(raw["actions"])
    assert [format_action(action) for action in h.actions] == raw["actions"]
    assert h.finishing_stacks is not None
    assert sum(h.finishing_stacks) == sum(h.starting_stacks)
    assert h.hand == int(path.stem)
    assert not h.extra


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_hand_round_trips(path: Path) -> None:
    h = read(path)
    text = write_phh(h)
    assert read_phh(text) == h
    assert write_phh(read_phh(text)) == text


def test_all_hands_round_trip_as_one_bulk_file() -> None:
    hands = [read(path) for path in FILES]
    assert read_phhs(write_phhs(hands)) == hands


# --- cross-check with PokerKit -----------------------------------------------------------


def pokerkit_actions(text: str) -> list[tuple[str, object]]:
    """Replay a hand in PokerKit; return each notation with the one operation it performed."""
    pokerkit = pytest.importorskip("pokerkit")
    from pokerkit import state as pk

    kinds = (
        pk.HoleDealing,
        pk.BoardDealing,
        pk.Folding,
        pk.CheckingOrCalling,
        pk.CompletionBettingOrRaisingTo,
        pk.HoleCardsShowingOrMucking,
        pk.StandingPatOrDiscarding,
        pk.BringInPosting,
    )
    seen = 0
    pairs: list[tuple[str, object]] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for state, notation in pokerkit.HandHistory.loads(text).state_actions:
            performed = [op for op in state.operations[seen:] if isinstance(op, kinds)]
            seen = len(state.operations)
            if notation is not None:
                assert len(performed) == 1, notation
                pairs.append((notation, performed[0]))
    return pairs


def describe_ours(action: PhhAction) -> tuple[object, ...]:
    match action:
        case DealHole(player, cards):
            return ("HoleDealing", player, format_cards(cards))
        case DealBoard(cards):
            return ("BoardDealing", None, format_cards(cards))
        case Fold(player):
            return ("Folding", player)
        case CheckOrCall(player):
            return ("CheckingOrCalling", player)
        case BetOrRaise(player, to):
            return ("CompletionBettingOrRaisingTo", player, to)
        case ShowOrMuck(player, cards):
            return ("HoleCardsShowingOrMucking", player, format_cards(cards or ()))
        case StandPatOrDiscard(player, cards):
            return ("StandingPatOrDiscarding", player, format_cards(cards))
        case PostBringIn(player):
            return ("BringInPosting", player)
    raise AssertionError(action)


def describe_pokerkit(operation: object) -> tuple[object, ...]:
    name = type(operation).__name__
    player = getattr(operation, "player_index", None)
    if name in ("HoleDealing", "BoardDealing", "StandingPatOrDiscarding"):
        return (name, player, "".join(map(repr, operation.cards)))  # type: ignore[attr-defined]
    if name == "HoleCardsShowingOrMucking":
        return (name, player, "".join(map(repr, operation.hole_cards)))  # type: ignore[attr-defined]
    if name == "CompletionBettingOrRaisingTo":
        return (name, player, operation.amount)  # type: ignore[attr-defined]
    return (name, player)


# Hand 85 (razz, heads-up): p2 raises to 750000, which puts p1's last 150000 in. PokerKit 0.7.7
# asks for the full fixed-limit raise to 1200000 and cannot replay the file.
POKERKIT_REPLAYS = [
    pytest.param(
        path,
        id=path.stem,
        marks=pytest.mark.xfail(raises=ValueError, strict=True, reason="PokerKit 0.7.7")
        if path.stem == "85"
        else (),
    )
    for path in FILES
]


@pytest.mark.parametrize("path", POKERKIT_REPLAYS)
def test_actions_agree_with_pokerkit(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    ours = read_phh(text).actions
    theirs = pokerkit_actions(text)
    assert [notation for notation, _ in theirs] == [format_action(a) for a in ours]
    assert [describe_ours(a) for a in ours] == [describe_pokerkit(op) for _, op in theirs]


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_game_fields_agree_with_pokerkit(path: Path) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    text = path.read_text(encoding="utf-8")
    h = read_phh(text)
    theirs = pokerkit.HandHistory.loads(text)
    assert h.variant == theirs.variant
    assert list(h.antes) == list(theirs.antes)
    assert list(h.starting_stacks) == list(theirs.starting_stacks)
    assert (h.bring_in, h.small_bet, h.big_bet, h.min_bet) == (
        theirs.bring_in,
        theirs.small_bet,
        theirs.big_bet,
        theirs.min_bet,
    )
    blinds = None if theirs.blinds_or_straddles is None else tuple(theirs.blinds_or_straddles)
    assert h.blinds_or_straddles == blinds
    assert h.ante_trimming_status is theirs.ante_trimming_status
