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
    O_(_FIFTY, "full-bet",
       "It is a full bet: {decision}.",
       "C'est une mise complète : {decision}."),
    O_(_FIFTY, "full-raise",
       "It is a full raise: {decision}.",
       "C'est une relance complète : {decision}."),
    O_(_FIFTY, "declared-minimum-raise",
       "{total} is short of the minimum raise to {full}, but a raise was declared, so he must "
       "make the minimum raise: {decision}.",
       "{total} n'atteint pas la relance minimum à {full}, mais la relance a été annoncée : il "
       "doit faire la relance minimum, {decision}."),
    O_(_FIFTY, "half-completed",
       "The minimum raise is to {full} (+{increment}); +{added} reaches half of +{increment} "
       "({threshold}), so he must complete it: {decision}.",
       "La relance minimum est à {full} (+{increment}) ; +{added} atteint la moitié de "
       "+{increment} ({threshold}) : il doit la compléter, {decision}."),
    O_(_FIFTY, "under-half-call",
       "The minimum raise is to {full} (+{increment}); +{added} is less than half of "
       "+{increment} (below {threshold}), so it is a call: {decision}, and {back} goes back to "
       "him.",
       "La relance minimum est à {full} (+{increment}) ; +{added} n'atteint pas la moitié de "
       "+{increment} (seuil {threshold}) : c'est un call, {decision}, et {back} lui est rendu."),
    # BET-REOPEN
    O_("BET-REOPEN", "no-reopen",
       "He may not raise now: the betting was not reopened to him by a full raise, or nobody "
       "left can call a raise. So it is {decision}{back}.",
       "Il ne peut pas relancer : les enchères ne lui ont pas été rouvertes par une relance "
       "complète, ou plus personne ne peut suivre une relance. Il doit donc {decision}{back}."),
    # BET-UNDERCALL
    O_(_UNDERCALL, "undercall-full-call",
       "{total} is less than the call of {current}; {why} he must make the full call: "
       "{decision}.",
       "{total} est inférieur au call de {current} ; {why}, il doit suivre en entier : "
       "{decision}."),
    O_(_UNDERCALL, "undercall-td",
       "{total} is less than the call of {current}, facing a raise with three or more players in "
       "the hand: the TD decides whether he must complete the call or may forfeit {short} and "
       "fold ({options}).",
       "{total} est inférieur au call de {current}, face à une relance à trois joueurs ou plus : "
       "le TD décide s'il doit compléter le call ou s'il peut abandonner {short} et passer "
       "({options})."),
    O_(_UNDERCALL, "spoken-undercall-void",
       "An amount said alone that is less than the call of {current} is void: he states his "
       "action again ({again}).",
       "Un montant annoncé seul, inférieur au call de {current}, est nul : le joueur reformule "
       "librement son action ({again})."),
    O_(_UNDERCALL, "undercall-may-withdraw",
       "{total} is less than the call of {current}. The chips stay in the pot, but if he did not "
       "know the bet had been raised, nobody behind him has acted and the difference is large, "
       "the TD may let him take back {short} and act again; otherwise he must {options} "
       "(forfeiting {short}).",
       "{total} est inférieur au call de {current}. Les jetons restent au pot, mais s'il "
       "ignorait la relance, que personne derrière lui n'a agi et que l'écart est important, le "
       "TD peut le laisser reprendre {short} et reconsidérer son action ; sinon il doit "
       "{options} (en abandonnant {short})."),
    O_(_UNDERCALL, "undercall-gen-floor",
       "{total} is less than the call of {current}, and {short} is not more than half of the "
       "{needed} he had to add, so GEN 1.17 does not decide (its exceptions are missing): the "
       "floor rules ({options}).",
       "{total} est inférieur au call de {current}, et {short} ne dépasse pas la moitié des "
       "{needed} à ajouter : GEN 1.17 ne tranche pas (ses exceptions manquent), le responsable "
       "décide ({options})."),
    O_(_UNDERCALL, "undercall-complete-or-fold",
       "{total} is less than the call of {current}. The chips stay on the table: he chooses to "
       "complete the call or to fold, forfeiting {short} ({options}).",
       "{total} est inférieur au call de {current}. Les jetons restent sur la table : il choisit "
       "entre compléter le call et passer en abandonnant {short} ({options})."),
)  # fmt: skip

_CHIPS = (
    O_(_SINGLE, "all-chips-call-all-in",
       "They are all his chips and do not cover the call: he calls all-in, {decision}.",
       "Ce sont tous ses jetons et ils ne couvrent pas le call : il suit à tapis, {decision}."),
    O_(_MULTI, "every-chip-needed",
       "Every chip is needed for the call: without one {chip} chip, {rest} is less than "
       "{current}. It is a call, {decision}.",
       "Tous les jetons sont nécessaires au call : sans un jeton de {chip}, il reste {rest}, "
       "moins que {current}. C'est un call, {decision}."),
    O_(_SINGLE, "single-chip-call",
       "One chip without a word, unless a raise was declared before it touched the table, is a "
       "call: {decision}.",
       "Un jeton unique sans annonce, sauf relance annoncée avant qu'il touche le tapis, est un "
       "call : {decision}."),
    O_(_MULTI, "identical-chips-needed",
       "The chips are identical and every one is needed: without one {chip} chip, {rest} is "
       "less than the call of {current}. It is a call, {decision}.",
       "Les jetons sont identiques et tous nécessaires : sans un jeton de {chip}, il reste "
       "{rest}, moins que le call de {current}. C'est un call, {decision}."),
    O_(_MULTI, "exactly-the-call",
       "{total} is exactly the call: {decision}.",
       "{total}, c'est exactement le call : {decision}."),
    O_(_MULTI, "last-chips-all-in",
       "They are his last chips: he is all-in whether or not they reach half a raise, "
       "{decision}.",
       "Ce sont ses derniers jetons : il est à tapis, qu'ils atteignent ou non la moitié d'une "
       "relance, {decision}."),
    O_(_SINGLE, "larger-chip-minimum-bet",
       "One larger chip opening the betting without a word is a bet of the minimum, {full}: to "
       "bet more he must say so before the chip goes in. It is {decision}.",
       "Un jeton supérieur misé en ouverture sans annonce vaut la mise minimum, {full} : pour "
       "miser plus, il faut l'annoncer avant que le jeton entre dans le pot. C'est : "
       "{decision}."),
    O_(_SINGLE, "chip-value-bet",
       "One chip opening the betting without a word is a bet of the chip's value: {decision}.",
       "Un jeton unique misé en ouverture sans annonce vaut une mise de sa valeur : "
       "{decision}."),
    O_("BET-UNDERBET", "underbet-raised",
       "An opening bet of {total} is below the minimum bet of {full}: it is raised to it, "
       "{decision}.",
       "Une ouverture de {total} est inférieure à la mise minimum de {full} : elle y est "
       "alignée, {decision}."),
    O_("BET-RAISE-METHOD", "one-motion-bet",
       "Chips put out in one motion are a bet of their value: {decision}.",
       "Des jetons posés en un seul mouvement valent une mise de leur valeur : {decision}."),
    # BET-STRING
    O_("BET-STRING", "string-raise-call",
       "Player {player} put out {chips} in several motions, facing {current}: a string raise is "
       "a call{first}, {decision}.",
       "Le joueur {player} pose {chips} en plusieurs fois, face à {current} : une relance en "
       "plusieurs temps vaut un call{first}, {decision}."),
    O_("BET-STRING", "string-first-step",
       "Player {player} put out {chips} in several motions to open: only the first step counts, "
       "the first chip ({first}), at least the minimum bet: {decision}.",
       "Le joueur {player} pose {chips} en plusieurs fois pour ouvrir : seule la première étape "
       "compte, le premier jeton ({first}), au moins la mise minimum : {decision}."),
    O_("BET-STRING", "string-no-bet",
       "Player {player} put out {chips} in several motions to open: a string bet is no bet, so "
       "it is a check and the chips go back to him.",
       "Le joueur {player} pose {chips} en plusieurs fois pour ouvrir : un string bet n'est pas "
       "une mise, c'est donc parole (check) et les jetons lui sont rendus."),
    # BET-TAP
    O_("BET-TAP", "tap-means-nothing",
       "A tap is a check only from the flop on, before any bet; after the blinds or a bet it "
       "means nothing (and never a fold): he still acts ({again}).",
       "Taper sur la table ne vaut parole qu'à partir du flop, avant toute enchère ; après les "
       "blinds ou une mise, cela ne signifie rien (et jamais passer) : il doit encore agir "
       "({again})."),
    O_("BET-TAP", "tap-check",
       "Tapping the table is a check.",
       "Taper sur la table vaut parole (check)."),
    O_("BET-TAP", "tap-facing-bet",
       "Tapping the table is a check; facing a bet of {current}, a check lets him call or fold, "
       "but not raise ({choices}).",
       "Taper sur la table vaut parole ; face à une mise de {current}, il peut alors suivre ou "
       "passer, mais pas relancer ({choices})."),
    # BET-WITHDRAW
    O_("BET-WITHDRAW", "pulled-back-must-act",
       "Player {player} pulled back the {bet} he had in front, facing {current}: he must now "
       "call or raise ({choices}).",
       "Le joueur {player} a retiré les {bet} qu'il avait devant lui, face à {current} : il doit "
       "maintenant suivre ou relancer ({choices})."),
    O_("BET-WITHDRAW", "withdrawn-no-fold",
       "But having pulled back his chips while facing a bet, he may not fold: he must "
       "{choices}.",
       "Mais ayant retiré ses jetons face à une mise, il ne peut pas passer : il doit "
       "{choices}."),
)  # fmt: skip

_WORDS = (
    O_("BET-NONSTANDARD-FOLD", "fold-when-check",
       "He could check, but a fold binds him all the same, and may be penalised.",
       "Il pouvait checker, mais l'abandon l'engage quand même et peut être sanctionné."),
    O_(_BINDING, "verbal-fold",
       "A verbal fold in turn binds him: his hand is folded.",
       "Un abandon annoncé à son tour l'engage : sa main est couchée."),
    O_(_BINDING, "verbal-check",
       "A verbal check in turn binds him: he checks.",
       "Une parole annoncée à son tour l'engage : il checke."),
    O_("BET-INCORRECT-DECLARATION", "check-facing-bet",
       "He faces a bet of {current}: a player who says check facing a bet may call or fold, but "
       "not raise ({choices}).",
       "Il fait face à une mise de {current} : un joueur qui annonce parole face à une mise peut "
       "suivre ou passer, mais pas relancer ({choices})."),
    O_("BET-INCORRECT-DECLARATION", "call-is-check",
       "With no bet to call, a call is a check.",
       "Sans mise à suivre, un call vaut parole (check)."),
    O_(_BINDING, "verbal-call",
       "A verbal call in turn binds him to the full call: {decision}.",
       "Un call annoncé à son tour l'engage à suivre en entier : {decision}."),
    O_(_BINDING, "verbal-all-in",
       "A verbal all-in binds him: {decision}.",
       "Un tapis annoncé l'engage : {decision}."),
    O_("BET-PL-POT-SIZE", "pot-size",
       "In pot-limit, pot is a bet or raise of the size of the pot: {decision}.",
       "En pot-limit, « pot » est une mise ou relance de la taille du pot : {decision}."),
    O_(_BINDING, "fixed-limit-pot",
       "In fixed limit a bet or raise has one size: {decision}.",
       "En limit, une mise ou relance n'a qu'une taille : {decision}."),
    O_("BET-POT-DECLARATION-NL", "pot-void-nl",
       "Pot is not a valid announcement in no-limit, where the pot is never counted: it is void, "
       "and he states his action again ({again}).",
       "« Pot » n'est pas une annonce valable en no-limit, où le pot n'est jamais compté : elle "
       "est nulle, et il reformule son action ({again})."),
    O_("BET-POT-DECLARATION-NL", "pot-binds-nl",
       "Pot is not a valid no-limit bet, but it binds him to a correct bet or raise, at least the "
       "minimum: any total from {low} to {high}, which he states. He may be penalised.",
       "« Pot » n'est pas une mise valable en no-limit, mais elle l'engage à une mise ou relance "
       "correcte, au moins le minimum : un total de {low} à {high}, qu'il précise. Il s'expose à "
       "une pénalité."),
    O_("BET-INCORRECT-DECLARATION", "raise-as-minimum-bet",
       "Not facing a bet, a declared raise is at least a minimum bet: any total from {low} to "
       "{high}; the others wait until he states it.",
       "Sans mise à suivre, une relance annoncée est au moins une mise minimum : un total de "
       "{low} à {high} ; les autres attendent qu'il le précise."),
    O_(_BINDING, "bet-binds-minimum",
       "A verbal bet binds him to bet at least the minimum: any total from {low} to {high}; the "
       "others wait until he states it.",
       "Une annonce l'engage à miser au moins du minimum : un total de {low} à {high} ; les "
       "autres attendent qu'il le précise."),
    O_(_BINDING, "raise-binds-minimum",
       "A verbal raise binds him to raise at least the minimum: any total from {low} to {high}; "
       "the others wait until he states it.",
       "Une annonce l'engage à relancer au moins du minimum : un total de {low} à {high} ; les "
       "autres attendent qu'il le précise."),
    O_(_BINDING, "all-his-chips",
       "That is all his chips: {decision}.",
       "C'est tout son tapis : {decision}."),
    O_(_BINDING, "is-the-call",
       "{total} is the call: {decision}.",
       "{total}, c'est le call : {decision}."),
    O_("BET-UNDERBET", "opening-below-minimum",
       "An opening bet of {total} is below the minimum of {full}: it is raised to it, "
       "{decision}.",
       "Une ouverture de {total} est inférieure au minimum de {full} : elle y est alignée, "
       "{decision}."),
    O_(_BINDING, "opening-is",
       "It is {decision}.",
       "C'est : {decision}."),
    # BET-VERBAL-VS-CHIPS (after the lead "words-chips-disagree", before the winner's reason)
    O_(_VS, "words-bind", "The words bind.", "L'annonce engage le joueur."),
    O_(_VS, "amount-corrected-to-chips",
       "An announced amount is corrected to the chips put in.",
       "Le montant annoncé est rectifié à celui des jetons versés."),
    O_(_VS, "declared-action-binds", "A declared action binds.",
       "L'action annoncée engage le joueur."),
    O_(_VS, "words-came-first", "The words came first.", "L'annonce est venue en premier."),
    O_(_VS, "chips-came-first", "The chips came first.", "Les jetons sont venus en premier."),
    O_(_VS, "unclear-words-chips-count",
       "Both came at once and the words were not clear, so the chips count.",
       "Les deux sont simultanés et l'annonce n'est pas claire : les jetons comptent."),
    O_(_VS, "clear-words-prevail",
       "Both came at once: a clear verbal statement prevails.",
       "Les deux sont simultanés : une annonce claire prévaut."),
    O_(_VS, "simultaneous-td",
       "Both came at once and contradict each other: the TD decides which stands, by the "
       "circumstances and Rule 1 ({choices}).",
       "Les deux sont simultanés et se contredisent : le TD détermine la mise selon les "
       "circonstances et la Règle 1 ({choices})."),
)  # fmt: skip

_PHRASES = (
    # what the player did
    P_("pushed-silently", "Player {player} pushed {chips} without a word{prior}{facing}",
       "Le joueur {player} pousse {chips} sans annonce{prior}{facing}"),
    P_("pushed", "Player {player} pushed {chips}{prior}{facing}",
       "Le joueur {player} pousse {chips}{prior}{facing}"),
    P_("after-pulling-part", ", after pulling back part of his bet (he left {front})",
       ", après avoir retiré une partie de sa mise (il a laissé {front})"),
    P_("after-pulling-all", ", after pulling back the {bet} he had in front",
       ", après avoir retiré les {bet} qu'il avait devant lui"),
    P_("on-top-of", ", on top of the {front} in front of him", ", en plus des {front} devant lui"),
    P_("with-no-bet", ", with no bet to call.", ", sans mise à suivre."),
    P_("facing-total", ", facing {current} ({total} in all).",
       ", face à {current} ({total} en tout)."),
    P_("said", "Player {player} said \"{text}\".", "Le joueur {player} annonce « {text} »."),
    P_("said-and-pushed",
       "Player {player} said \"{text}\" and pushed {chips}, for {total} in front of him. With a "
       "bet or raise declared and no amount, the chips give the amount.",
       "Le joueur {player} annonce « {text} » et pousse {chips}, soit {total} devant lui. Une "
       "mise ou relance annoncée sans montant prend celui des jetons."),
    P_("words-chips-disagree",
       "Player {player} said \"{text}\" and pushed {chips}: the words ({words}) and the chips "
       "({chips_say}) disagree.",
       "Le joueur {player} annonce « {text} » et pousse {chips} : l'annonce ({words}) et les "
       "jetons ({chips_say}) ne concordent pas."),
    P_("tapped", "Player {player} tapped the table.", "Le joueur {player} tape sur la table."),
    # how an amount said was read
    P_("abbreviated-smallest",
       "\"{said}\" is abbreviated ({low} or {high}): it is always the smallest, {low}.",
       "« {said} » est abrégé ({low} ou {high}) : c'est toujours le plus petit, {low}."),
    P_("abbreviated-reasonable",
       "\"{said}\" is abbreviated ({low} or {high}): it is read as the highest amount reasonable "
       "for the pot, and with {pot} in the pot that is {amount}.",
       "« {said} » est abrégé ({low} ou {high}) : on retient le montant le plus élevé "
       "raisonnable par rapport au pot ; avec {pot} au pot, c'est {amount}."),
    P_("added-increment",
       "An added amount is an increment over the bet of {current}: {total} in all.",
       "Un montant ajouté s'entend en plus de la mise de {current} : {total} en tout."),
    P_("two-part-raise",
       "A raise declared first may be stated in two parts when the first is the call: {current} "
       "plus {amount}, a total of {total}.",
       "Une relance annoncée d'abord peut être donnée en deux fois si le premier montant égalise "
       "la mise : {current} plus {amount}, soit {total} au total."),
    P_("added-as-total", "Only totals count: an added amount is read as a total, so {total}.",
       "Seul le total compte : un montant ajouté est traduit en total, soit {total}."),
    P_("first-part-not-call", "(The first part, {part}, is not the call of {current}.)",
       "(Le premier montant, {part}, n'égalise pas la mise de {current}.)"),
    P_("amount-as-chips", "An amount said alone counts as those chips pushed silently.",
       "Un montant annoncé seul vaut ces jetons poussés sans annonce."),
    # why chips are or are not a call
    P_("front-covers-call",
       "The {front} already in front of him covers the call, so any chip added makes a "
       "multi-chip bet under Rule 50.",
       "Les {front} déjà devant lui couvrent le call : tout jeton ajouté est une mise de "
       "plusieurs jetons (règle 50)."),
    P_("not-a-call",
       "Without one {chip} chip, {rest} still covers the call of {current}, so the chips are "
       "not a call.",
       "Sans un jeton de {chip}, il reste {rest}, qui couvre le call de {current} : ce n'est "
       "pas un call."),
    P_("change-at-risk", "Chips pushed to get change are at risk (Rule 61).",
       "Des jetons poussés pour obtenir du change sont engagés (règle 61)."),
    P_("silent-chips-total",
       "Other than one larger chip or identical chips all needed for the call, chips pushed "
       "silently are a bet of their total value, {total}.",
       "Hors jeton unique ou jetons identiques tous nécessaires au call, des jetons poussés sans "
       "annonce valent une mise de leur valeur totale, {total}."),
    P_("holds-with-chips-in-front", "That holds with chips already in front of him.",
       "C'est vrai même avec des jetons déjà devant lui."),
    P_("may-turn-into-raise",
       "He may still turn it into a raise ({raise_to}) while nobody after him has acted or put "
       "in chips.",
       "Il peut encore en faire une relance ({raise_to}) tant que personne après lui n'a parlé "
       "ni misé."),
    P_("first-step-is-call", " (only the first step counts, and the first step is the call)",
       " (seule la première étape compte, et c'est le call)"),
    # notes
    P_("cap-may-not-raise",
       "He may not raise now (BET-REOPEN: the betting was not reopened to him, or nobody can "
       "call a raise), so it is {decision}.",
       "Il ne peut pas relancer maintenant (BET-REOPEN : les enchères ne lui sont pas rouvertes, "
       "ou personne ne peut suivre une relance) : il doit {decision}."),
    P_("cap-only-stack", "He has only {stack} in all, so he is all-in.",
       "Il n'a que {stack} en tout : il est à tapis."),
    P_("cap-most", "The most he may put in is {to}.", "Il ne peut pas mettre plus de {to}."),
    P_("goes-back", ", and {back} goes back to him", ", et {back} lui est rendu"),
    P_("heads-up-why", "heads-up", "en tête-à-tête"),
    P_("facing-opening-why", "facing the opening bet", "face à la mise d'ouverture"),
    P_("named-amount-ignored", "The {said} he named does not change the call.",
       "Le montant de {said} qu'il cite ne change pas le call."),
    P_("calls-all-in", "He has only {to} in all: he calls all-in.",
       "Il n'a que {to} en tout : il suit à tapis."),
    P_("words-void", "What he said (\"{text}\") is void, so the chips decide.",
       "Son annonce (« {text} ») est nulle : les jetons décident."),
    P_("words-allow", "What he said (\"{text}\") allows that.",
       "Son annonce (« {text} ») le permet."),
    P_("words-chips-agree", "The words and the chips ({chips}) agree.",
       "L'annonce et les jetons ({chips}) concordent."),
    P_("call-not-lowered", "The chips pushed ({chips}) do not lower a verbal call.",
       "Les jetons poussés ({chips}) ne réduisent pas un call annoncé."),
)  # fmt: skip

OUTCOMES: dict[tuple[str, str], Text] = outcomes(*_SPOT, *_CHIPS, *_WORDS)
PHRASES: dict[str, Text] = phrases(*_PHRASES)
