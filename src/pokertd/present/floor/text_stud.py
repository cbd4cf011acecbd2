"""The texts of the rulings on stud (``floor.stud``): premature cards, cards dealt with the wrong
face, who brings in or acts first, folding up cards, a short deck."""

from __future__ import annotations

from pokertd.present.floor.texts import O_, P_, Text, outcomes, phrases

_STUD = (
    # STUD-PREMATURE
    O_(
        "STUD-PREMATURE",
        "premature-set-aside",
        "{lead}: the rest of that street is dealt and set aside with it, representing a full "
        "round for every player still in the hand. When the betting round is over, the next card "
        "is burned and the street is dealt normally. When the last street is reached, the "
        "set-aside cards go back into the stub, which is reshuffled, and the last street is dealt.",
    ),
    O_(
        "STUD-PREMATURE",
        "premature-seventh-set-aside",
        "{lead}: seventh street is dealt and set aside with it (a full round for every player "
        "still in the hand); when the betting round is over, the set-aside cards go back into the "
        "stub, which is reshuffled, and seventh street is dealt.",
    ),
    O_(
        "STUD-PREMATURE",
        "premature-dead-gen",
        "{lead}: no card dealt before the betting round has closed may play. In stud it is dead "
        "and goes into the muck, with a card for every other player, so that the players receive "
        "the cards of the following round.",
    ),
    O_(
        "STUD-PREMATURE",
        "premature-kept",
        "{lead}, face down and lost among the player's other down cards: the card must be kept, "
        "and {who}, holding seven cards, may neither bet nor raise on this betting round.",
    ),
    # STUD-MISDEAL
    O_(
        "STUD-MISDEAL",
        "gen-one-down-replaced",
        "{lead}: GEN 1.8 replaces one exposed card: the round is finished, the card is replaced "
        "by the top card of the stub (the planned burn), and the exposed card, shown to all, is "
        "put face down on the stub as the new burn. Two exposed cards would be a misdeal. (GEN's "
        "list for each variant is missing from the text; this is its general procedure.)",
    ),
    O_(
        "STUD-MISDEAL",
        "down-exposed-after-sa",
        "{lead}, but substantial action has taken place: no misdeal; the hand goes on.",
    ),
    O_(
        "STUD-MISDEAL",
        "down-exposed-misdeal",
        "{lead}: misdeal; the bets go back and the hand is dealt again ({replay}).",
    ),
    O_(
        "STUD-MISDEAL",
        "up-card-dealt-down",
        "A card that should have been dealt face up to {to} was dealt face down. No book rules on "
        "it (TDA 35A5 makes a misdeal of a down card exposed, not of an up card dealt down; GEN "
        "1.8's list for each variant is missing): pokertd turns it face up where it lies, which "
        "changes no card's place; the TD decides.",
    ),
    # STUD-RIVER-UP
    O_(
        "STUD-RIVER-UP",
        "river-dealt-up",
        "The first seventh-street card was dealt face up: {how}. Either way player {first}, who "
        "acted first on sixth street, acts first; a player whose seventh-street card is exposed "
        "may declare himself all-in (and take no part in the betting that follows), before "
        "anyone opens the betting.",
    ),
    # STUD-BRINGIN-TIE
    O_(
        "STUD-BRINGIN-TIE",
        "lowest-showing-first",
        "On {street} street the lowest showing hand acts first: player {player} ({cards}); "
        "identical showing hands go by their highest card and its suit (spades, hearts, diamonds, "
        "clubs), never by position.",
    ),
    O_(
        "STUD-BRINGIN-TIE",
        "highest-showing-first",
        "On {street} street the highest showing hand acts first: player {player} ({cards}); "
        "identical showing hands go by their highest card and its suit (spades, hearts, diamonds, "
        "clubs), never by position.",
    ),
    O_(
        "STUD-BRINGIN-TIE",
        "brings-in-lowest",
        "Player {player} brings in with {card}: the lowest card, aces high, brings in.",
    ),
    O_(
        "STUD-BRINGIN-TIE",
        "brings-in-highest",
        "Player {player} brings in with {card}: the highest card, aces low, brings in.",
    ),
    # STUD-BRINGIN-ABSENT
    O_(
        "STUD-BRINGIN-ABSENT",
        "absent-dead",
        "Player {player} was not at his seat for the deal: his cards are dead and he is not dealt "
        "a fourth-street card. His ante stays in the pot, and if his up card is the bring-in card "
        "the bring-in is taken from his stack.",
    ),
    # STUD-FOLD
    O_(
        "STUD-FOLD",
        "picked-up-facing-dead",
        "Player {player} picked up his up cards while facing action: his hand is dead. The "
        "correct way to fold in stud is to turn the up cards face down and push them forward.",
    ),
    O_(
        "STUD-FOLD",
        "picked-up-not-facing",
        "Player {player} picked up his up cards while not facing action: TDA 66 kills the hand "
        "only of a player facing action, so it is not dead; the TD decides, and pokertd asks him "
        "to put them back face up. To fold, he turns them face down and pushes them forward.",
    ),
    O_(
        "STUD-FOLD",
        "took-up-cards-heads-up",
        "Player {player} took his up cards off the table: heads-up this is not a fold; he puts "
        "them back and plays on.",
    ),
    O_(
        "STUD-FOLD",
        "took-up-cards-fold",
        "Player {player} took his up cards off the table and the next player has acted: it is a "
        "fold.",
    ),
    O_(
        "STUD-FOLD",
        "took-up-cards-until-next",
        "Player {player} took his up cards off the table: it is a fold as soon as the next player "
        "acts; until then he may put them back.",
    ),
    # STUD-DECK-SHORT
    O_(
        "STUD-DECK-SHORT",
        "deck-deal",
        "{stub} cards are left for {players} players: burn one and deal {street} street.",
    ),
    O_(
        "STUD-DECK-SHORT",
        "deck-new-stub",
        "{stub} cards are left for {players} players and a burn: the burns and the last card(s) "
        "form a new stub, which is shuffled; burn one and deal {street} street.",
    ),
    O_(
        "STUD-DECK-SHORT",
        "deck-common-card",
        "Only {total} cards, burns included, are left for {players} players: burn one and turn "
        "one face up in the middle as a common card for everybody (GEN 1.13 forms a new stub with "
        "the burns; when that is still short, pokertd follows the usual practice of a common "
        "card).",
    ),
)

_STUD_PHRASES = (
    P_("stud-silent", "{book} says nothing about stud; pokertd applies {follows}."),
    P_("street-third", "third"),
    P_("street-fourth", "fourth"),
    P_("street-fifth", "fifth"),
    P_("street-sixth", "sixth"),
    P_("street-seventh", "seventh"),
    P_(
        "premature-card",
        "A {street}-street card dealt{to} before the {current}-street betting round was complete",
    ),
    P_("dealt-to", " to player {player}"),
    P_("premature-cards", "the premature card(s)"),
    P_(
        "deal-rest-aside",
        "deal the rest of {street} street and set it aside with them: one card for each of the "
        "{live} players still in the hand, a full round",
    ),
    P_("finish-street-betting", "finish the {street}-street betting round"),
    P_("next-card", "the next card"),
    P_("deal-street-normally", "deal {street} street normally, then play on"),
    P_(
        "set-aside-back-at-seventh",
        "when seventh street is reached: the set-aside cards go back into the stub, which is "
        "reshuffled",
    ),
    P_("one-card-as-always", "one card, as before every street"),
    P_("deal-seventh", "deal seventh street"),
    P_("dead-into-muck", "dead: into the muck, never used in this hand"),
    P_(
        "deal-dead-cards",
        "deal a card for each other player still due on {street} street ({live} cards in all "
        "with the premature ones): dead, into the muck",
    ),
    P_("finish-betting-round", "finish the betting round"),
    P_(
        "deal-street-following",
        "deal {street} street: every player gets the card of the following round",
    ),
    P_("keeps-card", "{who} keeps the card: it cannot be told from his down cards"),
    P_(
        "seven-cards-no-raise",
        "{who}, with seven cards, may check, call or fold on this round, never bet or raise",
    ),
    P_(
        "finish-then-seventh",
        "finish the betting round, then deal the other players their seventh-street card",
    ),
    P_(
        "tda-no-such-exception",
        "TDA PR-5D has no such exception (the premature card is set aside): the TD decides; "
        "pokertd proposes GEN 1.14's way.",
    ),
    P_("of-player", " of player {player}"),
    P_("two-down-exposed", "The dealer exposed two down cards{of}"),
    P_("one-down-exposed", "The dealer exposed one of the two third-street down cards{of}"),
    P_("finish-dealing-round", "finish the round of dealing"),
    P_("the-exposed-card", "the exposed card"),
    P_(
        "give-top-card-face-down",
        "give the player the top card of the stub (the planned burn) in its place, face down",
    ),
    P_(
        "exposed-new-burn",
        "the exposed card, shown to all, face down on top of the stub: the new burn",
    ),
    P_("stud-bets-back", "antes, bring-in and bets go back to their owners"),
    P_("to-player", "player {player}"),
    P_("to-the-player", "the player"),
    P_(
        "turn-card-up",
        "turn {who}'s card face up where it lies, before the betting (on third street, before the "
        "bring-in is settled)",
    ),
    P_("deal-goes-on-in-place", "the deal goes on; no card changes place"),
    P_("deal-opponent-up", "deal the opponent's seventh-street card face up too (heads-up)"),
    P_("deal-others-down", "deal the other players their seventh-street card face down, as usual"),
    P_("opponent-up-too", "heads-up, the opponent's card is dealt face up too"),
    P_("others-as-usual", "with more players, the others get theirs as usual, face down"),
    P_("first-on-sixth-acts-first", "player {player}, who acted first on sixth street, acts first"),
    P_(
        "exposed-may-declare-all-in",
        "a player whose seventh-street card is exposed may declare himself all-in, before anyone "
        "opens the betting",
    ),
    P_("all-in-starts-left", "He is all-in: the action starts at his left, with player {player}."),
    P_(
        "not-claimed",
        "Not player {claimed}: the betting is corrected to start with player {player}.",
    ),
    P_(
        "suit-decides-lowest",
        "Against the same rank ({other}) the suit decides: clubs, diamonds, hearts, spades from "
        "lowest to highest, the lowest suit bringing in.",
    ),
    P_(
        "suit-decides-highest",
        "Against the same rank ({other}) the suit decides: clubs, diamonds, hearts, spades from "
        "lowest to highest, the highest suit bringing in.",
    ),
    P_(
        "absent-bring-in",
        "He is absent: the bring-in is taken from his stack, his hand is dead, and player "
        "{player} acts first.",
    ),
    P_(
        "all-in-on-ante",
        "He is all-in on the ante: the betting starts at his left, with player {player}, and the "
        "players with chips must at least bring in or fold.",
    ),
    P_("take-bring-in", "take the bring-in from player {player}'s stack"),
    P_("absent-for-deal", "absent for the deal"),
    P_(
        "no-fourth-street-card",
        "no fourth-street card for player {player}; his ante stays in the pot, and he pays the "
        "bring-in if his up card calls for it",
    ),
    P_("correct-stud-fold", "the correct fold: turn the up cards face down and push them forward"),
    P_("picked-up-facing", "picked up his up cards facing action"),
    P_("puts-up-cards-back", "player {player} puts his up cards back face up"),
    P_("took-up-cards", "took his up cards off the table"),
    P_("fold-once-next-acts", "a fold once the next player acts"),
    P_("one-card", "one card"),
    P_("deal-street", "deal {street} street"),
    P_(
        "burns-form-new-stub",
        "the {burns} burns and the last {stub} card(s) form a new stub, shuffled and cut",
    ),
    P_("burns-join-last", "the burns join the last card(s)"),
    P_("common-card", "one card face up in the middle: a common card that plays for every player"),
    P_("tda-silent-gen-1-13", "The TDA is silent; pokertd follows GEN 1.13."),
    P_("books-silent-gen-1-13", "{book} and the TDA are silent; pokertd follows GEN 1.13."),
)

OUTCOMES: dict[tuple[str, str], Text] = outcomes(*_STUD)
PHRASES: dict[str, Text] = phrases(*_STUD_PHRASES)
