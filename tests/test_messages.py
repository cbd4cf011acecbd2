"""The code writes no French: a sentence for people is a ``message("english {field}", ...)``
(below ``present``) or a ``words("english {field}", ...)`` (the CLI and ``present``) whose French
is in the one catalogue (``pokertd.present.locale``), never an inline ``fr=`` nor an English and
French pair.

Checked over the AST of every package above ``messages``: no call passes ``fr=``, no
string literal outside a docstring reads as French, ``words`` takes one template (no French
beside it), every ``message(...)``/``words(...)`` call with fields names its template as a string
literal, none sits inside an f-string (``make messages`` cannot see it there), and every
template written in the code has its French in the catalogue (babel misses some nested calls).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pokertd.messages import message
from pokertd.present.i18n import LOCALE_DIR, render

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "pokertd"

#: The packages whose text for people is all messages (or, in cli and present, words).
CONVERTED = (
    "rules",
    "floor",
    "sim",
    "store",
    "service",
    "league",
    "tournament",
    "table",
    "present",
    "cli",
    "web",
)

#: Modules that read the French people type (a dealer's "relance 8000"): their French words are
#: the vocabulary they parse, data rather than sentences for people.
FRENCH_VOCABULARY = frozenset({"floor/words.py"})

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
#: and quotes, the French a director may type (column names of a results file or a player
#: list, formula kinds), the columns of the French CSV exports (which an import reads back) and
#: the French names of the demo's players. Module-level constants by name, and literals.
DATA_CONSTANTS = {
    "cli/demo.py": {"NAMES"},
    "league/points.py": {"_ALIASES"},
    "league/results.py": {"COLUMNS"},
    "present/league_exports.py": {"_STANDINGS", "_EVENT"},
    "rules/articles.py": {"BOOKS", "_TDA_ADD", "_TDA_TITLES", "_GEN_HEADINGS", "BAN_SECTIONS"},
    "service/demo.py": {"PLAYERS"},
    "web/pages/console_money.py": {"_NAME_COLUMNS", "_CONTACT_COLUMNS", "_FIRST_NAME_COLUMNS"},
}
DATA_LITERALS = {
    "Capture d’écran",  # a line of the Bannalec rulebook's text
    'Player away from the table ("levé de table")',  # a rule's title quotes the LFP's words
    r"#?(\d+)\s*(?:er|re|ère|e|ème|st|nd|rd|th)?",  # the places of a results file: 1er, 2e
}


def modules() -> Iterator[Path]:
    for package in CONVERTED:
        yield from sorted((PACKAGE / package).rglob("*.py"))


MODULES = list(modules())
SENTENCES = [path for path in MODULES if str(path.relative_to(PACKAGE)) not in FRENCH_VOCABULARY]


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


#: The calls whose first argument is a sentence of the catalogue (babel keywords).
KEYWORDS = frozenset({"message", "words", "ngettext", "_", "gettext"})


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


@pytest.mark.parametrize("path", SENTENCES, ids=ids(SENTENCES))
def test_no_string_is_french(path: Path) -> None:
    french = [(node.lineno, node.value) for node in strings(path) if FRENCH.search(node.value)]
    assert not french, f"French text (its place is the catalogue): {french}"


@pytest.mark.parametrize("path", MODULES, ids=ids(MODULES))
def test_every_message_names_its_template_as_a_literal(path: Path) -> None:
    for node in calls(parsed(path)):
        if called(node) == "message" or (called(node) == "words" and node.keywords):
            template = node.args[0] if node.args else None
            where = f"line {node.lineno}: {called(node)}() takes a literal template (make messages)"
            assert isinstance(template, ast.Constant), where
            assert isinstance(template.value, str), where


@pytest.mark.parametrize("path", MODULES, ids=ids(MODULES))
def test_words_take_one_template_and_no_french_beside_it(path: Path) -> None:
    pairs = [
        node.lineno
        for node in calls(parsed(path))
        if called(node) == "words" and len(node.args) > 1
    ]
    assert not pairs, f"words(english, french) at lines {pairs}: write words(template, **values)"


@pytest.mark.parametrize("path", MODULES, ids=ids(MODULES))
def test_no_sentence_is_written_inside_an_f_string(path: Path) -> None:
    hidden = [
        node.lineno
        for fstring in ast.walk(parsed(path))
        if isinstance(fstring, ast.JoinedStr)
        for node in calls(fstring)
        if called(node) in KEYWORDS
    ]
    assert not hidden, f"lines {hidden}: make messages cannot extract a call inside an f-string"


def templates() -> Iterator[tuple[str, int, str]]:
    """Yield (module, line, template) for every literal template of the converted modules."""
    for path in MODULES:
        for node in calls(parsed(path)):
            first = node.args[0] if node.args else None
            literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
            if called(node) in KEYWORDS and literal:
                yield str(path.relative_to(PACKAGE)), node.lineno, first.value


def test_every_template_written_in_the_code_has_its_french() -> None:
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "pokertd.po").open("rb") as po:
        catalogue = read_po(po, locale="fr")
    french = {
        entry.id if isinstance(entry.id, str) else entry.id[0]
        for entry in catalogue
        if entry.id and (all(entry.string) if isinstance(entry.string, tuple) else entry.string)
    }
    missing = [found for found in templates() if found[2] not in french]
    assert not missing, f"{len(missing)} template(s) without French (make messages): {missing[:10]}"


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
