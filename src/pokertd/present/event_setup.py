"""What a director reads when he sets an event up: each rule profile and structure template by
its name, with a one-line description, in his language (the console's "New event" form).

>>> from pokertd.present.words import words_for
>>> [choice.value for choice in profile_choices(words_for("en"))][:2]
['tda-2017', 'lfp']
>>> template_choices(words_for("en"))[0].name
'Turbo'
"""

from __future__ import annotations

from dataclasses import dataclass

from pokertd import rules
from pokertd.present.formats import thousands
from pokertd.present.words import Words
from pokertd.rules.load import ROOT_ID
from pokertd.tournament.structure import TEMPLATES, template

__all__ = ["Choice", "profile_choices", "template_choices"]


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a select: the value sent, the name shown, a one-line description."""

    value: str
    name: str
    description: str


def profile_choices(words: Words) -> list[Choice]:
    """The rule profiles, by name, each with what it is for."""
    known = {
        ROOT_ID: (  # tda-2017, the root of every profile
            words("TDA 2017 (international rules)"),
            words("The Tournament Directors Association's rules: the base of every other profile."),
        ),
        "lfp": (
            words("French Poker League (LFP)"),
            words("The French league's tournament rules, season 5: French clubs play by them."),
        ),
        "bannalec": (
            words("Poker Club Bannalec"),
            words("A dealerless club's rules: the players deal, freezeout events."),
        ),
        "gran-madrid": (
            words("Casino Gran Madrid"),
            words("A casino's international tournament rules; late registration of 2 levels."),
        ),
        "generic": (
            words("Generic rules of poker"),
            words("A cash game text; the tournament procedures are the TDA's."),
        ),
    }
    choices = []
    for profile in rules.PROFILE_IDS:
        name, description = known.get(profile, (rules.load(profile).name, ""))
        choices.append(Choice(profile, name, description))
    return choices


def template_choices(words: Words) -> list[Choice]:
    """The structure templates, by name, each with its stack, level length and level count."""
    names = {
        "turbo": words("Turbo"),
        "regular": words("Regular"),
        "deep-stack": words("Deep stack"),
    }
    choices = []
    for kind in TEMPLATES:
        structure = template(kind)
        levels = structure.levels
        description = words(
            "{stack} chips, {count} levels of {minutes} minutes",
            stack=thousands(structure.starting_stack, words.lang),
            count=len(levels),
            minutes=levels[0].minutes,
        )
        choices.append(Choice(kind, names.get(kind, kind), description))
    return choices
