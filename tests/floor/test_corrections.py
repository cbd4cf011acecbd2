"""Mistakes put right after the fact: BET-UNDERRAISE-CORRECTION, BET-PL-CORRECTION,
BET-WAIT-FOR-AMOUNT, BET-UNCALLED and SHOW-EXPOSED-DURING-HAND; every branch, and the property
that the corrected actions are accepted by the engine."""

from __future__ import annotations

from typing import Any

import floor_tools
import pytest
from floor_tools import BIG, to_flop
from hypothesis import event, given, settings
from hypothesis import strategies as st

from pokertd import Hand, rules
from pokertd.engine import ActionKind
from pokertd.errors import IllegalActionError, ParseError
from pokertd.floor.corrections import (
    Noticed,
    acted_before_amount,
    correct_pot_limit,
    correct_underraise,
    exposed_own_cards,
    uncalled_after_muck,
    wait_for_amount,
)
from pokertd.floor.order import parse_decision
from pokertd.floor.rulings import Decision, Ruling, StepKind
from pokertd.present.floor import explanation


def table(profile: str = "tda-2017", players: int = 5, **options: Any) -> Hand:
    """A hand at 100/200, five-handed unless said otherwise."""
    return floor_tools.table(profile, players, blinds=(100, 200), **options)


def bets(ruling: Ruling) -> dict[int, tuple[int, int]]:
    rows = ruling.details["bets"]
    return {row["player"]: (row["was"], row["to"]) for row in rows}


def apply_corrected(hand: Hand, ruling: Ruling) -> None:
    """Take the corrected actions of a ruling on ``hand``: the engine must accept each."""
    for text in ruling.details["actions"]:
        who, _, what = text.partition(": ")
        hand.act(int(who.removeprefix("player ")) - 1, *_kind_to(parse_decision(what)))


def _kind_to(decision: Decision) -> tuple[ActionKind, int | None]:
    return decision.kind, decision.to


# -- under-raises ----------------------------------------------------------------------------------


def flop_bet(profile: str = "tda-2017", players: int = 5, **options: object) -> Hand:
    hand = to_flop(table(profile, players, **options))
    first = hand.to_act
    assert first is not None
    hand.act(first, "bet", to=600)
    return hand


@pytest.mark.parametrize(
    ("profile", "articles"),
    [
        ("tda-2017", ("TDA 43A", "TDA 47A")),
        ("lfp", ("LFP 7.17", "LFP 7.18", "LFP 7.16")),
        ("gran-madrid", ("TDA 43A", "GM 10°")),
        ("bannalec", ("TDA 43A", "BAN/RELINSUF")),
    ],
)
def test_underraise_articles(profile: str, articles: tuple[str, ...]) -> None:
    """The correction window's article, then the 50 % rule the completion follows."""
    ruling = correct_underraise(flop_bet(profile), [(1, "raise 1000"), (2, "call")])
    assert ruling.articles == articles
    assert "corrigée à 1200" in explanation(ruling, "fr")


def test_underraise_below_half_becomes_a_call() -> None:
    """BET-UNDERRAISE-50: +200 over 600 is below half the 600 increment: a call; the caller of
    the 800 gets 200 back."""
    ruling = correct_underraise(flop_bet(), [(1, "raise 800"), (2, "call")])
    assert bets(ruling) == {1: (800, 600), 2: (800, 600)}
    assert "gets 200 back" in explanation(ruling, "en")
    assert "récupère 200" in explanation(ruling, "fr")


def test_underraise_declared_raise_is_completed() -> None:
    ruling = correct_underraise(flop_bet(), [(1, "raise 800")], is_raise_declared=True)
    assert bets(ruling) == {1: (800, 1200)}


def test_opening_underbet_is_the_minimum_bet() -> None:
    """LFP 7.16, TDA 43A: an opening bet below the big blind becomes the big blind."""
    hand = to_flop(table("lfp"))
    ruling = correct_underraise(hand, [(0, "bet 100"), (1, "call"), (2, "raise 1000")])
    assert bets(ruling) == {0: (100, 200), 1: (100, 200), 2: (1000, 1000)}
    assert ruling.articles == ("LFP 7.17", "LFP 7.18")
    assert ruling.details["to_act"] == 3
    assert "L'ouverture" in explanation(ruling, "fr")


def test_underraise_later_raise_below_the_corrected_bet_is_a_call() -> None:
    ruling = correct_underraise(flop_bet(), [(1, "raise 1000"), (2, "raise 1100")])
    assert bets(ruling) == {1: (1000, 1200), 2: (1100, 1200)}


def test_underraise_with_a_moved_button() -> None:
    """Players keep their numbers when the button is not the last player."""
    hand = flop_bet(button=2)
    assert hand.to_act == 4
    actions = [(4, "raise 1000"), (0, "call"), (1, "fold"), (2, "call")]
    ruling = correct_underraise(hand, actions)
    assert bets(ruling) == {4: (1000, 1200), 0: (1000, 1200), 2: (1000, 1200)}
    assert ruling.details["to_act"] == 3
    apply_corrected(hand, ruling)


def test_underraise_stands_after_the_next_card_or_gathering() -> None:
    tda = correct_underraise(flop_bet(), [(1, "raise 1000")], noticed=Noticed.NEXT_STREET)
    assert "current street only" in explanation(tda, "en")
    assert tda.choices == ()
    lfp = correct_underraise(flop_bet("lfp"), [(1, "raise 1000")], noticed=Noticed.NEXT_STREET)
    assert "pot est définitif" in explanation(lfp, "fr")


def test_underraise_all_in_short_is_no_error() -> None:
    hand = flop_bet(stacks=[BIG, 1000 + 200, BIG, BIG, BIG])
    with pytest.raises(ParseError):
        correct_underraise(hand, [(1, "all-in")])


@pytest.mark.parametrize(
    "actions",
    [
        [],
        [(1, "call")],
        [(2, "raise 1000")],  # not the player to act
        [(9, "raise 1000")],
        [(1, "raise 1200")],  # not below the minimum
    ],
)
def test_underraise_refuses(actions: list[tuple[int, str]]) -> None:
    with pytest.raises(ParseError):
        correct_underraise(flop_bet(), actions)


def test_underraise_table_playing_on_out_of_turn_stops_the_replay() -> None:
    ruling = correct_underraise(flop_bet(), [(1, "raise 1000"), (3, "call")])
    assert ruling.details["actions"] == ["player 2: raise 1200"]


# -- pot-limit -------------------------------------------------------------------------------------


def plo_flop(profile: str = "tda-2017", players: int = 3) -> Hand:
    hand = Hand.create(
        game="plo",
        profile=rules.load(profile),
        stacks=[BIG] * players,
        blinds=(500, 1000),
        seed=1,
    )
    hand.act(2 % players, "raise", to=3500)
    return to_flop(hand)


def test_pot_limit_raise_too_large_and_too_small() -> None:
    """A pot raise facing a bet: the pot-limit total includes the call."""
    hand = plo_flop()
    hand.act(0, "bet", to=1000)
    legal = hand.legal()
    assert legal is not None
    assert legal.max_raise_to == 13_500
    large = correct_pot_limit(hand, [(1, "raise 14500"), (2, "fold")])
    assert bets(large) == {1: (14_500, 13_500)}
    assert large.details["to_act"] == 0
    assert "relance" in explanation(large, "fr")
    small = correct_pot_limit(hand, [(1, "raise 12500")])
    assert bets(small) == {1: (12_500, 13_500)}


def test_pot_limit_too_small_stands_on_the_next_street() -> None:
    ruling = correct_pot_limit(plo_flop(), [(0, "bet 9500")], noticed=Noticed.NEXT_STREET)
    assert ruling.details["corrected"] is False
    assert "carte suivante est sortie" in explanation(ruling, "fr")


@pytest.mark.parametrize(
    ("game", "actions"),
    [("nlhe", [(0, "bet 9500")]), ("plo", [(0, "bet 10500")])],
)
def test_pot_limit_refuses(game: str, actions: list[tuple[int, str]]) -> None:
    hand = plo_flop() if game == "plo" else to_flop(table())
    with pytest.raises(ParseError):
        correct_pot_limit(hand, actions)


def test_pot_limit_all_in_over_the_pot() -> None:
    hand = plo_flop()
    ruling = correct_pot_limit(hand, [(0, "all-in"), (1, "call")])
    assert bets(ruling)[0] == (BIG - 3500, 10_500)


# -- waiting for the amount ------------------------------------------------------------------------


def test_wait_for_amount_when_only_all_in_is_left() -> None:
    hand = table(stacks=[BIG, BIG, 300, BIG, BIG])
    ruling = wait_for_amount(hand)
    assert [str(choice) for choice in ruling.choices] == ["raise 300"]
    assert "attendent" in explanation(ruling, "fr")


def test_wait_for_amount_needs_a_possible_raise() -> None:
    hand = table(stacks=[BIG, BIG, 150, BIG, BIG])
    with pytest.raises(IllegalActionError):
        wait_for_amount(hand)


def test_acted_before_amount_other_actions_and_errors() -> None:
    hand = to_flop(table())
    ruling = acted_before_amount(hand, 2, "bet 400")
    assert ruling.td_decides is False
    assert ruling.articles == ("TDA 41B", "TDA 44A")
    assert "hors de tour" in explanation(ruling, "fr")
    assert "attendre un montant clair" in explanation(acted_before_amount(hand, 2, "fold"), "fr")
    assert "montant le plus juste" in explanation(acted_before_amount(hand, 2, "call"), "fr")
    with pytest.raises(ParseError):
        acted_before_amount(hand, 0, "fold")  # he is the player to act


# -- uncalled bets ---------------------------------------------------------------------------------


def raised(profile: str, stacks: list[int] | None = None) -> Hand:
    """Player 2 raises to 5000 pre-flop at 100/200; the blinds have not acted."""
    hand = table(profile, 3, stacks=stacks or [BIG] * 3)
    hand.act(2, "raise", to=5000)
    return hand


def test_uncalled_returned_tda() -> None:
    ruling = uncalled_after_muck(raised("tda-2017"), 2)
    assert ruling.details == {"player": 2, "uncalled": 4800, "returned": 4800, "kept": 0}
    assert [step.kind for step in ruling.steps] == [StepKind.KILL_HAND, StepKind.RETURN_BETS]
    assert ruling.decision is None  # not his turn: the dealer takes the hand
    assert ruling.articles == ("TDA 15B", "TDA 65A")


def test_uncalled_kept_in_pot_lfp_except_what_nobody_covers() -> None:
    """LFP 3.2: kept in the pot, except the part no opponent could cover (3000 here)."""
    ruling = uncalled_after_muck(raised("lfp", [1000, 2000, BIG]), 2)
    assert ruling.details == {"player": 2, "uncalled": 4800, "returned": 3000, "kept": 1800}
    assert "reste au pot" in explanation(ruling, "fr")
    whole = uncalled_after_muck(raised("lfp"), 2)
    assert whole.details["returned"] == 0
    assert [step.kind for step in whole.steps] == [StepKind.KILL_HAND]


def test_uncalled_gen_lost_unless_retrievable() -> None:
    lost = uncalled_after_muck(raised("generic"), 2)
    assert lost.details["returned"] == 0
    assert "perd le pot" in explanation(lost, "fr")
    retrieved = uncalled_after_muck(raised("generic"), 2, is_retrievable=True)
    assert [step.kind for step in retrieved.steps] == [StepKind.CONTINUE]
    assert "reprend" in explanation(retrieved, "fr")


def test_uncalled_of_the_player_to_act_folds_for_the_engine() -> None:
    hand = raised("gran-madrid")
    ruling = uncalled_after_muck(hand, 0)
    assert ruling.decision == Decision(ActionKind.FOLD)
    assert ruling.details["uncalled"] == 0
    assert ruling.articles == ("GM 28°",)
    hand.act(0, "fold")
    with pytest.raises(ParseError):
        uncalled_after_muck(hand, 0)


# -- a player showing his own cards ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "penalty", "articles"),
    [
        ("tda-2017", "next-hand", ("TDA 68",)),
        ("lfp", "after-hand", ("LFP 4.1",)),
        ("gran-madrid", "after-hand", ("GM 31°",)),
    ],
)
def test_exposed_own_cards_live(profile: str, penalty: str, articles: tuple[str, ...]) -> None:
    ruling = exposed_own_cards(table(profile, 6), 4)
    assert ruling.details == {"player": 4, "is_live": True, "penalty": penalty}
    assert ruling.articles == articles
    assert ruling.decision is None
    assert ("milieu de la table" in explanation(ruling, "fr")) is (profile == "lfp")


def test_exposed_own_cards_dead_under_ban() -> None:
    hand = table("bannalec", 6)
    ruling = exposed_own_cards(hand, 4)
    assert ruling.articles == ("BAN/CARTES",)
    assert ruling.decision is None  # not his turn: the dealer takes the hand
    assert [step.kind for step in ruling.steps] == [StepKind.KILL_HAND]
    assert exposed_own_cards(hand, 2).decision == Decision(ActionKind.FOLD)
    hand.act(2, "fold")
    with pytest.raises(ParseError):
        exposed_own_cards(hand, 2)


# -- property --------------------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(
    profile=st.sampled_from(rules.PROFILE_IDS),
    players=st.integers(3, 7),
    streets=st.integers(0, 2),
    short=st.integers(1, 99),
    replies=st.lists(st.sampled_from(["call", "fold", "raise"]), max_size=6),
    noticed=st.sampled_from(list(Noticed)),
)
def test_corrected_actions_are_accepted_by_the_engine(
    profile: str,
    players: int,
    streets: int,
    short: int,
    replies: list[str],
    noticed: Noticed,
) -> None:
    """An under-raise by the player to act, the table's replies, then the correction: the
    corrected actions, taken on the hand, are accepted by the engine."""
    hand = Hand.create(
        game="nlhe",
        profile=rules.load(profile),
        stacks=[40_000 + 1000 * p for p in range(players)],
        blinds=(100, 200),
        seed=2,
    )
    while hand.street < streets:
        legal = hand.legal()
        assert legal is not None
        hand.act(legal.player, "call" if legal.call else "check")
    legal = hand.legal()
    assert legal is not None
    assert legal.min_raise_to is not None
    player = legal.player
    current = hand.current_bet
    to = current + max(1, (legal.min_raise_to - current) * short // 100)
    if to >= legal.min_raise_to:
        return
    actions: list[tuple[int, str]] = [(player, f"raise {to}")]
    top = to
    for offset, reply in enumerate(replies, 1):
        other = (player + offset) % players
        if other == player:
            break
        if reply == "raise":
            top = top * 3
            actions.append((other, f"raise {top}"))
        else:
            actions.append((other, reply))
    ruling = correct_underraise(hand, actions, noticed=noticed)
    event(f"corrected: {ruling.details['corrected']}")
    if ruling.details["corrected"]:
        street = hand.street
        apply_corrected(hand, ruling)
        if ruling.details["to_act"] is None:  # the round is over: a new one, or the end
            assert hand.street > street or hand.is_finished or hand.legal() is None
        else:
            assert hand.to_act == ruling.details["to_act"]
            assert ruling.choices == _choices(hand)


def _choices(hand: Hand) -> tuple[Decision, ...]:
    legal = hand.legal()
    if legal is None:
        return ()
    passive = ActionKind.CHECK if legal.check else ActionKind.CALL
    choices = [Decision(ActionKind.FOLD), Decision(passive)]
    if legal.min_raise_to is not None:
        kind = ActionKind.BET if legal.is_opening else ActionKind.RAISE
        choices.append(Decision(kind, legal.min_raise_to))
    return tuple(choices)
