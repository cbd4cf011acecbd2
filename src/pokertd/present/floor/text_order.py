"""The texts of the rulings on the order of play and corrections (``floor.order``,
``floor.turns``, ``floor.corrections``)."""

from __future__ import annotations

from pokertd.present.floor.texts import O_, P_, Text, outcomes, phrases

_SA = "DEAL-SA-DEFINITION"
_COND = "BET-CONDITIONAL"
_OOT = "BET-OOT"
_UNDER = "BET-UNDERRAISE-CORRECTION"
_PL = "BET-PL-CORRECTION"
_WAIT = "BET-WAIT-FOR-AMOUNT"
_UNCALLED = "BET-UNCALLED"
_EXPOSED = "SHOW-EXPOSED-DURING-HAND"

_ORDER = (
    # DEAL-SA-DEFINITION
    O_(
        _SA,
        "is-substantial",
        "Actions {scope}: {done}; {count} in all, {chips} putting chips in. That is substantial "
        "action: it takes {definition}; posted blinds do not count.",
    ),
    O_(
        _SA,
        "not-substantial",
        "Actions {scope}: {done}; {count} in all, {chips} putting chips in. That is not "
        "substantial action: it takes {definition}; posted blinds do not count.",
    ),
    # BET-CONDITIONAL
    O_(
        _COND,
        "condition-not-met",
        "Player {player}'s conditional statement ({action} if ...) does not bind: its condition "
        "did not happen, so he has all his options. Conditional statements are discouraged and "
        "may be penalised.",
    ),
    O_(
        _COND,
        "condition-binds",
        "The condition of player {player}'s statement came true, so it binds: {action}. He is "
        "penalised for the conditional statement.",
    ),
    O_(
        _COND,
        "condition-td",
        "The condition of player {player}'s statement came true. A conditional statement is "
        "non-standard: the TD may hold him to it ({action}) or let him choose, and may penalise "
        "him.",
    ),
    # BET-OOT: the skipped player
    O_(
        _OOT,
        "action-back",
        "The action goes back to player {player}, {facing}: he has all his options.",
    ),
    O_(
        _OOT,
        "fold-or-call-only",
        "He may no longer change the situation: he may only fold or call, {facing} now and the "
        "bets declared since when his turn comes again. A bet or raise made after his decision "
        "gives him all his options back.",
    ),
    O_(
        _OOT,
        "td-decides-hand",
        "The TD decides player {player}'s hand: he may declare it dead or restrict its action, "
        "e.g. to folding or calling.",
    ),
    O_(_OOT, "acts-in-turn", "Player {player} acts in turn: {action}."),
    O_(
        _OOT,
        "restricted-skipped",
        "Player {player} was skipped and did not speak up before substantial action: he may still "
        "only fold or call the bets declared before his decision (up to {limit}); only a bet or "
        "raise made after it gives him all his options back.",
    ),
    O_(_OOT, "acts-freely", "No out-of-turn declaration concerns player {player}: he acts freely."),
    # BET-OOT: the declarer
    O_(
        _OOT,
        "oot-fold-stands",
        "Player {player} folded out of turn: a fold out of turn always stands.",
    ),
    O_(
        _OOT,
        "declaration-void",
        "The action to player {player} has changed since he declared {action} out of turn (he "
        "faced {faced}, he now faces {current}): his declaration is void, his chips go back, and "
        "he has all his options.",
    ),
    O_(
        _OOT,
        "declared-check-facing-bet",
        "{unchanged}: his check facing a bet of {current} lets him call or fold, not raise.",
    ),
    O_(_OOT, "declaration-binds", "{unchanged}: it binds him ({fitted})."),
    # BET-UNDERRAISE-CORRECTION
    O_(
        _UNDER,
        "stands-current-street",
        "{faulty}: it is corrected on the current street only, so the bets stand as played.",
    ),
    O_(
        _UNDER,
        "stands-gathered",
        "{faulty}: once the bets are gathered the error stands and the pot is final.",
    ),
    O_(_UNDER, "corrected-to-minimum", "{faulty}: it is corrected to {low}."),
    O_(
        _UNDER,
        "corrected-to-call",
        "{faulty}: it is below 50 % of the minimum increment ({needed}), so it becomes a call of "
        "{current}.",
    ),
    # BET-PL-CORRECTION
    O_(_PL, "too-late-bets-stand", "{faulty}: too late, the bets stand at {to}."),
    O_(
        _PL,
        "above-pot-corrected",
        "{faulty}: a bet above the pot is corrected for every player at any time on the current "
        "street, so it comes down to {pot} and player {player} gets {back} back.",
    ),
    O_(_PL, "short-pot-bet-stands", "{faulty}: {why}, so the {kind} stays at {to}."),
    O_(
        _PL,
        "short-pot-bet-corrected",
        "{faulty}, before substantial action followed it: player {player} must bring his {kind} "
        "up to the pot, {pot}.",
    ),
    # BET-WAIT-FOR-AMOUNT
    O_(
        _WAIT,
        "amount-pending",
        "Player {player} announced a {kind} without an amount. He must state it, from {low} to "
        "{high}; nobody after him acts until he has: player {after} and the others wait for a "
        "clear amount.",
    ),
    O_(
        _WAIT,
        "called-before-amount",
        "Player {player} called before player {raiser} stated his amount. He should have waited; "
        "the TD sets the fairest amount in the circumstances and may hold him to calling it.",
    ),
    O_(
        _WAIT,
        "folded-before-amount",
        "Player {player} folded before player {raiser} stated his amount. He had to wait for a "
        "clear amount; TDA does not say what becomes of the fold. pokertd holds it as a fold out "
        "of turn, which binds, and leaves the last word to the TD.",
    ),
    O_(
        _WAIT,
        "acted-before-amount",
        "Player {player} acted ({action}) before player {raiser} stated his amount. He must wait; "
        "his action is held as an action out of turn, which binds only if the action to him does "
        "not change.",
    ),
    # BET-UNCALLED
    O_(
        _UNCALLED,
        "retrieved",
        "Player {player}'s cards can be retrieved without dispute: he takes them back and the "
        "hand goes on.",
    ),
    O_(
        _UNCALLED,
        "uncalled-returned",
        "Player {player} mucked with {uncalled} of his bet of {bet} uncalled: his hand is dead, "
        "and the uncalled {uncalled} goes back to him.",
    ),
    O_(
        _UNCALLED,
        "uncalled-kept",
        "Player {player} mucked with {uncalled} of his bet of {bet} uncalled: his hand is dead; "
        "he cannot recover his uncalled bet except the part no opponent could cover ({returned}); "
        "{kept} stays in the pot.",
    ),
    O_(
        _UNCALLED,
        "uncalled-lost",
        "Player {player} mucked with {uncalled} of his bet of {bet} uncalled: his hand is dead "
        "and he loses the pot, his uncalled {uncalled} included: his cards cannot be retrieved.",
    ),
    # SHOW-EXPOSED-DURING-HAND
    O_(
        _EXPOSED,
        "shown-own-dead",
        "Player {player} showed his cards while the hand is being played: his hand is dead.",
    ),
    O_(
        _EXPOSED,
        "shown-own-live",
        "Player {player} showed his cards while players may still bet: it is forbidden, but his "
        "hand stays live; the penalty is applied {when}.",
    ),
)

_PHRASES = (
    # substantial action
    P_(
        "sa-two-actions-one-with-chips-or-three",
        "two actions by two players, at least one putting chips in, or any three actions",
    ),
    P_(
        "sa-two-chip-actions-or-three",
        "two actions putting chips in (bet, call or raise), or three actions in all",
    ),
    P_(
        "sa-three-after-opening-or-two-with-raise",
        "three players acting after an opening bet (the big blind before the flop), or two of "
        "whom one raises",
    ),
    P_("since-round-began", "since the betting round began"),
    P_("since-event", "since event {at}"),
    P_("no-action", "no action (posted blinds never count)"),
    P_("player-acted", "player {player} {action}"),
    # acting out of turn
    P_(
        "acted-out-of-turn",
        "Player {player} acted out of turn ({action}) while player {skipped} was to act.",
    ),
    P_("facing-amount", "facing {amount}"),
    P_("no-bet-to-call", "with no bet to call"),
    P_("declared", "player {player} ({action})"),
    P_(
        "oot-if-facing-one",
        "If he calls or folds, the action has not changed and {listed} binds. If he raises, the "
        "action has changed: the out-of-turn chips go back and that player has all options "
        "again.",
    ),
    P_(
        "oot-if-facing-many",
        "If he calls or folds, the action has not changed and {listed} bind. If he raises, the "
        "action has changed: the out-of-turn chips go back and each of those players has all "
        "options again.",
    ),
    P_(
        "oot-if-open-one",
        "If he checks, the action has not changed and {listed} binds. If he bets, the action has "
        "changed: the out-of-turn chips go back and that player has all options again.",
    ),
    P_(
        "oot-if-open-many",
        "If he checks, the action has not changed and {listed} bind. If he bets, the action has "
        "changed: the out-of-turn chips go back and each of those players has all options again.",
    ),
    P_("oot-folds-stand", "The fold out of turn of {players} stands whatever he does."),
    P_("fold-when-check-possible", "Folding when a check was possible may be penalised."),
    P_("oot-may-be-penalised", "Acting out of turn may be penalised."),
    P_(
        "oot-not-substantial",
        "The out-of-turn actions are not substantial action, which takes {definition}.",
    ),
    P_(
        "not-spoken-up",
        "Player {player} did not speak up before substantial action to his left ({listed}): those "
        "out-of-turn actions stand.",
    ),
    P_(
        "oot-void-one",
        "The action has changed: {listed} is void, the chips go back, and that player has all "
        "options when the turn comes.",
    ),
    P_(
        "oot-void-many",
        "The action has changed: {listed} are void, the chips go back, and each of those players "
        "has all options when the turn comes.",
    ),
    P_(
        "oot-kept-one", "The action has not changed: {listed} stands as long as it does not change."
    ),
    P_(
        "oot-kept-many", "The action has not changed: {listed} stand as long as it does not change."
    ),
    P_("oot-folds-final", "The fold out of turn of {players} stands."),
    P_("no-declaration-waits", "No declaration out of turn waits on him."),
    P_("td-decides-restriction", "The TD decides how far to restrict him."),
    P_(
        "unchanged-since",
        "The action to player {player} has not changed since he declared {action} out of turn",
    ),
    P_("nobody-to-call-raise", "Nobody left could call a raise, so he calls."),
    # corrections
    P_("adds", "player {player} adds {amount} (total {total})"),
    P_("gets-back", "player {player} gets {amount} back (total {total})"),
    P_("then", "{first}; {rest}"),
    P_("bets-change", "{changes:cap}."),
    P_("action-then-on", "The action is then on player {player}, facing {current}."),
    P_("round-complete", "The betting round is then complete."),
    P_("noticed-in-front", "while the bets are still in front of the players"),
    P_("noticed-gathered", "after the bets were gathered, before the next card"),
    P_("noticed-next-street", "after the next card was burned"),
    P_(
        "underraise-opening",
        "Player {player}'s opening bet to {to} is below the minimum {low}, and the error is "
        "noticed {when}",
    ),
    P_(
        "underraise-raise",
        "Player {player}'s raise to {to} is below the minimum {low}, and the error is noticed "
        "{when}",
    ),
    P_("kind-bet", "bet"),
    P_("kind-raise", "raise"),
    P_("on-a-count", " on a count of {quoted}"),
    P_("only-amount", "only {amount}"),
    P_(
        "pot-bet-noticed",
        "Player {player} made a pot {kind} to {to}{count}; the pot allowed {allowed}. The error "
        "is noticed {when}",
    ),
    P_("sa-followed-bet", "substantial action followed the bet"),
    P_("next-card-out", "the next card is out"),
    P_("player-why", "player {player}: {why}"),
    P_("mucked", "mucked"),
    P_("hand-retrieved", "his hand is retrieved"),
    P_("back-to-player", "{amount} back to player {player}"),
    P_("applied-next-hand", "from the start of the next hand"),
    P_("applied-after-hand", "after the hand"),
    P_(
        "lfp-cards-face-up",
        "Cards laid face up in the middle of the table may also be read as a fold or a call.",
    ),
)

OUTCOMES: dict[tuple[str, str], Text] = outcomes(*_ORDER)
PHRASES: dict[str, Text] = phrases(*_PHRASES)
