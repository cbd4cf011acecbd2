"""Mistakes put right after the fact: under-raises and underbets (BET-UNDERRAISE-CORRECTION),
pot-limit bets sized on a wrong pot count (BET-PL-CORRECTION), a player acting before a bet's
amount is stated (BET-WAIT-FOR-AMOUNT), and a player's mistakes with his own hand: mucking with an
uncalled bet (BET-UNCALLED), showing his cards while the hand is live (SHOW-EXPOSED-DURING-HAND).

The engine never accepts an illegal amount, so the input is the hand as it stood before the faulty
bet and the ``actions`` the table took from there, the faulty bet first, as the dealer saw them.
The ruling replays the corrected actions on a copy of the hand: ``details["bets"]`` gives each
player's total as played (``was``) and as corrected (``to``), ``details["actions"]`` the corrected
actions, and ``choices`` the options of the player to act once they are taken. When the error
stands, nothing changes and the engine cannot record the illegal amount (it is reported as such).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from pokertd.engine import ActionKind, Betting, Hand
from pokertd.engine.events import PlayerActed
from pokertd.errors import IllegalActionError, ParseError
from pokertd.floor.order import (
    _as_decision,
    _book,
    _en,
    _field_articles,
    _fit,
    _fr,
    _joueur,
    _kill,
    _legal,
    _options,
    _unique,
    _Who,
    _who,
    is_substantial,
)
from pokertd.floor.rulings import Decision, Ruling, Step, StepKind
from pokertd.history.replay import replay, to_history
from pokertd.rules import BetCorrectionWindow, ExposedOwnCards, Profile, UncalledAfterMuck

_FOLD, _CALL = ActionKind.FOLD, ActionKind.CALL
_BET, _RAISE, _ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN

Action = tuple[int, Decision | ActionKind | str]


class Noticed(StrEnum):
    """When a betting error is noticed."""

    #: During the betting round, the bets still in front of the players.
    IN_FRONT = "in-front"
    #: The round is over and its bets are gathered into the pot; the next card is not burned yet.
    GATHERED = "gathered"
    #: The next card is burned or dealt (on the river: the showdown has started).
    NEXT_STREET = "next-street"


_WHEN_EN = {
    Noticed.IN_FRONT: "while the bets are still in front of the players",
    Noticed.GATHERED: "after the bets were gathered, before the next card",
    Noticed.NEXT_STREET: "after the next card was burned",
}
_WHEN_FR = {
    Noticed.IN_FRONT: "alors que les mises sont encore devant les joueurs",
    Noticed.GATHERED: "après le ramassage des mises, avant la carte suivante",
    Noticed.NEXT_STREET: "après la brûlure de la carte suivante",
}


class _Copy:
    """A copy of a hand to replay corrected actions on, with the players numbered as in it."""

    def __init__(self, hand: Hand) -> None:
        self.hand = replay(to_history(hand), hand.profile).hand
        self._count = hand.player_count
        self._shift = hand.button + 1  # to_history numbers players from the button's left

    def inside(self, player: int) -> int:
        return (player - self._shift) % self._count

    def outside(self, player: int) -> int:
        return (player + self._shift) % self._count


def _as_played(hand: Hand, actions: Sequence[tuple[int, Decision]]) -> dict[int, int]:
    """Return each acting player's bet for the round as the table played ``actions``."""
    bets, stacks, current = list(hand.bets), list(hand.stacks), hand.current_bet
    for player, decision in actions:
        cover = hand.bets[player] + stacks[player]
        if decision.kind is _CALL:
            bets[player] = min(current, cover)
        elif decision.kind is _ALL_IN:
            bets[player] = cover
        elif decision.kind in (_BET, _RAISE):
            bets[player] = min(decision.to or 0, cover)
        current = max(current, bets[player])
    return {player: bets[player] for player, decision in actions if decision.kind is not _FOLD}


def _read(hand: Hand, actions: Sequence[Action]) -> list[tuple[int, Decision]]:
    if not actions:
        raise ParseError("no actions given: the faulty bet comes first")
    read = [(player, _as_decision(action)) for player, action in actions]
    for player, _ in read:
        if not 0 <= player < hand.player_count:
            raise ParseError(f"there is no player {player + 1} in a hand of {hand.player_count}")
    if read[0][1].kind not in (_BET, _RAISE, _ALL_IN):
        raise ParseError(f"the first action {read[0][1]} is not the faulty bet or raise")
    if hand.legal() is None or hand.to_act != read[0][0]:
        raise ParseError(f"{_who(read[0][0])} is not the player to act in the hand given")
    return read


def _replay_corrected(
    hand: Hand,
    actions: Sequence[tuple[int, Decision]],
    first: Decision,
) -> tuple[_Copy, list[tuple[int, Decision]], dict[int, int]]:
    """Take the corrected ``first`` bet and the rest of ``actions`` on a copy of the hand, each
    fitted to what the engine allows then (a call of the corrected bet, a raise within bounds)."""
    copy = _Copy(hand)
    taken: list[tuple[int, Decision]] = []
    totals: dict[int, int] = {}
    for index, (player, decision) in enumerate(actions):
        legal = copy.hand.legal()
        if legal is None or legal.player != copy.inside(player):
            break  # the round ended with the correction (or the table went on out of turn)
        wanted = first if index == 0 else _later(decision, copy.hand)
        fitted = _fit(wanted, legal)
        before = len(copy.hand.events)
        copy.hand.act(copy.inside(player), fitted.kind, fitted.to)
        acted = next(e for e in copy.hand.events[before:] if isinstance(e, PlayerActed))
        taken.append((player, fitted))
        totals[player] = acted.to
    return copy, taken, totals


def _later(decision: Decision, hand: Hand) -> Decision:
    """A later bet or raise that no longer raises the corrected bet is a call."""
    if decision.kind in (_BET, _RAISE) and (decision.to or 0) <= hand.current_bet:
        return Decision(_CALL)
    return decision


def _ruling(
    rule: str,
    articles: tuple[str, ...],
    hand: Hand,
    actions: Sequence[tuple[int, Decision]],
    first: Decision,
    en: str,
    fr: str,
    extra: dict[str, Any],
) -> Ruling:
    """Build the ruling of a correction: replay, the differences per player, the next options."""
    played = _as_played(hand, actions)
    copy, taken, totals = _replay_corrected(hand, actions, first)
    bets = [
        {"player": player, "was": was, "to": totals.get(player, was)}
        for player, was in played.items()
    ]
    adds_en, adds_fr = [], []
    for bet in bets:
        change = bet["to"] - bet["was"]
        if change and bet["player"] != actions[0][0]:
            way_en = f"adds {change}" if change > 0 else f"gets {-change} back"
            way_fr = f"ajoute {change}" if change > 0 else f"récupère {-change}"
            adds_en.append(f"{_who(bet['player'])} {way_en} (total {bet['to']})")
            adds_fr.append(f"le {_joueur(bet['player'])} {way_fr} (total {bet['to']})")
    if adds_en:
        en += " " + _sentence("; ".join(adds_en))
        fr += " " + _sentence(" ; ".join(adds_fr))
    legal = copy.hand.legal()
    choices: tuple[Decision, ...] = ()
    if legal is not None and not legal.show and not legal.muck:
        player = copy.outside(legal.player)
        choices = _options(legal)
        en += f" The action is then on {_who(player)}, facing {copy.hand.current_bet}."
        fr += f" La parole est ensuite au {_joueur(player)}, face à {copy.hand.current_bet}."
        extra["to_act"] = player
    else:
        en += " The betting round is then complete."
        fr += " Le tour d'enchères est alors terminé."
        extra["to_act"] = None
    details = {
        "corrected": True,
        "bets": bets,
        "actions": [f"{_who(player)}: {decision}" for player, decision in taken],
        **extra,
    }
    return Ruling(rule, articles, en, fr, choices=choices, details=details)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _stands(
    rule: str,
    articles: tuple[str, ...],
    hand: Hand,
    actions: Sequence[tuple[int, Decision]],
    en: str,
    fr: str,
    extra: dict[str, Any],
) -> Ruling:
    played = _as_played(hand, actions)
    details = {
        "corrected": False,
        "bets": [{"player": p, "was": was, "to": was} for p, was in played.items()],
        **extra,
    }
    return Ruling(rule, articles, en, fr, details=details)


def correct_underraise(
    hand: Hand,
    actions: Sequence[Action],
    *,
    noticed: Noticed = Noticed.IN_FRONT,
    is_raise_declared: bool = False,
) -> Ruling:
    """Rule on a bet or raise below the legal minimum that the table let stand for a while
    (BET-UNDERRAISE-CORRECTION), ``actions[0]`` being that bet.

    TDA 43A corrects it on the current street only (on the river, until the showdown starts);
    LFP 7.17 corrects a series of errors from the first one unless the bets have been gathered
    (7.18). Corrected, an opening bet becomes the minimum bet (LFP 7.16: the big blind); a raise
    reaching 50 % of the minimum increment, or declared as a raise, becomes the minimum raise, and
    a smaller one a call (BET-UNDERRAISE-50). Later calls call the corrected amount.

    Raises ParseError when the actions are not readable or the first one is not a bet or raise of
    the player to act below the minimum.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[10_000] * 3, blinds=(100, 200), seed=1)
    >>> ruling = correct_underraise(hand, [(2, "raise 300"), (0, "call"), (1, "call")])
    >>> ruling.details["bets"]
    [{'player': 2, 'was': 300, 'to': 400}, {'player': 0, 'was': 300, 'to': 400}, \
{'player': 1, 'was': 300, 'to': 400}]
    """
    profile = hand.profile
    read = _read(hand, actions)
    player, faulty = read[0]
    legal = hand.legal()
    assert legal is not None
    low = legal.min_raise_to
    cover = hand.bets[player] + hand.stacks[player]
    to = cover if faulty.kind is _ALL_IN else faulty.to or 0
    if low is None or to >= low or to >= cover:
        raise ParseError(
            f"{_who(player)}'s {faulty} is not below the minimum "
            f"{low if low is not None else '(no raise allowed)'} (BET-UNDERRAISE-CORRECTION)"
        )
    current = hand.current_bet
    is_opening = current == 0
    articles = _field_articles(profile, "bet_correction_window")
    window = profile.bet_correction_window
    # BET-UNDERRAISE-CORRECTION: TDA 43A current street, LFP 7.17-7.18 until the bets are gathered.
    is_corrected = noticed is Noticed.IN_FRONT or (
        noticed is Noticed.GATHERED and window is BetCorrectionWindow.CURRENT_STREET
    )
    what_en = "opening bet" if is_opening else "raise"
    what_fr = "L'ouverture" if is_opening else "La relance"
    lead_en = (
        f"{_Who(player)}'s {what_en} to {to} is below the minimum {low}, and the error is noticed "
        f"{_WHEN_EN[noticed]}"
    )
    lead_fr = (
        f"{what_fr} du {_joueur(player)} à {to} est inférieure au minimum de {low}, et l'erreur "
        f"est constatée {_WHEN_FR[noticed]}"
    )
    extra: dict[str, Any] = {"faulty": {"player": player, "to": to, "minimum": low}}
    if not is_corrected:
        if window is BetCorrectionWindow.CURRENT_STREET:
            why_en = "it is corrected on the current street only, so the bets stand as played."
            why_fr = (
                "elle n'est corrigée que sur le tour en cours : les mises restent telles quelles."
            )
        else:
            why_en = "once the bets are gathered the error stands and the pot is final."
            why_fr = "une fois les jetons réunis au milieu, l'erreur est maintenue et le pot est "
            why_fr += "définitif."
        en, fr = f"{lead_en}: {why_en}", f"{lead_fr} : {why_fr}"
        return _stands("BET-UNDERRAISE-CORRECTION", articles, hand, read, en, fr, extra)
    increment, needed = to - current, low - current
    # BET-UNDERRAISE-50: the correction follows the 50 % rule, as the floor would have ruled.
    if is_opening or is_raise_declared or 2 * increment >= needed:
        first = Decision(_BET if is_opening else _RAISE, low)
        how_en, how_fr = f"corrected to {low}", f"corrigée à {low}"
    else:
        first = Decision(_CALL)
        how_en = (
            f"below 50 % of the minimum increment ({needed}), so it becomes a call of {current}"
        )
        how_fr = f"sous 50 % de l'incrément minimum ({needed}), elle devient un suivi de {current}"
    if not is_opening:
        articles = _unique([*articles, *_underraise_articles(profile)])
    en, fr = f"{lead_en}: it is {how_en}.", f"{lead_fr} : elle est {how_fr}."
    return _ruling("BET-UNDERRAISE-CORRECTION", articles, hand, read, first, en, fr, extra)


def _underraise_articles(profile: Profile) -> tuple[str, ...]:
    """BET-UNDERRAISE-50: the article of the 50 % rule the correction applies."""
    book = profile.book or "TDA"
    return {"LFP": ("LFP 7.16",), "GM": ("GM 10°",), "BAN": ("BAN/RELINSUF",)}.get(
        book, ("TDA 47A",)
    )


def correct_pot_limit(
    hand: Hand,
    actions: Sequence[Action],
    *,
    noticed: Noticed = Noticed.IN_FRONT,
    quoted: int | None = None,
) -> Ruling:
    """Rule on a pot-limit bet of the pot sized on a wrong count (BET-PL-CORRECTION, TDA 43B and
    Add.43-B), ``actions[0]`` being that bet and ``quoted`` the count given, if known.

    Too large: corrected for every player at any time on the current street, each getting back
    what he put in above the pot (EX-39). Too small: corrected to the pot until substantial action
    follows the bet, by the profile's definition (EX-37, EX-38); only TDA states the rule, and
    every profile applies it with its own substantial action.

    Raises ParseError for a game that is not pot-limit, or a first action that is not a bet or
    raise of the player to act other than the size of the pot.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="plo", stacks=[10_000] * 3, blinds=(50, 100), seed=1)
    >>> ruling = correct_pot_limit(hand, [(2, "raise 400"), (0, "fold")], quoted=250)
    >>> ruling.details["bets"][0], ruling.details["pot_limit_to"]
    ({'player': 2, 'was': 400, 'to': 350}, 350)
    """
    profile = hand.profile
    if hand.game.betting is not Betting.POT_LIMIT:
        raise ParseError(f"{hand.game.name} is not a pot-limit game (BET-PL-CORRECTION)")
    read = _read(hand, actions)
    player, faulty = read[0]
    legal = hand.legal()
    assert legal is not None
    assert legal.max_raise_to is not None
    cover = hand.bets[player] + hand.stacks[player]
    to = cover if faulty.kind is _ALL_IN else faulty.to or 0
    pot_to = legal.max_raise_to
    if to == pot_to:
        raise ParseError(f"{_who(player)}'s {faulty} is the size of the pot (BET-PL-CORRECTION)")
    kind_en = "bet" if legal.is_opening else "raise"
    kind_fr = "mise" if legal.is_opening else "relance"
    count_en = f" on a count of {quoted}" if quoted is not None else ""
    count_fr = f" sur un décompte de {quoted}" if quoted is not None else ""
    extra: dict[str, Any] = {"pot_limit_to": pot_to, "quoted": quoted}
    articles: tuple[str, ...] = ("TDA 43B", "TDA Add.43-B")
    is_too_large = to > pot_to
    lead_en = (
        f"{_Who(player)} made a pot {kind_en} to {to}{count_en}; the pot allowed "
        f"{'only ' if is_too_large else ''}{pot_to}. The error is noticed {_WHEN_EN[noticed]}"
    )
    lead_fr = (
        f"Le {_joueur(player)} a fait une {kind_fr} pot à {to}{count_fr} ; le pot permettait "
        f"{'seulement ' if is_too_large else ''}{pot_to}. L'erreur est constatée "
        f"{_WHEN_FR[noticed]}"
    )
    first = Decision(_BET if legal.is_opening else _RAISE, pot_to)
    if is_too_large:
        if noticed is Noticed.NEXT_STREET:
            en = f"{lead_en}: too late, the bets stand at {to}."
            fr = f"{lead_fr} : trop tard, les mises restent à {to}."
            return _stands("BET-PL-CORRECTION", articles, hand, read, en, fr, extra)
        en = (
            f"{lead_en}: a bet above the pot is corrected for every player at any time on the "
            f"current street, so it comes down to {pot_to} and {_who(player)} gets "
            f"{to - pot_to} back."
        )
        fr = (
            f"{lead_fr} : une mise supérieure au pot est corrigée pour tous à tout moment du tour "
            f"en cours ; elle descend à {pot_to} et le {_joueur(player)} récupère {to - pot_to}."
        )
        return _ruling("BET-PL-CORRECTION", articles, hand, read, first, en, fr, extra)
    after = [(p, decision.kind) for p, decision in read[1:]]
    is_sa = is_substantial(after, profile.substantial_action, is_opened=True)
    extra["substantial_action"] = is_sa
    articles = _unique([*articles, *_field_articles(profile, "substantial_action")])
    if is_sa or noticed is Noticed.NEXT_STREET:
        why_en = "substantial action followed the bet" if is_sa else "the next card is out"
        why_fr = (
            "une action substantielle a suivi la mise" if is_sa else "la carte suivante est sortie"
        )
        en = f"{lead_en}: {why_en}, so the {kind_en} stays at {to}."
        fr = f"{lead_fr} : {why_fr}, la {kind_fr} reste donc à {to}."
        return _stands("BET-PL-CORRECTION", articles, hand, read, en, fr, extra)
    en = (
        f"{lead_en}, before substantial action followed it: {_who(player)} must bring his "
        f"{kind_en} up to the pot, {pot_to}."
    )
    fr = (
        f"{lead_fr}, avant toute action substantielle : le {_joueur(player)} doit porter sa "
        f"{kind_fr} au montant du pot, {pot_to}."
    )
    return _ruling("BET-PL-CORRECTION", articles, hand, read, first, en, fr, extra)


# -- amounts not yet stated (BET-WAIT-FOR-AMOUNT) --------------------------------------------------


def wait_for_amount(hand: Hand) -> Ruling:
    """Rule on the player to act saying "raise" (or "bet") without an amount (BET-WAIT-FOR-AMOUNT,
    TDA 41B): the next player must wait; ``choices`` are the smallest and largest totals he may
    name.

    Raises IllegalActionError when nobody is to bet or he may not bet or raise.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 3, blinds=(50, 100), seed=1)
    >>> [str(choice) for choice in wait_for_amount(hand).choices]
    ['raise 200', 'raise 1000']
    """
    legal = _legal(hand, "BET-WAIT-FOR-AMOUNT")
    player = legal.player
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        raise IllegalActionError(
            f"{_who(player)} may not bet or raise now (BET-WAIT-FOR-AMOUNT)",
            rule="BET-WAIT-FOR-AMOUNT",
        )
    kind = _BET if legal.is_opening else _RAISE
    after = (player + 1) % hand.player_count
    en = (
        f"{_Who(player)} announced a {kind.value} without an amount. He must state it, from {low} "
        f"to {high}; nobody after him acts until he has: {_who(after)} and the others wait for "
        "a clear amount."
    )
    fr = (
        f"Le {_joueur(player)} a annoncé une {'mise' if kind is _BET else 'relance'} sans "
        f"montant. Il doit le préciser, de {low} à {high} ; personne après lui n'agit avant : le "
        f"{_joueur(after)} et les suivants attendent un montant clair."
    )
    choices = (Decision(kind, low),) + ((Decision(kind, high),) if high > low else ())
    details = {"player": player, "min_to": low, "max_to": high}
    return Ruling("BET-WAIT-FOR-AMOUNT", ("TDA 41B",), en, fr, choices=choices, details=details)


def acted_before_amount(hand: Hand, player: int, action: Decision | ActionKind | str) -> Ruling:
    """Rule on ``player`` acting before the player to act has stated the amount of his bet or
    raise (BET-WAIT-FOR-AMOUNT, TDA 41B, 59B).

    A call: the TD sets a fair amount and may hold him to it (59B). A fold: TDA does not say
    (EX-66); pokertd holds it as a fold out of turn, which binds (44A, 58), and leaves it to the
    TD. Any other action waits as a declaration out of turn (``declare``). Nothing is for the
    engine now: ``details["held"]`` is the action he will be held to.

    Raises ParseError for an unreadable action or a player who is not in the hand.
    """
    decision = _as_decision(action)
    to_act = hand.to_act
    if not 0 <= player < hand.player_count or player == to_act or hand.is_folded(player):
        raise ParseError(f"player {player + 1} is not a player waiting to act")
    qui = _joueur(player)
    raiser, relanceur = _who(to_act or 0), _joueur(to_act or 0)
    details: dict[str, Any] = {"player": player, "held": str(decision)}
    if decision.kind is _CALL:
        en = (
            f"{_Who(player)} called before {raiser} stated his amount. He should have waited; the "
            "TD sets the fairest amount in the circumstances and may hold him to calling it."
        )
        fr = (
            f"Le {qui} a suivi avant que le {relanceur} ne précise son montant. Il devait "
            "attendre ; le directeur fixe le montant le plus juste selon la situation et peut "
            "l'obliger à le payer."
        )
        return Ruling(
            "BET-WAIT-FOR-AMOUNT", ("TDA 41B", "TDA 59B"), en, fr, td_decides=True,
            details=details,
        )  # fmt: skip
    if decision.kind is _FOLD:
        en = (
            f"{_Who(player)} folded before {raiser} stated his amount. He had to wait for a clear "
            "amount; TDA does not say what becomes of the fold. pokertd holds it as a fold out of "
            "turn, which binds, and leaves the last word to the TD."
        )
        fr = (
            f"Le {qui} a passé avant que le {relanceur} ne précise son montant. Il devait attendre "
            "un montant clair ; la TDA ne dit pas ce que devient ce fold. pokertd le traite comme "
            "un fold hors de tour, qui engage, et laisse le dernier mot au directeur."
        )
        details["binds"] = True
        return Ruling(
            "BET-WAIT-FOR-AMOUNT", ("TDA 41B", "TDA 44A", "TDA 58"), en, fr, td_decides=True,
            details=details,
        )  # fmt: skip
    en = (
        f"{_Who(player)} acted ({_en(decision)}) before {raiser} stated his amount. He must "
        "wait; his action is held as an action out of turn, which binds only if the action to "
        "him does not change."
    )
    fr = (
        f"Le {qui} a agi ({_fr(decision)}) avant que le {relanceur} ne précise son montant. Il "
        "doit attendre ; son action est traitée comme une action hors de tour, qui ne l'engage "
        "que si la situation ne change pas."
    )
    return Ruling("BET-WAIT-FOR-AMOUNT", ("TDA 41B", "TDA 44A"), en, fr, details=details)


# -- an uncalled bet mucked (BET-UNCALLED) ---------------------------------------------------------


def uncalled_after_muck(hand: Hand, player: int, *, is_retrievable: bool = False) -> Ruling:
    """Rule on the bet of ``player`` who mucked his hand while part of his bet was uncalled
    (BET-UNCALLED): returned (TDA 15B, 65A; GM 28°), kept in the pot except what no opponent
    could cover (LFP 3.2), or lost with the pot unless his cards can be retrieved (GEN 1.16).

    ``details`` give the ``uncalled`` part, what is ``returned`` to him and what is ``kept``.

    Raises ParseError for a player who is not in the hand.

    >>> from pokertd import Hand, rules
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 3, blinds=(5, 10), seed=1)
    >>> hand.act(2, "raise", to=100)
    >>> uncalled_after_muck(hand, 2).details
    {'player': 2, 'uncalled': 90, 'returned': 90, 'kept': 0}
    """
    if not 0 <= player < hand.player_count or hand.is_folded(player):
        raise ParseError(f"player {player + 1} is not in the hand")
    profile = hand.profile
    bets = hand.bets
    others = [p for p in range(hand.player_count) if p != player and not hand.is_folded(p)]
    matched = max((bets[p] for p in others), default=0)
    uncalled = max(0, bets[player] - matched)
    coverable = max((bets[p] + hand.stacks[p] for p in others), default=0)
    beyond = max(0, bets[player] - max(coverable, matched))
    choice = profile.uncalled_after_muck
    articles = _field_articles(profile, "uncalled_after_muck")
    who, joueur = _Who(player), _joueur(player)
    decision, steps = _kill(hand, player, "mucked")
    # BET-UNCALLED
    if choice is UncalledAfterMuck.LOST_UNLESS_RETRIEVABLE and is_retrievable:
        en = f"{who}'s cards can be retrieved without dispute: he takes them back and the hand "
        en += "goes on."
        fr = f"Les cartes du {joueur} peuvent être récupérées sans discussion : il les reprend et "
        fr += "le coup continue."
        details = {"player": player, "uncalled": uncalled, "returned": 0, "kept": 0}
        step = Step(StepKind.CONTINUE, note="his hand is retrieved")
        return Ruling("BET-UNCALLED", articles, en, fr, steps=(step,), details=details)
    if choice is UncalledAfterMuck.RETURNED:
        returned = uncalled
    elif choice is UncalledAfterMuck.KEPT_IN_POT:
        returned = beyond
    else:
        returned = 0
    kept = uncalled - returned
    if returned:
        steps = (*steps, Step(StepKind.RETURN_BETS, note=f"{returned} back to {_who(player)}"))
    en = f"{who} mucked with {uncalled} of his bet of {bets[player]} uncalled: his hand is dead"
    fr = f"Le {joueur} a jeté ses cartes avec {uncalled} de sa mise de {bets[player]} non suivis : "
    fr += "sa main est morte"
    if choice is UncalledAfterMuck.RETURNED:
        en += f", and the uncalled {uncalled} goes back to him."
        fr += f", et les {uncalled} non suivis lui sont rendus."
    elif choice is UncalledAfterMuck.KEPT_IN_POT:
        en += "; he cannot recover his uncalled bet except the part no opponent could cover "
        en += f"({returned}); {kept} stays in the pot."
        fr += " ; il ne peut pas récupérer sa mise non suivie, sauf la partie qu'aucun adversaire "
        fr += f"ne pouvait couvrir ({returned}) ; {kept} reste au pot."
    else:
        en += f" and he loses the pot, his uncalled {uncalled} included: his cards cannot be "
        en += "retrieved."
        fr += f" et il perd le pot, ses {uncalled} non suivis compris : ses cartes ne peuvent pas "
        fr += "être récupérées."
    details = {"player": player, "uncalled": uncalled, "returned": returned, "kept": kept}
    return Ruling("BET-UNCALLED", articles, en, fr, decision=decision, steps=steps, details=details)


# -- a player showing his own cards (SHOW-EXPOSED-DURING-HAND) -------------------------------------


def exposed_own_cards(hand: Hand, player: int) -> Ruling:
    """Rule on ``player`` showing his own cards while the hand is still being bet
    (SHOW-EXPOSED-DURING-HAND): live with a penalty after the hand (LFP 4.1, GM 31°) or from the
    next hand (TDA 68), or dead (BAN/CARTES).

    Raises ParseError for a player who is not in the hand.

    >>> from pokertd import Hand, rules
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 3, blinds=(5, 10), seed=1,
    ...                    profile=rules.load("bannalec"))
    >>> str(exposed_own_cards(hand, 2).decision)
    'fold'
    """
    if not 0 <= player < hand.player_count or hand.is_folded(player):
        raise ParseError(f"player {player + 1} is not in the hand")
    profile = hand.profile
    articles = _field_articles(profile, "exposed_own_cards")
    choice = profile.exposed_own_cards
    # SHOW-EXPOSED-DURING-HAND
    if choice is ExposedOwnCards.DEAD:
        decision, steps = _kill(hand, player, "cards shown during the hand")
        en = f"{_Who(player)} showed his cards while the hand is being played: his hand is dead."
        fr = f"Le {_joueur(player)} a montré ses cartes pendant le coup : sa main est morte."
        details: dict[str, Any] = {"player": player, "is_live": False, "penalty": None}
        return Ruling(
            "SHOW-EXPOSED-DURING-HAND", articles, en, fr, decision=decision, steps=steps,
            details=details,
        )  # fmt: skip
    when = "next-hand" if choice is ExposedOwnCards.LIVE_PENALTY_NEXT_HAND else "after-hand"
    when_en = "from the start of the next hand" if when == "next-hand" else "after the hand"
    when_fr = "dès le début du coup suivant" if when == "next-hand" else "après le coup"
    en = (
        f"{_Who(player)} showed his cards while players may still bet: it is forbidden, but his "
        f"hand stays live; the penalty is applied {when_en}."
    )
    fr = (
        f"Le {_joueur(player)} a montré ses cartes alors que des joueurs peuvent encore miser : "
        f"c'est interdit, mais sa main reste vivante ; la sanction s'applique {when_fr}."
    )
    if _book(profile) == "LFP":
        en += " Cards laid face up in the middle of the table may also be read as a fold or a call."
        fr += " Des cartes étalées au milieu de la table peuvent aussi être lues comme un fold ou "
        fr += "un suivi."
    details = {"player": player, "is_live": True, "penalty": when}
    return Ruling("SHOW-EXPOSED-DURING-HAND", articles, en, fr, details=details)
