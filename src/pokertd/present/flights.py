"""The words of a merge of starting flights into their day 2 (FLIGHT-MERGE), for the CLI and the
web: what went where, and the seats drawn again (DAY-REDRAW, LFP 1.5)."""

from __future__ import annotations

from collections.abc import Mapping

from pokertd.present.formats import amount_text, thousands
from pokertd.present.words import Words
from pokertd.service.flights import Merged
from pokertd.tournament.state import TournamentState


def merge_lines(
    merged: Merged, day_two: TournamentState, titles: Mapping[str, str], words: Words
) -> list[str]:
    """The summary of a merge, then the day 2's seats by table and seat with the stacks."""
    currency = day_two.ledger.rules.currency if day_two.ledger.rules is not None else "EUR"
    flights = ", ".join(titles.get(stream, stream) for stream in merged.flights)
    lines = [
        words(
            "{title} ({day_two}): {players} players from flights {flights}",
            title=day_two.title,
            day_two=merged.day_two,
            players=merged.players,
            flights=flights,
        ),
        words(
            "prize pool {pool} from {entries} entries",
            pool=amount_text(merged.pool, currency, words.lang),
            entries=merged.entries,
        ),
        _resumes(day_two, words),
        words("seats drawn again for the merged day (LFP 1.5):"),
    ]
    seated = sorted(day_two.active(), key=lambda entry: (entry.table or 0, entry.seat or 0))
    lines += [
        words(
            "  table {table} seat {seat}: {player}, {chips}",
            table=entry.table,
            seat=entry.seat,
            player=entry.player,
            chips=thousands(entry.stack or 0, words.lang),
        )
        for entry in seated
    ]
    return lines


def _resumes(day_two: TournamentState, words: Words) -> str:
    """FLIGHT-RESUME: where the day 2's clock stands, where the flights stopped."""
    item, played = day_two.clock.item, int(day_two.clock.elapsed.total_seconds())
    level = day_two.structure.level_number(item) if day_two.structure is not None else 1
    if level is None:
        return words("the clock resumes in a break, where the flights stopped (FLIGHT-RESUME)")
    return words(
        "the clock resumes at level {level}, {minutes}:{seconds:02d} played, where the flights "
        "stopped (FLIGHT-RESUME)",
        level=level,
        minutes=played // 60,
        seconds=played % 60,
    )
