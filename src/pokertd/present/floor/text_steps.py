"""The words every ruling uses: the actions, lists, and the operations on the cards (steps)."""

from __future__ import annotations

from pokertd.present.floor.texts import P_, Text, phrases

PHRASES: dict[str, Text] = phrases(
    # A decision as a floor person says it (``describe``).
    P_("do-fold", "fold"),
    P_("do-check", "check"),
    P_("do-call", "call {to}"),
    P_("do-bet", "bet {to}"),
    P_("do-raise", "raise to {to}"),
    P_("do-all-in", "all-in for {to}"),
    # A decision as named in a sentence ("he declared a raise to 800").
    P_("named-fold", "a fold"),
    P_("named-check", "a check"),
    P_("named-call", "a call"),
    P_("named-bet", "a bet of {to}"),
    P_("named-raise", "a raise to {to}"),
    P_("named-all-in", "all-in"),
    # Lists: "a, b or c", "a, b and c".
    P_("or", "{items} or {last}"),
    P_("and", "{items} and {last}"),
    # The operations on the cards, with their cards and without (``step_text``).
    P_("step-burn", "Burn {cards}"),
    P_("step-burn-alone", "Burn a card"),
    P_("step-deal-to-board", "Turn {cards} face up on the board"),
    P_("step-deal-to-board-alone", "Turn a card face up"),
    P_("step-take-back", "Take back {cards}"),
    P_("step-take-back-alone", "Take back"),
    P_("step-set-aside", "Set {cards} aside"),
    P_("step-set-aside-alone", "Set aside"),
    P_("step-scramble", "Scramble {cards}"),
    P_("step-scramble-alone", "Scramble the cards"),
    P_("step-draw-at-random", "Draw {cards} at random"),
    P_("step-draw-at-random-alone", "Draw at random"),
    P_(
        "step-reshuffle-into-stub",
        "Shuffle {cards} back into the stub",
    ),
    P_("step-reshuffle-into-stub-alone", "Shuffle into the stub"),
    P_("step-kill-hand", "Kill the hand ({cards})"),
    P_("step-kill-hand-alone", "Kill the hand"),
    P_("step-redeal", "Deal the hand again"),
    P_("step-redeal-alone", "Deal the hand again"),
    P_("step-return-bets", "Return the bets"),
    P_("step-return-bets-alone", "Return the bets"),
    P_("step-continue", "Go on ({cards})"),
    P_("step-continue-alone", "Go on"),
)
