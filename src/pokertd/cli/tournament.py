"""``pokertd tournament``: run a tournament from the command line, one command at a time.

Every subcommand works on an event file (``--db``; default ``$POKERTD_DB``, else ``pokertd.db`` in
the current directory) and on one tournament in it (``--event``, an id or a number; default the
latest), and prints JSON with ``--json``. Commands that change the tournament go through
``TournamentService`` and print the events they caused (``pokertd.present.tournament_log`` tells
them); reading commands show what the domain computes (``pokertd.present.tournament_views`` renders
it). Text is in English or French (``--lang``; default ``$POKERTD_LANG``, else en), and JSON is the
same in both. Exit status 1 means malformed input, 2 that a rule forbids what was asked: one line
on stderr, never a traceback.

Testing aids, never for a live event: ``POKERTD_NOW`` (an ISO-8601 time) stops the clock at that
moment and ``POKERTD_SEED`` (an integer) seeds the draws, so that tests and demos repeat exactly.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import click

from pokertd.cli import (
    tournament_money,  # noqa: F401 - its commands join the group
    tournament_night,
)
from pokertd.cli.output import (
    EXIT_MALFORMED,
    EXIT_RULE,
    emit_json,
    fail,
    load_profile,
    user_errors,
)
from pokertd.cli.session import (
    env_clock,
)

# -- options shared by every subcommand -----------------------------------------------------------
from pokertd.cli.tournament_base import (
    change,
    current_lang,
    current_settings,
    entry_command,
    event_options,
    help_without_subcommand,
    report,
    simple,
    tournament_group,
    tournament_session,
)
from pokertd.errors import IllegalActionError, ParseError, PokertdError
from pokertd.messages import Message, message
from pokertd.present import tournament_log
from pokertd.present import tournament_views as views
from pokertd.present.i18n import error_text
from pokertd.present.money_input import (
    MONEY_KEYS,
    money_options,
    money_rules,
    parse_pairs,
    parse_split,  # BOUNTY-SPLIT (issue 22)
)
from pokertd.present.tournament_input import (
    parse_bring_in,
    parse_chips,
    parse_entries,
    parse_entry,
    parse_move,
    parse_numbers,
    parse_seconds,
    parse_stacks,
    parse_time_of_day,
    read_csv,
    read_stacks,
    read_structure,
)
from pokertd.rules import DEFAULT_PROFILE
from pokertd.rules.penalties import Offence
from pokertd.store import shown_location
from pokertd.tournament import commands as cmd
from pokertd.tournament import events as ev
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.rotation import rotate_levels
from pokertd.tournament.structure import TEMPLATES, template


@tournament_group.command("create")
@click.option("--title", required=True, help="The tournament's name.")
@click.option("--profile", default=DEFAULT_PROFILE, show_default=True, metavar="ID|FILE",
              help="Rule profile: tda-2017, lfp, bannalec, gran-madrid or generic, or a house "
                   "profile file (club.toml), kept with the event.")  # fmt: skip
@click.option("--template", "kind", type=click.Choice(TEMPLATES),
              help="Ready-made structure (default: regular).")  # fmt: skip
@click.option("--structure", "structure_file", metavar="FILE",
              help="A structure file: JSON, TOML, or The Tournament Director's .tdt "
                   "(see docs/tournament.md).")  # fmt: skip
@click.option("--stack", metavar="N",
              help="Starting stack of a template (default 20000) or a .tdt file.")  # fmt: skip
@click.option("--chips", metavar="LIST",
              help="Chips of a template (default 25,100,500,1000,5000) or .tdt file.")  # fmt: skip
@click.option("--rotation", metavar="GAMES",
              help="A mixed event: its games, one per level, e.g. 8-game, horse, "
                   "'nlhe, fl27td' or '8-game every 2 levels'.")  # fmt: skip
@click.option("--table-size", default=9, show_default=True, type=int, help="Seats per table.")
@click.option("--max-players", default=0, type=int,
              help="Entries before new ones become alternates (default: no limit).")  # fmt: skip
@click.option("--late-levels", type=int, metavar="N",
              help="Late registration to the end of level N (default: the profile's).")  # fmt: skip
@click.option("--late-until", metavar="TIME",
              help="Late registration until a time instead: 22:30 (the next one, local time) "
                   "or 2026-03-06T22:30+01:00.")  # fmt: skip
@click.option("--break-order", metavar="LIST", help="Tables in breaking order, e.g. 5,4,3.")
@money_options
@event_options(event=False)
def create_command(title: str, profile: str, kind: str | None, structure_file: str | None,
                   stack: str | None, chips: str | None, rotation: str | None,
                   table_size: int, max_players: int,
                   late_levels: int | None, late_until: str | None, break_order: str | None,
                   **options: Any) -> None:  # fmt: skip
    """Create a tournament in the event file (the file is created if needed).

    With --buy-in the tournament keeps its money: payments, rebuys, add-ons, bounties, the
    prize pool and payouts (see docs/money.md); without it, no money is recorded.
    """
    with user_errors(current_lang()):
        words = current_settings().words
        starting = None if stack is None else parse_chips(stack, what="--stack", words=words)
        kinds = None if chips is None else parse_numbers(chips, what="--chips", words=words)
        if structure_file is not None:
            path = Path(structure_file)
            if kind is not None or (path.suffix.lower() != ".tdt" and (stack or chips)):
                raise ParseError(
                    words(
                        "--structure replaces --template, and --stack and --chips but for "
                        "a .tdt file",
                    )
                )
            structure = read_structure(path, words=words, starting_stack=starting, chips=kinds)
        else:
            built = template(kind or "regular", starting_stack=starting or 20_000,
                             chips=kinds or (25, 100, 500, 1000, 5000),
                             players=max_players or None)  # fmt: skip
            structure = built.to_dict()
        if rotation is not None:  # the games of a mixed event, written into its levels
            structure = rotate_levels(structure, rotation)
        order = (
            ()
            if break_order is None
            else parse_numbers(break_order, what="--break-order", words=words)
        )
        now = env_clock(words)()
        until = "" if late_until is None else parse_time_of_day(late_until, now, words=words)
        money = money_rules({key: options[key] for key in MONEY_KEYS},
                            starting_stack=structure["starting_stack"], words=words)  # fmt: skip
        chosen = load_profile(profile)  # a house file is read here; the event keeps it resolved
        is_house = not chosen.book
        command = cmd.CreateTournament(title, structure,
                                       DEFAULT_PROFILE if is_house else chosen.id, table_size,
                                       max_players, late_levels, order, until, money,
                                       chosen.to_data() if is_house else {})  # fmt: skip
        Tournament().handle(command, now, random.Random(0))  # check before the file
        with tournament_session(create=True) as session:
            outcome = session.service.create(command)
            session.choose(outcome.stream)
            report(session, outcome.events, show_clock=False)


@tournament_group.command("list")
@click.option("--archived", "show_archived", is_flag=True,
              help="Also the archived tournaments (`archive`).")  # fmt: skip
@event_options(event=False)
def list_command(show_archived: bool, **_: Any) -> None:
    """List the tournaments in the event file, but the archived ones unless --archived."""
    with user_errors(current_lang()), tournament_session() as session:
        service = session.service
        states = [(t, service.load(t).state) for t in service.tournaments()]
        found = [views.list_document(t, s) for t, s in states if show_archived or not s.archived]
        words = session.words
        if session.settings.as_json:
            emit_json(found)
        elif not found:
            db = repr(shown_location(session.settings.db))
            click.echo(words("no tournament in {db}", db=db))
        else:
            click.echo("\n".join(views.list_lines(found, words)))


# -- entries --------------------------------------------------------------------------------------


@tournament_group.command("register")
@click.argument("names", nargs=-1, required=True, metavar="NAME...")
@click.option("--contact", default="", help="A phone number or an e-mail, for each name given.")
@event_options()
def register_command(names: tuple[str, ...], contact: str, **_: Any) -> None:
    """Register players; after the draw a late registration is seated at once (SEAT-LATE-WINDOW)."""
    with user_errors(current_lang()):
        change([cmd.Register(name, contact) for name in names])


@tournament_group.command("import")
@click.argument("path", metavar="FILE.csv")
@event_options()
def import_command(path: str, **_: Any) -> None:
    """Register the players of a CSV file (a `name` column, an optional `contact` column).

    Each row is registered on its own: a row that fails is reported and the import goes on. The
    exit status is 0 when every row was registered, else that of the first row that was not.
    """
    with user_errors(current_lang()), tournament_session() as session:
        words = session.words
        rows = read_csv(Path(path), ["name"], words=words)
        session.load()  # the tournament exists
        report: list[dict[str, Any]] = []
        shown: dict[int, str] = {}  # each failed row's error in the language of the text
        done: list[ev.TournamentEvent] = []
        for line, row in rows:
            name, contact = row.get("name", "").strip(), (row.get("contact") or "").strip()
            outcome: dict[str, Any] = {"line": line, "name": name, "ok": True}
            try:
                if not name:
                    raise ParseError(words("the name is empty"))
                new = session.service.execute(session.id, cmd.Register(name, contact)).events
                done.extend(new)
                outcome["entry"] = next(e.entry for e in new if isinstance(e, ev.PlayerRegistered))
            except PokertdError as error:
                rule = error.rule if isinstance(error, IllegalActionError) else None
                outcome.update(ok=False, error=str(error), rule=rule)
                shown[line] = error_text(error, words.lang)
            report.append(outcome)
        tournament = session.load()
        if session.settings.as_json:
            document = tournament_log.outcome_json(session.id, tournament.version, done)
            emit_json(document | {"rows": report})
        else:
            text = [row | {"error": shown[row["line"]]} if not row["ok"] else row for row in report]
            click.echo("\n".join(views.import_lines(text, tournament.state, words)))
        failed = [row for row in report if not row["ok"]]
        if failed:
            first = failed[0]
            status = EXIT_RULE if first["rule"] else EXIT_MALFORMED
            count, total, line, why = len(failed), len(report), first["line"], shown[first["line"]]
            message = words(
                "{count} of {total} rows not registered; first, line {line}: {why}",
                count=count,
                total=total,
                line=line,
                why=why,
            )
            fail(message, status=status, lang=words.lang)


@tournament_group.command("check-in")
@click.argument("entries", nargs=-1, required=True, metavar="ENTRY...")
@event_options()
def check_in_command(entries: tuple[str, ...], **_: Any) -> None:
    """Mark players present; ranges such as 1-20 are accepted."""
    with user_errors(current_lang()):
        numbers = parse_entries(entries, words=current_settings().words)
        change([cmd.CheckIn(number) for number in numbers])


entry_command("withdraw", cmd.Withdraw, "Withdraw an entry that has no seat yet.")
simple(tournament_group, "draw", cmd.DrawSeats(),
        "Draw tables, seats and each table's first button (SEAT-DRAW).")  # fmt: skip
entry_command("alternate", cmd.SeatAlternate,
               "Seat an alternate, with a full stack (SEAT-LATE-STACK).")  # fmt: skip
entry_command("reenter", cmd.ReEnter,
               "Buy ENTRY a new entry with a full stack (BUY-REENTRY).")  # fmt: skip


def _nobody_removed(tournament: Tournament) -> Message:
    """SEAT-LATE-ABSENT: why closing the late arrivals removed nobody: the absentees stay in and
    are blinded off (TDA 30, LFP 2.17b), or nobody is absent."""
    if any(not entry.is_present for entry in tournament.state.active()):
        return message(
            "nothing changed: under {profile} players who have not arrived stay in and are "
            "blinded off (SEAT-LATE-ABSENT)",
            profile=tournament.state.profile.id,
        )
    return message("nothing changed: every player has arrived (SEAT-LATE-ABSENT)")


simple(tournament_group, "close-late-arrivals", cmd.CloseLateArrivals(),
        "End the late-arrival period for absent players (SEAT-LATE-ABSENT).",
        unchanged=_nobody_removed)  # fmt: skip
entry_command("arrive", cmd.Arrive, "A seated player arrives, or comes back to his seat.")
entry_command("away", cmd.GoAway,
               "A seated player leaves his seat for a while (ABS-AWAY).")  # fmt: skip
entry_command("quit", cmd.Quit,
               "A player leaves for good: chips removed or blinded off (ABS-QUIT).")  # fmt: skip


@tournament_group.command("disqualify")
@click.argument("entry")
@click.option("--reason", default="", help="Why, for the record.")
@event_options()
def disqualify_command(entry: str, reason: str, **_: Any) -> None:
    """Disqualify a player; his chips leave play (PEN-DQ)."""
    with user_errors(current_lang()):
        change([cmd.Disqualify(parse_entry(entry, words=current_settings().words), reason)])


@tournament_group.command("penalty")
@click.argument("entry")
@click.option("--hands", type=int, help="Hands to sit out.")
@click.option("--rounds", type=int, help="Rounds to sit out: a round is one hand per player "
              "at his table, him included (PEN-MISSED-HANDS).")  # fmt: skip
@click.option("--warning", is_flag=True, help="A warning, no hands out.")
@click.option("--reason", default="", help="Why, for the record.")
@click.option("--offence", type=click.Choice([offence.value for offence in Offence]),
              default=Offence.OTHER.value, show_default=True,
              help="What the player did: the book may fix the penalty (PEN-SOFTPLAY: soft play "
                   "and collusion).")  # fmt: skip
@event_options()
def penalty_command(entry: str, hands: int | None, rounds: int | None, warning: bool,
                    reason: str, offence: str, **_: Any) -> None:  # fmt: skip
    """Give a warning or a penalty (PEN-LADDER): exactly one of --hands, --rounds, --warning.

    --offence says what the player did, as `pokertd floor penalty` does: under a book that
    fixes the penalty of an offence (LFP 12.7, TDA 69, GM 33°), another is refused.
    """
    with user_errors(current_lang()):
        words = current_settings().words
        if [hands is not None, rounds is not None, warning].count(True) != 1:
            raise ParseError(words("give exactly one of --hands N, --rounds N and --warning"))
        if (hands is not None and hands <= 0) or (rounds is not None and rounds <= 0):
            raise ParseError(words("a penalty lasts at least one hand or one round"))
        number = parse_entry(entry, words=words)
        change([cmd.Penalize(number, hands or 0, rounds or 0, reason, offence)])


@tournament_group.command("stack")
@click.argument("entry")
@click.argument("chips")
@event_options()
def stack_command(entry: str, chips: str, **_: Any) -> None:
    """Record a player's chip count."""
    with user_errors(current_lang()):
        words = current_settings().words
        change([cmd.ReportStack(parse_entry(entry, words=words), parse_chips(chips, words=words))])


@tournament_group.command("bust")
@click.argument("entries", nargs=-1, required=True, metavar="ENTRY...")
@click.option("--stack", "stacks", multiple=True, metavar="ENTRY=CHIPS",
              help="A player's stack at the start of the hand (ELIM-SIMULTANEOUS).")  # fmt: skip
@click.option("--announcement-hand", is_flag=True,
              help="In the hand played as hand-for-hand began (ELIM-HFH-START).")  # fmt: skip
@click.option("--by", "takers", multiple=True, metavar="BUSTED=TAKER",
              help="Who eliminated whom, in a bounty event: he takes the bounty.")  # fmt: skip
# -- bounties split (issue 22, BOUNTY-SPLIT) --
@click.option("--split", "split", multiple=True, metavar="BUSTED=TAKER:POTS,TAKER:POTS",
              help="Several players eliminated one: his bounty is shared by the pots each "
                   "won (5=1:2,3:1; POTS is 1 when left out).")  # fmt: skip
# -- end of bounties split --
@event_options()
def bust_command(entries: tuple[str, ...], stacks: tuple[str, ...], announcement_hand: bool,
                 takers: tuple[str, ...], split: tuple[str, ...] = (),
                 **_: Any) -> None:  # fmt: skip
    """Eliminate players who busted in the same hand; places follow (ELIM-SIMULTANEOUS).

    Players busting together are ranked by their stacks at the start of the hand: give them
    with --stack, one for each player.
    """
    with user_errors(current_lang()):
        words = current_settings().words
        numbers = tuple(parse_entries(entries, words=words))
        by = parse_pairs(takers, option="--by", words=words,
                         value=lambda text: parse_entry(text, words=words))  # fmt: skip
        starts = parse_stacks(stacks, words=words)
        shared = parse_split(split, words=words)  # BOUNTY-SPLIT
        change([cmd.BustPlayers(numbers, starts, announcement_hand, by, shared)])


# -- the clock ------------------------------------------------------------------------------------


@tournament_group.group("clock", invoke_without_command=True)
@event_options()
@click.pass_context
def clock_group(context: click.Context, /, **_: Any) -> None:
    """Show the clock: level, blinds and ante, time left, next level, next break.

    With a subcommand, start, pause, resume, skip, go back or adjust it.
    """
    if context.invoked_subcommand is not None:
        return
    with user_errors(current_lang()), tournament_session() as session:
        tournament = session.load()
        view = tournament.clock_view(session.now())
        if session.settings.as_json:
            emit_json({"tournament": session.id, **views.clock_json(view, tournament.state)})
        else:
            click.echo("\n".join(views.clock_lines(view, tournament.state, session.words)))


simple(clock_group, "start", cmd.StartClock(), "Start the clock.", show_clock=True)
simple(clock_group, "pause", cmd.PauseClock(), "Pause the clock.", show_clock=True)
simple(clock_group, "resume", cmd.ResumeClock(), "Resume the clock.", show_clock=True)
simple(clock_group, "skip", cmd.SkipLevel(), "Jump to the next level or break.", show_clock=True)
simple(clock_group, "back", cmd.GoBackLevel(),
        "Go back to the start of this level, or of the one before.", show_clock=True)  # fmt: skip


@clock_group.command("adjust", context_settings={"ignore_unknown_options": True})
@click.argument("seconds")
@event_options()
def clock_adjust_command(seconds: str, **_: Any) -> None:
    """Add time to what the clock shows (90, +1:30), or remove it (-90, -1:30).

    The clock never shows more than the full time of the level or break it is in: adding more
    than has run is refused, with what can be added.
    """
    with user_errors(current_lang()):
        seconds_added = parse_seconds(seconds, words=current_settings().words)
        change([cmd.AdjustClock(seconds_added)], show_clock=True)


# -- hands ----------------------------------------------------------------------------------------


@tournament_group.group("hand", invoke_without_command=True)
def hand_group() -> None:
    """Start and finish hands at a table; see who has the button and the blinds next."""
    help_without_subcommand()


@hand_group.command("start")
@click.argument("table", type=int)
@event_options()
def hand_start_command(table: int, **_: Any) -> None:
    """A hand starts at TABLE (LVL-HAND-START): its level and positions are recorded."""
    with user_errors(current_lang()):
        change([cmd.StartHand(table)])


@hand_group.command("finish")
@click.argument("table", type=int)
@click.option("--stack", "stacks", multiple=True, metavar="ENTRY=CHIPS",
              help="A player's chips after the hand (repeat).")  # fmt: skip
@event_options()
def hand_finish_command(table: int, stacks: tuple[str, ...], **_: Any) -> None:
    """The hand at TABLE is over; give the stacks you know."""
    with user_errors(current_lang()):
        change([cmd.FinishHand(table, parse_stacks(stacks, words=current_settings().words))])


@hand_group.command("next")
@click.argument("table", type=int)
@event_options()
def hand_next_command(table: int, **_: Any) -> None:
    """Show the button, small blind and big blind of TABLE's next hand (BTN-DEAD-BUTTON)."""
    with user_errors(current_lang()), tournament_session() as session:
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
        words = session.words
        lines = views.next_hand_lines(upcoming, seats, tournament.state, words)
        if playing is not None:
            lines.append(words(

"(hand {number} is being played: these are its positions "
"until it is finished)"
,
number=playing.number,
))  # fmt: skip
        click.echo("\n".join(lines))


# -- tables and moves -----------------------------------------------------------------------------


@tournament_group.command("tables")
@event_options()
def tables_command(**_: Any) -> None:
    """Show each table: seats, players, stacks, the next hand's positions, halted or not."""
    with user_errors(current_lang()), tournament_session() as session:
        words = session.words
        documents, lines = views.tables_document(session.load(), words)
        if session.settings.as_json:
            emit_json({"tournament": session.id, "tables": documents})
        elif lines:
            click.echo("\n".join(lines))
        else:
            click.echo(words("no table in play: draw the seats first"))


@tournament_group.group("moves", invoke_without_command=True)
@event_options()
@click.pass_context
def moves_group(context: click.Context, /, **_: Any) -> None:
    """Show the moves proposed, or else the moves due now (balancing, breaking, final table).

    Moves due but not yet proposed are worked out with a throwaway draw: `moves propose` makes
    the real draw and records it, `moves confirm` carries it out.
    """
    if context.invoked_subcommand is not None:
        return
    with user_errors(current_lang()), tournament_session() as session:
        tournament = session.load()
        stage, moves = views.due_moves(tournament)
        if session.settings.as_json:
            listed = [views.move_json(move, tournament.state) for move in moves]
            emit_json({"tournament": session.id, "status": stage, "moves": listed})
            return
        words = session.words
        head = {
            "proposed": words("moves proposed (confirm: pokertd tournament moves confirm)"),
            "due": words(
                "moves due, not yet proposed (draw them: pokertd tournament moves propose)",
            ),
            "none": words("no move is due: the tables are balanced"),
        }[stage]
        click.echo("\n".join([head, *views.move_lines(moves, tournament.state, words)]))


simple(moves_group, "propose", cmd.ProposeMoves(),
        "Draw the moves due now and record them, to confirm (TBL-BREAK-SEATING).")  # fmt: skip


@moves_group.command("confirm")
@click.option("--move", "moves", multiple=True, metavar="ENTRY:TABLE:SEAT",
              help="A move as you make it instead (repeat; replaces the proposal).")  # fmt: skip
@event_options()
def moves_confirm_command(moves: tuple[str, ...], **_: Any) -> None:
    """Carry out the proposed moves, or the moves given with --move."""
    with user_errors(current_lang()):
        if not moves:
            change([cmd.ConfirmMoves()])
            return
        with tournament_session() as session:
            pending = {move[0]: move for move in session.load().state.pending_moves}
        chosen = []
        for entry, table, seat in (parse_move(text, words=session.words) for text in moves):
            proposed = pending.get(entry)  # keep the proposal's reason and card for the record
            reason, card = (proposed[5], proposed[6]) if proposed else ("balance", "")
            chosen.append(cmd.Move(entry, table, seat, reason, card))
        change([cmd.ConfirmMoves(tuple(chosen))])


@tournament_group.command("break-order")
@click.argument("tables", nargs=-1, required=True, type=int, metavar="TABLE...")
@event_options()
def break_order_command(tables: tuple[int, ...], **_: Any) -> None:
    """Set the order in which tables break, first to break first (TBL-BREAK-ORDER)."""
    with user_errors(current_lang()):
        change([cmd.SetBreakOrder(tables)])


@tournament_group.command("button")
@click.argument("table", type=int)
@click.argument("seat", type=int)
@event_options()
def button_command(table: int, seat: int, **_: Any) -> None:
    """Put TABLE's button at SEAT for its next hand (a new table, or to match the real one)."""
    with user_errors(current_lang()):
        change([cmd.SetButton(table, seat)])


# -- hand-for-hand and days -----------------------------------------------------------------------


@tournament_group.group("hfh", invoke_without_command=True)
def hfh_group() -> None:
    """Hand-for-hand play (HFH-CLOCK)."""
    help_without_subcommand()


simple(hfh_group, "start", cmd.StartHandForHand(),
        "Start hand-for-hand: each hand costs a fixed time of the level (HFH-CLOCK).",
        show_clock=True)  # fmt: skip
simple(hfh_group, "end", cmd.EndHandForHand(), "End hand-for-hand.", show_clock=True)
hfh_group.add_command(tournament_night.hfh_deal_command)


@tournament_group.command("message")
@click.argument("text")
@event_options()
def message_command(text: str, **_: Any) -> None:
    """Show TEXT on the room's displays, one line under the clock ("" clears it)."""
    with user_errors(current_lang()):
        change([cmd.SetDisplayMessage(text)])


@tournament_group.command("level-change")
@click.argument("level", type=int)
@click.argument("small_blind", type=int)
@click.argument("big_blind", type=int)
@click.argument("ante", type=int)
@click.argument("minutes", type=int)
@click.option("--bring-in", "bring_in", metavar="AMOUNT",
              help="A stud level's bring-in, or 'default' for the one derived from the small "
                   "bet (default: kept).")  # fmt: skip
@event_options()
def level_change_command(
    level: int, small_blind: int, big_blind: int, ante: int, minutes: int,
    bring_in: str | None, **_: Any,
) -> None:  # fmt: skip
    """Change level LEVEL, one still to come: its blinds, ante and minutes (EVENT-STRUCTURE).

    Example: pokertd tournament level-change 5 300 600 75 25
    """
    with user_errors(current_lang()):
        amount, default = (0, False) if bring_in is None else parse_bring_in(bring_in)
        change([cmd.ChangeLevel(level, small_blind, big_blind, ante, minutes, amount, default)])


@tournament_group.group("day", invoke_without_command=True)
def day_group() -> None:
    """Multi-day events: the last hands, bagged stacks, the next day (DAY-END, DAY-REDRAW)."""
    help_without_subcommand()


@day_group.command("last-hands")
@click.argument("count", type=int)
@event_options()
def day_last_hands_command(count: int, **_: Any) -> None:
    """Announce the last COUNT hands of the day (DAY-END)."""
    with user_errors(current_lang()):
        change([cmd.AnnounceLastHands(count)])


@day_group.command("end")
@click.option("--stack", "stacks", multiple=True, metavar="ENTRY=CHIPS",
              help="A bagged stack (repeat for every player still in).")  # fmt: skip
@click.option("--stacks", "stacks_file", metavar="FILE.csv",
              help="The bagged stacks: a CSV file with `entry` and `chips` columns.")  # fmt: skip
@event_options()
def day_end_command(stacks: tuple[str, ...], stacks_file: str | None, **_: Any) -> None:
    """End the day with every remaining player's bagged stack."""
    with user_errors(current_lang()):
        words = current_settings().words
        if bool(stacks) == (stacks_file is not None):
            raise ParseError(
                words("give the bagged stacks with --stack ENTRY=CHIPS or --stacks FILE")
            )
        bagged = (
            parse_stacks(stacks, words=words)
            if stacks
            else read_stacks(Path(str(stacks_file)), words=words)
        )
        change([cmd.EndDay(bagged)])


@day_group.command("start")
@click.option("--no-redraw", is_flag=True, help="Keep the seats (default: redraw them).")
@event_options()
def day_start_command(no_redraw: bool, **_: Any) -> None:
    """Start the next day, with new seats unless --no-redraw (DAY-REDRAW)."""
    with user_errors(current_lang()):
        change([cmd.StartDay(redraw=not no_redraw)])


# -- reading --------------------------------------------------------------------------------------


@tournament_group.command("status")
@event_options()
def status_command(**_: Any) -> None:
    """Show where the tournament stands: level, players left, tables, moves due, winner."""
    with user_errors(current_lang()), tournament_session() as session:
        tournament, now = session.load(), session.now()
        document = views.status_document(tournament, session.id, now)
        if session.settings.as_json:
            emit_json(document)
        else:
            view = tournament.clock_view(now)
            lines = views.status_lines(document, tournament, view, session.words)
            click.echo("\n".join(lines))


@tournament_group.command("entries")
@click.option("--all", "show_all", is_flag=True, help="Also busted, withdrawn... entries.")
@event_options()
def entries_command(show_all: bool, **_: Any) -> None:
    """List the entries still in (registered, alternates, seated), or all of them."""
    with user_errors(current_lang()), tournament_session() as session:
        state = session.load().state
        chosen = [e for e in state.entries.values() if show_all or e.status in views.STILL_IN]
        if session.settings.as_json:
            listed = [views.entry_json(entry) for entry in chosen]
            emit_json({"tournament": session.id, "entries": listed})
        elif not chosen:
            words = session.words
            click.echo(
                words("no entry")
                if show_all
                else words("no entry still in (--all shows every entry)")
            )
        else:
            click.echo("\n".join(views.table_text(views.entry_rows(chosen, session.words))))


@tournament_group.command("standings")
@event_options()
def standings_command(**_: Any) -> None:
    """Show the places: players still in, then finishers; shared places read 9-10."""
    with user_errors(current_lang()), tournament_session() as session:
        state = session.load().state
        if session.settings.as_json:
            emit_json({"tournament": session.id, "standings": views.standings_json(state)})
        else:
            click.echo("\n".join(views.standings_lines(state, session.words)))


@tournament_group.command("log")
@click.option("--last", type=click.IntRange(min=1), metavar="N", help="Only the last N events.")
@event_options()
def log_command(last: int | None, **_: Any) -> None:
    """Show the event log: version, time, event, and [undone] where an undo cancelled it."""
    with user_errors(current_lang()), tournament_session() as session:
        tournament = session.load()
        if session.settings.as_json:
            listed = tournament_log.log_json(tournament, last)
            emit_json({"tournament": session.id, "version": tournament.version, "events": listed})
        else:
            click.echo("\n".join(tournament_log.log_lines(tournament, last, session.words)))


simple(tournament_group, "undo", cmd.Undo(),
        "Cancel the last command in force (a compensating event, nothing deleted).")  # fmt: skip
