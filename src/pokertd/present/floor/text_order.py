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
    O_(_SA, "is-substantial",
       "Actions {scope}: {done}; {count} in all, {chips} putting chips in. That is substantial "
       "action: it takes {definition}; posted blinds do not count.",
       "Actions {scope} : {done} ; {count} en tout, dont {chips} avec des jetons. Cela constitue "
       "une action substantielle : il faut {definition} ; les blindes postées ne comptent pas."),
    O_(_SA, "not-substantial",
       "Actions {scope}: {done}; {count} in all, {chips} putting chips in. That is not "
       "substantial action: it takes {definition}; posted blinds do not count.",
       "Actions {scope} : {done} ; {count} en tout, dont {chips} avec des jetons. Cela ne "
       "constitue pas une action substantielle : il faut {definition} ; les blindes postées ne "
       "comptent pas."),
    # BET-CONDITIONAL
    O_(_COND, "condition-not-met",
       "Player {player}'s conditional statement ({action} if ...) does not bind: its condition "
       "did not happen, so he has all his options. Conditional statements are discouraged and "
       "may be penalised.",
       "L'annonce conditionnelle du joueur {player} (« {action} si ... ») ne l'engage pas : sa "
       "condition ne s'est pas réalisée, il a donc toutes ses options. Les annonces "
       "conditionnelles sont découragées et peuvent être sanctionnées."),
    O_(_COND, "condition-binds",
       "The condition of player {player}'s statement came true, so it binds: {action}. He is "
       "penalised for the conditional statement.",
       "La condition annoncée par le joueur {player} s'est réalisée : son annonce l'engage "
       "({action}). Il est sanctionné pour l'annonce conditionnelle."),
    O_(_COND, "condition-td",
       "The condition of player {player}'s statement came true. A conditional statement is "
       "non-standard: the TD may hold him to it ({action}) or let him choose, and may penalise "
       "him.",
       "La condition annoncée par le joueur {player} s'est réalisée. Une annonce conditionnelle "
       "n'est pas standard : le directeur peut l'y tenir ({action}) ou le laisser choisir, et "
       "peut le sanctionner."),
    # BET-OOT: the skipped player
    O_(_OOT, "action-back",
       "The action goes back to player {player}, {facing}: he has all his options.",
       "La parole revient au joueur {player}, {facing} : il a toutes ses options."),
    O_(_OOT, "fold-or-call-only",
       "He may no longer change the situation: he may only fold or call, {facing} now and the "
       "bets declared since when his turn comes again. A bet or raise made after his decision "
       "gives him all his options back.",
       "Il ne peut plus changer la situation : il peut seulement passer ou suivre, {facing} "
       "maintenant puis les enchères annoncées depuis quand la parole lui reviendra. Une "
       "ouverture ou une relance faite après sa décision lui rend toutes ses options."),
    O_(_OOT, "td-decides-hand",
       "The TD decides player {player}'s hand: he may declare it dead or restrict its action, "
       "e.g. to folding or calling.",
       "Le directeur décide du sort de la main du joueur {player} : il peut la déclarer morte ou "
       "limiter son action, par exemple à passer ou suivre."),
    O_(_OOT, "acts-in-turn",
       "Player {player} acts in turn: {action}.",
       "Le joueur {player} agit à son tour ({action})."),
    O_(_OOT, "restricted-skipped",
       "Player {player} was skipped and did not speak up before substantial action: he may still "
       "only fold or call the bets declared before his decision (up to {limit}); only a bet or "
       "raise made after it gives him all his options back.",
       "Le joueur {player} a été oublié et ne s'est pas manifesté avant une action "
       "substantielle : il peut seulement passer ou suivre les enchères annoncées avant sa "
       "décision (jusqu'à {limit}) ; seule une ouverture ou une relance faite après lui rend "
       "toutes ses options."),
    O_(_OOT, "acts-freely",
       "No out-of-turn declaration concerns player {player}: he acts freely.",
       "Aucune déclaration hors de tour ne concerne le joueur {player} : il agit librement."),
    # BET-OOT: the declarer
    O_(_OOT, "oot-fold-stands",
       "Player {player} folded out of turn: a fold out of turn always stands.",
       "Le joueur {player} a passé hors de son tour : un fold hors de tour est définitif."),
    O_(_OOT, "declaration-void",
       "The action to player {player} has changed since he declared {action} out of turn (he "
       "faced {faced}, he now faces {current}): his declaration is void, his chips go back, and "
       "he has all his options.",
       "La situation a changé depuis que le joueur {player} a annoncé « {action} » hors de son "
       "tour (il faisait face à {faced}, il fait face à {current}) : son annonce est annulée, "
       "ses jetons lui sont rendus et il a toutes ses options."),
    O_(_OOT, "declared-check-facing-bet",
       "{unchanged}: his check facing a bet of {current} lets him call or fold, not raise.",
       "{unchanged} : son check face à une mise de {current} lui permet de suivre ou passer, pas "
       "de relancer."),
    O_(_OOT, "declaration-binds",
       "{unchanged}: it binds him ({fitted}).",
       "{unchanged} : son annonce l'engage ({fitted})."),
    # BET-UNDERRAISE-CORRECTION
    O_(_UNDER, "stands-current-street",
       "{faulty}: it is corrected on the current street only, so the bets stand as played.",
       "{faulty} : elle n'est corrigée que sur le tour en cours : les mises restent telles "
       "quelles."),
    O_(_UNDER, "stands-gathered",
       "{faulty}: once the bets are gathered the error stands and the pot is final.",
       "{faulty} : une fois les jetons réunis au milieu, l'erreur est maintenue et le pot est "
       "définitif."),
    O_(_UNDER, "corrected-to-minimum",
       "{faulty}: it is corrected to {low}.",
       "{faulty} : elle est corrigée à {low}."),
    O_(_UNDER, "corrected-to-call",
       "{faulty}: it is below 50 % of the minimum increment ({needed}), so it becomes a call of "
       "{current}.",
       "{faulty} : elle est sous 50 % de l'incrément minimum ({needed}), elle devient un suivi "
       "de {current}."),
    # BET-PL-CORRECTION
    O_(_PL, "too-late-bets-stand",
       "{faulty}: too late, the bets stand at {to}.",
       "{faulty} : trop tard, les mises restent à {to}."),
    O_(_PL, "above-pot-corrected",
       "{faulty}: a bet above the pot is corrected for every player at any time on the current "
       "street, so it comes down to {pot} and player {player} gets {back} back.",
       "{faulty} : une mise supérieure au pot est corrigée pour tous à tout moment du tour en "
       "cours ; elle descend à {pot} et le joueur {player} récupère {back}."),
    O_(_PL, "short-pot-bet-stands",
       "{faulty}: {why}, so the {kind} stays at {to}.",
       "{faulty} : {why}, la {kind} reste donc à {to}."),
    O_(_PL, "short-pot-bet-corrected",
       "{faulty}, before substantial action followed it: player {player} must bring his {kind} "
       "up to the pot, {pot}.",
       "{faulty}, avant toute action substantielle : le joueur {player} doit porter sa {kind} au "
       "montant du pot, {pot}."),
    # BET-WAIT-FOR-AMOUNT
    O_(_WAIT, "amount-pending",
       "Player {player} announced a {kind} without an amount. He must state it, from {low} to "
       "{high}; nobody after him acts until he has: player {after} and the others wait for a "
       "clear amount.",
       "Le joueur {player} a annoncé une {kind} sans montant. Il doit le préciser, de {low} à "
       "{high} ; personne après lui n'agit avant : le joueur {after} et les suivants attendent "
       "un montant clair."),
    O_(_WAIT, "called-before-amount",
       "Player {player} called before player {raiser} stated his amount. He should have waited; "
       "the TD sets the fairest amount in the circumstances and may hold him to calling it.",
       "Le joueur {player} a suivi avant que le joueur {raiser} ne précise son montant. Il "
       "devait attendre ; le directeur fixe le montant le plus juste selon la situation et peut "
       "l'obliger à le payer."),
    O_(_WAIT, "folded-before-amount",
       "Player {player} folded before player {raiser} stated his amount. He had to wait for a "
       "clear amount; TDA does not say what becomes of the fold. pokertd holds it as a fold out "
       "of turn, which binds, and leaves the last word to the TD.",
       "Le joueur {player} a passé avant que le joueur {raiser} ne précise son montant. Il "
       "devait attendre un montant clair ; la TDA ne dit pas ce que devient ce fold. pokertd le "
       "traite comme un fold hors de tour, qui engage, et laisse le dernier mot au directeur."),
    O_(_WAIT, "acted-before-amount",
       "Player {player} acted ({action}) before player {raiser} stated his amount. He must wait; "
       "his action is held as an action out of turn, which binds only if the action to him does "
       "not change.",
       "Le joueur {player} a agi ({action}) avant que le joueur {raiser} ne précise son montant. "
       "Il doit attendre ; son action est traitée comme une action hors de tour, qui ne l'engage "
       "que si la situation ne change pas."),
    # BET-UNCALLED
    O_(_UNCALLED, "retrieved",
       "Player {player}'s cards can be retrieved without dispute: he takes them back and the "
       "hand goes on.",
       "Les cartes du joueur {player} peuvent être récupérées sans discussion : il les reprend "
       "et le coup continue."),
    O_(_UNCALLED, "uncalled-returned",
       "Player {player} mucked with {uncalled} of his bet of {bet} uncalled: his hand is dead, "
       "and the uncalled {uncalled} goes back to him.",
       "Le joueur {player} a jeté ses cartes avec {uncalled} de sa mise de {bet} non suivis : sa "
       "main est morte, et les {uncalled} non suivis lui sont rendus."),
    O_(_UNCALLED, "uncalled-kept",
       "Player {player} mucked with {uncalled} of his bet of {bet} uncalled: his hand is dead; "
       "he cannot recover his uncalled bet except the part no opponent could cover ({returned}); "
       "{kept} stays in the pot.",
       "Le joueur {player} a jeté ses cartes avec {uncalled} de sa mise de {bet} non suivis : sa "
       "main est morte ; il ne peut pas récupérer sa mise non suivie, sauf la partie qu'aucun "
       "adversaire ne pouvait couvrir ({returned}) ; {kept} reste au pot."),
    O_(_UNCALLED, "uncalled-lost",
       "Player {player} mucked with {uncalled} of his bet of {bet} uncalled: his hand is dead "
       "and he loses the pot, his uncalled {uncalled} included: his cards cannot be retrieved.",
       "Le joueur {player} a jeté ses cartes avec {uncalled} de sa mise de {bet} non suivis : sa "
       "main est morte et il perd le pot, ses {uncalled} non suivis compris : ses cartes ne "
       "peuvent pas être récupérées."),
    # SHOW-EXPOSED-DURING-HAND
    O_(_EXPOSED, "shown-own-dead",
       "Player {player} showed his cards while the hand is being played: his hand is dead.",
       "Le joueur {player} a montré ses cartes pendant le coup : sa main est morte."),
    O_(_EXPOSED, "shown-own-live",
       "Player {player} showed his cards while players may still bet: it is forbidden, but his "
       "hand stays live; the penalty is applied {when}.",
       "Le joueur {player} a montré ses cartes alors que des joueurs peuvent encore miser : "
       "c'est interdit, mais sa main reste vivante ; la sanction s'applique {when}."),
)  # fmt: skip

_PHRASES = (
    # substantial action
    P_("sa-two-actions-one-with-chips-or-three",
       "two actions by two players, at least one putting chips in, or any three actions",
       "deux actions de deux joueurs, dont au moins une engage des jetons, ou trois actions "
       "quelconques"),
    P_("sa-two-chip-actions-or-three",
       "two actions putting chips in (bet, call or raise), or three actions in all",
       "deux actions impliquant des jetons (mise, suivi ou relance), ou trois actions en tout"),
    P_("sa-three-after-opening-or-two-with-raise",
       "three players acting after an opening bet (the big blind before the flop), or two of "
       "whom one raises",
       "trois joueurs qui parlent après une ouverture (la grosse blinde avant le flop), ou deux "
       "dont l'un relance"),
    P_("since-round-began", "since the betting round began", "depuis le début du tour d'enchères"),
    P_("since-event", "since event {at}", "depuis l'événement {at}"),
    P_("no-action", "no action (posted blinds never count)",
       "aucune action (les blindes ne comptent jamais)"),
    P_("player-acted", "player {player} {action}", "player {player} {action}"),
    # acting out of turn
    P_("acted-out-of-turn",
       "Player {player} acted out of turn ({action}) while player {skipped} was to act.",
       "Le joueur {player} a agi hors de son tour ({action}) alors que la parole était au joueur "
       "{skipped}."),
    P_("facing-amount", "facing {amount}", "face à {amount}"),
    P_("no-bet-to-call", "with no bet to call", "sans mise à suivre"),
    P_("declared", "player {player} ({action})", "l'annonce du joueur {player} ({action})"),
    P_("oot-if-facing-one",
       "If he calls or folds, the action has not changed and {listed} binds. If he raises, the "
       "action has changed: the out-of-turn chips go back and that player has all options "
       "again.",
       "S'il suit ou passe, la situation n'a pas changé et {listed} est maintenue. S'il relance, "
       "la situation a changé : les jetons misés hors de tour sont rendus et ce joueur retrouve "
       "toutes ses options."),
    P_("oot-if-facing-many",
       "If he calls or folds, the action has not changed and {listed} bind. If he raises, the "
       "action has changed: the out-of-turn chips go back and each of those players has all "
       "options again.",
       "S'il suit ou passe, la situation n'a pas changé et {listed} sont maintenues. S'il "
       "relance, la situation a changé : les jetons misés hors de tour sont rendus et chacun "
       "retrouve toutes ses options."),
    P_("oot-if-open-one",
       "If he checks, the action has not changed and {listed} binds. If he bets, the action has "
       "changed: the out-of-turn chips go back and that player has all options again.",
       "S'il checke, la situation n'a pas changé et {listed} est maintenue. S'il mise, la "
       "situation a changé : les jetons misés hors de tour sont rendus et ce joueur retrouve "
       "toutes ses options."),
    P_("oot-if-open-many",
       "If he checks, the action has not changed and {listed} bind. If he bets, the action has "
       "changed: the out-of-turn chips go back and each of those players has all options again.",
       "S'il checke, la situation n'a pas changé et {listed} sont maintenues. S'il mise, la "
       "situation a changé : les jetons misés hors de tour sont rendus et chacun retrouve "
       "toutes ses options."),
    P_("oot-folds-stand", "The fold out of turn of {players} stands whatever he does.",
       "Le fold hors de tour du {players} est définitif quoi qu'il fasse."),
    P_("fold-when-check-possible", "Folding when a check was possible may be penalised.",
       "Passer alors qu'on pouvait checker peut être sanctionné."),
    P_("oot-may-be-penalised", "Acting out of turn may be penalised.",
       "Agir hors de son tour peut être sanctionné."),
    P_("oot-not-substantial",
       "The out-of-turn actions are not substantial action, which takes {definition}.",
       "Les actions hors de tour ne constituent pas une action substantielle, qui exige "
       "{definition}."),
    P_("not-spoken-up",
       "Player {player} did not speak up before substantial action to his left ({listed}): those "
       "out-of-turn actions stand.",
       "Le joueur {player} ne s'est pas manifesté avant une action substantielle à sa gauche "
       "({listed}) : ces actions hors de tour sont maintenues."),
    P_("oot-void-one",
       "The action has changed: {listed} is void, the chips go back, and that player has all "
       "options when the turn comes.",
       "La situation a changé : {listed} est annulée, les jetons sont rendus, et chacun retrouve "
       "toutes ses options quand la parole lui revient."),
    P_("oot-void-many",
       "The action has changed: {listed} are void, the chips go back, and each of those players "
       "has all options when the turn comes.",
       "La situation a changé : {listed} sont annulées, les jetons sont rendus, et chacun "
       "retrouve toutes ses options quand la parole lui revient."),
    P_("oot-kept-one", "The action has not changed: {listed} stands as long as it does not change.",
       "La situation n'a pas changé : {listed} est maintenue tant qu'elle ne change pas."),
    P_("oot-kept-many",
       "The action has not changed: {listed} stand as long as it does not change.",
       "La situation n'a pas changé : {listed} sont maintenues tant qu'elle ne change pas."),
    P_("oot-folds-final", "The fold out of turn of {players} stands.",
       "Le fold hors de tour du {players} est définitif."),
    P_("no-declaration-waits", "No declaration out of turn waits on him.",
       "Aucune déclaration hors de tour ne dépend de lui."),
    P_("td-decides-restriction", "The TD decides how far to restrict him.",
       "Le directeur décide jusqu'où le limiter."),
    P_("unchanged-since",
       "The action to player {player} has not changed since he declared {action} out of turn",
       "La situation n'a pas changé depuis que le joueur {player} a annoncé « {action} » hors de "
       "son tour"),
    P_("nobody-to-call-raise", "Nobody left could call a raise, so he calls.",
       "Plus personne ne pourrait suivre une relance : il suit."),
    # corrections
    P_("adds", "player {player} adds {amount} (total {total})",
       "le joueur {player} ajoute {amount} (total {total})"),
    P_("gets-back", "player {player} gets {amount} back (total {total})",
       "le joueur {player} récupère {amount} (total {total})"),
    P_("then", "{first}; {rest}", "{first} ; {rest}"),
    P_("bets-change", "{changes:cap}.", "{changes:cap}."),
    P_("action-then-on", "The action is then on player {player}, facing {current}.",
       "La parole est ensuite au joueur {player}, face à {current}."),
    P_("round-complete", "The betting round is then complete.",
       "Le tour d'enchères est alors terminé."),
    P_("noticed-in-front", "while the bets are still in front of the players",
       "alors que les mises sont encore devant les joueurs"),
    P_("noticed-gathered", "after the bets were gathered, before the next card",
       "après le ramassage des mises, avant la carte suivante"),
    P_("noticed-next-street", "after the next card was burned",
       "après la brûlure de la carte suivante"),
    P_("underraise-opening",
       "Player {player}'s opening bet to {to} is below the minimum {low}, and the error is "
       "noticed {when}",
       "L'ouverture du joueur {player} à {to} est inférieure au minimum de {low}, et l'erreur "
       "est constatée {when}"),
    P_("underraise-raise",
       "Player {player}'s raise to {to} is below the minimum {low}, and the error is noticed "
       "{when}",
       "La relance du joueur {player} à {to} est inférieure au minimum de {low}, et l'erreur est "
       "constatée {when}"),
    P_("kind-bet", "bet", "mise"),
    P_("kind-raise", "raise", "relance"),
    P_("on-a-count", " on a count of {quoted}", " sur un décompte de {quoted}"),
    P_("only-amount", "only {amount}", "seulement {amount}"),
    P_("pot-bet-noticed",
       "Player {player} made a pot {kind} to {to}{count}; the pot allowed {allowed}. The error "
       "is noticed {when}",
       "Le joueur {player} a fait une {kind} pot à {to}{count} ; le pot permettait {allowed}. "
       "L'erreur est constatée {when}"),
    P_("sa-followed-bet", "substantial action followed the bet",
       "une action substantielle a suivi la mise"),
    P_("next-card-out", "the next card is out", "la carte suivante est sortie"),
    P_("player-why", "player {player}: {why}", "joueur {player} : {why}"),
    P_("mucked", "mucked", "cartes jetées"),
    P_("hand-retrieved", "his hand is retrieved", "sa main est récupérée"),
    P_("back-to-player", "{amount} back to player {player}", "{amount} rendus au joueur {player}"),
    P_("applied-next-hand", "from the start of the next hand", "dès le début du coup suivant"),
    P_("applied-after-hand", "after the hand", "après le coup"),
    P_("lfp-cards-face-up",
       "Cards laid face up in the middle of the table may also be read as a fold or a call.",
       "Des cartes étalées au milieu de la table peuvent aussi être lues comme un fold ou un "
       "suivi."),
)  # fmt: skip

OUTCOMES: dict[tuple[str, str], Text] = outcomes(*_ORDER)
PHRASES: dict[str, Text] = phrases(*_PHRASES)
