"""Board errors as concrete operations on the deck: a four-card flop, a flop without a burn or with
two, a turn or river without a burn, a premature flop, turn or river.

Board errors take the cards as they lie: the ``board`` in the order dealt (the faulty cards
included), the ``burns`` in order, the ``stub`` (a ``Deck`` or cards, top first) and, for the
record, the other cards out (hands, muck). The ruling's ``steps`` say what to do with which card,
and ``details`` give the ``Layout`` before, ``now`` (once the immediate steps are done) and
``after`` every step, the later ones included (a premature card is replaced once the betting round
is over). Scrambles, random draws and reshuffles use the ``rng`` passed in.

A book silent on a board error borrows LFP's procedure (the only book that has one), and the
ruling cites LFP.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from pokertd.cards import Card, Deck, format_cards, parse_cards
from pokertd.errors import ParseError
from pokertd.floor.order import _book, _enum, _field_articles, _unique
from pokertd.floor.rulings import Ruling, Step, StepKind
from pokertd.rules import FourCardFlop, PrematureFlop, Profile

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
