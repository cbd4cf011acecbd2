"""The language the CLI prints its text in: English or French (``--lang``).

Each line is written once where it is built, in English, with named fields:
``words("{name} checked in", name=name)``. Its French is in the one catalogue
(``pokertd.present.locale``, ``make messages`` extracts the ``words`` calls): ``Words`` is the
CLI's and ``present``'s handle on a language, rendering a sentence, a ``Message``, an ordinal or a
term (entry statuses, move reasons, stages: ``pokertd.present.terms``) in it. The French is that
of French clubs and of the LFP rules: petite blinde, grosse blinde, bouton, niveau, pause, main
pour main, tapis, re-entry, remplaçant. JSON never changes with the language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pokertd.errors import ParseError
from pokertd.messages import Message, message
from pokertd.present.formats import ordinal
from pokertd.present.i18n import render, translations

Lang = Literal["en", "fr"]


@dataclass(frozen=True, slots=True)
class Words:
    """The language of the text shown: renders each sentence from the catalogue.

    >>> words = Words("fr")
    >>> words("empty"), words("Level {number}: {label}", number=3, label="1/2"), words.ordinal(11)
    ('vide', 'Niveau 3 : 1/2', '11e')
    """

    lang: Lang = "en"

    def __call__(self, template: str | Message, /, **values: Any) -> str:
        """Return a sentence in this language: ``template`` (an English msgid of the catalogue,
        with ``{name}`` fields) filled with ``values``, or a ``Message`` rendered as it is.

        >>> Words("fr")(message("there is no entry {entry}", entry=9))
        "il n'y a pas d'entrée 9"
        """
        said = template if isinstance(template, Message) else Message(template, values)
        return render(said, self.lang)

    def ngettext(self, singular: str, plural: str, count: int, /, **values: Any) -> str:
        """Return a sentence about ``count`` things, its singular or plural form as the
        language has it (English: 1 alone is singular; French: 0 and 1), with ``{count}`` and
        ``values`` filled in.

        >>> [Words(lang).ngettext("{count} event", "{count} events", 0) for lang in ("en", "fr")]
        ['0 events', '0 événement']
        """
        chosen = translations(self.lang).ngettext(singular, plural, count)
        return render(Message(chosen, {"count": count, **values}), self.lang)

    def ordinal(self, number: int) -> str:
        """Return a place as an ordinal: ``1st``, ``2nd``, ``11th``; ``1re``, ``2e``, ``11e``.

        >>> Words().ordinal(2), Words("fr").ordinal(1)
        ('2nd', '1re')
        """
        return ordinal(number, self.lang)

    def at_tables(self, numbers: Sequence[int]) -> str:
        """Return ``at table(s) 1, 2``; ``à la table 1``, ``aux tables 1, 2``.

        >>> Words("fr").at_tables([1]), Words("fr").at_tables([1, 2])
        ('à la table 1', 'aux tables 1, 2')
        """
        listed = ", ".join(str(number) for number in numbers)
        # the English says table(s) whatever the count; the French has its singular and plural
        said = translations(self.lang).ngettext(
            "at table(s) {listed}", "at table(s) {listed}", len(numbers)
        )
        return said.format(listed=listed)

    def term(self, value: str) -> str:
        """Return a status, a move reason or a stage (``busted``, ``balance``...) as shown: the
        term's entry in the catalogue (``pokertd.present.terms``); any other value unchanged.

        >>> Words("fr").term("balance"), Words("fr").term("1st"), Words().term("busted")
        ('équilibrage', '1st', 'busted')
        """
        # here: the catalogue (babel) and the domain's enums load on the first term shown
        from pokertd.present.terms import shown, term

        found = term(value)
        return str(value) if found is None else shown(found, self.lang)


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
    raise ParseError(message("{source} is en or fr, not {text!r}", source=source, text=text))
