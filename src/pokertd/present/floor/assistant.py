"""The floor assistant: a situation described in a form, the ruling, and the articles quoted.

A page lists the situation ``KINDS`` (``pokertd.present.floor.kinds``: each kind describes its
input fields as data). ``rule(profile_id, kind, inputs)`` takes the form's values, all strings as
a form posts them (an empty string is a field left blank), and returns an ``AssistantRuling``: the
floor ``Ruling`` and the French text of each article it cites (``pokertd.rules.articles``).

Kinds about the player to act need a hand. It is given either as PHH text (field ``phh``, replayed
by the profile, with its cards if any), or, when ``phh`` is blank, by the simple fields ``game``,
``stacks`` (one amount for every player, or one per player: ``10000,8000,12000``), ``players``
(when ``stacks`` is one amount), ``blinds`` (``50/100``), ``ante`` and ``actions``: one action a
line (or separated by ``;``), in PHH codes (``p3 cbr 300``, ``p4 cc``, ``p1 f``) or in words after
the player (``p3 raise 300``, ``p4 call``). ``p1`` posts the small blind and the last player has
the button; the cards are dealt from a fixed seed, so the board is there but arbitrary: enter PHH
text to rule on known cards. The fields are read as the command line reads its options
(``pokertd.present.floor.form``).

Bad input raises ``ParseError`` with a one-sentence message, rendered in the user's language at
the edge (``pokertd.present.i18n.error_text``): an unknown profile, kind or field, a missing or
malformed value, a hand whose actions the rules refuse. The floor functions' own errors
(``IllegalActionError`` for a ruling the rules forbid, such as a clock on a hand where nobody is to
act) pass through.

>>> answer = rule("tda-2017", "chips", {"actions": "p3 cbr 1100", "chips": "1000,500"})
>>> answer.ruling.rule, str(answer.ruling.decision), [str(q) for q in answer.quotes]
('BET-MULTI-CHIP', 'call 1100', ['TDA 50A'])
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, cast

from pokertd import rules
from pokertd.cards import Card
from pokertd.engine import GAMES, GameFamily, Hand
from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.floor.board import BoardError
from pokertd.floor.chips import interpret
from pokertd.floor.clock import Caller, call_clock, clock_expired
from pokertd.floor.irregularities import misdeal
from pokertd.floor.order import conditional_statement, substantial_action
from pokertd.floor.penalties import Offence, exposed_cards
from pokertd.floor.rulings import Phrase, Ruling, Step
from pokertd.floor.showdown import cards_speak, may_see
from pokertd.floor.stud import dealing_error, deck_short, fold_up_cards, premature_card
from pokertd.floor.stud_first import absent_player, first_to_act
from pokertd.floor.turns import declare, out_of_turn, skipped_player_acts
from pokertd.history import read_phh
from pokertd.history.codes import parse_action
from pokertd.history.replay import apply_action, replay
from pokertd.messages import Message, message
from pokertd.present.floor.form import (
    board_ruling,
    penalty,
    read_cards,
    read_chips,
    read_decision,
    read_declarations,
    read_player,
    showdown,
)
from pokertd.present.floor.kinds import HAND_FIELDS, KINDS, Field, Kind, kinds
from pokertd.present.floor.render import Players, ruling_dict
from pokertd.present.i18n import translations
from pokertd.rules import Profile
from pokertd.rules.articles import Quote, quote, references

__all__ = [
    "HAND_FIELDS",
    "KINDS",
    "AssistantRuling",
    "Field",
    "Kind",
    "kinds",
    "rule",
    "unknown_kind",
    "unknown_profile",
]

_YES_NO = {"true", "false", "on", "off", "yes", "no", "oui", "non", "1", "0"}


@dataclass(frozen=True, slots=True)
class AssistantRuling:
    """The ruling on a situation, with the French text of the articles it cites.

    ``player`` is the player to act the ruling is about (PHH index from 0), for the kinds that
    need a hand. ``unquoted`` lists the cited references no book text was found for (none for
    the references the code writes today: ``tests/rules/test_articles.py``).
    """

    kind: str
    profile: str
    ruling: Ruling
    quotes: tuple[Quote, ...]
    unquoted: tuple[str, ...] = ()
    player: int | None = None

    def to_dict(self, lang: str = "en", players: Players | None = None) -> dict[str, Any]:
        """Return the ruling's JSON (``ruling_dict``) with the kind, profile and quotes;
        ``players`` names the players as the room does (``render.Players``)."""
        return {
            "kind": self.kind,
            "profile": self.profile,
            "player": self.player,
            **ruling_dict(self.ruling, lang, players),
            "quotes": [found.to_dict() for found in self.quotes],
            "unquoted": list(self.unquoted),
        }


def rule(profile_id: str, kind: str, inputs: Mapping[str, str]) -> AssistantRuling:
    """Rule on a situation of ``kind`` under profile ``profile_id``, from a form's ``inputs``.

    Raises ParseError for an unknown profile, kind or field name, a missing or malformed value,
    or a hand whose actions the rules refuse.

    >>> answer = rule("lfp", "clock-call", {"caller": "player-in-hand"})
    >>> answer.ruling.rule, answer.quotes[0].book
    ('CLK-REQUEST', 'LFP')
    """
    if profile_id not in rules.PROFILE_IDS:
        raise unknown_profile(profile_id)
    found = KINDS.get(kind)
    if found is None:
        raise unknown_kind(kind)
    profile = rules.load(profile_id)
    values = _Values(found, inputs)
    try:
        hand = _hand(profile, values) if found.needs_hand else None
        ruling = _HANDLERS[kind](profile, values, hand)
    except ParseError as error:
        if _is_translated(error.message):
            raise
        # An error of a layer below whose text has no French yet: the French says it is bad
        # input around it.
        raise ParseError(message("{unread}", unread=error.message)) from error
    legal = None if hand is None else hand.legal()
    quoted, missing = _quotes(ruling)
    player = None if legal is None else legal.player
    return AssistantRuling(kind, profile_id, ruling, quoted, missing, player)


def unknown_profile(profile_id: str) -> ParseError:
    """Return the error for a profile id that is not one of pokertd's."""
    known = ", ".join(rules.PROFILE_IDS)
    return ParseError(
        message("unknown profile {profile!r}; the profiles are {known}", profile=profile_id,
                known=known)
    )  # fmt: skip


def unknown_kind(kind: str) -> ParseError:
    """Return the error for a situation kind the assistant does not have."""
    known = ", ".join(KINDS)
    return ParseError(
        message("unknown situation {kind!r}; the situations are {known}", kind=kind, known=known)
    )


def _is_translated(found: Message) -> bool:
    """Return whether the catalogue has the French of ``found``'s sentence."""
    return translations("fr").gettext(found.template) != found.template


# --- inputs ---------------------------------------------------------------------------------


class _Values:
    """A form's inputs checked against a kind's fields: names known, required ones given, each
    value of its field's type."""

    def __init__(self, kind: Kind, inputs: Mapping[str, str]) -> None:
        fields = {field.name: field for field in kind.fields}
        for name in inputs:
            if name not in fields:
                raise ParseError(
                    message(
                        "situation {kind!r} has no field {name!r}; its fields are {known}",
                        kind=kind.id,
                        name=name,
                        known=", ".join(fields) or "none",
                    )
                )
        self._values: dict[str, str] = {}
        for field in kind.fields:
            text = (inputs.get(field.name) or "").strip() or field.default
            if not text:
                if field.is_required:
                    raise ParseError(
                        message(
                            "{label!r} ({name}) is required", label=field.term(), name=field.name
                        )
                    )
                continue
            _check(field, text)
            self._values[field.name] = text

    def text(self, name: str) -> str | None:
        return self._values.get(name)

    def required(self, name: str) -> str:
        value = self._values.get(name)
        assert value is not None, name  # required fields are checked in __init__
        return value

    def integer(self, name: str) -> int | None:
        value = self._values.get(name)
        return None if value is None else int(value)

    def flag(self, name: str) -> bool:
        return self._values.get(name, "false").lower() in {"true", "on", "yes", "oui", "1"}

    def player(self, name: str, hand: Hand) -> int | None:
        text = self._values.get(name)
        return None if text is None else read_player(text, hand.player_count, name)


def _is_number(text: str) -> bool:
    """Return whether ``text`` is a plain whole number of at most 12 digits (``"²"`` is not)."""
    return text.isascii() and text.isdigit() and len(text) <= 12


def _check(field: Field, text: str) -> None:
    name = field.name
    if field.type == "int" and not _is_number(text):
        raise ParseError(message("{field} is a whole number, not {text!r}", field=name, text=text))
    if name == "players" and int(text) > 10:  # before any list of players is built
        raise ParseError(message("a table has at most 10 players, not {text}", text=text))
    if field.type == "bool" and text.lower() not in _YES_NO:
        raise ParseError(message("{field} is true or false, not {text!r}", field=name, text=text))
    if field.type == "choice" and text not in field.choices:
        choices = ", ".join(field.choices)
        raise ParseError(
            message(
                "{field} is one of {choices}, not {text!r}", field=name, choices=choices, text=text
            )
        )


def _lines(text: str | None) -> list[str]:
    return [line.strip() for line in re.split(r"[\n;]", text or "") if line.strip()]


def _amounts(text: str, field: str) -> list[int]:
    parts = [part.strip() for part in re.split(r"[,/]", text)]
    if len(parts) > 10 or not all(_is_number(part) for part in parts):
        raise ParseError(
            message("{field} lists whole numbers of chips, not {text!r}", field=field, text=text)
        )
    return [int(part) for part in parts]


# --- the hand -------------------------------------------------------------------------------

_PHH_CODE = re.compile(r"p\d+\s+(f|cc|pb|cbr\s+\d+|sm(\s+.*)?)\s*(#.*)?", re.IGNORECASE)


def _hand(profile: Profile, values: _Values) -> Hand:
    """Build the hand the form describes: the PHH text, else the simple fields."""
    phh = values.text("phh")
    if phh is not None:
        return _phh_hand(profile, phh)
    stacks = _amounts(values.required("stacks"), "stacks")
    if len(stacks) == 1:
        stacks *= values.integer("players") or 0
    game = values.required("game")
    if GAMES[game].family is GameFamily.STUD:
        hand = _stud_hand(profile, values, game, stacks)
    else:
        blinds = _amounts(values.required("blinds"), "blinds")
        if len(blinds) != 2 or not 2 <= len(stacks) <= 10:
            raise ParseError(
                message("blinds are two amounts such as 50/100, and a hand has 2 to 10 players")
            )
        hand = Hand.create(
            game=game,
            profile=profile,
            stacks=stacks,
            blinds=(blinds[0], blinds[1]),
            ante=values.integer("ante") or 0,
            seed=0,
        )
    for number, text in enumerate(_lines(values.text("actions")), 1):
        _act(hand, number, text)
    return hand


def _phh_hand(profile: Profile, phh: str) -> Hand:
    try:
        history = read_phh(phh, source="phh")
    except ParseError as error:
        raise ParseError(
            message("the hand is not valid PHH: {error}", error=error.message)
        ) from error
    result = replay(history, profile)
    if result.error is not None:
        refused = result.error
        raise ParseError(
            message(
                "action {index} {action!r} of the hand breaks a rule: {error}",
                index=refused.index,
                action=refused.action,
                error=refused.message,
                rule=refused.rule,
            )
        )
    return result.hand


def _stud_hand(profile: Profile, values: _Values, game: str, stacks: list[int]) -> Hand:
    """A stud hand (``stud``, ``stud8``, ``razz``): antes, a bring-in and the small and big bets
    instead of blinds; the cards are dealt from a fixed seed and the weakest up card brings in."""
    bets = _amounts(values.text("bets") or "", "bets") if values.text("bets") else []
    bring_in = values.integer("bring_in")
    if len(bets) != 2 or bring_in is None or not 2 <= len(stacks) <= 8:
        raise ParseError(
            message(
                "{game} needs a bring-in and the small and big bets such as 20/40, and 2 to 8 "
                "players",
                game=game,
            )
        )
    return Hand.create(
        game=game,
        profile=profile,
        stacks=stacks,
        ante=values.integer("ante") or 0,
        bring_in=bring_in,
        limits=(bets[0], bets[1]),
        seed=0,
    )


def _act(hand: Hand, number: int, text: str) -> None:
    who, _, what = text.partition(" ")
    if not re.fullmatch(r"[pP]\d+", who) or not what.strip():
        raise ParseError(
            message(
                "action {number} is a player and what he did, such as 'p3 cbr 300' or "
                "'p3 raise 300', not {text!r}",
                number=number,
                text=text,
            )
        )
    player = read_player(who, hand.player_count, f"action {number}")
    try:
        if _PHH_CODE.fullmatch(text.strip()):
            apply_action(hand, parse_action(text.lower()))
        else:
            decision = read_decision(what, f"action {number}")
            hand.act(player, decision.kind, to=decision.to)
    except IllegalActionError as error:
        raise ParseError(
            message(
                "action {number} {text!r} is not legal here: {error}",
                number=number,
                text=text,
                error=error.message,
            )
        ) from error


# --- the kinds ------------------------------------------------------------------------------

_Handler = Callable[[Profile, _Values, Hand | None], Ruling]


def _on_hand(function: Callable[[Hand, _Values], Ruling]) -> _Handler:
    def handler(profile: Profile, values: _Values, hand: Hand | None) -> Ruling:
        del profile  # the hand was built with it
        assert hand is not None
        return function(hand, values)

    return handler


def _on_profile(function: Callable[[Profile, _Values], Ruling]) -> _Handler:
    def handler(profile: Profile, values: _Values, hand: Hand | None) -> Ruling:
        del hand
        return function(profile, values)

    return handler


def _chips_pushed(hand: Hand, values: _Values) -> Ruling:
    return interpret(
        hand,
        chips=read_chips(values.required("chips")),
        say=values.text("say"),
        said_first=values.text("said_first"),
        pulled_back=values.flag("pulled_back"),
        string_bet=values.flag("string_bet"),
        in_front=values.integer("in_front"),
    )


def _words(hand: Hand, values: _Values) -> Ruling:
    if values.text("say") is None and not values.flag("tap"):
        raise ParseError(message("say what he said, or tick the tap"))
    return interpret(
        hand, say=values.text("say"), tap=values.flag("tap"), string_bet=values.flag("string_bet")
    )


def _out_of_turn(hand: Hand, values: _Values) -> Ruling:
    pending = read_declarations(hand, _lines(values.text("earlier")), "earlier action")
    actor = read_player(values.required("actor"), hand.player_count, "actor")
    action = read_decision(values.required("action"), "action")
    skipped = values.text("skipped_acts")
    if skipped is None:
        return out_of_turn(hand, actor, action, pending=pending)
    pending.append(declare(hand, actor, action, pending=pending))
    return skipped_player_acts(hand, pending, read_decision(skipped, "skipped_acts"))


def _board(profile: Profile, values: _Values) -> Ruling:
    given = [
        *read_cards(values.text("board"), "board"),
        *read_cards(values.required("cards"), "cards"),
        *read_cards(values.text("burns"), "burns"),
    ]
    return unnamed(_board_ruling(profile, values), frozenset(given))


_CARD = re.compile(r"[2-9TJQKA][shdc]")
_CARDS = re.compile(r"(?:[2-9TJQKA][shdc][\s,]*)+")


def unnamed(ruling: Ruling, given: frozenset[Card]) -> Ruling:
    """The ruling without the cards of the deck the assistant made up: the stub (and the burns
    not given) are drawn at random, so a card from them would predict, say, a new flop the real
    stub does not hold. Steps keep the cards given; a sentence says "from the stub" instead, and
    the details keep the error, not the made-up layouts."""
    names = {str(card) for card in given}

    def step(found: Step) -> Step:
        return replace(found, cards=tuple(card for card in found.cards if card in given))

    def value(found: object) -> object:
        if isinstance(found, Phrase):
            return phrase_of(found)
        is_cards = isinstance(found, str) and _CARDS.fullmatch(found)
        if is_cards and any(card not in names for card in _CARD.findall(str(found))):
            return Phrase("from-the-stub", {})
        return found

    def phrase_of(found: Phrase) -> Phrase:
        return Phrase(found.key, {key: value(kept) for key, kept in found.values.items()})

    return replace(
        ruling,
        steps=tuple(step(found) for found in ruling.steps),
        values={key: value(kept) for key, kept in ruling.values.items()},
        lead=tuple(phrase_of(found) for found in ruling.lead),
        notes=tuple(phrase_of(found) for found in ruling.notes),
        # the layouts before and after (board, burns, stub) are the made-up deck's
        details={key: kept for key, kept in ruling.details.items() if key == "error"},
    )


def _board_ruling(profile: Profile, values: _Values) -> Ruling:
    return board_ruling(
        BoardError(values.required("error")),
        profile,
        board=[
            *read_cards(values.text("board"), "board"),
            *read_cards(values.required("cards"), "cards"),
        ],
        burns=read_cards(values.text("burns"), "burns") or None,
        rng=random.Random(values.integer("seed") or 0),
        is_order_known=values.flag("order_known"),
        is_after_substantial_action=values.flag("after_sa"),
    )


def _right_to_see(profile: Profile, values: _Values) -> Ruling:
    situation = showdown(
        values.integer("players") or 0,
        tabled=values.text("tabled"),
        pushed=values.text("pushed"),
        mucked=values.text("mucked"),
        bettor=values.text("bettor"),
        callers=values.text("callers"),
        winner=values.text("winner"),
        is_heads_up=values.flag("heads_up"),
        requests_before=values.integer("asked") or 0,
        has_mucker_consent=values.flag("consent"),
    )
    requester = values.required("requester")
    asker = None if requester.lower() == "table" else read_player(requester, None, "requester")
    target = read_player(values.required("target"), None, "target")
    return may_see(profile, requester=asker, target=target, situation=situation)


_HANDLERS: Mapping[str, _Handler] = MappingProxyType(
    {
        "chips": _on_hand(_chips_pushed),
        "words": _on_hand(_words),
        "out-of-turn": _on_hand(_out_of_turn),
        "conditional": _on_hand(
            lambda hand, values: conditional_statement(
                hand, read_decision(values.required("action"), "action"), is_met=values.flag("met")
            )
        ),
        "substantial-action": _on_hand(lambda hand, values: substantial_action(hand)),
        "misdeal": _on_hand(
            lambda hand, values: misdeal(
                hand,
                values.required("situation"),
                player=values.player("player", hand),
                cards_held=values.integer("cards_held"),
            )
        ),
        "board-error": _on_profile(_board),
        "clock-call": _on_profile(
            lambda profile, values: call_clock(
                profile,
                caller=cast(Caller, values.required("caller")),
                waited_seconds=values.integer("waited"),
            )
        ),
        "clock-expired": _on_hand(lambda hand, values: clock_expired(hand)),
        "penalty": _on_profile(
            lambda profile, values: penalty(
                profile,
                players=values.integer("players") or 0,
                rounds=values.integer("rounds"),
                hands=values.integer("hands"),
                faults=values.integer("faults"),
                offence=Offence(values.required("offence")),
            )
        ),
        "exposed-cards": _on_profile(
            lambda profile, values: exposed_cards(
                profile, is_final_heads_up=values.flag("final_heads_up")
            )
        ),
        "right-to-see": _on_profile(_right_to_see),
        "cards-speak": _on_profile(
            lambda profile, values: cards_speak(profile, is_deliberate=values.flag("deliberate"))
        ),
        "stud-premature": _on_hand(
            lambda hand, values: premature_card(
                hand,
                player=values.player("player", hand),
                cards=read_cards(values.text("cards"), "cards"),
                is_kept=values.flag("kept"),
            )
        ),
        "stud-dealing": _on_hand(
            lambda hand, values: dealing_error(
                hand, values.required("error"), player=values.player("player", hand)
            )
        ),
        "stud-first-to-act": _on_hand(
            lambda hand, values: first_to_act(hand, claimed=values.player("claimed", hand))
        ),
        "stud-absent": _on_hand(
            lambda hand, values: absent_player(
                hand, read_player(values.required("player"), hand.player_count, "player")
            )
        ),
        "stud-fold": _on_hand(
            lambda hand, values: fold_up_cards(
                hand,
                read_player(values.required("player"), hand.player_count, "player"),
                is_next_acted=values.flag("next_acted"),
            )
        ),
        "stud-deck-short": _on_hand(lambda hand, values: deck_short(hand)),
    }
)


def _quotes(ruling: Ruling) -> tuple[tuple[Quote, ...], tuple[str, ...]]:
    """Quote every article the ruling cites, once each; keep those no book text was found for."""
    found: list[Quote] = []
    missing: list[str] = []
    seen: set[str] = set()
    for citation in ruling.articles:
        for reference in references(citation):
            if reference in seen:
                continue
            seen.add(reference)
            try:
                found.append(quote(reference))
            except (NotFoundError, ParseError):
                missing.append(reference)
    return tuple(found), tuple(missing)
