"""The texts of the rulings on the deal: misdeals and exposed cards, board errors, stud
(``floor.irregularities``, ``floor.board``, ``floor.stud``)."""

from __future__ import annotations

from pokertd.present.floor.texts import O_, P_, Text, outcomes, phrases

_MISDEAL = "DEAL-MISDEAL-CONDITIONS"
_AFTER_SA = "DEAL-MISDEAL-AFTER-SA"
_SHORT = "DEAL-BUTTON-SHORT"
_BOXED = "DEAL-BOXED-CARD"
_FLASHED = "DEAL-FLASHED-CARD"

_IRREGULARITIES = (
    # DEAL-MISDEAL-CONDITIONS
    O_(_MISDEAL, "misdeal-redeal",
       "Misdeal: the bets go back and the hand is dealt again ({replay}).",
       "Fausse donne : les mises sont rendues et la main est redistribuée."),
    O_(_MISDEAL, "no-book-names-it",
       "{situation}. {book}'s list of misdeals does not name it (TDA's list is not limited to "
       "its cases): the TD decides; pokertd does not declare a misdeal by itself.",
       "{situation}. La liste des fausses donnes du règlement {book} ne le cite pas (celle de la "
       "TDA n'est pas limitative) : le directeur décide ; pokertd ne déclare pas de fausse donne "
       "de lui-même."),
    O_(_MISDEAL, "one-missing-top-card",
       "{holds}: one card is missing; if it is the top card of the deck, he receives it and "
       "plays on (otherwise his hand is void, without compensation).",
       "{holds} : il lui manque une carte ; si c'est la carte du dessus du paquet, il la reçoit "
       "et reste dans le coup (sinon sa main est annulée, sans dédommagement)."),
    O_(_MISDEAL, "void-hand",
       "{holds}: his hand is void, without compensation; the others play on.",
       "{holds} : sa main est annulée, sans dédommagement ; les autres continuent."),
    O_(_MISDEAL, "extra-card-small-blind",
       "{holds}: one extra card dealt to the small blind is no misdeal; it is taken back, shown, "
       "and used as the burn card.",
       "{holds} : une seule carte en trop au petit blind n'entraîne pas de fausse donne ; elle "
       "est reprise, dévoilée et sera la carte brûlée."),
    # DEAL-MISDEAL-AFTER-SA
    O_(_AFTER_SA, "after-sa-goes-on",
       "{situation}, but only after substantial action: no misdeal; the hand goes on.",
       "{situation}, mais après une action substantielle : pas de fausse donne ; le coup "
       "continue."),
    O_(_AFTER_SA, "after-sa-without-player",
       "{situation}, but only after substantial action: no misdeal; the hand goes on without "
       "player {player}, who is directly affected.",
       "{situation}, mais après une action substantielle : pas de fausse donne ; le coup "
       "continue sans le joueur {player}, directement concerné."),
    O_(_AFTER_SA, "after-sa-unaffected-players",
       "{situation}, but only after substantial action: no misdeal; the hand goes on with the "
       "players not directly affected.",
       "{situation}, mais après une action substantielle : pas de fausse donne ; le coup "
       "continue avec les joueurs non directement concernés."),
    # DEAL-EXPOSED-CARD
    O_("DEAL-EXPOSED-CARD", "one-exposed-replaced",
       "One hole card exposed during the deal is not a misdeal: the deal goes on, then {who} "
       "receives the next card (the planned first burn) in exchange, and the exposed card, shown "
       "to all, becomes the first burn; the last player served may get two cards in a row.",
       "Une seule carte privative retournée pendant la donne n'entraîne pas de fausse donne : la "
       "donne continue, puis {who} reçoit la carte suivante (la première brûlure prévue) en "
       "échange, et la carte retournée, montrée à tous, devient la première brûlure."),
    # DEAL-BUTTON-SHORT
    O_(_SHORT, "button-short-acted",
       "{holds} and has acted on them: as the button, his hand is dead.",
       "{holds} et a agi avec cette main : au bouton, sa main est morte."),
    O_(_SHORT, "button-short-given",
       "{holds}: as the button, he is given the missing card(s), even after substantial action, "
       "and may receive two cards in a row.",
       "{holds} : au bouton, il reçoit la ou les cartes manquantes, même après une action "
       "substantielle, et peut recevoir deux cartes consécutives."),
    # DEAL-WRONG-COUNT-AFTER-SA
    O_("DEAL-WRONG-COUNT-AFTER-SA", "wrong-count-after-sa-lfp",
       "{holds}, found after substantial action: play goes on without him.",
       "{holds}, constaté après une action substantielle : le coup continue sans lui."),
    O_("DEAL-WRONG-COUNT-AFTER-SA", "wrong-count-after-sa",
       "{holds}, found after substantial action: his hand is dead and its cards are mucked. The "
       "stub stays as it is: one burn before each later street, no extra burn to make up for "
       "the error.",
       "{holds}, constaté après une action substantielle : sa main est morte et ses cartes sont "
       "jetées. Le talon reste tel quel : une seule carte brûlée avant chaque street suivante, "
       "sans brûlure de correction."),
    # DEAL-BOXED-CARD
    O_(_BOXED, "one-boxed-card",
       "One card face up in the deck is no misdeal: it is shown to all, set aside for the rest "
       "of the hand, and treated as a blank; the deal goes on.",
       "Une seule carte à l'envers dans le paquet n'entraîne pas de fausse donne : elle est "
       "montrée à tous, mise de côté pour le reste du coup et considérée comme une feuille "
       "morte ; la donne continue."),
    O_(_BOXED, "boxed-ignored",
       "{count} cards face up in the deck after the deal, with no betting left: they are set "
       "aside and ignored.",
       "{count} cartes à l'envers après la donne, sans enchère possible : elles sont ignorées."),
    # DEAL-FLASHED-CARD
    O_(_FLASHED, "refused-flashed-card",
       "Player {player} refused the flashed card before touching it: it is treated as a card "
       "exposed by the dealer (a misdeal if it is one of the first two cards or a second exposed "
       "card).",
       "Le joueur {player} a refusé la carte flashée avant de la toucher : elle est traitée "
       "comme une carte retournée par le donneur (fausse donne si c'est l'une des deux premières "
       "cartes ou une deuxième carte retournée)."),
    O_(_FLASHED, "keeps-flashed-card",
       "Player {player} keeps the flashed card ({why}); only he could refuse it, and he never "
       "has to show it. Whoever thinks he saw it may say what he saw, or not.",
       "Le joueur {player} garde la carte flashée ({why}) ; lui seul pouvait la refuser, et il "
       "n'est jamais tenu de la montrer. Celui qui croit l'avoir vue peut dire ce qu'il a vu, ou "
       "non."),
)  # fmt: skip

_IRREGULARITY_PHRASES = (
    P_("sentence", "{said}.", "{said}."),
    P_("situation-first-cards-exposed", "The dealer exposed the first or second card of the deal",
       "Le donneur a retourné la première ou la deuxième carte"),
    P_("situation-card-exposed", "The dealer exposed a hole card",
       "Le donneur a retourné une carte privative"),
    P_("situation-two-cards-exposed", "The dealer exposed two hole cards",
       "Le donneur a retourné deux cartes privatives"),
    P_("situation-boxed-cards", "Two or more cards were face up in the deck during the deal",
       "Deux cartes ou plus étaient retournées dans le paquet pendant la donne"),
    P_("situation-wrong-order", "The cards were dealt out of order",
       "Les cartes ont été données dans le mauvais ordre"),
    P_("situation-wrong-count", "A player was dealt a wrong number of cards",
       "Un joueur a reçu un nombre incorrect de cartes"),
    P_("situation-empty-seat", "Cards were dealt to an empty seat or an ineligible player",
       "Des cartes ont été données à un siège vide ou à un joueur non autorisé"),
    P_("situation-player-not-dealt", "A player entitled to a hand was dealt none",
       "Un joueur censé jouer n'a pas reçu de cartes"),
    P_("situation-button-misplaced", "The button was in the wrong position",
       "Le bouton n'était pas à la bonne place"),
    P_("gen-replaces-one",
       "{situation}: GEN 1.8 replaces one exposed card; only two make a misdeal.",
       "{situation} : le GEN 1.8 remplace une carte retournée ; il en faut deux pour une fausse "
       "donne."),
    P_("replay-tda",
       "an exact replay: the button does not move, no new player, the same blinds",
       "une redistribution à l'identique : le bouton ne bouge pas, aucun nouveau joueur, les "
       "mêmes blinds"),
    P_("replay-lfp", "the hand is replayed in full", "la main est entièrement rejouée"),
    P_("replay-gen", "all the cards go back to the dealer and a new hand is dealt",
       "toutes les cartes reviennent au donneur et une nouvelle main est distribuée"),
    P_("replay-gm", "the hand is annulled and dealt again", "la main est annulée et redistribuée"),
    P_("replay-stud",
       "an exact replay: the dealer does not move, no new player, the same ante and limits",
       "une redistribution à l'identique : le donneur ne bouge pas, aucun nouveau joueur, les "
       "mêmes ante et limites"),
    P_("bets-back-to-owners", "blinds, antes and bets go back to their owners",
       "blinds, antes et mises reviennent à leurs propriétaires"),
    P_("hand-goes-on", "the hand goes on", "le coup continue"),
    P_("directly-affected", "directly affected by the irregularity",
       "directement concerné par l'irrégularité"),
    P_("the-player-unnamed", "the player", "le joueur"),
    P_("finish-the-deal", "finish the deal", "terminer la donne"),
    P_("exposed-card-from", "the exposed card, from {who}", "la carte retournée ({who})"),
    P_("give-planned-burn", "give {who} the next card, the planned first burn",
       "{who} reçoit la carte suivante, la première brûlure prévue"),
    P_("exposed-on-stub", "the exposed card, shown to all, face up on the stub",
       "la carte retournée, montrée à tous, face visible sur le talon"),
    P_("exposed-is-first-burn", "the exposed card is the first burn",
       "la carte retournée est la première brûlure"),
    P_("follows-lfp-2-5",
       "{book} names no procedure (only that two cards exposed are a misdeal); pokertd follows "
       "LFP 2.5.",
       "Le règlement {book} ne décrit pas la procédure ; pokertd suit la LFP 2.5."),
    P_("holds-cards", "Player {player} holds {held} cards instead of {holes}",
       "Le joueur {player} a {held} cartes au lieu de {holes}"),
    P_("holds-one-card", "Player {player} holds {held} card instead of {holes}",
       "Le joueur {player} a {held} carte au lieu de {holes}"),
    P_("acted-short-hand", "acted on a short hand", "a agi avec une main incomplète"),
    P_("give-missing-cards", "give player {player} {count} card(s) from the stub",
       "donner au joueur {player} {count} carte(s) du talon"),
    P_("give-top-card", "give player {player} the top card of the stub",
       "donner au joueur {player} la carte du dessus du talon"),
    P_("void-no-compensation", "void hand, without compensation",
       "main annulée, sans dédommagement"),
    P_("wrong-count-mucked", "wrong number of cards; all its cards are mucked",
       "nombre de cartes incorrect ; toutes ses cartes sont jetées"),
    P_("one-burn-per-street", "one burn per later street, no correcting burn",
       "une brûlure par street suivante, sans brûlure de correction"),
    P_("extra-card-from", "the extra card, from player {player}",
       "la carte en trop, reprise au joueur {player}"),
    P_("shown-on-stub", "shown to all, on top of the stub",
       "montrée à tous, sur le dessus du talon"),
    P_("is-first-burn", "it is the first burn", "c'est la première brûlure"),
    P_("boxed-aside", "shown to all, set aside face up for the hand",
       "montrée à tous, mise de côté face visible pour le coup"),
    P_("boxed", "{count} cards face up in the deck", "{count} cartes à l'envers"),
    P_("boxed-during-deal", "{count} cards face up in the deck during the initial deal.",
       "{count} cartes à l'envers pendant la donne initiale."),
    P_("boxed-hand-void",
       "{count} cards face up in the deck after the deal, while betting is still possible: the "
       "hand is void.",
       "{count} cartes à l'envers après la donne, alors que des enchères sont encore possibles : "
       "le coup est annulé."),
    P_("boxed-after-deal", "{count} cards face up in the deck after the deal",
       "{count} cartes à l'envers après la donne"),
    P_("touched-before-refusing", "he touched it before refusing it",
       "il l'a touchée avant de la refuser"),
    P_("did-not-refuse", "he did not refuse it", "il ne l'a pas refusée"),
    P_("silent-follows-lfp-2-9", "{book} is silent; pokertd follows LFP 2.9.",
       "Le règlement {book} ne dit rien ; pokertd suit la LFP 2.9."),
)  # fmt: skip

_BOARD = (
    O_("DEAL-BOARD-ERROR-AFTER-SA", "error-after-sa",
       "The error ({error}) was noticed only after substantial action: the hand goes on with "
       "the board as it is, and where possible the cards that should have come are dealt later.",
       "L'erreur ({error}) n'a été constatée qu'après une action substantielle : le coup "
       "continue avec le board tel quel, et autant que possible les cartes qui devaient sortir "
       "sont données par la suite."),
    O_("DEAL-FOUR-CARD-FLOP", "fourth-card-burns",
       "Four cards came out on the flop and their order is known: the fourth, {fourth}, becomes "
       "the turn's burn and the other three are the flop.",
       "Quatre cartes sont sorties au flop et leur ordre est connu : la quatrième, {fourth}, "
       "devient la brûlure de la turn et les trois autres forment le flop."),
    O_("DEAL-FOUR-CARD-FLOP", "four-cards-scrambled",
       "Four cards came out on the flop: they are scrambled face down and a floor draws one at "
       "random as the turn's burn ({burn}); the other three are the flop.",
       "Quatre cartes sont sorties au flop : elles sont mélangées faces cachées et un floor en "
       "tire une au hasard, qui devient la brûlure de la turn ({burn}) ; les trois autres "
       "forment le flop."),
    O_("DEAL-FLOP-NO-BURN", "flop-no-burn-known",
       "The flop came out without a burn and the order is known: {how}, and {card} completes "
       "the flop.",
       "Le flop est sorti sans carte brûlée et l'ordre est connu : {how}, et {card} complète le "
       "flop."),
    O_("DEAL-FLOP-NO-BURN", "flop-no-burn-unknown",
       "The flop came out without a burn and the order is not known: {how}, and {card} "
       "completes the flop.",
       "Le flop est sorti sans carte brûlée et l'ordre est inconnu : {how}, et {card} complète "
       "le flop."),
    O_("DEAL-FLOP-TWO-BURNS", "two-burns-known",
       "The flop came out after two burns and the order is known: the second burn, {second}, is "
       "exposed as the first flop card, and the last card dealt, {last}, becomes the turn's "
       "burn.",
       "Le flop est sorti après deux brûlures et l'ordre est connu : la deuxième brûlure, "
       "{second}, est exposée en première carte du flop, et la dernière carte donnée, {last}, "
       "devient la brûlure de la turn."),
    O_("DEAL-FLOP-TWO-BURNS", "two-burns-unknown",
       "The flop came out after two burns and the order is not known: the flop is scrambled "
       "face down and a floor draws the turn's burn ({turn_burn}); the two burns are scrambled "
       "and a floor draws the flop's burn ({flop_burn}); the other, {other}, joins the flop.",
       "Le flop est sorti après deux brûlures et l'ordre est inconnu : le flop est mélangé "
       "faces cachées et un floor tire la brûlure de la turn ({turn_burn}) ; les deux brûlures "
       "sont mélangées et un floor tire celle du flop ({flop_burn}) ; l'autre, {other}, rejoint "
       "le flop."),
    O_("DEAL-TURN-RIVER-NO-BURN", "turn-dealt-no-burn",
       "The turn {exposed} came out without a burn: it becomes the burn card and the next card, "
       "{card}, is the real turn.",
       "La turn {exposed} est sortie sans carte brûlée : elle devient la brûlure et la carte "
       "suivante, {card}, est la vraie turn."),
    O_("DEAL-TURN-RIVER-NO-BURN", "river-dealt-no-burn",
       "The river {exposed} came out without a burn: it becomes the burn card and the next "
       "card, {card}, is the real river.",
       "La river {exposed} est sortie sans carte brûlée : elle devient la brûlure et la carte "
       "suivante, {card}, est la vraie river."),
    O_("DEAL-PREMATURE-FLOP", "premature-flop",
       "The flop ({shown}) came out before the pre-flop betting was over: it is taken back and "
       "shuffled into the stub, whatever the players still to act then do, and the burns stay "
       "where they are; the bets made before the error stand. Once the betting is over the "
       "dealer {new} a new flop ({flop}).",
       "Le flop ({shown}) est sorti avant la fin des enchères préflop : il est repris et "
       "remélangé avec le talon, quoi que fassent ensuite les joueurs oubliés, et les brûlures "
       "restent à l'écart ; les mises faites avant l'erreur sont maintenues. À la fin des "
       "enchères, le donneur {new} un nouveau flop ({flop})."),
    O_("DEAL-PREMATURE-TURN", "premature-turn",
       "The turn {exposed} came out before the flop betting was over: it is set aside face up. "
       "Once that betting is over, the dealer burns a card and deals the would-be river as the "
       "turn ({turn}). Once the turn betting is over, {exposed} is shuffled back into the stub "
       "and the river is dealt {ending}.",
       "La turn {exposed} est sortie avant la fin des enchères du flop : elle est mise de côté, "
       "visible. À la fin de ces enchères, le donneur brûle une carte et expose celle qui devait "
       "être la river comme turn ({turn}). À la fin des enchères de la turn, {exposed} est "
       "remélangée au talon et la river est donnée {ending}."),
    O_("DEAL-PREMATURE-RIVER", "premature-river",
       "The river {exposed} came out before the turn betting was over: it is taken back and its "
       "burn stays burned. Once the betting is over it is shuffled back into the stub and a new "
       "river is dealt {ending}.",
       "La river {exposed} est sortie avant la fin des enchères de la turn : elle est reprise et "
       "sa brûlure reste à l'écart. À la fin des enchères, elle est remélangée au talon et une "
       "nouvelle river est donnée {ending}."),
)  # fmt: skip

_BOARD_PHRASES = (
    P_("no-procedure-follows-lfp", "{book} has no procedure for it; pokertd follows LFP.",
       "Le règlement {book} ne prévoit rien ; pokertd suit la LFP."),
    P_("silent-late-board-error",
       "{book} is silent on a late board error; pokertd follows LFP 2.26.",
       "Le règlement {book} ne dit rien ; pokertd suit la LFP 2.26."),
    P_("board-stands",
       "the board stands; where possible, the cards that should have come come later",
       "le board reste tel quel ; autant que possible, les cartes qui devaient sortir viennent "
       "plus tard"),
    P_("face-down", "face down", "faces cachées"),
    P_("turn-no-new-burn", "deal the turn without another burn: its burn is set",
       "donner la turn sans autre brûlure : sa brûlure est en place"),
    P_("fourth-flop-card", "the fourth flop card", "la quatrième carte du flop"),
    P_("turns-burn", "the turn's burn", "la brûlure de la turn"),
    P_("rivers-burn", "the river's burn", "la brûlure de la river"),
    P_("flops-burn", "the flop's burn", "la brûlure du flop"),
    P_("four-flop-cards", "the four flop cards", "les quatre cartes du flop"),
    P_("three-flop-cards", "the three flop cards", "les trois cartes du flop"),
    P_("floor-draws-turn-burn", "the floor draws the turn's burn",
       "le floor tire la brûlure de la turn"),
    P_("floor-draws-flop-burn", "the floor draws the flop's burn",
       "le floor tire la brûlure du flop"),
    P_("other-three-flop", "the other three are the flop", "les trois autres forment le flop"),
    P_("first-flop-card", "the first flop card", "la première carte du flop"),
    P_("first-card-becomes-burn", "the first card, {burn}, becomes the burn",
       "la première carte, {burn}, devient la brûlure"),
    P_("flop-scrambled-draws-burn",
       "the flop is scrambled face down and a floor draws the burn ({burn})",
       "le flop est mélangé faces cachées et un floor tire la brûlure ({burn})"),
    P_("back-on-flop", "back on the flop", "de retour sur le flop"),
    P_("completes-flop", "completes the flop", "complète le flop"),
    P_("second-burn-first-flop", "the second burn is the first flop card",
       "la deuxième brûlure est la première carte du flop"),
    P_("last-flop-card", "the last flop card dealt", "la dernière carte du flop donnée"),
    P_("two-burns", "the two burns", "les deux brûlures"),
    P_("other-burn-joins-flop", "the other burn joins the flop",
       "l'autre brûlure rejoint le flop"),
    P_("turn-without-burn", "the turn dealt without a burn",
       "la turn donnée sans carte brûlée"),
    P_("river-without-burn", "the river dealt without a burn",
       "la river donnée sans carte brûlée"),
    P_("real-turn", "the real turn", "la vraie turn"),
    P_("real-river", "the real river", "la vraie river"),
    P_("premature-flop-cards", "the premature flop", "le flop prématuré"),
    P_("stub-shuffled-burns-stay", "the stub is shuffled; the burns stay where they are",
       "le talon est mélangé ; les brûlures restent à l'écart"),
    P_("after-preflop-burn", "once the pre-flop betting is over: a burn",
       "à la fin des enchères préflop : une brûlure"),
    P_("after-preflop-burn-none", "once the pre-flop betting is over: a burn, none was taken",
       "à la fin des enchères préflop : une brûlure, aucune n'avait été faite"),
    P_("after-preflop-new-flop", "once the pre-flop betting is over: the new flop",
       "à la fin des enchères préflop : le nouveau flop"),
    P_("burns-again-and-deals", "burns again and deals", "brûle à nouveau et donne"),
    P_("deals-without-burn", "deals, without another burn,", "donne, sans autre brûlure,"),
    P_("premature-turn-card", "the premature turn", "la turn prématurée"),
    P_("face-up-until-river", "face up, until the river", "visible, jusqu'à la river"),
    P_("after-flop-burn", "once the flop betting is over: a burn",
       "à la fin des enchères du flop : une brûlure"),
    P_("after-flop-river-as-turn", "once the flop betting is over: the would-be river is the turn",
       "à la fin des enchères du flop : la river prévue devient la turn"),
    P_("premature-river-card", "the premature river", "la river prématurée"),
    P_("face-down-burn-stays", "face down; its burn stays burned",
       "face cachée ; sa brûlure reste brûlée"),
    P_("after-turn-stub-shuffled", "once the turn betting is over: the stub is shuffled",
       "à la fin des enchères de la turn : le talon est mélangé"),
    P_("after-turn-burn", "once the turn betting is over: a burn before the river",
       "à la fin des enchères de la turn : une brûlure avant la river"),
    P_("after-turn-river", "once the turn betting is over: the river",
       "à la fin des enchères de la turn : la river"),
    P_("after-a-burn", "after a burn", "après une brûlure"),
    P_("without-a-burn", "without a burn", "sans brûlure"),
)  # fmt: skip

_STUD = (
    # STUD-PREMATURE
    O_("STUD-PREMATURE", "premature-set-aside",
       "{lead}: the rest of that street is dealt and set aside with it, representing a full "
       "round for every player still in the hand. When the betting round is over, the next card "
       "is burned and the street is dealt normally. When the last street is reached, the "
       "set-aside cards go back into the stub, which is reshuffled, and the last street is dealt.",
       "{lead} : les cartes suivantes de ce tour sont distribuées et mises de côté avec elle, "
       "pour représenter un tour complet pour tous les joueurs restant dans le coup. Quand les "
       "enchères sont finies, la carte suivante est brûlée et le tour est distribué normalement. "
       "Au dernier tour de donne, les cartes mises de côté sont replacées dans le paquet, qui est "
       "remélangé, puis le dernier tour est distribué."),
    O_("STUD-PREMATURE", "premature-seventh-set-aside",
       "{lead}: seventh street is dealt and set aside with it (a full round for every player "
       "still in the hand); when the betting round is over, the set-aside cards go back into the "
       "stub, which is reshuffled, and seventh street is dealt.",
       "{lead} : la septième rue est distribuée et mise de côté avec elle (un tour complet pour "
       "tous les joueurs restant dans le coup) ; quand les enchères sont finies, les cartes mises "
       "de côté sont replacées dans le paquet, qui est remélangé, puis la septième rue est "
       "distribuée."),
    O_("STUD-PREMATURE", "premature-dead-gen",
       "{lead}: no card dealt before the betting round has closed may play. In stud it is dead "
       "and goes into the muck, with a card for every other player, so that the players receive "
       "the cards of the following round.",
       "{lead} : aucune carte donnée avant la clôture du tour d'enchères ne peut participer au "
       "coup. Au stud elle est perdue dans les cartes rejetées, avec une carte pour tout joueur "
       "supplémentaire ; les joueurs reçoivent les cartes du tour suivant."),
    O_("STUD-PREMATURE", "premature-kept",
       "{lead}, face down and lost among the player's other down cards: the card must be kept, "
       "and {who}, holding seven cards, may neither bet nor raise on this betting round.",
       "{lead}, face cachée et perdue parmi ses autres cartes fermées : la carte doit être "
       "gardée, et {who}, avec sept cartes, ne peut ni ouvrir ni relancer lors de ce tour."),
    # STUD-MISDEAL
    O_("STUD-MISDEAL", "gen-one-down-replaced",
       "{lead}: GEN 1.8 replaces one exposed card: the round is finished, the card is replaced "
       "by the top card of the stub (the planned burn), and the exposed card, shown to all, is "
       "put face down on the stub as the new burn. Two exposed cards would be a misdeal. (GEN's "
       "list for each variant is missing from the text; this is its general procedure.)",
       "{lead} : le GEN 1.8 remplace une carte retournée : le donneur termine son tour, la carte "
       "est remplacée par celle du dessus du paquet (la carte à brûler prévue), et la carte "
       "retournée, montrée à tous, est posée face en bas sur le paquet comme nouvelle carte "
       "brûlée. Deux cartes retournées feraient une maldonne."),
    O_("STUD-MISDEAL", "down-exposed-after-sa",
       "{lead}, but substantial action has taken place: no misdeal; the hand goes on.",
       "{lead}, mais après une action substantielle : pas de fausse donne ; le coup continue."),
    O_("STUD-MISDEAL", "down-exposed-misdeal",
       "{lead}: misdeal; the bets go back and the hand is dealt again ({replay}).",
       "{lead} : fausse donne ; les mises sont rendues et la main est redistribuée."),
    O_("STUD-MISDEAL", "up-card-dealt-down",
       "A card that should have been dealt face up to {to} was dealt face down. No book rules on "
       "it (TDA 35A5 makes a misdeal of a down card exposed, not of an up card dealt down; GEN "
       "1.8's list for each variant is missing): pokertd turns it face up where it lies, which "
       "changes no card's place; the TD decides.",
       "Une carte qui devait être donnée ouverte {to} l'a été face cachée. Aucun règlement ne le "
       "prévoit (la TDA 35A5 vise une carte cachée retournée, pas une carte ouverte donnée "
       "fermée ; la liste par variante du GEN 1.8 manque) : pokertd la retourne face en l'air à "
       "sa place, sans changer l'ordre des cartes ; le directeur décide."),
    # STUD-RIVER-UP
    O_("STUD-RIVER-UP", "river-dealt-up",
       "The first seventh-street card was dealt face up: {how}. Either way player {first}, who "
       "acted first on sixth street, acts first; a player whose seventh-street card is exposed "
       "may declare himself all-in (and take no part in the betting that follows), before "
       "anyone opens the betting.",
       "La première rivière a été donnée ouverte : {how}. Dans les deux cas le joueur {first}, "
       "qui a agi le premier à la sixième carte, commence ; un joueur dont la rivière est "
       "exposée peut se déclarer à tapis (sans participer à la suite des enjeux), avant "
       "l'ouverture des mises."),
    # STUD-BRINGIN-TIE
    O_("STUD-BRINGIN-TIE", "lowest-showing-first",
       "On {street} street the lowest showing hand acts first: player {player} ({cards}); "
       "identical showing hands go by their highest card and its suit (spades, hearts, diamonds, "
       "clubs), never by position.",
       "En {street} rue, la main visible la plus basse parle en premier : le joueur {player} "
       "({cards}) ; entre mains visibles identiques, la carte la plus haute et sa couleur "
       "(pique, cœur, carreau, trèfle) décident, jamais la position."),
    O_("STUD-BRINGIN-TIE", "highest-showing-first",
       "On {street} street the highest showing hand acts first: player {player} ({cards}); "
       "identical showing hands go by their highest card and its suit (spades, hearts, diamonds, "
       "clubs), never by position.",
       "En {street} rue, la main visible la plus haute parle en premier : le joueur {player} "
       "({cards}) ; entre mains visibles identiques, la carte la plus haute et sa couleur "
       "(pique, cœur, carreau, trèfle) décident, jamais la position."),
    O_("STUD-BRINGIN-TIE", "brings-in-lowest",
       "Player {player} brings in with {card}: the lowest card, aces high, brings in.",
       "Le joueur {player} paie le bring-in avec {card} : la carte la plus basse, l'as étant "
       "haut paie le bring-in."),
    O_("STUD-BRINGIN-TIE", "brings-in-highest",
       "Player {player} brings in with {card}: the highest card, aces low, brings in.",
       "Le joueur {player} paie le bring-in avec {card} : la carte la plus haute, l'as étant "
       "bas paie le bring-in."),
    # STUD-BRINGIN-ABSENT
    O_("STUD-BRINGIN-ABSENT", "absent-dead",
       "Player {player} was not at his seat for the deal: his cards are dead and he is not dealt "
       "a fourth-street card. His ante stays in the pot, and if his up card is the bring-in card "
       "the bring-in is taken from his stack.",
       "Le joueur {player} n'était pas à son siège pour la donne : ses cartes sont mortes et la "
       "quatrième carte ne lui est pas distribuée. Son ante reste au pot, et si sa carte ouverte "
       "est celle du bring-in, le bring-in est prélevé sur son tapis."),
    # STUD-FOLD
    O_("STUD-FOLD", "picked-up-facing-dead",
       "Player {player} picked up his up cards while facing action: his hand is dead. The "
       "correct way to fold in stud is to turn the up cards face down and push them forward.",
       "Le joueur {player} a ramassé ses cartes ouvertes alors qu'il faisait face à une action : "
       "sa main est morte. Au stud on folde en retournant ses cartes face cachée puis en les "
       "avançant vers le centre de la table."),
    O_("STUD-FOLD", "picked-up-not-facing",
       "Player {player} picked up his up cards while not facing action: TDA 66 kills the hand "
       "only of a player facing action, so it is not dead; the TD decides, and pokertd asks him "
       "to put them back face up. To fold, he turns them face down and pushes them forward.",
       "Le joueur {player} a ramassé ses cartes ouvertes sans faire face à une action : la TDA "
       "66 ne rend morte que la main d'un joueur qui fait face à une action ; le directeur "
       "décide, et pokertd lui demande de les reposer face visible. Pour folder, il les retourne "
       "face cachée et les avance."),
    O_("STUD-FOLD", "took-up-cards-heads-up",
       "Player {player} took his up cards off the table: heads-up this is not a fold; he puts "
       "them back and plays on.",
       "Le joueur {player} a retiré ses cartes ouvertes de la table : en duel, cela n'équivaut "
       "pas à passer ; il les repose et continue."),
    O_("STUD-FOLD", "took-up-cards-fold",
       "Player {player} took his up cards off the table and the next player has acted: it is a "
       "fold.",
       "Le joueur {player} a retiré ses cartes ouvertes de la table et le joueur suivant a "
       "parlé : cela équivaut à passer."),
    O_("STUD-FOLD", "took-up-cards-until-next",
       "Player {player} took his up cards off the table: it is a fold as soon as the next player "
       "acts; until then he may put them back.",
       "Le joueur {player} a retiré ses cartes ouvertes de la table : cela équivaut à passer dès "
       "que le joueur suivant prend la parole ; d'ici là il peut les reposer."),
    # STUD-DECK-SHORT
    O_("STUD-DECK-SHORT", "deck-deal",
       "{stub} cards are left for {players} players: burn one and deal {street} street.",
       "Il reste {stub} cartes pour {players} joueurs : brûler une carte et distribuer."),
    O_("STUD-DECK-SHORT", "deck-new-stub",
       "{stub} cards are left for {players} players and a burn: the burns and the last card(s) "
       "form a new stub, which is shuffled; burn one and deal {street} street.",
       "Il reste {stub} cartes pour {players} joueurs et une brûlée : les cartes brûlées et la "
       "dernière carte forment un nouveau paquet, mélangé ; brûler une carte et distribuer."),
    O_("STUD-DECK-SHORT", "deck-common-card",
       "Only {total} cards, burns included, are left for {players} players: burn one and turn "
       "one face up in the middle as a common card for everybody (GEN 1.13 forms a new stub with "
       "the burns; when that is still short, pokertd follows the usual practice of a common "
       "card).",
       "Il ne reste que {total} cartes, brûlées comprises, pour {players} joueurs : brûler une "
       "carte et en retourner une au centre, commune à tous (le GEN 1.13 forme un nouveau "
       "paquet avec les brûlées ; s'il ne suffit pas, pokertd suit l'usage de la carte "
       "commune)."),
)  # fmt: skip

_STUD_PHRASES = (
    P_("stud-silent", "{book} says nothing about stud; pokertd applies {follows}.",
       "Le règlement {book} ne dit rien du stud ; pokertd applique {follows}."),
    P_("street-third", "third", "troisième"),
    P_("street-fourth", "fourth", "quatrième"),
    P_("street-fifth", "fifth", "cinquième"),
    P_("street-sixth", "sixth", "sixième"),
    P_("street-seventh", "seventh", "septième"),
    P_("premature-card",
       "A {street}-street card dealt{to} before the {current}-street betting round was complete",
       "Une carte de {street} rue donnée{to} avant la fin du tour d'enchères"),
    P_("dealt-to", " to player {player}", " au joueur {player}"),
    P_("premature-cards", "the premature card(s)", "la ou les cartes prématurées"),
    P_("deal-rest-aside",
       "deal the rest of {street} street and set it aside with them: one card for each of the "
       "{live} players still in the hand, a full round",
       "distribuer le reste de la {street} rue et le mettre de côté avec elles : une carte pour "
       "chacun des {live} joueurs encore dans le coup, un tour complet"),
    P_("finish-street-betting", "finish the {street}-street betting round",
       "terminer le tour d'enchères de la {street} rue"),
    P_("next-card", "the next card", "la carte suivante"),
    P_("deal-street-normally", "deal {street} street normally, then play on",
       "distribuer normalement la {street} rue, puis continuer"),
    P_("set-aside-back-at-seventh",
       "when seventh street is reached: the set-aside cards go back into the stub, which is "
       "reshuffled",
       "à la septième rue : les cartes mises de côté retournent dans le talon, qui est "
       "remélangé"),
    P_("one-card-as-always", "one card, as before every street",
       "une carte, comme avant chaque rue"),
    P_("deal-seventh", "deal seventh street", "distribuer la septième rue"),
    P_("dead-into-muck", "dead: into the muck, never used in this hand",
       "mortes : aux écarts, jamais utilisées dans ce coup"),
    P_("deal-dead-cards",
       "deal a card for each other player still due on {street} street ({live} cards in all "
       "with the premature ones): dead, into the muck",
       "distribuer une carte pour chaque autre joueur attendu en {street} rue ({live} cartes en "
       "tout avec les prématurées) : mortes, aux écarts"),
    P_("finish-betting-round", "finish the betting round", "terminer le tour d'enchères"),
    P_("deal-street-following",
       "deal {street} street: every player gets the card of the following round",
       "distribuer la {street} rue : chaque joueur reçoit la carte du tour suivant"),
    P_("keeps-card", "{who} keeps the card: it cannot be told from his down cards",
       "{who} garde la carte : on ne peut plus la distinguer de ses cartes fermées"),
    P_("seven-cards-no-raise",
       "{who}, with seven cards, may check, call or fold on this round, never bet or raise",
       "{who}, avec sept cartes, peut checker, suivre ou passer à ce tour, jamais miser ni "
       "relancer"),
    P_("finish-then-seventh",
       "finish the betting round, then deal the other players their seventh-street card",
       "terminer le tour d'enchères, puis donner aux autres joueurs leur carte de septième rue"),
    P_("tda-no-such-exception",
       "TDA PR-5D has no such exception (the premature card is set aside): the TD decides; "
       "pokertd proposes GEN 1.14's way.",
       "La TDA PR-5D ne prévoit pas ce cas (la carte prématurée est mise de côté) : le "
       "directeur décide ; pokertd propose la solution du GEN 1.14."),
    P_("of-player", " of player {player}", " du joueur {player}"),
    P_("two-down-exposed", "The dealer exposed two down cards{of}",
       "Le donneur a retourné deux cartes fermées{of}"),
    P_("one-down-exposed", "The dealer exposed one of the two third-street down cards{of}",
       "Le donneur a retourné l'une des deux cartes initiales cachées{of}"),
    P_("finish-dealing-round", "finish the round of dealing", "terminer le tour de donne"),
    P_("the-exposed-card", "the exposed card", "la carte retournée"),
    P_("give-top-card-face-down",
       "give the player the top card of the stub (the planned burn) in its place, face down",
       "donner au joueur, à sa place et face cachée, la carte du dessus du talon (la brûlure "
       "prévue)"),
    P_("exposed-new-burn",
       "the exposed card, shown to all, face down on top of the stub: the new burn",
       "la carte retournée, montrée à tous, face cachée sur le talon : la nouvelle brûlure"),
    P_("stud-bets-back", "antes, bring-in and bets go back to their owners",
       "antes, bring-in et mises reviennent à leurs propriétaires"),
    P_("to-player", "player {player}", "au joueur {player}"),
    P_("to-the-player", "the player", "au joueur"),
    P_("turn-card-up",
       "turn {who}'s card face up where it lies, before the betting (on third street, before the "
       "bring-in is settled)",
       "retourner face visible, à sa place, la carte concernée ({who}), avant les enchères (en "
       "troisième rue, avant de régler le bring-in)"),
    P_("deal-goes-on-in-place", "the deal goes on; no card changes place",
       "la donne continue ; aucune carte ne change de place"),
    P_("deal-opponent-up", "deal the opponent's seventh-street card face up too (heads-up)",
       "donner aussi face visible la carte de septième rue de l'adversaire (tête-à-tête)"),
    P_("deal-others-down", "deal the other players their seventh-street card face down, as usual",
       "donner aux autres joueurs leur carte de septième rue face cachée, comme d'habitude"),
    P_("opponent-up-too", "heads-up, the opponent's card is dealt face up too",
       "en tête-à-tête, la carte de l'adversaire est elle aussi donnée ouverte"),
    P_("others-as-usual", "with more players, the others get theirs as usual, face down",
       "avec plusieurs adversaires, les autres reçoivent la leur normalement, face cachée"),
    P_("first-on-sixth-acts-first", "player {player}, who acted first on sixth street, acts first",
       "le joueur {player}, qui a parlé le premier en sixième rue, parle le premier"),
    P_("exposed-may-declare-all-in",
       "a player whose seventh-street card is exposed may declare himself all-in, before anyone "
       "opens the betting",
       "un joueur dont la carte de septième rue est exposée peut se déclarer à tapis, avant "
       "l'ouverture des enchères"),
    P_("all-in-starts-left",
       "He is all-in: the action starts at his left, with player {player}.",
       "Il est à tapis : l'action commence à sa gauche, au joueur {player}."),
    P_("not-claimed",
       "Not player {claimed}: the betting is corrected to start with player {player}.",
       "Pas le joueur {claimed} : les enchères reprennent au joueur {player}."),
    P_("suit-decides-lowest",
       "Against the same rank ({other}) the suit decides: clubs, diamonds, hearts, spades from "
       "lowest to highest, the lowest suit bringing in.",
       "Contre le même rang ({other}), la couleur décide : trèfle, carreau, cœur, pique, du plus "
       "bas au plus haut, la couleur la plus basse payant le bring-in."),
    P_("suit-decides-highest",
       "Against the same rank ({other}) the suit decides: clubs, diamonds, hearts, spades from "
       "lowest to highest, the highest suit bringing in.",
       "Contre le même rang ({other}), la couleur décide : trèfle, carreau, cœur, pique, du plus "
       "bas au plus haut, la couleur la plus haute payant le bring-in."),
    P_("absent-bring-in",
       "He is absent: the bring-in is taken from his stack, his hand is dead, and player "
       "{player} acts first.",
       "Il est absent : le bring-in est prélevé sur son tapis, sa main est morte, et le joueur "
       "{player} parle en premier."),
    P_("all-in-on-ante",
       "He is all-in on the ante: the betting starts at his left, with player {player}, and the "
       "players with chips must at least bring in or fold.",
       "Il est à tapis sur l'ante : les enchères commencent à sa gauche, au joueur {player}, et "
       "les joueurs ayant des jetons doivent au moins payer le bring-in ou se coucher."),
    P_("take-bring-in", "take the bring-in from player {player}'s stack",
       "prélever le bring-in sur le tapis du joueur {player}"),
    P_("absent-for-deal", "absent for the deal", "absent pour la donne"),
    P_("no-fourth-street-card",
       "no fourth-street card for player {player}; his ante stays in the pot, and he pays the "
       "bring-in if his up card calls for it",
       "pas de carte de quatrième rue pour le joueur {player} ; son ante reste au pot, et il "
       "paie le bring-in si sa carte ouverte l'exige"),
    P_("correct-stud-fold",
       "the correct fold: turn the up cards face down and push them forward",
       "la bonne façon de passer : retourner ses cartes ouvertes face cachée et les avancer"),
    P_("picked-up-facing", "picked up his up cards facing action",
       "a ramassé ses cartes ouvertes face à une action"),
    P_("puts-up-cards-back", "player {player} puts his up cards back face up",
       "le joueur {player} repose ses cartes ouvertes face visible"),
    P_("took-up-cards", "took his up cards off the table",
       "a retiré ses cartes ouvertes de la table"),
    P_("fold-once-next-acts", "a fold once the next player acts",
       "un passe dès que le joueur suivant parle"),
    P_("one-card", "one card", "une carte"),
    P_("deal-street", "deal {street} street", "distribuer la {street} rue"),
    P_("burns-form-new-stub",
       "the {burns} burns and the last {stub} card(s) form a new stub, shuffled and cut",
       "les {burns} brûlées et les {stub} dernière(s) carte(s) forment un nouveau talon, mélangé "
       "et coupé"),
    P_("burns-join-last", "the burns join the last card(s)",
       "les brûlées rejoignent la ou les dernières cartes"),
    P_("common-card", "one card face up in the middle: a common card that plays for every player",
       "une carte face visible au centre : une carte commune qui joue pour tous"),
    P_("tda-silent-gen-1-13", "The TDA is silent; pokertd follows GEN 1.13.",
       "La TDA ne dit rien ; pokertd suit le GEN 1.13."),
    P_("books-silent-gen-1-13", "{book} and the TDA are silent; pokertd follows GEN 1.13.",
       "Le règlement {book} et la TDA ne disent rien ; pokertd suit le GEN 1.13."),
)  # fmt: skip

OUTCOMES: dict[tuple[str, str], Text] = outcomes(*_IRREGULARITIES, *_BOARD, *_STUD)
PHRASES: dict[str, Text] = phrases(*_IRREGULARITY_PHRASES, *_BOARD_PHRASES, *_STUD_PHRASES)
