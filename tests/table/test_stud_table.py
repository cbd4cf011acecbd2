"""A stud level dealt at a live table: online and by the dealer, the views of each seat and of
the public (up cards seen by all, down cards by their owner alone), the bring-in first, and the
plan's stud fields on the wire only when set (STUD-BRINGIN-TIE: TDA PR-9C; TBL-MIXED-BUTTON)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_play import Play
from test_table_frames import move
from test_table_views import cards_in

from pokertd.cards import Card
from pokertd.engine import ActionKind, Exposure
from pokertd.table import TableMode, Viewer, commands, views
from pokertd.table.events import from_data, to_data


def render(play: Play, viewer: Viewer) -> dict[str, object]:
    return views.render(
        play.tournament.state, play.table, tournament="t", viewer=viewer, deadline=None,
        now=play.now,
    )  # fmt: skip


@pytest.mark.parametrize("game", ["razz", "stud", "stud8"])
def test_stud_bringin_online_hand_views_show_up_cards_to_all(game: str) -> None:
    play = Play(players=4, game=game)
    started = play.start(TableMode.ONLINE)
    plan = started.plan
    assert (plan.ante, plan.bring_in, plan.limits) == (25, 50, (200, 400))
    hand = play.table.hand
    assert hand is not None
    public = render(play, Viewer.public())
    assert public["limits"] == [200, 400]
    assert public["bring_in"] == 50
    assert public["family"] == "stud"
    for player, seat in enumerate(plan.seats):
        lies = hand.exposures(player)
        assert [str(lie) for lie in lies] == ["down", "down", "up"]
        own = render(play, Viewer.seat(seat))
        for view, sees_all in ((own, True), (public, False)):
            (mine,) = [s for s in view["seats"] if s["seat"] == seat]  # type: ignore[union-attr,index]
            expected = [
                str(card) if sees_all or lie is Exposure.UP else None
                for card, lie in zip(hand.hole_cards(player), lies, strict=True)
            ]
            assert mine["cards"] == expected
            assert mine["up"] == [False, False, True]  # which lie face up: everyone's to see
        # Another seat sees his up card only (hidden information).
        other = plan.seats[(player + 1) % len(plan.seats)]
        (seen,) = [s for s in render(play, Viewer.seat(other))["seats"] if s["seat"] == seat]  # type: ignore[union-attr,index]
        assert seen["cards"][:2] == [None, None]
        assert seen["cards"][2] is not None
    # The bring-in is owed first, by the up card the game calls for.
    legal = hand.legal()
    assert legal is not None
    assert legal.is_bring_in
    assert legal.call == 50
    assert legal.player == hand.bring_in_player


def test_stud_dealer_enters_up_cards_and_the_bring_in_goes_by_them() -> None:
    """The dealer types each player's third street (two down cards unseen, ``None``, one up);
    in razz the highest up card brings in, a tie by suit (STUD-BRINGIN-TIE: TDA PR-9C)."""
    play = Play(players=3, game="razz")
    started = play.start(TableMode.DEALER)
    ups = ["Kd", "Ks", "2c"]  # two kings: the spade is higher by suit, it brings in
    for seat, up in zip(started.plan.seats, ups, strict=True):
        play.run(commands.DealHole(seat, (None, None, Card.parse(up))))
    hand = play.table.hand
    assert hand is not None
    legal = hand.legal()
    assert legal is not None
    assert legal.is_bring_in
    assert started.plan.seats[legal.player] == started.plan.seats[1]  # the king of spades
    public = render(play, Viewer.public())
    shown = {s["seat"]: s["cards"] for s in public["seats"]}  # type: ignore[union-attr,index]
    assert [shown[seat] for seat in started.plan.seats] == [[None, None, up] for up in ups]
    play.run(commands.Act(started.plan.seats[legal.player], ActionKind.BRING_IN))
    assert hand.bets[legal.player] == 50


def test_a_stud_plan_goes_on_the_wire_with_its_bets_and_back() -> None:
    stud = Play(players=3, game="stud").start(TableMode.ONLINE)
    data = to_data(stud)
    assert (data["bring_in"], data["limits"]) == (50, [200, 400])
    assert from_data(stud.name, data) == stud
    flop = Play(players=3).start(TableMode.ONLINE)
    assert {"bring_in", "limits"}.isdisjoint(to_data(flop))  # as it was always stored


def seats_see_their_own_and_the_up_cards(play: Play) -> None:
    """Each seat sees his own cards and every up card, nothing else but the tabled hands and a
    common card; the public sees the up cards and the tabled hands (hidden information)."""
    hand, plan = play.table.hand, play.table.plan
    assert hand is not None
    assert plan is not None
    up = {str(card) for player in range(hand.player_count) for card in hand.up_cards(player)}
    log = play.view(Viewer.public())["log"]
    tabled = {card for line in log if line["event"] == "hand-shown" for card in line["cards"]}
    common = up | tabled | {str(card) for card in hand.board}
    for seat in play.seats():
        player = plan.player_at(seat)
        mine = set() if player is None else {str(c) for c in hand.hole_cards(player) if c}
        seen = cards_in(play.view(Viewer.seat(seat)))
        assert mine | up <= seen <= mine | common, (seat, seen - mine - common)
    assert up <= cards_in(play.view(Viewer.public())) <= common


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["razz", "stud", "stud8"]),
    players=st.integers(min_value=2, max_value=8),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_stud_hidden_information_in_random_online_hands(game: str, players: int, seed: int) -> None:
    """Random online stud hands (bots, all-ins, shows and mucks): after every event each seat
    sees his down cards, everybody's up cards, and no other player's down card."""
    play = Play(players=players, stack=1_500, seed=seed % 1000, game=game)
    rng = random.Random(seed)
    for _ in range(3):
        if play.tournament.state.winner is not None:
            break
        started = play.start()
        hand = play.table.hand
        assert hand is not None
        seats_see_their_own_and_the_up_cards(play)
        while play.table.is_playing:
            legal = hand.legal()
            assert legal is not None  # online: the engine deals and shows down
            play.run(move(hand, legal, rng, list(started.plan.seats)))
            seats_see_their_own_and_the_up_cards(play)
