"""``pokertd simulate``: play whole tournaments with bots to see how long a structure lasts.

One run prints its length, when the bubble burst and the final table formed, the players left
at the end of each level, the top places and the checks (chips, money, places). ``--runs K``
plays K runs (seeds ``--seed`` to ``--seed + K - 1``) in parallel processes and prints their
spread; ``--report DIR`` writes a structure report there (PNG plots and ``index.html``).
``--json`` prints one JSON document; a progress bar goes to stderr otherwise. Bad input exits 1
with one line on stderr, never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from pokertd.cli.output import Command, emit_json, user_errors
from pokertd.errors import ParseError
from pokertd.present.formats import thousands
from pokertd.present.sim_report import report_files
from pokertd.present.tournament_input import read_structure
from pokertd.present.words import Words, words_for
from pokertd.rules import DEFAULT_PROFILE
from pokertd.service.runtime import new_seed
from pokertd.sim.bots import BOT_NAMES
from pokertd.sim.report import summarize
from pokertd.sim.run import (
    DEFAULT_PACE,
    Milestone,
    Settings,
    SimulationResult,
    simulate,
    simulate_many,
)
from pokertd.tournament.structure import TEMPLATES, Structure


def _clock(seconds: float) -> str:
    """Hours and minutes of virtual time: ``19:32``."""
    minutes = round(seconds / 60)
    return f"{minutes // 60}:{minutes % 60:02d}"


def _number(value: float, words: Words) -> str:
    return thousands(value, words.lang)


@click.command("simulate", cls=Command)
@click.option("--players", default=100, show_default=True, type=int, help="Entries.")
@click.option("--structure", "structure_file", metavar="FILE",
              help="A structure file: JSON, TOML or The Tournament Director's .tdt.")  # fmt: skip
@click.option("--template", "kind", type=click.Choice(TEMPLATES),
              help="Ready-made structure sized for the field (default: regular).")  # fmt: skip
@click.option("--profile", default=DEFAULT_PROFILE, show_default=True, metavar="ID",
              help="Rule profile: tda-2017, lfp, bannalec, gran-madrid or generic.")  # fmt: skip
@click.option("--table-size", default=9, show_default=True, type=int, help="Seats per table.")
@click.option("--pace", default=DEFAULT_PACE, show_default=True, type=float,
              metavar="HANDS_PER_HOUR", help="Hands per hour at each table.")  # fmt: skip
@click.option("--seed", type=int, help="Seed of the (first) run (default: a new one, shown).")
@click.option("--bots", default="tag", show_default=True, type=click.Choice(BOT_NAMES),
              help="Who plays: tight-aggressive, random, calling stations, or a mix.")  # fmt: skip
@click.option("--runs", default=1, show_default=True, type=int, help="Tournaments to play.")
@click.option("--jobs", type=int, help="Processes for --runs (default: one per processor).")
@click.option("--report", "report_dir", metavar="DIR",
              help="Write a structure report (PNG plots, index.html) in DIR.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@click.option("--lang", default="en", show_default=True, type=click.Choice(["en", "fr"]),
              help="Language of the text.")  # fmt: skip
def simulate_command(
    players: int,
    structure_file: str | None,
    kind: str | None,
    profile: str,
    table_size: int,
    pace: float,
    seed: int | None,
    bots: str,
    runs: int,
    jobs: int | None,
    report_dir: str | None,
    as_json: bool,
    lang: str,
) -> None:
    """Play whole tournaments with bots, by the real rules, to see how a structure plays out."""
    with user_errors(lang):
        words = words_for(lang)
        structure = None
        if structure_file is not None:
            if kind is not None:
                raise ParseError(words("--structure replaces --template"))
            structure = Structure.from_dict(read_structure(Path(structure_file), words=words))
        settings = Settings(
            players=players,
            structure=structure,
            template=kind or "regular",
            profile=profile,
            table_size=table_size,
            pace=pace,
            seed=new_seed() if seed is None else seed,
            bots=bots,
        ).checked()
        if runs < 1 or (jobs is not None and jobs < 1):
            raise ParseError(
                words(
                    "--runs and --jobs are at least 1, not {runs} and {jobs}",
                    runs=runs,
                    jobs=jobs,
                )
            )
        if report_dir is not None and Path(report_dir).exists() and not Path(report_dir).is_dir():
            raise ParseError(words("{report_dir!r} is not a directory", report_dir=report_dir))
        results = _play(settings, runs, jobs, show_progress=not as_json, words=words)
        written: list[str] = []
        if report_dir is not None:
            directory = Path(report_dir)
            directory.mkdir(parents=True, exist_ok=True)
            for name, content in report_files(results, lang=lang).items():
                (directory / name).write_bytes(content)
                written.append(str(directory / name))
        if as_json:
            emit_json(_json(results, written))
        elif runs == 1:
            _tell_one(results[0], words)
        else:
            _tell_many(results, words)
        if written and not as_json:
            click.echo(words("Report written in {report_dir}", report_dir=report_dir))


def _play(
    settings: Settings, runs: int, jobs: int | None, *, show_progress: bool, words: Words
) -> list[SimulationResult]:
    """Play the runs, with a progress bar on stderr when asked."""
    if not show_progress:
        return simulate_many(settings, runs, jobs=jobs)
    if runs == 1:
        label = words("Playing")
        with click.progressbar(length=settings.players - 1, label=label, file=sys.stderr) as bar:
            out = [0]

            def advance(hands: int, left: int) -> None:
                gone = settings.players - left
                if gone > out[0]:
                    bar.update(gone - out[0])
                    out[0] = gone

            return [simulate(settings, progress=advance)]
    label = words("Playing {runs} runs", runs=runs)
    with click.progressbar(length=runs, label=label, file=sys.stderr) as bar:

        def step(result: SimulationResult) -> None:
            bar.update(1)

        return simulate_many(settings, runs, jobs=jobs, done=step)


def _json(results: list[SimulationResult], written: list[str]) -> dict[str, Any]:
    if len(results) == 1:
        return {**results[0].to_dict(timeline=False), "report": written}
    return {
        "summary": summarize(results),
        "runs": [
            {
                "seed": r.seed,
                "hands": r.hands,
                "seconds": r.seconds,
                "levels": len(r.levels),
                "bubble": None if r.bubble is None else _milestone(r.bubble),
                "final_table": None if r.final_table is None else _milestone(r.final_table),
                "winner": r.winner.entry,
                "chips_conserved": r.chips_conserved,
                "money_balances": r.money_balances,
                "places_complete": r.places_complete,
            }
            for r in results
        ],
        "report": written,
    }


def _milestone(milestone: Milestone) -> dict[str, Any]:
    return {
        "hands": milestone.hands,
        "seconds": milestone.seconds,
        "level": milestone.level,
        "players": milestone.players,
    }


def _tell_one(result: SimulationResult, words: Words) -> None:

    def n(value: float) -> str:
        return _number(value, words)

    click.echo(
        words(
            "{players} players, structure {structure}, profile {profile}, "
            "{table_size}-max, {pace:g} hands/hour/table, bots {bots}, seed {seed}",
            players=n(result.players),
            structure=result.structure,
            profile=result.profile,
            table_size=result.table_size,
            pace=result.pace,
            bots=result.bots,
            seed=result.seed,
        )
    )
    click.echo(
        words(
            "Duration {duration} (h:mm) over {hands} hands, {count} levels",
            duration=_clock(result.seconds),
            hands=n(result.hands),
            count=len(result.levels),
        )
    )
    bubble = result.bubble
    if bubble is not None:
        click.echo(
            words(
                "Paid places {paid}; bubble at level {level} after {time} (hand {hands}), "
                "{players} left",
                paid=result.paid,
                level=bubble.level,
                time=_clock(bubble.seconds),
                hands=n(bubble.hands),
                players=bubble.players,
            )
            + (
                words(", {hands} hands hand-for-hand", hands=result.hand_for_hand_hands)
                if result.hand_for_hand_hands
                else ""
            )
        )
    final = result.final_table
    if final is not None:
        click.echo(
            words(
                "Final table ({players} players) at level {level} after {duration} (hand {hands})",
                players=final.players,
                level=final.level,
                duration=_clock(final.seconds),
                hands=n(final.hands),
            )
        )
    click.echo(words("Players left at the end of each level:"))
    for end in result.levels:
        label = words("level {level}", level=end.level)
        click.echo(f"  {label:<10} {n(end.players):>6}   {_clock(end.seconds):>6}")
    click.echo(words("Places:"))
    for finish in result.places[: min(10, len(result.places))]:
        place = words.ordinal(finish.place)
        prize = f"{finish.prize / 100:,.2f}" if finish.prize else "-"
        click.echo(f"  {place:>5}  {finish.player:<12} {finish.bot:<8} {prize:>12}")
    ok, no = words("yes"), words("NO")
    click.echo(
        words(
            "Checks: chips conserved {chips_conserved} ({chips_removed} removed by chip "
            "races), money balances {money_balances}, places 1-{players} {places_complete}",
            chips_conserved=ok if result.chips_conserved else no,
            chips_removed=n(result.chips_removed),
            money_balances=ok if result.money_balances else no,
            players=result.players,
            places_complete=ok if result.places_complete else no,
        )
    )


def _tell_many(results: list[SimulationResult], words: Words) -> None:
    summary = summarize(results)
    first = results[0]
    click.echo(
        words(
            "{count} runs, {players} players, structure {structure}, profile {profile}, "
            "{table_size}-max, {pace:g} hands/hour/table, bots {bots}, seeds "
            "{seed}-{last_seed}",
            count=len(results),
            players=first.players,
            structure=first.structure,
            profile=first.profile,
            table_size=first.table_size,
            pace=first.pace,
            bots=first.bots,
            seed=first.seed,
            last_seed=results[-1].seed,
        )
    )
    rows = (
        ("hours", words("duration (hours)")),
        ("hands", words("hands")),
        ("levels", words("levels")),
        ("bubble_hours", words("bubble (hours)")),
        ("bubble_level", words("bubble (level)")),
        ("final_table_hours", words("final table (hours)")),
    )
    header = words("median")
    click.echo(f"  {'':<22} {'min':>9} {header:>9} {'max':>9}")
    for key, label in rows:
        spread = summary[key]
        if spread:
            click.echo(
                f"  {label:<22} {spread['min']:>9g} {spread['median']:>9g} {spread['max']:>9g}"
            )
    ok = summary["all_checks_pass"]
    click.echo(
        words(
            "Checks (chips, money, places) in every run: {passed}",
            passed=words("yes") if ok else words("NO"),
        )
    )
