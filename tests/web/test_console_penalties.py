"""The console's penalties (the one penalty model, shown then confirmed) and the offered halt
(TBL-BALANCE-HALT), through the test client. Tests are named after the rule ids."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

Version = Callable[[TestClient, str], int]
NewTournament = Callable[..., str]

PLAYERS = tuple(f"Player {letter}" for letter in "ABCDEFGHI")


def post(client: TestClient, path: str, **fields: str) -> Any:
    return client.post(path, data={"csrf": client.headers["X-CSRF-Token"], **fields})


def entries(client: TestClient, tournament: str) -> dict[int, dict[str, Any]]:
    found = client.get(f"/api/tournaments/{tournament}/entries").json()
    return {entry["entry"]: entry for entry in found}


def test_pen_ladder_lfp_warning_shown_then_confirmed(
    director: TestClient, new_tournament: NewTournament, version_of: Version
) -> None:
    """LFP 13.1: the preview says the warning comes with one hand out; nothing is recorded
    before the confirmation, which records the same penalty."""
    tournament = new_tournament(director, PLAYERS[:6], start=True, profile="lfp")
    before = version_of(director, tournament)
    shown = post(
        director, f"/console/{tournament}/penalty/preview",
        entry="2", kind="warning", offence="etiquette", reason="noise", tab="desk",
    )  # fmt: skip
    assert shown.status_code == 200, shown.text
    assert "a warning, with 1 hand(s) out." in shown.text
    assert 'data-rule="PEN-LADDER"' in shown.text
    assert "LFP 13.1" in shown.text
    assert "Earlier penalties: 0; the book&#39;s next step: a warning." in shown.text
    assert version_of(director, tournament) == before
    done = post(
        director, f"/console/{tournament}/do/penalty",
        entry="2", kind="warning", offence="etiquette", reason="noise", tab="desk",
    )  # fmt: skip
    assert done.status_code == 200, done.text
    assert entries(director, tournament)[2]["penalty_hands"] == 1


def test_pen_ladder_refusal_names_its_rule_state_unchanged(
    director: TestClient, new_tournament: NewTournament, version_of: Version
) -> None:
    tournament = new_tournament(director, PLAYERS[:6], start=True, profile="lfp")
    before = version_of(director, tournament)
    for path in ("penalty/preview", "do/penalty"):
        refused = post(
            director, f"/console/{tournament}/{path}", entry="3", kind="rounds", count="5"
        )
        assert refused.status_code == 422, refused.text
        assert "PEN-LADDER" in refused.text
    soft = post(
        director, f"/console/{tournament}/penalty/preview",
        entry="3", kind="warning", offence="soft-play",
    )  # fmt: skip
    assert "PEN-SOFTPLAY" in soft.text
    assert version_of(director, tournament) == before


def test_pen_missed_hands_rounds_counted_at_his_table(
    director: TestClient, new_tournament: NewTournament
) -> None:
    tournament = new_tournament(director, PLAYERS[:6], start=True)
    shown = post(
        director, f"/console/{tournament}/penalty/preview", entry="1", kind="rounds", count="2"
    )
    assert "2 round(s) out, 12 hands (6 players at his table, him included)" in shown.text
    assert "PEN-MISSED-HANDS · TDA 71A" in shown.text
    post(director, f"/console/{tournament}/do/penalty", entry="1", kind="rounds", count="2")
    assert entries(director, tournament)[1]["penalty_hands"] == 12


def test_pen_dq_through_the_penalty_form(
    director: TestClient, new_tournament: NewTournament
) -> None:
    """PEN-DQ (BAN/SANCTIONS): the chips leave play, and the next tournament is barred."""
    tournament = new_tournament(director, PLAYERS[:6], start=True, profile="bannalec")
    shown = post(
        director, f"/console/{tournament}/penalty/preview", entry="4", kind="disqualification"
    )
    assert "His chips leave play (PEN-DQ)." in shown.text
    assert "suspended for the next tournament (BAN/SANCTIONS)" in shown.text
    assert 'class="danger"' in shown.text
    post(director, f"/console/{tournament}/do/penalty", entry="4", kind="disqualification")
    assert entries(director, tournament)[4]["status"] == "disqualified"


def test_pen_ladder_bad_forms_are_refused(
    director: TestClient, new_tournament: NewTournament
) -> None:
    tournament = new_tournament(director, PLAYERS[:4], start=True)
    for fields, said in (
        ({"entry": "1", "kind": "fine"}, "a penalty is one of warning, hands, rounds"),
        ({"entry": "1", "kind": "hands", "count": "0"}, "at least one hand or one round"),
        ({"entry": "1", "offence": "bluff"}, "unknown offence"),
        ({"entry": ""}, "give the entry number"),
    ):
        answer = post(director, f"/console/{tournament}/penalty/preview", **fields)
        assert answer.status_code == 400, answer.text
        assert said in answer.text


def test_tbl_balance_halt_offered_outside_full_ring(
    director: TestClient, new_tournament: NewTournament, run: Callable[..., Any]
) -> None:
    """TDA 10D: at 6-handed tables the halt of a short table is the director's decision: the
    overview offers it with the article and the moves that end it; nothing is halted."""
    tournament = new_tournament(director, PLAYERS, start=True, table_size=6)
    tables = director.get(f"/api/tournaments/{tournament}/tables").json()
    small = min(tables, key=lambda table: len(table["seats"]))
    run(director, tournament, "bust-players", entries=[small["seats"][0]["entry"]])
    run(director, tournament, "bust-players", entries=[small["seats"][1]["entry"]])
    page = director.get(f"/console/{tournament}?tab=overview").text
    assert 'id="halt-offer"' in page
    number = small["table"]
    assert f"halting play at table(s) {number} until the tables are balanced is your decision" in (
        page
    )
    assert "(TDA 10D)" in page
    assert 'data-action="propose-moves"' in page
    assert "Play halted until balanced" not in page


def test_tbl_balance_halt_not_offered_when_imposed(
    director: TestClient, new_tournament: NewTournament, run: Callable[..., Any]
) -> None:
    """TDA 10D in a full-ring event: the halt is imposed, not offered."""
    tournament = new_tournament(director, (*PLAYERS, "Player J", "Player K"), start=True)
    tables = director.get(f"/api/tournaments/{tournament}/tables").json()
    small = min(tables, key=lambda table: len(table["seats"]))
    for seat in small["seats"][:3]:
        run(director, tournament, "bust-players", entries=[seat["entry"]])
    page = director.get(f"/console/{tournament}?tab=overview").text
    assert 'id="halt-offer"' not in page
    assert "Play halted until balanced" in page


def test_seat_late_window_lfp_2_16_console_offers_to_end_the_delay(
    director: TestClient,
    new_tournament: NewTournament,
    run: Callable[..., Any],
    clock: Any,
) -> None:
    """SEAT-LATE-WINDOW (LFP 2.16): after one level the overview says the late-arrival delay is
    over and whose chips ending it removes (LFP 2.17a, a free event); the director ends it."""
    free = {"buy_in": {"prize": 0, "chips": 20_000}}
    tournament = new_tournament(director, PLAYERS[:4], start=True, profile="lfp", money=free)
    for entry in (1, 2):
        run(director, tournament, "check-in", entry=entry)
    assert 'id="late-arrivals"' not in director.get(f"/console/{tournament}").text
    clock.advance(2 * 3600)
    page = director.get(f"/console/{tournament}").text
    assert "The late-arrival delay is over (LFP 2.16)" in page
    assert "#3 Player C, #4 Player D" in page
    post(director, f"/console/{tournament}/do/close-late-arrivals", tab="overview")
    found = entries(director, tournament)
    assert [found[n]["status"] for n in (1, 2, 3, 4)] == [
        "seated", "seated", "disqualified", "disqualified"
    ]  # fmt: skip
    assert 'id="late-arrivals"' not in director.get(f"/console/{tournament}").text
