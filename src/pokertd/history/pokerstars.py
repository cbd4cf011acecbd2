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
    describe_badugi,
    describe_deuce_to_seven,
    describe_low,
    deuce_to_seven,
    high,
    low_a5,
    omaha_high,
    tables,
)
from pokertd.evaluate.short_deck import short_deck_class
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
    #: What each player has in front of him in the current round.
    bets: dict[int, int] = field(default_factory=dict)
    street: int = -1
    folded_on: dict[int, str] = field(default_factory=dict)
    #: Players who put chips in voluntarily (a bet, a call, a raise, a bring-in).
    voluntary: set[int] = field(default_factory=set)
    collected: dict[int, int] = field(default_factory=dict)
    shown: dict[int, tuple[str, str]] = field(default_factory=dict)
    mucked: set[int] = field(default_factory=set)
    total: int = 0
    pots: dict[int, int] = field(default_factory=dict)
    #: The blinds' lines, written after the antes.
    blinds: list[str] = field(default_factory=list)
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
        is_limit = hand.game.betting is Betting.FIXED_LIMIT
        small, big = setup.limits if is_limit else setup.blinds
        stakes = f"{self.money(small)}/{self.money(big)}"
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
        button = f" Seat #{hand.button + 1} is the button" if hand.game.has_button else ""
        self.lines.append(f"Table '{table}' {max(count, 2)}-max{button}")
        for player in range(count):
            stack = self.money(hand.starting_stacks[player])
            self.lines.append(f"Seat {player + 1}: {self.names[player]} ({stack} in chips)")

    # -- the action ------------------------------------------------------------------------------

    def body(self) -> None:
        family = self.hand.game.family
        self.dealt_this_street: set[int] = set()
        for event in self.hand.events:
            if self.blinds and not isinstance(event, AntePosted | BlindPosted):
                self.lines += sorted(self.blinds, key=lambda line: "big blind" in line)
                self.blinds = []
            match event:
                case AntePosted(player=player, amount=amount):
                    self.total += amount
                    self.say(player, f"posts the ante {self.money(amount)}")
                case BlindPosted(player=player, amount=amount):
                    # Written after the antes, as PokerStars does (a big-blind ante comes last).
                    self.total += amount
                    self.bets[player] = amount
                    self.blinds.append(f"{self.names[player]}: posts {self.blind(player)} "
                                       f"{self.money(amount)}")  # fmt: skip
                    continue
                case HoleDealt(player=player, cards=cards):
                    if family is GameFamily.STUD:
                        self.next_stud_street(player)
                    elif self.street < 0:
                        self.street = 0
                        title = "DEALING HANDS" if family is GameFamily.DRAW else "HOLE CARDS"
                        self.lines.append(f"*** {title} ***")
                    self.dealt(player, cards)
                case BoardDealt(cards=cards, street=street):
                    self.boarded(cards, street)
                case CardsDiscarded(player=player, cards=cards):
                    self.discarded(player, cards)
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
                    words = self.describe(cards)
                    self.shown[player] = (_cards(cards), words)
                    what = f" ({words})" if words else ""
                    self.showdown.append(f"{self.names[player]}: shows [{_cards(cards)}]{what}")
                case HandMucked(player=player):
                    self.mucked.add(player)
                    self.showdown.append(f"{self.names[player]}: mucks hand")
                case PotAwarded(pot=pot, shares=shares, amount=amount):
                    self.show_down()
                    self.pots[pot] = self.pots.get(pot, 0) + amount
                    for player, won in shares:
                        if won:
                            self.collect(player, won, pot)

    def blind(self, player: int) -> str:
        posts = self.hand.setup.blind_posts
        return "big blind" if posts[player] == max(posts) else "small blind"

    def next_stud_street(self, player: int) -> None:
        """Start a stud street when a player gets his second card of the round."""
        if not self.dealt_this_street or player in self.dealt_this_street:
            self.next_street(_STUD_STREETS[self.street + 1])
            self.dealt_this_street = set()
        self.dealt_this_street.add(player)

    def boarded(self, cards: tuple[Card, ...], street: int) -> None:
        before = list(self.board)
        self.board += cards
        self.bets = {}
        if self.hand.game.family is GameFamily.STUD:
            self.lines.append(f"Dealt to the board [{_cards(cards)}]")  # STUD-DECK-SHORT
            return
        self.street = street
        line = f"*** {_BOARDS[street - 1]} ***"
        if before:
            line += f" [{_cards(before)}]"
        self.lines.append(f"{line} [{_cards(cards)}]")

    def discarded(self, player: int, cards: tuple[Card | None, ...]) -> None:
        if not self.dealt_this_street or player in self.dealt_this_street:
            # A new draw: PokerStars titles the draws of a triple draw only.
            self.street += 1
            self.bets = {}
            if self.hand.game.draws > 1:
                self.lines.append(f"*** {_DRAWS[self.street - 1]} ***")
            self.dealt_this_street = set()
        self.dealt_this_street.add(player)
        for card in cards:
            self.held[player].remove(card)
        if not cards:
            self.say(player, "stands pat")
            return
        known = [card for card in cards if card is not None]
        shown = f" [{_cards(known)}]" if len(known) == len(cards) else ""
        plural = "s" if len(cards) > 1 else ""
        self.say(player, f"discards {len(cards)} card{plural}{shown}")

    def collect(self, player: int, won: int, pot: int) -> None:
        self.collected[player] = self.collected.get(player, 0) + won
        side = sum(1 for event in self.hand.events if isinstance(event, PotAwarded) and event.pot)
        if not side:
            where = "pot"
        elif pot == 0:
            where = "main pot"
        else:
            sides = {e.pot for e in self.hand.events if isinstance(e, PotAwarded) and e.pot}
            where = "side pot" if len(sides) == 1 else f"side pot-{pot}"
        self.lines.append(f"{self.names[player]} collected {self.money(won)} from {where}")
        if not self.shown and not self.mucked:
            self.say(player, "doesn't show hand")  # nobody called: he won uncontested

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
        if kind is not ActionKind.FOLD and kind is not ActionKind.CHECK:
            self.voluntary.add(player)
        match kind:
            case ActionKind.FOLD:
                self.folded_on.setdefault(player, self.street_name(player))
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
        pots = ""
        if len(self.pots) > 1:
            main = f" Main pot {self.money(self.pots.get(0, 0))}."
            names = ["Side pot"] if len(self.pots) == 2 else [
                f"Side pot-{number}" for number in sorted(self.pots) if number
            ]  # fmt: skip
            sides = [self.pots[number] for number in sorted(self.pots) if number]
            pots = main + "".join(
                f" {name} {self.money(amount)}." for name, amount in zip(names, sides, strict=True)
            )
        self.lines.append(f"Total pot {self.money(self.total)}{pots} | Rake {self.money(0)}")
        if hand.board:
            self.lines.append(f"Board [{_cards(hand.board)}]")
        for player in range(hand.player_count):
            self.lines.append(self.seat_summary(player))

    def seat_summary(self, player: int) -> str:
        hand = self.hand
        line = f"Seat {player + 1}: {self.names[player]}"
        if hand.game.has_button and player == hand.button:
            line += " (button)"
        if hand.setup.blind_posts[player]:
            line += f" ({self.blind(player)})"
        won = self.collected.get(player)
        if player in self.folded_on:
            quiet = ""
            if self.folded_on[player].startswith("before") and player not in self.voluntary:
                quiet = "" if hand.setup.blind_posts[player] else " (didn't bet)"
            return f"{line} folded {self.folded_on[player]}{quiet}"
        if player in self.shown:
            cards, words = self.shown[player]
            with_words = f" with {words}" if words else ""
            if won:
                return f"{line} showed [{cards}] and won ({self.money(won)}){with_words}"
            return f"{line} showed [{cards}] and lost{with_words}"
        if won:
            return f"{line} collected ({self.money(won)})"
        if player in self.mucked:
            return f"{line} mucked"
        return line

    # -- helpers ---------------------------------------------------------------------------------

    def say(self, player: int, what: str) -> None:
        self.lines.append(f"{self.names[player]}: {what}")

    def money(self, amount: int) -> str:
        """Write an amount as PokerStars does: ``$2`` for whole units, else ``$0.10``."""
        whole = not self.decimals or amount % 10**self.decimals == 0
        text = str(amount // 10**self.decimals) if whole else format_amount(amount, self.decimals)
        return f"{self.currency}{text}"

    def street_name(self, player: int) -> str:
        family = self.hand.game.family
        if family is GameFamily.STUD:
            return f"on the {_STUD_STREETS[max(self.street, 0)].title().replace('Rd', 'rd')}"
        if family is GameFamily.DRAW:
            if self.street <= 0:
                return "before the Draw"
            if self.hand.game.draws == 1:
                return "after the Draw"
            return f"after the {_DRAWS[self.street - 1].title()}"
        if self.street <= 0:
            return "before Flop"
        return f"on the {_BOARDS[self.street - 1].title()}"

    def describe(self, cards: tuple[Card, ...]) -> str:
        """Return what a shown hand is, in PokerStars' words (``a pair of Kings``)."""
        game = self.hand.game
        board = list(self.hand.board)
        every = [*cards, *board]
        try:
            match game.judging:
                case Judging.HIGH | Judging.HI_LO:
                    return _high_words(*tables.high_class(high(every)))
                case Judging.SHORT_DECK:
                    return _high_words(*short_deck_class(every), is_short=True)
                case Judging.OMAHA_HIGH | Judging.OMAHA_HI_LO:
                    return _high_words(*tables.high_class(omaha_high(list(cards), board)))
                case Judging.LOW:
                    return "Lo: " + describe_low(low_a5(every)).replace("-", ",")
                case Judging.DEUCE_TO_SEVEN:
                    words = describe_deuce_to_seven(deuce_to_seven(list(cards)))
                    return "Lo: " + words.replace("-", ",")
                case Judging.BADUGI:
                    return "Badugi: " + describe_badugi(badugi(list(cards))).replace("-", ",")
        except ValueError:
            pass  # not a full hand: a history with unseen cards
        return ""


#: Rank names as PokerStars writes them, two to ace: one, then several.
_RANK_NAMES = (
    ("Deuce", "Deuces"),
    ("Three", "Threes"),
    ("Four", "Fours"),
    ("Five", "Fives"),
    ("Six", "Sixes"),
    ("Seven", "Sevens"),
    ("Eight", "Eights"),
    ("Nine", "Nines"),
    ("Ten", "Tens"),
    ("Jack", "Jacks"),
    ("Queen", "Queens"),
    ("King", "Kings"),
    ("Ace", "Aces"),
)


def _high_words(category: int, tiebreak: tuple[int, ...], *, is_short: bool = False) -> str:
    """Name a high hand as PokerStars does: ``two pair, Kings and Eights``; in short-deck
    hold'em the nine-high straight is A-6-7-8-9.

    >>> _high_words(tables.STRAIGHT, (5,)), _high_words(tables.STRAIGHT, (9,), is_short=True)
    ('a straight, Ace to Five', 'a straight, Ace to Nine')
    """
    one = [_RANK_NAMES[rank - 2][0] for rank in tiebreak]
    many = [_RANK_NAMES[rank - 2][1] for rank in tiebreak]
    if category in (tables.STRAIGHT, tables.STRAIGHT_FLUSH):
        top = tiebreak[0]
        is_wheel = top == 5 or (is_short and top == 9)
        low = "Ace" if is_wheel else _RANK_NAMES[top - 6][0]
        if category == tables.STRAIGHT_FLUSH and top == 14:
            return "a Royal Flush"
        kind = "a straight flush" if category == tables.STRAIGHT_FLUSH else "a straight"
        return f"{kind}, {low} to {one[0]}"
    return {
        tables.HIGH_CARD: f"high card {one[0]}",
        tables.ONE_PAIR: f"a pair of {many[0]}",
        tables.TWO_PAIR: f"two pair, {many[0]} and {many[1 % len(many)]}",
        tables.THREE_OF_A_KIND: f"three of a kind, {many[0]}",
        tables.FLUSH: f"a flush, {one[0]} high",
        tables.FULL_HOUSE: f"a full house, {many[0]} full of {many[1 % len(many)]}",
        tables.FOUR_OF_A_KIND: f"four of a kind, {many[0]}",
    }[category]


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
