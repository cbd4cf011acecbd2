"""The French catalogue covers every text of pokertd (gettext, ``make messages``): the web app's
code and templates, the messages of the domain (keyword ``message``) and the terms (context =
the enum's class name), found as ``make messages`` finds them, through babel.cfg."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from pokertd.present.i18n import LOCALE_DIR, translations
from pokertd.present.terms import TERMS

ROOT = Path(__file__).parents[2]
SRC = ROOT / "src"

#: French templates that name a field their English one leaves out (the value is given anyway):
#: the French says why a file is no event store where the English quotes SQLite's own words, or
#: which file cannot be opened; it names the rule a hand's action breaks where the English quotes
#: the engine's refusal, and halted tables "à la table 1" where the English lists them.
FRENCH_ONLY_FIELDS = {
    "{path!r} is not a pokertd event store: {error}": {"why"},
    "action {index} {action!r} of the hand breaks a rule: {error}": {"rule"},
    "{open_error}": {"db"},
    "; play halted at {listed} until balanced (TBL-BALANCE-HALT)": {"at"},
}


def extracted(keywords: dict[str, object]) -> set[tuple[str | None, str]]:
    """Return every (context, msgid) that ``make messages`` extracts with ``keywords``."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(ROOT),
        method_map,
        options_map,
        keywords=keywords,
        directory_filter=lambda path: Path(path).resolve().is_relative_to(SRC),
    ):
        found.add((context, message if isinstance(message, str) else message[0]))
    return found


def source_messages() -> set[tuple[str | None, str]]:
    """Return every (context, msgid) marked in the code, the templates and the terms."""
    return extracted({**DEFAULT_KEYWORDS, "message": None, "words": None})


def french_catalogue() -> dict[tuple[str | None, str], str]:
    """Return the French of every (context, msgid); a plural entry by its singular msgid, with
    its French only when every form has one."""
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "pokertd.po").open("rb") as po:
        catalogue = read_po(po, locale="fr")
    found = {}
    for m in catalogue:
        if m.id and isinstance(m.id, str):
            found[m.context, m.id] = m.string
        elif m.id:
            found[m.context, m.id[0]] = m.string[0] if all(m.string) else ""
    return found


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_text_has_a_french_translation() -> None:
    translated = {key for key, french in french_catalogue().items() if french}
    missing = sorted(source_messages() - translated, key=str)
    assert not missing, f"{len(missing)} text(s) without French (run make messages): {missing[:20]}"


def test_the_extraction_finds_the_domain_messages_and_every_term() -> None:
    found = source_messages()
    for kind in TERMS:
        for member in kind:
            assert (kind.__name__, member.value) in found


def test_french_templates_name_only_the_fields_of_their_english() -> None:
    catalogue = french_catalogue()
    for context, msgid in extracted({"message": None, "words": None}):
        french = catalogue[context, msgid]
        allowed = fields(msgid) | FRENCH_ONLY_FIELDS.get(msgid, set())
        assert fields(french) <= allowed, (msgid, french)


@pytest.mark.parametrize(
    ("english", "french"),
    [("Director login", "Connexion du directeur"), ("Find my seat", "Trouver ma place")],
)
def test_catalogue_translates(english: str, french: str) -> None:
    assert translations("fr").gettext(english) == french
    assert translations("en").gettext(english) == english


@pytest.mark.parametrize(
    ("context", "value", "french"),
    [
        ("EntryStatus", "busted", "éliminé(e)"),
        ("MoveReason", "final-table", "table finale"),
        ("Stage", "registration", "inscriptions"),
        ("Standing", "in play", "en jeu"),
    ],
)
def test_terms_are_translated_in_their_context(context: str, value: str, french: str) -> None:
    assert translations("fr").pgettext(context, value) == french
    assert translations("en").pgettext(context, value) == value
