"""The texts of the rulings on chips and words (``floor.chips``, ``floor.verbal``,
``floor.spot``): what the player did (the leads), what it amounts to, and why."""

from __future__ import annotations

from pokertd.present.floor.texts import O_, P_, Text, outcomes, phrases

_SINGLE = "BET-SINGLE-CHIP"
_MULTI = "BET-MULTI-CHIP"
_FIFTY = "BET-UNDERRAISE-50"
_UNDERCALL = "BET-UNDERCALL"
_BINDING = "BET-VERBAL-BINDING"
_VS = "BET-VERBAL-VS-CHIPS"

_SPOT = (
    # BET-UNDERRAISE-50 (the full raise, which other rules borrow)
    O_(_FIFTY, "full-bet", "It is a full bet: {decision}."),
    O_(_FIFTY, "full-raise", "It is a full raise: {decision}."),
    O_(
        _FIFTY,
        "declared-minimum-raise",
        "{total} is short of the minimum raise to {full}, but a raise was declared, so he must "
        "make the minimum raise: {decision}.",
    ),
    O_(
        _FIFTY,
        "half-completed",
        "The minimum raise is to {full} (+{increment}); +{added} reaches half of +{increment} "
        "({threshold}), so he must complete it: {decision}.",
    ),
    O_(
        _FIFTY,
        "under-half-call",
        "The minimum raise is to {full} (+{increment}); +{added} is less than half of "
        "+{increment} (below {threshold}), so it is a call: {decision}, and {back} goes back to "
        "him.",
    ),
    # BET-REOPEN
    O_(
        "BET-REOPEN",
        "no-reopen",
        "He may not raise now: the betting was not reopened to him by a full raise, or nobody "
        "left can call a raise. So it is {decision}{back}.",
    ),
    # BET-UNDERCALL
    O_(
        _UNDERCALL,
        "undercall-full-call",
        "{total} is less than the call of {current}; {why} he must make the full call: {decision}.",
    ),
    O_(
        _UNDERCALL,
        "undercall-td",
        "{total} is less than the call of {current}, facing a raise with three or more players in "
        "the hand: the TD decides whether he must complete the call or may forfeit {short} and "
        "fold ({options}).",
    ),
    O_(
        _UNDERCALL,
        "spoken-undercall-void",
        "An amount said alone that is less than the call of {current} is void: he states his "
        "action again ({again}).",
    ),
    O_(
        _UNDERCALL,
        "undercall-may-withdraw",
        "{total} is less than the call of {current}. The chips stay in the pot, but if he did not "
        "know the bet had been raised, nobody behind him has acted and the difference is large, "
        "the TD may let him take back {short} and act again; otherwise he must {options} "
        "(forfeiting {short}).",
    ),
    O_(
        _UNDERCALL,
        "undercall-gen-floor",
        "{total} is less than the call of {current}, and {short} is not more than half of the "
        "{needed} he had to add, so GEN 1.17 does not decide (its exceptions are missing): the "
        "floor rules ({options}).",
    ),
    O_(
        _UNDERCALL,
        "undercall-complete-or-fold",
        "{total} is less than the call of {current}. The chips stay on the table: he chooses to "
        "complete the call or to fold, forfeiting {short} ({options}).",
    ),
)

_CHIPS = (
    O_(
        _SINGLE,
        "all-chips-call-all-in",
        "They are all his chips and do not cover the call: he calls all-in, {decision}.",
    ),
    O_(
        _MULTI,
        "every-chip-needed",
        "Every chip is needed for the call: without one {chip} chip, {rest} is less than "
        "{current}. It is a call, {decision}.",
    ),
    O_(
        _SINGLE,
        "single-chip-call",
        "One chip without a word, unless a raise was declared before it touched the table, is a "
        "call: {decision}.",
    ),
    O_(
        _MULTI,
        "identical-chips-needed",
        "The chips are identical and every one is needed: without one {chip} chip, {rest} is "
        "less than the call of {current}. It is a call, {decision}.",
    ),
    O_(_MULTI, "exactly-the-call", "{total} is exactly the call: {decision}."),
    O_(
        _MULTI,
        "last-chips-all-in",
        "They are his last chips: he is all-in whether or not they reach half a raise, {decision}.",
    ),
    O_(
        _SINGLE,
        "larger-chip-minimum-bet",
        "One larger chip opening the betting without a word is a bet of the minimum, {full}: to "
        "bet more he must say so before the chip goes in. It is {decision}.",
    ),
    O_(
        _SINGLE,
        "chip-value-bet",
        "One chip opening the betting without a word is a bet of the chip's value: {decision}.",
    ),
    O_(
        "BET-UNDERBET",
        "underbet-raised",
        "An opening bet of {total} is below the minimum bet of {full}: it is raised to it, "
        "{decision}.",
    ),
    O_(
        "BET-RAISE-METHOD",
        "one-motion-bet",
        "Chips put out in one motion are a bet of their value: {decision}.",
    ),
    # BET-STRING
    O_(
        "BET-STRING",
        "string-raise-call",
        "Player {player} put out {chips} in several motions, facing {current}: a string raise is "
        "a call{first}, {decision}.",
    ),
    O_(
        "BET-STRING",
        "string-first-step",
        "Player {player} put out {chips} in several motions to open: only the first step counts, "
        "the first chip ({first}), at least the minimum bet: {decision}.",
    ),
    O_(
        "BET-STRING",
        "string-no-bet",
        "Player {player} put out {chips} in several motions to open: a string bet is no bet, so "
        "it is a check and the chips go back to him.",
    ),
    # BET-TAP
    O_(
        "BET-TAP",
        "tap-means-nothing",
        "A tap is a check only from the flop on, before any bet; after the blinds or a bet it "
        "means nothing (and never a fold): he still acts ({again}).",
    ),
    O_("BET-TAP", "tap-check", "Tapping the table is a check."),
    O_(
        "BET-TAP",
        "tap-facing-bet",
        "Tapping the table is a check; facing a bet of {current}, a check lets him call or fold, "
        "but not raise ({choices}).",
    ),
    # BET-WITHDRAW
    O_(
        "BET-WITHDRAW",
        "pulled-back-must-act",
        "Player {player} pulled back the {bet} he had in front, facing {current}: he must now "
        "call or raise ({choices}).",
    ),
    O_(
        "BET-WITHDRAW",
        "withdrawn-no-fold",
        "But having pulled back his chips while facing a bet, he may not fold: he must {choices}.",
    ),
)

_WORDS = (
    O_(
        "BET-NONSTANDARD-FOLD",
        "fold-when-check",
        "He could check, but a fold binds him all the same, and may be penalised.",
    ),
    O_(_BINDING, "verbal-fold", "A verbal fold in turn binds him: his hand is folded."),
    O_(_BINDING, "verbal-check", "A verbal check in turn binds him: he checks."),
    O_(
        "BET-INCORRECT-DECLARATION",
        "check-facing-bet",
        "He faces a bet of {current}: a player who says check facing a bet may call or fold, but "
        "not raise ({choices}).",
    ),
    O_("BET-INCORRECT-DECLARATION", "call-is-check", "With no bet to call, a call is a check."),
    O_(_BINDING, "verbal-call", "A verbal call in turn binds him to the full call: {decision}."),
    O_(_BINDING, "verbal-all-in", "A verbal all-in binds him: {decision}."),
    O_(
        "BET-PL-POT-SIZE",
        "pot-size",
        "In pot-limit, pot is a bet or raise of the size of the pot: {decision}.",
    ),
    O_(_BINDING, "fixed-limit-pot", "In fixed limit a bet or raise has one size: {decision}."),
    O_(
        "BET-POT-DECLARATION-NL",
        "pot-void-nl",
        "Pot is not a valid announcement in no-limit, where the pot is never counted: it is void, "
        "and he states his action again ({again}).",
    ),
    O_(
        "BET-POT-DECLARATION-NL",
        "pot-binds-nl",
        "Pot is not a valid no-limit bet, but it binds him to a correct bet or raise, at least the "
        "minimum: any total from {low} to {high}, which he states. He may be penalised.",
    ),
    O_(
        "BET-INCORRECT-DECLARATION",
        "raise-as-minimum-bet",
        "Not facing a bet, a declared raise is at least a minimum bet: any total from {low} to "
        "{high}; the others wait until he states it.",
    ),
    O_(
        _BINDING,
        "bet-binds-minimum",
        "A verbal bet binds him to bet at least the minimum: any total from {low} to {high}; the "
        "others wait until he states it.",
    ),
    O_(
        _BINDING,
        "raise-binds-minimum",
        "A verbal raise binds him to raise at least the minimum: any total from {low} to {high}; "
        "the others wait until he states it.",
    ),
    O_(_BINDING, "all-his-chips", "That is all his chips: {decision}."),
    O_(_BINDING, "is-the-call", "{total} is the call: {decision}."),
    O_(
        "BET-UNDERBET",
        "opening-below-minimum",
        "An opening bet of {total} is below the minimum of {full}: it is raised to it, {decision}.",
    ),
    O_(_BINDING, "opening-is", "It is {decision}."),
    # BET-VERBAL-VS-CHIPS (after the lead "words-chips-disagree", before the winner's reason)
    O_(_VS, "words-bind", "The words bind."),
    O_(_VS, "amount-corrected-to-chips", "An announced amount is corrected to the chips put in."),
    O_(_VS, "declared-action-binds", "A declared action binds."),
    O_(_VS, "words-came-first", "The words came first."),
    O_(_VS, "chips-came-first", "The chips came first."),
    O_(
        _VS,
        "unclear-words-chips-count",
        "Both came at once and the words were not clear, so the chips count.",
    ),
    O_(_VS, "clear-words-prevail", "Both came at once: a clear verbal statement prevails."),
    O_(
        _VS,
        "simultaneous-td",
        "Both came at once and contradict each other: the TD decides which stands, by the "
        "circumstances and Rule 1 ({choices}).",
    ),
)

_PHRASES = (
    # what the player did
    P_("pushed-silently", "Player {player} pushed {chips} without a word{prior}{facing}"),
    P_("pushed", "Player {player} pushed {chips}{prior}{facing}"),
    P_("after-pulling-part", ", after pulling back part of his bet (he left {front})"),
    P_("after-pulling-all", ", after pulling back the {bet} he had in front"),
    P_("on-top-of", ", on top of the {front} in front of him"),
    P_("with-no-bet", ", with no bet to call."),
    P_("facing-total", ", facing {current} ({total} in all)."),
    P_("said", 'Player {player} said "{text}".'),
    P_(
        "said-and-pushed",
        'Player {player} said "{text}" and pushed {chips}, for {total} in front of him. With a '
        "bet or raise declared and no amount, the chips give the amount.",
    ),
    P_(
        "words-chips-disagree",
        'Player {player} said "{text}" and pushed {chips}: the words ({words}) and the chips '
        "({chips_say}) disagree.",
    ),
    P_("tapped", "Player {player} tapped the table."),
    # how an amount said was read
    P_(
        "abbreviated-smallest",
        '"{said}" is abbreviated ({low} or {high}): it is always the smallest, {low}.',
    ),
    P_(
        "abbreviated-reasonable",
        '"{said}" is abbreviated ({low} or {high}): it is read as the highest amount reasonable '
        "for the pot, and with {pot} in the pot that is {amount}.",
    ),
    P_(
        "added-increment",
        "An added amount is an increment over the bet of {current}: {total} in all.",
    ),
    P_(
        "two-part-raise",
        "A raise declared first may be stated in two parts when the first is the call: {current} "
        "plus {amount}, a total of {total}.",
    ),
    P_("added-as-total", "Only totals count: an added amount is read as a total, so {total}."),
    P_("first-part-not-call", "(The first part, {part}, is not the call of {current}.)"),
    P_("amount-as-chips", "An amount said alone counts as those chips pushed silently."),
    # why chips are or are not a call
    P_(
        "front-covers-call",
        "The {front} already in front of him covers the call, so any chip added makes a "
        "multi-chip bet under Rule 50.",
    ),
    P_(
        "not-a-call",
        "Without one {chip} chip, {rest} still covers the call of {current}, so the chips are "
        "not a call.",
    ),
    P_("change-at-risk", "Chips pushed to get change are at risk (Rule 61)."),
    P_(
        "silent-chips-total",
        "Other than one larger chip or identical chips all needed for the call, chips pushed "
        "silently are a bet of their total value, {total}.",
    ),
    P_("holds-with-chips-in-front", "That holds with chips already in front of him."),
    P_(
        "may-turn-into-raise",
        "He may still turn it into a raise ({raise_to}) while nobody after him has acted or put "
        "in chips.",
    ),
    P_("first-step-is-call", " (only the first step counts, and the first step is the call)"),
    # notes
    P_(
        "cap-may-not-raise",
        "He may not raise now (BET-REOPEN: the betting was not reopened to him, or nobody can "
        "call a raise), so it is {decision}.",
    ),
    P_("cap-only-stack", "He has only {stack} in all, so he is all-in."),
    P_("cap-most", "The most he may put in is {to}."),
    P_("goes-back", ", and {back} goes back to him"),
    P_("heads-up-why", "heads-up"),
    P_("facing-opening-why", "facing the opening bet"),
    P_("named-amount-ignored", "The {said} he named does not change the call."),
    P_("calls-all-in", "He has only {to} in all: he calls all-in."),
    P_("words-void", 'What he said ("{text}") is void, so the chips decide.'),
    P_("words-allow", 'What he said ("{text}") allows that.'),
    P_("words-chips-agree", "The words and the chips ({chips}) agree."),
    P_("call-not-lowered", "The chips pushed ({chips}) do not lower a verbal call."),
)

OUTCOMES: dict[tuple[str, str], Text] = outcomes(*_SPOT, *_CHIPS, *_WORDS)
PHRASES: dict[str, Text] = phrases(*_PHRASES)
