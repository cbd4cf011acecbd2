"""What each viewer of a live table may see, as a JSON-friendly dict (per-viewer views).

Hidden information (DESIGN.md): a player's client never receives another player's unexposed
cards, and the deck never leaves the server. A view is therefore built from what the viewer may
know, never filtered after the fact: hole cards go only to their owner (and to the dealer's
console), or to everybody once the engine has tabled them (``HandShown``), a stud hand's up cards
to everybody as they are dealt; the board is what has been dealt; burn cards, the deck, its seed
and its salt are never read here.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pokertd.cards import Card
from pokertd.cards.card import ALL_CARDS
from pokertd.engine import Exposure, Hand
from pokertd.engine.events import (
    AntePosted,
    BetsGathered,
    BlindPosted,
    BoardDealt,
    CardsDiscarded,
    CardsDrawn,
    DiscardsReshuffled,
    HandEnded,
    HandEvent,
    HandKilled,
    HandMucked,
    HandShown,
    HoleDealt,
    PlayerActed,
    PotAwarded,
    UncalledBetReturned,
)
from pokertd.engine.pots import Pot
from pokertd.table.aggregate import Deadline, LiveTable
from pokertd.table.plan import HandPlan
from pokertd.tournament.state import TournamentState


class ViewerKind(StrEnum):
    """Who looks at a table."""

    DEALER = "dealer"  # the dealer's or the director's console: every card known
    SEAT = "seat"  # a player: his own cards only
    PUBLIC = "public"  # a spectator or a table display: no hole card until tabled


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who a view is for.

    >>> Viewer.seat(4)
    Viewer(kind=<ViewerKind.SEAT: 'seat'>, seat_number=4)
    """

    kind: ViewerKind
    seat_number: int | None = None

    @classmethod
    def dealer(cls) -> Viewer:
        """The dealer or the director: sees every card entered or dealt."""
        return cls(ViewerKind.DEALER)

    @classmethod
    def seat(cls, number: int) -> Viewer:
        """The player in seat ``number``: sees his own hole cards."""
        return cls(ViewerKind.SEAT, number)

    @classmethod
    def public(cls) -> Viewer:
        """Anybody: sees tabled cards and the board only."""
        return cls(ViewerKind.PUBLIC)

    def to_dict(self) -> dict[str, Any]:
        """Return the viewer as JSON."""
        return {"kind": self.kind.value, "seat": self.seat_number}


def render(
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
    return frame(state, live, tournament=tournament).view(viewer, deadline, now)


@dataclass(frozen=True, slots=True)
class TableFrame:
    """What every viewer of a table at one version sees alike, rendered once per change: the
    view as the public sees it. ``view`` adds what one viewer sees more (his own hole cards, the
    dealer's all) and the deadline at his ``now``: the hand's log, the board and the seats are
    not rendered again for each of a table's listeners.

    The public parts are shared by every view made from the frame: a view is read, never
    changed in place.
    """

    public: dict[str, Any]
    #: The hand's plan and state (None before the first hand), the players who tabled their
    #: hand, and who sits where now (for ``_visible``).
    plan: HandPlan | None = None
    hand: Hand | None = None
    shown: frozenset[int] = frozenset()
    seated: Mapping[int, str] = field(default_factory=dict)
    #: The index in ``public["seats"]`` of each player of the hand still shown in his seat.
    seat_of: Mapping[int, int] = field(default_factory=dict)
    #: The lines of the log whose cards depend on the viewer (hole cards dealt, cards thrown
    #: away or drawn): their index in ``public["log"]`` and their event.
    private: tuple[tuple[int, HoleDealt | CardsDiscarded | CardsDrawn], ...] = ()
    #: How many of the hand's events ``public["log"]`` tells: the next frame of the same hand
    #: renders only the events after them (``frame(..., previous=...)``).
    told: int = 0

    def view(
        self, viewer: Viewer, deadline: Deadline | None, now: datetime.datetime
    ) -> dict[str, Any]:
        """Return the view of ``viewer``, with the deadline of the player to act at ``now``."""
        public = self.public
        view = {**public, "viewer": viewer.to_dict()}
        plan, hand = self.plan, self.hand
        if plan is None or hand is None:
            return view  # no hand: nobody's deadline
        if deadline is not None:
            view["deadline"] = deadline.to_dict(now)
        if viewer.kind is ViewerKind.PUBLIC:
            return view
        visible = _visible(plan, viewer, set(self.shown), self.seated)
        # Whose cards he saw dealt: his own (the dealer's: all). A tabled draw hand shows its
        # last five cards, never what was thrown away nor the hand first dealt (DRAW-DISCARD).
        own = _visible(plan, viewer, set(), self.seated)
        more = (visible - self.shown) | own  # the players whose cards he sees and others do not
        if not more:
            return view
        log = list(public["log"])
        for index, event in self.private:
            if event.player in more:
                log[index] = _line(event, plan, hand, visible, own)
        seats = list(public["seats"])
        for player in visible - self.shown:
            place = self.seat_of.get(player)
            if place is not None:
                seats[place] = {**seats[place], "cards": card_texts(hand.hole_cards(player))}
        view.update(log=log, seats=seats)
        return view


def frame(
    state: TournamentState, live: LiveTable, *, tournament: str, previous: TableFrame | None = None
) -> TableFrame:
    """Return what every viewer of table ``live`` of ``state`` sees alike (``TableFrame``).

    ``previous``: a frame made earlier of the same table. When it is of the same hand (the same
    plan and hand objects: a hand only gains events), its log is kept and only the events since
    are rendered; the rest (seats, pots, legal actions, result) is made again. The frame is the
    one made from scratch either way.
    """
    table, started, hand = live.number, live.started, live.hand
    bots = frozenset(live.bots)
    seated: Mapping[int, str] = state.tables[table].players if table in state.tables else {}
    view: dict[str, Any] = {
        "tournament": tournament,
        "table": table,
        "viewer": Viewer.public().to_dict(),
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
        return TableFrame(view)
    plan = started.plan
    shown = {event.player for event in hand.events if isinstance(event, HandShown)}
    button, small_blind, big_blind = plan.positions
    legal = hand.legal()
    to_act = hand.to_act
    events = hand.events
    log, private = _public_log(plan, hand, events, shown, previous)
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
        commitment=started.commitment,
        log=log,
        result=_result(hand, plan),
        draw_owed=[plan.seats[player] for player in hand.draw_owed],
    )
    if plan.limits is not None:  # a stud hand: bets and a bring-in, no blind
        view.update(limits=list(plan.limits), bring_in=plan.bring_in)
    drew = _last_draws(hand)
    seats: dict[int, dict[str, Any]] = {}
    for seat, entry in seated.items():
        seats[seat] = _idle_seat(state, seat, int(entry), bots)
    players: dict[int, int] = {}
    for player, seat in enumerate(plan.seats):
        occupant = seated.get(seat)
        if hand.is_finished and occupant is not None and int(occupant) != plan.entries[player]:
            continue  # the seat changed hands since: show who sits there now
        is_shown = player in shown  # the public's view: only the tabled hands
        seats[seat] = _hand_seat(
            plan, hand, player, is_visible=is_shown, is_shown=is_shown, is_bot=seat in bots
        )
        seats[seat]["drew"] = drew.get(player)
        players[player] = seat
    order = sorted(seats)
    view["seats"] = [seats[seat] for seat in order]
    where = {seat: index for index, seat in enumerate(order)}
    seat_of = {player: where[seat] for player, seat in players.items()}
    told = len(events)
    frozen = frozenset(shown)
    return TableFrame(view, plan, hand, frozen, dict(seated), seat_of, tuple(private), told)


def _public_log(
    plan: HandPlan,
    hand: Hand,
    events: Sequence[HandEvent],
    shown: set[int],
    previous: TableFrame | None,
) -> tuple[list[dict[str, Any]], list[tuple[int, HoleDealt | CardsDiscarded | CardsDrawn]]]:
    """Return the hand's log as the public sees it (``shown``: the tabled hands) and its lines
    whose cards depend on the viewer; from ``previous``'s when it told the start of this hand."""
    log: list[dict[str, Any]] = []
    private: list[tuple[int, HoleDealt | CardsDiscarded | CardsDrawn]] = []
    start = 0
    if (
        previous is not None
        and previous.plan is plan
        and previous.hand is hand
        and previous.told <= len(events)
    ):
        log, private, start = list(previous.public["log"]), list(previous.private), previous.told
        if previous.shown != shown:  # a hand tabled since: its hole cards are public now
            for index, dealt in private:
                line = _line(dealt, plan, hand, shown, set())
                assert line is not None  # these events always have a line
                log[index] = line
    for event in events[start:]:
        if (line := _line(event, plan, hand, shown, set())) is None:
            continue
        if isinstance(event, HoleDealt | CardsDiscarded | CardsDrawn):
            private.append((len(log), event))
        log.append(line)
    return log, private


def _visible(
    plan: HandPlan, viewer: Viewer, shown: set[int], seated: Mapping[int, str]
) -> set[int]:
    """Return the players whose hole cards ``viewer`` may see."""
    if viewer.kind is ViewerKind.DEALER:
        return set(range(len(plan.seats)))
    visible = set(shown)
    if viewer.kind is ViewerKind.SEAT and viewer.seat_number is not None:
        player = plan.player_at(viewer.seat_number)
        # Only the entry who held the cards sees them: a newcomer in that seat does not.
        occupant = seated.get(viewer.seat_number)
        if player is not None and occupant is not None and int(occupant) == plan.entries[player]:
            visible.add(player)
    return visible


def _idle_seat(
    state: TournamentState, seat: int, entry: int, bots: frozenset[int]
) -> dict[str, Any]:
    record = state.entries[entry]
    return {
        "seat": seat,
        "entry": entry,
        "name": record.player,
        "stack": record.stack,
        "bet": 0,
        "in_hand": False,
        "is_folded": False,
        "is_all_in": False,
        "is_killed": False,
        "is_shown": False,
        "is_bot": seat in bots,
        "cards": None,
        "drew": None,
    }


def _hand_seat(
    plan: HandPlan, hand: Hand, player: int, *, is_visible: bool, is_shown: bool, is_bot: bool
) -> dict[str, Any]:
    result = hand.result
    seat = {
        "seat": plan.seats[player],
        "entry": plan.entries[player],
        "name": plan.names[player],
        "stack": hand.stacks[player] if result is None else result.stacks[player],
        "bet": hand.bets[player],
        "in_hand": True,
        "is_folded": hand.is_folded(player),
        "is_all_in": hand.is_all_in(player),
        "is_killed": player in plan.absent,
        "is_shown": is_shown,
        "is_bot": is_bot,
        "cards": (
            card_texts(hand.hole_cards(player))
            if is_visible
            else None
            if hand.game.has_button  # every card down: none seen
            else _face_up(hand.hole_cards(player), hand.exposures(player))
        ),
    }
    if not hand.game.has_button:  # stud: which of his cards lie face up (everyone sees it)
        seat["up"] = [lie is Exposure.UP for lie in hand.exposures(player)]
    return seat


def _face_up(
    cards: Sequence[Card | None], exposures: Sequence[Exposure]
) -> list[str | None] | None:
    """Return a stud hand's cards as everyone sees them, a down card as None; None in the games
    that deal every card down (their events give no ``exposures``)."""
    if not exposures:
        return None
    return [
        str(card) if card is not None and lie is Exposure.UP else None
        for card, lie in zip(cards, exposures, strict=True)
    ]


def _last_draws(hand: Hand) -> dict[int, int]:
    """Return how many cards each player threw away at his last draw (0: he stood pat), for a
    draw game; everyone at the table sees it (how many, never which)."""
    return {
        event.player: len(event.cards) for event in hand.events if isinstance(event, CardsDiscarded)
    }


def _pot(pot: Pot, plan: HandPlan) -> dict[str, Any]:
    return {"amount": pot.amount, "eligible": [plan.seats[p] for p in pot.eligible]}


def _result(hand: Hand, plan: HandPlan) -> dict[str, Any] | None:
    result = hand.result
    if result is None:
        return None
    return {
        "stacks": [
            {
                "seat": seat,
                "entry": plan.entries[p],
                "stack": result.stacks[p],
                "won": result.winnings[p],
                "net": result.net[p],
            }
            for p, seat in enumerate(plan.seats)
        ],
    }


def _line(
    event: HandEvent, plan: HandPlan, hand: Hand, visible: set[int], own: set[int]
) -> dict[str, Any] | None:
    """Return one event of the hand as the viewer may see it, None for what he may not:
    ``visible`` are the players whose cards he sees (his own, the tabled hands), ``own`` those
    whose cards he saw dealt and changed (his own)."""
    seats = plan.seats
    if hand.game.draws:
        visible = own  # the first hand dealt is not the hand tabled
    match event:
        case AntePosted(player=player, amount=amount) | BlindPosted(player=player, amount=amount):
            return {"event": event.name, "seat": seats[player], "amount": amount}
        case HoleDealt(player=player, cards=cards, exposures=exposures):
            shown = card_texts(cards) if player in visible else _face_up(cards, exposures)
            return {"event": event.name, "seat": seats[player], "cards": shown}
        case BoardDealt(street=street, cards=cards):  # never the burn card
            street_name = hand.game.street_names[street]
            return {"event": event.name, "street": street_name, "cards": card_texts(cards)}
        case CardsDiscarded(player=player, cards=cards) | CardsDrawn(player=player, cards=cards):
            # DRAW-DISCARD: how many cards a player changes is public, which ones are his.
            shown = card_texts(cards) if player in own else None
            return {"event": event.name, "seat": seats[player], "count": len(cards), "cards": shown}
        case DiscardsReshuffled(street=street, cards=cards):  # DRAW-DECK-SHORT: never which
            street_name = hand.game.street_names[street]
            return {"event": event.name, "street": street_name, "count": len(cards)}
        case HandKilled(player=player) | HandMucked(player=player):
            return {"event": event.name, "seat": seats[player]}
        case PlayerActed(player=player, kind=kind, to=to, added=added, is_all_in=is_all_in):
            return {
                "event": event.name,
                "seat": seats[player],
                "action": kind.value,
                "to": to,
                "added": added,
                "is_all_in": is_all_in,
            }
        case UncalledBetReturned(player=player, amount=amount):
            return {"event": event.name, "seat": seats[player], "amount": amount}
        case BetsGathered(pots=pots):
            return {"event": event.name, "pots": [_pot(pot, plan) for pot in pots]}
        case HandShown(player=player, cards=cards):
            return {"event": event.name, "seat": seats[player], "cards": card_texts(cards)}
        case PotAwarded(pot=pot, half=half, amount=amount, shares=shares):
            return {
                "event": event.name,
                "pot": pot,
                "half": half.value,
                "amount": amount,
                "shares": [{"seat": seats[p], "amount": a} for p, a in shares],
            }
        case HandEnded(stacks=stacks):
            return {
                "event": event.name,
                "stacks": [{"seat": seats[p], "stack": s} for p, s in enumerate(stacks)],
            }
    return None  # the burn cards (CardBurned) are never shown


def card_texts(cards: Sequence[Card | None]) -> list[str | None]:
    """Return cards as text, ``None`` for a card unseen.

    >>> card_texts([Card.parse("As"), None, Card.parse("2c")])
    ['As', None, '2c']
    """
    return [None if card is None else _TEXTS[card.code] for card in cards]


#: Each card's text by its ``code``: ``str(card)`` reads two enumerations, and a change pushed
#: to a table's six seats wrote some forty cards (issue 20).
_TEXTS = tuple(str(card) for card in ALL_CARDS)
