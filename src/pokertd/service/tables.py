"""Live tables in the store: each table's stream loaded into a ``pokertd.table.LiveTable``,
commands handled, their events stored and told to listeners.

A hand starts with ``StartHand`` on the tournament, then the table's hand is set up from the
tournament's state (``pokertd.table.plan_hand``); when it is over it is reported to the
tournament (``FinishHand``, ``BustPlayers``) and its PHH kept. This is where time (the action
clock), randomness (online decks, bots) and secrets (seat links) come in, and where the floor's
rulings (chips pushed, the clock run out) become actions.

Everything that must survive a restart is an event of the table's stream
``table-<tournament>-<table>`` (``pokertd.table.events``) or of the ``seat-links`` stream. A new
``TableService`` over the same store replays the stream and carries on the hand exactly where it
was. Every change is checked by the table (and its engine) before it is stored, and stored before
it is acknowledged.
"""

from __future__ import annotations

import datetime
import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from pokertd.cards import Card
from pokertd.engine import ActionKind
from pokertd.errors import NotFoundError
from pokertd.floor import clock_expired, interpret
from pokertd.floor.rulings import Ruling
from pokertd.messages import message
from pokertd.service.seat_links import LINKS_STREAM, SeatLinks
from pokertd.service.table_bots import bot_choice, bot_discards
from pokertd.service.tournaments import TournamentService
from pokertd.store import DamagedEventError, NewEvent, StoredEvent
from pokertd.table import Deadline, LiveTable, TableMode, Viewer, commands, plan_hand, report, views
from pokertd.table.events import Actor, TableEvent, from_data, to_data
from pokertd.tournament import commands as tournament_commands
from pokertd.tournament import events as tournament_events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.state import TournamentState

__all__ = ["LINKS_STREAM", "TableService"]

#: What a table's frame reads of its tournament: each seat's entry, his name and his stack.
_Seating = tuple[tuple[int, str, str, int | None], ...]

#: A table's frame and its player's deadline, with the table and tournament objects and
#: versions they were made from, and what it read of the tournament.
_Framed = tuple[LiveTable, int, Tournament, int, views.TableFrame, Deadline | None, _Seating]

#: Called after every stored change of a table: the table's stream and its new events.
Listener = Callable[[str, tuple[TableEvent, ...]], None]


class TableService:
    """Hands at a tournament's tables, in dealer or online mode, kept in the tournaments' store.

    ``rng`` deals online hands and drives the bots; ``now`` is the clock; ``token_factory``
    makes seat-link tokens; ``seconds_to_act`` overrides the online action clock (by default the
    time the profile gives once the clock is called: CLK-DURATION). One object is used from one
    thread, as the store is.
    """

    def __init__(
        self,
        tournaments: TournamentService,
        *,
        rng: random.Random,
        now: Callable[[], datetime.datetime],
        token_factory: Callable[[], str] = secrets.token_urlsafe,
        seconds_to_act: int | None = None,
    ) -> None:
        self.tournaments = tournaments
        self._store = tournaments.store
        self._rng = rng
        self._now = now
        self._links = SeatLinks(self._store, now=now, token_factory=token_factory)
        self._seconds_to_act = seconds_to_act
        self._tables: dict[tuple[str, int], LiveTable] = {}
        #: The last ``TableFrame`` of each table, with the objects and versions it was made of.
        self._frames: dict[tuple[str, int], _Framed] = {}
        #: The table of each stream this service holds (``cached_version``).
        self._table_of: dict[str, tuple[str, int]] = {}
        self._listeners: list[Listener] = []

    @staticmethod
    def stream(tournament: str, table: int) -> str:
        """Return the name of a table's stream.

        >>> TableService.stream("tournament-1", 3)
        'table-tournament-1-3'
        """
        return f"table-{tournament}-{table}"

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(stream, events)`` after every stored change of a table."""
        self._listeners.append(listener)

    # -- hands --------------------------------------------------------------------------------

    def start_hand(self, tournament: str, table: int, *, mode: TableMode) -> int:
        """Start the next hand at ``table`` and return its number.

        A hand still in progress at the table is refused; one that is over but not yet reported
        to the tournament (a restart in between) is reported first.
        Raises what ``StartHand`` raises, ParseError when nobody could play the hand (every
        player dealt in is absent), IllegalActionError while a hand is in progress.
        """
        live = self._live(tournament, table)
        if live.awaits_report:
            self._finish(tournament, live)
        live.require_idle()
        state = self.tournaments.load(tournament).state
        progress = state.in_progress.get(table)
        if progress is not None and (live.plan is None or live.plan.hand < progress.number):
            # The tournament started this hand but the table never recorded it (a restart in
            # between): take it up as it was started.
            started = _last_start(self.tournaments.load(tournament).events, table, progress.number)
        else:
            # Check that the table and its engine can play the hand before the tournament
            # counts it (the seed of this trial deals nothing anybody sees).
            trial = self.tournaments.load(tournament)
            planned = trial.handle(
                tournament_commands.StartHand(table, live=True), self._now(), random.Random(0)
            )
            plan = plan_hand(state, _start_of(planned))
            live.handle(commands.StartHand(tournament, plan, mode, seed="0" * 32, salt=""))
            outcome = self.tournaments.execute(
                tournament, tournament_commands.StartHand(table, live=True)
            )
            started = _start_of(outcome.events)
        plan = plan_hand(self.tournaments.load(tournament).state, started)
        seed = salt = None
        if mode is TableMode.ONLINE:
            seed, salt = f"{self._rng.getrandbits(128):032x}", f"{self._rng.getrandbits(128):032x}"
        self._execute(tournament, live, commands.StartHand(tournament, plan, mode, seed, salt))
        return plan.hand

    def act(
        self, tournament: str, table: int, seat: int, kind: ActionKind, to: int | None = None
    ) -> None:
        """Apply the action of the player in ``seat``: fold, check, call, bet or raise ``to`` a
        total, all-in, or at showdown show (cards the engine knows) or muck.

        Raises IllegalActionError (with the rule) when the rules forbid it; nothing changes then.
        """
        self._execute(tournament, self._live(tournament, table), commands.Act(seat, kind, to))

    def draw(
        self, tournament: str, table: int, seat: int, cards: Sequence[Card | None] = ()
    ) -> None:
        """In a draw game's draw, the player in ``seat`` throws away ``cards`` (none: he stands
        pat); online the server deals his new cards once everyone has discarded, at a dealer's
        table the dealer enters them (``deal_hole``, in the order they drew).

        Raises IllegalActionError (DRAW-ORDER, DRAW-DISCARD, ENGINE-STATE) when the rules forbid
        it; nothing changes then.
        """
        live = self._live(tournament, table)
        self._execute(tournament, live, commands.Draw(seat, tuple(cards)))

    def deal_hole(
        self, tournament: str, table: int, seat: int, cards: Sequence[Card | None]
    ) -> None:
        """Enter the hole cards of ``seat`` (dealer mode); ``None`` for a card unseen.

        Raises IllegalActionError (ENGINE-DEAL) for a card already dealt or a seat that has its
        cards, or online (the server deals).
        """
        live = self._live(tournament, table)
        self._execute(tournament, live, commands.DealHole(seat, tuple(cards)))

    def deal_board(self, tournament: str, table: int, cards: Sequence[Card | None]) -> None:
        """Enter the board cards of the next street (dealer mode), once its betting is over."""
        live = self._live(tournament, table)
        self._execute(tournament, live, commands.DealBoard(tuple(cards)))

    def show(
        self,
        tournament: str,
        table: int,
        seat: int,
        cards: Sequence[Card | None] | None = None,
    ) -> None:
        """Table the hand of ``seat`` (dealer mode), giving its cards if they were not entered."""
        shown = None if cards is None else tuple(cards)
        self._execute(tournament, self._live(tournament, table), commands.Show(seat, shown))

    def chips_pushed(
        self, tournament: str, table: int, seat: int, chips: Sequence[int], said: str | None = None
    ) -> Ruling:
        """Rule on the chips the player in ``seat`` pushed (and the words he said), as
        ``pokertd floor interpret`` does, and apply the action the ruling makes of them.

        The action is applied when the ruling has a ``decision`` the director does not have to
        confirm; otherwise (``choices`` left to the player, ``td_decides``) nothing is applied and
        the caller enters what follows. Raises ParseError for chips he does not have or words it
        cannot read, IllegalActionError (BET-OOT) when he is not to act; nothing changes then.
        """
        live = self._live(tournament, table)
        live.require_turn(seat)
        assert live.hand is not None
        ruling = interpret(live.hand, chips=list(chips), say=said)
        decision = ruling.decision
        if decision is not None and not ruling.td_decides:
            act = commands.Act(seat, decision.kind, decision.to, Actor.FLOOR, ruling.rule)
            self._execute(tournament, live, act)
        return ruling

    def expire(self, tournament: str, table: int) -> Ruling | None:
        """Apply what the profile rules for the online player whose time has run out, and
        return the ruling; None when no online player is out of time.
        """
        loaded = self._loaded(tournament)
        live = self._live(tournament, table, loaded)
        deadline = self._deadline(tournament, live, loaded)
        if deadline is None or self._now() < deadline.at:
            return None
        assert live.hand is not None
        # CLK-EXPIRY (TDA 29; LFP 3.6; BAN/TIME; GM 5°): online, the deadline is the clock run
        # out, and the player's time bank after it (CLK-TIMEBANK); the hand is dead, or checked
        # under TDA 29 when the player faces no bet.
        ruling = clock_expired(live.hand, live.profile)
        decision = ruling.decision
        if ruling.details.get("stands_pat"):  # a draw not made in time: he keeps his cards
            self._execute(tournament, live, commands.Draw(deadline.seat, (), Actor.CLOCK))
            return ruling
        assert decision is not None
        act = commands.Act(deadline.seat, decision.kind, decision.to, Actor.CLOCK, ruling.rule)
        self._execute(tournament, live, act)
        return ruling

    # -- bots ---------------------------------------------------------------------------------

    def set_bot(self, tournament: str, table: int, seat: int, on: bool) -> None:
        """Mark ``seat`` as played by a bot (``on``) or by its player."""
        self._execute(tournament, self._live(tournament, table), commands.SetBot(seat, on))

    def run_bots(self, tournament: str, table: int, *, limit: int | None = None) -> int:
        """Let bot seats act while one is to act (at most ``limit`` actions); return how many
        actions they took."""
        count = 0
        while limit is None or count < limit:
            live = self._live(tournament, table)
            to_act = live.bot_to_act()
            if to_act is None:
                break
            seat, legal = to_act
            assert live.hand is not None
            if legal.draw:  # a draw game's draw: the bot changes cards, it does not bet
                discards = bot_discards(live.hand, legal)
                self._execute(tournament, live, commands.Draw(seat, discards, Actor.BOT))
                count += 1
                continue
            kind, to = bot_choice(live.hand, legal, self._rng)
            if kind is ActionKind.SHOW and None in live.hand.hole_cards(legal.player):
                break  # the dealer must give the cards
            self._execute(tournament, live, commands.Act(seat, kind, to, Actor.BOT))
            count += 1
        return count

    # -- reading ------------------------------------------------------------------------------

    def view(self, tournament: str, table: int, viewer: Viewer) -> dict[str, Any]:
        """Return what ``viewer`` may see of ``table`` (``pokertd.table.views``) as JSON-ready
        data.

        Raises NotFoundError for an unknown tournament, or a table that has neither seats nor
        hands. The store is asked once for the tournament's version and once for the table's.
        """
        return self._view(tournament, table, viewer, self._loaded(tournament))

    def seat_view(
        self, tournament: str, entry: int
    ) -> tuple[str, tuple[int, int] | None, dict[str, Any] | None]:
        """Return the name of ``entry``, his table and seat now (None if he has none) and his
        view of that table from his seat (``view``; None without a seat): what his seat link's
        page and socket show, the tournament asked of the store once (a push renders six).

        Raises NotFoundError for an unknown tournament, KeyError for an unknown entry.
        """
        loaded = self._loaded(tournament)
        record = loaded.state.entries[entry]
        if record.table is None or record.seat is None:
            return record.player, None, None
        where = record.table, record.seat
        return record.player, where, self._view(tournament, where[0], Viewer.seat(where[1]), loaded)

    def _view(
        self, tournament: str, table: int, viewer: Viewer, loaded: Tournament
    ) -> dict[str, Any]:
        """``view``, ``loaded`` the tournament as stored now."""
        live = self._live(tournament, table, loaded)
        if table not in loaded.state.tables and live.plan is None:
            raise NotFoundError(
                message(
                    "there is no table {table} in {tournament}", table=table, tournament=tournament
                )
            )
        built, deadline = self._frame(tournament, live, loaded)
        return built.view(viewer, deadline, self._now())

    def _frame(
        self, tournament: str, live: LiveTable, loaded: Tournament
    ) -> tuple[views.TableFrame, Deadline | None]:
        """Return what every viewer of the table sees alike and the deadline of the player to
        act, made once per version of the table and of its tournament: a change pushed to the
        six players of a table, its dealer and its spectators renders the hand's log once (from
        the previous frame's when the hand only went on), then each adds his own cards.

        The deadline is kept with the frame: with a time bank it counts the player's overtime at
        every table he played at before (CLK-TIMEBANK), and that cannot change while this table
        and the tournament do not. He can only have taken time at a table during his hands
        there, whose events are stored before the tournament records the hand's end (and then
        his move, then the hand he plays here): a new version of the tournament comes after
        each of them.

        A new version of the tournament that leaves what the frame reads of it as it was (its
        seats' entries, names and stacks: ``_seating``) keeps the frame and counts the deadline
        again.
        """
        key = (tournament, live.number)
        found = self._frames.get(key)
        seating = None
        if found is not None and found[0] is live:
            if found[1] == live.version and found[2] is loaded:
                if found[3] == loaded.version:
                    return found[4], found[5]
                seating = _seating(loaded.state, live.number)
                if found[6] == seating:
                    # The tournament moved on elsewhere (another table's hand started or
                    # ended: a hundred tables' frames were all made again for each): this
                    # table's frame is the same. Its deadline is counted again, as it was.
                    deadline = self._deadline(tournament, live, loaded)
                    built = found[4]
                    self._frames[key] = (*found[:3], loaded.version, built, deadline, seating)
                    return built, deadline
            built = views.frame(loaded.state, live, tournament=tournament, previous=found[4])
        else:
            built = views.frame(loaded.state, live, tournament=tournament)
        deadline = self._deadline(tournament, live, loaded)
        if seating is None:
            seating = _seating(loaded.state, live.number)
        self._frames[key] = (live, live.version, loaded, loaded.version, built, deadline, seating)
        return built, deadline

    def _deadline(self, tournament: str, live: LiveTable, loaded: Tournament) -> Deadline | None:
        """The deadline of the player to act at ``live`` (``LiveTable.deadline``), his time bank
        counted over the whole event (CLK-TIMEBANK); ``loaded``: the tournament as stored now."""
        bank = loaded.state.profile.time_bank_seconds
        if not bank:
            return live.deadline(self._seconds_to_act)

        def elsewhere(entry: int, seconds: int) -> float:
            return self._bank_spent(tournament, loaded, entry, seconds, but=live.number)

        return live.deadline(self._seconds_to_act, bank=bank, elsewhere=elsewhere)

    def _bank_spent(
        self, tournament: str, loaded: Tournament, entry: int, seconds: int, *, but: int
    ) -> float:
        """The seconds of time bank ``entry`` spent at the event's tables but ``but``.

        CLK-TIMEBANK (docs/judgements.md): the bank is the player's for the whole event, as
        online rooms keep it; a player moved (balancing, a table broken) takes what is left of
        it to his new table. Every table that ever played a hand counts, closed ones too: each
        counts from its own stored events, so a replay gives the same bank.
        """
        played = loaded.state.hands_played
        return sum(
            self._live(tournament, number, loaded).overtime(entry, seconds)
            for number, hands in sorted(played.items())
            if hands and number != but
        )

    def hand_players(self, tournament: str, table: int) -> list[tuple[int, str]]:
        """Return the seat and name of each player of the current (or last) hand, in the
        hand's order: a ruling's "player 1" is the first (the small blind); [] before a hand."""
        started = self._live(tournament, table).started
        return (
            []
            if started is None
            else list(zip(started.plan.seats, started.plan.names, strict=True))
        )

    def hand_histories(self, tournament: str, table: int) -> list[str]:
        """Return the PHH text of every hand finished at ``table``, oldest first (for the
        director: it holds every card dealt)."""
        return list(self._live(tournament, table).histories.values())

    def finished_hands(self, tournament: str, table: int) -> dict[int, str]:
        """Return the PHH text of every hand finished at ``table``, by hand number."""
        return dict(self._live(tournament, table).histories)

    def current_phh(self, tournament: str, table: int) -> str | None:
        """Return the PHH of the table's current (or last) hand, as far as it went (for the
        director); None before the first hand."""
        live = self._live(tournament, table)
        plan, hand = live.plan, live.hand
        if plan is None or hand is None:
            return None
        state = self.tournaments.load(tournament).state
        size = report.seat_count(state, plan)
        return report.phh_text(hand, plan, title=state.title, seat_count=size)

    # -- seat links ---------------------------------------------------------------------------

    def seat_link(self, tournament: str, entry: int) -> str:
        """Return a new secret token that lets entry ``entry`` play online; only its SHA-256 is
        stored. Raises NotFoundError for an unknown tournament or entry."""
        state = self._loaded(tournament).state
        if entry not in state.entries:
            raise NotFoundError(message("there is no entry {entry}", entry=entry))
        return self._links.issue(tournament, entry)

    def resolve_link(self, token: str) -> tuple[str, int]:
        """Return the tournament and the entry of a seat-link token.

        Raises NotFoundError for a token nobody was given.
        """
        return self._links.resolve(token)

    def locate(self, tournament: str, entry: int) -> tuple[int, int] | None:
        """Return the table and seat of ``entry`` now (players move), None if he has none."""
        record = self._loaded(tournament).state.entries.get(entry)
        if record is None or record.table is None or record.seat is None:
            return None
        return record.table, record.seat

    def cached_version(self, stream: str) -> int | None:
        """Return the version of the table ``stream`` this service holds in memory (None if it
        holds none): behind the file's when another process wrote."""
        key = self._table_of.get(stream)
        live = None if key is None else self._tables.get(key)
        return None if live is None else live.version

    # -- internals ----------------------------------------------------------------------------

    def _known(self, tournament: str) -> str:
        if not self._store.version(tournament):
            raise NotFoundError(
                message("there is no tournament {tournament!r}", tournament=tournament)
            )
        return tournament

    def _loaded(self, tournament: str) -> Tournament:
        """Return the tournament as stored now (its version asked once); NotFoundError when
        there is none."""
        loaded = self.tournaments.found(tournament)
        if loaded is None:
            raise NotFoundError(
                message("there is no tournament {tournament!r}", tournament=tournament)
            )
        return loaded

    def _live(self, tournament: str, table: int, loaded: Tournament | None = None) -> LiveTable:
        """Return the table, brought up to date with its stream; ``loaded``: the tournament as
        stored now when the caller just loaded it (it is known, not asked for again)."""
        key = (tournament, table)
        stream = self.stream(tournament if loaded is not None else self._known(tournament), table)
        live = self._tables.get(key)
        stored_version = self._store.version(stream)
        if live is not None and live.version == stored_version:
            return live
        if live is None or live.version > stored_version:
            if loaded is None:
                loaded = self.tournaments.load(tournament)
            live = LiveTable(table, loaded.state.profile)
            self._tables[key] = live
            self._table_of[stream] = key
        new = self._store.read(stream, after=live.version)
        try:
            live.catch_up([_decoded(stored) for stored in new])
        except DamagedEventError:
            self._tables.pop(key, None)
            raise
        except Exception:  # the table's code on data read from a file: find the event at fault
            self._tables.pop(key, None)
            _locate_fault(LiveTable(table, live.profile), self._store.read(stream))
            raise
        return live

    def _execute(self, tournament: str, live: LiveTable, command: commands.Command) -> None:
        """Handle a command at the table, apply its events (the engine checks them first),
        store them, tell the listeners, and report the hand to the tournament if it is over."""
        now = self._now()
        new = live.handle(command)
        if not new:
            return
        stream = self.stream(tournament, live.number)
        version = live.version
        try:
            for event in new:
                live.apply(event, now)
            if live.awaits_report:
                # The action that ends the hand is stored only if the tournament takes the
                # hand's result (EVENT-LIVE-HAND): a refused action is never stored.
                self._check_report(tournament, live, now)
            self._store.append(
                stream,
                [NewEvent(event.name, to_data(event)) for event in new],
                expected_version=version,
                recorded_at=now.astimezone(datetime.UTC).isoformat(),
            )
        except BaseException:
            # The table moved but the store did not: read the table again next time.
            self._tables.pop((tournament, live.number), None)
            raise
        for listener in self._listeners:
            listener(stream, tuple(new))
        if live.awaits_report:
            self._finish(tournament, live)

    def _check_report(self, tournament: str, live: LiveTable, now: datetime.datetime) -> None:
        """Raise what the tournament would raise at the report of the hand just over (its
        stacks), changing nothing."""
        plan, hand = live.plan, live.hand
        assert plan is not None
        assert hand is not None
        current = self.tournaments.load(tournament)
        progress = current.state.in_progress.get(plan.table)
        if progress is not None and progress.number == plan.hand:
            current.handle(report.finish_hand(plan, hand), now, random.Random(0))

    def _finish(self, tournament: str, live: LiveTable) -> None:
        """Report a finished hand to the tournament (its stacks, its bust-outs), then store its
        PHH. Each step checks whether it was already done, so a restart in between resumes."""
        plan, hand = live.plan, live.hand
        assert plan is not None
        assert hand is not None
        progress = self.tournaments.load(tournament).state.in_progress.get(plan.table)
        in_announcement = progress is not None and progress.announcement
        if progress is not None and progress.number == plan.hand:
            self.tournaments.execute(tournament, report.finish_hand(plan, hand))
        state = self.tournaments.load(tournament).state
        bust = report.bust_players(plan, hand, state, in_announcement=in_announcement)
        if bust is not None:
            self.tournaments.execute(tournament, bust)
        self._execute(tournament, live, report.record_hand(state, plan, bust))


def _seating(state: TournamentState, table: int) -> _Seating:
    """What ``views.frame`` reads of the tournament for ``table``: who sits in each seat, his
    name and his stack (an idle seat shows them)."""
    found = state.tables.get(table)
    if found is None:
        return ()
    entries = state.entries
    return tuple(
        (seat, entry, entries[int(entry)].player, entries[int(entry)].stack)
        for seat, entry in found.players.items()
    )


def _decoded(stored: StoredEvent) -> tuple[TableEvent, datetime.datetime]:
    """Decode a table's stored event and its time; DamagedEventError when it cannot be."""
    try:
        return from_data(stored.type, stored.data), datetime.datetime.fromisoformat(
            stored.recorded_at
        )
    except (ValueError, TypeError, KeyError) as error:
        raise DamagedEventError(stored.stream, stored.version, str(error)) from None


def _locate_fault(table: LiveTable, history: Sequence[StoredEvent]) -> None:
    """Apply a table's events one by one; raise DamagedEventError at the first that fails."""
    for stored in history:
        try:
            table.catch_up([_decoded(stored)])
        except DamagedEventError:
            raise
        except Exception as failure:  # told as the damage it is
            why = f"it does not apply ({str(failure) or type(failure).__name__})"
            raise DamagedEventError(stored.stream, stored.version, why) from None


def _start_of(
    new_events: Sequence[tournament_events.TournamentEvent],
) -> tournament_events.HandStarted:
    return next(e for e in new_events if isinstance(e, tournament_events.HandStarted))


def _last_start(
    history: Sequence[tournament_events.TournamentEvent], table: int, number: int
) -> tournament_events.HandStarted:
    return next(
        event
        for event in reversed(history)
        if isinstance(event, tournament_events.HandStarted)
        and event.table == table
        and event.hand == number
    )
