"""The error tree: English messages, French texts, and the tournament's errors all in French.

``str(error)`` stays the English message that tests and logs match on; ``error_text(error, "fr")``
is the French a club sees, rendered from the catalogue.
"""

from __future__ import annotations

import ast
import datetime
import random
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pokertd.errors import (
    ConflictError,
    IllegalActionError,
    NotFoundError,
    ParseError,
    PokertdError,
    ProfileError,
)
from pokertd.messages import message
from pokertd.present.i18n import LOCALE_DIR, error_text
from pokertd.tournament import commands
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.structure import Structure, template

TOURNAMENT = Path(__file__).parents[1] / "src" / "pokertd" / "tournament"
NOW = datetime.datetime(2026, 3, 6, 19, 0, tzinfo=datetime.UTC)

ERRORS = {cls.__name__ for cls in (PokertdError, ParseError, IllegalActionError, ProfileError,
                                   ConflictError, NotFoundError)}  # fmt: skip
#: The tournament's helpers that build an IllegalActionError from an English and a French text.
REFUSALS = {"refuse", "_refuse", "_refused", "_hfh_refused"}

#: Errors no user can meet from the command line or the web, so English only:
#: (module, function, error class).
INTERNAL = {
    # The service hands only timezone-aware times and the commands of commands.py.
    ("aggregate.py", "Tournament.handle", "ParseError"),
    # A clock state read back from the event file, never typed by anyone.
    ("clock.py", "ClockState.from_dict", "ParseError"),
    # The profile's hand_for_hand_seconds and day_end_stop_seconds, checked when it is loaded.
    ("clock.py", "hand_for_hand_hand_started", "ParseError"),
    ("clock.py", "_stop", "ParseError"),
    # The tournament always passes aware times and a structure it validated at creation.
    ("clock.py", "_aware", "ParseError"),
    ("clock.py", "_check", "ParseError"),
}


# -- the French text of an error ------------------------------------------------------------------


def test_str_is_the_english_message_and_the_edge_renders_the_french() -> None:
    error = NotFoundError(message("there is no entry {entry}", entry=99))
    assert str(error) == "there is no entry 99"
    assert error_text(error, "en") == "there is no entry 99"
    assert error_text(error, "fr") == "il n'y a pas d'entrée 99"


def test_a_plain_text_outside_the_catalogue_is_shown_as_it_is() -> None:
    error = ParseError("a stack is not {negative}")
    assert error_text(error, "fr") == error_text(error, "en") == "a stack is not {negative}"


@pytest.mark.parametrize("cls", [PokertdError, ParseError, ProfileError, ConflictError,
                                 NotFoundError])  # fmt: skip
def test_no_error_takes_its_french_inline(cls: type[PokertdError]) -> None:
    with pytest.raises(TypeError):
        cls("english", fr="français")  # type: ignore[call-arg]


def test_an_illegal_action_keeps_its_rule_and_action() -> None:
    error = IllegalActionError(
        "raise to 150 is below the minimum 200 (BET-MINRAISE)",
        rule="BET-MINRAISE",
        action="p2 raise to 150",
    )
    assert str(error) == "raise to 150 is below the minimum 200 (BET-MINRAISE)"
    assert (error.rule, error.action) == ("BET-MINRAISE", "p2 raise to 150")
    assert isinstance(error, ValueError)
    plain = IllegalActionError("no (X-Y)", rule="X-Y")
    assert (plain.action, error_text(plain, "fr")) == ("", "no (X-Y)")


# -- the tournament's errors ----------------------------------------------------------------------


def _tournament(*names: str) -> Tournament:
    tournament = Tournament()
    created = commands.CreateTournament("Lundi", template("turbo").to_dict())
    tournament.apply(tournament.handle(created, NOW, random.Random(1)))
    for name in names:
        tournament.apply(tournament.handle(commands.Register(name), NOW, random.Random(1)))
    return tournament


def test_a_refusal_ends_with_its_rule_id_in_both_languages() -> None:
    tournament = _tournament("Alice", "Bruno")
    tournament.apply(tournament.handle(commands.DrawSeats(), NOW, random.Random(1)))
    with pytest.raises(IllegalActionError) as caught:
        tournament.handle(commands.DrawSeats(), NOW, random.Random(1))
    error = caught.value
    assert str(error) == "the seats are already drawn (SEAT-DRAW)"
    assert error_text(error, "fr") == "le tirage des places est déjà fait (SEAT-DRAW)"
    assert error.rule == "SEAT-DRAW"


def test_an_unknown_entry_is_not_found_in_french() -> None:
    with pytest.raises(NotFoundError) as caught:
        _tournament("Alice").handle(commands.CheckIn(99), NOW, random.Random(1))
    assert str(caught.value) == "there is no entry 99"
    assert error_text(caught.value, "fr") == "il n'y a pas d'entrée 99"


def test_a_structure_error_inside_an_item_is_french_throughout() -> None:
    data = {"chips": [25], "starting_stack": 1000, "items": [{"type": "level", "big_blind": 50}]}
    with pytest.raises(ParseError) as caught:
        Structure.from_dict(data)
    assert str(caught.value) == "item 0 of the structure has no 'small_blind'"
    assert error_text(caught.value, "fr") == "l'élément 0 de la structure n'a pas de 'small_blind'"
    broken = {"chips": [25], "starting_stack": 1000,
              "items": [{"type": "level", "small_blind": 100, "big_blind": 50}]}  # fmt: skip
    with pytest.raises(ParseError) as caught:
        Structure.from_dict(broken)
    assert str(caught.value) == "item 0 of the structure: small blind 100 is above the big blind 50"
    assert error_text(caught.value, "fr") == (
        "l'élément 0 de la structure : la petite blinde 100 dépasse la grosse blinde 50"
    )


def _called(node: ast.expr) -> str | None:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _french_msgids() -> set[str]:
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "pokertd.po").open("rb") as po:
        return {m.id for m in read_po(po, locale="fr") if isinstance(m.id, str) and m.string}


FRENCH_MSGIDS = _french_msgids()


def _catalogued(call: ast.Call) -> bool:
    """Whether the error's message is a ``message("...")`` that the catalogue has in French (one
    for each branch of a conditional)."""
    first = call.args[0] if call.args else None
    return first is not None and _a_catalogued_message(first)


def _a_catalogued_message(node: ast.expr) -> bool:
    if isinstance(node, ast.IfExp):
        return _a_catalogued_message(node.body) and _a_catalogued_message(node.orelse)
    if not (isinstance(node, ast.Call) and _called(node) == "message" and node.args):
        return False
    template = node.args[0]
    return isinstance(template, ast.Constant) and template.value in FRENCH_MSGIDS


def _without_french(path: Path) -> list[tuple[str, str, str, int]]:
    """Each error built or raised in ``path`` without a catalogued message: module, function,
    class, line."""
    found: list[tuple[str, str, str, int]] = []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                visit(child, f"{where}.{child.name}" if where else child.name)
                continue
            name, has_french = None, False
            if isinstance(child, ast.Call):
                name = _called(child)
                has_french = _catalogued(child)
            elif isinstance(child, ast.Raise) and isinstance(child.exc, ast.Name):
                name = child.exc.id  # a bare class: no message at all
            if name in ERRORS | REFUSALS and not has_french:
                assert isinstance(child, ast.Call | ast.Raise)
                found.append((path.name, where, str(name), child.lineno))
            visit(child, where)

    visit(ast.parse(path.read_text("utf-8")), "")
    return found


def test_every_tournament_error_a_user_can_meet_has_its_french() -> None:
    """Each error the tournament raises is written as a ``message`` the catalogue translates,
    except the few internal ones of ``INTERNAL``; a new raise without French fails here."""
    found = [site for path in sorted(TOURNAMENT.glob("*.py")) for site in _without_french(path)]
    missing = [site for site in found if site[:3] not in INTERNAL]
    assert missing == [], "write these errors as message(...) with their French in the catalogue"
    assert {site[:3] for site in found} == INTERNAL, "INTERNAL lists errors that are gone"


def test_the_structural_check_sees_a_raise_without_french(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        "def f():\n"
        "    raise ParseError('x')\n"
        "def g():\n"
        "    raise _refuse(message('there is no entry {entry}', entry=1))\n"
        "class C:\n"
        "    def h(self):\n"
        "        raise refuse('w')\n"
        "def i():\n"
        "    raise ParseError(message('unknown tournament event {kind!r}', kind=1))\n"
        "def j():\n"
        "    raise ParseError(message('not in the catalogue {x}', x=1))\n"
        "def k(x):\n"
        "    raise ParseError(message('the bonus') if x else message('the prize'))\n"
        "def m(x):\n"
        "    raise ParseError(message('the bonus') if x else message('not in the catalogue'))\n",
        "utf-8",
    )
    assert _without_french(source) == [
        ("sample.py", "f", "ParseError", 2),
        ("sample.py", "C.h", "refuse", 7),
        ("sample.py", "j", "ParseError", 11),
        ("sample.py", "m", "ParseError", 15),
    ]
