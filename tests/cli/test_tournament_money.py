"""``pokertd tournament`` with money and chips: a rebuy tournament with add-ons, a chip race and a
final-table ICM deal, run from the command line to its winner, and a ledger that balances.

Run in-process with click's CliRunner (``Director`` from test_tournament.py), the clock fixed
with ``POKERTD_NOW`` and the draws and race cards seeded with ``POKERTD_SEED``.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_tournament import Director, assert_refused

from pokertd.cli.main import cli

#: The turbo template's levels last 13 minutes: level 3 starts at 19:26.
LEVEL_1 = "2026-03-06T19:05:00+00:00"
LEVEL_3 = "2026-03-06T19:31:00+00:00"
T_END = "2026-03-06T23:00:00+00:00"
NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid"]


@pytest.fixture
def director(tmp_path: Path) -> Director:
    return Director(tmp_path / "event.db")


def start_rebuy_event(director: Director, *money: str, profile: str = "lfp") -> dict[str, int]:
    """Create a rebuy event of six players at one table, drawn and started; return the seat of
    each entry number (as text)."""
    director.ok("create", "--title", "Rebuy night", "--profile", profile, "--template", "turbo",
                "--buy-in", "18+2", "--rebuy", "20", "--rebuy-levels", "2", "--addon", "20",
                "--round-to", "1", *money)  # fmt: skip
    director.ok("register", *NAMES)
    director.ok("draw")
    director.ok("check-in", "1-6")
    director.ok("clock", "start")
    (table,) = director.json("tables")["tables"]
    return {str(seat["entry"]): seat["seat"] for seat in table["seats"]}


def play_hand(director: Director, *stacks: str, now: str) -> None:
    """Start and finish a hand at table 1, reporting ``ENTRY=CHIPS`` stacks."""
    director.ok("hand", "start", "1", now=now)
    options = [part for stack in stacks for part in ("--stack", stack)]
    director.ok("hand", "finish", "1", *options, now=now)


def ledger(director: Director) -> dict[str, object]:
    document: dict[str, object] = director.json("ledger")
    return document


def test_buy_in_money_options_are_shown_at_creation(director: Director) -> None:
    text = director.ok("create", "--title", "Bounty", "--buy-in", "45+5", "--bounty", "10",
                       "--progressive", "50", "--guarantee", "1 000")  # fmt: skip
    assert "buy-in 45.00+5.00+10.00 EUR" in text
    assert "progressive bounty 10.00 EUR: 50 % in cash" in text
    assert "guarantee 1000.00 EUR" in text


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--addon", "10"), "the money options need --buy-in"),
        (("--buy-in", "10+"), "--buy-in is PRIZE+FEE such as 45+5"),
        (("--buy-in", "ten"), "--buy-in is an amount such as 45 or 22.50"),
        (("--buy-in", "10", "--rebuy", "10"), "rebuys need rebuy_levels"),
        (("--buy-in", "10", "--progressive", "50"), "--progressive needs --bounty"),
    ],
)
def test_bad_money_options_are_refused_without_a_file(
    director: Director, options: tuple[str, ...], message: str
) -> None:
    result = director.run("create", "--title", "x", *options)
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output
    assert not director.db.exists()


def test_buy_ins_rebuys_and_add_ons_are_paid_and_the_ledger_balances(director: Director) -> None:
    start_rebuy_event(director)
    play_hand(director, "1=0", "2=40000", now=LEVEL_1)
    assert "#1 Alice paid the rebuy: 20.00 EUR for 20000 chips" in director.ok(
        "rebuy", "1", now=LEVEL_1
    )
    # BUY-REBUY-ELIGIBILITY (LFP 5.2): a stack below the big blind only.
    assert_refused(director.run("rebuy", "2", now=LEVEL_1), "BUY-REBUY-ELIGIBILITY")
    # BUY-ADDON (LFP 5.5): not before the rebuy period and its two extra hands are over.
    assert_refused(director.run("addon", "3", now=LEVEL_3), "BUY-ADDON")
    play_hand(director, "4=0", now=LEVEL_3)
    director.ok("rebuy", "4", now=LEVEL_3)  # after the first extra hand, still a rebuy
    play_hand(director, "5=0", now=LEVEL_3)
    assert_refused(director.run("rebuy", "5", now=LEVEL_3), "BUY-REBUY-ELIGIBILITY")
    director.ok("addon", "1", "2", "3", now=LEVEL_3)
    assert_refused(director.run("addon", "1", now=LEVEL_3), "BUY-ADDON")
    sheet = ledger(director)
    # 6 buy-ins of 18+2, 2 rebuys and 3 add-ons of 20: 228 in, 12 in fees, 216 in the pool.
    assert sheet["taken"] == 6 * 2000 + 2 * 2000 + 3 * 2000
    assert sheet["fees"] == 6 * 200
    assert sheet["pool"] == 6 * 1800 + 5 * 2000
    assert sheet["balances"] is True
    assert "balances to the cent" in director.ok("ledger")
    payouts = director.json("payouts")
    assert sum(payouts["prizes"]) == payouts["pool"] == sheet["pool"]


def test_a_chip_race_records_who_got_which_card_and_chip(director: Director) -> None:
    seats = start_rebuy_event(director)
    seat_1, seat_2 = seats["1"], seats["2"]
    text = director.ok("chip-race", "1", "--old", "25", "--new", "100",
                       "--chips", f"{seat_1}=3", "--chips", f"{seat_2}=2",
                       "--cards", f"{seat_1}=As,Kd,2c", "--cards", f"{seat_2}=Qh,3s")  # fmt: skip
    # CHIP-COUNT-ROUNDING (LFP 10.3): 5 x 25 = 125 -> rounded up to 2 chips of 100.
    assert "chip race at table 1: 5 chips of 25 into 100 (2 to win, profile lfp)" in text
    # CHIP-MAX-ONE (LFP 10.4): the ace wins one chip, seat 2's queen the other.
    assert f"seat {seat_1} #1 Alice wins a 100 chip with As" in text
    assert f"seat {seat_2} #2 Bruno wins a 100 chip with Qh" in text
    stacks = {
        seat["entry"]: seat["stack"] for seat in director.json("tables")["tables"][0]["seats"]
    }
    assert stacks[1] == 20_000 - 75 + 100
    assert stacks[2] == 20_000 - 50 + 100
    assert "chips in play +75" in text


def test_a_final_table_icm_deal_then_play_to_the_winner(director: Director, tmp_path: Path) -> None:
    start_rebuy_event(director)
    assert "this event has no bounties" in director.run("bust", "6", "--by", "6=1").output
    director.ok("bust", "6")
    director.ok("bust", "5")
    director.ok("bust", "4")
    director.ok("payouts", "--table", "1: 50, 2: 30, 3: 20")
    preview = director.json("deal", "--stack", "1=60000", "--stack", "2=40000",
                            "--stack", "3=20000")  # fmt: skip
    assert set(preview["deals"]) == {"icm", "chip-chop", "even-chop"}
    for amounts in preview["deals"].values():
        assert sum(amounts) == sum(preview["prizes"])
    director.ok("deal", "icm", "--left", "10", "--stack", "1=60000", "--stack", "2=40000",
                "--stack", "3=20000")  # fmt: skip
    director.ok("bust", "3")
    director.ok("bust", "2")
    sheet = ledger(director)
    assert sheet["balances"] is True
    assert sheet["unawarded"] == 0
    assert sheet["prizes"] == sheet["pool"]
    won = {line["entry"]: line["prize"] for line in sheet["lines"]}  # type: ignore[attr-defined]
    deal = director.json("log")["events"]
    shares = dict(next(e["shares"] for e in deal if e["type"] == "deal-made"))
    # The winner (#1, the last one standing) takes his share and the 10.00 left to play for.
    assert won[1] == shares[1] + 1000
    assert won[2] == shares[2]
    assert won[3] == shares[3]
    path = tmp_path / "results.csv"
    director.ok("export", "results", str(path))
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert [row["player"] for row in rows[:3]] == ["Alice", "Bruno", "Chloé"]
    assert sum(round(float(row["prize"]) * 100) for row in rows) == sheet["pool"]


def test_money_commands_are_refused_in_an_event_without_money(director: Director) -> None:
    director.ok("create", "--title", "Freeroll")
    director.ok("register", *NAMES)
    for command in (("ledger",), ("payouts",), ("deal",)):
        result = director.run(*command)
        assert result.exit_code != 0
        assert "created without --buy-in" in result.output


def test_money_text_in_french(director: Director) -> None:
    start_rebuy_event(director)
    result = director.run("rebuy", "2", "--lang", "fr", now=LEVEL_1)
    assert "une recave demande moins que la grosse blinde (200)" in result.output
    text = director.ok("ledger", "--lang", "fr")
    assert "équilibré au centime" in text


def test_the_root_command_lists_the_money_commands() -> None:
    text = CliRunner().invoke(cli, ["tournament", "--help"]).output
    for name in ("rebuy", "addon", "payouts", "deal", "ledger", "export", "chip-race"):
        assert name in text


def test_a_league_imports_the_prizes_the_ledger_awarded(director: Director) -> None:
    start_rebuy_event(director)
    for entry in ("6", "5", "4", "3", "2"):
        director.ok("bust", entry)
    pool = ledger(director)["pool"]
    runner = CliRunner()
    env = {"POKERTD_NOW": T_END, "POKERTD_DB": None}
    league = ["--db", str(director.db)]
    created = runner.invoke(cli, ["league", "create", "--name", "Club", "--season", "2026",
                                  *league], env=env)  # fmt: skip
    assert created.exit_code == 0, created.output
    added = runner.invoke(cli, ["league", "add-event", "--tournament", "1", *league], env=env)
    assert added.exit_code == 0, added.output
    shown = runner.invoke(cli, ["league", "events", "1", "--json", *league], env=env)
    results = json.loads(shown.stdout)["event"]["results"]
    assert {r["player"]: r["prize"] for r in results if r["prize"]} == {"Alice": pool}


# -- split and mystery bounties (docs/bounties.md) ------------------------------------------------


def test_bounty_mystery_the_documented_night_runs(director: Director) -> None:
    """docs/bounties.md: four players, the envelopes sealed at the start, a split elimination
    (BOUNTY-SPLIT), the order revealed at the end and checked against the commitment."""
    director.ok("create", "--title", "Mystery night", "--template", "turbo", "--buy-in", "40+5",
                "--bounty", "10", "--mystery")  # fmt: skip
    director.ok("register", "Alice", "Bruno", "Chloé", "David")
    director.ok("check-in", "1-4")
    director.ok("draw")
    director.ok("clock", "start")
    sealed = director.ok("envelopes", "--seal", "20,10,5x2")
    assert sealed.startswith("mystery envelopes sealed: 20.00 EUR, 10.00 EUR, 5.00 EUR, 5.00 EUR")
    director.ok("bust", "4", "--by", "4=1")
    split = director.ok("bust", "3", "--split", "3=1:2,2")
    assert "  #1 Alice: 7.00 EUR\n  #2 Bruno: 3.00 EUR" in split
    director.ok("bust", "2", "--by", "2=1")
    shown = director.json("envelopes")
    assert shown["verified"] is True
    assert sorted(shown["order"]) == [500, 500, 1_000, 2_000]
    assert shown["drawn"] == shown["order"][:3]
    assert "the order matches the commitment" in director.ok("envelopes")
    sheet = ledger(director)
    assert sheet["balances"] is True
    assert sheet["bounties"] == 4_000
    assert sheet["on_heads"] == 0


def test_bounty_split_refusals_at_the_command_line(director: Director) -> None:
    director.ok("create", "--title", "Bounty", "--template", "turbo", "--buy-in", "40+5",
                "--bounty", "10")  # fmt: skip
    director.ok("register", "Alice", "Bruno", "Chloé")
    director.ok("check-in", "1-3")
    director.ok("draw")
    result = director.run("bust", "3", "--split", "3=1:0,2")
    assert result.exit_code != 0
    assert "--split takes BUSTED=TAKER:POTS,TAKER:POTS" in result.output
    result = director.run("envelopes", "--seal", "10x3")
    assert result.exit_code != 0
    assert "this event has no mystery bounties (BOUNTY-MYSTERY)" in result.output
    split = director.ok("bust", "3", "--split", "3=1,2")
    assert "#1 Alice takes the bounty of #3 Chloé: 5.00 EUR" in split
    assert "#2 Bruno takes the bounty of #3 Chloé: 5.00 EUR" in split


def test_sat_ticket_the_documented_satellite_runs(director: Director) -> None:
    """docs/bounties.md: a satellite of eleven pays two seats to the main event and 20 EUR in
    cash; a ticket changes hands, both pay buy-ins there; a ticket is used once."""
    director.ok("create", "--title", "Main event", "--template", "turbo", "--buy-in", "90+10")
    text = director.ok("create", "--title", "Satellite", "--template", "turbo", "--buy-in",
                       "20+2", "--satellite-for", "Main event", "--seat", "100",
                       "--tickets-transferable")  # fmt: skip
    assert "satellite: seats of 100.00 EUR to Main event as tickets" in text
    names = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gilles", "Hugo", "Inès",
             "Jules", "Karim"]  # fmt: skip
    director.ok("register", *names)
    director.ok("check-in", "1-11")
    director.ok("draw")
    stacks = [part for n in range(4, 12) for part in ("--stack", f"{n}={n}")]
    director.ok("bust", *[str(n) for n in range(11, 3, -1)], *stacks)
    director.ok("bust", "3")
    issued = director.ok("tickets", "issue")
    assert "#1 Alice wins a ticket to Main event (100.00 EUR)" in issued
    director.ok("tickets", "transfer", "2", "Zoé")
    satellite = director.json("ledger")
    assert (satellite["tickets"], satellite["balances"]) == (20_000, True)
    paid = director.ok("register-ticket", "2#2", "--event", "1")
    assert "#1 Zoé paid the buy-in with ticket 2#2: 90.00+10.00 EUR" in paid
    again = director.run("register-ticket", "2#2", "--event", "1")
    assert again.exit_code != 0
    assert "entry 2's ticket was used (SAT-TICKET)" in again.output
    main = director.json("ledger", "--event", "1")
    assert (main["by_ticket"], main["balances"], len(main["lines"])) == (10_000, True, 1)
    codes = {
        row["code"]: row["status"] for row in director.json("tickets", "--event", "2")["tickets"]
    }
    assert codes == {"tournament-2#1": "open", "tournament-2#2": "used"}


# -- starting flights merged into a day 2 (docs/flights.md) --------------------------------------


def test_flight_merge_the_documented_two_flights_run(director: Director) -> None:
    """docs/flights.md: two flights of the main event bag their stacks; Alice bagged in both and
    takes her best stack (FLIGHT-TWO-BAGS); the day 2 draws its seats again (DAY-REDRAW, LFP 1.5)
    and holds both pools; every ledger balances."""
    for flight, names in (("1A", "Alice Bruno Chloé"), ("1B", "Alice David Emma")):
        director.ok("create", "--title", f"Main event {flight}", "--profile", "lfp",
                    "--template", "turbo", "--buy-in", "90+10",
                    "--flight-of", "Main event")  # fmt: skip
        director.ok("register", *names.split())
        director.ok("draw")
        director.ok("bust", "3")
    director.ok("day", "end", "--stack", "1=25000", "--stack", "2=15000", "--event", "1")
    refused = director.run("merge", "Main event")
    assert refused.exit_code != 0
    assert "flight Main event 1B has not bagged its stacks" in refused.output
    director.ok("day", "end", "--stack", "1=30000", "--stack", "2=10000", "--event", "2")
    merged = director.ok("merge", "Main event")
    assert "Main event, day 2 (tournament-3): 3 players from flights Main event 1A" in merged
    assert "prize pool €540.00 from 6 entries" in merged
    assert "the clock resumes at level 1, 0:00 played, where the flights stopped" in merged
    assert "seats drawn again for the merged day (LFP 1.5):" in merged
    seats = director.json("tables", "--event", "3")["tables"]
    assert sum(len(table["seats"]) for table in seats) == 3
    assert "table 1 seat 4: Alice, 30,000" in merged  # her best stack (FLIGHT-TWO-BAGS)
    day_two = director.json("ledger", "--event", "3")
    assert (day_two["brought"], day_two["pool"], day_two["balances"]) == (54_000, 54_000, True)
    for flight in ("1", "2"):
        sheet = director.json("ledger", "--event", flight)
        assert (sheet["carried"], sheet["unawarded"], sheet["balances"]) == (27_000, 0, True)


def test_flight_two_bags_one_the_documented_refusal_runs(director: Director) -> None:
    """docs/flights.md: under `--two-bags one` Alice, who bagged in 1A, may not enter 1B."""
    for flight in ("1A", "1B"):
        director.ok("create", "--title", f"Main event {flight}", "--profile", "lfp",
                    "--template", "turbo", "--buy-in", "90+10", "--flight-of", "Main event",
                    "--two-bags", "one")  # fmt: skip
    director.ok("register", "Alice", "Bruno", "Chloé", "--event", "1")
    director.ok("draw", "--event", "1")
    director.ok("bust", "3", "--event", "1")
    director.ok("day", "end", "--stack", "1=25000", "--stack", "2=15000", "--event", "1")
    refused = director.run("register", "Alice", "--event", "2")
    assert refused.exit_code != 0
    assert (
        "Alice bagged chips in flight Main event 1A: one survival per player in Main event "
        "(FLIGHT-TWO-BAGS)" in refused.output
    )
    assert "Chloé" in director.ok("register", "Chloé", "--event", "2")
    wrong = director.run("create", "--title", "1C", "--buy-in", "90+10", "--two-bags", "twice")
    assert wrong.exit_code != 0
    assert "--two-bags is one, best or all, not 'twice'" in wrong.output
