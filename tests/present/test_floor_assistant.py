"""The floor assistant (``pokertd.present.floor.assistant``): situation kinds described as data,
rulings from a form's strings, and the French articles quoted with them."""

from __future__ import annotations

import pytest

from pokertd import rules
from pokertd.errors import IllegalActionError, ParseError
from pokertd.present.floor import explanation
from pokertd.present.floor.assistant import HAND_FIELDS, KINDS, AssistantRuling, kinds, rule
from pokertd.present.i18n import render
from pokertd.rules import catalogue

#: The hand fields of a stud hand: antes, a bring-in and the small and big bets, no blinds.
STUD = {"game": "stud", "ante": "5", "bring_in": "10", "bets": "20/40"}

#: A form filled in for each kind, as a page posts it.
SAMPLES: dict[str, dict[str, str]] = {
    "chips": {"actions": "p3 cbr 1100", "chips": "1000,500"},
    "words": {"actions": "p3 cbr 300", "say": "raise 8000"},
    "out-of-turn": {"actions": "p3 cbr 300", "actor": "p5", "action": "raise 800"},
    "conditional": {"action": "raise 900", "met": "true"},
    "substantial-action": {"actions": "p3 cbr 300\np4 cc"},
    "misdeal": {"situation": "two-cards-exposed"},
    "board-error": {"error": "four-card-flop", "cards": "AsKd7c2h"},
    "clock-call": {"caller": "player-in-hand", "waited": "120"},
    "clock-expired": {"actions": "p3 cbr 300"},
    "penalty": {"players": "7", "rounds": "2"},
    "exposed-cards": {},
    "right-to-see": {
        "players": "4",
        "bettor": "3",
        "callers": "1,2,4",
        "tabled": "2",
        "mucked": "4",
        "pushed": "3",
        "requester": "1",
        "target": "3",
    },
    "cards-speak": {"deliberate": "yes"},
    "stud-premature": {**STUD, "cards": "7h", "player": "p2"},
    "stud-dealing": {**STUD, "error": "down-card-exposed", "player": "p2"},
    "stud-first-to-act": {**STUD, "claimed": "p1"},
    "stud-absent": {**STUD, "player": "p2"},
    "stud-fold": {**STUD, "player": "p2", "next_acted": "true"},
    "stud-deck-short": {**STUD, "players": "8"},
}


def test_every_kind_has_a_sample() -> None:
    assert set(SAMPLES) == set(KINDS)


@pytest.mark.parametrize("kind", list(KINDS.values()), ids=list(KINDS))
def test_kinds_are_described_as_data(kind: object) -> None:
    from pokertd.present.floor.assistant import Kind

    assert isinstance(kind, Kind)
    assert kind.label("en")
    assert kind.label("fr")
    assert kind.rules
    assert all(catalogue.is_known(rule_id) for rule_id in kind.rules)
    names = [field.name for field in kind.fields]
    assert len(names) == len(set(names))
    for field in kind.fields:
        assert field.label_en
        assert field.label("fr")
        assert field.type in ("text", "lines", "int", "bool", "choice")
        assert bool(field.choices) == (field.type == "choice")
        assert not field.default or field.type != "choice" or field.default in field.choices
    assert (kind.fields[-len(HAND_FIELDS) :] == HAND_FIELDS) == kind.needs_hand
    shape = kind.to_dict("fr")
    assert shape["id"] == kind.id
    assert shape["fields"][0]["label"] == kind.fields[0].label("fr") if kind.fields else True


def test_kinds_by_rule() -> None:
    assert [kind.id for kind in kinds("BET-MULTI-CHIP")] == ["chips"]
    assert [kind.id for kind in kinds("CLK-EXPIRY")] == ["clock-expired"]
    assert len(kinds()) == len(KINDS)


@pytest.mark.parametrize("profile_id", rules.PROFILE_IDS)
@pytest.mark.parametrize("kind", list(SAMPLES))
def test_every_kind_rules_and_quotes_every_article(profile_id: str, kind: str) -> None:
    answer = rule(profile_id, kind, SAMPLES[kind])
    assert catalogue.is_known(answer.ruling.rule)
    assert answer.ruling.articles
    assert answer.unquoted == ()
    assert answer.quotes
    assert all(found.text or found.heading for found in answer.quotes)
    shape = answer.to_dict("fr")
    assert shape["explanation"] == explanation(answer.ruling, "fr")
    assert [q["article"] for q in shape["quotes"]] == [str(q) for q in answer.quotes]


def test_bet_multi_chip_is_a_call_with_tda_50a_quoted() -> None:
    answer = rule("tda-2017", "chips", {"actions": "p3 cbr 1100", "chips": "1000,500"})
    assert answer.ruling.rule == "BET-MULTI-CHIP"
    assert str(answer.ruling.decision) == "call 1100"
    assert answer.player == 3
    (found,) = answer.quotes
    assert str(found) == "TDA 50A"
    assert found.text.startswith("Faisant face à une mise, à moins qu'une relance")


def test_bet_multi_chip_words_and_phh_codes_build_the_same_hand() -> None:
    coded = rule("tda-2017", "chips", {"actions": "p3 cbr 1100", "chips": "1000,500"})
    worded = rule("tda-2017", "chips", {"actions": "p3 raise 1100", "chips": "1000,500"})
    assert coded.ruling == worded.ruling


def test_bet_multi_chip_from_phh_text() -> None:
    phh = "\n".join(
        [
            'variant = "NT"',
            "antes = [0, 0, 0, 0]",
            "blinds_or_straddles = [250, 500, 0, 0]",
            "min_bet = 500",
            "starting_stacks = [20000, 20000, 20000, 20000]",
            'actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????",'
            ' "p3 cbr 1100"]',
        ]
    )
    answer = rule("tda-2017", "chips", {"phh": phh, "chips": "1000,500"})
    assert answer.player == 3
    assert answer.ruling.rule == "BET-MULTI-CHIP"
    assert str(answer.ruling.decision) == "call 1100"


def test_bet_verbal_total_and_bet_tap() -> None:
    said = rule("tda-2017", "words", {"actions": "p3 cbr 300", "say": "relance 8000"})
    assert said.ruling.rule == "BET-VERBAL-TOTAL"
    assert str(said.ruling.decision) == "raise 8000"
    tapped = rule("tda-2017", "words", {"tap": "on", "actions": "p3 cc; p4 cc; p5 cc; p6 cc"})
    assert tapped.ruling.rule == "BET-TAP"


def test_bet_oot_quotes_tda_44a() -> None:
    answer = rule("tda-2017", "out-of-turn", SAMPLES["out-of-turn"])
    assert answer.ruling.rule == "BET-OOT"
    assert [str(q) for q in answer.quotes] == ["TDA 44A"]
    assert answer.quotes[0].heading == "Action Hors de son Tour de Parole (OOT)"


def test_bet_oot_skipped_player_acts() -> None:
    inputs = {**SAMPLES["out-of-turn"], "skipped_acts": "call"}
    answer = rule("tda-2017", "out-of-turn", inputs)
    assert answer.ruling.rule == "BET-OOT"


def test_deal_misdeal_conditions_gm_27() -> None:
    answer = rule("gran-madrid", "misdeal", SAMPLES["misdeal"])
    assert answer.ruling.rule == "DEAL-MISDEAL-CONDITIONS"
    assert answer.quotes[0].heading == "Erreurs de distribution"


def test_deal_four_card_flop_lfp_2_20() -> None:
    answer = rule("lfp", "board-error", SAMPLES["board-error"])
    assert answer.ruling.rule == "DEAL-FOUR-CARD-FLOP"
    assert [str(q) for q in answer.quotes] == ["LFP 2.20"]
    assert answer.quotes[0].heading == "LE FLOP A QUATRE CARTES"


def test_deal_premature_turn_tda_pr_5b() -> None:
    inputs = {"error": "premature-turn", "board": "AsKd7c", "cards": "Td"}
    answer = rule("tda-2017", "board-error", inputs)
    assert answer.ruling.rule == "DEAL-PREMATURE-TURN"
    assert answer.quotes[0].text.startswith("Une carte du Turn prématurée est mise sur le coté")


def test_clk_request_bannalec_time() -> None:
    answer = rule("bannalec", "clock-call", {"caller": "player-in-hand"})
    assert answer.ruling.rule == "CLK-REQUEST"
    assert answer.quotes[0].text.startswith("Si un joueur prend trop de temps pour jouer")


def test_clk_expiry_facing_a_bet_is_a_fold() -> None:
    answer = rule("tda-2017", "clock-expired", SAMPLES["clock-expired"])
    assert answer.ruling.rule == "CLK-EXPIRY"
    assert str(answer.ruling.decision) == "fold"


def test_pen_missed_hands_and_pen_ladder() -> None:
    hands = rule("tda-2017", "penalty", SAMPLES["penalty"])
    assert hands.ruling.rule == "PEN-MISSED-HANDS"
    ladder = rule("lfp", "penalty", {"players": "7", "faults": "2"})
    assert ladder.ruling.rule == "PEN-LADDER"
    assert ladder.quotes[0].heading == "LA HIERARCHIE DES SANCTIONS"


def test_show_right_to_see_ex_50() -> None:
    answer = rule("tda-2017", "right-to-see", SAMPLES["right-to-see"])
    assert answer.ruling.rule == "SHOW-RIGHT-TO-SEE"
    assert [str(q) for q in answer.quotes] == ["TDA 18A", "TDA 18B"]


def test_show_cards_speak_and_pen_timing() -> None:
    assert rule("generic", "cards-speak", {}).ruling.rule == "SHOW-CARDS-SPEAK"
    assert rule("lfp", "exposed-cards", {"final_heads_up": "off"}).ruling.rule == "PEN-TIMING"


STUD_PHH = "\n".join(
    [
        'variant = "F7S"',
        "antes = [5, 5, 5]",
        "bring_in = 10",
        "small_bet = 20",
        "big_bet = 40",
        "starting_stacks = [1000, 1000, 1000]",
        'actions = ["d dh p1 AsKs9d", "d dh p2 QhQd2c", "d dh p3 3c4c2h"]',
    ]
)


def test_stud_bringin_tie_tda_pr_9c_from_phh() -> None:
    answer = rule("tda-2017", "stud-first-to-act", {"phh": STUD_PHH, "claimed": "p3"})
    assert answer.ruling.rule == "STUD-BRINGIN-TIE"
    assert answer.ruling.details == {"player": 1, "card": "2c"}
    assert [str(q) for q in answer.quotes] == ["TDA PR-9C"]
    assert answer.quotes[0].heading == "Procédures de Donne en Tournoi de Stud"


def test_stud_premature_tda_pr_5d_and_gen_1_14() -> None:
    tda = rule("lfp", "stud-premature", SAMPLES["stud-premature"])
    assert tda.ruling.rule == "STUD-PREMATURE"
    assert [str(q) for q in tda.quotes] == ["TDA PR-5D"]
    assert tda.quotes[0].text.startswith("Pour une carte prématurée en Stud")
    gen = rule("generic", "stud-premature", SAMPLES["stud-premature"])
    assert [str(q) for q in gen.quotes] == ["GEN 1.14"]


def test_stud_misdeal_tda_35a5_and_stud_fold_tda_66() -> None:
    exposed = rule("tda-2017", "stud-dealing", SAMPLES["stud-dealing"])
    assert exposed.ruling.rule == "STUD-MISDEAL"
    assert exposed.ruling.details["misdeal"] is True
    assert str(exposed.quotes[0]) == "TDA 35A5"
    fold = rule("tda-2017", "stud-fold", {**STUD, "phh": STUD_PHH, "player": "p3"})
    assert fold.ruling.rule == "STUD-FOLD"
    assert fold.quotes[0].heading == "Main Morte & Muckée en Stud"


def test_stud_hand_from_the_simple_fields_with_actions() -> None:
    # seed 0, three players: the bring-in is posted in PHH code, then words
    hand = rule("tda-2017", "stud-first-to-act", {**STUD, "players": "3"})
    bring_in = hand.ruling.details["player"]
    actions = f"p{bring_in + 1} pb; p{(bring_in + 1) % 3 + 1} call"
    answer = rule("tda-2017", "stud-fold", {**STUD, "players": "3", "actions": actions,
                                             "player": f"p{(bring_in + 2) % 3 + 1}"})  # fmt: skip
    assert str(answer.ruling.decision) == "fold"


def test_to_dict_shape() -> None:
    answer = rule("tda-2017", "chips", SAMPLES["chips"])
    assert isinstance(answer, AssistantRuling)
    shape = answer.to_dict()
    assert shape["kind"] == "chips"
    assert shape["profile"] == "tda-2017"
    assert shape["player"] == 3
    assert shape["rule"] == "BET-MULTI-CHIP"
    assert shape["quotes"][0]["book"] == "TDA"
    assert shape["unquoted"] == []


BAD: list[tuple[str, str, dict[str, str]]] = [
    ("nope", "chips", SAMPLES["chips"]),
    ("tda-2017", "nope", {}),
    ("tda-2017", "chips", {**SAMPLES["chips"], "colour": "red"}),
    ("tda-2017", "chips", {"actions": "p3 cbr 1100"}),
    ("tda-2017", "chips", {"chips": "1000,abc"}),
    ("tda-2017", "chips", {"chips": "500", "ante": "ten"}),
    ("tda-2017", "chips", {"chips": "500", "pulled_back": "maybe"}),
    ("tda-2017", "chips", {"chips": "500", "game": "poker"}),
    ("tda-2017", "chips", {"chips": "500", "blinds": "50"}),
    ("tda-2017", "chips", {"chips": "500", "stacks": "10000,x"}),
    ("tda-2017", "chips", {"chips": "500", "actions": "raise 300"}),
    ("tda-2017", "chips", {"chips": "500", "actions": "p9 cbr 300"}),
    ("tda-2017", "chips", {"chips": "500", "actions": "p3 cbr 150"}),
    ("tda-2017", "chips", {"chips": "500", "actions": "p3 jump"}),
    ("tda-2017", "chips", {"chips": "500", "phh": "variant = "}),
    ("tda-2017", "words", {}),
    ("tda-2017", "out-of-turn", {"actor": "p12", "action": "call"}),
    ("tda-2017", "board-error", {"error": "four-card-flop", "cards": "AsAs7c2h"}),
    ("tda-2017", "board-error", {"error": "four-card-flop", "cards": "XX"}),
    ("tda-2017", "right-to-see", {"players": "3", "requester": "1", "target": "7"}),
    (
        "tda-2017",
        "right-to-see",
        {"players": "3", "requester": "1", "target": "2", "tabled": "2", "mucked": "2"},
    ),
    ("tda-2017", "penalty", {"players": "7", "faults": "2", "hands": "3"}),
    ("tda-2017", "stud-first-to-act", {"game": "stud", "bring_in": "10"}),
    ("tda-2017", "stud-first-to-act", {**STUD, "players": "9"}),
    ("tda-2017", "stud-first-to-act", {**STUD, "bring_in": "30"}),
    ("tda-2017", "stud-first-to-act", {}),
    ("tda-2017", "stud-dealing", {**STUD, "error": "sideways"}),
    ("tda-2017", "stud-fold", {**STUD, "player": "p9"}),
]


@pytest.mark.parametrize(("profile_id", "kind", "inputs"), BAD)
def test_bad_input_is_a_parse_error_in_both_languages(
    profile_id: str, kind: str, inputs: dict[str, str]
) -> None:
    with pytest.raises(ParseError) as caught:
        rule(profile_id, kind, inputs)
    message = str(caught.value)
    assert message
    assert "\n" not in message
    assert render(caught.value.message, "fr") != message


def test_illegal_phh_hand_names_the_rule() -> None:
    phh = "\n".join(
        [
            'variant = "NT"',
            "antes = [0, 0, 0]",
            "blinds_or_straddles = [50, 100, 0]",
            "min_bet = 100",
            "starting_stacks = [10000, 10000, 10000]",
            'actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 150"]',
        ]
    )
    with pytest.raises(ParseError, match="BET-MINRAISE"):
        rule("tda-2017", "chips", {"phh": phh, "chips": "500"})


def test_clock_on_a_finished_hand_is_a_rule_error() -> None:
    with pytest.raises(IllegalActionError):
        rule("tda-2017", "clock-expired", {"actions": "p3 f; p4 f; p5 f; p6 f; p1 f"})


@pytest.mark.parametrize(
    ("kind", "inputs"),
    [
        ("right-to-see", {"players": "²", "requester": "p1", "target": "p2"}),
        ("right-to-see", {"players": "99999999999", "requester": "p1", "target": "p2"}),
        ("chips", {"chips": "1000", "stacks": "1000²", "blinds": "50/100"}),
        ("chips", {"chips": "1000", "players": "5000000", "stacks": "1000", "blinds": "50/100"}),
    ],
)
def test_form_numbers_are_plain_and_bounded(kind: str, inputs: dict[str, str]) -> None:
    # A public form: superscript digits and huge player counts are refused before any list of
    # players is built (they used to raise ValueError or MemoryError).
    with pytest.raises(ParseError):
        rule("tda-2017", kind, inputs)


def test_every_choice_has_an_english_and_a_french_name() -> None:
    fields = [*HAND_FIELDS, *(field for kind in KINDS.values() for field in kind.fields)]
    for field in fields:
        for lang in ("en", "fr"):
            labels = field.to_dict(lang)["choice_labels"]
            unnamed = [value for value, label in labels.items() if label == value]
            assert unnamed == [] or unnamed == ["razz"], (field.name, lang, unnamed)
