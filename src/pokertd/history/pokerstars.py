"""A hand as PokerStars-style text, the hand-history format tracking tools read.

``pokerstars_text`` writes any finished or unfinished hand of any game: the header line (hand
number, tournament, game, level, time), the table and the seats, then the forced bets, the cards
and the actions street by street (``*** HOLE CARDS ***`` and the board in flop games, ``*** 3rd
STREET ***`` to ``*** RIVER ***`` in stud, ``*** DEALING HANDS ***`` and ``*** FIRST DRAW ***``
in the draw games), the showdown, and the ``*** SUMMARY ***``. It is a projection of the hand's
events, as PHH is. Every card the hand knows is written, as an observer who saw every hand would;
a tracking tool reads the ``Dealt to`` lines of the player it follows. The text is the format's,
in English whatever the language of the user: it is read by programs.

>>> import datetime
>>> from pokertd import Hand
>>> hand = Hand.create(game="nlhe", stacks=[1500, 1500], blinds=(10, 20), button=0, seed=3)
>>> hand.act(0, "raise", to=60); hand.act(1, "fold")
>>> text = pokerstars_text(hand, names=["Ann", "Bob"], number=7,
...                        started=datetime.datetime(2026, 5, 1, 21, 30))
>>> print(text.splitlines()[0])
PokerStars Hand #7: Tournament #1, Hold'em No Limit - Level I (10/20) - 2026/05/01 21:30:00 UTC
>>> "Ann: raises 40 to 60" in text, "Uncalled bet (40) returned to Ann" in text
(True, True)
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokertd.cards import Card
from pokertd.engine import ActionKind, Betting, GameFamily, Hand, Judging
from pokertd.engine.events import (
    AntePosted,
    BlindPosted,
    BoardDealt,
    CardsDiscarded,
    CardsDrawn,
    HandMucked,
    HandShown,
    HoleDealt,
    PlayerActed,
    PotAwarded,
    UncalledBetReturned,
)
from pokertd.evaluate import (
    badugi,
    describe,
    describe_badugi,
    describe_deuce_to_seven,
    describe_low,
    describe_short_deck,
    deuce_to_seven,
    high,
    low_a5,
    omaha_high,
    short_deck_high,
)
from pokertd.history.codes import format_amount

#: The PokerStars name of each game, as the header line writes it.
GAME_NAMES = {
    "nlhe": "Hold'em No Limit",
    "plhe": "Hold'em Pot Limit",
    "flhe": "Hold'em Limit",
    "plo": "Omaha Pot Limit",
    "plo8": "Omaha Hi/Lo Pot Limit",
    "flo8": "Omaha Hi/Lo Limit",
    "shortdeck": "6+ Hold'em No Limit",
    "stud": "7 Card Stud Limit",
    "stud8": "7 Card Stud Hi/Lo Limit",
    "razz": "Razz Limit",
    "nl27sd": "Single Draw 2-7 Lowball No Limit",
    "fl27td": "Triple Draw 2-7 Lowball Limit",
    "badugi": "Badugi Limit",
    "nl5cd": "5 Card Draw No Limit",
}
_STUD_STREETS = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")
_DRAWS = ("FIRST DRAW", "SECOND DRAW", "THIRD DRAW")
_BOARDS = ("FLOP", "TURN", "RIVER")


def pokerstars_text(
    hand: Hand,
    *,
    started: datetime.datetime,
    names: Sequence[str] | None = None,
    number: int = 1,
    tournament: int | None = 1,
    level: int = 1,
    table: str = "pokertd 1",
    decimals: int = 0,
    currency: str = "",
) -> str:
    """Return ``hand`` as a PokerStars hand history (lines ending in ``\\n``).

    ``names`` are the players' names (``Player 1``... by default), seated in the hand's order;
    ``started`` is when the hand began (written in UTC). A tournament hand writes its stacks in
    chips; with ``tournament=None`` it is a cash game, amounts written with ``decimals`` and the
    ``currency`` symbol (``"$"``).
    """
    writer = _Writer(hand, names or [f"Player {p + 1}" for p in range(hand.player_count)],
                     decimals, currency)  # fmt: skip
    writer.header(number, tournament, level, table, started)
    writer.body()
    writer.summary()
    return "\n".join(writer.lines) + "\n"


@dataclass
class _Writer:
    hand: Hand
    names: Sequence[str]
    decimals: int
    currency: str
    lines: list[str] = field(default_factory=list)
    #: What each player has in front of him in the current round, and the bet to match.
    bets: dict[int, int] = field(default_factory=dict)
    street: int = -1
    folded_on: dict[int, str] = field(default_factory=dict)
    collected: dict[int, int] = field(default_factory=dict)
    shown: dict[int, str] = field(default_factory=dict)
    mucked: set[int] = field(default_factory=set)
    total: int = 0
    #: The showdown's lines, written once the last card is dealt.
    showdown: list[str] = field(default_factory=list)
    #: Each player's cards so far, and the board so far.
    held: dict[int, list[Card | None]] = field(default_factory=dict)
    board: list[Card] = field(default_factory=list)

    # -- the lines before the action -------------------------------------------------------------

    def header(
        self, number: int, tournament: int | None, level: int, table: str, at: datetime.datetime
    ) -> None:
        hand = self.hand
        setup = hand.setup
        game = GAME_NAMES[hand.game.id]
        small, big = setup.limits if hand.game.betting is Betting.FIXED_LIMIT else setup.blinds
        stakes = f"{self.money(small)}/{self.money(big)}"
        if hand.game.family is GameFamily.STUD:
            stakes = f"{self.money(setup.limits[0])}/{self.money(setup.limits[1])}"
        when = at.astimezone(datetime.UTC) if at.tzinfo else at
        stamp = when.strftime("%Y/%m/%d %H:%M:%S") + " UTC"
        if tournament is None:
            code = " USD" if self.currency == "$" else ""
            self.lines.append(f"PokerStars Hand #{number}:  {game} ({stakes}{code}) - {stamp}")
        else:
            self.lines.append(
                f"PokerStars Hand #{number}: Tournament #{tournament}, {game} - "
                f"Level {_roman(level)} ({stakes}) - {stamp}"
            )
        count = hand.player_count
        button = "" if not hand.game.has_button else f" Seat #{hand.button + 1} is the button"
        self.lines.append(f"Table '{table}' {max(count, 2)}-max{button}")
        for player in range(count):
            stack = self.money(hand.starting_stacks[player])
            self.lines.append(f"Seat {player + 1}: {self.names[player]} ({stack} in chips)")

    # -- the action ------------------------------------------------------------------------------

    def body(self) -> None:
        family = self.hand.game.family
        dealt_this_street: set[int] = set()
        opened = False
        for event in self.hand.events:
            match event:
                case AntePosted(player=player, amount=amount):
                    self.total += amount
                    self.say(player, f"posts the ante {self.money(amount)}")
                case BlindPosted(player=player, amount=amount):
                    self.total += amount
                    self.bets[player] = amount
                    kind = (
                        "big blind" if amount == max(self.hand.setup.blind_posts) else "small blind"
                    )
                    self.say(player, f"posts {kind} {self.money(amount)}")
                case HoleDealt(player=player, cards=cards):
                    if family is GameFamily.STUD:
                        if not dealt_this_street or player in dealt_this_street:
                            self.next_street(_STUD_STREETS[self.street + 1])
                            dealt_this_street = set()
                        dealt_this_street.add(player)
                    elif not opened:
                        opened = True
                        title = "DEALING HANDS" if family is GameFamily.DRAW else "HOLE CARDS"
                        self.street = 0
                        self.lines.append(f"*** {title} ***")
                    self.dealt(player, cards)
                case BoardDealt(cards=cards, street=street):
                    before = list(self.board)
                    self.board += cards
                    self.bets = {}
                    if family is GameFamily.STUD:
                        self.lines.append(f"Dealt to the board [{_cards(cards)}]")
                        continue
                    self.street = street
                    line = f"*** {_BOARDS[street - 1]} ***"
                    if before:
                        line += f" [{_cards(before)}]"
                    self.lines.append(f"{line} [{_cards(cards)}]")
                case CardsDiscarded(player=player, cards=cards):
                    if not dealt_this_street or player in dealt_this_street:
                        self.next_street(_DRAWS[self.street])
                        dealt_this_street = set()
                    dealt_this_street.add(player)
                    for card in cards:
                        self.held[player].remove(card)
                    if cards:
                        known = [card for card in cards if card is not None]
                        shown = f" [{_cards(known)}]" if len(known) == len(cards) else ""
                        plural = "s" if len(cards) > 1 else ""
                        self.say(player, f"discards {len(cards)} card{plural}{shown}")
                    else:
                        self.say(player, "stands pat")
                case CardsDrawn(player=player, cards=cards):
                    self.dealt(player, cards)
                case PlayerActed():
                    self.acted(event)
                case UncalledBetReturned(player=player, amount=amount):
                    self.total -= amount
                    self.lines.append(
                        f"Uncalled bet ({self.money(amount)}) returned to {self.names[player]}"
                    )
                case HandShown(player=player, cards=cards):
                    what = self.describe(cards)
                    self.shown[player] = f"[{_cards(cards)}]" + (f" ({what})" if what else "")
                    self.showdown.append(f"{self.names[player]}: shows {self.shown[player]}")
                case HandMucked(player=player):
                    self.mucked.add(player)
                    self.showdown.append(f"{self.names[player]}: mucks hand")
                case PotAwarded(pot=pot, shares=shares):
                    self.show_down()
                    where = "pot" if pot == 0 else f"side pot-{pot}"
                    if pot == 0 and self.side_pots():
                        where = "main pot"
                    for player, amount in shares:
                        if amount:
                            self.collected[player] = self.collected.get(player, 0) + amount
                            self.lines.append(
                                f"{self.names[player]} collected {self.money(amount)} from {where}"
                            )

    def show_down(self) -> None:
        """Write the hands shown, after the last card: PokerStars shows an all-in's hands after
        the board is complete."""
        if self.showdown:
            self.lines += ["*** SHOW DOWN ***", *self.showdown]
            self.showdown = []

    def next_street(self, title: str) -> None:
        self.street += 1
        self.bets = {}
        self.lines.append(f"*** {title} ***")

    def dealt(self, player: int, cards: tuple[Card | None, ...]) -> None:
        """Write a ``Dealt to`` line: the cards the player had, then the new ones (known cards
        only: a tracking tool reads the lines of the player it follows)."""
        earlier = self.held.setdefault(player, [])
        known = [card for card in (*earlier, *cards) if card is not None]
        if known and len(known) == len(earlier) + len(cards):
            if earlier:
                self.lines.append(
                    f"Dealt to {self.names[player]} [{_cards(earlier)}] [{_cards(cards)}]"
                )
            else:
                self.lines.append(f"Dealt to {self.names[player]} [{_cards(cards)}]")
        earlier += cards

    def acted(self, event: PlayerActed) -> None:
        player, kind, to, added = event.player, event.kind, event.to, event.added
        self.total += added
        top = max(self.bets.values(), default=0)
        self.bets[player] = to
        tail = " and is all-in" if event.is_all_in else ""
        match kind:
            case ActionKind.FOLD:
                self.folded_on.setdefault(player, self.street_name())
                self.say(player, "folds")
            case ActionKind.CHECK:
                self.say(player, "checks")
            case ActionKind.CALL:
                self.say(player, f"calls {self.money(added)}{tail}")
            case ActionKind.BRING_IN:
                self.say(player, f"brings in for {self.money(added)}{tail}")
            case _ if top == 0:
                self.say(player, f"bets {self.money(to)}{tail}")
            case _:
                self.say(player, f"raises {self.money(to - top)} to {self.money(to)}{tail}")

    # -- the summary -----------------------------------------------------------------------------

    def summary(self) -> None:
        hand = self.hand
        self.show_down()
        self.lines.append("*** SUMMARY ***")
        self.lines.append(f"Total pot {self.money(self.total)} | Rake {self.money(0)}")
        if hand.board:
            self.lines.append(f"Board [{_cards(hand.board)}]")
        for player in range(hand.player_count):
            role = ""
            if hand.game.has_button and player == hand.button:
                role = " (button)"
            line = f"Seat {player + 1}: {self.names[player]}{role}"
            if player in self.folded_on:
                self.lines.append(f"{line} folded {self.folded_on[player]}")
            elif player in self.shown and player in self.collected:
                won = self.money(self.collected[player])
                self.lines.append(f"{line} showed {self.shown[player]} and won ({won})")
            elif player in self.shown:
                self.lines.append(f"{line} showed {self.shown[player]} and lost")
            elif player in self.collected:
                self.lines.append(f"{line} collected ({self.money(self.collected[player])})")
            elif player in self.mucked:
                self.lines.append(f"{line} mucked")
            else:
                self.lines.append(line)

    # -- helpers ---------------------------------------------------------------------------------

    def say(self, player: int, what: str) -> None:
        self.lines.append(f"{self.names[player]}: {what}")

    def money(self, amount: int) -> str:
        return f"{self.currency}{format_amount(amount, self.decimals)}"

    def street_name(self) -> str:
        family = self.hand.game.family
        if family is GameFamily.STUD:
            return f"on {_STUD_STREETS[max(self.street, 0)].title()}"
        if family is GameFamily.DRAW:
            return (
                "before the Draw"
                if self.street <= 0
                else f"after {_DRAWS[self.street - 1].title()}"
            )
        if self.street <= 0:
            return "before Flop"
        return f"on the {_BOARDS[self.street - 1].title()}"

    def side_pots(self) -> bool:
        return any(isinstance(event, PotAwarded) and event.pot > 0 for event in self.hand.events)

    def describe(self, cards: tuple[Card, ...]) -> str:
        """Return what a shown hand is, as PokerStars writes it after the cards."""
        game = self.hand.game
        board = list(self.hand.board)
        every = [*cards, *board]
        try:
            match game.judging:
                case Judging.HIGH:
                    return describe(high(every)) if len(every) >= 5 else ""
                case Judging.SHORT_DECK:
                    return describe_short_deck(short_deck_high(every)) if len(every) >= 5 else ""
                case Judging.OMAHA_HIGH | Judging.OMAHA_HI_LO:
                    return describe(omaha_high(list(cards), board)) if len(board) >= 3 else ""
                case Judging.LOW:
                    return "Lo: " + describe_low(low_a5(every)).replace("-", ",")
                case Judging.DEUCE_TO_SEVEN:
                    return "Lo: " + describe_deuce_to_seven(deuce_to_seven(list(cards))).replace(
                        "-", ","
                    )
                case Judging.BADUGI:
                    return "Badugi: " + describe_badugi(badugi(list(cards))).replace("-", ",")
        except ValueError:
            return ""  # not a full hand (a history with unseen cards)
        return describe(high(every)) if len(every) >= 5 else ""


def _cards(cards: Sequence[Card | None]) -> str:
    return " ".join("??" if card is None else str(card) for card in cards)


def _roman(number: int) -> str:
    """Write a level number in Roman numerals, as PokerStars does (``Level XIV``)."""
    values = ((100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
              (4, "IV"), (1, "I"))  # fmt: skip
    text = ""
    for value, letters in values:
        while number >= value:
            text += letters
            number -= value
    return text or "I"
