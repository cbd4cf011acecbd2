"""The language ``pokertd tournament`` prints its text in: English or French (``--lang``).

Each line is written once where it is built, with its two versions side by side:
``words(f"{name} checked in", f"{name} présent(e)")``. This module holds the choice of
language and French ordinals; the values that JSON keeps as they are (entry statuses, move
reasons, stages) are terms of the catalogue (``pokertd.present.terms``). The French is that of
French clubs and of the LFP rules: petite blinde, grosse blinde, bouton, niveau, pause, main pour
main, tapis, re-entry, remplaçant. JSON never changes with the language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pokertd.errors import ParseError

Lang = Literal["en", "fr"]


@dataclass(frozen=True, slots=True)
class Words:
    """The language of the text shown: picks the English or the French of each phrase.

    >>> words = Words("fr")
    >>> words("seats drawn", "tirage des places"), words.ordinal(11), words.term("busted")
    ('tirage des places', '11e', 'éliminé(e)')
    """

    lang: Lang = "en"

    def __call__(self, english: str, french: str) -> str:
        """Return the phrase in this language."""
        return french if self.lang == "fr" else english

    def ordinal(self, number: int) -> str:
        """Return a place as an ordinal: ``1st``, ``2nd``, ``11th``; ``1re``, ``2e``, ``11e``.

        French places are feminine (la 1re place).

        >>> [Words().ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
        ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
        >>> [Words("fr").ordinal(n) for n in (1, 2, 11)]
        ['1re', '2e', '11e']
        """
        if self.lang == "fr":
            return "1re" if number == 1 else f"{number}e"
        if 10 <= number % 100 <= 20:
            return f"{number}th"
        return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"

    def at_tables(self, numbers: Sequence[int]) -> str:
        """Return ``at table(s) 1, 2``; ``à la table 1``, ``aux tables 1, 2``.

        >>> Words("fr").at_tables([1]), Words("fr").at_tables([1, 2])
        ('à la table 1', 'aux tables 1, 2')
        """
        listed = ", ".join(str(number) for number in numbers)
        if self.lang == "fr":
            return f"à la table {listed}" if len(numbers) == 1 else f"aux tables {listed}"
        return f"at table(s) {listed}"

    def term(self, value: str) -> str:
        """Return a status, a move reason or a stage (``busted``, ``balance``...) as shown: the
        term's entry in the catalogue (``pokertd.present.terms``); any other value unchanged.

        >>> Words("fr").term("balance"), Words("fr").term("1st"), Words().term("busted")
        ('équilibrage', '1st', 'busted')
        """
        # here: the catalogue (babel) and the domain's enums load on the first term shown
        from pokertd.present.i18n import translations
        from pokertd.present.terms import term

        found = term(value)
        if found is None:
            return str(value)
        return translations(self.lang).pgettext(type(found).__name__, found.value)


ENGLISH = Words("en")
FRENCH = Words("fr")


def words_for(text: str, *, source: str = "--lang") -> Words:
    """Return the words of a language named ``en`` or ``fr``.

    Raises ParseError for any other name, saying where it came from (``--lang``, ``POKERTD_LANG``).

    >>> words_for("fr").lang
    'fr'
    """
    if text == "en":
        return ENGLISH
    if text == "fr":
        return FRENCH
    raise ParseError(f"{source} is en or fr, not {text!r}")
