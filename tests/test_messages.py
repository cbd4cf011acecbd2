"""The domain writes no French: a sentence for people is a ``message("english {field}", ...)``
whose French is in the one catalogue (``pokertd.present.locale``), never an inline ``fr=``.

Checked over the AST of the packages converted so far (issue 14): no call passes ``fr=``, no
string literal outside a docstring reads as French, and every ``message(...)`` call names its
template as a string literal, which ``make messages`` can extract.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokertd.messages import message
from pokertd.present.i18n import render

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "pokertd"

#: The packages whose text for people is all messages.
CONVERTED = ("rules", "sim", "store", "service", "league", "tournament")

#: Files of those packages not converted yet (the live-table files, converted on their own).
NOT_YET = frozenset({"service/seat_links.py"})

#: What only French text holds: its accented letters and guillemets, an elided article or
#: pronoun (l'entrée, n'est, d'une), the space before a colon or a semicolon, its small words.
FRENCH = re.compile(
    r"[àâçéèêëîïôœùûü«»]"
    r"|(?<![\w'])[cdjlmnst]'[aeiouyhéèê]"
    r"|\s[:;](?:\s|$)"
    r"|(?<!\w)(?:le|la|les|des|du|une|est|sont|pas|pour|avec|dans|sur|aux|ou)\s",
    re.IGNORECASE,
)


#: French that is data, not sentences of pokertd: the rulebooks' own text, which pokertd reads
#: and quotes, the French a director may type (column names of a results file, formula kinds),
#: and the demo event's French names. Module-level constants by name, and literals.
DATA_CONSTANTS = {
    "league/points.py": {"_ALIASES"},
    "league/results.py": {"COLUMNS"},
    "rules/articles.py": {"BOOKS", "_TDA_ADD", "_TDA_TITLES", "_GEN_HEADINGS", "BAN_SECTIONS"},
    "service/demo.py": {"PLAYERS"},
}
DATA_LITERALS = {
    "Capture d’écran",  # a line of the Bannalec rulebook's text
    'Player away from the table ("levé de table")',  # a rule's title quotes the LFP's words
    "Tournoi du samedi (démo)",  # the demo event's title
    r"#?(\d+)\s*(?:er|re|ère|e|ème|st|nd|rd|th)?",  # the places of a results file: 1er, 2e
}


def modules() -> Iterator[Path]:
    for package in CONVERTED:
        for path in sorted((PACKAGE / package).rglob("*.py")):
            if str(path.relative_to(PACKAGE)) not in NOT_YET:
                yield path


MODULES = list(modules())


def ids(paths: list[Path]) -> list[str]:
    return [str(path.relative_to(PACKAGE)) for path in paths]


def docstrings(tree: ast.AST) -> set[int]:
    """Return the ids of the docstring nodes of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def data(tree: ast.Module, names: set[str]) -> set[int]:
    """Return the ids of the nodes of the module-level constants ``names``."""
    found = set()
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        elif isinstance(statement, ast.AnnAssign):
            targets = [statement.target]
        else:
            continue
        if any(isinstance(target, ast.Name) and target.id in names for target in targets):
            found.update(id(node) for node in ast.walk(statement))
    return found


def strings(path: Path) -> Iterator[ast.Constant]:
    """Yield the string literals of a module (f-strings' parts too) that are no docstring and
    no data."""
    tree = parsed(path)
    names = DATA_CONSTANTS.get(str(path.relative_to(PACKAGE)), set())
    skipped = docstrings(tree) | data(tree, names)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) not in skipped and node.value not in DATA_LITERALS:
            yield node


def calls(tree: ast.AST) -> Iterator[ast.Call]:
    yield from (node for node in ast.walk(tree) if isinstance(node, ast.Call))


def called(node: ast.Call) -> str:
    function = node.func
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else ""


def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


@pytest.mark.parametrize("path", MODULES, ids=ids(MODULES))
def test_no_call_gives_its_french_inline(path: Path) -> None:
    inline = [
        node.lineno for node in calls(parsed(path)) if any(k.arg == "fr" for k in node.keywords)
    ]
    assert not inline, f"fr= at lines {inline}: write message(...) and its French in the catalogue"


@pytest.mark.parametrize("path", MODULES, ids=ids(MODULES))
def test_no_string_is_french(path: Path) -> None:
    french = [(node.lineno, node.value) for node in strings(path) if FRENCH.search(node.value)]
    assert not french, f"French text (its place is the catalogue): {french}"


@pytest.mark.parametrize("path", MODULES, ids=ids(MODULES))
def test_every_message_names_its_template_as_a_literal(path: Path) -> None:
    for node in calls(parsed(path)):
        if called(node) == "message":
            template = node.args[0] if node.args else None
            where = f"line {node.lineno}: message() takes a literal template (make messages)"
            assert isinstance(template, ast.Constant), where
            assert isinstance(template.value, str), where


@pytest.mark.parametrize(
    "text",
    [
        "l'entrée 3 n'est pas en jeu",
        "le tournoi est terminé",
        "statut « éliminé(e) »",
        "un champ inconnu : 'x'",
        "le serveur garde au moins 1 sauvegarde ; pas 0",
    ],
)
def test_french_is_recognised(text: str) -> None:
    assert FRENCH.search(text)


@pytest.mark.parametrize(
    "text",
    [
        "entry 3 is not playing (busted)",
        "the tournament doesn't exist: create one",
        "unknown rulebook 'X'; the books are TDA, LFP",
        "{where}: {error}",
        "%(count)s players",
    ],
)
def test_english_is_not_taken_for_french(text: str) -> None:
    assert not FRENCH.search(text)


def test_a_message_renders_in_english_and_in_french() -> None:
    said = message("the {book} has no article {number}", book="TDA", number="99Z")
    assert (str(said), render(said, "en")) == ("the TDA has no article 99Z",) * 2
    assert render(said, "fr") == "le livre TDA n'a pas d'article 99Z"
