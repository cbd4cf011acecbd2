"""``pokertd signup``, through the root command with click's CliRunner: the example of
docs/privacy.md run line by line (its person ids stand for those the register draws), then
the refusals (after the cut-off time, a waitlisted player at the door), in English and French."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from click.testing import CliRunner, Result

from pokertd.cli.main import cli
from pokertd.service.people import PERSON_ID

ROOT = Path(__file__).resolve().parents[2]
NOW = "2026-03-06T17:00:00+00:00"


def run(db: Path, line: str, now: str = NOW) -> Result:
    env = {"POKERTD_NOW": now, "POKERTD_LANG": "", "POKERTD_SEED": "1", "POKERTD_DB": str(db)}
    return CliRunner().invoke(cli, shlex.split(line), env=env)


def documented_example() -> list[tuple[str, str]]:
    """The console block of "Sign-ups from the command line": (command, its output) pairs."""
    page = (ROOT / "docs" / "privacy.md").read_text(encoding="utf-8")
    section = page.split("### Sign-ups from the command line", 1)[1]
    block = section.split("```console\n", 1)[1].split("```", 1)[0]
    pairs: list[tuple[str, str]] = []
    for line in block.splitlines():
        if line.startswith("$ pokertd "):
            pairs.append((line.removeprefix("$ pokertd "), ""))
        else:
            command, shown = pairs[-1]
            pairs[-1] = (command, shown + line + "\n")
    return pairs


def ids_of(db: Path) -> dict[str, str]:
    """Each person's id in the file, by first name."""
    listed = json.loads(run(db, "people list --json").output)["people"]
    return {person["first_name"]: person["id"] for person in listed}


def replay(db: Path, example: list[tuple[str, str]]) -> dict[str, str]:
    """Run the example's commands, each checked against the output the page shows; return the
    page's ids -> the ids the register drew."""
    drawn: dict[str, str] = {}
    for command, shown in example:
        answer = run(db, PERSON_ID.sub(lambda found: drawn.get(found[0], found[0]), command))
        assert answer.exit_code == 0, (command, answer.output)
        found = PERSON_ID.findall(answer.output)
        for page_id, real in zip(PERSON_ID.findall(shown), found, strict=True):
            drawn.setdefault(page_id, real)
        expected = PERSON_ID.sub(lambda found: drawn[found[0]], shown)
        assert answer.output == expected, command
    return drawn


def test_the_documented_example_runs(tmp_path: Path) -> None:
    example = documented_example()
    assert len(example) == 12
    drawn = replay(tmp_path / "club.db", example)
    assert len(set(drawn.values())) == 3


def test_refusals_name_the_limit_in_english_and_french(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    drawn = replay(db, documented_example()[:8])  # up to Chloé on the waitlist
    chloe = drawn["P-NF64R8H6"]
    waiting = run(db, f"signup check-in {chloe}")
    assert waiting.exit_code == 1
    assert waiting.output == f"error: {chloe} is number 1 on the waitlist: no place for him yet\n"
    late = run(db, f"signup add {chloe} --lang fr", now="2026-03-06T18:00:00+00:00")
    assert late.exit_code == 1
    assert late.output == (
        "erreur : les préinscriptions à ce tournoi ont fermé le 2026-03-06 18:00\n"
    )
    listed = json.loads(run(db, "signup list --waiting --json").output)
    assert [(line["person"], line["rank"]) for line in listed["lines"]] == [(chloe, 1)]
    assert listed["closes_at"] == "2026-03-06T18:00:00+00:00"
    entries = run(db, "tournament entries --json")
    assert entries.exit_code == 0, entries.output
    assert chloe not in entries.output  # refused at the door: not entered
    members = run(db, "signup open --places 2 --members-only --season 2026 --lang fr")
    assert "membres de la saison 2026 seulement" in members.output
    refused = run(db, f"signup withdraw {chloe}")
    assert refused.exit_code == 0
    again = run(db, f"signup add {chloe}")
    assert again.exit_code == 1
    assert again.output == (
        f"error: sign-up for this event is for members of season 2026 only: {chloe} is not a "
        "member\n"
    )


def test_sat_ticket_a_ticket_refused_at_check_in_enters_nobody(tmp_path: Path) -> None:
    """``signup check-in PERSON --ticket CODE``: the event's own code is no satellite's ticket:
    refused by SAT-TICKET (exit 2, a rule); the player is not entered, his sign-up stays."""
    db = tmp_path / "club.db"
    replay(db, documented_example()[:8])
    before = json.loads(run(db, "signup list --json").output)
    signed = next(line["person"] for line in before["lines"] if line["status"] == "signed")
    refused = run(db, f"signup check-in {signed} --ticket tournament-1#9")
    assert refused.exit_code == 2
    assert (
        refused.output == "error: a satellite's ticket pays another event's buy-in (SAT-TICKET)\n"
    )
    assert json.loads(run(db, "signup list --json").output) == before
    assert signed not in run(db, "tournament entries --json").output
