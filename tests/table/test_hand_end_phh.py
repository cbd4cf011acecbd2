"""A hand's PHH at its end, written as before the writer's shortcuts: the same text, byte for
byte (it is stored in ``TableHandFinished``), on hands the bots play, named by any text."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st
from table_play import Play, choice

from pokertd.history import codes, phh
from pokertd.table import commands, report

PROPERTY = settings(max_examples=40, derandomize=True, database=None, deadline=None)


def former_format_value(value: object) -> str:
    """``phh._format_value`` as it was: every string through tomli_w."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | datetime.time):
        return str(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(former_format_value(item) for item in value) + "]"
    return tomli_w.dumps({"v": value})[len("v = ") : -1]


def former_action_text(action: codes._Action) -> str:
    """An action's notation as it was written (its body asked twice)."""
    parts = [action._body()] if action._body() else []
    if action.commentary is not None:
        parts.append(f"# {action.commentary}" if action.commentary else "#")
    return " ".join(parts)


@contextmanager
def former_writer() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(phh, "_format_value", former_format_value)
        patch.setattr(codes._Action, "__str__", former_action_text)
        yield


#: Any text, the characters TOML escapes drawn often.
TEXT = st.text(st.sampled_from('"\\\t\n\r\x00\x08\x1f\x7f p1é') | st.characters())


@settings(max_examples=400, derandomize=True, database=None, deadline=None)
@given(TEXT)
def test_a_string_is_written_as_tomli_w_writes_it(text: str) -> None:
    assert phh._format_value(text) == former_format_value(text)
    assert phh._format_value((text, "p1 cc")) == former_format_value((text, "p1 cc"))


@pytest.mark.parametrize("text", ['say "hi"', "back\\slash", "line\nbreak", "\x00", "\x7f"])
def test_strings_to_escape_are_escaped_as_before(text: str) -> None:
    assert phh._format_value(text) == former_format_value(text) != f'"{text}"'


def test_a_tab_is_written_as_it_is_as_before() -> None:
    assert phh._format_value("a\tb") == former_format_value("a\tb") == '"a\tb"'


@PROPERTY
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 9),
    names=st.lists(st.text(max_size=12), min_size=9, max_size=9),
    title=st.text(max_size=20),
)
def test_a_hands_phh_is_the_former_text(
    seed: int, players: int, names: list[str], title: str
) -> None:
    play = Play(seed=seed, players=players)
    for _ in range(3):
        play.start()
        while play.table.is_playing:
            hand, plan = play.table.hand, play.table.plan
            assert hand is not None
            assert plan is not None
            legal = hand.legal()
            assert legal is not None
            kind, to = choice(legal, play.rng)
            play.run(commands.Act(plan.seats[legal.player], kind, to))
        hand, plan = play.table.hand, play.table.plan
        assert hand is not None
        assert plan is not None
        state = play.tournament.state
        size = report.seat_count(state, plan)
        stored = play.table.histories[plan.hand]
        named = replace(plan, names=tuple(names[: len(plan.names)]))
        new = [report.phh_text(hand, p, title=t, seat_count=size) for p, t in
               ((plan, state.title), (named, title))]  # fmt: skip
        with former_writer():
            former = [report.phh_text(hand, p, title=t, seat_count=size) for p, t in
                      ((plan, state.title), (named, title))]  # fmt: skip
        assert stored == new[0]
        assert new == former
        play.now += datetime.timedelta(minutes=2)
