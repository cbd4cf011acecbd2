"""The French catalogue covers every text of the web app (gettext, ``make messages``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from pokertd.present.i18n import LOCALE_DIR, translations

WEB = Path(__file__).parents[2] / "src" / "pokertd" / "web"
METHODS = [("**.py", "python"), ("templates/**.html", "jinja2")]
OPTIONS = {
    "templates/**.html": {
        "extensions": "jinja2.ext.i18n",
        "trim_blocks": "true",
        "lstrip_blocks": "true",
    }
}


def source_messages() -> set[str]:
    """Return every msgid marked in the web app's Python and templates."""
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(str(WEB), METHODS, OPTIONS):
        found.add(message if isinstance(message, str) else message[0])
    return found


def test_every_text_has_a_french_translation() -> None:
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "pokertd.po").open("rb") as po:
        catalogue = read_po(po, locale="fr")
    translated = {m.id for m in catalogue if m.id and m.string}
    missing = sorted(source_messages() - translated)
    assert not missing, f"{len(missing)} text(s) without French (run make messages): {missing[:20]}"


@pytest.mark.parametrize(
    ("english", "french"),
    [("Director login", "Connexion du directeur"), ("Find my seat", "Trouver ma place")],
)
def test_catalogue_translates(english: str, french: str) -> None:
    assert translations("fr").gettext(english) == french
    assert translations("en").gettext(english) == english
