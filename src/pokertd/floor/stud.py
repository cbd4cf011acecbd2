"""Stud dealing irregularities and procedures: a premature card (STUD-PREMATURE, TDA PR-5D, GEN
1.14), a down card exposed or an up card dealt down (STUD-MISDEAL, TDA 35A5, GEN 1.8), a seventh
street card dealt face up (STUD-RIVER-UP, TDA PR-9A), folding up cards (STUD-FOLD, TDA 66, GEN
1.15) and running out of cards (STUD-DECK-SHORT, GEN 1.13). Who brings in or acts first is in
``pokertd.floor.stud_first``.

Each function takes a stud ``Hand`` (its public state: up cards, exposures, events) and returns a
``Ruling`` whose ``steps`` the dealer carries out. LFP, BAN and GM say nothing about stud: their
profiles apply TDA, and the ruling says so. GEN has its own text for a premature card, folding,
exposed cards and a short deck; where GEN is silent or its text is missing, TDA applies.
``apply_misdeal`` carries out a misdeal with the engine (TDA 35C, an exact replay); the other
procedures need engine operations listed in docs/floor.md ("Stud games").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum

from pokertd.cards import Card, Deck, format_cards
from pokertd.engine import GameFamily, Hand, Phase
from pokertd.engine.games import Exposure
from pokertd.engine.stud import card_key, showing_key
from pokertd.errors import ParseError
from pokertd.floor.irregularities import Situation, misdeal
from pokertd.floor.order import _book, _check_seat, _enum, _kill, is_substantial_action
from pokertd.floor.rulings import Phrase, Ruling, Step, StepKind, phrase
from pokertd.messages import message
from pokertd.rules import Profile

#: The stud streets, by the engine's street index.
STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
_LAST = len(STREETS) - 1
_DECK_SIZE = 52


def _check_stud(hand: Hand) -> None:
    if hand.game.family is not GameFamily.STUD:
        raise ParseError(
            message("{game} is not a stud game: these rulings are for stud", game=hand.game.name)
        )


def _with_silent(ruling: Ruling, profile: Profile, follows: str) -> Ruling:
    """Add the note a ruling needs when the profile's book says nothing about stud: pokertd
    applies ``follows`` (the articles of TDA)."""
    book = _book(profile)
    if book in ("TDA", "GEN"):
        return ruling
    return ruling.noted(phrase("stud-silent", book=book, follows=follows))


def _street(index: int) -> Phrase:
    """Return the name of a stud street: "third" ... "seventh"."""
    return phrase(f"street-{STREETS[index]}")


def _who(player: int | None) -> Phrase:
    """Return the player the ruling is about, or "the player" when he is not named."""
    return (
        phrase("the-player-unnamed") if player is None else phrase("the-player", player=player + 1)
    )


def _in_hand(hand: Hand) -> list[int]:
    return [player for player in range(hand.player_count) if not hand.is_folded(player)]


# -- STUD-PREMATURE: TDA PR-5D, GEN 1.14 -----------------------------------------------------------


def premature_card(
    hand: Hand, *, player: int | None = None, cards: Sequence[Card] = (), is_kept: bool = False
) -> Ruling:
    """Rule on a stud card dealt before the betting round is complete (STUD-PREMATURE).

    The hand is in its betting round; the premature card(s) belong to the next street. TDA PR-5D:
    the rest of that street is dealt and set aside with it, a full round for every player still
    in the hand; once the betting round is over the next card is burned and the street dealt
    normally; at the last street the set-aside cards are reshuffled into the stub and the last
    street dealt. GEN 1.14: the cards are dead (into the muck) together with a card for every
    other player, so that everyone gets the card of the following round; a seventh-street down
    card lost among the player's down cards (``is_kept``) stays his, and he may neither bet nor
    raise on that round.

    Raises ParseError for a hand that is not stud, not betting, or already on its last street.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="stud", stacks=[1000] * 4, ante=5, bring_in=10, limits=(20, 40),
    ...                    seed=3)
    >>> ruling = premature_card(hand)
    >>> ruling.details["set_aside"], [step.kind.value for step in ruling.steps][:3]
    (4, ['set-aside', 'set-aside', 'continue'])
    """
    _check_stud(hand)
    _check_seat(hand, player)
    if hand.phase is not Phase.BETTING or hand.street >= _LAST:
        raise ParseError(
            message(
                "a premature card is dealt during a betting round before the last street; the "
                "hand is at {phase} on {street} street (STUD-PREMATURE)",
                phase=hand.phase,
                street=STREETS[min(hand.street, _LAST)],
            )
        )
    street = hand.street + 1
    live = len(_in_hand(hand))
    lead = phrase(
        "premature-card",
        street=_street(street),
        to=None if player is None else phrase("dealt-to", player=player + 1),
        current=_street(hand.street),
    )
    dealt = tuple(cards)
    details: dict[str, object] = {
        "street": STREETS[street],
        "set_aside": live,
        "cards": format_cards(list(dealt)),
    }
    profile = hand.profile
    if is_kept:
        if street != _LAST:
            raise ParseError(
                message("only a seventh-street down card can be lost among the down cards")
            )
        return _premature_kept(hand, player, dealt, lead, details)
    if _book(profile) == "GEN":
        return _premature_gen(dealt, live, street, lead, details)
    return _premature_tda(hand, dealt, lead, details)


def _premature_tda(
    hand: Hand, dealt: tuple[Card, ...], lead: Phrase, details: dict[str, object]
) -> Ruling:
    """TDA PR-5D: the rest of the street is dealt and set aside with the premature card(s), a
    full round; the set-aside cards are reshuffled into the stub at the last street."""
    street = hand.street + 1
    name = _street(street)
    live = len(_in_hand(hand))
    steps: list[Step] = [
        Step(StepKind.SET_ASIDE, dealt, phrase("premature-cards")),
        Step(StepKind.SET_ASIDE, note=phrase("deal-rest-aside", street=name, live=live)),
        Step(StepKind.CONTINUE, note=phrase("finish-street-betting", street=_street(hand.street))),
    ]
    if street < _LAST:
        steps += [
            Step(StepKind.BURN, note=phrase("next-card")),
            Step(StepKind.CONTINUE, note=phrase("deal-street-normally", street=name)),
        ]
    steps += [
        Step(StepKind.RESHUFFLE_INTO_STUB, note=phrase("set-aside-back-at-seventh")),
        Step(StepKind.BURN, note=phrase("one-card-as-always")),
        Step(StepKind.CONTINUE, note=phrase("deal-seventh")),
    ]
    outcome = "premature-seventh-set-aside" if street == _LAST else "premature-set-aside"
    ruling = Ruling(
        "STUD-PREMATURE", ("TDA PR-5D",), outcome, {"lead": lead}, steps=tuple(steps),
        details=details,
    )  # fmt: skip
    return _with_silent(ruling, hand.profile, "TDA PR-5D")


def _premature_gen(
    dealt: tuple[Card, ...], live: int, street: int, lead: Phrase, details: dict[str, object]
) -> Ruling:
    name = _street(street)
    steps = (
        Step(StepKind.TAKE_BACK, dealt, phrase("premature-cards")),
        Step(StepKind.SET_ASIDE, dealt, phrase("dead-into-muck")),
        Step(StepKind.SET_ASIDE, note=phrase("deal-dead-cards", street=name, live=live)),
        Step(StepKind.CONTINUE, note=phrase("finish-betting-round")),
        Step(StepKind.BURN, note=phrase("next-card")),
        Step(StepKind.CONTINUE, note=phrase("deal-street-following", street=name)),
    )
    return Ruling(
        "STUD-PREMATURE", ("GEN 1.14",), "premature-dead-gen", {"lead": lead}, steps=steps,
        details=details,
    )  # fmt: skip


def _premature_kept(
    hand: Hand,
    player: int | None,
    dealt: tuple[Card, ...],
    lead: Phrase,
    details: dict[str, object],
) -> Ruling:
    who = _who(player)
    steps = (
        Step(StepKind.CONTINUE, dealt, phrase("keeps-card", who=who)),
        Step(StepKind.CONTINUE, note=phrase("seven-cards-no-raise", who=who)),
        Step(StepKind.CONTINUE, note=phrase("finish-then-seventh")),
    )
    details = {**details, "kept": True, "may_not_bet_or_raise": player}
    values = {"lead": lead, "who": who}
    if _book(hand.profile) == "GEN":
        return Ruling(
            "STUD-PREMATURE", ("GEN 1.14",), "premature-kept", values, steps=steps,
            details=details,
        )  # fmt: skip
    ruling = Ruling(
        "STUD-PREMATURE", ("TDA PR-5D", "GEN 1.14"), "premature-kept", values, steps=steps,
        td_decides=True, details=details, notes=(phrase("tda-no-such-exception"),),
    )  # fmt: skip
    return _with_silent(ruling, hand.profile, "TDA PR-5D")


# -- STUD-MISDEAL and STUD-RIVER-UP: TDA 35A5, PR-9A; GEN 1.8, 1.9 ---------------------------------


class StudDealingError(StrEnum):
    """A card dealt with the wrong face in stud."""

    #: One of a player's two third-street down cards turned face up by the dealer.
    DOWN_CARD_EXPOSED = "down-card-exposed"
    #: Two or more down cards turned face up by the dealer.
    DOWN_CARDS_EXPOSED = "down-cards-exposed"
    #: A card that should be face up (third to sixth street) dealt face down.
    UP_CARD_DEALT_DOWN = "up-card-dealt-down"
    #: A seventh-street card dealt face up.
    RIVER_DEALT_UP = "river-dealt-up"


def dealing_error(
    hand: Hand, error: StudDealingError | Situation | str, *, player: int | None = None
) -> Ruling:
    """Rule on a stud card dealt with the wrong face, or on a misdeal situation of the flop games.

    STUD-MISDEAL: one of a player's two down cards exposed by the dealer is a misdeal (TDA 35A5),
    unless substantial action has taken place (TDA 35D); GEN 1.8 replaces one exposed card with
    the planned burn and makes two a misdeal. An up card dealt face down: no book says; pokertd
    turns it face up where it lies. STUD-RIVER-UP (TDA PR-9A): a seventh-street card dealt face
    up. The situations of ``pokertd.floor.irregularities.Situation`` (boxed cards, wrong order...)
    are ruled by ``misdeal``.

    Raises ParseError for an unknown error or player.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="stud", stacks=[1000] * 4, ante=5, bring_in=10, limits=(20, 40),
    ...                    seed=3)
    >>> ruling = dealing_error(hand, "down-card-exposed", player=1)
    >>> ruling.rule, ruling.articles, ruling.details["misdeal"]
    ('STUD-MISDEAL', ('TDA 35A5', 'TDA 35C'), True)
    """
    _check_stud(hand)
    _check_seat(hand, player)
    if isinstance(error, Situation) or error in {situation.value for situation in Situation}:
        return misdeal(hand, error, player=player)
    error = _enum(StudDealingError, error)
    if error is StudDealingError.RIVER_DEALT_UP:
        return river_dealt_up(hand, player=player)
    if error is StudDealingError.UP_CARD_DEALT_DOWN:
        return _up_card_dealt_down(hand, player)
    return _down_card_exposed(hand, player, is_two=error is StudDealingError.DOWN_CARDS_EXPOSED)


def _down_card_exposed(hand: Hand, player: int | None, *, is_two: bool) -> Ruling:
    profile = hand.profile
    book = _book(profile)
    of = None if player is None else phrase("of-player", player=player + 1)
    lead = phrase("two-down-exposed" if is_two else "one-down-exposed", of=of)
    steps: tuple[Step, ...]
    if book == "GEN" and not is_two:
        steps = (
            Step(StepKind.CONTINUE, note=phrase("finish-dealing-round")),
            Step(StepKind.TAKE_BACK, note=phrase("the-exposed-card")),
            Step(StepKind.CONTINUE, note=phrase("give-top-card-face-down")),
            Step(StepKind.BURN, note=phrase("exposed-new-burn")),
        )
        return Ruling(
            "STUD-MISDEAL", ("GEN 1.8",), "gen-one-down-replaced", {"lead": lead}, steps=steps,
            details={"misdeal": False},
        )  # fmt: skip
    if is_substantial_action(hand, since=0) and book != "GEN":
        steps = (Step(StepKind.CONTINUE, note=phrase("hand-goes-on")),)
        ruling = Ruling(
            "STUD-MISDEAL", ("TDA 35A5", "TDA 35D"), "down-exposed-after-sa", {"lead": lead},
            steps=steps, details={"misdeal": False},
        )  # fmt: skip
        return _with_silent(ruling, profile, "TDA 35A5 and 35D")
    articles = ("GEN 1.8", "GEN 1.9") if book == "GEN" else ("TDA 35A5", "TDA 35C")
    replay = phrase("replay-gen" if book == "GEN" else "replay-stud")
    steps = (
        Step(StepKind.RETURN_BETS, note=phrase("stud-bets-back")),
        Step(StepKind.REDEAL, note=replay),
    )
    ruling = Ruling(
        "STUD-MISDEAL", articles, "down-exposed-misdeal", {"lead": lead, "replay": replay},
        steps=steps, details={"misdeal": True},
    )  # fmt: skip
    return _with_silent(ruling, profile, "TDA 35A5")


def _up_card_dealt_down(hand: Hand, player: int | None) -> Ruling:
    to = phrase("to-the-player") if player is None else phrase("to-player", player=player + 1)
    steps = (
        Step(StepKind.CONTINUE, note=phrase("turn-card-up", who=_who(player))),
        Step(StepKind.CONTINUE, note=phrase("deal-goes-on-in-place")),
    )
    articles = ("GEN 1.8", "GEN 1.6") if _book(hand.profile) == "GEN" else ("TDA 35A5",)
    return Ruling(
        "STUD-MISDEAL", articles, "up-card-dealt-down", {"to": to}, steps=steps, td_decides=True,
        details={"misdeal": False},
    )  # fmt: skip


def river_dealt_up(hand: Hand, *, player: int | None = None) -> Ruling:
    """Rule on the first seventh-street card dealt face up (STUD-RIVER-UP, TDA PR-9A).

    Heads-up, the opponent's seventh-street card is dealt face up too; with more players the
    others are dealt face down as usual. Either way the player who acted first on sixth street
    acts first, and a player whose seventh-street card is exposed may declare himself all-in
    before anyone opens the betting. GEN is silent: TDA applies under every profile.

    Raises ParseError for a hand that is not stud or not at its last street.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="stud", stacks=[1000] * 2, ante=5, bring_in=10, limits=(20, 40),
    ...                    seed=3)
    >>> river_dealt_up(hand).rule
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: the seventh-street cards are dealt after the sixth-street betting \
round; the hand is on third street (STUD-RIVER-UP)
    """
    _check_stud(hand)
    _check_seat(hand, player)
    if hand.street != _LAST or hand.phase not in (Phase.DEALING, Phase.BETTING):
        raise ParseError(
            message(
                "the seventh-street cards are dealt after the sixth-street betting round; the "
                "hand is on {street} street (STUD-RIVER-UP)",
                street=STREETS[min(hand.street, _LAST)],
            )
        )
    live = _in_hand(hand)
    first = _best_showing(hand, street=_LAST - 1)
    exposed = [player] if player is not None else []
    if len(live) == 2:
        other = next((p for p in live if p != player), None)
        exposed += [other] if other is not None and player is not None else []
        deal, how = phrase("deal-opponent-up"), phrase("opponent-up-too")
    else:
        deal, how = phrase("deal-others-down"), phrase("others-as-usual")
    steps = (
        Step(StepKind.CONTINUE, note=deal),
        Step(StepKind.CONTINUE, note=phrase("first-on-sixth-acts-first", player=first + 1)),
        Step(StepKind.CONTINUE, note=phrase("exposed-may-declare-all-in")),
    )
    details = {"first_to_act": first, "may_declare_all_in": exposed, "misdeal": False}
    ruling = Ruling(
        "STUD-RIVER-UP", ("TDA PR-9A",), "river-dealt-up", {"how": how, "first": first + 1},
        steps=steps, details=details,
    )  # fmt: skip
    return _with_silent(ruling, hand.profile, "TDA PR-9A")


# -- the best showing hand and the next player, for who acts first ---------------------------------


def _best_showing(hand: Hand, *, street: int | None = None) -> int:
    """Return the player with the best showing hand among those in the hand, on ``street`` (up
    cards dealt up to it; the current street by default): TDA 17A, ties by the highest card and
    its suit (TDA PR-9C)."""
    is_low = hand.game.is_low_showing
    best: tuple[object, ...] | None = None
    chosen = 0
    for player in _in_hand(hand):
        cards = _up_cards(hand, player, street)
        top = max((card_key(card, is_low=is_low) for card in cards), default=(0, 0))
        key = (showing_key(cards, is_low=is_low), top)
        if best is None or key > best:
            best, chosen = key, player
    return chosen


def _up_cards(hand: Hand, player: int, street: int | None) -> list[Card]:
    if street is None:
        return list(hand.up_cards(player))
    count = 3 + street  # cards held once ``street`` is dealt (third street holds three)
    pairs = zip(hand.hole_cards(player)[:count], hand.exposures(player)[:count], strict=True)
    return [card for card, lie in pairs if lie is Exposure.UP and card is not None]


def _next_live(hand: Hand, after: int) -> int:
    count = hand.player_count
    for offset in range(1, count + 1):
        player = (after + offset) % count
        if not hand.is_folded(player) and not hand.is_all_in(player):
            return player
    return after


# -- STUD-FOLD: TDA 66, GEN 1.15 -------------------------------------------------------------------


def fold_up_cards(hand: Hand, player: int, *, is_next_acted: bool = False) -> Ruling:
    """Rule on a player who picks up his up cards (STUD-FOLD).

    TDA 66: facing action (a bet to call), his hand is dead; the correct way to fold is to turn
    the up cards face down and push them forward. Not facing action, TDA names no sanction: the
    TD decides, and pokertd asks him to put them back. GEN 1.15: taking his up cards off the table
    is a fold once the next player acts (``is_next_acted``), except heads-up.

    Raises ParseError for a hand that is not stud, an unknown player or one out of the hand.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="stud", stacks=[1000] * 3, ante=5, bring_in=10, limits=(20, 40),
    ...                    seed=3)
    >>> hand.act(hand.to_act, "bring-in")
    >>> ruling = fold_up_cards(hand, hand.to_act)
    >>> ruling.rule, str(ruling.decision)
    ('STUD-FOLD', 'fold')
    """
    _check_stud(hand)
    _check_seat(hand, player)
    if hand.is_folded(player):
        raise ParseError(
            message("player {player} is not in the hand (STUD-FOLD)", player=player + 1)
        )
    proper = Step(StepKind.CONTINUE, note=phrase("correct-stud-fold"))
    if _book(hand.profile) == "GEN":
        return _fold_gen(hand, player, is_next_acted, proper)
    values = {"player": player + 1}
    is_facing = hand.phase is Phase.BETTING and hand.current_bet > hand.bets[player]
    if is_facing:
        decision, steps = _kill(hand, player, phrase("picked-up-facing"))
        ruling = Ruling(
            "STUD-FOLD", ("TDA 66",), "picked-up-facing-dead", values, decision=decision,
            steps=(*steps, proper), details={"dead": True},
        )  # fmt: skip
        return _with_silent(ruling, hand.profile, "TDA 66")
    step = Step(StepKind.CONTINUE, note=phrase("puts-up-cards-back", player=player + 1))
    ruling = Ruling(
        "STUD-FOLD", ("TDA 66",), "picked-up-not-facing", values, steps=(step, proper),
        td_decides=True, details={"dead": False},
    )  # fmt: skip
    return _with_silent(ruling, hand.profile, "TDA 66")


def _fold_gen(hand: Hand, player: int, is_next_acted: bool, proper: Step) -> Ruling:
    values = {"player": player + 1}
    if len(_in_hand(hand)) == 2:
        step = Step(StepKind.CONTINUE, note=phrase("puts-up-cards-back", player=player + 1))
        return Ruling(
            "STUD-FOLD", ("GEN 1.15",), "took-up-cards-heads-up", values, steps=(step,),
            details={"dead": False},
        )  # fmt: skip
    if is_next_acted:
        decision, steps = _kill(hand, player, phrase("took-up-cards"))
        return Ruling(
            "STUD-FOLD", ("GEN 1.15",), "took-up-cards-fold", values, decision=decision,
            steps=(*steps, proper), details={"dead": True},
        )  # fmt: skip
    step = Step(StepKind.CONTINUE, note=phrase("fold-once-next-acts"))
    return Ruling(
        "STUD-FOLD", ("GEN 1.15",), "took-up-cards-until-next", values, steps=(step,),
        details={"dead": False},
    )  # fmt: skip


# -- STUD-DECK-SHORT: GEN 1.13 ---------------------------------------------------------------------


def deck_short(hand: Hand) -> Ruling:
    """Rule on the cards left for the next stud street (STUD-DECK-SHORT, GEN 1.13).

    The cards not dealt to anyone are counted from the hand (52, less the cards dealt and one burn
    per street from fourth). When they cannot give every player in the hand a card after the burn,
    the burns and the last card(s) form a new stub, shuffled; when even that is too short, one
    card is turned face up in the middle for everybody (the usual practice, docs/judgements.md).
    TDA is silent: GEN 1.13 applies under every profile.

    Raises ParseError for a hand that is not stud or has no street left to deal.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="stud", stacks=[1000] * 8, ante=5, bring_in=10, limits=(20, 40),
    ...                    seed=3)
    >>> deck_short(hand).details
    {'street': 'fourth', 'players': 8, 'stub': 28, 'burns': 0, 'procedure': 'deal'}
    """
    _check_stud(hand)
    street = hand.street + 1 if hand.phase is Phase.BETTING else hand.street
    if street == 0 or street > _LAST or hand.phase not in (Phase.BETTING, Phase.DEALING):
        raise ParseError(message("no stud street is left to deal (STUD-DECK-SHORT)"))
    players = len(_in_hand(hand))
    dealt = sum(len(hand.hole_cards(p)) for p in range(hand.player_count)) + len(hand.board)
    burns = street - 1  # one burn before each street from fourth, this one not yet
    stub = _DECK_SIZE - dealt - burns
    needed = 1 + players
    name = _street(street)
    deal = Step(StepKind.CONTINUE, note=phrase("deal-street", street=name))
    burn = Step(StepKind.BURN, note=phrase("one-card"))
    steps: tuple[Step, ...]
    if stub >= needed:
        procedure, steps = "deal", (burn, deal)
    elif stub + burns >= needed:
        procedure = "new-stub"
        new_stub = phrase("burns-form-new-stub", burns=burns, stub=stub)
        steps = (Step(StepKind.RESHUFFLE_INTO_STUB, note=new_stub), burn, deal)
    else:
        procedure = "common-card"
        steps = (
            Step(StepKind.RESHUFFLE_INTO_STUB, note=phrase("burns-join-last")),
            burn,
            Step(StepKind.DEAL_TO_BOARD, note=phrase("common-card")),
        )
    book = _book(hand.profile)
    notes: tuple[Phrase, ...] = ()
    if book == "TDA":
        notes = (phrase("tda-silent-gen-1-13"),)
    elif book != "GEN":
        notes = (phrase("books-silent-gen-1-13", book=book),)
    details = {"street": STREETS[street], "players": players, "stub": stub, "burns": burns,
               "procedure": procedure}  # fmt: skip
    values = {"stub": stub, "players": players, "street": name, "total": stub + burns}
    return Ruling(
        "STUD-DECK-SHORT", ("GEN 1.13",), f"deck-{procedure}", values, steps=steps,
        details=details, notes=notes,
    )  # fmt: skip


# -- carrying a ruling out -------------------------------------------------------------------------


def apply_misdeal(
    hand: Hand,
    *,
    deal: str = "entered",
    seed: int | None = None,
    rng: random.Random | None = None,
    deck: Deck | None = None,
) -> Hand:
    """Carry out a stud misdeal: the same hand dealt again from its setup, every chip back (TDA
    35C: an exact replay, the dealer does not move, the same antes, bring-in and limits, absent
    players dealt in and their hands killed).

    Raises ParseError for a hand that is not stud.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="stud", stacks=[1000, 800, 600], ante=5, bring_in=10,
    ...                    limits=(20, 40), seed=3)
    >>> again = apply_misdeal(hand, seed=4)
    >>> again.starting_stacks, again.button == hand.button
    ((1000, 800, 600), True)
    """
    _check_stud(hand)
    setup = hand.setup
    return Hand.create(
        game=setup.game,
        profile=hand.profile,
        stacks=setup.starting_stacks,
        ante_posts=setup.ante_posts,
        bring_in=setup.bring_in,
        limits=setup.limits,
        button=setup.button,
        deal=deal,
        seed=seed,
        rng=rng,
        deck=deck,
        chip_unit=setup.chip_unit,
        absent=setup.absent,
        has_open_pair_option=setup.has_open_pair_option,
    )


def deal_error_kinds() -> tuple[str, ...]:
    """Return the errors ``dealing_error`` rules on: the stud ones, then the misdeal situations.

    >>> deal_error_kinds()[:2]
    ('down-card-exposed', 'down-cards-exposed')
    """
    return (*(error.value for error in StudDealingError), *(s.value for s in Situation))
