"""``ruling_text``: the one text layout of every ``pokertd floor`` subcommand, in English and
French, for each shape a ruling takes."""

from __future__ import annotations

from pokertd.cards import parse_cards
from pokertd.cli.floor_common import ruling_text
from pokertd.engine import ActionKind
from pokertd.floor.rulings import Decision, Ruling, Step, StepKind, phrase

FOLD, CALL, RAISE = Decision(ActionKind.FOLD), Decision(ActionKind.CALL), ActionKind.RAISE
#: An outcome and its text in English and French: the explanation of the rulings below.
WHY = "tap-check"
WHY_EN, WHY_FR = "Tapping the table is a check.", "Taper sur la table vaut parole (check)."


def test_the_order_of_the_parts() -> None:
    """Situation, ruling, rule, steps, details, bets, why, extras."""
    ruling = Ruling(
        "DEAL-FOUR-CARD-FLOP",
        ("TDA 39", "TDA 36"),
        WHY,
        decision=Decision(RAISE, 600),
        steps=(
            Step(StepKind.BURN, tuple(c for c in parse_cards("As") if c), phrase("turns-burn")),
        ),
        details={"player": 2, "is_live": True, "left": None, "bets": [], "layout": {"x": 1}},
    )
    assert ruling_text(ruling, "en", situation="p3 (flop, facing 300)", extra={"seed": 7}) == (
        "p3 (flop, facing 300)\n"
        "ruling: raise to 600\n"
        "rule: DEAL-FOUR-CARD-FLOP (TDA 39, TDA 36)\n"
        "step 1: Burn As (the turn's burn).\n"
        "player: p3, is_live: yes, left: -\n"
        f"{WHY_EN}\n"
        "seed 7"
    )
    assert ruling_text(ruling, "fr") == (
        "décision : relancer à 600\n"
        "règle : DEAL-FOUR-CARD-FLOP (TDA 39, TDA 36)\n"
        "étape 1 : Brûler As (la brûlure de la turn).\n"
        "player : p3, is_live : oui, left : -\n"
        f"{WHY_FR}"
    )


def test_choices_and_the_td() -> None:
    """The choices, the TD's choices, the TD alone, and a decision the TD may hold him to."""
    choices = (FOLD, CALL, Decision(RAISE, 600))
    mine = Ruling("BET-OOT", ("TDA 44A",), WHY, choices=choices)
    assert ruling_text(mine, "en").splitlines()[0] == "ruling: fold | call | raise to 600"
    assert ruling_text(mine, "fr").splitlines()[0] == (
        "décision : passer (fold) | suivre (call) | relancer à 600"
    )
    td = Ruling("BET-OOT", ("TDA 44B",), WHY, choices=choices[:2], td_decides=True)
    assert ruling_text(td, "en").splitlines()[0] == "ruling: the TD decides: fold | call"
    assert ruling_text(td, "fr").splitlines()[0] == (
        "décision : le directeur décide : passer (fold) | suivre (call)"
    )
    alone = Ruling("CLK-REQUEST", ("TDA 29",), WHY, td_decides=True)
    assert ruling_text(alone, "en").splitlines()[0] == "ruling: the TD decides"
    held = Ruling("BET-CONDITIONAL", ("TDA 1",), WHY,
                  decision=Decision(RAISE, 900), choices=choices[:2], td_decides=True)  # fmt: skip
    assert ruling_text(held, "en").splitlines()[0] == (
        "ruling: the TD decides: raise to 900 (or fold | call)"
    )


def test_no_ruling_line_and_the_bets() -> None:
    """An answer without an action has no ruling line; corrected bets get a line each."""
    bets = [{"player": 1, "was": 1000, "to": 1200}, {"player": 2, "was": 1000, "to": 1000}]
    ruling = Ruling("BET-UNDERRAISE-CORRECTION", ("TDA 43A",), WHY,
                    details={"corrected": True, "bets": bets})  # fmt: skip
    assert ruling_text(ruling, "en").splitlines() == [
        "rule: BET-UNDERRAISE-CORRECTION (TDA 43A)",
        "corrected: yes",
        "p2: 1000 -> 1200",
        "p3: 1000 -> 1000",
        WHY_EN,
    ]
    assert ruling_text(ruling, "fr").splitlines()[2] == "p2 : 1000 -> 1200"
