"""The texts of the rulings on the deal: misdeals and exposed cards, board errors
(``floor.irregularities``, ``floor.board``)."""

from __future__ import annotations

from pokertd.present.floor.texts import O_, P_, Text, outcomes, phrases

_MISDEAL = "DEAL-MISDEAL-CONDITIONS"
_AFTER_SA = "DEAL-MISDEAL-AFTER-SA"
_SHORT = "DEAL-BUTTON-SHORT"
_BOXED = "DEAL-BOXED-CARD"
_FLASHED = "DEAL-FLASHED-CARD"

_IRREGULARITIES = (
    # DEAL-MISDEAL-CONDITIONS
    O_(
        _MISDEAL,
        "misdeal-redeal",
        "Misdeal: the bets go back and the hand is dealt again ({replay}).",
    ),
    O_(
        _MISDEAL,
        "no-book-names-it",
        "{situation}. {book}'s list of misdeals does not name it (TDA's list is not limited to "
        "its cases): the TD decides; pokertd does not declare a misdeal by itself.",
    ),
    O_(
        _MISDEAL,
        "one-missing-top-card",
        "{holds}: one card is missing; if it is the top card of the deck, he receives it and "
        "plays on (otherwise his hand is void, without compensation).",
    ),
    O_(
        _MISDEAL,
        "void-hand",
        "{holds}: his hand is void, without compensation; the others play on.",
    ),
    O_(
        _MISDEAL,
        "extra-card-small-blind",
        "{holds}: one extra card dealt to the small blind is no misdeal; it is taken back, shown, "
        "and used as the burn card.",
    ),
    # DEAL-MISDEAL-AFTER-SA
    O_(
        _AFTER_SA,
        "after-sa-goes-on",
        "{situation}, but only after substantial action: no misdeal; the hand goes on.",
    ),
    O_(
        _AFTER_SA,
        "after-sa-without-player",
        "{situation}, but only after substantial action: no misdeal; the hand goes on without "
        "player {player}, who is directly affected.",
    ),
    O_(
        _AFTER_SA,
        "after-sa-unaffected-players",
        "{situation}, but only after substantial action: no misdeal; the hand goes on with the "
        "players not directly affected.",
    ),
    # DEAL-EXPOSED-CARD
    O_(
        "DEAL-EXPOSED-CARD",
        "one-exposed-replaced",
        "One hole card exposed during the deal is not a misdeal: the deal goes on, then {who} "
        "receives the next card (the planned first burn) in exchange, and the exposed card, shown "
        "to all, becomes the first burn; the last player served may get two cards in a row.",
    ),
    # DEAL-BUTTON-SHORT
    O_(
        _SHORT,
        "button-short-acted",
        "{holds} and has acted on them: as the button, his hand is dead.",
    ),
    O_(
        _SHORT,
        "button-short-given",
        "{holds}: as the button, he is given the missing card(s), even after substantial action, "
        "and may receive two cards in a row.",
    ),
    # DEAL-WRONG-COUNT-AFTER-SA
    O_(
        "DEAL-WRONG-COUNT-AFTER-SA",
        "wrong-count-after-sa-lfp",
        "{holds}, found after substantial action: play goes on without him.",
    ),
    O_(
        "DEAL-WRONG-COUNT-AFTER-SA",
        "wrong-count-after-sa",
        "{holds}, found after substantial action: his hand is dead and its cards are mucked. The "
        "stub stays as it is: one burn before each later street, no extra burn to make up for "
        "the error.",
    ),
    # DEAL-BOXED-CARD
    O_(
        _BOXED,
        "one-boxed-card",
        "One card face up in the deck is no misdeal: it is shown to all, set aside for the rest "
        "of the hand, and treated as a blank; the deal goes on.",
    ),
    O_(
        _BOXED,
        "boxed-ignored",
        "{count} cards face up in the deck after the deal, with no betting left: they are set "
        "aside and ignored.",
    ),
    # DEAL-FLASHED-CARD
    O_(
        _FLASHED,
        "refused-flashed-card",
        "Player {player} refused the flashed card before touching it: it is treated as a card "
        "exposed by the dealer (a misdeal if it is one of the first two cards or a second exposed "
        "card).",
    ),
    O_(
        _FLASHED,
        "keeps-flashed-card",
        "Player {player} keeps the flashed card ({why}); only he could refuse it, and he never "
        "has to show it. Whoever thinks he saw it may say what he saw, or not.",
    ),
)

_IRREGULARITY_PHRASES = (
    P_("sentence", "{said}."),
    P_("situation-first-cards-exposed", "The dealer exposed the first or second card of the deal"),
    P_("situation-card-exposed", "The dealer exposed a hole card"),
    P_("situation-two-cards-exposed", "The dealer exposed two hole cards"),
    P_("situation-boxed-cards", "Two or more cards were face up in the deck during the deal"),
    P_("situation-wrong-order", "The cards were dealt out of order"),
    P_("situation-wrong-count", "A player was dealt a wrong number of cards"),
    P_("situation-empty-seat", "Cards were dealt to an empty seat or an ineligible player"),
    P_("situation-player-not-dealt", "A player entitled to a hand was dealt none"),
    P_("situation-button-misplaced", "The button was in the wrong position"),
    P_(
        "gen-replaces-one",
        "{situation}: GEN 1.8 replaces one exposed card; only two make a misdeal.",
    ),
    P_("replay-tda", "an exact replay: the button does not move, no new player, the same blinds"),
    P_("replay-lfp", "the hand is replayed in full"),
    P_("replay-gen", "all the cards go back to the dealer and a new hand is dealt"),
    P_("replay-gm", "the hand is annulled and dealt again"),
    P_(
        "replay-stud",
        "an exact replay: the dealer does not move, no new player, the same ante and limits",
    ),
    P_("bets-back-to-owners", "blinds, antes and bets go back to their owners"),
    P_("hand-goes-on", "the hand goes on"),
    P_("directly-affected", "directly affected by the irregularity"),
    P_("the-player-unnamed", "the player"),
    P_("finish-the-deal", "finish the deal"),
    P_("exposed-card-from", "the exposed card, from {who}"),
    P_("give-planned-burn", "give {who} the next card, the planned first burn"),
    P_("exposed-on-stub", "the exposed card, shown to all, face up on the stub"),
    P_("exposed-is-first-burn", "the exposed card is the first burn"),
    P_(
        "follows-lfp-2-5",
        "{book} names no procedure (only that two cards exposed are a misdeal); pokertd follows "
        "LFP 2.5.",
    ),
    P_("holds-cards", "Player {player} holds {held} cards instead of {holes}"),
    P_("holds-one-card", "Player {player} holds {held} card instead of {holes}"),
    P_("acted-short-hand", "acted on a short hand"),
    P_("give-missing-cards", "give player {player} {count} card(s) from the stub"),
    P_("give-top-card", "give player {player} the top card of the stub"),
    P_("void-no-compensation", "void hand, without compensation"),
    P_("wrong-count-mucked", "wrong number of cards; all its cards are mucked"),
    P_("one-burn-per-street", "one burn per later street, no correcting burn"),
    P_("extra-card-from", "the extra card, from player {player}"),
    P_("shown-on-stub", "shown to all, on top of the stub"),
    P_("is-first-burn", "it is the first burn"),
    P_("boxed-aside", "shown to all, set aside face up for the hand"),
    P_("boxed", "{count} cards face up in the deck"),
    P_("boxed-during-deal", "{count} cards face up in the deck during the initial deal."),
    P_(
        "boxed-hand-void",
        "{count} cards face up in the deck after the deal, while betting is still possible: the "
        "hand is void.",
    ),
    P_("boxed-after-deal", "{count} cards face up in the deck after the deal"),
    P_("touched-before-refusing", "he touched it before refusing it"),
    P_("did-not-refuse", "he did not refuse it"),
    P_("silent-follows-lfp-2-9", "{book} is silent; pokertd follows LFP 2.9."),
)

_BOARD = (
    O_(
        "DEAL-BOARD-ERROR-AFTER-SA",
        "error-after-sa",
        "The error ({error}) was noticed only after substantial action: the hand goes on with "
        "the board as it is, and where possible the cards that should have come are dealt later.",
    ),
    O_(
        "DEAL-FOUR-CARD-FLOP",
        "fourth-card-burns",
        "Four cards came out on the flop and their order is known: the fourth, {fourth}, becomes "
        "the turn's burn and the other three are the flop.",
    ),
    O_(
        "DEAL-FOUR-CARD-FLOP",
        "four-cards-scrambled",
        "Four cards came out on the flop: they are scrambled face down and a floor draws one at "
        "random as the turn's burn ({burn}); the other three are the flop.",
    ),
    O_(
        "DEAL-FLOP-NO-BURN",
        "flop-no-burn-known",
        "The flop came out without a burn and the order is known: {how}, and {card} completes "
        "the flop.",
    ),
    O_(
        "DEAL-FLOP-NO-BURN",
        "flop-no-burn-unknown",
        "The flop came out without a burn and the order is not known: {how}, and {card} "
        "completes the flop.",
    ),
    O_(
        "DEAL-FLOP-TWO-BURNS",
        "two-burns-known",
        "The flop came out after two burns and the order is known: the second burn, {second}, is "
        "exposed as the first flop card, and the last card dealt, {last}, becomes the turn's "
        "burn.",
    ),
    O_(
        "DEAL-FLOP-TWO-BURNS",
        "two-burns-unknown",
        "The flop came out after two burns and the order is not known: the flop is scrambled "
        "face down and a floor draws the turn's burn ({turn_burn}); the two burns are scrambled "
        "and a floor draws the flop's burn ({flop_burn}); the other, {other}, joins the flop.",
    ),
    O_(
        "DEAL-TURN-RIVER-NO-BURN",
        "turn-dealt-no-burn",
        "The turn {exposed} came out without a burn: it becomes the burn card and the next card, "
        "{card}, is the real turn.",
    ),
    O_(
        "DEAL-TURN-RIVER-NO-BURN",
        "river-dealt-no-burn",
        "The river {exposed} came out without a burn: it becomes the burn card and the next "
        "card, {card}, is the real river.",
    ),
    O_(
        "DEAL-PREMATURE-FLOP",
        "premature-flop",
        "The flop ({shown}) came out before the pre-flop betting was over: it is taken back and "
        "shuffled into the stub, whatever the players still to act then do, and the burns stay "
        "where they are; the bets made before the error stand. Once the betting is over the "
        "dealer {new} a new flop ({flop}).",
    ),
    O_(
        "DEAL-PREMATURE-TURN",
        "premature-turn",
        "The turn {exposed} came out before the flop betting was over: it is set aside face up. "
        "Once that betting is over, the dealer burns a card and deals the would-be river as the "
        "turn ({turn}). Once the turn betting is over, {exposed} is shuffled back into the stub "
        "and the river is dealt {ending}.",
    ),
    O_(
        "DEAL-PREMATURE-RIVER",
        "premature-river",
        "The river {exposed} came out before the turn betting was over: it is taken back and its "
        "burn stays burned. Once the betting is over it is shuffled back into the stub and a new "
        "river is dealt {ending}.",
    ),
)

_BOARD_PHRASES = (
    P_("no-procedure-follows-lfp", "{book} has no procedure for it; pokertd follows LFP."),
    P_(
        "silent-late-board-error",
        "{book} is silent on a late board error; pokertd follows LFP 2.26.",
    ),
    P_(
        "board-stands",
        "the board stands; where possible, the cards that should have come come later",
    ),
    P_("face-down", "face down"),
    P_("turn-no-new-burn", "deal the turn without another burn: its burn is set"),
    P_("fourth-flop-card", "the fourth flop card"),
    P_("turns-burn", "the turn's burn"),
    P_("rivers-burn", "the river's burn"),
    P_("flops-burn", "the flop's burn"),
    P_("four-flop-cards", "the four flop cards"),
    P_("three-flop-cards", "the three flop cards"),
    P_("floor-draws-turn-burn", "the floor draws the turn's burn"),
    P_("floor-draws-flop-burn", "the floor draws the flop's burn"),
    P_("other-three-flop", "the other three are the flop"),
    P_("first-flop-card", "the first flop card"),
    P_("first-card-becomes-burn", "the first card, {burn}, becomes the burn"),
    P_(
        "flop-scrambled-draws-burn",
        "the flop is scrambled face down and a floor draws the burn ({burn})",
    ),
    P_("back-on-flop", "back on the flop"),
    P_("completes-flop", "completes the flop"),
    P_("second-burn-first-flop", "the second burn is the first flop card"),
    P_("last-flop-card", "the last flop card dealt"),
    P_("two-burns", "the two burns"),
    P_("other-burn-joins-flop", "the other burn joins the flop"),
    P_("turn-without-burn", "the turn dealt without a burn"),
    P_("river-without-burn", "the river dealt without a burn"),
    P_("real-turn", "the real turn"),
    P_("real-river", "the real river"),
    P_("premature-flop-cards", "the premature flop"),
    P_("stub-shuffled-burns-stay", "the stub is shuffled; the burns stay where they are"),
    P_("from-the-stub", "from the stub"),
    P_("after-preflop-burn", "once the pre-flop betting is over: a burn"),
    P_("after-preflop-burn-none", "once the pre-flop betting is over: a burn, none was taken"),
    P_("after-preflop-new-flop", "once the pre-flop betting is over: the new flop"),
    P_("burns-again-and-deals", "burns again and deals"),
    P_("deals-without-burn", "deals, without another burn,"),
    P_("premature-turn-card", "the premature turn"),
    P_("face-up-until-river", "face up, until the river"),
    P_("after-flop-burn", "once the flop betting is over: a burn"),
    P_("after-flop-river-as-turn", "once the flop betting is over: the would-be river is the turn"),
    P_("premature-river-card", "the premature river"),
    P_("face-down-burn-stays", "face down; its burn stays burned"),
    P_("after-turn-stub-shuffled", "once the turn betting is over: the stub is shuffled"),
    P_("after-turn-burn", "once the turn betting is over: a burn before the river"),
    P_("after-turn-river", "once the turn betting is over: the river"),
    P_("after-a-burn", "after a burn"),
    P_("without-a-burn", "without a burn"),
)

OUTCOMES: dict[tuple[str, str], Text] = outcomes(*_IRREGULARITIES, *_BOARD)
PHRASES: dict[str, Text] = phrases(*_IRREGULARITY_PHRASES, *_BOARD_PHRASES)
