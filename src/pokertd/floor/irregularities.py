"""Dealing irregularities: misdeals, wrong numbers of cards, exposed, flashed and boxed cards, and
board errors as concrete operations on the deck.

Board errors take the cards as they lie: the ``board`` in the order dealt (the faulty cards
included), the ``burns`` in order, the ``stub`` (a ``Deck`` or cards, top first) and, for the
record, the other cards out (hands, muck). The ruling's ``steps`` say what to do with which card,
and ``details`` give the ``Layout`` before, ``now`` (once the immediate steps are done) and
``after`` every step, the later ones included (a premature card is replaced once the betting round
is over). Scrambles, random draws and reshuffles use the ``rng`` passed in.

A book silent on a board error borrows LFP's procedure (the only book that has one), and the
ruling cites LFP. GM has a misdeal list (27°) and no substantial-action rule: its misdeals are
declared whatever has been bet (EX-44, EX-45), where the other books stop at substantial action.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, TypeVar

from pokertd.cards import Card, Deck, format_cards, parse_cards
from pokertd.engine import Hand, Phase
from pokertd.engine.events import PlayerActed
from pokertd.errors import ParseError
from pokertd.floor.order import (
    _article_book,
    _book,
    _by_book,
    _field_articles,
    _joueur,
    _kill,
    _unique,
    _Who,
    _who,
    is_substantial_action,
)
from pokertd.floor.rulings import Decision, Ruling, Step, StepKind
from pokertd.rules import (
    FourCardFlop,
    PrematureFlop,
    Profile,
    WrongHoleCards,
)

_E = TypeVar("_E", bound=StrEnum)


# -- where the cards are ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the cards are: the board in the order dealt, the burns in order, the stub top first,
    the cards set aside, and every other card out of the stub (hands, muck).

    >>> layout = Layout.from_dict({"board": "AsKd7c", "burns": "2h", "stub": "3c4c"})
    >>> layout.to_dict()["board"], len(layout.cards())
    ('AsKd7c', 6)
    """

    board: tuple[Card, ...]
    burns: tuple[Card, ...]
    stub: tuple[Card, ...]
    set_aside: tuple[Card, ...] = ()
    hands: tuple[Card, ...] = ()

    def cards(self) -> tuple[Card, ...]:
        """Return every card of the layout."""
        return self.board + self.burns + self.stub + self.set_aside + self.hands

    def to_dict(self) -> dict[str, str]:
        """Return the layout as card texts (``"AsKd7c"``), the JSON shape of ``details``."""
        return {part: format_cards(list(getattr(self, part))) for part in _PARTS}

    @classmethod
    def from_dict(cls, data: Mapping[str, str]) -> Layout:
        """Read a layout written by ``to_dict`` (missing parts are empty).

        Raises ParseError for unknown cards.
        """
        parts = [parse_cards(data.get(part, "")) for part in _PARTS]
        if any(card is None for cards in parts for card in cards):
            raise ParseError("a layout lists known cards only, not '??'")
        return cls(*(tuple(card for card in cards if card is not None) for cards in parts))


_PARTS = ("board", "burns", "stub", "set_aside", "hands")


class _Table:
    """The cards during a procedure: each operation moves cards and records its step."""

    def __init__(self, layout: Layout, rng: random.Random) -> None:
        self.board = list(layout.board)
        self.burns = list(layout.burns)
        self.stub = list(layout.stub)
        self.set_aside = list(layout.set_aside)
        self.hands = list(layout.hands)
        self.held: list[Card] = []  # in the dealer's hands, between two steps
        self.rng = rng
        self.steps: list[Step] = []
        self.now: Layout | None = None

    def layout(self) -> Layout:
        assert not self.held, "every card taken back is put somewhere"
        parts = (self.board, self.burns, self.stub, self.set_aside, self.hands)
        return Layout(*(tuple(part) for part in parts))

    def mark_now(self) -> None:
        self.now = self.layout()

    def _move(self, cards: Iterable[Card], kind: StepKind, note: str) -> list[Card]:
        moved = list(cards)
        for card in moved:
            place = next(p for p in (self.held, self.board, self.burns, self.set_aside, self.stub)
                         if card in p)  # fmt: skip
            place.remove(card)
        if kind is not StepKind.RESHUFFLE_INTO_STUB:
            self.steps.append(Step(kind, tuple(moved), note))
        return moved

    def top(self) -> Card:
        if not self.stub:
            raise ParseError("the stub is empty: no card left to deal")
        return self.stub[0]

    def take_back(self, cards: Sequence[Card], note: str) -> None:
        self.held.extend(self._move(cards, StepKind.TAKE_BACK, note))

    def burn(self, card: Card, note: str, *, first: bool = False) -> None:
        self._move((card,), StepKind.BURN, note)
        self.burns.insert(0 if first else len(self.burns), card)

    def deal(self, cards: Sequence[Card], note: str, *, first: bool = False) -> None:
        for offset, card in enumerate(self._move(cards, StepKind.DEAL_TO_BOARD, note)):
            self.board.insert(offset if first else len(self.board), card)

    def deal_top(self, count: int, note: str) -> list[Card]:
        cards = [self.stub[i] for i in range(min(count, len(self.stub)))]
        if len(cards) < count:
            raise ParseError(f"the stub holds {len(self.stub)} cards; {count} are needed")
        self.deal(cards, note)
        return cards

    def aside(self, cards: Sequence[Card], note: str) -> None:
        self.set_aside.extend(self._move(cards, StepKind.SET_ASIDE, note))

    def scramble_and_draw(self, cards: Sequence[Card], note: str) -> tuple[Card, list[Card]]:
        """Scramble ``cards`` face down and draw one at random; return it and the others."""
        mixed = list(cards)
        self.rng.shuffle(mixed)
        self.steps.append(Step(StepKind.SCRAMBLE, tuple(cards), "face down"))
        drawn = mixed.pop(self.rng.randrange(len(mixed)))
        self.steps.append(Step(StepKind.DRAW_AT_RANDOM, (drawn,), note))
        return drawn, mixed

    def reshuffle(self, cards: Sequence[Card], note: str) -> None:
        self.stub.extend(self._move(cards, StepKind.RESHUFFLE_INTO_STUB, note))
        self.rng.shuffle(self.stub)
        self.steps.append(Step(StepKind.RESHUFFLE_INTO_STUB, tuple(cards), note))

    def go_on(self, note: str) -> None:
        self.steps.append(Step(StepKind.CONTINUE, (), note))


# -- board errors ----------------------------------------------------------------------------------


class BoardError(StrEnum):
    """A mistake of the dealer on the board."""

    FOUR_CARD_FLOP = "four-card-flop"
    FLOP_NO_BURN = "flop-no-burn"
    FLOP_TWO_BURNS = "flop-two-burns"
    TURN_NO_BURN = "turn-no-burn"
    RIVER_NO_BURN = "river-no-burn"
    PREMATURE_FLOP = "premature-flop"
    PREMATURE_TURN = "premature-turn"
    PREMATURE_RIVER = "premature-river"


#: The rule, and the board cards and burns on the table once the error is made (a premature flop
#: may show one to three cards, with or without its burn).
_SHAPES: Mapping[BoardError, tuple[str, tuple[int, ...], tuple[int, ...]]] = {
    BoardError.FOUR_CARD_FLOP: ("DEAL-FOUR-CARD-FLOP", (4,), (1,)),
    BoardError.FLOP_NO_BURN: ("DEAL-FLOP-NO-BURN", (3,), (0,)),
    BoardError.FLOP_TWO_BURNS: ("DEAL-FLOP-TWO-BURNS", (3,), (2,)),
    BoardError.TURN_NO_BURN: ("DEAL-TURN-RIVER-NO-BURN", (4,), (1,)),
    BoardError.RIVER_NO_BURN: ("DEAL-TURN-RIVER-NO-BURN", (5,), (2,)),
    BoardError.PREMATURE_FLOP: ("DEAL-PREMATURE-FLOP", (1, 2, 3), (0, 1)),
    BoardError.PREMATURE_TURN: ("DEAL-PREMATURE-TURN", (4,), (2,)),
    BoardError.PREMATURE_RIVER: ("DEAL-PREMATURE-RIVER", (5,), (3,)),
}

#: The books with a procedure for an error no profile field configures; the others borrow LFP's.
_BOARD_ARTICLES: Mapping[BoardError, Mapping[str, tuple[str, ...]]] = {
    BoardError.FLOP_NO_BURN: {"LFP": ("LFP 2.18b",)},
    BoardError.FLOP_TWO_BURNS: {"LFP": ("LFP 2.19",)},
    BoardError.TURN_NO_BURN: {"LFP": ("LFP 2.21",)},
    BoardError.RIVER_NO_BURN: {"LFP": ("LFP 2.21",)},
    BoardError.PREMATURE_TURN: {
        "TDA": ("TDA PR-5B",), "LFP": ("LFP 2.23", "LFP 2.25"), "GEN": ("GEN 1.13", "GEN 1.14"),
    },
    BoardError.PREMATURE_RIVER: {
        "TDA": ("TDA PR-5C",), "LFP": ("LFP 2.24", "LFP 2.25"), "GEN": ("GEN 1.13", "GEN 1.14"),
    },
}  # fmt: skip

_NO_NEW_BURN = "deal the turn without another burn: its burn is set"


def expected_burns(error: BoardError | str) -> int:
    """Return how many burn cards lie on the table once ``error`` is made (a premature flop is
    counted with its burn).

    >>> expected_burns("flop-two-burns"), expected_burns("premature-river")
    (2, 3)
    """
    return max(_SHAPES[BoardError(error)][2])


def board_error(
    error: BoardError | str,
    profile: Profile,
    *,
    board: Sequence[Card],
    burns: Sequence[Card],
    stub: Deck | Sequence[Card],
    rng: random.Random,
    is_order_known: bool = True,
    hands: Sequence[Card] = (),
    is_after_substantial_action: bool = False,
) -> Ruling:
    """Rule on a board error and give the operations on the cards that put it right.

    ``board`` and ``burns`` are as they lie, the faulty cards included; ``is_order_known`` says
    whether the order the flop cards came out in is known (LFP 2.18b-2.20). Noticed only after
    substantial action, a board error stands (DEAL-BOARD-ERROR-AFTER-SA, LFP 2.26), except a
    four-card flop, which is always sorted out.

    Raises ParseError for cards that do not match the error (how many board cards and burns it
    leaves), a card given twice, or a stub too short.

    >>> from pokertd import rules
    >>> from pokertd.cards import parse_cards
    >>> ruling = board_error("four-card-flop", rules.load("lfp"), board=parse_cards("AsKd7c2h"),
    ...                      burns=parse_cards("9c"), stub=parse_cards("3c4c5c"),
    ...                      rng=random.Random(1))
    >>> [str(step) for step in ruling.steps][:2], ruling.details["after"]["burns"]
    (['take-back 2h (the fourth flop card)', "burn 2h (the turn's burn)"], '9c2h')
    """
    error = _enum(BoardError, error)
    stub_cards = stub.order() if isinstance(stub, Deck) else tuple(stub)
    before = Layout(tuple(board), tuple(burns), stub_cards, (), tuple(hands))
    _check_layout(error, before)
    table = _Table(before, rng)
    if is_after_substantial_action and error is not BoardError.FOUR_CARD_FLOP:
        return _board_stands(error, profile, table)
    if error is BoardError.FOUR_CARD_FLOP:
        articles, en, fr = _four_card_flop(profile, table, is_order_known)
    elif error is BoardError.PREMATURE_FLOP:
        articles, en, fr = _premature_flop(profile, table)
    else:
        articles, note_en, note_fr = _borrowed(profile, error)
        if error in (BoardError.PREMATURE_TURN, BoardError.PREMATURE_RIVER):
            en, fr = _premature_later(error, profile, table)
        elif error is BoardError.FLOP_TWO_BURNS:
            en, fr = _flop_two_burns(table, is_order_known)
        elif error is BoardError.FLOP_NO_BURN:
            en, fr = _flop_no_burn(table, is_order_known)
        else:
            en, fr = _no_burn(table)
        en, fr = en + note_en, fr + note_fr
    now = table.now or table.layout()
    details = {
        "error": error.value,
        "before": before.to_dict(),
        "now": now.to_dict(),
        "after": table.layout().to_dict(),
    }
    return Ruling(_SHAPES[error][0], articles, en, fr, steps=tuple(table.steps), details=details)


def _enum(kind: type[_E], value: _E | str) -> _E:
    try:
        return kind(value)
    except ValueError:
        known = ", ".join(member.value for member in kind)
        raise ParseError(f"unknown {kind.__name__} {value!r}; expected one of {known}") from None


def _check_layout(error: BoardError, layout: Layout) -> None:
    seen = layout.cards()
    if len(set(seen)) != len(seen):
        twice = sorted({str(card) for card in seen if seen.count(card) > 1})
        raise ParseError(f"card(s) {' '.join(twice)} given twice")
    _, counts, burn_counts = _SHAPES[error]
    if len(layout.board) not in counts or len(layout.burns) not in burn_counts:
        raise ParseError(
            f"a {error.value} leaves {' or '.join(map(str, counts))} board cards and "
            f"{' or '.join(map(str, burn_counts))} burns, not {len(layout.board)} and "
            f"{len(layout.burns)}"
        )


def _borrowed(profile: Profile, error: BoardError) -> tuple[tuple[str, ...], str, str]:
    """Return the articles of the profile's book for ``error`` (BAN and GM read TDA), or LFP's
    with a sentence saying the book has no procedure."""
    table = _BOARD_ARTICLES[error]
    book = _book(profile)
    found = table.get(book) or (table.get("TDA") if book in ("BAN", "GM") else None)
    if found:
        return found, "", ""
    return (
        table["LFP"],
        f" {book} has no procedure for it; pokertd follows LFP.",
        f" Le règlement {book} ne prévoit rien ; pokertd suit la LFP.",
    )


def _board_stands(error: BoardError, profile: Profile, table: _Table) -> Ruling:
    articles = _unique(["LFP 2.26", *_field_articles(profile, "substantial_action")])
    table.go_on("the board stands; where possible, the cards that should have come come later")
    en = (
        f"The error ({error.value}) was noticed only after substantial action: the hand goes on "
        "with the board as it is, and where possible the cards that should have come are dealt "
        "later."
    )
    fr = (
        f"L'erreur ({error.value}) n'a été constatée qu'après une action substantielle : le coup "
        "continue avec le board tel quel, et autant que possible les cartes qui devaient sortir "
        "sont données par la suite."
    )
    if _book(profile) != "LFP":
        en += f" {_book(profile)} is silent on a late board error; pokertd follows LFP 2.26."
        fr += f" Le règlement {_book(profile)} ne dit rien ; pokertd suit la LFP 2.26."
    layout = table.layout().to_dict()
    details = {"error": error.value, "before": layout, "now": layout, "after": layout}
    return Ruling(
        "DEAL-BOARD-ERROR-AFTER-SA", articles, en, fr, steps=tuple(table.steps), details=details
    )


def _four_card_flop(
    profile: Profile, table: _Table, is_order_known: bool
) -> tuple[tuple[str, ...], str, str]:
    articles = _field_articles(profile, "four_card_flop")
    cards = list(table.board)
    # DEAL-FOUR-CARD-FLOP: LFP 2.20 uses the order when it is known; TDA 39 always scrambles.
    if is_order_known and profile.four_card_flop is FourCardFlop.FOURTH_CARD_BURNS_IF_ORDER_KNOWN:
        fourth = cards[3]
        table.take_back([fourth], "the fourth flop card")
        table.burn(fourth, "the turn's burn")
        table.go_on(_NO_NEW_BURN)
        en = (
            f"Four cards came out on the flop and their order is known: the fourth, {fourth}, "
            "becomes the turn's burn and the other three are the flop."
        )
        fr = (
            f"Quatre cartes sont sorties au flop et leur ordre est connu : la quatrième, {fourth}, "
            "devient la brûlure de la turn et les trois autres forment le flop."
        )
        return articles, en, fr
    table.take_back(cards, "the four flop cards")
    burn, flop = table.scramble_and_draw(cards, "the floor draws the turn's burn")
    table.burn(burn, "the turn's burn")
    table.deal(flop, "the other three are the flop")
    table.go_on(_NO_NEW_BURN)
    en = (
        "Four cards came out on the flop: they are scrambled face down and a floor draws one at "
        f"random as the turn's burn ({burn}); the other three are the flop."
    )
    fr = (
        "Quatre cartes sont sorties au flop : elles sont mélangées faces cachées et un floor en "
        f"tire une au hasard, qui devient la brûlure de la turn ({burn}) ; les trois autres "
        "forment le flop."
    )
    return articles, en, fr


def _flop_no_burn(table: _Table, is_order_known: bool) -> tuple[str, str]:
    """DEAL-FLOP-NO-BURN (LFP 2.18b)."""
    flop = list(table.board)
    if is_order_known:
        burn = flop[0]
        table.take_back([burn], "the first flop card")
        table.burn(burn, "the flop's burn")
        how_en = f"the first card, {burn}, becomes the burn"
        how_fr = f"la première carte, {burn}, devient la brûlure"
    else:
        table.take_back(flop, "the three flop cards")
        burn, others = table.scramble_and_draw(flop, "the floor draws the flop's burn")
        table.burn(burn, "the flop's burn")
        table.deal(others, "back on the flop")
        how_en = f"the flop is scrambled face down and a floor draws the burn ({burn})"
        how_fr = f"le flop est mélangé faces cachées et un floor tire la brûlure ({burn})"
    card = table.deal_top(1, "completes the flop")[0]
    known_en = "is known" if is_order_known else "is not known"
    known_fr = "est connu" if is_order_known else "est inconnu"
    en = f"The flop came out without a burn and the order {known_en}: {how_en}, and {card} "
    en += "completes the flop."
    fr = f"Le flop est sorti sans carte brûlée et l'ordre {known_fr} : {how_fr}, et {card} "
    fr += "complète le flop."
    return en, fr


def _flop_two_burns(table: _Table, is_order_known: bool) -> tuple[str, str]:
    """DEAL-FLOP-TWO-BURNS (LFP 2.19)."""
    flop = list(table.board)
    first_burn, second_burn = table.burns
    if is_order_known:
        last = flop[2]
        table.deal([second_burn], "the second burn is the first flop card", first=True)
        table.take_back([last], "the last flop card dealt")
        table.burn(last, "the turn's burn")
        table.go_on(_NO_NEW_BURN)
        en = (
            f"The flop came out after two burns and the order is known: the second burn, "
            f"{second_burn}, is exposed as the first flop card, and the last card dealt, {last}, "
            "becomes the turn's burn."
        )
        fr = (
            f"Le flop est sorti après deux brûlures et l'ordre est connu : la deuxième brûlure, "
            f"{second_burn}, est exposée en première carte du flop, et la dernière carte donnée, "
            f"{last}, devient la brûlure de la turn."
        )
        return en, fr
    table.take_back(flop, "the three flop cards")
    turn_burn, others = table.scramble_and_draw(flop, "the floor draws the turn's burn")
    table.burn(turn_burn, "the turn's burn")
    table.deal(others, "back on the flop")
    table.take_back([first_burn, second_burn], "the two burns")
    flop_burn, rest = table.scramble_and_draw([first_burn, second_burn], "the flop's burn")
    table.burn(flop_burn, "the flop's burn", first=True)
    table.deal(rest, "the other burn joins the flop")
    table.go_on(_NO_NEW_BURN)
    en = (
        "The flop came out after two burns and the order is not known: the flop is scrambled "
        f"face down and a floor draws the turn's burn ({turn_burn}); the two burns are scrambled "
        f"and a floor draws the flop's burn ({flop_burn}); the other, {rest[0]}, joins the flop."
    )
    fr = (
        "Le flop est sorti après deux brûlures et l'ordre est inconnu : le flop est mélangé faces "
        f"cachées et un floor tire la brûlure de la turn ({turn_burn}) ; les deux brûlures sont "
        f"mélangées et un floor tire celle du flop ({flop_burn}) ; l'autre, {rest[0]}, rejoint "
        "le flop."
    )
    return en, fr


def _no_burn(table: _Table) -> tuple[str, str]:
    """DEAL-TURN-RIVER-NO-BURN (LFP 2.21)."""
    name = "turn" if len(table.board) == 4 else "river"
    exposed = table.board[-1]
    table.take_back([exposed], f"the {name} dealt without a burn")
    table.burn(exposed, f"the {name}'s burn")
    card = table.deal_top(1, f"the real {name}")[0]
    en = (
        f"The {name} {exposed} came out without a burn: it becomes the burn card and the next "
        f"card, {card}, is the real {name}."
    )
    fr = (
        f"La {name} {exposed} est sortie sans carte brûlée : elle devient la brûlure et la carte "
        f"suivante, {card}, est la vraie {name}."
    )
    return en, fr


def _burns_again(profile: Profile) -> bool:
    # DEAL-PREMATURE-FLOP: GEN 1.13 burns again before dealing from a reshuffled stub; pokertd
    # applies that reading to every premature card.
    return profile.premature_flop is PrematureFlop.BURN_AGAIN


def _premature_flop(profile: Profile, table: _Table) -> tuple[tuple[str, ...], str, str]:
    articles = _field_articles(profile, "premature_flop")
    exposed = list(table.board)
    table.take_back(exposed, "the premature flop")
    table.reshuffle(exposed, "the stub is shuffled; the burns stay where they are")
    table.mark_now()
    when = "once the pre-flop betting is over"
    burn_again = _burns_again(profile) or not table.burns
    if burn_again:
        table.burn(table.top(), f"{when}: a burn" + ("" if table.burns else ", none was taken"))
    flop = table.deal_top(3, f"{when}: the new flop")
    shown = format_cards(list[Card | None](exposed))
    new_en = "burns again and deals" if burn_again else "deals, without another burn,"
    new_fr = "brûle à nouveau et donne" if burn_again else "donne, sans autre brûlure,"
    en = (
        f"The flop ({shown}) came out before the pre-flop betting was over: it is taken back and "
        "shuffled into the stub, whatever the players still to act then do, and the burns stay "
        f"where they are; the bets made before the error stand. Once the betting is over the "
        f"dealer {new_en} a new flop ({format_cards(list[Card | None](flop))})."
    )
    fr = (
        f"Le flop ({shown}) est sorti avant la fin des enchères préflop : il est repris et "
        "remélangé avec le talon, quoi que fassent ensuite les joueurs oubliés, et les brûlures "
        "restent à l'écart ; les mises faites avant l'erreur sont maintenues. À la fin des "
        f"enchères, le donneur {new_fr} un nouveau flop ({format_cards(list[Card | None](flop))})."
    )
    return articles, en, fr


def _premature_later(error: BoardError, profile: Profile, table: _Table) -> tuple[str, str]:
    """DEAL-PREMATURE-TURN (TDA PR-5B, LFP 2.23) and DEAL-PREMATURE-RIVER (TDA PR-5C, LFP 2.24)."""
    exposed = table.board[-1]
    burn_again = _burns_again(profile)
    later = "once the turn betting is over"
    if error is BoardError.PREMATURE_TURN:
        table.take_back([exposed], "the premature turn")
        table.aside([exposed], "face up, until the river")
        table.mark_now()
        when = "once the flop betting is over"
        table.burn(table.top(), f"{when}: a burn")
        turn = table.deal_top(1, f"{when}: the would-be river is the turn")[0]
        lead_en = (
            f"The turn {exposed} came out before the flop betting was over: it is set aside face "
            "up. Once that betting is over, the dealer burns a card and deals the would-be river "
            f"as the turn ({turn}). Once the turn betting is over, {exposed} is shuffled back "
            "into the stub and the river is dealt"
        )
        lead_fr = (
            f"La turn {exposed} est sortie avant la fin des enchères du flop : elle est mise de "
            "côté, visible. À la fin de ces enchères, le donneur brûle une carte et expose celle "
            f"qui devait être la river comme turn ({turn}). À la fin des enchères de la turn, "
            f"{exposed} est remélangée au talon et la river est donnée"
        )
    else:
        table.take_back([exposed], "the premature river")
        table.aside([exposed], "face down; its burn stays burned")
        table.mark_now()
        lead_en = (
            f"The river {exposed} came out before the turn betting was over: it is taken back and "
            "its burn stays burned. Once the betting is over it is shuffled back into the stub "
            "and a new river is dealt"
        )
        lead_fr = (
            f"La river {exposed} est sortie avant la fin des enchères de la turn : elle est "
            "reprise et sa brûlure reste à l'écart. À la fin des enchères, elle est remélangée au "
            "talon et une nouvelle river est donnée"
        )
    table.reshuffle([exposed], f"{later}: the stub is shuffled")
    if burn_again:
        table.burn(table.top(), f"{later}: a burn before the river")
    table.deal_top(1, f"{later}: the river")
    en = lead_en + (" after a burn." if burn_again else " without a burn.")
    fr = lead_fr + (" après une brûlure." if burn_again else " sans brûlure.")
    return en, fr


# -- misdeals and wrong numbers of cards -----------------------------------------------------------


class Situation(StrEnum):
    """A dealing irregularity found during or after the deal."""

    #: The first or the second card of the deal exposed by the dealer.
    FIRST_CARDS_EXPOSED = "first-cards-exposed"
    #: One later hole card exposed by the dealer (or by an involuntary move of the player).
    CARD_EXPOSED = "card-exposed"
    #: Two hole cards exposed by the dealer.
    TWO_CARDS_EXPOSED = "two-cards-exposed"
    #: Two or more cards found face up in the deck during the deal.
    BOXED_CARDS = "boxed-cards"
    #: The first card dealt to the wrong seat, or cards dealt out of order.
    WRONG_ORDER = "wrong-order"
    #: A player dealt too many or too few hole cards.
    WRONG_COUNT = "wrong-count"
    #: Cards dealt to an empty seat or to a player not entitled to a hand.
    EMPTY_SEAT = "empty-seat"
    #: A player entitled to a hand dealt none.
    PLAYER_NOT_DEALT = "player-not-dealt"
    #: The button in the wrong position.
    BUTTON_MISPLACED = "button-misplaced"


#: DEAL-MISDEAL-CONDITIONS: each book's article for each situation; a missing book reads TDA, a
#: missing situation in TDA's list is not a misdeal TDA names.
_MISDEAL_ARTICLES: Mapping[Situation, Mapping[str, tuple[str, ...]]] = {
    Situation.FIRST_CARDS_EXPOSED: {
        "TDA": ("TDA 35A",), "LFP": ("LFP 2.8",), "GM": ("GM 27°",), "GEN": ("GEN 1.8",),
    },
    Situation.TWO_CARDS_EXPOSED: {
        "TDA": ("TDA 35A",), "LFP": ("LFP 2.8",), "GM": ("GM 27°",), "GEN": ("GEN 1.8", "GEN 1.9"),
    },
    Situation.BOXED_CARDS: {"TDA": ("TDA 35A",), "LFP": ("LFP 2.10",), "GM": ("GM 27°",)},
    Situation.WRONG_ORDER: {"TDA": ("TDA 35A",), "LFP": ("LFP 2.8",), "GM": ("GM 27°",)},
    Situation.EMPTY_SEAT: {"TDA": ("TDA 35A",), "GM": ("GM 27°",)},
    Situation.PLAYER_NOT_DEALT: {"TDA": ("TDA 35A",), "GM": ("GM 27°",)},
    Situation.BUTTON_MISPLACED: {"GM": ("GM 27°",)},
}  # fmt: skip

_SITUATION_EN = {
    Situation.FIRST_CARDS_EXPOSED: "The dealer exposed the first or second card of the deal",
    Situation.CARD_EXPOSED: "The dealer exposed a hole card",
    Situation.TWO_CARDS_EXPOSED: "The dealer exposed two hole cards",
    Situation.BOXED_CARDS: "Two or more cards were face up in the deck during the deal",
    Situation.WRONG_ORDER: "The cards were dealt out of order",
    Situation.WRONG_COUNT: "A player was dealt a wrong number of cards",
    Situation.EMPTY_SEAT: "Cards were dealt to an empty seat or an ineligible player",
    Situation.PLAYER_NOT_DEALT: "A player entitled to a hand was dealt none",
    Situation.BUTTON_MISPLACED: "The button was in the wrong position",
}
_SITUATION_FR = {
    Situation.FIRST_CARDS_EXPOSED: "Le donneur a retourné la première ou la deuxième carte",
    Situation.CARD_EXPOSED: "Le donneur a retourné une carte privative",
    Situation.TWO_CARDS_EXPOSED: "Le donneur a retourné deux cartes privatives",
    Situation.BOXED_CARDS: "Deux cartes ou plus étaient retournées dans le paquet pendant la donne",
    Situation.WRONG_ORDER: "Les cartes ont été données dans le mauvais ordre",
    Situation.WRONG_COUNT: "Un joueur a reçu un nombre incorrect de cartes",
    Situation.EMPTY_SEAT: "Des cartes ont été données à un siège vide ou à un joueur non autorisé",
    Situation.PLAYER_NOT_DEALT: "Un joueur censé jouer n'a pas reçu de cartes",
    Situation.BUTTON_MISPLACED: "Le bouton n'était pas à la bonne place",
}

_REPLAY_ARTICLES = {"TDA": ("TDA 35C",), "LFP": ("LFP 2.12",), "GEN": ("GEN 1.9",)}
_AFTER_SA_ARTICLES = {"TDA": ("TDA 35D",), "LFP": ("LFP 2.13",), "GEN": ("GEN 1.9",)}


def _has_sa_cutoff(profile: Profile) -> bool:
    """Return whether a misdeal can no longer be declared after substantial action: not when the
    book has its own misdeal list and no substantial-action rule (GM 27°)."""
    misdeal_book = _article_book(profile.source("wrong_hole_cards_before_sa").article)
    sa_book = _article_book(profile.source("substantial_action").article)
    return not (profile.book and misdeal_book == profile.book and sa_book != profile.book)


def _redeal(profile: Profile, en: str, fr: str, articles: Sequence[str]) -> Ruling:
    """A misdeal: bets back, the hand dealt again (DEAL-MISDEAL-REPLAY)."""
    book = _book(profile)
    replay_en = {
        "TDA": "an exact replay: the button does not move, no new player, the same blinds",
        "LFP": "the hand is replayed in full",
        "GEN": "all the cards go back to the dealer and a new hand is dealt",
        "GM": "the hand is annulled and dealt again",
    }.get(book, "an exact replay: the button does not move, no new player, the same blinds")
    steps = (
        Step(StepKind.RETURN_BETS, note="blinds, antes and bets go back to their owners"),
        Step(StepKind.REDEAL, note=replay_en),
    )
    cited = _unique([*articles, *_by_book(profile, _REPLAY_ARTICLES)] if book != "GM" else articles)
    en += f" Misdeal: the bets go back and the hand is dealt again ({replay_en})."
    fr += " Fausse donne : les mises sont rendues et la main est redistribuée."
    return Ruling("DEAL-MISDEAL-CONDITIONS", cited, en, fr, steps=steps, details={"misdeal": True})


def _no_misdeal(
    rule: str, articles: tuple[str, ...], en: str, fr: str, *, decision: Decision | None = None,
    steps: tuple[Step, ...] = (), **details: Any,
) -> Ruling:  # fmt: skip
    """A ruling that declares no misdeal: ``details["misdeal"]`` is False."""
    details = {"misdeal": False, **details}
    return Ruling(rule, articles, en, fr, decision=decision, steps=steps, details=details)


def _small_blind(hand: Hand) -> int | None:
    posts = hand.setup.blind_posts
    posted = [player for player, amount in enumerate(posts) if amount]
    if len(posted) < 2:
        return hand.button if hand.player_count == 2 and posted else None
    top = max(posts)
    smaller = [player for player in posted if posts[player] < top]
    return smaller[0] if smaller else None


def misdeal(
    hand: Hand,
    situation: Situation | str,
    *,
    player: int | None = None,
    cards_held: int | None = None,
) -> Ruling:
    """Rule on whether a dealing irregularity is a misdeal, and if not, what is done instead.

    Before substantial action (DEAL-MISDEAL-CONDITIONS) each book has its list; after it
    (DEAL-MISDEAL-AFTER-SA) the hand goes on: TDA 35D, LFP 2.13 (without the players affected),
    GEN 1.9; GM has no such limit. A wrong number of cards (``player`` holds ``cards_held``)
    follows the profile's ``wrong_hole_cards_before_sa`` before substantial action, and
    DEAL-WRONG-COUNT-AFTER-SA after it (TDA 38: his hand is dead, one burn per later street); a
    button dealt too few cards is given them under TDA 37, unless he has acted.

    Raises ParseError for an unknown situation or a wrong count without its player and count.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 5, blinds=(5, 10), seed=1)
    >>> misdeal(hand, "two-cards-exposed").details
    {'misdeal': True}
    """
    situation = _enum(Situation, situation)
    profile = hand.profile
    is_sa = is_substantial_action(hand, since=0)
    holes = hand.game.hole_count
    if situation is Situation.WRONG_COUNT:
        if player is None or cards_held is None or not 0 <= player < hand.player_count:
            raise ParseError("a wrong count needs the player and the number of cards he holds")
        if cards_held == holes or cards_held < 0:
            raise ParseError(f"{_who(player)} holds {cards_held} cards; the game deals {holes}")
        return _wrong_count(hand, player, cards_held, is_sa)
    if situation is Situation.CARD_EXPOSED:
        return _one_exposed(hand, player)
    lead_en, lead_fr = _SITUATION_EN[situation], _SITUATION_FR[situation]
    if is_sa and _has_sa_cutoff(profile):
        return _after_sa(hand, lead_en, lead_fr, player)
    table = _MISDEAL_ARTICLES[situation]
    book = _book(profile)
    if situation is Situation.FIRST_CARDS_EXPOSED and book == "GEN":
        ruling = _one_exposed(hand, player)
        en = f"{lead_en}: GEN 1.8 replaces one exposed card; only two make a misdeal. "
        fr = f"{lead_fr} : le GEN 1.8 remplace une carte retournée ; il en faut deux pour une "
        fr += "fausse donne. "
        en, fr = en + ruling.explanation_en, fr + ruling.explanation_fr
        return replace(ruling, explanation_en=en, explanation_fr=fr)
    if book in table or ("TDA" in table and book != "GM"):
        articles = _by_book(profile, table)
        return _redeal(profile, f"{lead_en}.", f"{lead_fr}.", articles)
    # BUTTON_MISPLACED outside GM: no book names it.
    en = (
        f"{lead_en}. {book}'s list of misdeals does not name it (TDA's list is not limited to "
        "its cases): the TD decides; pokertd does not declare a misdeal by itself."
    )
    fr = (
        f"{lead_fr}. La liste des fausses donnes du règlement {book} ne le cite pas (celle de la "
        "TDA n'est pas limitative) : le directeur décide ; pokertd ne déclare pas de fausse donne "
        "de lui-même."
    )
    return replace(_no_misdeal("DEAL-MISDEAL-CONDITIONS", ("TDA 35A",), en, fr), td_decides=True)


def _after_sa(hand: Hand, lead_en: str, lead_fr: str, player: int | None) -> Ruling:
    profile = hand.profile
    articles = _unique(
        [*_by_book(profile, _AFTER_SA_ARTICLES), *_field_articles(profile, "substantial_action")]
    )
    en = f"{lead_en}, but only after substantial action: no misdeal; the hand goes on"
    fr = f"{lead_fr}, mais après une action substantielle : pas de fausse donne ; le coup continue"
    decision: Decision | None = None
    steps: tuple[Step, ...] = (Step(StepKind.CONTINUE, note="the hand goes on"),)
    if _book(profile) == "LFP" and player is not None:
        en += f" without {_who(player)}, who is directly affected"
        fr += f" sans le {_joueur(player)}, directement concerné"
        decision, steps = _kill(hand, player, "directly affected by the irregularity")
    elif _book(profile) == "LFP":
        en += " with the players not directly affected"
        fr += " avec les joueurs non directement concernés"
    return _no_misdeal("DEAL-MISDEAL-AFTER-SA", articles, f"{en}.", f"{fr}.", decision=decision,
                       steps=steps)  # fmt: skip


def _one_exposed(hand: Hand, player: int | None) -> Ruling:
    """DEAL-EXPOSED-CARD: one hole card exposed later in the deal is replaced by the first burn."""
    profile = hand.profile
    book = _book(profile)
    articles = {
        "LFP": ("LFP 2.5",), "GEN": ("GEN 1.8",), "GM": ("GM 27°",),
    }.get(book, ("TDA 35A", "TDA 35B", "LFP 2.5"))  # fmt: skip
    who_en = _who(player) if player is not None else "the player"
    who_fr = f"le {_joueur(player)}" if player is not None else "le joueur"
    steps = (
        Step(StepKind.CONTINUE, note="finish the deal"),
        Step(StepKind.TAKE_BACK, note=f"the exposed card, from {who_en}"),
        Step(StepKind.CONTINUE, note=f"give {who_en} the next card, the planned first burn"),
        Step(StepKind.SET_ASIDE, note="the exposed card, shown to all, face up on the stub"),
        Step(StepKind.BURN, note="the exposed card is the first burn"),
    )
    en = (
        f"One hole card exposed during the deal is not a misdeal: the deal goes on, then {who_en} "
        "receives the next card (the planned first burn) in exchange, and the exposed card, "
        "shown to all, becomes the first burn; the last player served may get two cards in a row."
    )
    fr = (
        f"Une seule carte privative retournée pendant la donne n'entraîne pas de fausse donne : la "
        f"donne continue, puis {who_fr} reçoit la carte suivante (la première brûlure prévue) en "
        "échange, et la carte retournée, montrée à tous, devient la première brûlure."
    )
    if book not in ("LFP", "GEN", "GM"):
        en += f" {book} names no procedure (only that two cards exposed are a misdeal); pokertd "
        en += "follows LFP 2.5."
        fr += f" Le règlement {book} ne décrit pas la procédure ; pokertd suit la LFP 2.5."
    return Ruling("DEAL-EXPOSED-CARD", articles, en, fr, steps=steps, details={"misdeal": False})


def _has_acted(hand: Hand, player: int) -> bool:
    return any(isinstance(e, PlayerActed) and e.player == player for e in hand.events)


def _wrong_count(hand: Hand, player: int, held: int, is_sa: bool) -> Ruling:
    profile = hand.profile
    holes = hand.game.hole_count
    short = holes - held
    lead_en = f"{_Who(player)} holds {held} card{'s' if held != 1 else ''} instead of {holes}"
    lead_fr = f"Le {_joueur(player)} a {held} cartes au lieu de {holes}"
    rule_book = _article_book(profile.source("wrong_hole_cards_before_sa").article)
    choice = profile.wrong_hole_cards_before_sa
    # DEAL-BUTTON-SHORT: TDA 37, before or after substantial action.
    if short > 0 and player == hand.button and rule_book == "TDA":
        if _has_acted(hand, player):
            decision, steps = _kill(hand, player, "acted on a short hand")
            en = f"{lead_en} and has acted on them: as the button, his hand is dead."
            fr = f"{lead_fr} et a agi avec cette main : au bouton, sa main est morte."
            return _no_misdeal(
                "DEAL-BUTTON-SHORT", ("TDA 37",), en, fr, decision=decision, steps=steps
            )
        step = Step(StepKind.CONTINUE, note=f"give {_who(player)} {short} card(s) from the stub")
        en = f"{lead_en}: as the button, he is given the missing card(s), even after substantial "
        en += "action, and may receive two cards in a row."
        fr = f"{lead_fr} : au bouton, il reçoit la ou les cartes manquantes, même après une "
        fr += "action substantielle, et peut recevoir deux cartes consécutives."
        return _no_misdeal("DEAL-BUTTON-SHORT", ("TDA 37", "TDA 35B"), en, fr, steps=(step,))
    articles = _field_articles(profile, "wrong_hole_cards_before_sa")
    # DEAL-MISDEAL-CONDITIONS (§17 #20), GEN 1.9 before and after substantial action.
    if choice is WrongHoleCards.VOID_HAND:
        if short == 1:
            step = Step(StepKind.CONTINUE, note=f"give {_who(player)} the top card of the stub")
            en = f"{lead_en}: one card is missing; if it is the top card of the deck, he receives "
            en += "it and plays on (otherwise his hand is void, without compensation)."
            fr = f"{lead_fr} : il lui manque une carte ; si c'est la carte du dessus du paquet, il "
            fr += "la reçoit et reste dans le coup (sinon sa main est annulée, sans dédommagement)."
            return _no_misdeal(
                "DEAL-MISDEAL-CONDITIONS", articles, en, fr, steps=(step,), void=False
            )
        decision, steps = _kill(hand, player, "void hand, without compensation")
        en = f"{lead_en}: his hand is void, without compensation; the others play on."
        fr = f"{lead_fr} : sa main est annulée, sans dédommagement ; les autres continuent."
        return _no_misdeal(
            "DEAL-MISDEAL-CONDITIONS", articles, en, fr, decision=decision, steps=steps, void=True
        )
    if is_sa and _has_sa_cutoff(profile):
        return _wrong_count_after_sa(hand, player, lead_en, lead_fr)
    is_sb_extra = (
        choice is WrongHoleCards.MISDEAL_EXCEPT_ONE_EXTRA_TO_SMALL_BLIND
        and held == holes + 1
        and player == _small_blind(hand)
    )
    if is_sb_extra:
        steps = (
            Step(StepKind.TAKE_BACK, note=f"the extra card, from {_who(player)}"),
            Step(StepKind.SET_ASIDE, note="shown to all, on top of the stub"),
            Step(StepKind.BURN, note="it is the first burn"),
        )
        en = (
            f"{lead_en}: one extra card dealt to the small blind is no misdeal; it is taken back, "
            "shown, and used as the burn card."
        )
        fr = (
            f"{lead_fr} : une seule carte en trop au petit blind n'entraîne pas de fausse donne ; "
            "elle est reprise, dévoilée et sera la carte brûlée."
        )
        return _no_misdeal("DEAL-MISDEAL-CONDITIONS", articles, en, fr, steps=steps)
    return _redeal(profile, f"{lead_en}.", f"{lead_fr}.", articles)


def _wrong_count_after_sa(hand: Hand, player: int, lead_en: str, lead_fr: str) -> Ruling:
    """DEAL-WRONG-COUNT-AFTER-SA: TDA 38, Add.38 (EX-44, EX-45); LFP 2.13."""
    profile = hand.profile
    sa_articles = _field_articles(profile, "substantial_action")
    decision, steps = _kill(hand, player, "wrong number of cards; all its cards are mucked")
    if _book(profile) == "LFP":
        articles = _unique(["LFP 2.13", *sa_articles])
        en = f"{lead_en}, found after substantial action: play goes on without him."
        fr = f"{lead_fr}, constaté après une action substantielle : le coup continue sans lui."
    else:
        articles = _unique(["TDA 38", "TDA Add.38", *sa_articles])
        steps = (
            *steps,
            Step(StepKind.CONTINUE, note="one burn per later street, no correcting burn"),
        )
        en = (
            f"{lead_en}, found after substantial action: his hand is dead and its cards are "
            "mucked. The stub stays as it is: one burn before each later street, no extra burn "
            "to make up for the error."
        )
        fr = (
            f"{lead_fr}, constaté après une action substantielle : sa main est morte et ses cartes "
            "sont jetées. Le talon reste tel quel : une seule carte brûlée avant chaque street "
            "suivante, sans brûlure de correction."
        )
    return _no_misdeal(
        "DEAL-WRONG-COUNT-AFTER-SA", articles, en, fr, decision=decision, steps=steps
    )


def boxed_cards(hand: Hand, count: int, *, is_during_deal: bool) -> Ruling:
    """Rule on ``count`` cards found face up in the deck (DEAL-BOXED-CARD).

    One is shown, set aside for the hand and ignored (LFP 2.10; TDA 35A(1) and GM 27°b need two
    for a misdeal). Two or more during the initial deal are a misdeal. Later, LFP voids the hand
    while betting is still possible and ignores them otherwise; the other books make it a misdeal
    before substantial action (GM at any time).

    Raises ParseError for a count below one.
    """
    if count < 1:
        raise ParseError(f"{count} boxed cards: at least one is needed")
    profile = hand.profile
    book = _book(profile)
    articles = {"LFP": ("LFP 2.10",), "GM": ("GM 27°",)}.get(book, ("TDA 35A", "LFP 2.10"))
    aside = Step(StepKind.SET_ASIDE, note="shown to all, set aside face up for the hand")
    if count == 1:
        en = (
            "One card face up in the deck is no misdeal: it is shown to all, set aside for the "
            "rest of the hand, and treated as a blank; the deal goes on."
        )
        fr = (
            "Une seule carte à l'envers dans le paquet n'entraîne pas de fausse donne : elle est "
            "montrée à tous, mise de côté pour le reste du coup et considérée comme une feuille "
            "morte ; la donne continue."
        )
        return _no_misdeal("DEAL-BOXED-CARD", articles, en, fr, steps=(aside,))
    lead_en, lead_fr = f"{count} cards face up in the deck", f"{count} cartes à l'envers"
    if is_during_deal:
        ruling = _redeal(profile, f"{lead_en} during the initial deal.", (
            f"{lead_fr} pendant la donne initiale."
        ), articles)  # fmt: skip
        return replace(ruling, rule="DEAL-BOXED-CARD")
    if book == "LFP":
        betting = hand.phase is Phase.BETTING or (
            hand.phase is Phase.DEALING
            and sum(1 for p in range(hand.player_count) if not hand.is_folded(p)
                    and not hand.is_all_in(p)) >= 2
        )  # fmt: skip
        if betting:
            en = f"{lead_en} after the deal, while betting is still possible: the hand is void."
            fr = f"{lead_fr} après la donne, alors que des enchères sont encore possibles : le "
            fr += "coup est annulé."
            ruling = _redeal(profile, en, fr, articles)
            return replace(ruling, rule="DEAL-BOXED-CARD")
        en = f"{lead_en} after the deal, with no betting left: they are set aside and ignored."
        fr = f"{lead_fr} après la donne, sans enchère possible : elles sont ignorées."
        return _no_misdeal("DEAL-BOXED-CARD", articles, en, fr, steps=(aside,))
    if is_substantial_action(hand, since=0) and _has_sa_cutoff(profile):
        ruling = _after_sa(hand, f"{lead_en} after the deal", f"{lead_fr} après la donne", None)
        return replace(ruling, rule="DEAL-BOXED-CARD", steps=(aside, *ruling.steps))
    return replace(_redeal(profile, f"{lead_en}.", f"{lead_fr}.", articles), rule="DEAL-BOXED-CARD")


def flashed_card(hand: Hand, player: int, *, is_refused: bool, is_touched: bool) -> Ruling:
    """Rule on a hole card called "flashed" that fell face down (DEAL-FLASHED-CARD, LFP 2.9).

    Only its owner may refuse it, clearly and before touching it; a refused card is treated as
    exposed by the dealer (``misdeal(hand, "card-exposed")``). Touched first, it is his and he
    never has to show it. The other books are silent; pokertd follows LFP 2.9.
    """
    if not 0 <= player < hand.player_count:
        raise ParseError(f"there is no player {player + 1} in a hand of {hand.player_count}")
    silent = _book(hand.profile) != "LFP"
    if is_refused and not is_touched:
        exposed = _one_exposed(hand, player)
        en = (
            f"{_Who(player)} refused the flashed card before touching it: it is treated as a card "
            "exposed by the dealer (a misdeal if it is one of the first two cards or a second "
            f"exposed card). {exposed.explanation_en}"
        )
        fr = (
            f"Le {_joueur(player)} a refusé la carte flashée avant de la toucher : elle est "
            "traitée comme une carte retournée par le donneur (fausse donne si c'est l'une des "
            f"deux premières cartes ou une deuxième carte retournée). {exposed.explanation_fr}"
        )
        return Ruling(
            "DEAL-FLASHED-CARD", _unique(["LFP 2.9", *exposed.articles]), en, fr,
            steps=exposed.steps, details={"kept": False},
        )  # fmt: skip
    why_en = "he touched it before refusing it" if is_refused else "he did not refuse it"
    why_fr = "il l'a touchée avant de la refuser" if is_refused else "il ne l'a pas refusée"
    en = (
        f"{_Who(player)} keeps the flashed card ({why_en}); only he could refuse it, and he never "
        "has to show it. Whoever thinks he saw it may say what he saw, or not."
    )
    fr = (
        f"Le {_joueur(player)} garde la carte flashée ({why_fr}) ; lui seul pouvait la refuser, et "
        "il n'est jamais tenu de la montrer. Celui qui croit l'avoir vue peut dire ce qu'il a vu, "
        "ou non."
    )
    if silent:
        en += f" {_book(hand.profile)} is silent; pokertd follows LFP 2.9."
        fr += f" Le règlement {_book(hand.profile)} ne dit rien ; pokertd suit la LFP 2.9."
    return Ruling("DEAL-FLASHED-CARD", ("LFP 2.9",), en, fr, details={"kept": True})
