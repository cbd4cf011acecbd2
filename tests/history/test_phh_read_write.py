"""Reading, checking and writing PHH files (pokertd.history.phh)."""

from __future__ import annotations

import dataclasses
import datetime
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from pokertd.cards import Card, parse_cards
from pokertd.errors import ParseError
from pokertd.history import (
    VARIANTS,
    BetOrRaise,
    CheckOrCall,
    DealHole,
    Fold,
    HandHistory,
    NoOp,
    ShowDealt,
    ShowOrMuck,
    StandPatOrDiscard,
    parse_action,
    read_phh,
    write_phh,
)

DATA = Path(__file__).resolve().parents[1] / "data"


def read_fixture(name: str) -> HandHistory:
    path = DATA / name
    return read_phh(path.read_text(encoding="utf-8"), source=str(path))


# --- fixtures ------------------------------------------------------------------------------


def test_heads_up_fixture() -> None:
    h = read_fixture("heads_up_nt.phh")
    assert h.variant == "NT"
    assert h.game == "nlhe"
    assert h.player_count == 2
    assert h.blinds_or_straddles == (50, 100)  # as written; the spec applies it reversed
    assert h.min_bet == 100
    assert h.players == ("Alice", "Bob")
    assert h.time == datetime.time(21, 30)
    assert h.profile == "lfp"
    assert h.chip_unit == 25
    assert dict(h.extra) == {"_sponsors": ["", "GGPoker"]}
    assert h.actions[:4] == (
        DealHole(0, parse_cards("AsKs")),
        DealHole(1, (None, None)),
        BetOrRaise(1, 300),
        BetOrRaise(0, 900, commentary="three-bet"),
    )
    assert h.actions[6] == NoOp()
    assert h.actions[-1] == Fold(1)


def test_stud_fixture_with_hidden_cards_show_dealt_and_commentary() -> None:
    h = read_fixture("stud_hidden.phh")
    assert h.game == "stud"
    assert h.bring_in == 10
    assert h.blinds_or_straddles is None
    assert h.actions[0] == DealHole(0, (None, None, Card.parse("7c")))
    assert h.actions[4] == BetOrRaise(2, 40, commentary="completes")
    assert h.actions[7] == NoOp(commentary="the dealer exposes a burn card")
    assert h.actions[-2:] == (ShowDealt(2), ShowOrMuck(1, None))


def test_the_draws_of_a_triple_draw_hand_are_read() -> None:
    h = read_fixture("triple_draw.phh")
    assert h.game == "fl27td"
    assert StandPatOrDiscard(0, ()) in h.actions
    assert StandPatOrDiscard(3, parse_cards("AsQs")) in h.actions


@pytest.mark.parametrize("name", ["heads_up_nt.phh", "stud_hidden.phh", "triple_draw.phh"])
def test_fixtures_round_trip(name: str) -> None:
    h = read_fixture(name)
    text = write_phh(h)
    assert read_phh(text) == h
    assert write_phh(read_phh(text)) == text


def test_written_fields_follow_the_conventional_order() -> None:
    keys = [
        line.split(" = ")[0]
        for line in write_phh(read_fixture("heads_up_nt.phh")).splitlines()
        if " = " in line
    ]
    assert keys == [
        "variant",
        "ante_trimming_status",
        "antes",
        "blinds_or_straddles",
        "min_bet",
        "starting_stacks",
        "actions",
        "time",
        "players",
        "finishing_stacks",
        "_profile",
        "_chip_unit",
        "_sponsors",
    ]


def test_unknown_fields_and_tables_are_kept_and_written_back() -> None:
    text = BASE + '_note = "x"\nnewer_field = 3\n_meta = {a = 1, b = [true]}\n[_table]\nk = "v"\n'
    h = read_phh(text)
    assert dict(h.extra) == {
        "_note": "x",
        "newer_field": 3,
        "_meta": {"a": 1, "b": [True]},
        "_table": {"k": "v"},
    }
    assert read_phh(write_phh(h)) == h


def test_every_spec_field_is_read() -> None:
    text = BASE + (
        'author = "A"\nevent = "E"\nurl = "https://x"\nvenue = "V"\naddress = "1 Rue"\n'
        'city = "Paris"\nregion = "IDF"\npostal_code = "75001"\ncountry = "France"\n'
        'time = 10:05:00\ntime_zone = "Europe/Paris"\ntime_zone_abbreviation = "CET"\n'
        'day = 1\nmonth = 2\nyear = 2024\nhand = "12b"\nlevel = 3\nseats = [1, 4, 9]\n'
        'seat_count = 9\ntable = 6\nplayers = ["a", "b", "c"]\n'
        'finishing_stacks = [200, 200, 200]\nwinnings = [0, 0, 0]\ncurrency = "EUR"\n'
        'currency_symbol = "€"\ntime_limit = inf\ntime_banks = [30, 30.5, 0]\n'
        "ante_trimming_status = true\n"
    )
    h = read_phh(text)
    assert not h.extra
    assert (h.hand, h.table, h.seats, h.time_banks) == ("12b", 6, (1, 4, 9), (30, 30.5, 0))
    assert h.time_limit == float("inf")
    assert h.ante_trimming_status is True
    assert read_phh(write_phh(h)) == h


def test_integral_floats_are_whole_chips() -> None:
    h = read_phh(BASE.replace("antes = [0, 0, 0]", "antes = [0.0, 3.0, 0.0]"))
    assert h.antes == (0, 3, 0)
    assert h.decimals == 0
    assert all(type(a) is int for a in h.antes)


def test_amounts_in_cents_are_whole_units_of_the_file_chip_unit() -> None:
    text = BASE.replace("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [0.05, 0.1, 0]")
    text = text.replace("min_bet = 2", "min_bet = 0.10").replace(
        "starting_stacks = [200, 200, 200]", "starting_stacks = [10.00, 9.87, inf]"
    )
    text = text.replace('"p3 f"]', '"p3 cbr 0.35", "p1 cbr 1.2"]')
    h = read_phh(text)
    # Two decimals are the most any amount needs: the chip unit is a cent, read exactly.
    assert h.decimals == 2
    assert (h.blinds_or_straddles, h.min_bet) == ((5, 10, 0), 10)
    assert h.starting_stacks == (1000, 987, None)
    assert [action.to for action in h.actions if isinstance(action, BetOrRaise)] == [35, 120]
    written = write_phh(h)
    assert "starting_stacks = [10.00, 9.87, inf]" in written
    assert '"p1 cbr 1.20"' in written
    assert read_phh(written) == h


def test_a_cbr_amount_finer_than_the_chip_unit_is_refused() -> None:
    h = read_phh(BASE.replace('"p3 f"]', '"p3 cbr 6.05"]'))
    assert h.decimals == 2  # the cbr amount alone sets the chip unit
    with pytest.raises(ParseError, match=r"'p1 cbr 6\.055' has amount '6\.055', finer than"):
        parse_action("p1 cbr 6.055", decimals=2)


def test_strings_needing_escapes_round_trip() -> None:
    h = dataclasses.replace(
        read_phh(BASE),
        event='O\'Brien "Cup"\n\\ day 2\t',
        actions=(CheckOrCall(0, commentary='says "call" \\ o\'k'),),
    )
    assert read_phh(write_phh(h)) == h


# --- validation ------------------------------------------------------------------------------

BASE = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 ????", "p3 f"]
"""

STUD = {
    "variant": "F7S",
    "antes": [1, 1],
    "bring_in": 1,
    "small_bet": 2,
    "big_bet": 4,
    "starting_stacks": [50, 50],
    "actions": [],
}


def edited(**changes: Any) -> str:
    table = tomllib.loads(BASE)
    for key, value in changes.items():
        if value is None:
            del table[key]
        else:
            table[key] = value
    return tomli_w.dumps(table)


@pytest.mark.parametrize(
    ("text", "field", "fragment"),
    [
        (edited(variant=None), "variant", "missing the required field"),
        (edited(antes=None), "antes", "missing the required field"),
        (edited(starting_stacks=None), "starting_stacks", "missing the required field"),
        (edited(actions=None), "actions", "missing the required field"),
        (edited(min_bet=None), "min_bet", "which variant 'NT' requires"),
        (edited(blinds_or_straddles=None), "blinds_or_straddles", "which variant 'NT' requires"),
        (
            tomli_w.dumps({k: v for k, v in STUD.items() if k != "bring_in"}),
            "bring_in",
            "which variant 'F7S' requires",
        ),
        (edited(variant="NLHE"), "variant", "'NLHE', which is not a PHH variant code"),
        (edited(variant=7), "variant", "must be a string"),
        (edited(antes=[0, 0]), "antes", "has 2 entries but 'starting_stacks' has 3 players"),
        (edited(blinds_or_straddles=[1, 2, 0, 0]), "blinds_or_straddles", "has 4 entries"),
        (edited(finishing_stacks=[600]), "finishing_stacks", "has 1 entries"),
        (edited(players=["a", "b"]), "players", "has 2 entries"),
        (edited(seats=[1, 2]), "seats", "has 2 entries"),
        (edited(winnings=[1, 2]), "winnings", "has 2 entries"),
        (edited(time_banks=[1.5]), "time_banks", "has 1 entries"),
        (edited(starting_stacks=[200]), "starting_stacks", "at least two players"),
        (edited(antes="0, 0, 0"), "antes", "must be an array of numbers of chips"),
        (edited(antes=["0", "0", "0"]), "antes", "must be an array of numbers of chips"),
        (edited(antes=[0, 0.1234567, 0]), "antes", "an amount with 7 decimals"),
        (edited(antes=[0, float("inf"), 0]), "antes", "numbers of chips"),
        (edited(starting_stacks=[200, -float("inf"), 200]), "starting_stacks", "chips or inf"),
        (edited(starting_stacks=[True, 200, 200]), "starting_stacks", "chips or inf"),
        (edited(min_bet="2"), "min_bet", "must be a number of chips"),
        (edited(players=[1, 2, 3]), "players", "must be an array of strings"),
        (edited(day="1st"), "day", "must be an integer"),
        (edited(hand=1.5), "hand", "must be a string or an integer"),
        (edited(time="21:30"), "time", "must be a local time"),
        (edited(ante_trimming_status=1), "ante_trimming_status", "must be true or false"),
        (edited(time_limit="1m"), "time_limit", "must be a number"),
        (edited(actions="p1 f"), "actions", "must be an array of strings"),
        (edited(actions=["p1 f", 3]), "actions", "must be an array of strings"),
        (edited(_profile=1), "_profile", "must be a string"),
        (edited(_chip_unit=0), "_chip_unit", "must be positive"),
        (edited(min_bet=0), "min_bet", "must be positive"),
        (edited(antes=[0, -1, 0]), "antes", "must not hold negative amounts"),
        (edited(starting_stacks=[200, 0, 200]), "starting_stacks", "positive stacks"),
        (edited(actions=["d dh p4 AsKs"]), "actions", "names p4 but the hand has 3 players"),
        (edited(actions=["p1 f", "p9 cbr 10"]), "actions", "item 2"),
        (edited(actions=["d dh p1 AsKx"]), "actions", "'AsKx'"),
        (edited(actions=["p1 raise 10"]), "actions", "not a PHH action notation"),
    ],
)
def test_malformed_files_name_the_source_and_the_field(
    text: str, field: str, fragment: str
) -> None:
    with pytest.raises(ParseError) as caught:
        read_phh(text, source="hand.phh")
    message = str(caught.value)
    assert message.startswith("hand.phh")
    assert repr(field) in message
    assert fragment in message
    assert "\n" not in message


def test_not_toml_gives_line_and_column() -> None:
    with pytest.raises(ParseError) as caught:
        read_fixture("bad_toml.phh")
    message = str(caught.value)
    assert "bad_toml.phh is not valid TOML" in message
    assert "line 3" in message


def test_bad_variant_fixture() -> None:
    with pytest.raises(ParseError, match=r"field 'variant' is 'NLHE'"):
        read_fixture("bad_variant.phh")


def test_constructing_checks_the_same_rules() -> None:
    h = read_phh(BASE)
    with pytest.raises(ParseError, match="'antes' has 2 entries"):
        dataclasses.replace(h, antes=(0, 0))
    with pytest.raises(ParseError, match="'variant' is given in 'extra' as well"):
        dataclasses.replace(h, extra={"variant": "NT"})
    with pytest.raises(ParseError, match="<HandHistory>: field 'actions', item 1"):
        dataclasses.replace(h, actions=(Fold(5),))


def test_hand_history_is_frozen_and_hashable() -> None:
    h = read_phh(BASE + "_x = [1]\n")
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.variant = "FT"  # type: ignore[misc]
    with pytest.raises(TypeError):
        h.extra["_y"] = 1  # type: ignore[index]
    assert hash(h) == hash(read_phh(BASE + "_x = [2]\n"))


# --- property: any hand we can build round-trips -----------------------------------------


@st.composite
def hand_histories(draw: st.DrawFn) -> HandHistory:
    count = draw(st.integers(2, 9))
    variant = draw(st.sampled_from(sorted(VARIANTS)))
    chips = st.integers(0, 10**9)
    positive = st.integers(1, 10**9)
    per_player = st.lists(chips, min_size=count, max_size=count).map(tuple)
    player = st.integers(0, count - 1)
    text = st.text(max_size=20)
    structure: dict[str, Any] = {name: draw(positive) for name in VARIANTS[variant].fields}
    if "blinds_or_straddles" in structure:
        structure["blinds_or_straddles"] = draw(per_player)
    actions = draw(
        st.lists(
            st.one_of(
                st.builds(Fold, player),
                st.builds(CheckOrCall, player, commentary=st.none() | text.map(str.strip)),
                st.builds(BetOrRaise, player, positive),
                st.builds(ShowOrMuck, player, st.none() | st.just(parse_cards("As??"))),
                st.builds(NoOp, commentary=text.map(str.strip)),
            ),
            max_size=8,
        ).map(tuple)
    )
    optional: dict[str, Any] = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "author": text,
                "hand": st.integers(1, 999) | text,
                "time": st.times(),
                "players": st.lists(text, min_size=count, max_size=count).map(tuple),
                "finishing_stacks": per_player,
                "time_banks": st.lists(
                    st.floats(0, 1e6) | st.integers(0, 999), min_size=count, max_size=count
                ).map(tuple),
                "profile": text,
                "chip_unit": positive,
                "extra": st.dictionaries(
                    st.from_regex(r"_[a-z]{1,8}", fullmatch=True).filter(lambda k: k != "_profile"),
                    st.integers() | text | st.lists(st.booleans()),
                    max_size=3,
                ),
            },
        )
    )
    stack = positive | st.none()  # None: an unknown stack, written inf
    return HandHistory(
        variant=variant,
        antes=draw(per_player),
        starting_stacks=draw(st.lists(stack, min_size=count, max_size=count).map(tuple)),
        actions=actions,
        ante_trimming_status=draw(st.booleans()),
        decimals=draw(st.integers(0, 3)),  # whole chips, or amounts in tenths to thousandths
        **structure,
        **optional,
    )


@given(hand_histories())
def test_any_hand_round_trips(h: HandHistory) -> None:
    assert read_phh(write_phh(h)) == h
