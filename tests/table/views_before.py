"""The table view as ``pokertd.table.views.render`` built it before ``TableFrame`` (the whole view
rendered for each viewer, the hand's log included): the reference the shared rendering is
compared with in ``test_table_frames.py``. Kept as it was; the helpers it calls are unchanged."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from pokertd.engine.events import HandShown
from pokertd.table.aggregate import Deadline, LiveTable
from pokertd.table.views import (
    Viewer,
    _hand_seat,
    _idle_seat,
    _last_draws,
    _line,
    _pot,
    _result,
    _visible,
    card_texts,
)
from pokertd.tournament.state import TournamentState


def render_before(
    state: TournamentState,
    live: LiveTable,
    *,
    tournament: str,
    viewer: Viewer,
    deadline: Deadline | None,
    now: datetime.datetime,
) -> dict[str, Any]:
    """Return the view of table ``live`` of ``state`` for ``viewer``: the current (or last)
    hand and the seats, the deadline of the player to act at ``now``."""
    table, started, hand = live.number, live.started, live.hand
    bots = frozenset(live.bots)
    seated: Mapping[int, str] = state.tables[table].players if table in state.tables else {}
    view: dict[str, Any] = {
        "tournament": tournament,
        "table": table,
        "viewer": viewer.to_dict(),
        "hand": None,
        "mode": None,
        "status": "waiting",
        "game": None,
        "family": None,
        "level": None,
        "blinds": None,
        "ante": None,
        "positions": None,
        "street": None,
        "phase": None,
        "board": [],
        "pots": [],
        "to_act": None,
        "legal": None,
        "deadline": None,
        "commitment": None,
        "log": [],
        "result": None,
        "draw_owed": [],
    }
    if started is None or hand is None:
        view["seats"] = [
            _idle_seat(state, seat, int(entry), bots) for seat, entry in sorted(seated.items())
        ]
        return view
    plan = started.plan
    shown = {event.player for event in hand.events if isinstance(event, HandShown)}
    visible = _visible(plan, viewer, shown, seated)
    # Whose cards he saw dealt: his own (the dealer's: all). A tabled draw hand shows its last
    # five cards, never what was thrown away nor the hand first dealt (DRAW-DISCARD).
    own = _visible(plan, viewer, set(), seated)
    button, small_blind, big_blind = plan.positions
    legal = hand.legal()
    to_act = hand.to_act
    view.update(
        hand=plan.hand,
        mode=started.mode.value,
        status="finished" if hand.is_finished else "playing",
        game=plan.game,
        family=hand.game.family.value,  # flop, stud or draw: a board, up cards, or draws
        level=plan.level,
        blinds=list(plan.blinds),
        ante=plan.ante,
        positions={"button": button, "small_blind": small_blind, "big_blind": big_blind},
        street=None if hand.is_finished else hand.street_name,
        phase=hand.phase.value,
        board=card_texts(hand.board),
        pots=[_pot(pot, plan) for pot in hand.pots],
        to_act=None if to_act is None else plan.seats[to_act],
        legal=None
        if legal is None
        else {**legal.to_dict(), "show": legal.show, "muck": legal.muck, "draw": legal.draw},
        deadline=None if deadline is None else deadline.to_dict(now),
        commitment=started.commitment,
        log=[line for event in hand.events if (line := _line(event, plan, hand, visible, own))],
        result=_result(hand, plan),
        draw_owed=[plan.seats[player] for player in hand.draw_owed],
    )
    drew = _last_draws(hand)
    seats: dict[int, dict[str, Any]] = {}
    for seat, entry in seated.items():
        seats[seat] = _idle_seat(state, seat, int(entry), bots)
    for player, seat in enumerate(plan.seats):
        occupant = seated.get(seat)
        if hand.is_finished and occupant is not None and int(occupant) != plan.entries[player]:
            continue  # the seat changed hands since: show who sits there now
        seats[seat] = _hand_seat(
            plan,
            hand,
            player,
            is_visible=player in visible,
            is_shown=player in shown,
            is_bot=seat in bots,
        )
        seats[seat]["drew"] = drew.get(player)
    view["seats"] = [seats[seat] for seat in sorted(seats)]
    return view
