"""Every refusal of the engine is a catalogued sentence (``pokertd.messages``): the rule that
refused, the player by his number in the hand (the live table names his seat and his name) and
the facts as fields, rendered in the reader's language; the hand unchanged."""

from __future__ import annotations

import pytest

from pokertd import Hand, rules
from pokertd.errors import IllegalActionError
from pokertd.present.i18n import error_text


def create(game: str, stacks: list[int]) -> Hand:
    profile = rules.load("tda-2017")
    return Hand.create(game=game, profile=profile, seed=5, blinds=(50, 100), stacks=stacks)


def refused(hand: Hand, player: int, kind: str, to: int | None = None) -> IllegalActionError:
    before = (hand.stacks, hand.bets, hand.to_act, hand.events)
    with pytest.raises(IllegalActionError) as raised:
        hand.act(player, kind, to=to)
    assert (hand.stacks, hand.bets, hand.to_act, hand.events) == before
    assert raised.value.message.values["player"] == player + 1  # a field, not a text
    return raised.value


def test_bet_pl_pot_size_refusal_in_french() -> None:
    hand = create("plo", [10_000] * 3)
    hand.act(2, "call")
    hand.act(0, "call")
    hand.act(1, "check")
    error = refused(hand, 0, "bet", 301)
    assert error.rule == "BET-PL-POT-SIZE"
    assert error_text(error, "fr") == (
        "le joueur 1 : « miser à 301 » dépasse le maximum de 300 (la taille du pot) "
        "(BET-PL-POT-SIZE)"
    )
    assert str(error) == (
        "player 1: bet to 301 is above the maximum 300 (the size of the pot) (BET-PL-POT-SIZE)"
    )


def test_bet_raise_cap_refusal_in_french() -> None:
    hand = create("flhe", [10_000] * 4)
    hand.act(2, "raise", to=200)
    hand.act(3, "raise", to=300)
    hand.act(0, "raise", to=400)
    error = refused(hand, 1, "raise", 500)
    assert error.rule == "BET-RAISE-CAP"
    assert error_text(error, "fr").startswith("le joueur 2 : « relancer à 500 » : le plafond de ")
    assert error_text(error, "fr").endswith(" mises et relances est atteint (BET-RAISE-CAP)")


def test_engine_limit_size_refusal_in_french() -> None:
    hand = create("flhe", [10_000] * 3)
    error = refused(hand, 2, "raise", 250)
    assert error.rule == "ENGINE-LIMIT-SIZE"
    assert error_text(error, "fr") == (
        "le joueur 3 : « relancer à 250 » dépasse le maximum de 200 (une mise de la limite) "
        "(ENGINE-LIMIT-SIZE)"
    )


def test_bet_reopen_refusal_in_french() -> None:
    """TDA 48: a short all-in (150 over a bet of 100, a raise of 50) does not reopen the betting
    for the player who had acted."""
    hand = create("nlhe", [10_000, 10_000, 10_000, 150])
    hand.act(2, "call")
    hand.act(3, "all-in")
    hand.act(0, "call")
    hand.act(1, "call")
    error = refused(hand, 2, "raise", 400)
    assert error.rule == "BET-REOPEN"
    assert error_text(error, "fr") == (
        "le joueur 3 : « relancer à 400 » : aucune relance complète n'a rouvert les enchères "
        "depuis qu'il a parlé (BET-REOPEN)"
    )


def test_bet_oot_refusal_in_french() -> None:
    hand = create("nlhe", [10_000] * 3)
    error = refused(hand, 0, "call")
    assert error.rule == "BET-OOT"
    assert (
        error_text(error, "fr") == "ce n'est pas au joueur 1 de parler, mais au joueur 3 (BET-OOT)"
    )


def test_bet_incorrect_declaration_refusals_in_french() -> None:
    hand = create("nlhe", [10_000] * 3)
    error = refused(hand, 2, "check")
    assert error.rule == "BET-INCORRECT-DECLARATION"
    assert error_text(error, "fr") == (
        "le joueur 3 : parole face à une mise de 100 ; suivre ou passer (BET-INCORRECT-DECLARATION)"
    )


def test_engine_state_refusal_in_french() -> None:
    hand = create("nlhe", [10_000] * 3)
    with pytest.raises(IllegalActionError) as raised:
        hand.show(2)
    assert raised.value.rule == "ENGINE-STATE"
    assert error_text(raised.value, "fr") == (
        "le joueur 3 : les cartes se montrent une fois les enchères terminées (ENGINE-STATE)"
    )
