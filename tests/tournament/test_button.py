"""Button and blinds at the next hand: the dead button, new players, heads-up, and the engine.

EX-58 ... EX-63 of ``shared/spec/examples.md`` use a 9-seat table numbered 1-9 clockwise; the
player in seat N is ``pN`` and a new player is ``new``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd import Hand, rules
from pokertd.tournament.button import (
    Blinds,
    EngineSeating,
    NextHand,
    Table,
    engine_order,
    next_hand,
    seats_between_button_and_small_blind,
)

PROPERTY = settings(max_examples=300, derandomize=True, database=None, deadline=None)


def table(seats: Iterable[int], last: Blinds | None = None, size: int = 9) -> Table:
    return Table(1, size, {seat: f"p{seat}" for seat in seats}, last_hand=last)


def all_but(*empty: int, size: int = 9) -> list[int]:
    return [seat for seat in range(1, size + 1) if seat not in empty]


def play(current: Table, **options: object) -> tuple[NextHand, Table]:
    """Work out the next hand and return it with the table once it is played."""
    upcoming = next_hand(current, **options)  # type: ignore[arg-type]
    return upcoming, current.after_hand(upcoming.blinds)


# -- EX-58 ... EX-63 ------------------------------------------------------------------------------


def test_ex_58_new_player_between_button_and_small_blind_sits_out() -> None:
    """EX-58 (BTN-NEW-PLAYER: LFP 6.12, BAN/TABLE): S5, empty in hand n, lies between the button
    S4 and the small blind S6 of hand n+1; a new player there sits out one hand."""
    after_n = table(all_but(5), Blinds(3, 4, 6)).with_player(5, "new")
    upcoming, after_n1 = play(after_n)
    assert upcoming.blinds == Blinds(button=4, small_blind=6, big_blind=7)
    assert 5 not in upcoming.dealt
    assert upcoming.sitting_out == (5,)
    following, _ = play(after_n1)
    assert following.blinds == Blinds(button=6, small_blind=7, big_blind=8)
    assert 5 in following.dealt  # the button has passed to his left
    assert following.sitting_out == ()


def test_ex_58_under_tda_the_seat_is_not_assigned() -> None:
    """EX-58 for TDA (7A, 9): S5 is never given to a new player for hand n+1, so the sit-out case
    never arises (``seating.allowed_new_seats`` leaves the seat out)."""
    after_n = table(all_but(5), Blinds(3, 4, 6))
    assert seats_between_button_and_small_blind(after_n) == [5]


def test_ex_58_literal_lfp_6_16_deals_him_in() -> None:
    """LFP 6.16 read literally ("in all possible cases"): the new player in S5 plays at once."""
    after_n = table(all_but(5), Blinds(3, 4, 6)).with_player(5, "new")
    upcoming = next_hand(after_n, newcomer_between_blinds_sits_out=False)
    assert upcoming.blinds == Blinds(4, 6, 7)
    assert 5 in upcoming.dealt
    assert upcoming.sitting_out == ()


def test_ex_59_new_player_at_the_naive_next_button_seat_plays_at_once() -> None:
    """EX-59 (LFP 6.13, BAN/TABLE): hand n button S2, S3 empty, SB S4, BB S5; a new player in S3
    plays hand n+1 at once, in the cut-off seat; the button goes to S4."""
    after_n = table(all_but(3), Blinds(2, 4, 5)).with_player(3, "new")
    upcoming = next_hand(after_n)
    assert upcoming.blinds == Blinds(button=4, small_blind=5, big_blind=6)
    assert upcoming.dealt == (5, 6, 7, 8, 9, 1, 2, 3, 4)
    assert upcoming.dealt[-2] == 3  # the cut-off, one before the button


def test_ex_60_new_player_in_the_eliminated_big_blinds_seat_posts_the_small_blind() -> None:
    """EX-60 (LFP 6.14): hand n button S2, SB S3, BB S4 (busts); a new player in S4 plays hand
    n+1 at once and posts the small blind; the big blind is S5 and the button S3."""
    after_n = table(all_but(), Blinds(2, 3, 4)).without_player(4).with_player(4, "new")
    upcoming = next_hand(after_n)
    assert upcoming.blinds == Blinds(button=3, small_blind=4, big_blind=5)
    assert upcoming.has_small_blind
    seating = engine_order(after_n, upcoming)
    assert seating.small_blind is not None
    assert seating.entries[seating.small_blind] == "new"


def test_ex_61_new_player_in_the_eliminated_small_blinds_seat_gets_the_button() -> None:
    """EX-61 (LFP 6.15): hand n button S2, SB S3 (busts), BB S4; a new player in S3 plays hand
    n+1 at once on the button; the small blind is S4, the big blind S5."""
    after_n = table(all_but(), Blinds(2, 3, 4)).without_player(3).with_player(3, "new")
    upcoming = next_hand(after_n)
    assert upcoming.blinds == Blinds(button=3, small_blind=4, big_blind=5)
    assert not upcoming.is_button_dead
    seating = engine_order(after_n, upcoming)
    assert seating.entries[seating.button] == "new"


def test_ex_62_empty_small_blind_seat_then_dead_button() -> None:
    """EX-62 (BTN-MISSING-SB: LFP 6.17, BAN/TABLE): hand n button S2, SB S3, BB S4 (busts, seat
    left empty). Hand n+1: BB S5, no small blind, button S3. Hand n+2: BB S6, SB S5, dead button
    on S4 (the seat kept as hand n+1's small blind)."""
    after_n = table(all_but(), Blinds(2, 3, 4)).without_player(4)
    first, after_n1 = play(after_n)
    assert first.blinds == Blinds(button=3, small_blind=4, big_blind=5)
    assert not first.has_small_blind
    assert not first.is_button_dead
    second, _ = play(after_n1)
    assert second.blinds == Blinds(button=4, small_blind=5, big_blind=6)
    assert second.has_small_blind
    assert second.is_button_dead
    # Dealerless, S3 deals both hands: the player acting last in each is S3.
    assert first.dealt[-1] == 3
    assert second.dealt[-1] == 3


def test_ex_63_empty_button_seat_previous_dealer_acts_last() -> None:
    """EX-63 (BTN-MISSING-BUTTON: LFP 6.18): hand n button S2, SB S3 (busts), BB S4. Hand n+1:
    BB S5, SB S4, dead button on S3; S2 simply acts last."""
    after_n = table(all_but(), Blinds(2, 3, 4)).without_player(3)
    upcoming = next_hand(after_n)
    assert upcoming.blinds == Blinds(button=3, small_blind=4, big_blind=5)
    assert upcoming.is_button_dead
    seating = engine_order(after_n, upcoming)
    assert seating.seats[seating.button] == 2
    assert seating.seats[0] == 4  # the small blind acts first after the flop


# -- the first hand -------------------------------------------------------------------------------


def test_first_hand_from_the_initial_button() -> None:
    upcoming = next_hand(table([1, 3, 5, 7]), initial_button=3)
    assert upcoming.blinds == Blinds(button=3, small_blind=5, big_blind=7)
    assert upcoming.dealt == (5, 7, 1, 3)
    assert not upcoming.is_heads_up


def test_first_hand_initial_button_on_an_empty_seat_moves_clockwise() -> None:
    """SEAT-FIRST-BUTTON: the button goes to the next occupied seat clockwise."""
    upcoming = next_hand(table([1, 3, 5, 7]), initial_button=8)
    assert upcoming.blinds == Blinds(button=1, small_blind=3, big_blind=5)


def test_first_hand_ignores_newcomers_between_the_blinds() -> None:
    """Before the first hand every player is new: nobody sits out for his seat."""
    fresh = Table(1, 9, {1: "a", 2: "b", 4: "c", 6: "d"}, newcomers=frozenset({1, 2, 4, 6}))
    assert next_hand(fresh, initial_button=1).sitting_out == ()


def test_first_hand_heads_up_the_initial_button_posts_the_small_blind() -> None:
    upcoming = next_hand(table([2, 7]), initial_button=7)
    assert upcoming.blinds == Blinds(button=7, small_blind=7, big_blind=2)
    assert upcoming.is_heads_up
    assert upcoming.dealt == (2, 7)


def test_first_hand_needs_an_initial_button() -> None:
    with pytest.raises(ValueError, match="SEAT-FIRST-BUTTON"):
        next_hand(table([1, 2, 3]))
    with pytest.raises(ValueError, match="no seat 10"):
        next_hand(table([1, 2, 3]), initial_button=10)


def test_fewer_than_two_players_cannot_play() -> None:
    with pytest.raises(ValueError, match="a hand needs two"):
        next_hand(table([4], Blinds(2, 3, 4)))
    with pytest.raises(ValueError, match="a hand needs two"):
        next_hand(table([]), initial_button=1)


# -- the dead button through eliminations ---------------------------------------------------------


def test_big_blind_skips_empty_seats_and_the_button_follows_the_small_blind() -> None:
    """BTN-DEAD-BUTTON: hand n button S1, SB S2, BB S3; S4 and S5 busted -> BB S6, SB S3, button
    S2."""
    upcoming = next_hand(table(all_but(4, 5), Blinds(1, 2, 3)))
    assert upcoming.blinds == Blinds(button=2, small_blind=3, big_blind=6)
    assert upcoming.dealt == (3, 6, 7, 8, 9, 1, 2)


def test_both_blinds_busted_dead_button_and_no_small_blind() -> None:
    """The SB and BB of hand n bust: the button is dead on the old SB seat and no SB is posted."""
    upcoming = next_hand(table(all_but(2, 3), Blinds(1, 2, 3)))
    assert upcoming.blinds == Blinds(button=2, small_blind=3, big_blind=4)
    assert not upcoming.has_small_blind
    assert upcoming.is_button_dead
    assert upcoming.dealt == (4, 5, 6, 7, 8, 9, 1)


def test_big_blind_wraps_around_the_table() -> None:
    upcoming = next_hand(table([1, 4, 8], Blinds(4, 8, 9)))
    assert upcoming.blinds == Blinds(button=8, small_blind=9, big_blind=1)


def test_new_player_where_the_big_blind_lands_posts_it() -> None:
    """A player placed between the last big blind and the next occupied seat is the next big blind
    (TBL-BALANCE-SEAT: TDA 10A, "at the big blind")."""
    after = table(all_but(4, 5), Blinds(1, 2, 3)).with_player(5, "new")
    upcoming = next_hand(after)
    assert upcoming.blinds.big_blind == 5
    assert 5 in upcoming.dealt


def simulate_busts(rng: random.Random, size: int) -> list[tuple[Table, NextHand]]:
    """Play hands at a full table, busting random players, until two are left and then some."""
    current = table(range(1, size + 1), size=size)
    hands = []
    upcoming = next_hand(current, initial_button=rng.randint(1, size))
    while True:
        hands.append((current, upcoming))
        current = current.after_hand(upcoming.blinds)
        for seat in list(current.players):
            if len(current.players) > 2 and rng.random() < 0.15:
                current = current.without_player(seat)
        if len(hands) > 6 * size:
            return hands
        upcoming = next_hand(current)


@pytest.mark.parametrize("seed", range(40))
def test_btn_dead_button_invariants_through_eliminations(seed: int) -> None:
    """BTN-DEAD-BUTTON: the big blind never skips a player and never goes backwards, the small
    blind is never posted from an empty seat, the button is dead exactly when the last small
    blind seat emptied; heads-up, nobody is big blind twice in a row (BTN-HU-TRANSITION)."""
    size = random.Random(seed).choice([6, 9, 10])
    hands = simulate_busts(random.Random(seed), size)
    for (_, before), (now_table, now) in itertools.pairwise(hands):
        last, blinds = before.blinds, now.blinds
        # the next occupied seat clockwise: nobody in between, and not back where it was
        distance = (blinds.big_blind - last.big_blind) % size
        between = [(last.big_blind + step - 1) % size + 1 for step in range(1, distance)]
        assert distance > 0
        assert not set(between) & now_table.players.keys()
        assert now_table.players[blinds.big_blind] != now_table.players.get(last.big_blind)
        if now.has_small_blind:
            assert blinds.small_blind in now_table.players
        if not now.is_heads_up:
            assert blinds.small_blind == last.big_blind
            if not before.is_heads_up:
                assert blinds.button == last.small_blind
                assert now.is_button_dead == (last.small_blind not in now_table.players)
        assert len(now.dealt) == len(now_table.players)


# -- heads-up -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("busted", "expected"),
    [
        (3, Blinds(button=5, small_blind=5, big_blind=4)),  # button busts
        (4, Blinds(button=5, small_blind=5, big_blind=3)),  # small blind busts
        (5, Blinds(button=4, small_blind=4, big_blind=3)),  # big blind busts
    ],
)
def test_btn_hu_transition_nobody_is_big_blind_twice(busted: int, expected: Blinds) -> None:
    """BTN-HU-TRANSITION (TDA 34, LFP 6.20): from button S3, SB S4, BB S5 to two players, the big
    blind advances and the other player is the button and posts the small blind."""
    after = table([3, 4, 5], Blinds(3, 4, 5)).without_player(busted)
    upcoming = next_hand(after)
    assert upcoming.blinds == expected
    assert upcoming.is_heads_up
    assert upcoming.blinds.big_blind != 5
    assert upcoming.dealt == (expected.big_blind, expected.button)


def test_btn_hu_order_alternates_every_hand() -> None:
    """BTN-HU-ORDER: heads-up the blinds swap every hand."""
    current = table([2, 6], Blinds(2, 2, 6))
    seen = []
    for _ in range(4):
        upcoming, current = play(current)
        seen.append(upcoming.blinds)
    assert seen == [Blinds(6, 6, 2), Blinds(2, 2, 6)] * 2


def test_after_heads_up_a_third_player_behind_the_big_blind_becomes_big_blind() -> None:
    """From heads-up back to three: a new player after the last big blind gets the big blind."""
    after = table([2, 6], Blinds(2, 2, 6)).with_player(8, "new")
    upcoming = next_hand(after)
    assert upcoming.blinds == Blinds(button=2, small_blind=6, big_blind=8)
    assert upcoming.dealt == (6, 8, 2)


def test_after_heads_up_a_third_player_before_the_big_blind() -> None:
    """From heads-up back to three, the new player between the heads-up button S2 and big blind
    S6: the big blind advances to S2 and the button goes to the seat right of the small blind
    (pokertd's choice, the books are silent); the new player plays at once."""
    after = table([2, 6], Blinds(2, 2, 6)).with_player(4, "new")
    upcoming = next_hand(after)
    assert upcoming.blinds == Blinds(button=5, small_blind=6, big_blind=2)
    assert upcoming.dealt == (6, 2, 4)
    assert upcoming.is_button_dead


def test_sitting_out_never_leaves_fewer_than_two_players() -> None:
    """A hand needs two players: a newcomer who would sit out is dealt in instead."""
    after = table([1], Blinds(1, 3, 6)).with_player(4, "new")  # S4 between button S3 and SB S6
    upcoming = next_hand(after)
    assert upcoming.is_heads_up
    assert set(upcoming.dealt) == {1, 4}


def test_newcomer_sits_out_while_the_others_play_heads_up() -> None:
    """Three seated, the newcomer sits out between the button and the small blind: the other two
    play heads-up."""
    after = table([1, 6], Blinds(1, 3, 6)).with_player(4, "new")
    upcoming = next_hand(after)
    assert upcoming.sitting_out == (4,)
    assert upcoming.is_heads_up
    assert upcoming.blinds == Blinds(button=6, small_blind=6, big_blind=1)


# -- late entrants waiting for the big blind (GM 43°) ---------------------------------------------


def test_late_entrant_waits_until_the_big_blind_reaches_him() -> None:
    """SEAT-LATE-POSITION (GM 43°): he sits out until he posts the big blind, then plays."""
    current = table(all_but(8), Blinds(1, 2, 3)).with_player(8, "late", waiting_for_big_blind=True)
    big_blinds = []
    for _ in range(5):
        upcoming, current = play(current)
        big_blinds.append(upcoming.blinds.big_blind)
        assert (8 in upcoming.sitting_out) == (upcoming.blinds.big_blind < 8)
    assert big_blinds == [4, 5, 6, 7, 8]
    assert current.waiting_for_big_blind == frozenset()
    assert 8 in next_hand(current).dealt


def test_waiting_player_on_the_button_seat_sits_out() -> None:
    current = table([1, 2, 3, 4], Blinds(1, 2, 3)).with_player(
        9, "late", waiting_for_big_blind=True
    )
    current = current.after_hand(Blinds(8, 9, 1))  # a made-up history puts S9 on the button seat
    upcoming = next_hand(current)
    assert upcoming.blinds == Blinds(button=9, small_blind=1, big_blind=2)
    assert upcoming.sitting_out == (9,)
    assert upcoming.is_button_dead


# -- values ---------------------------------------------------------------------------------------


def test_blinds_refuse_a_big_blind_sharing_a_seat() -> None:
    with pytest.raises(ValueError, match="big blind"):
        Blinds(3, 4, 4)
    with pytest.raises(ValueError, match="big blind"):
        Blinds(4, 5, 4)
    with pytest.raises(ValueError, match="from 1"):
        Blinds(0, 1, 2)


def test_engine_order_refuses_an_empty_dealt_seat() -> None:
    upcoming = NextHand(Blinds(1, 2, 3), dealt=(2, 3, 1), sitting_out=(), is_heads_up=False)
    with pytest.raises(ValueError, match="dealt in but empty"):
        engine_order(table([1, 2]), upcoming)


# -- against the engine ---------------------------------------------------------------------------


def engine_hand(seating: EngineSeating, blinds: tuple[int, int] = (50, 100)) -> Hand:
    return Hand.create(
        game="nlhe",
        profile=rules.load("tda-2017"),
        stacks=[10_000] * len(seating.seats),
        blinds=blinds,
        button=seating.button,
        blind_posts=seating.blind_posts(blinds),
        seed=1,
    )


def first_to_act_after_the_flop(hand: Hand) -> int | None:
    while hand.street_name == "preflop":
        player = hand.to_act
        assert player is not None
        legal = hand.legal()
        assert legal is not None
        hand.act(player, "check" if legal.check else "call")
    return hand.to_act


def expected_first_preflop(upcoming: NextHand) -> int:
    """The seat that acts first before the flop: left of the big blind, the button heads-up."""
    if upcoming.is_heads_up:
        return upcoming.blinds.button
    dealt = upcoming.dealt
    return dealt[(dealt.index(upcoming.blinds.big_blind) + 1) % len(dealt)]


def expected_first_postflop(upcoming: NextHand) -> int:
    """The seat that acts first after the flop: left of the button seat, the big blind heads-up."""
    return upcoming.blinds.big_blind if upcoming.is_heads_up else upcoming.dealt[0]


SCENARIOS = {
    "ex-58": table(all_but(5), Blinds(3, 4, 6)).with_player(5, "new"),
    "ex-59": table(all_but(3), Blinds(2, 4, 5)).with_player(3, "new"),
    "ex-60": table(all_but(), Blinds(2, 3, 4)).without_player(4).with_player(4, "new"),
    "ex-61": table(all_but(), Blinds(2, 3, 4)).without_player(3).with_player(3, "new"),
    "ex-62": table(all_but(4), Blinds(2, 3, 4)),
    "ex-63": table(all_but(3), Blinds(2, 3, 4)),
    "both-blinds-busted": table(all_but(2, 3), Blinds(1, 2, 3)),
    "three-handed": table([2, 5, 8], Blinds(2, 5, 8)),
    "heads-up": table([3, 4], Blinds(3, 4, 5)),
    "heads-up-again": table([2, 6], Blinds(2, 2, 6)),
}


@pytest.mark.parametrize("name", SCENARIOS)
def test_engine_order_gives_the_engine_the_right_turns(name: str) -> None:
    """The engine, set up from ``engine_order``, posts the blinds from the right seats and lets
    the right seats act first before and after the flop (BTN-HU-ORDER heads-up)."""
    current = SCENARIOS[name]
    upcoming = next_hand(current)
    seating = engine_order(current, upcoming)
    hand = engine_hand(seating)
    assert hand.setup.blind_posts == seating.blind_posts((50, 100))
    assert seating.seats[seating.big_blind] == upcoming.blinds.big_blind
    if upcoming.has_small_blind:
        assert seating.small_blind is not None
        assert seating.seats[seating.small_blind] == upcoming.blinds.small_blind
    else:
        assert seating.small_blind is None
    assert hand.to_act is not None
    assert seating.seats[hand.to_act] == expected_first_preflop(upcoming)
    after_flop = first_to_act_after_the_flop(hand)
    assert after_flop is not None
    assert seating.seats[after_flop] == expected_first_postflop(upcoming)


def test_engine_order_heads_up_the_button_posts_the_small_blind() -> None:
    current = table([3, 4], Blinds(3, 4, 5))
    seating = engine_order(current, next_hand(current))
    assert seating == EngineSeating((3, 4), ("p3", "p4"), button=1, small_blind=1, big_blind=0)


@st.composite
def played_tables(draw: st.DrawFn) -> Table:
    """A table after some hand: random occupied seats, newcomers and blinds of a past hand."""
    size = draw(st.integers(3, 10))
    seats = draw(st.lists(st.integers(1, size), min_size=2, max_size=size, unique=True))
    big = draw(st.integers(1, size))
    small = draw(st.integers(1, size).filter(lambda seat: seat != big))
    button = draw(st.sampled_from([small, *[s for s in range(1, size + 1) if s != big]]))
    newcomers = draw(st.sets(st.sampled_from(seats)))
    players = {seat: f"p{seat}" for seat in seats}
    return Table(1, size, players, Blinds(button, small, big), frozenset(newcomers))


@PROPERTY
@given(played_tables(), st.booleans())
def test_engine_agrees_with_next_hand_on_any_table(current: Table, sits_out: bool) -> None:
    """For any table, the engine set up by ``engine_order`` acts in the order of ``next_hand``."""
    upcoming = next_hand(current, newcomer_between_blinds_sits_out=sits_out)
    seating = engine_order(current, upcoming)
    assert set(upcoming.dealt) | set(upcoming.sitting_out) == set(current.players)
    assert upcoming.blinds.big_blind in upcoming.dealt
    hand = engine_hand(seating)
    assert hand.to_act is not None
    assert seating.seats[hand.to_act] == expected_first_preflop(upcoming)
    after_flop = first_to_act_after_the_flop(hand)
    assert after_flop is not None
    assert seating.seats[after_flop] == expected_first_postflop(upcoming)
