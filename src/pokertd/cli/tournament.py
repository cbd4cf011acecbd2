"""``pokertd tournament``: run a tournament from the command line, one command at a time.

Every subcommand works on an event file (``--db``; default ``$POKERTD_DB``, else ``pokertd.db`` in
the current directory) and on one tournament in it (``--event``, an id or a number; default the
latest), and prints JSON with ``--json``. Commands that change the tournament go through
``TournamentService`` and print the events they caused; reading commands show what the domain
computes (``pokertd.cli.tournament_views`` renders it). Exit status 1 means malformed input, 2 that
a rule forbids what was asked: one line on stderr, never a traceback.

Testing aids, never for a live event: ``POKERTD_NOW`` (an ISO-8601 time) stops the clock at that
moment and ``POKERTD_SEED`` (an integer) seeds the draws, so that tests and demos repeat exactly.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import os
import random
import re
import tomllib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from pokertd.cli import tournament_views as views
from pokertd.cli.output import EXIT_MALFORMED, EXIT_RULE, emit_json, fail, user_errors
from pokertd.errors import IllegalActionError, NotFoundError, ParseError, PokertdError
from pokertd.service import runtime
from pokertd.service.tournaments import TournamentService
from pokertd.store import EventStore, open_store
from pokertd.tournament import commands as cmd
from pokertd.tournament import events as ev
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.structure import TEMPLATES, Structure, template

DEFAULT_DB = "pokertd.db"

# -- options shared by every subcommand -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settings:
    """Where and how a subcommand works: the event file, the tournament, JSON or text."""

    db: Path
    event: str | None
    as_json: bool


def _settings() -> Settings:
    """Read ``--db``, ``--event`` and ``--json`` from the command, else from its groups."""
    db: str | None = None
    event: str | None = None
    as_json = False
    context: click.Context | None = click.get_current_context()
    while context is not None:
        params = context.params
        db = db if db is not None else params.get("db")
        event = event if event is not None else params.get("event")
        as_json = as_json or bool(params.get("as_json"))
        context = context.parent
    path = Path(db if db is not None else os.environ.get("POKERTD_DB") or DEFAULT_DB)
    return Settings(path, event, as_json)


def _options(*, event: bool = True) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add ``--db``, ``--event`` (unless told not to) and ``--json`` to a command or group."""

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        function = click.option(
            "--json", "as_json", is_flag=True, help="Print JSON instead of text."
        )(function)
        if event:
            function = click.option(
                "--event",
                metavar="ID",
                help="Tournament id or number in the file (default: the latest).",
            )(function)
        return click.option(
            "--db",
            metavar="FILE",
            help=f"Event file (default: $POKERTD_DB, else {DEFAULT_DB} here).",
        )(function)

    return decorate


def _help_without_subcommand() -> None:
    """A group named without a subcommand prints its help and exits 0."""
    context = click.get_current_context()
    if context.invoked_subcommand is None:
        click.echo(context.get_help())


class _TournamentGroup(click.Group):
    """A group whose usage errors (a missing argument, a bad number) exit 1 on one line."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            where = error.ctx.command_path if error.ctx is not None else "pokertd tournament"
            fail(f"{error.format_message()} (see {where} --help)", status=EXIT_MALFORMED)


# -- the event file, the clock and the random source ----------------------------------------------


def _clock() -> Callable[[], datetime.datetime]:
    """The real clock, or the moment ``POKERTD_NOW`` names (a testing aid)."""
    text = os.environ.get("POKERTD_NOW")
    if not text:
        return runtime.now
    try:
        moment = datetime.datetime.fromisoformat(text)
    except ValueError:
        raise ParseError(f"POKERTD_NOW is an ISO-8601 time, not {text!r}") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.UTC)
    return lambda: moment


def _rng() -> random.Random | None:
    """None (the service's SystemRandom), or a generator seeded by ``POKERTD_SEED``."""
    text = os.environ.get("POKERTD_SEED")
    if not text:
        return None
    if not re.fullmatch(r"-?\d+", text.strip()):
        raise ParseError(f"POKERTD_SEED is an integer, not {text!r}")
    return random.Random(int(text))


class Session:
    """One command's access to the event file: the service, the tournament chosen, the clock."""

    def __init__(self, settings: Settings, store: EventStore) -> None:
        self.settings = settings
        self.now = _clock()
        self.service = TournamentService(store, now=self.now, rng=_rng())
        self._id: str | None = None

    @property
    def id(self) -> str:
        """The tournament's id (``--event``, else the latest in the file)."""
        if self._id is None:
            self._id = self.service.resolve(self.settings.event)
        return self._id

    def load(self) -> Tournament:
        """Return the tournament as stored now."""
        return self.service.load(self.id)

    def choose(self, tournament_id: str) -> None:
        """Work on this tournament from now on (the one just created)."""
        self._id = tournament_id


@contextmanager
def _session(*, create: bool = False) -> Iterator[Session]:
    settings = _settings()
    if not create and not settings.db.exists():
        raise NotFoundError(
            f"there is no event file {str(settings.db)!r}: create a tournament first "
            "(pokertd tournament create) or give --db"
        )
    store = open_store(settings.db)
    try:
        yield Session(settings, store)
    finally:
        store.close()


def _change(
    commands: Sequence[cmd.Command], *, show_clock: bool = False, unchanged: str = ""
) -> None:
    """Carry out commands and print the events they caused.

    Several commands (``register A B C``) are first rehearsed on a copy of the tournament, so
    that a refusal of the third leaves the file unchanged.
    """
    with _session() as session:
        tournament = session.load()
        if len(commands) > 1:
            trial = Tournament.replay(tournament.events)
            for command in commands:
                trial.apply(trial.handle(command, session.now(), random.Random(0)))
        done: list[ev.TournamentEvent] = []
        try:
            for command in commands:
                done.extend(session.service.execute(session.id, command).events)
        except PokertdError:
            if done:  # another writer got in between: say what was done before the refusal
                _report(session, done, show_clock=show_clock)
            raise
        _report(session, done, show_clock=show_clock, unchanged=unchanged)


def _report(
    session: Session,
    done: Sequence[ev.TournamentEvent],
    *,
    show_clock: bool,
    unchanged: str = "",
) -> None:
    """Print the events a command caused (or, when it caused none, why nothing changed)."""
    tournament = session.load()
    if session.settings.as_json:
        emit_json(views.outcome_json(session.id, tournament.version, done))
        return
    why = unchanged.format(profile=tournament.state.profile.id)
    lines = views.describe_events(done, tournament) if done else [why or "nothing changed"]
    if show_clock:
        lines += ["", *views.clock_lines(tournament.clock_view(session.now()), tournament.state)]
    lines += _hints(tournament, done)
    click.echo("\n".join(lines))


def _hints(tournament: Tournament, done: Sequence[ev.TournamentEvent]) -> list[str]:
    """After a change of players at the tables, say whether moves are due or a table halts."""
    seating = (ev.PlayersBusted, ev.PlayerQuit, ev.PlayerDisqualified, ev.PlayerSeated)
    if tournament.state.winner is not None or not any(isinstance(e, seating) for e in done):
        return []
    hints: list[str] = []
    halted = [n for n in sorted(tournament.state.tables) if tournament.is_halted(n)]
    if halted:
        listed = ", ".join(str(n) for n in halted)
        hints.append(f"play halts at table(s) {listed} until the tables are balanced")
    if not tournament.state.pending_moves and tournament.proposals(random.Random(0)):
        hints.append("moves are due: see `pokertd tournament moves`, then `moves propose`")
    return hints


# -- parsing what the director types --------------------------------------------------------------


def parse_entry(text: str) -> int:
    """Read an entry number: ``12`` or ``#12``.

    >>> parse_entry("#12"), parse_entry(" 7 ")
    (12, 7)
    """
    match = re.fullmatch(r"#?(\d+)", text.strip())
    if match is None:
        raise ParseError(f"an entry is a number such as 12 or #12, not {text!r}")
    return int(match.group(1))


def parse_entries(texts: Sequence[str]) -> list[int]:
    """Read entry numbers and ranges: ``3 #5 7-9``.

    >>> parse_entries(["3", "#5", "7-9"])
    [3, 5, 7, 8, 9]
    """
    found: list[int] = []
    for text in texts:
        match = re.fullmatch(r"#?(\d+)-#?(\d+)", text.strip())
        if match is None:
            found.append(parse_entry(text))
            continue
        low, high = int(match.group(1)), int(match.group(2))
        if low > high:
            raise ParseError(f"the range {text!r} runs backwards")
        found.extend(range(low, high + 1))
    return found


def parse_chips(text: str, *, what: str = "a chip count") -> int:
    """Read a chip count: a whole number from 0 (``12500`` or ``12 500``)."""
    cleaned = text.strip().replace(" ", "").replace("_", "")
    if not cleaned.isdigit():
        raise ParseError(f"{what} is a whole number of chips, not {text!r}")
    return int(cleaned)


def parse_stacks(texts: Sequence[str]) -> dict[int, int]:
    """Read ``--stack ENTRY=CHIPS`` options.

    >>> parse_stacks(["#4=12500", "7=0"])
    {4: 12500, 7: 0}
    """
    stacks: dict[int, int] = {}
    for text in texts:
        entry, equals, chips = text.partition("=")
        if not equals:
            raise ParseError(f"--stack takes ENTRY=CHIPS, such as 12=4500, not {text!r}")
        number = parse_entry(entry)
        if number in stacks:
            raise ParseError(f"--stack gives entry {number} twice")
        stacks[number] = parse_chips(chips, what=f"the stack of entry {number}")
    return stacks


def parse_seconds(text: str) -> float:
    """Read a time to add or remove: ``90``, ``-90``, ``+1:30`` or ``-0:30``.

    >>> parse_seconds("-1:30"), parse_seconds("+45")
    (-90.0, 45.0)
    """
    match = re.fullmatch(r"([+-]?)(?:(\d+):)?(\d+(?:\.\d+)?)", text.strip())
    if match is None or (match.group(2) is not None and float(match.group(3)) >= 60):
        raise ParseError(f"give seconds (90, -90) or minutes:seconds (+1:30), not {text!r}")
    seconds = int(match.group(2) or 0) * 60 + float(match.group(3))
    return -seconds if match.group(1) == "-" else seconds


def parse_numbers(text: str, *, what: str) -> tuple[int, ...]:
    """Read a comma-separated list of positive whole numbers.

    >>> parse_numbers("25, 100,500", what="chips")
    (25, 100, 500)
    """
    parts = [part.strip() for part in text.split(",")]
    if not all(part.isdigit() and int(part) > 0 for part in parts):
        raise ParseError(f"{what} is a list of positive numbers such as 5,4,3, not {text!r}")
    return tuple(int(part) for part in parts)


def parse_move(text: str) -> tuple[int, int, int]:
    """Read ``--move ENTRY:TABLE:SEAT``.

    >>> parse_move("#12:1:4")
    (12, 1, 4)
    """
    match = re.fullmatch(r"#?(\d+):(\d+):(\d+)", text.strip())
    if match is None:
        raise ParseError(f"--move takes ENTRY:TABLE:SEAT, such as 12:1:4, not {text!r}")
    return int(match.group(1)), int(match.group(2)), int(match.group(3))


def read_structure(path: Path) -> dict[str, Any]:
    """Read a structure file, JSON or TOML (by its suffix), in ``Structure.to_dict()`` form."""
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text) if path.suffix.lower() == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        raise ParseError(f"structure file {str(path)!r} is not valid: {error}") from None
    try:
        return Structure.from_dict(data).to_dict()
    except ParseError as error:
        raise ParseError(f"structure file {str(path)!r}: {error}") from None


def read_csv(path: Path, required: Sequence[str]) -> list[tuple[int, dict[str, str]]]:
    """Read a CSV file with a header row (comma, semicolon or tab separated).

    Returns (line number, row) pairs with lower-case column names. Raises ParseError when a
    required column is missing or the file is not UTF-8 text.
    """
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise ParseError(f"{str(path)!r} is not a UTF-8 text file") from None
    header = text.splitlines()[0] if text.strip() else ""
    delimiter = max(",;\t", key=header.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        rows = list(reader)
    except csv.Error as error:
        raise ParseError(f"{str(path)!r} is not valid CSV: {error}") from None
    if not rows:
        raise ParseError(f"{str(path)!r} is empty: it needs a header row")
    columns = [name.strip().lower() for name in rows[0]]
    missing = [name for name in required if name not in columns]
    if missing:
        raise ParseError(f"{str(path)!r} has no {missing[0]!r} column (it has {columns})")
    found: list[tuple[int, dict[str, str]]] = []
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(columns):
            raise ParseError(f"{str(path)!r} line {line} has more cells than the header")
        found.append((line, dict(zip(columns, row, strict=False))))
    return found


def read_stacks(path: Path) -> dict[int, int]:
    """Read bagged stacks from a CSV file with ``entry`` and ``chips`` columns."""
    rows = read_csv(path, ["entry", "chips"])
    try:
        return parse_stacks([f"{row['entry']}={row['chips'] or ''}" for _, row in rows])
    except ParseError as error:
        raise ParseError(f"{str(path)!r}: {error}") from None


# -- the group ------------------------------------------------------------------------------------


@click.group("tournament", cls=_TournamentGroup, invoke_without_command=True)
@_options()
def tournament_group(**_: Any) -> None:
    """Run a tournament: entries, seat draw, clock, hands, tables, bust-outs, days.

    The tournament lives in an event file (--db); every command reads it and appends to it, so
    the state survives between commands and a restart resumes the clock exactly. Entries are
    numbers (#12 or 12), tables and seats are numbers. See docs/tournament.md.
    """
    _help_without_subcommand()


def _simple(group: click.Group, name: str, command: cmd.Command, summary: str,
            *, show_clock: bool = False, unchanged: str = "") -> None:  # fmt: skip
    """Define ``pokertd tournament [GROUP] NAME``, a command without arguments."""

    @_options()
    def run(**_: Any) -> None:
        with user_errors():
            _change([command], show_clock=show_clock, unchanged=unchanged)

    run.__doc__ = summary
    group.command(name)(run)


def _entry_command(name: str, build: Callable[[int], cmd.Command], summary: str) -> None:
    """Define ``pokertd tournament NAME ENTRY``, a command about one entry."""

    @click.argument("entry")
    @_options()
    def run(entry: str, **_: Any) -> None:
        with user_errors():
            _change([build(parse_entry(entry))])

    run.__doc__ = summary
    tournament_group.command(name)(run)


@tournament_group.command("create")
@click.option("--title", required=True, help="The tournament's name.")
@click.option("--profile", default="tda-2017", show_default=True, metavar="ID",
              help="Rule profile: tda-2017, lfp, bannalec, gran-madrid or generic.")  # fmt: skip
@click.option("--template", "kind", type=click.Choice(TEMPLATES),
              help="Ready-made structure (default: regular).")  # fmt: skip
@click.option("--structure", "structure_file", metavar="FILE",
              help="A structure file, JSON or TOML (see docs/tournament.md).")  # fmt: skip
@click.option("--stack", metavar="N", help="Starting stack of a template (default 20000).")
@click.option("--chips", metavar="LIST", help="Chips of a template (default 25,100,500,1000,5000).")
@click.option("--table-size", default=9, show_default=True, type=int, help="Seats per table.")
@click.option("--max-players", default=0, type=int,
              help="Entries before new ones become alternates (default: no limit).")  # fmt: skip
@click.option("--late-levels", type=int, metavar="N",
              help="Late registration to the end of level N (default: the profile's).")  # fmt: skip
@click.option("--break-order", metavar="LIST", help="Tables in breaking order, e.g. 5,4,3.")
@_options(event=False)
def create_command(title: str, profile: str, kind: str | None, structure_file: str | None,
                   stack: str | None, chips: str | None, table_size: int, max_players: int,
                   late_levels: int | None, break_order: str | None, **_: Any) -> None:  # fmt: skip
    """Create a tournament in the event file (the file is created if needed)."""
    with user_errors():
        if structure_file is not None:
            if kind is not None or stack is not None or chips is not None:
                raise ParseError("--structure replaces --template, --stack and --chips")
            structure = read_structure(Path(structure_file))
        else:
            starting = 20_000 if stack is None else parse_chips(stack, what="--stack")
            kinds = (
                (25, 100, 500, 1000, 5000)
                if chips is None
                else parse_numbers(chips, what="--chips")
            )
            built = template(kind or "regular", starting_stack=starting, chips=kinds,
                             players=max_players or None)  # fmt: skip
            structure = built.to_dict()
        order = () if break_order is None else parse_numbers(break_order, what="--break-order")
        command = cmd.CreateTournament(title, structure, profile, table_size, max_players,
                                       late_levels, order)  # fmt: skip
        Tournament().handle(command, _clock()(), random.Random(0))  # check before the file
        with _session(create=True) as session:
            outcome = session.service.create(command)
            session.choose(outcome.tournament)
            _report(session, outcome.events, show_clock=False)


@tournament_group.command("list")
@_options(event=False)
def list_command(**_: Any) -> None:
    """List the tournaments in the event file."""
    with user_errors(), _session() as session:
        service = session.service
        found = [views.list_document(t, service.load(t).state) for t in service.tournaments()]
        if session.settings.as_json:
            emit_json(found)
        elif not found:
            click.echo(f"no tournament in {str(session.settings.db)!r}")
        else:
            click.echo("\n".join(views.list_lines(found)))


# -- entries --------------------------------------------------------------------------------------


@tournament_group.command("register")
@click.argument("names", nargs=-1, required=True, metavar="NAME...")
@click.option("--contact", default="", help="A phone number or an e-mail, for each name given.")
@_options()
def register_command(names: tuple[str, ...], contact: str, **_: Any) -> None:
    """Register players; after the draw a late registration is seated at once (SEAT-LATE-WINDOW)."""
    with user_errors():
        _change([cmd.Register(name, contact) for name in names])


@tournament_group.command("import")
@click.argument("path", metavar="FILE.csv")
@_options()
def import_command(path: str, **_: Any) -> None:
    """Register the players of a CSV file (a `name` column, an optional `contact` column).

    Each row is registered on its own: a row that fails is reported and the import goes on. The
    exit status is 0 when every row was registered, else that of the first row that was not.
    """
    with user_errors(), _session() as session:
        rows = read_csv(Path(path), ["name"])
        session.load()  # the tournament exists
        report: list[dict[str, Any]] = []
        done: list[ev.TournamentEvent] = []
        for line, row in rows:
            name, contact = row.get("name", "").strip(), (row.get("contact") or "").strip()
            outcome: dict[str, Any] = {"line": line, "name": name, "ok": True}
            try:
                if not name:
                    raise ParseError("the name is empty")
                new = session.service.execute(session.id, cmd.Register(name, contact)).events
                done.extend(new)
                outcome["entry"] = next(e.entry for e in new if isinstance(e, ev.PlayerRegistered))
            except PokertdError as error:
                rule = error.rule if isinstance(error, IllegalActionError) else None
                outcome.update(ok=False, error=str(error), rule=rule)
            report.append(outcome)
        tournament = session.load()
        if session.settings.as_json:
            emit_json(views.outcome_json(session.id, tournament.version, done) | {"rows": report})
        else:
            click.echo("\n".join(views.import_lines(report, tournament.state)))
        failed = [row for row in report if not row["ok"]]
        if failed:
            first = failed[0]
            status = EXIT_RULE if first["rule"] else EXIT_MALFORMED
            fail(f"{len(failed)} of {len(report)} rows not registered; first, line "
                 f"{first['line']}: {first['error']}", status=status)  # fmt: skip


@tournament_group.command("check-in")
@click.argument("entries", nargs=-1, required=True, metavar="ENTRY...")
@_options()
def check_in_command(entries: tuple[str, ...], **_: Any) -> None:
    """Mark players present; ranges such as 1-20 are accepted."""
    with user_errors():
        _change([cmd.CheckIn(number) for number in parse_entries(entries)])


_entry_command("withdraw", cmd.Withdraw, "Withdraw an entry that has no seat yet.")
_simple(tournament_group, "draw", cmd.DrawSeats(),
        "Draw tables, seats and each table's first button (SEAT-DRAW).")  # fmt: skip
_entry_command("alternate", cmd.SeatAlternate,
               "Seat an alternate, with a full stack (SEAT-LATE-STACK).")  # fmt: skip
_entry_command("reenter", cmd.ReEnter,
               "Buy ENTRY a new entry with a full stack (BUY-REENTRY).")  # fmt: skip
_simple(tournament_group, "close-late-arrivals", cmd.CloseLateArrivals(),
        "End the late-arrival period for absent players (SEAT-LATE-ABSENT).",
        unchanged="nothing changed: under {profile} players who have not arrived stay in and "
        "are blinded off (SEAT-LATE-ABSENT)")  # fmt: skip
_entry_command("arrive", cmd.Arrive, "A seated player arrives, or comes back to his seat.")
_entry_command("away", cmd.GoAway,
               "A seated player leaves his seat for a while (ABS-AWAY).")  # fmt: skip
_entry_command("quit", cmd.Quit,
               "A player leaves for good: chips removed or blinded off (ABS-QUIT).")  # fmt: skip


@tournament_group.command("disqualify")
@click.argument("entry")
@click.option("--reason", default="", help="Why, for the record.")
@_options()
def disqualify_command(entry: str, reason: str, **_: Any) -> None:
    """Disqualify a player; his chips leave play (PEN-DQ)."""
    with user_errors():
        _change([cmd.Disqualify(parse_entry(entry), reason)])


@tournament_group.command("penalty")
@click.argument("entry")
@click.option("--hands", type=int, help="Hands to sit out.")
@click.option("--rounds", type=int, help="Rounds to sit out: a round is one hand per player "
              "at his table, him included (PEN-MISSED-HANDS).")  # fmt: skip
@click.option("--warning", is_flag=True, help="A warning, no hands out.")
@click.option("--reason", default="", help="Why, for the record.")
@_options()
def penalty_command(entry: str, hands: int | None, rounds: int | None, warning: bool,
                    reason: str, **_: Any) -> None:  # fmt: skip
    """Give a warning or a penalty (PEN-LADDER): exactly one of --hands, --rounds, --warning."""
    with user_errors():
        if [hands is not None, rounds is not None, warning].count(True) != 1:
            raise ParseError("give exactly one of --hands N, --rounds N and --warning")
        if (hands is not None and hands <= 0) or (rounds is not None and rounds <= 0):
            raise ParseError("a penalty lasts at least one hand or one round")
        _change([cmd.Penalize(parse_entry(entry), hands or 0, rounds or 0, reason)])


@tournament_group.command("stack")
@click.argument("entry")
@click.argument("chips")
@_options()
def stack_command(entry: str, chips: str, **_: Any) -> None:
    """Record a player's chip count."""
    with user_errors():
        _change([cmd.ReportStack(parse_entry(entry), parse_chips(chips))])


@tournament_group.command("bust")
@click.argument("entries", nargs=-1, required=True, metavar="ENTRY...")
@click.option("--stack", "stacks", multiple=True, metavar="ENTRY=CHIPS",
              help="A player's stack at the start of the hand (ELIM-SIMULTANEOUS).")  # fmt: skip
@click.option("--announcement-hand", is_flag=True,
              help="In the hand played as hand-for-hand began (ELIM-HFH-START).")  # fmt: skip
@_options()
def bust_command(entries: tuple[str, ...], stacks: tuple[str, ...], announcement_hand: bool,
                 **_: Any) -> None:  # fmt: skip
    """Eliminate players who busted in the same hand; places follow (ELIM-SIMULTANEOUS).

    Players busting together are ranked by their stacks at the start of the hand: give them
    with --stack, one for each player.
    """
    with user_errors():
        numbers = tuple(parse_entries(entries))
        _change([cmd.BustPlayers(numbers, parse_stacks(stacks), announcement_hand)])


# -- the clock ------------------------------------------------------------------------------------


@tournament_group.group("clock", invoke_without_command=True)
@_options()
@click.pass_context
def clock_group(context: click.Context, /, **_: Any) -> None:
    """Show the clock: level, blinds and ante, time left, next level, next break.

    With a subcommand, start, pause, resume, skip, go back or adjust it.
    """
    if context.invoked_subcommand is not None:
        return
    with user_errors(), _session() as session:
        tournament = session.load()
        view = tournament.clock_view(session.now())
        if session.settings.as_json:
            emit_json({"tournament": session.id, **views.clock_json(view, tournament.state)})
        else:
            click.echo("\n".join(views.clock_lines(view, tournament.state)))


_simple(clock_group, "start", cmd.StartClock(), "Start the clock.", show_clock=True)
_simple(clock_group, "pause", cmd.PauseClock(), "Pause the clock.", show_clock=True)
_simple(clock_group, "resume", cmd.ResumeClock(), "Resume the clock.", show_clock=True)
_simple(clock_group, "skip", cmd.SkipLevel(), "Jump to the next level or break.", show_clock=True)
_simple(clock_group, "back", cmd.GoBackLevel(),
        "Go back to the start of this level, or of the one before.", show_clock=True)  # fmt: skip


@clock_group.command("adjust", context_settings={"ignore_unknown_options": True})
@click.argument("seconds")
@_options()
def clock_adjust_command(seconds: str, **_: Any) -> None:
    """Add time to what the clock shows (90, +1:30), or remove it (-90, -1:30).

    The clock never shows more than the full time of the level or break it is in: adding more
    than has run is refused, with what can be added.
    """
    with user_errors():
        _change([cmd.AdjustClock(parse_seconds(seconds))], show_clock=True)


# -- hands ----------------------------------------------------------------------------------------


@tournament_group.group("hand", invoke_without_command=True)
def hand_group() -> None:
    """Start and finish hands at a table; see who has the button and the blinds next."""
    _help_without_subcommand()


@hand_group.command("start")
@click.argument("table", type=int)
@_options()
def hand_start_command(table: int, **_: Any) -> None:
    """A hand starts at TABLE (LVL-HAND-START): its level and positions are recorded."""
    with user_errors():
        _change([cmd.StartHand(table)])


@hand_group.command("finish")
@click.argument("table", type=int)
@click.option("--stack", "stacks", multiple=True, metavar="ENTRY=CHIPS",
              help="A player's chips after the hand (repeat).")  # fmt: skip
@_options()
def hand_finish_command(table: int, stacks: tuple[str, ...], **_: Any) -> None:
    """The hand at TABLE is over; give the stacks you know."""
    with user_errors():
        _change([cmd.FinishHand(table, parse_stacks(stacks))])


@hand_group.command("next")
@click.argument("table", type=int)
@_options()
def hand_next_command(table: int, **_: Any) -> None:
    """Show the button, small blind and big blind of TABLE's next hand (BTN-DEAD-BUTTON)."""
    with user_errors(), _session() as session:
        tournament = session.load()
        upcoming = tournament.next_hand(table)
        seats = tournament.state.tables[table]
        playing = tournament.state.in_progress.get(table)
        if session.settings.as_json:
            document = views.next_hand_json(upcoming, seats)
            number = None if playing is None else playing.number
            emit_json({"tournament": session.id, "table": table, "hand_in_progress": number,
                       **document})  # fmt: skip
            return
        lines = views.next_hand_lines(upcoming, seats, tournament.state)
        if playing is not None:
            lines.append(f"(hand {playing.number} is being played: these are its positions "
                         "until it is finished)")  # fmt: skip
        click.echo("\n".join(lines))


# -- tables and moves -----------------------------------------------------------------------------


@tournament_group.command("tables")
@_options()
def tables_command(**_: Any) -> None:
    """Show each table: seats, players, stacks, the next hand's positions, halted or not."""
    with user_errors(), _session() as session:
        documents, lines = views.tables_document(session.load())
        if session.settings.as_json:
            emit_json({"tournament": session.id, "tables": documents})
        else:
            click.echo("\n".join(lines) if lines else "no table in play: draw the seats first")


@tournament_group.group("moves", invoke_without_command=True)
@_options()
@click.pass_context
def moves_group(context: click.Context, /, **_: Any) -> None:
    """Show the moves proposed, or else the moves due now (balancing, breaking, final table).

    Moves due but not yet proposed are worked out with a throwaway draw: `moves propose` makes
    the real draw and records it, `moves confirm` carries it out.
    """
    if context.invoked_subcommand is not None:
        return
    with user_errors(), _session() as session:
        tournament = session.load()
        stage, moves = views.due_moves(tournament)
        if session.settings.as_json:
            listed = [views.move_json(move, tournament.state) for move in moves]
            emit_json({"tournament": session.id, "status": stage, "moves": listed})
            return
        head = {
            "proposed": "moves proposed (confirm: pokertd tournament moves confirm)",
            "due": "moves due, not yet proposed (draw them: pokertd tournament moves propose)",
            "none": "no move is due: the tables are balanced",
        }[stage]
        click.echo("\n".join([head, *views.move_lines(moves, tournament.state)]))


_simple(moves_group, "propose", cmd.ProposeMoves(),
        "Draw the moves due now and record them, to confirm (TBL-BREAK-SEATING).")  # fmt: skip


@moves_group.command("confirm")
@click.option("--move", "moves", multiple=True, metavar="ENTRY:TABLE:SEAT",
              help="A move as you make it instead (repeat; replaces the proposal).")  # fmt: skip
@_options()
def moves_confirm_command(moves: tuple[str, ...], **_: Any) -> None:
    """Carry out the proposed moves, or the moves given with --move."""
    with user_errors():
        if not moves:
            _change([cmd.ConfirmMoves()])
            return
        with _session() as session:
            pending = {move[0]: move for move in session.load().state.pending_moves}
        chosen = []
        for entry, table, seat in (parse_move(text) for text in moves):
            proposed = pending.get(entry)  # keep the proposal's reason and card for the record
            reason, card = (proposed[5], proposed[6]) if proposed else ("balance", "")
            chosen.append(cmd.Move(entry, table, seat, reason, card))
        _change([cmd.ConfirmMoves(tuple(chosen))])


@tournament_group.command("break-order")
@click.argument("tables", nargs=-1, required=True, type=int, metavar="TABLE...")
@_options()
def break_order_command(tables: tuple[int, ...], **_: Any) -> None:
    """Set the order in which tables break, first to break first (TBL-BREAK-ORDER)."""
    with user_errors():
        _change([cmd.SetBreakOrder(tables)])


@tournament_group.command("button")
@click.argument("table", type=int)
@click.argument("seat", type=int)
@_options()
def button_command(table: int, seat: int, **_: Any) -> None:
    """Put TABLE's button at SEAT for its next hand (a new table, or to match the real one)."""
    with user_errors():
        _change([cmd.SetButton(table, seat)])


# -- hand-for-hand and days -----------------------------------------------------------------------


@tournament_group.group("hfh", invoke_without_command=True)
def hfh_group() -> None:
    """Hand-for-hand play (HFH-CLOCK)."""
    _help_without_subcommand()


_simple(hfh_group, "start", cmd.StartHandForHand(),
        "Start hand-for-hand: each hand costs a fixed time of the level (HFH-CLOCK).",
        show_clock=True)  # fmt: skip
_simple(hfh_group, "end", cmd.EndHandForHand(), "End hand-for-hand.", show_clock=True)


@tournament_group.group("day", invoke_without_command=True)
def day_group() -> None:
    """Multi-day events: the last hands, bagged stacks, the next day (DAY-END, DAY-REDRAW)."""
    _help_without_subcommand()


@day_group.command("last-hands")
@click.argument("count", type=int)
@_options()
def day_last_hands_command(count: int, **_: Any) -> None:
    """Announce the last COUNT hands of the day (DAY-END)."""
    with user_errors():
        _change([cmd.AnnounceLastHands(count)])


@day_group.command("end")
@click.option("--stack", "stacks", multiple=True, metavar="ENTRY=CHIPS",
              help="A bagged stack (repeat for every player still in).")  # fmt: skip
@click.option("--stacks", "stacks_file", metavar="FILE.csv",
              help="The bagged stacks: a CSV file with `entry` and `chips` columns.")  # fmt: skip
@_options()
def day_end_command(stacks: tuple[str, ...], stacks_file: str | None, **_: Any) -> None:
    """End the day with every remaining player's bagged stack."""
    with user_errors():
        if bool(stacks) == (stacks_file is not None):
            raise ParseError("give the bagged stacks with --stack ENTRY=CHIPS or --stacks FILE")
        bagged = parse_stacks(stacks) if stacks else read_stacks(Path(str(stacks_file)))
        _change([cmd.EndDay(bagged)])


@day_group.command("start")
@click.option("--no-redraw", is_flag=True, help="Keep the seats (default: redraw them).")
@_options()
def day_start_command(no_redraw: bool, **_: Any) -> None:
    """Start the next day, with new seats unless --no-redraw (DAY-REDRAW)."""
    with user_errors():
        _change([cmd.StartDay(redraw=not no_redraw)])


# -- reading --------------------------------------------------------------------------------------


@tournament_group.command("status")
@_options()
def status_command(**_: Any) -> None:
    """Show where the tournament stands: level, players left, tables, moves due, winner."""
    with user_errors(), _session() as session:
        tournament, now = session.load(), session.now()
        document = views.status_document(tournament, session.id, now)
        if session.settings.as_json:
            emit_json(document)
        else:
            lines = views.status_lines(document, tournament, tournament.clock_view(now))
            click.echo("\n".join(lines))


@tournament_group.command("entries")
@click.option("--all", "show_all", is_flag=True, help="Also busted, withdrawn... entries.")
@_options()
def entries_command(show_all: bool, **_: Any) -> None:
    """List the entries still in (registered, alternates, seated), or all of them."""
    with user_errors(), _session() as session:
        state = session.load().state
        chosen = [e for e in state.entries.values() if show_all or e.status in views.STILL_IN]
        if session.settings.as_json:
            listed = [views.entry_json(entry) for entry in chosen]
            emit_json({"tournament": session.id, "entries": listed})
        elif not chosen:
            click.echo("no entry" + ("" if show_all else " still in (--all shows every entry)"))
        else:
            click.echo("\n".join(views.table_text(views.entry_rows(chosen))))


@tournament_group.command("standings")
@_options()
def standings_command(**_: Any) -> None:
    """Show the places: players still in, then finishers; shared places read 9-10."""
    with user_errors(), _session() as session:
        state = session.load().state
        if session.settings.as_json:
            emit_json({"tournament": session.id, "standings": views.standings_json(state)})
        else:
            click.echo("\n".join(views.standings_lines(state)))


@tournament_group.command("log")
@click.option("--last", type=click.IntRange(min=1), metavar="N", help="Only the last N events.")
@_options()
def log_command(last: int | None, **_: Any) -> None:
    """Show the event log: version, time, event, and [undone] where an undo cancelled it."""
    with user_errors(), _session() as session:
        tournament = session.load()
        if session.settings.as_json:
            listed = views.log_json(tournament, last)
            emit_json({"tournament": session.id, "version": tournament.version, "events": listed})
        else:
            click.echo("\n".join(views.log_lines(tournament, last)))


_simple(tournament_group, "undo", cmd.Undo(),
        "Cancel the last command in force (a compensating event, nothing deleted).")  # fmt: skip
