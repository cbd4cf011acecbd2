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
from pokertd.floor.rulings import Phrase, Ruling, Step, StepKind, phrase
from pokertd.messages import Message, message
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
            raise ParseError(message("a layout lists known cards only, not '??'"))
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

    def _move(self, cards: Iterable[Card], kind: StepKind, note: Phrase) -> list[Card]:
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
            raise ParseError(message("the stub is empty: no card left to deal"))
        return self.stub[0]

    def take_back(self, cards: Sequence[Card], note: Phrase) -> None:
        self.held.extend(self._move(cards, StepKind.TAKE_BACK, note))

    def burn(self, card: Card, note: Phrase, *, first: bool = False) -> None:
        self._move((card,), StepKind.BURN, note)
        self.burns.insert(0 if first else len(self.burns), card)

    def deal(self, cards: Sequence[Card], note: Phrase, *, first: bool = False) -> None:
        for offset, card in enumerate(self._move(cards, StepKind.DEAL_TO_BOARD, note)):
            self.board.insert(offset if first else len(self.board), card)

    def deal_top(self, count: int, note: Phrase) -> list[Card]:
        cards = [self.stub[i] for i in range(min(count, len(self.stub)))]
        if len(cards) < count:
            raise ParseError(
                message(
                    "the stub holds {held} cards; {count} are needed",
                    held=len(self.stub),
                    count=count,
                )
            )
        self.deal(cards, note)
        return cards

    def aside(self, cards: Sequence[Card], note: Phrase) -> None:
        self.set_aside.extend(self._move(cards, StepKind.SET_ASIDE, note))

    def scramble_and_draw(self, cards: Sequence[Card], note: Phrase) -> tuple[Card, list[Card]]:
        """Scramble ``cards`` face down and draw one at random; return it and the others."""
        mixed = list(cards)
        self.rng.shuffle(mixed)
        self.steps.append(Step(StepKind.SCRAMBLE, tuple(cards), phrase("face-down")))
        drawn = mixed.pop(self.rng.randrange(len(mixed)))
        self.steps.append(Step(StepKind.DRAW_AT_RANDOM, (drawn,), note))
        return drawn, mixed

    def reshuffle(self, cards: Sequence[Card], note: Phrase) -> None:
        self.stub.extend(self._move(cards, StepKind.RESHUFFLE_INTO_STUB, note))
        self.rng.shuffle(self.stub)
        self.steps.append(Step(StepKind.RESHUFFLE_INTO_STUB, tuple(cards), note))

    def go_on(self, note: Phrase) -> None:
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

_NO_NEW_BURN = phrase("turn-no-new-burn")


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
    >>> [(step.kind.value, step.note.key) for step in ruling.steps if step.note][:2]
    [('take-back', 'fourth-flop-card'), ('burn', 'turns-burn')]
    >>> ruling.details["after"]["burns"]
    '9c2h'
    """
    error = _enum(BoardError, error)
    stub_cards = stub.order() if isinstance(stub, Deck) else tuple(stub)
    before = Layout(tuple(board), tuple(burns), stub_cards, (), tuple(hands))
    _check_layout(error, before)
    table = _Table(before, rng)
    if is_after_substantial_action and error is not BoardError.FOUR_CARD_FLOP:
        return _board_stands(error, profile, table)
    articles, said, notes = _procedure(error, profile, table, is_order_known)
    now = table.now or table.layout()
    details = {
        "error": error.value,
        "before": before.to_dict(),
        "now": now.to_dict(),
        "after": table.layout().to_dict(),
    }
    return Ruling(
        _SHAPES[error][0], articles, said.key, said.values, steps=tuple(table.steps),
        details=details, notes=notes,
    )  # fmt: skip


def _procedure(
    error: BoardError, profile: Profile, table: _Table, is_order_known: bool
) -> tuple[tuple[str, ...], Phrase, tuple[Phrase, ...]]:
    """Carry out the procedure for ``error`` on the table's cards; return the articles, what it
    does and the notes (a book without a procedure borrows LFP's)."""
    if error is BoardError.FOUR_CARD_FLOP:
        return (*_four_card_flop(profile, table, is_order_known), ())
    if error is BoardError.PREMATURE_FLOP:
        return (*_premature_flop(profile, table), ())
    articles, notes = _borrowed(profile, error)
    if error in (BoardError.PREMATURE_TURN, BoardError.PREMATURE_RIVER):
        said = _premature_later(error, profile, table)
    elif error is BoardError.FLOP_TWO_BURNS:
        said = _flop_two_burns(table, is_order_known)
    elif error is BoardError.FLOP_NO_BURN:
        said = _flop_no_burn(table, is_order_known)
    else:
        said = _no_burn(table)
    return articles, said, notes


def _check_layout(error: BoardError, layout: Layout) -> None:
    seen = layout.cards()
    if len(set(seen)) != len(seen):
        twice = sorted({str(card) for card in seen if seen.count(card) > 1})
        raise ParseError(message("card(s) {cards} given twice", cards=" ".join(twice)))
    _, counts, burn_counts = _SHAPES[error]
    if len(layout.board) not in counts or len(layout.burns) not in burn_counts:
        raise ParseError(
            message(
                "a {error} leaves {counts} board cards and {burns} burns, not {board} and {burned}",
                error=error.value,
                counts=_either(counts),
                burns=_either(burn_counts),
                board=len(layout.board),
                burned=len(layout.burns),
            )
        )


def _either(numbers: Sequence[int]) -> Message | int:
    """Return ``numbers`` as one or the other: "1 or 2 or 3"."""
    if len(numbers) == 1:
        return numbers[0]
    return message("{first} or {rest}", first=numbers[0], rest=_either(numbers[1:]))


def _borrowed(profile: Profile, error: BoardError) -> tuple[tuple[str, ...], tuple[Phrase, ...]]:
    """Return the articles of the profile's book for ``error`` (BAN and GM read TDA), or LFP's
    with a note saying the book has no procedure."""
    table = _BOARD_ARTICLES[error]
    book = _book(profile)
    found = table.get(book) or (table.get("TDA") if book in ("BAN", "GM") else None)
    if found:
        return found, ()
    return table["LFP"], (phrase("no-procedure-follows-lfp", book=book),)


def _board_stands(error: BoardError, profile: Profile, table: _Table) -> Ruling:
    articles = _unique(["LFP 2.26", *_field_articles(profile, "substantial_action")])
    table.go_on(phrase("board-stands"))
    notes: tuple[Phrase, ...] = ()
    if _book(profile) != "LFP":
        notes = (phrase("silent-late-board-error", book=_book(profile)),)
    layout = table.layout().to_dict()
    details = {"error": error.value, "before": layout, "now": layout, "after": layout}
    return Ruling(
        "DEAL-BOARD-ERROR-AFTER-SA", articles, "error-after-sa", {"error": error.value},
        steps=tuple(table.steps), details=details, notes=notes,
    )  # fmt: skip


def _four_card_flop(
    profile: Profile, table: _Table, is_order_known: bool
) -> tuple[tuple[str, ...], Phrase]:
    articles = _field_articles(profile, "four_card_flop")
    cards = list(table.board)
    # DEAL-FOUR-CARD-FLOP: LFP 2.20 uses the order when it is known; TDA 39 always scrambles.
    if is_order_known and profile.four_card_flop is FourCardFlop.FOURTH_CARD_BURNS_IF_ORDER_KNOWN:
        fourth = cards[3]
        table.take_back([fourth], phrase("fourth-flop-card"))
        table.burn(fourth, phrase("turns-burn"))
        table.go_on(_NO_NEW_BURN)
        return articles, phrase("fourth-card-burns", fourth=str(fourth))
    table.take_back(cards, phrase("four-flop-cards"))
    burn, flop = table.scramble_and_draw(cards, phrase("floor-draws-turn-burn"))
    table.burn(burn, phrase("turns-burn"))
    table.deal(flop, phrase("other-three-flop"))
    table.go_on(_NO_NEW_BURN)
    return articles, phrase("four-cards-scrambled", burn=str(burn))


def _flop_no_burn(table: _Table, is_order_known: bool) -> Phrase:
    """DEAL-FLOP-NO-BURN (LFP 2.18b)."""
    flop = list(table.board)
    if is_order_known:
        burn = flop[0]
        table.take_back([burn], phrase("first-flop-card"))
        table.burn(burn, phrase("flops-burn"))
        how = phrase("first-card-becomes-burn", burn=str(burn))
    else:
        table.take_back(flop, phrase("three-flop-cards"))
        burn, others = table.scramble_and_draw(flop, phrase("floor-draws-flop-burn"))
        table.burn(burn, phrase("flops-burn"))
        table.deal(others, phrase("back-on-flop"))
        how = phrase("flop-scrambled-draws-burn", burn=str(burn))
    card = table.deal_top(1, phrase("completes-flop"))[0]
    outcome = "flop-no-burn-known" if is_order_known else "flop-no-burn-unknown"
    return phrase(outcome, how=how, card=str(card))


def _flop_two_burns(table: _Table, is_order_known: bool) -> Phrase:
    """DEAL-FLOP-TWO-BURNS (LFP 2.19)."""
    flop = list(table.board)
    first_burn, second_burn = table.burns
    if is_order_known:
        last = flop[2]
        table.deal([second_burn], phrase("second-burn-first-flop"), first=True)
        table.take_back([last], phrase("last-flop-card"))
        table.burn(last, phrase("turns-burn"))
        table.go_on(_NO_NEW_BURN)
        return phrase("two-burns-known", second=str(second_burn), last=str(last))
    table.take_back(flop, phrase("three-flop-cards"))
    turn_burn, others = table.scramble_and_draw(flop, phrase("floor-draws-turn-burn"))
    table.burn(turn_burn, phrase("turns-burn"))
    table.deal(others, phrase("back-on-flop"))
    table.take_back([first_burn, second_burn], phrase("two-burns"))
    flop_burn, rest = table.scramble_and_draw([first_burn, second_burn], phrase("flops-burn"))
    table.burn(flop_burn, phrase("flops-burn"), first=True)
    table.deal(rest, phrase("other-burn-joins-flop"))
    table.go_on(_NO_NEW_BURN)
    return phrase(
        "two-burns-unknown", turn_burn=str(turn_burn), flop_burn=str(flop_burn), other=str(rest[0])
    )


def _no_burn(table: _Table) -> Phrase:
    """DEAL-TURN-RIVER-NO-BURN (LFP 2.21)."""
    name = "turn" if len(table.board) == 4 else "river"
    exposed = table.board[-1]
    table.take_back([exposed], phrase(f"{name}-without-burn"))
    table.burn(exposed, phrase(f"{name}s-burn"))
    card = table.deal_top(1, phrase(f"real-{name}"))[0]
    return phrase(f"{name}-dealt-no-burn", exposed=str(exposed), card=str(card))


def _burns_again(profile: Profile) -> bool:
    # DEAL-PREMATURE-FLOP: GEN 1.13 burns again before dealing from a reshuffled stub; pokertd
    # applies that reading to every premature card.
    return profile.premature_flop is PrematureFlop.BURN_AGAIN


def _premature_flop(profile: Profile, table: _Table) -> tuple[tuple[str, ...], Phrase]:
    articles = _field_articles(profile, "premature_flop")
    exposed = list(table.board)
    table.take_back(exposed, phrase("premature-flop-cards"))
    table.reshuffle(exposed, phrase("stub-shuffled-burns-stay"))
    table.mark_now()
    burn_again = _burns_again(profile) or not table.burns
    if burn_again:
        burn = "after-preflop-burn" if table.burns else "after-preflop-burn-none"
        table.burn(table.top(), phrase(burn))
    flop = table.deal_top(3, phrase("after-preflop-new-flop"))
    new = phrase("burns-again-and-deals" if burn_again else "deals-without-burn")
    return articles, phrase(
        "premature-flop",
        shown=format_cards(list[Card | None](exposed)),
        new=new,
        flop=format_cards(list[Card | None](flop)),
    )


def _premature_later(error: BoardError, profile: Profile, table: _Table) -> Phrase:
    """DEAL-PREMATURE-TURN (TDA PR-5B, LFP 2.23) and DEAL-PREMATURE-RIVER (TDA PR-5C, LFP 2.24)."""
    exposed = table.board[-1]
    burn_again = _burns_again(profile)
    values: dict[str, object] = {"exposed": str(exposed)}
    if error is BoardError.PREMATURE_TURN:
        table.take_back([exposed], phrase("premature-turn-card"))
        table.aside([exposed], phrase("face-up-until-river"))
        table.mark_now()
        table.burn(table.top(), phrase("after-flop-burn"))
        turn = table.deal_top(1, phrase("after-flop-river-as-turn"))[0]
        outcome, values["turn"] = "premature-turn", str(turn)
    else:
        table.take_back([exposed], phrase("premature-river-card"))
        table.aside([exposed], phrase("face-down-burn-stays"))
        table.mark_now()
        outcome = "premature-river"
    table.reshuffle([exposed], phrase("after-turn-stub-shuffled"))
    if burn_again:
        table.burn(table.top(), phrase("after-turn-burn"))
    table.deal_top(1, phrase("after-turn-river"))
    values["ending"] = phrase("after-a-burn" if burn_again else "without-a-burn")
    return Phrase(outcome, values)
