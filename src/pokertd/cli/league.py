"""``pokertd league``: a league's season from the command line: events, points, standings.

A season lives in the same event file as the tournaments (``--db``; default ``$POKERTD_DB``, else
``pokertd.db`` here), as the stream ``league-N``; ``--league`` picks one (an id or a number;
default the latest). Changing commands go through ``LeagueService`` and print what they did;
reading commands show what ``pokertd.league.standings`` computes. Text is in English or French
(``--lang``, default ``$POKERTD_LANG``, else en); JSON (``--json``) is the same in both. Exit
status 1 means malformed input, 2 that the season's state or a rule forbids what was asked: one
line on stderr, in the language asked, never a traceback. ``POKERTD_NOW`` fixes the clock, as for
``pokertd tournament``. ``standings --csv FILE`` and ``events EVENT --csv FILE`` export CSV
(``pokertd.present.league_exports``).
"""

from __future__ import annotations

import errno
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

import click

from pokertd.cli.output import Group, emit_json, user_errors
from pokertd.cli.session import (
    Decorator,
    Settings,
    env_clock,
    lang_of,
    open_event_file,
    options,
    read_settings,
)
from pokertd.cli.session import Session as StreamSession
from pokertd.errors import NotFoundError, ParseError
from pokertd.league import commands as cmd
from pokertd.league import events as ev
from pokertd.league.aggregate import League
from pokertd.league.points import PointsFormula, parse_number
from pokertd.league.results import name_key, parse_euros, results_from_rows
from pokertd.league.standings import (
    Offence,
    offences,
    scored_events,
    standings,
)
from pokertd.messages import Message, message
from pokertd.present.formats import euros, format_money, show_points
from pokertd.present.i18n import render
from pokertd.present.league_exports import event_csv, event_data, standings_csv, standings_data
from pokertd.present.tournament_input import parse_by_entry, parse_entry, read_csv
from pokertd.present.tournament_log import local_time
from pokertd.present.tournament_views import places, table_text
from pokertd.present.words import Words
from pokertd.service.leagues import LeagueService
from pokertd.tournament.reports import winnings

# -- options, the event file and the clock --------------------------------------------------------


def _settings() -> Settings:
    """Read ``--db``, ``--league``, ``--json`` and ``--lang`` from the command or its group."""
    return read_settings("league")


def _lang() -> str:
    return lang_of("league")


_LEAGUE = ("--league", "League id or number (default: the latest).")


def _options(*, league: bool = True) -> Decorator:
    """Add ``--db``, ``--league`` (unless told not to), ``--json`` and ``--lang``."""
    return options(_LEAGUE if league else None)


class Session(StreamSession[LeagueService]):
    """One command's access to the event file and the season chosen."""

    def load(self) -> League:
        """Return the season as stored now."""
        return self.service.load(self.id)


@contextmanager
def _session(*, create: bool = False) -> Iterator[Session]:
    settings = _settings()
    first = (message("a league"), "pokertd league create")
    with open_event_file(settings, create=create, first=first) as (store, now):
        yield Session(settings, LeagueService(store, now=now), now)


def _number(text: str, what: Message | str, words: Words) -> int:
    """Read an event number (``3`` or ``#3``); ``what`` names it (an option, ``an event``)."""
    try:
        return parse_entry(text, words=words)
    except ParseError:
        raise ParseError(
            words("{what} is a number such as 3, not {text!r}", what=what, text=text)
        ) from None


def _count(text: str | None, option: str, words: Words) -> int | None:
    if text is None:
        return None
    if not re.fullmatch(r"[0-9]+", text.strip()) or int(text) < 1:
        raise ParseError(
            words("{what} is a whole number from 1, not {text!r}", what=option, text=text)
        )
    return int(text)


# -- telling what happened ------------------------------------------------------------------------


def _euros(cents: int, words: Words) -> str:
    """Return ``150``, ``22.50`` (``22,50`` in French): whole euros, else to the cent."""
    return euros(cents, words.lang) if cents % 100 == 0 else format_money(cents, words.lang)


def _title_of(league: League, number: int) -> str:
    """The last title event ``number`` had, even after it was removed."""
    titles = [
        e.title
        for e in league.events
        if isinstance(e, ev.EventAdded | ev.EventReplaced) and e.event == number
    ]
    return titles[-1] if titles else "?"


def describe(event: ev.LeagueEvent, league: League, words: Words) -> list[str]:
    """Return the lines telling one league event (the first line is the summary)."""
    match event:
        case ev.LeagueCreated():
            return _created(event, words)
        case ev.EventAdded() | ev.EventReplaced():
            verb = words("added") if isinstance(event, ev.EventAdded) else words("imported again")
            source = words(", from {source}", source=event.source) if event.source else ""
            return [
                words(
                    "event {event} {verb}: {title!r} on {date}, {entries} entries{source}",
                    event=event.event,
                    verb=verb,
                    title=event.title,
                    date=event.date,
                    entries=event.entries,
                    source=source,
                )
            ]
        case ev.EventRemoved(event=number):
            title = _title_of(league, number)
            return [words("event {number} removed: {title!r}", number=number, title=title)]
        case ev.RegularAbsentD2Applied():
            return _absent(event, league, words)
        case ev.FormulaChanged():
            told = render(
                PointsFormula.parse(event.points, bonus=event.bonus).describe(), words.lang
            )
            return [words("points formula changed: {told}", told=told)]
        case ev.ResultsDetailed(event=number):
            return [
                words("event {number}: rebuys, add-ons, knockouts and places paid", number=number)
            ]
        case ev.TournamentExpected(source=source):
            return [words("{source} expected: added when it finishes", source=source)]
        case ev.PlayersMerged(player=player, into=into):
            return [words("{player!r} merged into {into!r}: one player", player=player, into=into)]
        case ev.CommandUndone(undone=undone):
            cancelled = [
                describe(e, league, words)[0]
                for e in league.events
                if e.cmd == undone and not isinstance(e, ev.CommandUndone)
            ]
            summary = cancelled[0] if cancelled else words("command {undone}", undone=undone)
            return [words("undone: {summary}", summary=summary)]
    return [event.name]  # pragma: no cover - every event type is told above


def _created(event: ev.LeagueCreated, words: Words) -> list[str]:
    told = render(PointsFormula.parse(event.points, bonus=event.bonus).describe(), words.lang)
    season = words(", season {season}", season=event.season) if event.season else ""
    if event.best is None:
        counted = words("every result")
    else:
        counted = words("the best {best} results", best=event.best)
    if event.planned is not None:
        counted += words(" (of {planned} events)", planned=event.planned)
    lines = [
        words("league created: {title!r}{season}", title=event.title, season=season),
        words("  points: {told}", told=told),
        words("  counted: {counted}", counted=counted),
    ]
    regulars = list(event.regulars)
    if event.regular_after:
        regulars.append(
            words(
                "anyone who has played {regular_after} event(s) of the season",
                regular_after=event.regular_after,
            )
        )
    if regulars:
        listed = ", ".join(regulars)
        lines.append(words("  regulars (BAN/D2): {listed}", listed=listed))
    return lines


def _absent(event: ev.RegularAbsentD2Applied, league: League, words: Words) -> list[str]:
    name, number = event.player, event.event
    how = (
        words("absent") if event.lateness == cmd.Lateness.ABSENT else words("late without warning")
    )
    lines = [
        words(
            "BAN/D2: {name} {how} at the start of day 2 of event {number}",
            name=name,
            how=how,
            number=number,
        )
    ]
    if number not in league.state.events or league.state.canonical(name) != name:
        return lines
    scored = {r.player: r for r in scored_events(league.state)[number]}
    result = scored.get(name)
    if result is None:  # pragma: no cover - an absence always has a result
        return lines
    if result.offence == Offence.FIRST:
        ordinal = words.ordinal(result.place)
        lines.append(
            words(
                "  first offence: out just before day 2, scores {ordinal} place ({points})",
                ordinal=ordinal,
                points=_points(result.points, words),
            )
        )
    elif result.offence == Offence.REPEAT:
        field = league.state.events[number].field
        spot = places(result.place, result.shared)
        lines.append(
            words(
                "  repeat offence: ranked as if out first, place {spot} of {places} ({points})",
                spot=spot,
                places=field.places,
                points=_points(result.points, words),
            )
        )
    return lines


def _points(points: Fraction, words: Words) -> str:
    """Return ``12.5 points``, ``1 point``; in French ``12,5 points``, ``1,5 point``."""
    singular = points < 2 if words.lang == "fr" else points == 1
    return f"{show_points(points, words.lang)} {'point' if singular else 'points'}"


def _report(session: Session, done: Sequence[ev.LeagueEvent], extra: Sequence[str] = ()) -> None:
    league, words = session.load(), session.words
    if session.settings.as_json:
        listed = [{"type": e.name, **ev.to_data(e)} for e in done]
        emit_json({"league": session.id, "version": league.version, "events": listed})
        return
    # The details stored beside an added event are in the log; a command's answer tells its event.
    told = [e for e in done if not isinstance(e, ev.ResultsDetailed)]
    lines = [line for e in told for line in describe(e, league, words)]
    click.echo("\n".join([*lines, *extra]))


# -- the group and the changing commands ----------------------------------------------------------


@click.group("league", cls=Group, invoke_without_command=True)
@_options()
def league_group(**_: Any) -> None:
    """Keep a league: seasons, points per event, standings, Bannalec's day-2 rule.

    A season lives in the event file (--db) next to the tournaments. Events are added from a
    finished tournament of the file (copied as they are then) or from a CSV file of results;
    points are exact, rounded only when shown. Text in English or French (--lang fr, or
    POKERTD_LANG=fr); JSON (--json) is the same in both. See docs/leagues.md.
    """
    context = click.get_current_context()
    if context.invoked_subcommand is None:
        click.echo(context.get_help())


@league_group.command("create")
@click.option("--name", help="The league's name (required).")
@click.option("--season", help="The season's label, e.g. 2025-2026 (required).")
@click.option("--points", "formula", default="linear", show_default=True, metavar="FORMULA",
              help="table:100,80,65..., linear[:K], sqrt[:K] (K × √(entries ÷ place)) "
                   "or a formula in place, entries, prize, buyin, bounties.")  # fmt: skip
@click.option("--bonus", metavar="N", help="Points every player scores per event played.")
@click.option("--best", metavar="N", help="Count only each player's best N results.")
@click.option("--of", "planned", metavar="M", help="The number of events planned.")
@click.option("--regular", "regulars", multiple=True, metavar="NAME",
              help="A regular, for BAN/D2 (repeat the option).")  # fmt: skip
@click.option("--regular-after", metavar="N",
              help="A player is a regular after playing N events of the season.")  # fmt: skip
@_options(league=False)
def create_command(name: str | None, season: str | None, formula: str, bonus: str | None,
                   best: str | None, planned: str | None, regulars: tuple[str, ...],
                   regular_after: str | None, **_: Any) -> None:  # fmt: skip
    """Create a league's season in the event file (the file is created if needed).

    Without --regular or --regular-after, every player of the season is a regular for
    Bannalec's day-2 rule (SEAT-D2-REGULAR).
    """
    with user_errors(_lang()):
        words = _settings().words
        for value, missing in (
            (name, message("give the league's name with {option}", option="--name")),
            (season, message("give the league's season with {option}", option="--season")),
        ):
            if value is None:
                raise ParseError(words(missing))
        extra = Fraction(0) if bonus is None else parse_number(bonus, what="--bonus")
        after = _count(regular_after, "--regular-after", words)
        command = cmd.CreateLeague(
            str(name),
            str(season),
            points=formula,
            bonus=extra,
            best=_count(best, "--best", words),
            planned=_count(planned, "--of", words),
            regulars=regulars,
            regular_after=after or 0,
        )
        League().handle(command, env_clock(words)())  # check before creating the file
        with _session(create=True) as session:
            outcome = session.service.create(command)
            session.choose(outcome.stream)
            _report(session, outcome.events)


@league_group.command("list")
@_options(league=False)
def list_command(**_: Any) -> None:
    """List the league seasons in the event file."""
    with user_errors(_lang()), _session() as session:
        words, found = session.words, list[dict[str, Any]]()
        for league_id in session.service.leagues():
            state = session.service.load(league_id).state
            found.append(
                {
                    "league": league_id,
                    "title": state.title,
                    "season": state.season,
                    "events": len(state.events),
                }
            )
        if session.settings.as_json:
            emit_json({"leagues": found})
            return
        rows = [words("league name season events").split()]
        rows += [[f["league"], f["title"], f["season"], str(f["events"])] for f in found]
        click.echo("\n".join(table_text(rows) if found else [words("no league")]))


@league_group.command("add-event")
@click.option("--tournament", metavar="ID", help="A finished tournament of the same file.")
@click.option("--csv", "csv_file", metavar="FILE",
              help="A CSV file of results: place, player (prize, bounties, entries).")  # fmt: skip
@click.option("--title", help="The event's title (default: the tournament's, or the file's name).")
@click.option(
    "--date", help="The day it was played, YYYY-MM-DD (default: the tournament's, or today)."
)
@click.option("--buyin", metavar="EUROS", help="The buy-in, for formulas using buyin.")
@click.option(
    "--entries", metavar="N", help="The size of the field of a CSV file (default: its places)."
)
@click.option("--prize", "prizes", multiple=True, metavar="ENTRY=EUROS",
              help="What an entry of the tournament won (repeat the option).")  # fmt: skip
@click.option("--bounty", "bounties", multiple=True, metavar="ENTRY=EUROS",
              help="The bounties an entry of the tournament won (repeat the option).")  # fmt: skip
@click.option("--replace", metavar="EVENT", help="Import again over the results of this event.")
@_options()
def add_event_command(tournament: str | None, csv_file: str | None, title: str | None,
                      date: str | None, buyin: str | None, entries: str | None,
                      prizes: tuple[str, ...], bounties: tuple[str, ...], replace: str | None,
                      **_: Any) -> None:  # fmt: skip
    """Add an event's results to the season, copied as they are now.

    From a tournament, each player counts once, at the best place of his entries; --prize and
    --bounty give what an entry won, over what the tournament recorded. A CSV file has the columns
    place and player (or rang, joueur), and optionally prize (gain), bounties (primes) and
    entries (entrées); players on the same place share it.
    """
    with user_errors(_lang()), _session() as session:
        words = session.words
        if (tournament is None) == (csv_file is None):
            raise ParseError(words("give the results with --tournament ID or --csv FILE"))
        cents = parse_euros(buyin or "", what="--buyin")
        replaces = None if replace is None else _number(replace, "--replace", words)
        if tournament is not None:
            if entries is not None:
                raise ParseError(words("--entries is for a CSV file"))
            outcome = session.service.add_tournament(
                session.id,
                tournament,
                title=title,
                date=date,
                buyin=cents,
                prizes=_money(prizes, "--prize", words),
                bounties=_money(bounties, "--bounty", words),
                money=winnings,
                replaces=replaces,
            )
        else:
            for given, wrong in (
                (prizes, message("--prize is for a tournament; a CSV file has a prize column")),
                (
                    bounties,
                    message("--bounty is for a tournament; a CSV file has a bounties column"),
                ),
            ):
                if given:
                    raise ParseError(words(wrong))
            path = Path(str(csv_file))
            rows = _read_results(path, words)
            size = _count(entries, "--entries", words)
            field = results_from_rows(rows, entries=size, file=repr(str(path)))
            day = date or env_clock(words)().astimezone().date().isoformat()
            command = cmd.AddEvent(
                title or path.stem, day, field, buyin=cents, source=path.name, replaces=replaces
            )
            outcome = session.service.execute(session.id, command)
        number = getattr(outcome.events[0], "event", 0)
        extra = _event_table(session, number) + _lookalikes(session, number)
        _report(session, outcome.events, extra)


def _read_results(path: Path, words: Words) -> list[tuple[int, dict[str, str]]]:
    """Read a results file's rows, or say in the language asked why it cannot be read."""
    file = repr(str(path))
    if not path.exists():
        raise NotFoundError(words("there is no file {file}", file=file))
    if path.is_dir():
        raise ParseError(words("{file} is a folder, not a CSV file", file=file))
    try:
        return read_csv(path, [], words=words)
    except OSError as error:
        raise ParseError(
            words("{file} cannot be read: {why}", file=file, why=error.strerror)
        ) from None


def _write(target: str, text: str, words: Words) -> str:
    """Write an export to ``target`` (``-``: standard output, without a BOM); return the file's
    name. A file gets a UTF-8 BOM, so that a spreadsheet reads its accents right."""
    if target == "-":
        click.echo(text, nl=False)
        return target
    path = Path(target)
    file = repr(str(path))
    try:
        path.write_text(text, encoding="utf-8-sig", newline="")
    except OSError as error:
        why = {
            errno.ENOENT: message("its folder does not exist"),
            errno.EISDIR: message("it is a folder"),
            errno.EACCES: message("permission denied"),
        }.get(error.errno or 0, message("{system_error}", system_error=str(error.strerror)))
        raise ParseError(words("cannot write {file}: {why}", file=file, why=why)) from None
    return str(path)


def _money(texts: Sequence[str], option: str, words: Words) -> dict[int, int]:
    """Read ``--prize`` or ``--bounty`` options (ENTRY=EUROS) into cents by entry number."""

    def euros(text: str, number: int) -> int:
        what = words("{option} of entry {number}", option=option, number=number)
        return parse_euros(text, what=what)

    shape = message("ENTRY=EUROS, such as 12=150")
    return parse_by_entry(texts, option=option, shape=shape, value=euros, words=words)


def _lookalikes(session: Session, number: int) -> list[str]:
    """Say which players of event ``number`` have a name like another one of the season."""
    state, words = session.load().state, session.words
    if number not in state.events:
        return []
    new = {name_key(name) for name in state.players_in(state.events[number])}
    groups: dict[str, list[str]] = {}
    for player in sorted(state.players()):
        groups.setdefault(name_key(player), []).append(player)
    return [
        words(
            "note: {names} may be one player (see merge-players)",
            names=words(" and ").join(map(repr, names)),
        )
        for key, names in groups.items()
        if len(names) > 1 and key in new
    ]


@league_group.command("remove-event")
@click.argument("event")
@_options()
def remove_event_command(event: str, **_: Any) -> None:
    """Take EVENT and its results out of the season."""
    with user_errors(_lang()), _session() as session:
        number = _number(event, message("an event"), session.words)
        _report(session, session.service.execute(session.id, cmd.RemoveEvent(number)).events)


@league_group.command("regular-absent-d2")
@click.argument("event")
@click.argument("player")
@click.option("--late", is_flag=True, help="Late at the start of day 2 (default: absent).")
@click.option("--warned", is_flag=True, help="He warned the director (then being late is excused).")
@_options()
def regular_absent_d2_command(event: str, player: str, late: bool, warned: bool,
                              **_: Any) -> None:  # fmt: skip
    """Apply Bannalec's day-2 rule (SEAT-D2-REGULAR, BAN/D2) to a regular missing day 2 of EVENT.

    Absent (warned or not), or late without having warned the director: the first time he
    keeps the points of the place he went out in, just before day 2 (record him out in the
    tournament before day 2 starts); on a repeat within the season he is ranked as if he had
    gone out first. Offences count in the order the events were played.
    """
    with user_errors(_lang()), _session() as session:
        words = session.words
        number = _number(event, message("an event"), words)
        lateness = cmd.Lateness.LATE if late else cmd.Lateness.ABSENT
        command = cmd.ApplyRegularAbsentD2(number, player, lateness, has_warned=warned)
        before = offences(session.load().state)
        done = session.service.execute(session.id, command).events
        # An absence in an earlier event makes a later one a repeat: say so.
        after = offences(session.load().state)
        changed = [
            words(
                "  event {other}: {name}'s absence is now a repeat offence",
                other=other,
                name=name,
            )
            for (other, name), offence in sorted(after.items())
            if other != number and before.get((other, name), offence) != offence
        ]
        _report(session, done, changed)


@league_group.command("merge-players")
@click.argument("player")
@click.argument("into")
@_options()
def merge_players_command(player: str, into: str, **_: Any) -> None:
    """Count PLAYER's results as INTO's: one person under two spellings, or a new name."""
    with user_errors(_lang()), _session() as session:
        command = cmd.MergePlayers(player, into)
        _report(session, session.service.execute(session.id, command).events)


@league_group.command("formula")
@click.argument("formula", metavar="FORMULA")
@click.option("--bonus", metavar="N", help="Points every player scores per event played "
              "(default: the season's).")  # fmt: skip
@click.option("--best", metavar="N", help="Count only each player's best N results; all: "
              "every result (default: the season's).")  # fmt: skip
@click.option("--of", "planned", metavar="M", help="The number of events planned "
              "(default: the season's).")  # fmt: skip
@_options()
def formula_command(formula: str, bonus: str | None, best: str | None, planned: str | None,
                    **_: Any) -> None:  # fmt: skip
    """Change the season's points FORMULA (as create's --points) and what counts: every event's
    points and the standings are worked out again; undo goes back to the formula before."""
    with user_errors(_lang()), _session() as session:
        words, state = session.words, session.load().state
        extra = state.formula.bonus if bonus is None else parse_number(bonus, what="--bonus")
        counted = (
            state.best if best is None else None if best == "all" else _count(best, "--best", words)
        )
        command = cmd.ChangeFormula(
            formula,
            extra,
            counted,
            state.planned if planned is None else _count(planned, "--of", words),
        )
        _report(session, session.service.execute(session.id, command).events)


@league_group.command("undo")
@_options()
def undo_command(**_: Any) -> None:
    """Cancel the last command in force (a compensating event, nothing deleted)."""
    with user_errors(_lang()), _session() as session:
        _report(session, session.service.execute(session.id, cmd.Undo()).events)


# -- reading --------------------------------------------------------------------------------------


@league_group.command("standings")
@click.option("--csv", "csv_file", metavar="FILE",
              help="Write the standings to a CSV file instead (- for the output), with each "
                   "player's points in every event.")  # fmt: skip
@_options()
def standings_command(csv_file: str | None, **_: Any) -> None:
    """Show the standings: points, events played, wins, best place, results counted.

    Players are ranked by points, then by wins, then by best place; players equal on all three
    share the rank (shown 2=).
    """
    with user_errors(_lang()), _session() as session:
        state, words = session.service.as_registered(session.id), session.words
        table = standings(state)
        if csv_file is not None:
            written = _write(csv_file, standings_csv(state, words.lang), words)
            _exported(session, written, len(table), words("player(s)"))
            return
        if session.settings.as_json:
            emit_json({"league": session.id, **standings_data(state)})
            return
        count = len(state.events)
        season = words(", season {season}", season=state.season) * bool(state.season)
        head = words(
            "{title}{season}: {count} event(s)",
            title=state.title,
            season=season,
            count=count,
        )
        if state.planned is not None:
            head += words(" of {planned}", planned=state.planned)
        if state.best is not None:
            head += words(", best {best} results counted", best=state.best)
        told = render(state.formula.describe(), words.lang)
        head += "\n" + words("points: {told}", told=told)
        counting = state.best is not None  # else every result counts: no column for it
        heads = words("rank player points events wins best counted").split()
        rows = [heads if counting else heads[:-1]]
        for line in table:
            row = [
                f"{line.rank}{'=' if line.is_tied else ''}",
                line.player,
                show_points(line.points, words.lang),
                str(line.played),
                str(line.wins),
                words.ordinal(line.best_place),
                ", ".join(f"#{n}" for n in line.counted),
            ]
            rows.append(row if counting else row[:-1])
        body = table_text(rows) if table else [words("no result yet")]
        click.echo("\n".join([head, *body]))


@league_group.command("events")
@click.argument("event", required=False)
@click.option("--csv", "csv_file", metavar="FILE",
              help="Write EVENT's results with their points to a CSV file instead (- for the "
                   "output); the file can be imported again.")  # fmt: skip
@_options()
def events_command(event: str | None, csv_file: str | None, **_: Any) -> None:
    """List the season's events, or show EVENT's results with their points."""
    with user_errors(_lang()), _session() as session:
        state, words = session.service.as_registered(session.id), session.words
        if csv_file is not None and event is None:
            raise ParseError(words("--csv exports one event's results: give the EVENT"))
        if event is not None:
            number = _number(event, message("an event"), words)
            if number not in state.events:
                raise NotFoundError(
                    words("there is no event {number} in the season", number=number)
                )
            if csv_file is not None:
                written = _write(csv_file, event_csv(state, number, words.lang), words)
                count = len(state.events[number].results)
                _exported(session, written, count, words("result(s)"))
                return
            if session.settings.as_json:
                event_json = event_data(state, number, with_results=True)
                emit_json({"league": session.id, "event": event_json})
            else:
                click.echo("\n".join(_event_table(session, number, full=True)))
            return
        ordered = state.ordered()
        if session.settings.as_json:
            listed = [event_data(state, e.number) for e in ordered]
            emit_json({"league": session.id, "events": listed})
            return
        rows = [words("event date title entries buy-in source").split()]
        rows += [
            [
                f"#{e.number}",
                e.date,
                e.title,
                str(e.field.entries),
                _euros(e.buyin, words),
                e.source,
            ]
            for e in ordered
        ]
        click.echo("\n".join(table_text(rows) if ordered else [words("no event yet")]))


def _exported(session: Session, written: str, count: int, what: str) -> None:
    """Say where an export went (nothing more when it went to the output)."""
    if written == "-":
        return
    if session.settings.as_json:
        emit_json({"league": session.id, "csv": written, "rows": count})
        return
    words = session.words
    click.echo(
        words("{count} {what} written to {written}", count=count, what=what, written=written)
    )


def _event_table(session: Session, number: int, *, full: bool = False) -> list[str]:
    """Return an event's results with their points (after a summary line when ``full``)."""
    state, words = session.load().state, session.words
    if number not in state.events:
        return []
    scored = state.events[number]
    lines: list[str] = []
    if full:
        source = words(", from {source}", source=scored.source) if scored.source else ""
        buyin, entries = _euros(scored.buyin, words), scored.field.entries
        lines.append(
            words(
                "event {number}: {title!r} on {date}, {entries} entries, buy-in {buyin}{source}",
                number=number,
                title=scored.title,
                date=scored.date,
                entries=entries,
                buyin=buyin,
                source=source,
            )
        )
    rows = [words("place player points prize note").split()]
    for result in scored_events(state)[number]:
        note = ""
        if result.offence == Offence.FIRST:
            note = words("BAN/D2, first offence")
        elif result.offence == Offence.REPEAT:
            recorded = places(*result.recorded)
            note = words("BAN/D2, repeat (was {recorded})", recorded=recorded)
        prize = _euros(result.prize, words) if result.prize else ""
        rows.append(
            [
                places(result.place, result.shared),
                result.player,
                show_points(result.points, words.lang),
                prize,
                note,
            ]
        )
    return lines + [f"  {line}" if not full else line for line in table_text(rows)]


@league_group.command("log")
@click.option("--last", metavar="N", help="Only the last N events.")
@_options()
def log_command(last: str | None, **_: Any) -> None:
    """Show the season's event log: version, time, what happened, [undone] if cancelled."""
    with user_errors(_lang()), _session() as session:
        league, words = session.load(), session.words
        count = _count(last, "--last", words)
        numbered = list(enumerate(league.events, start=1))[-(count or 0) :]
        if session.settings.as_json:
            listed = [
                {
                    "version": version,
                    "cancelled": e.cmd in league.undone,
                    "type": e.name,
                    **ev.to_data(e),
                }
                for version, e in numbered
            ]
            emit_json({"league": session.id, "version": league.version, "events": listed})
            return
        mark = words("  [undone]")
        click.echo(
            "\n".join(
                f"{version:>5}  {local_time(e.at)}  {describe(e, league, words)[0]}"
                f"{mark if e.cmd in league.undone else ''}"
                for version, e in numbered
            )
        )
