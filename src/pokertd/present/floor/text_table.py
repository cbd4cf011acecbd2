"""The texts of the rulings on the showdown, time and presence, and penalties (``floor.showdown``,
``floor.clock``, ``floor.penalties``)."""

from __future__ import annotations

from pokertd.present.floor.texts import O_, P_, Text, outcomes, phrases

_MUST = "SHOW-LAST-AGGRESSOR-MUST-SHOW"
_SEE = "SHOW-RIGHT-TO-SEE"
_MUCK = "SHOW-MUCK-RETRIEVAL"

_SHOWDOWN = (
    # SHOW-LAST-AGGRESSOR-MUST-SHOW, asked to show (may_see)
    O_(_MUST, "called-aggressor-shows",
       "Player {target} made the last bet or raise of the final round and was called: he must "
       "show his hand, since the others paid to see it. Refusing is penalised.",
       "Le joueur {target} a fait la dernière mise ou relance du dernier tour et a été payé : il "
       "doit montrer son jeu, puisque les autres ont payé pour le voir. Tout refus est "
       "sanctionné."),
    # SHOW-RIGHT-TO-SEE: TDA 18B, a caller of the river bet; the TD for the others.
    O_(_SEE, "not-in-hand",
       "A player who is not in the hand may not ask to see a hand: only players who reached the "
       "showdown and kept their cards may, and the TD may still check a hand he suspects.",
       "Un joueur hors du coup ne peut pas demander à voir une main : seuls les joueurs présents "
       "à l'abattage et qui ont gardé leurs cartes le peuvent, et le directeur peut toujours "
       "contrôler une main suspecte."),
    O_(_SEE, "released-cards",
       "{asker:cap} may not ask: a player who no longer holds his cards at the showdown, having "
       "released them face down without tabling them, loses any right to see another hand.",
       "{asker:cap} ne peut pas demander : un joueur qui n'a plus ses cartes à l'abattage, les "
       "ayant jetées faces cachées sans les tabler, perd tout droit de voir une main adverse."),
    O_(_SEE, "river-caller",
       "{asker:cap} called player {target}'s river bet and kept his cards: he has an inalienable "
       "right to see player {target}'s hand on request, even if he has tabled his own. Mucking "
       "to avoid showing is penalised.",
       "{asker:cap} a payé la mise de rivière du joueur {target} et a gardé ses cartes : il a un "
       "droit inaliénable de voir la main du joueur {target} sur simple demande, même s'il a "
       "déjà tablé la sienne. Jeter ses cartes pour y échapper est sanctionné."),
    O_(_SEE, "no-inalienable-right",
       "{asker:cap} has no inalienable right to see player {target}'s hand: only a caller of a "
       "river bet has one, and only for the bettor's hand. The request is at the TD's "
       "discretion.",
       "{asker:cap} n'a pas de droit inaliénable de voir la main du joueur {target} : seul celui "
       "qui a payé une mise de rivière en a un, et seulement pour la main du miseur. La demande "
       "est à la discrétion du directeur."),
    # SHOW-RIGHT-TO-SEE: LFP 8.7, against collusion only.
    O_(_SEE, "heads-up",
       "The right to see a hand serves only against collusion and is never used heads-up.",
       "Le droit de voir une main ne sert qu'à combattre la collusion et ne s'exerce jamais en "
       "tête-à-tête."),
    O_(_SEE, "already-used",
       "{asker:cap} has already used the right to see a hand in this event: the managers usually "
       "grant it once per player per tournament and never repeatedly. They may still decide "
       "otherwise.",
       "{asker:cap} a déjà usé du droit de voir une main dans ce tournoi : les managers ne "
       "l'accordent habituellement qu'une fois par personne et par tournoi, et jamais de manière "
       "continue. Ils peuvent en décider autrement."),
    O_(_SEE, "anti-collusion",
       "{asker:cap} may exceptionally demand to see player {target}'s hand, which reached the "
       "showdown unshown; the right serves only against collusion and is usually granted once "
       "per player per tournament. Shown at this request, {live}.",
       "{asker:cap} peut exceptionnellement exiger de voir la main du joueur {target}, présente "
       "à l'abattage et non dévoilée ; ce droit ne sert qu'à combattre la collusion et n'est "
       "habituellement accordé qu'une fois par personne et par tournoi. Montrée à cette "
       "demande, {live}."),
    # SHOW-RIGHT-TO-SEE: GM 37°, the winner only.
    O_(_SEE, "winner-unknown",
       "Only the winner of the pot may ask to see a hand that qualified for the showdown; the "
       "floor first settles who wins.",
       "Seul le gagnant du pot peut demander à voir une main qualifiée pour l'abattage ; le "
       "floor établit d'abord qui gagne."),
    O_(_SEE, "not-the-winner",
       "Only the winner of the pot, player {winner}, may ask to see a hand; any player may still "
       "ask the floor to check cards.",
       "Seul le gagnant du pot, le joueur {winner}, peut demander à voir une main ; tout joueur "
       "peut toutefois demander au floor de contrôler des cartes."),
    O_(_SEE, "winner-asks",
       "The winner may ask to see player {target}'s hand, even if it has touched the muck; the "
       "hand is then live, and the best hand wins.",
       "Le gagnant peut demander à voir la main du joueur {target}, même si elle a touché les "
       "écarts ; la main est alors vivante, et la meilleure gagne."),
    # SHOW-RIGHT-TO-SEE: GEN 1.25, with the owner's consent.
    O_(_SEE, "owner-agrees",
       "Nobody may see a rejected hand unless its owner agrees; player {target} agrees, so the "
       "dealer alone turns it over. A rejected hand can never win the pot.",
       "Personne ne peut voir une main rejetée sans l'accord de son propriétaire ; le joueur "
       "{target} est d'accord, seul le donneur la retourne. Une main rejetée ne peut en aucun "
       "cas gagner le pot."),
    O_(_SEE, "owner-refuses",
       "Nobody may see a rejected hand unless its owner agrees; player {target} has not agreed. "
       "A rejected hand can never win the pot.",
       "Personne ne peut voir une main rejetée sans l'accord de son propriétaire ; le joueur "
       "{target} n'a pas donné son accord. Une main rejetée ne peut en aucun cas gagner le pot."),
    # SHOW-RIGHT-TO-SEE: BAN, nobody but the called last aggressor.
    O_(_SEE, "no-right",
       "Nobody may ask to see player {target}'s hand: he is not the called last raiser, and a "
       "player beaten by a hand already shown may muck without showing.",
       "Personne ne peut demander à voir la main du joueur {target} : il n'est pas le dernier "
       "relanceur payé, et un joueur battu par un jeu déjà exposé peut jeter ses cartes sans "
       "les montrer."),
    # SHOW-LAST-AGGRESSOR-MUST-SHOW, unasked (must_show)
    O_(_MUST, "called-aggressor-must-show",
       "Player {player} made the last bet or raise of the final round and was called: he must "
       "show his hand, since the others paid to see it; refusing is penalised.",
       "Le joueur {player} a fait la dernière mise ou relance du dernier tour et a été payé : "
       "il doit montrer son jeu, les autres ayant payé pour le voir ; tout refus est "
       "sanctionné."),
    O_(_MUST, "need-not-show",
       "Player {player} need not show: only the called last bettor or raiser of the final round "
       "must. A player beaten by a hand already shown may muck without showing.",
       "Le joueur {player} n'est pas obligé de montrer : seul le dernier miseur ou relanceur "
       "payé du dernier tour l'est. Un joueur battu par un jeu déjà exposé peut jeter ses cartes "
       "sans les montrer."),
    O_(_MUST, "callers-may-ask",
       "Player {player} need not show unasked, but the callers of his river bet who kept their "
       "cards ({names}) may make him show it: an inalienable right. Mucking to avoid it is "
       "penalised.",
       "Le joueur {player} n'est pas obligé de montrer spontanément, mais ceux qui ont payé sa "
       "mise de rivière et gardé leurs cartes ({names}) peuvent l'exiger : un droit "
       "inaliénable. Jeter ses cartes pour y échapper est sanctionné."),
    O_(_MUST, "shows-first-if-claiming",
       "Player {player} need not show. He shows first if he claims the pot, but a player who "
       "gives up may muck unshown, unless he is all-in; other players may ask to see his hand "
       "only as the right to see allows.",
       "Le joueur {player} n'est pas obligé de montrer. Il montre le premier s'il prétend au "
       "pot, mais un joueur qui renonce peut jeter sa main sans la montrer, sauf s'il est à "
       "tapis ; les autres ne peuvent la voir que dans les limites du droit de voir les "
       "cartes."),
    O_(_MUST, "need-not-show-unless-all-in",
       "Player {player} need not show. But a player who gives up may muck unshown, unless he is "
       "all-in; other players may ask to see his hand only as the right to see allows.",
       "Le joueur {player} n'est pas obligé de montrer. Mais un joueur qui renonce peut jeter sa "
       "main sans la montrer, sauf s'il est à tapis ; les autres ne peuvent la voir que dans les "
       "limites du droit de voir les cartes."),
    # SHOW-ORDER
    O_("SHOW-ORDER", "last-aggressor-first",
       "Player {player}, the last bettor or raiser of the final round, shows first; then, "
       "clockwise, those who claim to beat him.",
       "Le joueur {player}, dernier miseur ou relanceur du dernier tour, montre le premier ; "
       "ensuite, dans le sens des aiguilles d'une montre, ceux qui prétendent le battre."),
    O_("SHOW-ORDER", "first-to-act-first",
       "With no bet on the final round, the player who would have acted first on it shows first "
       "(in flop games the first player left of the button still in the hand); then the others "
       "clockwise.",
       "Sans mise au dernier tour, le premier joueur qui aurait dû parler montre le premier (aux "
       "jeux à flop, le premier joueur encore dans le coup à gauche du bouton) ; puis les autres "
       "dans le sens des aiguilles d'une montre."),
    O_("SHOW-ORDER", "left-of-button-first",
       "With no bet on the river, the first player to the left of the button shows first, then "
       "the others clockwise.",
       "Sans mise à la rivière, le premier joueur à gauche du bouton montre le premier, puis les "
       "autres dans le sens des aiguilles d'une montre."),
    # SHOW-MUCK-RETRIEVAL (after the lead "cards-speak", except GEN)
    O_(_MUCK, "discernible-hand-retrieved",
       "A hand thrown face down at showdown is not a fold: its owner may retrieve it if it is "
       "judged clearly discernible, under the TD's control.",
       "Une main jetée faces cachées à l'abattage n'est pas passée : son propriétaire peut la "
       "récupérer si elle est jugée discernable, sous le contrôle du directeur."),
    O_(_MUCK, "indiscernible-hand-dead",
       "A hand that cannot be clearly discerned is dead, even after an opponent's wrong "
       "declaration.",
       "Toute main non clairement discernable est morte, même en cas de mauvaise annonce "
       "adverse."),
    O_(_MUCK, "thrown-hand-dead",
       "But cards thrown are a dead hand: players who mucked believing they were beaten by an "
       "over-announced hand lose the pot definitively.",
       "Mais cartes jetées = main morte : les joueurs qui ont jeté leur main en se croyant "
       "battus par une annonce trop élevée perdent définitivement le pot."),
    O_(_MUCK, "unmixed-hand-retrieved",
       "Cards not yet mixed with the discards may be retrieved by the TD's team if they are "
       "clearly identifiable.",
       "Des cartes pas encore mêlées aux écarts peuvent être récupérées par la direction si "
       "elles sont clairement identifiables."),
    O_(_MUCK, "mixed-hand-dead",
       "A hand whose cards touched the discards, or cannot be identified, is dead; only the "
       "pot's winner may still ask to see it, and it is then live.",
       "Une main dont les cartes ont touché les écarts, ou ne sont plus identifiables, est "
       "morte ; seul le gagnant du pot peut encore demander à la voir, et elle est alors "
       "vivante."),
    O_(_MUCK, "rejected-hand-never-wins",
       "A rejected hand can never win the pot; only the dealer may turn it over, and only with "
       "its owner's consent.",
       "Une main rejetée ne peut en aucun cas gagner le pot ; seul le donneur peut la retourner, "
       "et seulement avec l'accord de son propriétaire."),
    O_(_MUCK, "identifiable-hand-live",
       "Cards pushed face down are not dead by themselves: the player may still table them while "
       "they are 100 % identifiable, as the TD judges.",
       "Des cartes poussées faces cachées ne sont pas mortes pour autant : le joueur peut encore "
       "les tabler tant qu'elles restent identifiables à 100 %, selon le jugement du "
       "directeur."),
    O_(_MUCK, "mucked-hand-dead",
       "Cards mucked by the dealer, or no longer 100 % identifiable, are dead, and the player "
       "loses any claim to the pot.",
       "Des cartes mises au muck par le croupier, ou qui ne sont plus identifiables à 100 %, "
       "sont mortes, et le joueur ne peut plus prétendre au pot."),
    # SHOW-CARDS-SPEAK
    O_("SHOW-CARDS-SPEAK", "cards-decide",
       "Cards speak: the winner is decided by the cards tabled, not by what was said, and "
       "everyone at the table should speak up if a hand is misread.",
       "Les cartes parlent : le gagnant est désigné par les cartes tablées, non par les "
       "annonces, et chacun à la table doit signaler une erreur de lecture."),
)  # fmt: skip

_SHOWDOWN_PHRASES = (
    # a note of every ruling on a value the profile's book does not set (field_ruling)
    P_("inherited", "{book} sets no value here; pokertd applies {profile}.",
       "{book} ne fixe rien ici ; pokertd applique {profile}."),
    # the showdown
    P_("table-player", "a player at the table", "un joueur de la table"),
    P_("the-player", "player {player}", "le joueur {player}"),
    P_("player-name", "player {player}", "joueur {player}"),
    P_("nobody-left", "nobody left", "personne"),
    P_("can-still-win", "it can still win", "elle peut encore gagner"),
    P_("is-dead", "it is dead", "elle est morte"),
    P_("order-if-not-tabled",
       "The order applies only when the hands are not tabled spontaneously.",
       "Cet ordre ne s'impose que si les mains ne sont pas tablées spontanément."),
    P_("cards-speak", "Cards speak: a wrong announcement does not decide the pot.",
       "Les cartes parlent : une annonce erronée ne décide pas du pot."),
    P_("gen-text-missing-tda-12", "GEN's text is missing here; pokertd applies TDA 12.",
       "Le texte du GEN manque ici ; pokertd applique le TDA 12."),
    P_("miscall-must-be-penalised", "A deliberate or repeated miscall must be penalised.",
       "Une mauvaise annonce volontaire ou répétée doit être sanctionnée."),
    P_("miscall-may-be-penalised",
       "A deliberate or repeated miscall may be penalised, as the TD decides.",
       "Une mauvaise annonce volontaire ou répétée peut être sanctionnée, au jugement du "
       "directeur."),
)  # fmt: skip

_CLOCK = (
    # CLK-REQUEST
    O_("CLK-REQUEST", "dealer-may-not",
       "The request does not stand: {who}. The dealer may call the floor, who judges whether the "
       "player is taking too long.",
       "La demande n'est pas recevable : {who}. Le croupier peut appeler le floor, qui juge si le "
       "joueur prend trop de temps."),
    O_("CLK-REQUEST", "caller-may-not",
       "The request does not stand: {who}. {caller:cap} may not.",
       "La demande n'est pas recevable : {who}. {caller:cap} ne peut pas."),
    O_("CLK-REQUEST", "too-early",
       "Too early: the clock may be called only after a reasonable time, never less than "
       "{minimum} seconds, and the player has had {waited:g}.",
       "Trop tôt : le « time » ne peut être demandé qu'après un temps raisonnable, jamais moins "
       "de {minimum} secondes, et le joueur n'en a eu que {waited:g}."),
    O_("CLK-REQUEST", "clock-stands",
       "The request stands {wait}: {who}. The player then has {total} seconds.",
       "La demande est recevable {wait} : {who}. Le joueur a alors {total} secondes."),
    O_("CLK-REQUEST", "clock-stands-countdown",
       "The request stands {wait}: {who}. The player then has {total} seconds in all, the last "
       "{countdown} counted down aloud.",
       "La demande est recevable {wait} : {who}. Le joueur a alors {total} secondes en tout, les "
       "{countdown} dernières décomptées à voix haute."),
    # CLK-DURATION
    O_("CLK-DURATION", "countdown",
       "Once the clock is called the player has {total} seconds in all: {seconds} seconds, then "
       "the last {countdown} are counted down aloud.",
       "Une fois le « time » demandé, le joueur dispose de {total} secondes en tout : {seconds} "
       "secondes, puis les {countdown} dernières sont décomptées à voix haute."),
    O_("CLK-DURATION", "seconds-to-act",
       "Once the clock is called the player has {seconds} seconds to act.",
       "Une fois le « time » demandé, le joueur dispose de {seconds} secondes pour agir."),
    # CLK-EXPIRY
    O_("CLK-EXPIRY", "checked",
       "Time has run out and player {player} faces no bet: his hand is checked. Had he acted at "
       "the same moment the time ran out, the benefit would have gone to him.",
       "Le temps est écoulé et le joueur {player} ne fait face à aucune mise : sa main est "
       "checkée. S'il avait agi à l'instant même où le temps expirait, le doute lui aurait "
       "profité."),
    O_("CLK-EXPIRY", "dead-facing-bet",
       "Time has run out and player {player} faces a bet: his hand is dead. Had he acted at the "
       "same moment the time ran out, the benefit would have gone to him.",
       "Le temps est écoulé et le joueur {player} fait face à une mise : sa main est morte. S'il "
       "avait agi à l'instant même où le temps expirait, le doute lui aurait profité."),
    O_("CLK-EXPIRY", "dead",
       "Time has run out: the hand of player {player} is dead, whether he faces a bet or not.",
       "Le temps est écoulé : la main du joueur {player} est morte, qu'il fasse face à une mise "
       "ou non."),
    # ABS-AT-SEAT
    O_("ABS-AT-SEAT", "was-seated",
       "A player must be at his seat {when}. He was: his hand is live.",
       "Un joueur doit être à sa place {when}. Il l'était : sa main est vivante."),
    O_("ABS-AT-SEAT", "was-not-seated",
       "A player must be at his seat {when}. He was not: he is dealt in, but his hand is killed "
       "at the end of the deal, before any action, and nobody sees it; his blinds and antes are "
       "posted.",
       "Un joueur doit être à sa place {when}. Il ne l'était pas : il reçoit ses cartes, mais sa "
       "main est tuée à la fin de la donne, avant toute action, sans que personne ne la voie ; "
       "ses blinds et antes sont prélevées."),
    # ABS-ACT-SEATED
    O_("ABS-ACT-SEATED", "standing-void",
       "A player may act only while seated: an action declared standing is not taken into "
       "account. He sits down and acts again; abuse may be penalised.",
       "Un joueur ne peut agir qu'assis : une action déclarée debout n'est pas prise en "
       "considération. Il se rassoit et agit de nouveau ; les abus peuvent être sanctionnés."),
    O_("ABS-ACT-SEATED", "standing-absent",
       "A player stays seated until the end of any hand he is in: one who stands and walks away "
       "during the hand is declared absent, and an absent player's hand is dead. An all-in "
       "player may stand but must stay near the table.",
       "Un joueur reste assis jusqu'à la fin de la main dans laquelle il est impliqué : celui "
       "qui se lève et s'éloigne pendant le coup est déclaré absent, et la main d'un absent est "
       "morte. Un joueur à tapis peut se lever mais doit rester près de la table."),
    O_("ABS-ACT-SEATED", "standing-counts",
       "A player with a live hand, an all-in player included while betting is still possible, "
       "must stay at the table until the showdown ends. His action stands and his hand stays "
       "live, but leaving the table may be penalised.",
       "Un joueur ayant une main vivante, y compris à tapis tant que des mises sont possibles, "
       "doit rester à la table jusqu'à la fin de l'abattage. Son action compte et sa main reste "
       "vivante, mais quitter la table peut être sanctionné."),
    # PEN-DEVICE
    O_("PEN-DEVICE", "device-one-hand",
       "A player who uses his phone while action is pending sits out the next deal: a one-hand "
       "penalty. Devices that can communicate are banned, and in the money every device must be "
       "put away, on pain of a penalty up to disqualification.",
       "Un joueur qui utilise son téléphone pendant une action en cours est privé de la "
       "distribution suivante : une pénalité d'une main. Les appareils de communication sont "
       "interdits et, dans les places payées, tout appareil doit être rangé, sous peine d'une "
       "sanction pouvant aller jusqu'à la disqualification."),
    O_("PEN-DEVICE", "device-house-rules",
       "Decision-aid apps are banned while a player holds a live hand, and nobody talks on the "
       "phone at the table; anything else, and the penalty, is left to the house rules and the "
       "TD.",
       "Les applications d'aide à la décision sont interdites tant qu'un joueur a une main "
       "vivante, et on ne téléphone pas à la table ; le reste, et la sanction, relèvent du "
       "règlement de la maison et du directeur."),
    O_("PEN-DEVICE", "device-hand-dead",
       "The hand of a player who answered a phone or communicated through any device is dead, "
       "unless the organiser has published tolerances.",
       "Est morte la main d'un joueur ayant répondu au téléphone ou communiqué par un quelconque "
       "appareil, sauf tolérances publiées par l'organisateur."),
    O_("PEN-DEVICE", "device-not-seen",
       "A player holding cards may not handle a device, but the dealer takes the cards only if "
       "he saw it himself: the hand stays live.",
       "Un joueur qui a des cartes ne peut pas manipuler un appareil, mais le donneur ne retire "
       "les cartes que s'il a lui-même constaté l'infraction : la main reste vivante."),
    O_("PEN-DEVICE", "device-cards-dead",
       "A player holding cards may not handle a device: his cards are dead and the dealer takes "
       "them.",
       "Un joueur qui a des cartes ne peut pas manipuler un appareil : ses cartes sont mortes et "
       "le donneur les ramasse."),
)  # fmt: skip

_CLOCK_PHRASES = (
    P_("clock-callers-any-player-td-approves",
       "any player in the tournament may ask for the clock, from his seat, and the TD or a floor "
       "approves it",
       "tout joueur du tournoi peut demander le « time », depuis son siège, et le directeur ou un "
       "floor l'approuve"),
    P_("clock-callers-seated-player-or-manager",
       "any player seated at the table, in the hand or not, or a manager may call the clock, "
       "never the dealer",
       "tout joueur assis à la table, dans le coup ou non, ou un manager peut demander le temps, "
       "jamais le croupier"),
    P_("clock-callers-dealer-or-player-dealer-approves",
       "the dealer or a player at the table may ask for time, and the dealer accepts or refuses",
       "le donneur ou un joueur de la table peut demander un « time », et le donneur l'accepte "
       "ou le refuse"),
    P_("clock-callers-player-after-two-minutes",
       "a player at the table may ask for time, and the floor grants it",
       "un joueur de la table peut demander le « time », et le floor l'accorde"),
    P_("caller-player-in-hand", "a player in the hand", "un joueur dans le coup"),
    P_("caller-seated-player", "a player seated at the table, not in the hand",
       "un joueur assis à la table, hors du coup"),
    P_("caller-player-elsewhere", "a player from another table", "un joueur d'une autre table"),
    P_("caller-dealer", "the dealer", "le croupier"),
    P_("caller-manager", "a manager (the TD or a floor)",
       "un responsable (directeur ou floor)"),
    P_("after-minimum-wait", "once the player has had at least {minimum} seconds",
       "une fois que le joueur a eu au moins {minimum} secondes"),
    P_("after-reasonable-time", "once the player has had a reasonable time",
       "une fois que le joueur a eu un temps raisonnable"),
    P_("td-may-shorten",
       "The TD may shorten it for a player who deliberately stalls, and penalise him.",
       "Le directeur peut le réduire pour un joueur qui freine délibérément, et le "
       "sanctionner."),
    P_("dead-from-declaration",
       "It is dead if he has not acted at the precise moment the manager begins to declare it "
       "dead, not at \"zero\".",
       "Elle est morte s'il n'a pas agi au moment précis où le manager commence à la déclarer "
       "morte, et non au « zéro »."),
    P_("time-ran-out", "player {player}: time ran out", "joueur {player} : temps écoulé"),
    P_("seated-start-of-deal",
       "when the cards are dealt (standing next to or touching his chair)",
       "au moment de la distribution des cartes (à côté de sa chaise ou la touchant)"),
    P_("seated-own-second-card", "when his own second card is dealt",
       "lors de la distribution de sa deuxième carte"),
    P_("seated-last-card-of-deal", "when the last card of the initial deal is dealt",
       "lors de la distribution de la dernière carte de la donne"),
    P_("killed-unseen", "at the end of the deal, unseen; blinds and antes posted",
       "à la fin de la donne, sans être vue ; blinds et antes prélevées"),
    P_("declared-absent", "the player is declared absent", "le joueur est déclaré absent"),
    P_("device-used", "device used with a live hand", "appareil utilisé avec une main vivante"),
    P_("device-third-offence",
       "After an offence and two repeats in the event he is also dealt no cards for as many "
       "hands as there are players at the table: {hands}.",
       "Après une infraction et deux récidives dans le tournoi, il est en outre privé de cartes "
       "pendant autant de mains qu'il y a de joueurs à la table : {hands}."),
)  # fmt: skip

_PENALTIES = (
    # PEN-LADDER
    O_("PEN-LADDER", "no-sanction-yet",
       "No sanction for a {nth:ordinal} fault: a warning can be given only after at least two or "
       "three faults. Then come temporary exclusion (1 to 4 rounds) and disqualification.",
       "Pas de sanction pour une {nth:ordinal} faute : l'avertissement ne peut être donné "
       "qu'après au moins deux ou trois fautes. Viennent ensuite l'exclusion temporaire (1 à 4 "
       "tours) et la disqualification."),
    O_("PEN-LADDER", "warning-one-hand",
       "For a {nth:ordinal} fault the ladder starts with a warning together with a one-hand "
       "suspension; a serious fault may go straight to suspension or disqualification.",
       "Pour une {nth:ordinal} faute, la hiérarchie commence par un avertissement avec "
       "suspension d'une main ; une faute grave peut mener directement à la suspension ou à la "
       "disqualification."),
    O_("PEN-LADDER", "warning",
       "For a {nth:ordinal} fault: a warning. Repeated faults bring a suspension of one or more "
       "rounds, then disqualification; the TD may go further for a serious fault.",
       "Pour une {nth:ordinal} faute : un avertissement. Les récidives entraînent une exclusion "
       "d'un ou plusieurs tours, puis la disqualification ; le directeur peut aller plus loin "
       "pour une faute grave."),
    O_("PEN-LADDER", "warning-first-possible",
       "For a {nth:ordinal} fault: a warning (the first possible one). Repeated faults bring a "
       "suspension of one or more rounds, then disqualification; the TD may go further for a "
       "serious fault.",
       "Pour une {nth:ordinal} faute : un avertissement (le premier possible). Les récidives "
       "entraînent une exclusion d'un ou plusieurs tours, puis la disqualification ; le "
       "directeur peut aller plus loin pour une faute grave."),
    O_("PEN-LADDER", "suspension",
       "For a {nth:ordinal} fault: a suspension of {span}, the TD setting the length.",
       "Pour une {nth:ordinal} faute : une exclusion {span}, le directeur en fixe la durée."),
    O_("PEN-LADDER", "suspension-by-board",
       "For a {nth:ordinal} fault: a suspension of {span}, the club's board setting the length.",
       "Pour une {nth:ordinal} faute : une exclusion {span}, le bureau du club en fixe la "
       "durée."),
    O_("PEN-LADDER", "disqualification",
       "For a {nth:ordinal} fault the ladder reaches disqualification: the player's chips are "
       "removed. The TD judges whether the faults are deliberate and may choose a lesser "
       "penalty.",
       "Pour une {nth:ordinal} faute, la hiérarchie atteint la disqualification : les jetons du "
       "joueur sont retirés. Le directeur juge du caractère volontaire des fautes et peut "
       "choisir une sanction moindre."),
    O_("PEN-LADDER", "collusion-dq",
       "Collusion, chip dumping included, brings the immediate disqualification of every player "
       "involved, whatever came before; their chips are removed.",
       "La collusion, transfert de jetons compris, entraîne la disqualification immédiate de "
       "tous les joueurs concernés, quels que soient les antécédents ; leurs jetons sont "
       "retirés."),
    O_("PEN-LADDER", "soft-play-dq",
       "Soft play is punished by the removal of chips or by disqualification, whatever came "
       "before; the TD chooses.",
       "Le « soft play » est sanctionné par un retrait de jetons ou par la disqualification, "
       "quels que soient les antécédents ; le directeur choisit."),
    # PEN-MISSED-HANDS
    O_("PEN-MISSED-HANDS", "hands-not-multiplied",
       "A penalty of {hands} lasts {hands}, however many players are at the table: only "
       "penalties in rounds are multiplied.",
       "Une pénalité de {hands} dure {hands}, quel que soit le nombre de joueurs à la table : "
       "seules les pénalités en tours sont multipliées."),
    O_("PEN-MISSED-HANDS", "rounds-times-players",
       "A suspension of {length} at a table of {players} players, the offender included, lasts "
       "{players} × {rounds} = {total} hands.",
       "Une exclusion de {length} de table à une table de {players} joueurs, le joueur exclu "
       "compris, dure {players} × {rounds} = {total} mains."),
    # PEN-SERVING
    O_("PEN-SERVING", "served-away",
       "A suspended player {away}. He is still dealt in and his blinds and antes are posted, so "
       "he can be blinded out; his hand is killed at the end of the deal and nobody sees it. A "
       "misdeal and its redeal count as one hand of the penalty, not two.",
       "Le joueur exclu {away}. Il reçoit toujours des cartes et ses blinds et antes sont "
       "prélevées, il peut donc être éliminé ainsi ; sa main est tuée à la fin de la donne sans "
       "que personne ne la voie. Une fausse donne et la donne qui la remplace comptent pour une "
       "seule main de pénalité, pas deux."),
    # PEN-TIMING
    O_("PEN-TIMING", "shown-hand-dead",
       "Showing one's cards while the hand is being played makes the hand dead: the dealer "
       "takes it. A further penalty is up to the TD.",
       "Montrer ses cartes pendant le coup rend la main morte : le donneur la ramasse. Une "
       "sanction supplémentaire est laissée au directeur."),
    O_("PEN-TIMING", "penalty-next-hand",
       "The hand stays live and is played out. A penalty may be given (it is optional for "
       "exposed cards); it is applied from the start of the next hand.",
       "La main reste vivante et se joue jusqu'au bout. Une sanction peut être prononcée (elle "
       "est facultative pour des cartes exposées) ; elle s'applique dès le début du coup "
       "suivant."),
    O_("PEN-TIMING", "penalty-after-hand",
       "Revealing one's hand while players may still bet is forbidden, but the hand stays live; "
       "the penalty is given after the hand.",
       "Il est interdit de dévoiler son jeu tant que des joueurs peuvent encore miser, mais la "
       "main reste vivante ; la sanction est prononcée après le coup."),
    # PEN-DQ
    O_("PEN-DQ", "chips-removed",
       "A disqualified player's chips are removed from the tournament; he takes no further "
       "part.",
       "Les jetons d'un joueur disqualifié sont retirés du tournoi ; il ne joue plus."),
)  # fmt: skip

_PENALTY_PHRASES = (
    P_("must-be-penalised", "This offence must be penalised: the TD may not let it pass.",
       "Cette faute doit être sanctionnée : le directeur ne peut pas la laisser passer."),
    P_("span-tda", "one or more hands or rounds", "d'une ou plusieurs mains ou tours"),
    P_("span-gm", "one hand to four rounds", "d'une main à quatre tours"),
    P_("span-rounds", "1 to 4 rounds", "de 1 à 4 tours"),
    P_("rounds-here", "{rounds} here: {hands} hands.", "Ici {rounds} : {hands} mains."),
    P_("rounds-one", "{n} round", "{n} tour"),
    P_("rounds-many", "{n} rounds", "{n} tours"),
    P_("hands-one", "{n} hand", "{n} main"),
    P_("hands-many", "{n} hands", "{n} mains"),
    P_("formula-of-tda", "{book} states rounds without a formula; pokertd applies TDA 71A's.",
       "{book} compte en tours sans donner de formule ; pokertd applique celle du TDA 71A."),
    P_("away-tda", "must stay away from the table", "doit rester à distance de la table"),
    P_("away-lfp", "must move away from the table", "doit s'éloigner de la table"),
    P_("away-gm",
       "must leave the tournament area and needs the TD's permission to come back",
       "doit quitter la zone du tournoi et ne revient qu'avec l'accord du directeur"),
    P_("cards-shown", "cards shown during the hand", "cartes montrées pendant le coup"),
    P_("gm-final-heads-up",
       "GM 31° makes an exception in the final heads-up (or when the whole prize goes to one "
       "player) without saying whether the penalty is dropped or given at once: the TD decides.",
       "Le GM 31° fait exception en tête-à-tête final (ou quand tout le prix revient à un seul "
       "joueur) sans dire si la sanction disparaît ou s'applique tout de suite : le directeur "
       "décide."),
    P_("suspended-next-event",
       "He is unregistered and suspended for the club's next tournament.",
       "Il est désinscrit et suspendu pour le tournoi suivant du club."),
)  # fmt: skip

OUTCOMES: dict[tuple[str, str], Text] = outcomes(*_SHOWDOWN, *_CLOCK, *_PENALTIES)
PHRASES: dict[str, Text] = phrases(*_SHOWDOWN_PHRASES, *_CLOCK_PHRASES, *_PENALTY_PHRASES)
