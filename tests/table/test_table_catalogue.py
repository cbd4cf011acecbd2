"""Every sentence the live table writes for people (``message(...)`` in ``pokertd.table`` and
``pokertd.service.tables``) has its French in the one catalogue (``make messages``)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.extract import extract_from_dir

from pokertd.present.i18n import translations

SRC = Path(__file__).parents[2] / "src" / "pokertd"


def templates() -> set[str]:
    found: set[str] = set()
    for folder, pattern in ((SRC / "table", "**.py"), (SRC / "service", "tables.py")):
        extracted = extract_from_dir(str(folder), [(pattern, "python")], keywords={"message": None})
        found |= {text if isinstance(text, str) else text[0] for _, _, text, _, _ in extracted}
    return found


def test_every_table_message_has_its_french() -> None:
    found = templates()
    assert "seat {seat} is not to act; seat {turn} is (BET-OOT)" in found
    french = translations("fr")
    missing = sorted(
        text for text in found if french.gettext(text) == text and text != "{reason} ({rule})"
    )
    assert not missing, f"without French (run make messages): {missing}"
