"""The floor's texts (``pokertd.present.floor``): every text a ruling, a step, a form or a floor
error can say is in the one catalogue with its French, the French has the fields of the English,
and every key the floor writes has a text."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.pofile import read_po

from pokertd.cards import parse_cards
from pokertd.engine import ActionKind
from pokertd.floor.board import BoardError
from pokertd.floor.clock import CALLERS
from pokertd.floor.corrections import Noticed
from pokertd.floor.irregularities import Situation
from pokertd.floor.rulings import Decision, Ruling, Step, StepKind, phrase
from pokertd.floor.stud import STREETS
from pokertd.present.floor import describe, explanation, ruling_dict, step_code, step_text
from pokertd.present.floor.choices import CHOICE_LABELS, choice_label
from pokertd.present.floor.render import TEXTS, template
from pokertd.present.i18n import LOCALE_DIR
from pokertd.rules import AbsentCheckMoment, ClockCaller, SubstantialAction

SRC = Path(__file__).parents[2] / "src" / "pokertd"
#: babel.cfg's keywords for the floor (``make messages``).
KEYWORDS = parse_keywords(["message", "O_:2c,3", "P_:1c,2", "_field:1c,3", "_kind:1c,2",
                           "_choice:1c,2"])  # fmt: skip
#: French that says a field of the English otherwise, on purpose: the French explanation of a
#: misdeal does not repeat the replay's steps, a premature stud card does not name the street of
#: the betting round nor a short deck the street to deal, and a hand's refused action names the
#: rule.
BREAKS = "action {index} {action!r} of the hand breaks a rule: {error}"
DROPPED = {
    "misdeal-redeal": {"replay"},
    "down-exposed-misdeal": {"replay"},
    "premature-card": {"current"},
    "deck-deal": {"street"},
    "deck-new-stub": {"street"},
    BREAKS: {"error"},
}
ADDED = {BREAKS: {"rule"}}
#: Steps that never have cards: their sentence does not name any.
CARDLESS = (StepKind.REDEAL, StepKind.RETURN_BETS)


def catalogue() -> dict[tuple[str | None, str], str]:
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "pokertd.po").open("rb") as po:
        found = read_po(po, locale="fr")
    return {(entry.context, entry.id): entry.string for entry in found if entry.id}


def floor_messages() -> set[tuple[str | None, str]]:
    """Return every (context, msgid) marked in the floor, its texts and forms, and its commands."""
    found: set[tuple[str | None, str]] = set()
    folders = [
        (SRC / "floor", "*.py"),
        (SRC / "present" / "floor", "*.py"),
        (SRC / "cli", "floor*"),
    ]
    for folder, pattern in folders:
        for _, _, text, _, context in extract_from_dir(
            str(folder), [(pattern, "python")], keywords=KEYWORDS
        ):
            found.add((context, text if isinstance(text, str) else text[0]))
    return found


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_floor_text_has_its_french() -> None:
    french = catalogue()
    marked = floor_messages()
    assert len(marked) > 700
    missing = sorted((key for key in marked if not french.get(key)), key=str)
    assert not missing, f"{len(missing)} text(s) without French (run make messages): {missing[:5]}"


def test_the_french_has_the_fields_of_the_english() -> None:
    french = catalogue()
    for context, msgid in floor_messages():
        english, translated = fields(msgid), fields(french[context, msgid])
        key = context or msgid
        assert english - translated <= DROPPED.get(key, set()), (context, msgid)
        assert translated - english <= ADDED.get(key, set()), (context, msgid)


def test_every_text_key_is_marked() -> None:
    marked = floor_messages()
    assert {(key, text) for key, text in TEXTS.items()} <= marked


@pytest.mark.parametrize(
    "keys",
    [
        [f"clock-callers-{rule.value}" for rule in ClockCaller],
        [f"caller-{caller}" for caller in CALLERS],
        [f"seated-{moment.value}" for moment in AbsentCheckMoment],
        [f"sa-{rule.value}" for rule in SubstantialAction],
        [f"noticed-{noticed.value}" for noticed in Noticed],
        [f"situation-{situation.value}" for situation in Situation],
        [f"street-{street}" for street in STREETS],
        [f"step-{kind.value}{alone}" for kind in StepKind for alone in ("", "-alone")],
        [f"do-{kind}" for kind in ("fold", "check", "call", "bet", "raise", "all-in")],
        [f"named-{kind}" for kind in ("fold", "check", "call", "bet", "raise", "all-in")],
        [f"replay-{book}" for book in ("tda", "lfp", "gen", "gm", "stud")],
        ["applied-next-hand", "applied-after-hand", "kind-bet", "kind-raise"],
        [f"{street}-without-burn" for street in ("turn", "river")],
        [f"deck-{procedure}" for procedure in ("deal", "new-stub", "common-card")],
    ],
)
def test_keys_made_from_values_have_texts(keys: list[str]) -> None:
    """Keys the floor builds from a value (an enum member, a street) all have a text."""
    for key in keys:
        assert template(key, "en")
        assert template(key, "fr") != template(key, "en") or key in ("step-kill-hand",)


def test_every_choice_is_named_in_both_languages() -> None:
    errors = {error.value for error in BoardError} | {situation.value for situation in Situation}
    assert errors <= set(CHOICE_LABELS)
    assert choice_label("boxed-cards", "fr") == "Cartes retournées dans le paquet"
    assert choice_label("unnamed") == "unnamed"


@pytest.mark.parametrize("kind", list(StepKind))
def test_every_step_reads_as_a_sentence(kind: StepKind) -> None:
    """The steps of "À faire" are sentences in the user's language, with or without cards."""
    cards = tuple(card for card in parse_cards("Kd") if card is not None)
    with_cards = Step(kind, cards, phrase("turns-burn"))
    alone = Step(kind)
    for step in (with_cards, alone):
        english, french = step_text(step, "en"), step_text(step, "fr")
        assert english[:1].isupper()
        assert english.endswith(".")
        assert french[:1].isupper()
        assert french.endswith(".")
        assert english != french
        assert english != step_code(step)
    assert ("Kd" in step_text(with_cards, "fr")) is (kind not in CARDLESS)
    assert step_code(with_cards) == f"{kind.value} Kd (the turn's burn)"


def test_steps_in_both_languages() -> None:
    cards = tuple(card for card in parse_cards("2h") if card is not None)
    burn = Step(StepKind.BURN, cards, phrase("turns-burn"))
    assert step_text(burn) == "Burn 2h (the turn's burn)."
    assert step_text(burn, "fr") == "Brûler 2h (la brûlure de la turn)."
    go_on = Step(StepKind.CONTINUE, note=phrase("turn-no-new-burn"))
    assert step_text(go_on) == "Deal the turn without another burn: its burn is set."
    assert step_text(go_on, "fr") == "Donner la turn sans autre brûlure : sa brûlure est en place."


def test_decisions_as_a_floor_person_says_them() -> None:
    assert describe(Decision(ActionKind.CALL, 1100)) == "call 1100"
    assert describe(Decision(ActionKind.CALL, 1100), "fr") == "suivre à 1100 (call)"
    assert describe(Decision(ActionKind.ALL_IN, 900), "fr") == "tapis à 900"
    assert describe(Decision(ActionKind.SHOW)) == "show"


def test_a_ruling_as_json() -> None:
    """DESIGN.md, "Floor CLI": the keys of ``pokertd floor ... --json``."""
    ruling = Ruling(
        "BET-TAP", ("TDA 55",), "tap-check", decision=Decision(ActionKind.CHECK),
        lead=(phrase("tapped", player=3),),
    )  # fmt: skip
    assert ruling_dict(ruling, "fr") == {
        "action": "check",
        "to": None,
        "choices": [],
        "steps": [],
        "td_decides": False,
        "rule": "BET-TAP",
        "articles": ["TDA 55"],
        "explanation": "Le joueur 3 tape sur la table. Taper sur la table vaut parole (check).",
        "explanation_fr": "Le joueur 3 tape sur la table. Taper sur la table vaut parole (check).",
        "explanation_en": "Player 3 tapped the table. Tapping the table is a check.",
    }
    assert explanation(ruling.noted(phrase("oot-may-be-penalised"))).endswith(
        "check. Acting out of turn may be penalised."
    )
