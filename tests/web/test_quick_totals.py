"""The dealer's quick totals: the last key is the most the player may bet, named all-in only
when it is his whole stack (a limit game's most is not: "Max")."""

from __future__ import annotations

from typing import Any

from pokertd.web.pages.table import quick_totals


def _view(*, max_raise_to: int, stack: int, bet: int = 0) -> dict[str, Any]:
    return {
        "to_act": 3,
        "blinds": [100, 200],
        "pots": [{"amount": 300}],
        "seats": [{"seat": 3, "bet": bet, "stack": stack}, {"seat": 5, "bet": 200, "stack": 900}],
        "legal": {"min_raise_to": 400, "max_raise_to": max_raise_to, "call": 200},
    }


def test_the_most_is_all_in_when_it_is_the_whole_stack() -> None:
    assert quick_totals(_view(max_raise_to=5_000, stack=5_000))[-1] == {
        "kind": "all-in",
        "value": 5_000,
    }


def test_the_most_of_a_limit_game_is_max_not_all_in() -> None:
    keys = quick_totals(_view(max_raise_to=400, stack=19_975))
    assert keys == [{"kind": "max", "value": 400}]


def test_a_bet_already_in_front_counts_in_the_whole_stack() -> None:
    assert quick_totals(_view(max_raise_to=1_000, stack=800, bet=200))[-1]["kind"] == "all-in"
