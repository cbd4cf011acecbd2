"""French and English: the one gettext catalogue of pokertd, read from ``locale/*/LC_MESSAGES``.

English is the source language (the msgids); the French catalogue is the ``.po`` file itself,
compiled in memory on first use (no build step, no binary ``.mo`` in the repository).
``make messages`` adds the new texts marked in the code and the templates.
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path
from typing import Literal

from pokertd.errors import PokertdError
from pokertd.messages import Message

Lang = Literal["en", "fr"]
LANGUAGES: tuple[Lang, ...] = ("en", "fr")
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "pokertd"

#: The English of the terms whose value reads as a code rather than as English, by the enum's
#: class name and the value (the catalogue's msgids are the values, which JSON keeps; English is
#: no catalogue and shows the others as they are).
ENGLISH_TERMS: dict[tuple[str, str], str] = {
    ("MoveReason", "balance"): "balancing",
    ("MoveReason", "break"): "table broken",
    ("MoveReason", "final-table"): "final table",
    # where a hand stands, as a refusal says it: "the hand is at {phase}"
    ("Phase", "betting"): "a betting round",
    ("Phase", "dealing"): "the deal of the cards",
    ("Phase", "drawing"): "the draw",
    ("Phase", "showdown"): "the showdown",
    ("Phase", "finished"): "its end",
}


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """Return the catalogue of ``lang`` (English, or an unknown code: no catalogue)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == "en" or not path.exists():
        return gettext.NullTranslations()
    # here: babel loads with the first French text, not with every English command
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as po:
        catalog = read_po(po, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def render(text: Message | str, lang: str) -> str:
    """Return ``text`` in ``lang``: a message's template and its values translated by the
    catalogue, then its fields filled in (a plain string is translated as it is).

    >>> from pokertd.messages import message
    >>> render(message("there is no entry {entry}", entry=9), "en")
    'there is no entry 9'
    """
    catalogue = translations(lang if lang in LANGUAGES else "en")

    def translate(context: str | None, msgid: str) -> str:
        if context is None:
            return catalogue.gettext(msgid)
        return term_text(catalogue, context, msgid)

    if isinstance(text, Message):
        return text.render(translate)
    return translate(None, text)


def term_text(catalogue: gettext.NullTranslations, kind: str, value: str) -> str:
    """Return the term ``value`` of the enum class ``kind`` from ``catalogue``, or its English.

    >>> term_text(translations("en"), "MoveReason", "balance")
    'balancing'
    """
    text = catalogue.pgettext(kind, value)
    return ENGLISH_TERMS.get((kind, value), text) if text == value else text


def error_text(error: PokertdError, lang: str) -> str:
    """Return what ``error`` says, in ``lang``: its message rendered from the catalogue.

    (A plain English text that is no sentence of the catalogue is shown as it is, braces and
    all.)

    >>> from pokertd.errors import NotFoundError
    >>> from pokertd.messages import message
    >>> error = NotFoundError(message("the {book} has no article {number}", book="TDA", number=99))
    >>> error_text(error, "fr"), str(error)
    ("le livre TDA n'a pas d'article 99", 'the TDA has no article 99')
    """
    said = error.message
    if not said.values and translations(lang).gettext(said.template) == said.template:
        return str(error)  # no sentence of the catalogue: a plain text (braces and all)
    return render(said, lang)
