"""The language of a web page: ``?lang=``, the ``lang`` cookie, the browser's
``Accept-Language``, else English; the texts come from ``pokertd.present.i18n``'s catalogue
(templates mark them with ``{{ _("...") }}``).
"""

from __future__ import annotations

import gettext

from starlette.requests import HTTPConnection

from pokertd.present.i18n import LANGUAGES, translations


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
