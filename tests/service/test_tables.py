"""``TableService``: hands at a tournament's tables through the engine, kept in the event store.

Each test builds a one-table tournament (``table_tools.tournament``) at a fixed time with seeded
random sources, plays hands in dealer or online mode, and checks what the tournament, the store
and the views then hold.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from table_tools import (
    Clock,
    cards,
    copy_store,
    dealt_cards,
    last_setup,
    seats,
    tables,
    tournament,
)

from pokertd.engine import ActionKind
from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.present.floor import explanation
from pokertd.service.tables import LINKS_STREAM, TableService
from pokertd.service.tournaments import TournamentService
from pokertd.store import EventStore, MemoryEventStore, SQLiteEventStore
from pokertd.table import TableMode, Viewer
from pokertd.tournament import commands, events
from pokertd.tournament.state import EntryStatus


def started(store: EventStore | None = None, **options: Any) -> tuple[Clock, TableService, str]:
    """A tournament of six and live tables over it, before the first hand."""
    clock = Clock()
    service, tid = tournament(store or MemoryEventStore(), clock, **options)
    return clock, tables(service, clock), tid


def to_act(live: TableService, tid: str) -> int:
    seat = live.view(tid, 1, Viewer.public())["to_act"]
    assert seat is not None
    return int(seat)


def call_or_check(live: TableService, tid: str) -> None:
    """The player to act calls, or checks when there is nothing to call."""
    view = live.view(tid, 1, Viewer.public())
    live.act(tid, 1, view["to_act"], ActionKind.CALL if view["legal"]["call"] else ActionKind.CHECK)


def finish_calling(live: TableService, tid: str) -> None:
    while live.view(tid, 1, Viewer.public())["status"] == "playing":
        call_or_check(live, tid)


# -- starting a hand ----------------------------------------------------------------------------


def test_start_hand_takes_positions_stacks_and_level_from_the_tournament() -> None:
    _, live, tid = started()
    service = live.tournaments
    before = live.view(tid, 1, Viewer.public())
    assert before["status"] == "waiting"
    assert [seat["seat"] for seat in before["seats"]] == seats(service, tid)
    assert live.start_hand(tid, 1, mode=TableMode.ONLINE) == 1
    state = service.load(tid).state
    blinds = state.in_progress[1].blinds
    view = live.view(tid, 1, Viewer.public())
    assert view["positions"] == {
        "button": blinds.button,
        "small_blind": blinds.small_blind,
        "big_blind": blinds.big_blind,
    }
    assert (view["hand"], view["level"], view["blinds"], view["game"]) == (1, 1, [100, 200], "nlhe")
    posted = [
        (line["seat"], line["amount"]) for line in view["log"] if line["event"] == "blind-posted"
    ]
    assert posted == [(blinds.small_blind, 100), (blinds.big_blind, 200)]
    for seat in view["seats"]:
        entry = state.entries[seat["entry"]]
        assert (entry.table, entry.seat, entry.player) == (1, seat["seat"], seat["name"])
        assert seat["stack"] + seat["bet"] == 10_000
    occupied = seats(service, tid)
    after_big_blind = occupied[(occupied.index(blinds.big_blind) + 1) % len(occupied)]
    assert view["to_act"] == after_big_blind
    assert view["legal"] == {"fold": True, "check": False, "call": 200, "min_raise_to": 400,
                             "max_raise_to": 10_000, "show": False, "muck": False,
                             "draw": 0}  # fmt: skip


def test_absent_player_is_dealt_in_and_his_hand_killed_abs_dead_hand() -> None:
    _, live, tid = started(absent=(2,))
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    seat = next(s for s in live.view(tid, 1, Viewer.public())["seats"] if s["entry"] == 2)
    assert seat["in_hand"]
    assert seat["is_killed"]
    assert seat["is_folded"]
    finish_calling(live, tid)
    stacks = {e.number: e.stack for e in live.tournaments.load(tid).state.entries.values()}
    assert sum(stacks.values()) == 60_000


def test_a_hand_nobody_can_play_is_not_started() -> None:
    _, live, tid = started(players=3, absent=(1, 2, 3))
    with pytest.raises(ParseError, match="absent"):
        live.start_hand(tid, 1, mode=TableMode.ONLINE)
    assert not live.tournaments.load(tid).state.in_progress
    assert live.tournaments.store.version(TableService.stream(tid, 1)) == 0


def test_a_hand_the_tournament_started_alone_is_taken_up() -> None:
    _, live, tid = started()
    live.tournaments.execute(tid, commands.StartHand(1))  # then the server stopped
    assert live.start_hand(tid, 1, mode=TableMode.ONLINE) == 1
    assert live.view(tid, 1, Viewer.public())["status"] == "playing"
    finish_calling(live, tid)
    assert 1 not in live.tournaments.load(tid).state.in_progress


def test_a_hand_in_progress_blocks_the_next() -> None:
    _, live, tid = started()
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    with pytest.raises(IllegalActionError, match="in progress"):
        live.start_hand(tid, 1, mode=TableMode.ONLINE)
    finish_calling(live, tid)
    assert live.start_hand(tid, 1, mode=TableMode.ONLINE) == 2


# -- acting -------------------------------------------------------------------------------------


def test_illegal_input_changes_nothing() -> None:
    _, live, tid = started()
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    stream = TableService.stream(tid, 1)
    store = live.tournaments.store
    version, view = store.version(stream), live.view(tid, 1, Viewer.dealer())
    seat = to_act(live, tid)
    with pytest.raises(IllegalActionError) as raised:
        live.act(tid, 1, seat, ActionKind.RAISE, to=250)
    assert raised.value.rule == "BET-MINRAISE"
    name = dict(live.hand_players(tid, 1))[seat]
    said = f"player in seat {seat} ({name}): raise to 250 is below the minimum 400 (BET-MINRAISE)"
    assert str(raised.value) == said
    assert raised.value.action == f"seat {seat} raise to 250"
    other = next(s for s in seats(live.tournaments, tid) if s != seat)
    with pytest.raises(IllegalActionError) as raised:
        live.act(tid, 1, other, ActionKind.FOLD)
    assert raised.value.rule == "BET-OOT"
    assert "seat" in str(raised.value)
    with pytest.raises(IllegalActionError):
        live.act(tid, 1, 9, ActionKind.FOLD)  # nobody sits in seat 9
    with pytest.raises(IllegalActionError):
        live.deal_hole(tid, 1, seat, cards("As Kd"))  # online: the server deals
    assert store.version(stream) == version
    assert live.view(tid, 1, Viewer.dealer()) == view


def test_chips_pushed_are_ruled_and_applied() -> None:
    _, live, tid = started()
    live.start_hand(tid, 1, mode=TableMode.DEALER)
    seat = to_act(live, tid)
    ruling = live.chips_pushed(tid, 1, seat, [100, 100])
    assert (ruling.rule, ruling.articles) == ("BET-MULTI-CHIP", ("TDA 50A",))
    assert str(ruling.decision) == "call 200"
    assert explanation(ruling, "fr")
    assert explanation(ruling, "en")
    last = live.view(tid, 1, Viewer.public())["log"][-1]
    assert (last["seat"], last["action"], last["to"]) == (seat, "call", 200)
    seat = to_act(live, tid)
    ruling = live.chips_pushed(tid, 1, seat, [], said="raise 600")
    assert ruling.rule == "BET-VERBAL-TOTAL"
    last = live.view(tid, 1, Viewer.public())["log"][-1]
    assert (last["seat"], last["action"], last["to"]) == (seat, "raise", 600)
    stored = live.tournaments.store.read(TableService.stream(tid, 1))[-1].data
    assert (stored["by"], stored["rule"]) == ("floor", "BET-VERBAL-TOTAL")
    version = live.tournaments.store.version(TableService.stream(tid, 1))
    with pytest.raises(ParseError):
        live.chips_pushed(tid, 1, to_act(live, tid), [100_000])  # more than he has
    other = next(s for s in seats(live.tournaments, tid) if s != to_act(live, tid))
    with pytest.raises(IllegalActionError, match="BET-OOT"):
        live.chips_pushed(tid, 1, other, [500])
    assert live.tournaments.store.version(TableService.stream(tid, 1)) == version


def test_dealer_enters_cards_and_the_hand_reaches_the_tournament() -> None:
    _, live, tid = started(players=3)
    service = live.tournaments
    live.start_hand(tid, 1, mode=TableMode.DEALER)
    first, second, third = seats(service, tid)
    live.deal_hole(tid, 1, first, cards("As Ks"))
    live.deal_hole(tid, 1, second, [*cards("??"), None])
    with pytest.raises(IllegalActionError) as raised:
        live.deal_hole(tid, 1, third, cards("As 2c"))
    assert raised.value.rule == "ENGINE-DEAL"
    mine = {s["seat"]: s["cards"] for s in live.view(tid, 1, Viewer.seat(first))["seats"]}
    assert mine == {first: ["As", "Ks"], second: None, third: None}
    public = {s["seat"]: s["cards"] for s in live.view(tid, 1, Viewer.public())["seats"]}
    assert set(public.values()) == {None}
    dealer = {s["seat"]: s["cards"] for s in live.view(tid, 1, Viewer.dealer())["seats"]}
    assert dealer == {first: ["As", "Ks"], second: [None, None], third: [None, None]}
    for board in (cards("Qs Js Ts"), cards("3c"), cards("4c")):
        while live.view(tid, 1, Viewer.public())["phase"] == "betting":
            call_or_check(live, tid)
        with pytest.raises(IllegalActionError, match="board cards are due"):
            live.act(tid, 1, first, ActionKind.CHECK)
        with pytest.raises(IllegalActionError):
            live.deal_board(tid, 1, cards("Qs"))  # a card already out, or the wrong count
        live.deal_board(tid, 1, board)
    while live.view(tid, 1, Viewer.public())["phase"] == "betting":
        call_or_check(live, tid)
    shown = {first: None, second: cards("7h 7d")}
    while (view := live.view(tid, 1, Viewer.public()))["status"] == "playing":
        seat = view["to_act"]
        if seat in shown:
            live.show(tid, 1, seat, shown[seat])
        else:
            live.act(tid, 1, seat, ActionKind.MUCK)
    result = {line["seat"]: line["won"] for line in view["result"]["stacks"]}
    assert result[first] == 600
    assert result[second] == result[third] == 0
    state = service.load(tid).state
    assert 1 not in state.in_progress
    assert state.entries[int(state.tables[1].players[first])].stack == 10_400
    (phh,) = live.hand_histories(tid, 1)
    assert "AsKs" in phh
    assert "7h7d" in phh
    assert "seats = " in phh


# -- the end of a hand --------------------------------------------------------------------------


def play_out(live: TableService, tid: str, *, hands: int) -> int:
    """Play online hands between bots until the tournament is won (or ``hands`` are played)."""
    for seat in seats(live.tournaments, tid):
        live.set_bot(tid, 1, seat, True)
    played = 0
    while live.tournaments.load(tid).state.winner is None and played < hands:
        live.start_hand(tid, 1, mode=TableMode.ONLINE)
        live.run_bots(tid, 1)
        played += 1
        active = live.tournaments.load(tid).state.active()
        assert sum(entry.stack or 0 for entry in active) == 6 * 2_000
    return played


def test_busted_players_are_ranked_and_the_tournament_is_won() -> None:
    _, live, tid = started(stack=2_000)
    played = play_out(live, tid, hands=400)
    state = live.tournaments.load(tid).state
    assert state.winner is not None
    busted = [entry for entry in state.entries.values() if entry.status is EntryStatus.BUSTED]
    assert len(busted) == 5
    assert sorted(entry.place or 0 for entry in state.entries.values())[0] == 1
    assert len(live.hand_histories(tid, 1)) == played


def test_bounties_go_to_the_winner_of_the_pot_that_busts() -> None:
    buy_in = {"prize": 4_500, "fee": 500, "bounty": 1_000, "chips": 2_000}
    _, live, tid = started(stack=2_000, money={"buy_in": buy_in, "bounty": "fixed"})
    play_out(live, tid, hands=400)
    tournament_events = live.tournaments.load(tid).events
    taken = [e for e in tournament_events if isinstance(e, events.BountyTaken)]
    busts = [e for e in tournament_events if isinstance(e, events.PlayersBusted)]
    assert len(taken) == sum(len(bust.results) for bust in busts) == 5
    finished = [
        event.data for event in live.tournaments.store.read(TableService.stream(tid, 1))
        if event.type == "table-hand-finished" and event.data["busted"]
    ]  # fmt: skip
    for data in finished:
        winners = {entry for entry, chips in data["stacks"] if chips}
        assert {taker for _, taker in data["takers"]} <= winners
        assert sorted(busted for busted, _ in data["takers"]) == sorted(data["busted"])


# -- restarts -----------------------------------------------------------------------------------


def test_a_new_live_tables_carries_on_the_hand_identically() -> None:
    clock, live, tid = started()
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    for _ in range(4):
        call_or_check(live, tid)
    clock.advance(7)
    copy = copy_store(live.tournaments.store)
    again = tables(TournamentService(copy, now=clock), clock, seed=99)
    for viewer in (Viewer.dealer(), Viewer.public(), Viewer.seat(to_act(live, tid))):
        assert again.view(tid, 1, viewer) == live.view(tid, 1, viewer)
    for both in (live, again):
        finish_calling(both, tid)
    assert again.hand_histories(tid, 1) == live.hand_histories(tid, 1)
    original, restarted = live.tournaments.load(tid), again.tournaments.load(tid)
    assert [e.stack for e in original.state.entries.values()] == [
        e.stack for e in restarted.state.entries.values()
    ]


def test_a_dealer_hand_survives_closing_the_sqlite_store(tmp_path: Path) -> None:
    path = tmp_path / "events.db"
    clock, live, tid = started(SQLiteEventStore(path), players=3)
    live.start_hand(tid, 1, mode=TableMode.DEALER)
    first = seats(live.tournaments, tid)[0]
    live.deal_hole(tid, 1, first, cards("Ah Ad"))
    call_or_check(live, tid)
    view = live.view(tid, 1, Viewer.dealer())
    live.tournaments.store.close()
    reopened = SQLiteEventStore(path)
    again = tables(TournamentService(reopened, now=clock), clock)
    assert again.view(tid, 1, Viewer.dealer()) == view
    call_or_check(again, tid)
    reopened.close()


def test_a_hand_over_but_not_reported_is_reported_before_the_next() -> None:
    clock, live, tid = started()
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    finish_calling(live, tid)
    # The table's stream without its last event (the report), as after a crash before it.
    copy = copy_store(live.tournaments.store, drop_last=TableService.stream(tid, 1))
    assert copy.read(TableService.stream(tid, 1))[-1].type != "table-hand-finished"
    again = tables(TournamentService(copy, now=clock), clock)
    assert again.start_hand(tid, 1, mode=TableMode.ONLINE) == 2
    assert len(again.hand_histories(tid, 1)) == 1
    assert again.hand_histories(tid, 1) == live.hand_histories(tid, 1)


# -- seat links, bots and the clock --------------------------------------------------------------


def test_seat_links_store_only_a_hash_and_survive_a_restart() -> None:
    clock, live, tid = started()
    tokens = iter(["secret-token-a", "secret-token-b"])
    linked = tables(live.tournaments, clock, token_factory=lambda: next(tokens))
    assert linked.seat_link(tid, 3) == "secret-token-a"
    assert linked.seat_link(tid, 4) == "secret-token-b"
    assert linked.resolve_link("secret-token-a") == (tid, 3)
    again = tables(TournamentService(live.tournaments.store, now=clock), clock)
    assert again.resolve_link("secret-token-b") == (tid, 4)
    text = json.dumps([event.data for event in live.tournaments.store.read(LINKS_STREAM)])
    assert "secret-token" not in text
    with pytest.raises(NotFoundError):
        again.resolve_link("secret-token-c")
    with pytest.raises(NotFoundError):
        linked.seat_link(tid, 99)
    with pytest.raises(NotFoundError):
        linked.seat_link("tournament-9", 1)
    entry = live.tournaments.load(tid).state.entries[3]
    assert again.locate(tid, 3) == (entry.table, entry.seat)


def test_bots_act_only_for_their_seats() -> None:
    _, live, tid = started()
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    seat = to_act(live, tid)
    assert live.run_bots(tid, 1) == 0
    live.set_bot(tid, 1, seat, True)
    assert live.run_bots(tid, 1, limit=5) == 1
    assert to_act(live, tid) != seat
    assert {s["seat"]: s["is_bot"] for s in live.view(tid, 1, Viewer.public())["seats"]}[seat]
    live.set_bot(tid, 1, seat, False)
    assert not any(s["is_bot"] for s in live.view(tid, 1, Viewer.public())["seats"])


@pytest.mark.parametrize(
    ("profile", "seconds", "checked"), [("tda-2017", 30, "check"), ("lfp", 70, "fold")]
)
def test_clock_expiry_online_clk_expiry(profile: str, seconds: int, checked: str) -> None:
    clock, live, tid = started(profile=profile)
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    deadline = live.view(tid, 1, Viewer.public())["deadline"]
    assert (deadline["seconds"], deadline["seconds_left"]) == (seconds, seconds)
    clock.advance(seconds - 1)
    assert live.expire(tid, 1) is None
    clock.advance(1)
    ruling = live.expire(tid, 1)
    assert ruling is not None
    assert (ruling.rule, str(ruling.decision)) == ("CLK-EXPIRY", "fold")  # facing the big blind
    deadline = live.view(tid, 1, Viewer.public())["deadline"]
    assert deadline["seconds_left"] == seconds  # the next player's time starts now
    while (view := live.view(tid, 1, Viewer.public()))["legal"]["call"]:
        call_or_check(live, tid)
    clock.advance(seconds)
    ruling = live.expire(tid, 1)  # the big blind, with nothing to call
    assert ruling is not None
    log = live.view(tid, 1, Viewer.public())["log"]
    acted = [line for line in log if line["event"] == "player-acted"][-1]
    assert (acted["seat"], acted["action"]) == (view["to_act"], checked)


def test_dealer_tables_have_no_action_clock() -> None:
    clock, live, tid = started()
    live.start_hand(tid, 1, mode=TableMode.DEALER)
    assert live.view(tid, 1, Viewer.public())["deadline"] is None
    clock.advance(3_600)
    assert live.expire(tid, 1) is None


def test_unknown_tournament_and_table() -> None:
    _, live, tid = started()
    with pytest.raises(NotFoundError):
        live.view("tournament-9", 1, Viewer.public())
    with pytest.raises(NotFoundError):
        live.view(tid, 7, Viewer.public())


def test_online_deck_comes_from_the_stored_seed() -> None:
    _, live, tid = started()
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    hand, _ = dealt_cards(live.tournaments, last_setup(live.tournaments.store, tid))
    view = live.view(tid, 1, Viewer.dealer())
    cards = {s["seat"]: s["cards"] for s in view["seats"]}
    setup = last_setup(live.tournaments.store, tid)
    for player, seat in enumerate(setup["seats"]):
        assert cards[seat] == [str(card) for card in hand.hole_cards(player)]
