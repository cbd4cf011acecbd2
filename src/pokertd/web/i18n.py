"""French and English for the web pages: gettext catalogues read from ``locale/*/LC_MESSAGES``.

Templates mark text with ``{{ _("...") }}``; the French catalogue is the ``.po`` file itself,
compiled in memory at start (no build step, no binary ``.mo`` in the repository). The language is
the ``lang`` cookie, else the browser's ``Accept-Language``, else English.
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from starlette.requests import HTTPConnection

LANGUAGES = ("en", "fr")
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "pokertd"


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """Return the catalogue of ``lang`` (English is the source language: no catalogue)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == "en" or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def language(connection: HTTPConnection) -> str:
    """Return the language of a request or WebSocket: ``?lang=``, cookie, browser, else English."""
    chosen = connection.query_params.get("lang") or connection.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    accepted = connection.headers.get("accept-language", "")
    for part in accepted.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


def gettext_for(lang: str) -> gettext.NullTranslations:
    """Return the translations of ``lang``, English for an unknown code."""
    return translations(lang if lang in LANGUAGES else "en")
