"""The words every ruling uses: the actions, lists, and the operations on the cards (steps)."""

from __future__ import annotations

from pokertd.present.floor.texts import P_, Text, phrases

PHRASES: dict[str, Text] = phrases(
    # A decision as a floor person says it (``describe``).
    P_("do-fold", "fold", "passer (fold)"),
    P_("do-check", "check", "parole (check)"),
    P_("do-call", "call {to}", "suivre à {to} (call)"),
    P_("do-bet", "bet {to}", "miser {to}"),
    P_("do-raise", "raise to {to}", "relancer à {to}"),
    P_("do-all-in", "all-in for {to}", "tapis à {to}"),
    # A decision as named in a sentence ("he declared a raise to 800").
    P_("named-fold", "a fold", "passe"),
    P_("named-check", "a check", "parole"),
    P_("named-call", "a call", "suivi"),
    P_("named-bet", "a bet of {to}", "mise de {to}"),
    P_("named-raise", "a raise to {to}", "relance à {to}"),
    P_("named-all-in", "all-in", "tapis"),
    # Lists: "a, b or c", "a, b and c".
    P_("or", "{items} or {last}", "{items} ou {last}"),
    P_("and", "{items} and {last}", "{items} et {last}"),
    # The operations on the cards, with their cards and without (``step_text``).
    P_("step-burn", "Burn {cards}", "Brûler {cards}"),
    P_("step-burn-alone", "Burn a card", "Brûler une carte"),
    P_("step-deal-to-board", "Turn {cards} face up on the board", "Retourner {cards} sur le board"),
    P_("step-deal-to-board-alone", "Turn a card face up", "Retourner une carte"),
    P_("step-take-back", "Take back {cards}", "Reprendre {cards}"),
    P_("step-take-back-alone", "Take back", "Reprendre"),
    P_("step-set-aside", "Set {cards} aside", "Mettre {cards} de côté"),
    P_("step-set-aside-alone", "Set aside", "Mettre de côté"),
    P_("step-scramble", "Scramble {cards}", "Mélanger {cards}"),
    P_("step-scramble-alone", "Scramble the cards", "Mélanger les cartes"),
    P_("step-draw-at-random", "Draw {cards} at random", "Tirer {cards} au hasard"),
    P_("step-draw-at-random-alone", "Draw at random", "Tirer au hasard"),
    P_(
        "step-reshuffle-into-stub",
        "Shuffle {cards} back into the stub",
        "Remélanger {cards} dans le talon",
    ),
    P_("step-reshuffle-into-stub-alone", "Shuffle into the stub", "Remélanger dans le talon"),
    P_("step-kill-hand", "Kill the hand ({cards})", "Déclarer la main morte ({cards})"),
    P_("step-kill-hand-alone", "Kill the hand", "Déclarer la main morte"),
    P_("step-redeal", "Deal the hand again", "Redistribuer la main"),
    P_("step-redeal-alone", "Deal the hand again", "Redistribuer la main"),
    P_("step-return-bets", "Return the bets", "Rendre les mises"),
    P_("step-return-bets-alone", "Return the bets", "Rendre les mises"),
    P_("step-continue", "Go on ({cards})", "Continuer ({cards})"),
    P_("step-continue-alone", "Go on", "Continuer"),
)
