"""The names of the floor assistant's choice values, in English and in French.

A situation form offers values such as ``boxed-cards`` or ``player-in-hand``; JSON and the rulings
keep those codes, and the form shows these names (the French ones in the words of French floors).
"""

from __future__ import annotations

#: Choice value -> (English, French).
CHOICE_LABELS: dict[str, tuple[str, str]] = {
    # which came first, words or chips
    "words": ("The words first", "Les paroles d'abord"),
    "chips": ("The chips first", "Les jetons d'abord"),
    # games
    "nlhe": ("No-limit hold'em", "Hold'em no-limit"),
    "plhe": ("Pot-limit hold'em", "Hold'em pot-limit"),
    "flhe": ("Fixed-limit hold'em", "Hold'em limit"),
    "plo": ("Pot-limit Omaha", "Omaha pot-limit"),
    "plo8": ("Pot-limit Omaha hi-lo", "Omaha hi-lo pot-limit"),
    "flo8": ("Fixed-limit Omaha hi-lo", "Omaha hi-lo limit"),
    "stud": ("Seven-card stud", "Stud à sept cartes"),
    "stud8": ("Seven-card stud hi-lo", "Stud hi-lo"),
    "razz": ("Razz", "Razz"),
    # misdeal situations (DEAL-MISDEAL-CONDITIONS)
    "first-cards-exposed": (
        "The first or second card exposed by the dealer",
        "La première ou la deuxième carte exposée par le croupier",
    ),
    "card-exposed": ("A later card exposed", "Une carte suivante exposée"),
    "two-cards-exposed": ("Two cards exposed", "Deux cartes exposées"),
    "boxed-cards": ("Cards face up in the deck", "Cartes retournées dans le paquet"),
    "wrong-order": ("Cards dealt in the wrong order", "Cartes distribuées dans le désordre"),
    "wrong-count": ("Too many or too few cards", "Trop ou trop peu de cartes"),
    "empty-seat": ("Cards dealt to an empty seat", "Cartes distribuées à un siège vide"),
    "player-not-dealt": ("A player dealt no cards", "Un joueur sans cartes"),
    "button-misplaced": ("The button in the wrong place", "Le bouton mal placé"),
    # board errors
    "four-card-flop": ("Four-card flop", "Flop de quatre cartes"),
    "flop-no-burn": ("Flop dealt without a burn", "Flop sans carte brûlée"),
    "flop-two-burns": ("Two burns before the flop", "Deux cartes brûlées avant le flop"),
    "turn-no-burn": ("Turn dealt without a burn", "Turn sans carte brûlée"),
    "river-no-burn": ("River dealt without a burn", "River sans carte brûlée"),
    "premature-flop": ("Premature flop", "Flop prématuré"),
    "premature-turn": ("Premature turn", "Turn prématurée"),
    "premature-river": ("Premature river", "River prématurée"),
    # stud dealing errors (STUD-MISDEAL, PR-9A)
    "down-card-exposed": ("A down card exposed", "Une carte cachée exposée"),
    "down-cards-exposed": ("Two down cards exposed", "Deux cartes cachées exposées"),
    "up-card-dealt-down": ("An up card dealt face down", "Une carte visible donnée face cachée"),
    "river-dealt-up": ("Seventh card dealt face up", "Septième carte donnée face visible"),
    # who calls the clock (CLK-REQUEST)
    "player-in-hand": ("A player in the hand", "Un joueur dans le coup"),
    "seated-player": ("A player seated at the table", "Un joueur assis à la table"),
    "player-elsewhere": ("A player from another table", "Un joueur d'une autre table"),
    "dealer": ("The dealer", "Le croupier"),
    "manager": ("The floor or the director", "L'arbitre ou le directeur"),
    # offences (PEN-*)
    "exposed-cards": ("Exposing cards with action pending", "Cartes exposées, action en cours"),
    "cards-off-table": ("Cards thrown off the table", "Cartes jetées hors de la table"),
    "one-player-to-a-hand": ("Breaking one player to a hand", "Non-respect d'un joueur par main"),
    "etiquette": (
        "Etiquette (stalling, acting out of turn...)",
        "Étiquette (lenteur, hors tour...)",
    ),
    "soft-play": ("Soft play, team play", "Soft play, jeu d'équipe"),
    "collusion": ("Collusion, chip dumping", "Collusion, transfert de jetons"),
    "abuse": ("Abuse, disruptive behaviour", "Injures, comportement perturbateur"),
    "cheating": ("Cheating", "Tricherie"),
    "other": ("Another fault", "Autre faute"),
}


def choice_label(value: str, lang: str = "en") -> str:
    """Return the name of a choice value in ``"en"`` or ``"fr"`` (the value itself if unnamed).

    >>> choice_label("boxed-cards", "fr"), choice_label("dealer")
    ('Cartes retournées dans le paquet', 'The dealer')
    """
    names = CHOICE_LABELS.get(value)
    if names is None:
        return value
    return names[1] if lang == "fr" else names[0]
