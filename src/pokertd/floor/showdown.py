"""Showdown rulings: who may see a hand, who must show, who shows first, mucked hands.

A ``Showdown`` describes the table when the floor is called: what each player in the hand has
done with his cards, who bet or raised last on the river and who called him. The functions rule on
the right to see an unshown hand (SHOW-RIGHT-TO-SEE), the called last aggressor's duty to show
(SHOW-LAST-AGGRESSOR-MUST-SHOW), the order of showing (SHOW-ORDER), a hand mucked face down
(SHOW-MUCK-RETRIEVAL) and a wrong announcement (SHOW-CARDS-SPEAK). Players are PHH indices from 0;
the explanations' values number them from 1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from pokertd.errors import ParseError
from pokertd.floor.citations import field_ruling
from pokertd.floor.rulings import Phrase, Ruling, phrase
from pokertd.messages import message
from pokertd.rules import Profile, RightToSee, ShowOrder


class Holding(StrEnum):
    """What a player who reached the showdown has done with his cards."""

    HELD = "held"  # still in front of him, face down, not shown
    TABLED = "tabled"  # turned face up for all to read
    PUSHED = "pushed"  # pushed or thrown face down, not yet mixed into the muck
    MUCKED = "mucked"  # in the muck: killed by the dealer, or no longer identifiable


@dataclass(frozen=True, slots=True)
class Showdown:
    """The showdown as the floor finds it.

    ``holdings`` has one entry per player in the hand. ``river_aggressor`` made the last bet or
    raise of the final round (None: no bet on it) and ``river_callers`` called it. ``winner`` holds
    the best hand shown so far (GM 37°, LFP 8.8). ``is_heads_up`` says only two players are left
    in the event's play at the table (LFP 8.7). ``requests_before`` counts the requests to see a
    hand the requester already made in this event (LFP 8.7), and ``has_mucker_consent`` says the
    player whose hand is asked for agrees to show it (GEN 1.25).

    Raises ParseError for fewer than two players or a player number out of range.

    >>> Showdown((Holding.HELD, Holding.TABLED), river_aggressor=0, river_callers=frozenset({1}))
    ... # doctest: +ELLIPSIS
    Showdown(holdings=(<Holding.HELD: 'held'>, <Holding.TABLED: 'tabled'>), river_aggressor=0, ...)
    """

    holdings: tuple[Holding, ...]
    river_aggressor: int | None = None
    river_callers: frozenset[int] = field(default_factory=frozenset)
    winner: int | None = None
    is_heads_up: bool = False
    requests_before: int = 0
    has_mucker_consent: bool = False

    def __post_init__(self) -> None:
        count = len(self.holdings)
        if count < 2:
            raise ParseError(
                message("a showdown has at least two players, not {count}", count=count)
            )
        named = [self.river_aggressor, self.winner, *self.river_callers]
        for player in named:
            if player is not None:
                _check_player(player, self)
        if self.river_callers and self.river_aggressor is None:
            raise ParseError(message("river callers need a river bet: name its bettor or raiser"))
        if self.river_aggressor in self.river_callers:
            raise ParseError(message("the river aggressor does not call his own bet"))
        if self.requests_before < 0:
            raise ParseError(
                message(
                    "a count of requests is not negative: {count!r}", count=self.requests_before
                )
            )

    @property
    def is_called(self) -> bool:
        """Return whether someone bet or raised on the river and was called."""
        return self.river_aggressor is not None and bool(self.river_callers)


def may_see(profile: Profile, *, requester: int | None, target: int, situation: Showdown) -> Ruling:
    """Rule on ``requester``'s request to see ``target``'s unshown hand (SHOW-RIGHT-TO-SEE).

    ``requester`` is None for a player at the table who is not in the hand. ``details["may_see"]``
    is True, False, or None when the TD decides; ``details["is_live"]`` says, where the book does,
    whether the hand shown can still win.

    Raises ParseError for a player out of range, a player asking for his own hand, or a hand
    already tabled.

    >>> from pokertd import rules
    >>> seen = Showdown((Holding.HELD, Holding.TABLED, Holding.PUSHED),
    ...                 river_aggressor=2, river_callers=frozenset({0, 1}))
    >>> may_see(rules.load("tda-2017"), requester=0, target=2, situation=seen).details["right"]
    'inalienable'
    """
    _check_request(requester, target, situation)
    details: dict[str, Any] = {"requester": requester, "target": target}
    asker = (
        phrase("table-player") if requester is None else phrase("the-player", player=requester + 1)
    )
    values: dict[str, Any] = {"asker": asker, "target": target + 1}
    # SHOW-LAST-AGGRESSOR-MUST-SHOW: whoever asks, the called last aggressor shows (BAN, GM).
    is_called_aggressor = target == situation.river_aggressor and situation.is_called
    if profile.last_aggressor_must_show and is_called_aggressor:
        details.update(may_see=True, right="must-show")
        return field_ruling(
            "SHOW-LAST-AGGRESSOR-MUST-SHOW", profile, ("last_aggressor_must_show",),
            "called-aggressor-shows", values, details=details,
        )  # fmt: skip
    # SHOW-RIGHT-TO-SEE
    grant = _GRANTS.get(profile.right_to_see, _nobody)(requester, target, situation)
    details.update(may_see=grant.may, right=grant.right, **grant.flags)
    return field_ruling(
        "SHOW-RIGHT-TO-SEE", profile, ("right_to_see",), grant.outcome,
        {**values, **grant.values}, td_decides=grant.may is None or grant.is_td, details=details,
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Grant:
    """What a book's right to see grants: may he see it (None: the TD decides), the right he
    has, the outcome, and the flags and values it adds."""

    may: bool | None
    right: str
    outcome: str
    flags: dict[str, Any] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)
    is_td: bool = False


def _check_request(requester: int | None, target: int, situation: Showdown) -> None:
    _check_player(target, situation)
    if requester is not None:
        _check_player(requester, situation)
    if requester == target:
        raise ParseError(
            message("player {player} does not ask to see his own hand", player=target + 1)
        )
    if situation.holdings[target] is Holding.TABLED:
        raise ParseError(
            message(
                "player {player}'s hand is already tabled: everyone may read it",
                player=target + 1,
            )
        )


def _river_callers(requester: int | None, target: int, situation: Showdown) -> _Grant:
    """TDA 18B: a caller of the river bet who kept his cards may see the bettor's hand; any other
    request is at the TD's discretion."""
    if requester is None:
        return _Grant(False, "none", "not-in-hand")
    if situation.holdings[requester] in (Holding.PUSHED, Holding.MUCKED):
        return _Grant(False, "none", "released-cards")
    if target == situation.river_aggressor and requester in situation.river_callers:
        return _Grant(True, "inalienable", "river-caller")
    return _Grant(None, "td-discretion", "no-inalienable-right")


def _against_collusion(requester: int | None, target: int, situation: Showdown) -> _Grant:
    """LFP 8.7: any player, against collusion only, once per event, never heads-up."""
    if situation.is_heads_up:
        return _Grant(False, "none", "heads-up")
    if situation.requests_before:
        return _Grant(False, "once-per-event", "already-used", is_td=True)
    # LFP 8.8: a released hand turned over at the request of anyone but the current winner
    # is dead.
    is_live = situation.holdings[target] is Holding.HELD or requester == situation.winner
    live = phrase("can-still-win" if is_live else "is-dead")
    return _Grant(True, "anti-collusion", "anti-collusion", {"is_live": is_live}, {"live": live})


def _winner_only(requester: int | None, target: int, situation: Showdown) -> _Grant:
    """GM 37°: only the pot's winner may ask, and the hand shown is then live."""
    if situation.winner is None:
        return _Grant(None, "winner", "winner-unknown")
    if requester != situation.winner:
        return _Grant(False, "none", "not-the-winner", values={"winner": situation.winner + 1})
    return _Grant(True, "winner", "winner-asks", {"is_live": True})


def _mucker_consent(requester: int | None, target: int, situation: Showdown) -> _Grant:
    """GEN 1.25: only with the owner's consent, and the hand can never win."""
    agrees = situation.has_mucker_consent
    outcome = "owner-agrees" if agrees else "owner-refuses"
    return _Grant(agrees, "consent", outcome, {"is_live": False})


def _nobody(requester: int | None, target: int, situation: Showdown) -> _Grant:
    """BAN: only the called last aggressor shows (above); nobody else may be made to."""
    return _Grant(False, "none", "no-right")


_GRANTS: dict[RightToSee, Callable[[int | None, int, Showdown], _Grant]] = {
    RightToSee.RIVER_CALLERS_ELSE_TD: _river_callers,
    RightToSee.ANY_PLAYER_ONCE_ANTI_COLLUSION: _against_collusion,
    RightToSee.WINNER_ONLY_HAND_BECOMES_LIVE: _winner_only,
    RightToSee.MUCKER_CONSENT: _mucker_consent,
}


def must_show(profile: Profile, *, player: int, situation: Showdown) -> Ruling:
    """Rule on whether ``player`` must show his hand unasked (SHOW-LAST-AGGRESSOR-MUST-SHOW).

    ``details["on_request_of"]`` lists the players who may make him show it (TDA 18B).

    Raises ParseError for a player out of range.

    >>> from pokertd import rules
    >>> called = Showdown((Holding.HELD, Holding.HELD), river_aggressor=0,
    ...                   river_callers=frozenset({1}))
    >>> must_show(rules.load("bannalec"), player=0, situation=called).details["must_show"]
    True
    >>> must_show(rules.load("tda-2017"), player=0, situation=called).details
    {'player': 0, 'must_show': False, 'on_request_of': [1]}
    """
    _check_player(player, situation)
    fields: tuple[str, ...] = ("last_aggressor_must_show",)
    if profile.right_to_see is not RightToSee.RIVER_CALLERS_ELSE_TD:
        fields += ("right_to_see",)  # TDA's right is 18B, cited already
    is_called_aggressor = player == situation.river_aggressor and situation.is_called
    details: dict[str, Any] = {"player": player}
    values: dict[str, Any] = {"player": player + 1}
    # SHOW-LAST-AGGRESSOR-MUST-SHOW
    if profile.last_aggressor_must_show:
        details["must_show"] = is_called_aggressor
        outcome = "called-aggressor-must-show" if is_called_aggressor else "need-not-show"
    elif profile.right_to_see is RightToSee.RIVER_CALLERS_ELSE_TD and is_called_aggressor:
        details["must_show"] = False
        askers = sorted(
            caller
            for caller in situation.river_callers
            if situation.holdings[caller] in (Holding.HELD, Holding.TABLED)
        )
        details["on_request_of"] = askers
        outcome, values["names"] = "callers-may-ask", _names(askers)
    else:
        details["must_show"] = False
        outcome = (
            "shows-first-if-claiming" if is_called_aggressor else "need-not-show-unless-all-in"
        )
    rule = "SHOW-LAST-AGGRESSOR-MUST-SHOW"
    return field_ruling(rule, profile, fields, outcome, values, details=details)


def first_to_show(profile: Profile, situation: Showdown) -> Ruling:
    """Rule on who shows first (SHOW-ORDER): the last bettor or raiser of the final round, else
    the first player to act on it or the first player left of the button, as the profile says.

    >>> from pokertd import rules
    >>> quiet = Showdown((Holding.HELD, Holding.HELD))
    >>> first_to_show(rules.load("gran-madrid"), quiet).details
    {'first': None, 'by': 'left-of-button'}
    """
    aggressor = situation.river_aggressor
    # SHOW-ORDER
    if aggressor is not None:
        outcome, by = "last-aggressor-first", "last-aggressor"
    elif profile.show_order_no_river_bet is ShowOrder.FIRST_TO_ACT:
        outcome, by = "first-to-act-first", ShowOrder.FIRST_TO_ACT.value
    else:
        outcome, by = "left-of-button-first", ShowOrder.LEFT_OF_BUTTON.value
    details: dict[str, Any] = {"first": aggressor, "by": by}
    values = {} if aggressor is None else {"player": aggressor + 1}
    # TDA 16: the order binds only when the hands are not tabled spontaneously.
    is_tda = profile.source("show_order_no_river_bet").article.startswith("TDA")
    notes = (phrase("order-if-not-tabled"),) if is_tda else ()
    fields = ("show_order_no_river_bet",)
    return field_ruling(
        "SHOW-ORDER", profile, fields, outcome, values, details=details, notes=notes
    )


def retrieve_mucked(profile: Profile, *, holding: Holding, is_identifiable: bool = True) -> Ruling:
    """Rule on a hand given up face down at showdown, for instance after an opponent announced a
    hand he did not hold (SHOW-MUCK-RETRIEVAL): is it still live?

    ``holding`` is ``PUSHED`` (released, not yet in the muck) or ``MUCKED`` (in the muck or killed
    by the dealer); ``is_identifiable`` says whether its cards can still be told apart with
    certainty.

    Raises ParseError for a hand that was not given up.

    >>> from pokertd import rules
    >>> retrieve_mucked(rules.load("bannalec"), holding=Holding.PUSHED).details["is_live"]
    False
    >>> retrieve_mucked(rules.load("tda-2017"), holding=Holding.PUSHED).details["is_live"]
    True
    """
    if holding not in (Holding.PUSHED, Holding.MUCKED):
        raise ParseError(
            message(
                "a {holding} hand was not given up (SHOW-MUCK-RETRIEVAL)", holding=holding.value
            )
        )
    book = _book(profile, "right_to_see")
    is_pushed = holding is Holding.PUSHED
    # SHOW-MUCK-RETRIEVAL: LFP 8.5, 8.8 while clearly discernible; BAN never; GM 9°, 45° while
    # not mixed with the discards; GEN 1.25 never; TDA 12-14 while 100 % identifiable.
    is_live = {
        "LFP": is_identifiable,
        "BAN": False,
        "GEN": False,
    }.get(book, is_pushed and is_identifiable)
    articles, live_outcome, dead_outcome = _MUCK_RETRIEVAL[book]
    details: dict[str, Any] = {
        "holding": holding.value,
        "is_identifiable": is_identifiable,
        "is_live": is_live,
    }
    found = Ruling(
        "SHOW-MUCK-RETRIEVAL",
        articles,
        live_outcome if is_live else dead_outcome,
        td_decides=is_live and book in ("LFP", "GM", "TDA"),
        details=details,
    )
    if book == "GEN":
        return found
    return replace(found, lead=(phrase("cards-speak"),))


#: SHOW-MUCK-RETRIEVAL by book: the articles, the outcome for a live hand and for a dead one.
_MUCK_RETRIEVAL: dict[str, tuple[tuple[str, ...], str, str]] = {
    "LFP": (("LFP 8.5", "LFP 8.8"), "discernible-hand-retrieved", "indiscernible-hand-dead"),
    "BAN": (("BAN/ABATTAGE",), "thrown-hand-dead", "thrown-hand-dead"),
    "GM": (("GM 9°", "GM 45°", "GM 37°"), "unmixed-hand-retrieved", "mixed-hand-dead"),
    "GEN": (("GEN 1.25",), "rejected-hand-never-wins", "rejected-hand-never-wins"),
    "TDA": (("TDA 12", "TDA 14", "TDA 13B"), "identifiable-hand-live", "mucked-hand-dead"),
}


def cards_speak(profile: Profile, *, is_deliberate: bool = False) -> Ruling:
    """Rule on a hand announced wrongly at showdown (SHOW-CARDS-SPEAK): the cards decide, and a
    deliberate or repeated miscall is penalised (``details["penalty"]``: ``"must"``, ``"may"`` or
    ``None``).

    >>> from pokertd import rules
    >>> cards_speak(rules.load("bannalec"), is_deliberate=True).details
    {'is_deliberate': True, 'penalty': 'must'}
    """
    book = _book(profile, "right_to_see")
    must = book in ("LFP", "BAN")
    articles = {
        "LFP": ("LFP 8.8",),
        "BAN": ("BAN/ABATTAGE",),
        "GM": ("GM 20°", "GM 29°"),
    }.get(book, ("TDA 12",))
    notes: list[Phrase] = []
    if book == "GEN":
        notes.append(phrase("gen-text-missing-tda-12"))
    penalty = None
    if is_deliberate:
        penalty = "must" if must else "may"
        notes.append(phrase("miscall-must-be-penalised" if must else "miscall-may-be-penalised"))
    details = {"is_deliberate": is_deliberate, "penalty": penalty}
    return Ruling(
        "SHOW-CARDS-SPEAK", articles, "cards-decide", td_decides=penalty == "may",
        details=details, notes=tuple(notes),
    )  # fmt: skip


# -- internals -------------------------------------------------------------------------------------


def _check_player(player: int, situation: Showdown) -> None:
    count = len(situation.holdings)
    if not 0 <= player < count:
        raise ParseError(
            message(
                "there is no player {player} among the {count} at showdown",
                player=player + 1,
                count=count,
            )
        )


def _names(players: Sequence[int]) -> Phrase:
    """Return ``players`` named in a list: "player 2 and player 3", or "nobody left"."""
    names = [phrase("player-name", player=player + 1) for player in players]
    if not names:
        return phrase("nobody-left")
    if len(names) == 1:
        return names[0]
    return phrase("and", items=tuple(names[:-1]), last=names[-1])


def _book(profile: Profile, field: str) -> str:
    """Return the citation key of the book whose rule applies where no field sets it: the
    profile's own, else (a house profile) the book whose article sets ``field``; TDA for a house
    rule."""
    key = profile.book or profile.source(field).article.split(" ")[0].split("/")[0]
    return key if key in ("TDA", "LFP", "BAN", "GM", "GEN") else "TDA"
