"""What the floor's inputs are, read from text: the one adapter of the command line and the web.

``pokertd floor`` (its options) and the floor assistant (``pokertd.present.floor.assistant``, its
form fields) read the same things the same way: players numbered from 1 (``3`` or ``p3``), chips by
denomination (``1000,500`` or ``1000,5x100``), cards (``AsKd7c``), actions (``raise 800``),
earlier actions out of turn (``p5 call``), a showdown described by who tabled, pushed or mucked his
cards, the cards of a board error and the penalty asked for. ``field`` names the option or the
field in the error: a message, in the user's language at the edge.

>>> read_chips("1000,5x100")
[1000, 100, 100, 100, 100, 100]
>>> read_player("p3", 6, "actor")
2
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence

from pokertd.cards import Card, Deck, parse_cards
from pokertd.cards.card import ALL_CARDS
from pokertd.engine import Hand
from pokertd.errors import ParseError
from pokertd.floor.board import BoardError, board_error, expected_burns
from pokertd.floor.order import parse_decision
from pokertd.floor.penalties import Offence, missed_hands, next_penalty
from pokertd.floor.rulings import Decision, Ruling
from pokertd.floor.showdown import Holding, Showdown
from pokertd.floor.turns import Declaration, declare
from pokertd.messages import Message, message
from pokertd.rules import Profile

__all__ = [
    "board_ruling",
    "penalty",
    "read_cards",
    "read_chips",
    "read_decision",
    "read_declarations",
    "read_player",
    "read_players",
    "showdown",
]

_CHIP = re.compile(r"(?:(\d+)[x×*])?(\d+)")


def read_player(text: str, players: int | None, field: str) -> int:
    """Return the PHH index of the player numbered ``text`` from 1 (``3`` or ``p3``), one of
    ``players`` when given (else the ruling checks the range).

    Raises ParseError for anything else.
    """
    cleaned = text.strip().lower().removeprefix("p")
    if not cleaned.isascii() or not cleaned.isdigit() or len(cleaned) > 3:
        raise ParseError(
            message(
                "{field} is a player number from 1 (3 or p3), not {text!r}", field=field, text=text
            )
        )
    number = int(cleaned)
    if players is not None and not 1 <= number <= players:
        raise ParseError(
            message(
                "{field} is a player from p1 to p{players}, not {text!r}",
                field=field,
                players=players,
                text=text,
            )
        )
    return number - 1


def read_players(text: str | None, players: int | None, field: str) -> list[int]:
    """Return the PHH indices of the players listed in ``text`` (``1,3`` or ``p1,p3``)."""
    return [read_player(part, players, field) for part in (text or "").split(",") if part.strip()]


def read_chips(text: str, field: str | None = None) -> list[int]:
    """Read ``1000,500`` or ``1000,5x100`` (five chips of 100) into chips by denomination;
    ``field`` is the option that gave them (a form has one chips field, unnamed).

    Raises ParseError for anything else, or a chip or count of 0.
    """
    found: list[int] = []
    for part in text.replace(" ", "").split(","):
        match = _CHIP.fullmatch(part)
        if match is None or len(part) > 20:
            raise ParseError(_unread_chips(text, field))
        count = int(match.group(1)) if match.group(1) else 1
        chip = int(match.group(2))
        if count == 0 or chip == 0:
            raise ParseError(
                message(
                    "{field}: a chip and a count are above 0, not {part!r}",
                    field=field or "chips",
                    part=part,
                )
            )
        found += [chip] * count
    return found


def _unread_chips(text: str, field: str | None) -> Message:
    if field is None:
        return message(
            "chips are listed by denomination, such as 1000,500 or 1000,5x100, not {text!r}",
            text=text,
        )
    return message(
        "{field} lists chips by denomination, such as 1000,500 or 1000,5x100; not {text!r}",
        field=field,
        text=text,
    )


def read_cards(text: str | None, field: str) -> tuple[Card, ...]:
    """Return the known cards listed in ``text`` (``AsKd7c``; none for an empty text).

    Raises ParseError for unknown cards (``??``) or text that is not cards.
    """
    if not text:
        return ()
    try:
        cards = parse_cards(text.replace(" ", ""))
    except ParseError:
        cards = (None,)
    if not cards or any(card is None for card in cards):
        raise ParseError(
            message(
                "{field} lists known cards such as AsKd7c, not {text!r}", field=field, text=text
            )
        )
    return tuple(card for card in cards if card is not None)


def read_decision(text: str, field: str) -> Decision:
    """Return the action ``text`` names (``raise 800``, ``fold``), the error naming ``field``."""
    try:
        return parse_decision(text)
    except ParseError as error:
        raise ParseError(message("{field}: {error}", field=field, error=error.message)) from error


def read_declarations(
    hand: Hand, lines: Iterable[str], field: str, *, pending: Sequence[Declaration] = ()
) -> list[Declaration]:
    """Return the actions out of turn ``lines`` declare in order (``p5 call``), after
    ``pending`` (BET-OOT); the errors name ``field`` and the line's number.

    Raises ParseError for an unreadable line, IllegalActionError for a declaration the rules
    refuse.
    """
    found = list(pending)
    for number, text in enumerate(lines, 1):
        where = f"{field} {number}"
        who, _, what = text.strip().partition(" ")
        player = read_player(who, hand.player_count, where)
        found.append(declare(hand, player, read_decision(what, where), pending=found))
    return found


def showdown(
    players: int,
    *,
    tabled: str | None = None,
    pushed: str | None = None,
    mucked: str | None = None,
    bettor: str | None = None,
    callers: str | None = None,
    winner: str | None = None,
    is_heads_up: bool = False,
    requests_before: int = 0,
    has_mucker_consent: bool = False,
) -> Showdown:
    """Return the showdown of ``players`` that the lists of players describe (who tabled, pushed
    or mucked his cards; the others hold theirs), the last river bettor and his callers.

    Raises ParseError for fewer than two players, a player given two holdings, or one the
    showdown does not have.
    """
    if players < 2:
        raise ParseError(message("a showdown has at least two players, not {count}", count=players))
    holdings = [Holding.HELD] * players
    for text, holding, field in (
        (tabled, Holding.TABLED, "tabled"),
        (pushed, Holding.PUSHED, "pushed"),
        (mucked, Holding.MUCKED, "mucked"),
    ):
        for player in read_players(text, players, field):
            if holdings[player] is not Holding.HELD:
                raise ParseError(
                    message("player p{player} is given two holdings", player=player + 1)
                )
            holdings[player] = holding
    return Showdown(
        tuple(holdings),
        river_aggressor=None if bettor is None else read_player(bettor, None, "bettor"),
        river_callers=frozenset(read_players(callers, None, "callers")),
        winner=None if winner is None else read_player(winner, None, "winner"),
        is_heads_up=is_heads_up,
        requests_before=requests_before,
        has_mucker_consent=has_mucker_consent,
    )


def board_ruling(
    error: BoardError,
    profile: Profile,
    *,
    board: Sequence[Card],
    known: Sequence[Card] = (),
    burns: Sequence[Card] | None = None,
    stub: Sequence[Card] | None = None,
    rng: random.Random,
    is_order_known: bool = True,
    is_after_substantial_action: bool = False,
) -> Ruling:
    """Rule on a board error (``board_error``) from the cards given: ``board`` as it lies, the
    faulty cards included, and the cards ``known`` to be out (hands). Burns left out are the usual
    number, drawn from the unseen cards; a stub left out is the unseen cards in a random order.

    Raises ParseError as ``board_error`` does (a card given twice, cards that do not match the
    error).
    """
    given = [*board, *known, *(burns or ()), *(stub or ())]
    unseen = [card for card in ALL_CARDS if card not in given]
    rng.shuffle(unseen)
    if burns is None:
        burns = tuple(unseen[: expected_burns(error)])
        unseen = unseen[len(burns) :]
    return board_error(
        error,
        profile,
        board=board,
        burns=burns,
        stub=Deck(stub) if stub is not None else unseen,
        rng=rng,
        is_order_known=is_order_known,
        hands=known,
        is_after_substantial_action=is_after_substantial_action,
    )


def penalty(
    profile: Profile,
    *,
    players: int,
    rounds: int | None = None,
    hands: int | None = None,
    faults: int | None = None,
    offence: Offence = Offence.OTHER,
) -> Ruling:
    """Rule on a penalty: how many hands a suspension lasts (PEN-MISSED-HANDS), or with
    ``faults`` the next step of the ladder (PEN-LADDER), which counts rounds.

    Raises ParseError for a suspension in hands with a fault number, and as the rulings do.
    """
    if faults is None:
        return missed_hands(profile, players_at_table=players, rounds=rounds, hands=hands)
    if hands is not None:
        raise ParseError(
            message("a suspension in hands goes without a fault number; the ladder counts rounds")
        )
    return next_penalty(
        profile, faults=faults, offence=offence, players_at_table=players, rounds=rounds
    )
