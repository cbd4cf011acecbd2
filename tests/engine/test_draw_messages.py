"""The sentences the draw games and the PHH reader say to people are ``message(...)`` facts with
their French in the one catalogue (helper-i18n: English msgids, ``pokertd.present.i18n``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from pokertd import Hand, IllegalActionError
from pokertd.present.i18n import LOCALE_DIR, render

SRC = Path(__file__).resolve().parents[2] / "src" / "pokertd"


def templates(package: str) -> set[str]:
    """Return the templates of every ``message("...")`` in a package's code."""
    found = set()
    for _file, _line, text, _comments, _context in extract_from_dir(
        str(SRC / package), [("**.py", "python")], keywords={"message": None}
    ):
        found.add(text if isinstance(text, str) else text[0])
    return found


@pytest.mark.parametrize("package", ["engine", "history"])
def test_every_message_has_its_french(package: str) -> None:
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "pokertd.po").open("rb") as po:
        catalogue = read_po(po, locale="fr")
    translated = {m.id for m in catalogue if m.id and m.string}
    found = templates(package)
    assert found, f"no message() in {package}"
    missing = sorted(found - translated)
    assert not missing, f"{len(missing)} message(s) without French: {missing}"


def test_a_draw_out_of_turn_is_refused_in_english_and_french_draw_order() -> None:
    hand = Hand.create(game="fl27td", stacks=[100, 100, 100], blinds=(1, 2), button=2, seed=3)
    hand.act(2, "call")
    hand.act(0, "call")
    hand.act(1, "check")
    with pytest.raises(IllegalActionError) as caught:
        hand.draw(2, ())
    assert caught.value.rule == "DRAW-ORDER"
    assert str(caught.value) == "player 3 is not to draw; player 1 is (DRAW-ORDER)"
    assert render(caught.value.message, "fr") == (
        "ce n'est pas au joueur 3 de tirer mais au joueur 1 (DRAW-ORDER)"
    )
    assert hand.to_act == 0  # the hand is unchanged


def test_the_phase_is_a_term_of_the_catalogue() -> None:
    hand = Hand.create(game="badugi", stacks=[100, 100], blinds=(1, 2), button=0, seed=3)
    hand.act(0, "call")
    hand.act(1, "check")
    hand.draw(1, ())
    hand.draw(0, ())  # nobody drew: the betting opens
    with pytest.raises(IllegalActionError) as caught:
        hand.draw(1, ())
    assert caught.value.rule == "ENGINE-STATE"
    assert render(caught.value.message, "fr") == (
        "joueur 2 : pas de tirage maintenant : le coup en est à la phase enchères"
    )
