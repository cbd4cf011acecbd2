"""A live table's stream: its event types, and the table they build when replayed in order.

Each event of ``table-<tournament>-<table>`` is one change to the table: a hand set up
(``table-hand-started``, with the setup and, online, the deck's seed), an action, cards entered, a
hand reported to the tournament (``table-hand-finished``, with its PHH), a seat given to a bot or
back to its player. ``TableState.apply`` makes one event part of the table; the engine refuses an
illegal one before anything changes, so the same code checks a new event and replays a stored one.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from pokertd.engine import ActionKind, Hand
from pokertd.rules import Profile
from pokertd.service.table_hands import LiveSetup, parse_cards_given

STARTED = "table-hand-started"
ACTED = "table-player-acted"
HOLE = "table-hole-dealt"
BOARD = "table-board-dealt"
SHOWN = "table-hand-shown"
FINISHED = "table-hand-finished"
BOT = "table-bot-set"
#: Events that play a hand on the engine: only the last hand's are replayed after a restart.
REPLAYED = frozenset({STARTED, ACTED, HOLE, BOARD, SHOWN})


class TableState:
    """One table as its stream builds it: the bots, the current (or last) hand, the PHH texts."""

    __slots__ = ("bots", "hand", "histories", "is_recorded", "profile", "setup", "stream",
                 "turn_since", "version")  # fmt: skip

    def __init__(self, stream: str, profile: Profile) -> None:
        self.stream = stream
        self.profile = profile
        self.version = 0
        self.bots: set[int] = set()
        self.setup: LiveSetup | None = None
        self.hand: Hand | None = None
        #: Whether the end of the current hand is reported to the tournament (or there is none).
        self.is_recorded = True
        #: When the player to act got the turn (the time of the hand's last event).
        self.turn_since: datetime.datetime | None = None
        self.histories: list[str] = []

    def apply(self, kind: str, data: Mapping[str, Any], at: datetime.datetime) -> None:
        """Make one event of the stream, stored or about to be, part of the table.

        Raises what the engine raises for an action or cards it refuses (IllegalActionError,
        ParseError), having changed nothing.
        """
        if kind == BOT:
            if data["is_bot"]:
                self.bots.add(data["seat"])
            else:
                self.bots.discard(data["seat"])
            return
        if kind == STARTED:
            started = LiveSetup.from_data(data)
            self.hand = started.create_hand(self.profile)
            self.setup, self.is_recorded, self.turn_since = started, False, at
            return
        if kind == FINISHED:
            self.is_recorded = True
            self.histories.append(data["phh"])
            return
        hand, setup = self.hand, self.setup
        assert hand is not None
        assert setup is not None
        if kind == ACTED:
            player = setup.player_at(data["seat"])
            assert player is not None
            hand.act(player, data["action"], data["to"])
        elif kind == HOLE:
            player = setup.player_at(data["seat"])
            assert player is not None
            hand.deal_hole(player, parse_cards_given(data["cards"]))
            return  # dealing hole cards does not pass the turn
        elif kind == BOARD:
            hand.deal_board(parse_cards_given(data["cards"]))  # type: ignore[arg-type]
        elif kind == SHOWN:
            player = setup.player_at(data["seat"])
            assert player is not None
            cards = data["cards"]
            hand.show(player, None if cards is None else parse_cards_given(cards))  # type: ignore[arg-type]
        else:
            raise AssertionError(f"unknown table event {kind!r}")
        self.turn_since = at


def acted(
    seat: int, kind: ActionKind, to: int | None, *, by: str, rule: str | None = None
) -> dict[str, Any]:
    """Return the data of a ``table-player-acted`` event; ``by`` says who acted (the player,
    the floor from chips pushed, a bot, the clock) and ``rule`` the ruling's rule."""
    return {"seat": seat, "action": kind.value, "to": to, "by": by, "rule": rule}
