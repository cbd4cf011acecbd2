"""The draw games' refusals are ``message(...)`` facts with their French in the one catalogue
(tests/web/test_i18n.py checks that every message of engine/ and history/ has its French)."""

from __future__ import annotations

import pytest

from pokertd import Hand, IllegalActionError
from pokertd.present.i18n import render


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


def test_a_draw_outside_a_draw_is_refused_engine_state() -> None:
    hand = Hand.create(game="badugi", stacks=[100, 100], blinds=(1, 2), button=0, seed=3)
    hand.act(0, "call")
    hand.act(1, "check")
    hand.draw(1, ())
    hand.draw(0, ())  # nobody drew: the betting opens
    with pytest.raises(IllegalActionError) as caught:
        hand.draw(1, ())
    assert caught.value.rule == "ENGINE-STATE"
    assert render(caught.value.message, "fr") == (
        "joueur 2 : pas de tirage maintenant (ENGINE-STATE)"
    )
