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
    # A decision without an amount (the choices of a ruling).
    P_("do-call-bare", "call"),
    P_("do-bet-bare", "bet"),
    P_("do-raise-bare", "raise"),
    P_("do-all-in-bare", "all-in"),
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
    # The layout of a ruling printed by ``pokertd floor`` (cli.floor_common.ruling_text).
    P_("layout-situation", "{who} ({street}, {facing})"),
    P_("layout-no-bet", "no bet to call"),
    P_("layout-ruling", "ruling: {verdict}"),
    P_("layout-rule", "rule: {rule} ({articles})"),
    P_("layout-step", "step {number}: {step}"),
    P_("layout-fact", "{key}: {value}"),
    P_("layout-bet", "p{player}: {was} -> {to}"),
    P_("layout-or", "{decision} (or {options})"),
    P_("layout-td", "the TD decides"),
    P_("layout-td-between", "the TD decides: {options}"),
    P_("layout-yes", "yes"),
    P_("layout-no", "no"),
)
