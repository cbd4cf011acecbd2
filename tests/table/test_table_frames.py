"""A table's views rendered once per change (``TableFrame``: the public part once, then each
viewer's own cards) are the views rendered whole for each viewer before, and each seat's view
holds his own hole cards and nobody else's unexposed ones (hidden information, DESIGN.md).

Random online hands (Hypothesis draws the game, the number of players, the stacks and the seeds
of the deck and of the players' choices: folds, raises, all-ins, draws, shows and mucks) are
played at a ``LiveTable``; after every event every viewer's view is compared with the reference
(``views_before.render_before``), then the seats' views are made one after the other from the
same frame, as a push to the whole table makes them, and each is checked against the cards the
dealer knows. The frames are also built from an earlier one (``views.frame(..., previous=...)``,
as the table service builds them after each change: only the new events' lines rendered), from
the one just before or one several changes back, across hands: each is the frame built from
scratch, and its views the ones rendered whole.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_play import Play
from test_table_views import cards_in
from views_before import render_before

from pokertd.engine import ActionKind, Hand, Legal, Phase
from pokertd.service.table_bots import bot_choice
from pokertd.table import Viewer, commands, views

GAMES = ("nlhe", "plo", "fl27td", "badugi", "nl27sd")


def viewers(play: Play) -> list[Viewer]:
    """The dealer, the public, every seat of the table and of the hand, and an empty seat."""
    seats = set(play.seats())
    if play.table.plan is not None:
        seats |= set(play.table.plan.seats)
    return [Viewer.dealer(), Viewer.public(), *(Viewer.seat(s) for s in sorted(seats | {10}))]


def compare(play: Play) -> None:
    """Every viewer's view is the one rendered whole before."""
    state, deadline = play.tournament.state, play.table.deadline()
    for viewer in viewers(play):
        old = render_before(
            state, play.table, tournament="t", viewer=viewer, deadline=deadline, now=play.now
        )
        new = views.render(
            state, play.table, tournament="t", viewer=viewer, deadline=deadline, now=play.now
        )
        assert new == old, viewer
        assert list(new) == list(old)  # the same keys in the same order: the same JSON text


def built_on(play: Play, previous: views.TableFrame | None) -> views.TableFrame:
    """The frame built on ``previous`` is the one built from scratch, and so are its views."""
    state, deadline = play.tournament.state, play.table.deadline()
    built = views.frame(state, play.table, tournament="t", previous=previous)
    assert built == views.frame(state, play.table, tournament="t")
    for viewer in viewers(play):
        old = render_before(
            state, play.table, tournament="t", viewer=viewer, deadline=deadline, now=play.now
        )
        new = built.view(viewer, deadline, play.now)
        assert new == old, viewer
        assert list(new) == list(old)
    return built


def seats_see_their_own(play: Play) -> None:
    """From one frame, each seat in turn: his own cards, the board, the tabled hands, no other."""
    frame = views.frame(play.tournament.state, play.table, tournament="t")
    public_before = frame.view(Viewer.public(), None, play.now)
    dealer = frame.view(Viewer.dealer(), None, play.now)
    # A seat's own cards: those he holds, and in a draw game those he was dealt and threw away.
    holes = {seat["seat"]: set(seat["cards"] or ()) - {None} for seat in dealer["seats"]}
    for line in dealer["log"]:
        if line.get("seat") in holes and line["event"] != "hand-shown":
            holes[line["seat"]] |= set(line.get("cards") or ()) - {None}
    tabled = {
        card
        for line in dealer["log"]
        if line["event"] == "hand-shown"
        for card in line["cards"]
        if card
    }
    common = set(dealer["board"]) - {None} | tabled
    for seat in play.seats():
        view = frame.view(Viewer.seat(seat), None, play.now)
        mine = holes.get(seat, set()) if _holds_his_cards(play, seat) else set()
        seen = cards_in(view)
        assert seen <= common | mine, (seat, seen - common - mine)
        assert mine <= seen
    # Making the seats' views changed nothing shared: the public sees what it saw.
    assert frame.view(Viewer.public(), None, play.now) == public_before
    assert cards_in(public_before) <= common


def _holds_his_cards(play: Play, seat: int) -> bool:
    """Whether the entry sitting in ``seat`` now is the one dealt the hand's cards there."""
    plan = play.table.plan
    if plan is None:
        return False
    player = plan.player_at(seat)
    occupant = play.tournament.state.tables[1].players.get(seat)
    return player is not None and occupant is not None and int(occupant) == plan.entries[player]


def move(hand: Hand, legal: Legal, rng: random.Random, seat_of: list[int]) -> commands.Command:
    """A random player (``seat_of``: each player's seat): draws some cards, shows or mucks at
    showdown, goes all-in now and then, else plays as a bot."""
    if hand.phase is Phase.DRAWING:
        held = [card for card in hand.hole_cards(legal.player) if card is not None]
        thrown = rng.sample(held, rng.randint(0, min(legal.draw or 0, len(held))))
        return commands.Draw(seat_of[legal.player], tuple(thrown))
    if legal.show or legal.muck:
        kind = ActionKind.MUCK if legal.muck and rng.random() < 0.3 else ActionKind.SHOW
        return commands.Act(seat_of[legal.player], kind)
    kind, to = bot_choice(hand, legal, rng)
    if kind is ActionKind.CALL and legal.max_raise_to is not None and rng.random() < 0.05:
        kind, to = (ActionKind.BET if legal.is_opening else ActionKind.RAISE), legal.max_raise_to
    return commands.Act(seat_of[legal.player], kind, to)


def play_hands(play: Play, rng: random.Random, hands: int) -> int:
    """Play up to ``hands`` online hands, checking the views after every event; return how
    many hands ended with a hand tabled."""
    showdowns = 0
    previous: views.TableFrame | None = None
    for _ in range(hands):
        if play.tournament.state.winner is not None:
            break
        started = play.start()
        compare(play)
        seats_see_their_own(play)
        previous = built_on(play, previous)
        hand = play.table.hand
        assert hand is not None
        while play.table.is_playing:
            legal = hand.legal()
            assert legal is not None  # online: the engine deals and shows down
            play.run(move(hand, legal, rng, list(started.plan.seats)))
            compare(play)
            seats_see_their_own(play)
            built = built_on(play, previous)
            if rng.random() < 0.7:  # else the next frame is built on one several changes back
                previous = built
        previous = built_on(play, previous)  # the hand reported: the same hand, the tournament on
        showdowns += any(line["event"] == "hand-shown" for line in _public_log(play))
    return showdowns


def _public_log(play: Play) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = play.view(Viewer.public())["log"]
    return log


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    players=st.integers(min_value=2, max_value=8),
    stack=st.sampled_from([1_500, 4_000, 20_000]),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_every_view_is_the_one_rendered_whole_and_each_seat_sees_only_his_cards(
    game: str, players: int, stack: int, seed: int
) -> None:
    play = Play(players=players, stack=stack, seed=seed % 1000, game=game)
    play_hands(play, random.Random(seed), hands=4)


def test_the_random_hands_reach_showdowns_all_ins_and_draws() -> None:
    """The hands played above go where cards are tabled, mucked and drawn (a fixed seed)."""
    tabled = 0
    for game in GAMES:
        play = Play(players=6, stack=1_500, seed=3, game=game)
        tabled += play_hands(play, random.Random(3), hands=6)
    assert tabled >= 5
