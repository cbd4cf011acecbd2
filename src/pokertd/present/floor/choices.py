"""The names of the floor assistant's choice values, in the user's language.

A situation form offers values such as ``boxed-cards`` or ``player-in-hand``; JSON and the rulings
keep those codes, and the form shows these names: English texts marked for extraction with the
value as message context (``make messages``), their French in the one catalogue.
"""

from __future__ import annotations

from pokertd.present.i18n import translations


def _choice(value: str, label: str) -> tuple[str, str]:
    """A choice's name, marked for extraction (context: the value)."""
    return value, label


_LABELS = (
    # which came first, words or chips
    _choice("words", "The words first"),
    _choice("chips", "The chips first"),
    # games
    _choice("nlhe", "No-limit hold'em"),
    _choice("plhe", "Pot-limit hold'em"),
    _choice("flhe", "Fixed-limit hold'em"),
    _choice("plo", "Pot-limit Omaha"),
    _choice("plo8", "Pot-limit Omaha hi-lo"),
    _choice("flo8", "Fixed-limit Omaha hi-lo"),
    _choice("stud", "Seven-card stud"),
    _choice("stud8", "Seven-card stud hi-lo"),
    _choice("razz", "Razz"),
    _choice("shortdeck", "No-limit short-deck hold'em"),
    _choice("nl27sd", "No-limit 2-7 single draw"),
    _choice("fl27td", "Fixed-limit 2-7 triple draw"),
    _choice("badugi", "Fixed-limit badugi"),
    _choice("nl5cd", "No-limit five-card draw"),
    # misdeal situations (DEAL-MISDEAL-CONDITIONS)
    _choice("first-cards-exposed", "The first or second card exposed by the dealer"),
    _choice("card-exposed", "A later card exposed"),
    _choice("two-cards-exposed", "Two cards exposed"),
    _choice("boxed-cards", "Cards face up in the deck"),
    _choice("wrong-order", "Cards dealt in the wrong order"),
    _choice("wrong-count", "Too many or too few cards"),
    _choice("empty-seat", "Cards dealt to an empty seat"),
    _choice("player-not-dealt", "A player dealt no cards"),
    _choice("button-misplaced", "The button in the wrong place"),
    # board errors
    _choice("four-card-flop", "Four-card flop"),
    _choice("flop-no-burn", "Flop dealt without a burn"),
    _choice("flop-two-burns", "Two burns before the flop"),
    _choice("turn-no-burn", "Turn dealt without a burn"),
    _choice("river-no-burn", "River dealt without a burn"),
    _choice("premature-flop", "Premature flop"),
    _choice("premature-turn", "Premature turn"),
    _choice("premature-river", "Premature river"),
    # stud dealing errors (STUD-MISDEAL, PR-9A)
    _choice("down-card-exposed", "A down card exposed"),
    _choice("down-cards-exposed", "Two down cards exposed"),
    _choice("up-card-dealt-down", "An up card dealt face down"),
    _choice("river-dealt-up", "Seventh card dealt face up"),
    # who calls the clock (CLK-REQUEST)
    _choice("player-in-hand", "A player in the hand"),
    _choice("seated-player", "A player seated at the table"),
    _choice("player-elsewhere", "A player from another table"),
    _choice("dealer", "The dealer"),
    _choice("manager", "The floor or the director"),
    # offences (PEN-*)
    _choice("exposed-cards", "Exposing cards with action pending"),
    _choice("cards-off-table", "Cards thrown off the table"),
    _choice("one-player-to-a-hand", "Breaking one player to a hand"),
    _choice("etiquette", "Etiquette (stalling, acting out of turn...)"),
    _choice("soft-play", "Soft play, team play"),
    _choice("collusion", "Collusion, chip dumping"),
    _choice("abuse", "Abuse, disruptive behaviour"),
    _choice("cheating", "Cheating"),
    _choice("other", "Another fault"),
)
#: Choice value -> its English name.
CHOICE_LABELS: dict[str, str] = dict(_LABELS)


def choice_label(value: str, lang: str = "en") -> str:
    """Return the name of a choice value in ``"en"`` or ``"fr"`` (the value itself if unnamed).

    >>> choice_label("boxed-cards", "fr"), choice_label("dealer")
    ('Cartes retournées dans le paquet', 'The dealer')
    """
    label = CHOICE_LABELS.get(value)
    return value if label is None else translations(lang).pgettext(value, label)
