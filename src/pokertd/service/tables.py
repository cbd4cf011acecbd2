"""Live tables: hands played at a tournament's tables through the real engine, kept in the store.

``LiveTables`` starts a hand at a table (``StartHand`` on the tournament, then an engine ``Hand``
built from the tournament's seats, stacks, level and positions), takes the actions of the dealer
(``TableMode.DEALER``) or of the players (``TableMode.ONLINE``, dealt by the server), and, when
the hand is over, reports it to the tournament (``FinishHand``, ``BustPlayers``) and keeps its PHH.

Everything that must survive a restart is an event of the table's stream ``table-<tournament>-
<table>`` (``table-hand-started`` with the setup, and online the deck's seed; one event per
action or card entered; ``table-hand-finished`` with the PHH; ``table-bot-set``), and seat links
are events of the ``seat-links`` stream. A new ``LiveTables`` over the same store replays the
stream and carries on the hand exactly where it was. Every change is checked by the engine before
it is stored, and stored before it is acknowledged.

Seats are physical (from 1), players are engine indices (from 0); ``LiveSetup`` maps one to the
other. Views (``view``) hold only what the viewer may see (``table_views``).
"""

from __future__ import annotations

import datetime
import random
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pokertd.cards import Card
from pokertd.engine import ActionKind, Phase
from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.floor import clock_expired, interpret
from pokertd.floor.rulings import Ruling
from pokertd.service.seat_links import LINKS_STREAM, SeatLinks
from pokertd.service.table_bots import bot_choice
from pokertd.service.table_hands import (
    LiveSetup,
    TableMode,
    build_setup,
    card_texts,
    eliminators,
    parse_cards_given,
    phh_text,
)
from pokertd.service.table_stream import (
    ACTED,
    BOARD,
    BOT,
    FINISHED,
    HOLE,
    REPLAYED,
    SHOWN,
    STARTED,
    TableState,
    acted,
)
from pokertd.service.table_views import Deadline, Viewer, ViewerKind, render
from pokertd.service.tournaments import TournamentService
from pokertd.store import NewEvent
from pokertd.tournament import commands, events
from pokertd.tournament.money import Bounty

__all__ = ["LINKS_STREAM", "LiveSetup", "LiveTables", "TableMode", "Viewer", "ViewerKind"]


class LiveTables:
    """Hands at a tournament's tables, in dealer or online mode, kept in the service's store.

    ``rng`` deals online hands and drives the bots; ``now`` is the clock; ``token_factory``
    makes seat-link tokens; ``seconds_to_act`` overrides the online action clock (by default the
    time the profile gives once the clock is called: CLK-DURATION). One object is used from one
    thread, as the store is.
    """

    def __init__(
        self,
        service: TournamentService,
        *,
        rng: random.Random,
        now: Callable[[], datetime.datetime],
        token_factory: Callable[[], str] = secrets.token_urlsafe,
        seconds_to_act: int | None = None,
    ) -> None:
        self._service = service
        self._store = service.store
        self._rng = rng
        self._now = now
        self._links = SeatLinks(self._store, now=now, token_factory=token_factory)
        self._seconds_to_act = seconds_to_act
        self._tables: dict[tuple[str, int], TableState] = {}

    @property
    def service(self) -> TournamentService:
        """Return the tournament service the tables report to."""
        return self._service

    @staticmethod
    def stream(tournament: str, table: int) -> str:
        """Return the name of a table's stream.

        >>> LiveTables.stream("tournament-1", 3)
        'table-tournament-1-3'
        """
        return f"table-{tournament}-{table}"

    # -- hands --------------------------------------------------------------------------------

    def start_hand(self, tournament: str, table: int, *, mode: TableMode | str) -> int:
        """Start the next hand at ``table`` and return its number.

        A hand still in progress at the table is refused; one that is over but not yet reported
        to the tournament (a restart in between) is reported first.
        Raises what ``StartHand`` raises, ParseError when nobody could play the hand (every
        player dealt in is absent), IllegalActionError while a hand is in progress.
        """
        try:
            mode = TableMode(mode)
        except ValueError:
            raise ParseError(
                f"a table is played in dealer or online mode, not {mode!r}",
                fr=f"une table se joue en mode dealer ou online, pas {mode!r}",
            ) from None
        live = self._live(tournament, table)
        if live.hand is not None and not live.is_recorded:
            if not live.hand.is_finished:
                raise _refuse(
                    f"hand {_number(live)} is in progress at table {table}",
                    f"la main {_number(live)} est en cours à la table {table}",
                )
            self._finish(tournament, table, live)
        state = self._service.load(tournament).state
        progress = state.in_progress.get(table)
        if progress is not None and (live.setup is None or live.setup.hand < progress.number):
            # The tournament started this hand but the table never recorded it (a restart in
            # between): take it up as it was started.
            started = _last_start(self._service.load(tournament).events, table, progress.number)
        else:
            # Check that the engine can play the hand before the tournament counts it.
            probe = self._service.load(tournament)
            planned = probe.handle(commands.StartHand(table), self._now(), random.Random(0))
            preview = build_setup(tournament, state, _start_of(planned), mode, random.Random(0))
            preview.create_hand(state.profile)
            outcome = self._service.execute(tournament, commands.StartHand(table))
            started = _start_of(outcome.events)
        state = self._service.load(tournament).state
        setup = build_setup(tournament, state, started, mode, self._rng)
        self._record(tournament, table, live, STARTED, setup.to_data())
        return setup.hand

    def act(
        self,
        tournament: str,
        table: int,
        seat: int,
        kind: ActionKind | str,
        to: int | None = None,
    ) -> None:
        """Apply the action of the player in ``seat``: fold, check, call, bet or raise ``to`` a
        total, all-in, or at showdown show (cards the engine knows) or muck.

        Raises IllegalActionError (with the rule) when the rules forbid it, ParseError for an
        unknown action; nothing changes then.
        """
        action = ActionKind.parse(kind) if isinstance(kind, str) else kind
        live = self._playing(tournament, table)
        self._require_turn(live, seat)
        self._record(tournament, table, live, ACTED, acted(seat, action, to, by="player"))

    def deal_hole(
        self, tournament: str, table: int, seat: int, cards: Sequence[Card | str | None]
    ) -> None:
        """Enter the hole cards of ``seat`` (dealer mode); ``None`` or ``"??"`` for a card unseen.

        Raises IllegalActionError (ENGINE-DEAL) for a card already dealt or a seat that has its
        cards, or online (the server deals); ParseError for a card it cannot read.
        """
        live = self._playing(tournament, table)
        self._player(live, seat)
        data = {"seat": seat, "cards": card_texts(parse_cards_given(cards))}
        self._record(tournament, table, live, HOLE, data)

    def deal_board(self, tournament: str, table: int, cards: Sequence[Card | str]) -> None:
        """Enter the board cards of the next street (dealer mode), once its betting is over."""
        live = self._playing(tournament, table)
        given = parse_cards_given(cards)
        if any(card is None for card in given):
            raise _refuse("board cards are entered face up", "les cartes du tableau sont visibles")
        self._record(tournament, table, live, BOARD, {"cards": card_texts(given)})

    def show(
        self,
        tournament: str,
        table: int,
        seat: int,
        cards: Sequence[Card | str] | None = None,
    ) -> None:
        """Table the hand of ``seat`` (dealer mode), giving its cards if they were not entered."""
        live = self._playing(tournament, table)
        self._player(live, seat)
        shown = None if cards is None else card_texts(parse_cards_given(cards))
        self._record(tournament, table, live, SHOWN, {"seat": seat, "cards": shown})

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
        live = self._playing(tournament, table)
        self._require_turn(live, seat)
        assert live.hand is not None
        ruling = interpret(live.hand, chips=list(chips), say=said)
        decision = ruling.decision
        if decision is not None and not ruling.td_decides:
            data = acted(seat, decision.kind, decision.to, by="floor", rule=ruling.rule)
            self._record(tournament, table, live, ACTED, data)
        return ruling

    def expire(self, tournament: str, table: int) -> Ruling | None:
        """Apply what the profile rules for the online player whose time has run out, and
        return the ruling; None when no online player is out of time.
        """
        live = self._live(tournament, table)
        deadline = self._deadline(live)
        if deadline is None or self._now() < deadline.at:
            return None
        assert live.hand is not None
        # CLK-EXPIRY (TDA 29; LFP 3.6; BAN/TIME; GM 5°): online, the deadline is the clock run
        # out; the hand is dead, or checked under TDA 29 when the player faces no bet.
        ruling = clock_expired(live.hand, live.profile)
        assert ruling.decision is not None
        decision = ruling.decision
        data = acted(deadline.seat, decision.kind, decision.to, by="clock", rule=ruling.rule)
        self._record(tournament, table, live, ACTED, data)
        return ruling

    # -- bots ---------------------------------------------------------------------------------

    def set_bot(self, tournament: str, table: int, seat: int, on: bool) -> None:
        """Mark ``seat`` as played by a bot (``on``) or by its player."""
        live = self._live(tournament, table)
        if (seat in live.bots) != on:
            self._record(tournament, table, live, BOT, {"seat": seat, "is_bot": on})

    def run_bots(self, tournament: str, table: int, *, limit: int | None = None) -> int:
        """Let bot seats act while one is to act (at most ``limit`` actions); return how many
        actions they took."""
        count = 0
        while limit is None or count < limit:
            live = self._live(tournament, table)
            hand, setup = live.hand, live.setup
            if hand is None or setup is None or hand.is_finished:
                break
            legal = hand.legal()
            if legal is None or setup.seats[legal.player] not in live.bots:
                break
            kind, to = bot_choice(hand, legal, self._rng)
            if kind is ActionKind.SHOW and None in hand.hole_cards(legal.player):
                break  # the dealer must give the cards
            data = acted(setup.seats[legal.player], kind, to, by="bot")
            self._record(tournament, table, live, ACTED, data)
            count += 1
        return count

    # -- reading ------------------------------------------------------------------------------

    def view(self, tournament: str, table: int, viewer: Viewer) -> dict[str, Any]:
        """Return what ``viewer`` may see of ``table`` (see ``table_views``) as JSON-ready data.

        Raises NotFoundError for an unknown tournament, or a table that has neither seats nor
        hands.
        """
        live = self._live(tournament, table)
        state = self._service.load(tournament).state
        if table not in state.tables and live.setup is None:
            raise NotFoundError(
                f"there is no table {table} in {tournament}",
                fr=f"il n'y a pas de table {table} dans {tournament}",
            )
        return render(
            state,
            tournament=tournament,
            table=table,
            setup=live.setup,
            hand=live.hand,
            viewer=viewer,
            bots=frozenset(live.bots),
            deadline=self._deadline(live),
            now=self._now(),
        )

    def hand_histories(self, tournament: str, table: int) -> list[str]:
        """Return the PHH text of every hand finished at ``table``, oldest first (for the
        director: it holds every card dealt)."""
        return list(self._live(tournament, table).histories)

    # -- seat links ---------------------------------------------------------------------------

    def seat_link(self, tournament: str, entry: int) -> str:
        """Return a new secret token that lets entry ``entry`` play online; only its SHA-256 is
        stored. Raises NotFoundError for an unknown tournament or entry."""
        state = self._service.load(self._known(tournament)).state
        if entry not in state.entries:
            raise NotFoundError(f"there is no entry {entry}", fr=f"il n'y a pas d'entrée {entry}")
        return self._links.issue(tournament, entry)

    def resolve_link(self, token: str) -> tuple[str, int]:
        """Return the tournament and the entry of a seat-link token.

        Raises NotFoundError for a token nobody was given.
        """
        return self._links.resolve(token)

    def locate(self, tournament: str, entry: int) -> tuple[int, int] | None:
        """Return the table and seat of ``entry`` now (players move), None if he has none."""
        record = self._service.load(self._known(tournament)).state.entries.get(entry)
        if record is None or record.table is None or record.seat is None:
            return None
        return record.table, record.seat

    # -- internals ----------------------------------------------------------------------------

    def _known(self, tournament: str) -> str:
        if not self._store.version(tournament):
            raise NotFoundError(
                f"there is no tournament {tournament!r}",
                fr=f"il n'y a pas de tournoi {tournament!r}",
            )
        return tournament

    def _live(self, tournament: str, table: int) -> TableState:
        """Return the table, brought up to date with its stream."""
        key = (tournament, table)
        stream = self.stream(self._known(tournament), table)
        live = self._tables.get(key)
        stored_version = self._store.version(stream)
        if live is not None and live.version == stored_version:
            return live
        if live is None or live.version > stored_version:
            live = TableState(stream, self._service.load(tournament).state.profile)
            self._tables[key] = live
        new = self._store.read(stream, after=live.version)
        # Only the last hand is played again on the engine; earlier ones are over.
        starts = [index for index, stored in enumerate(new) if stored.type == STARTED]
        last_start = starts[-1] if starts else 0
        for index, stored in enumerate(new):
            if index >= last_start or stored.type not in REPLAYED:
                at = datetime.datetime.fromisoformat(stored.recorded_at)
                live.apply(stored.type, stored.data, at)
            live.version = stored.version
        return live

    def _record(
        self, tournament: str, table: int, live: TableState, kind: str, data: Mapping[str, Any]
    ) -> None:
        """Apply an event to the table (the engine checks it first), store it, and report the
        hand to the tournament if it is over."""
        now = self._now()
        try:
            live.apply(kind, data, now)
        except IllegalActionError as error:
            raise _in_seats(error, live.setup) from None
        try:
            live.version = self._store.append(
                live.stream,
                [NewEvent(kind, data)],
                expected_version=live.version,
                recorded_at=_utc(now),
            )
        except BaseException:
            # The engine moved but the store did not: read the table again next time.
            self._tables.pop((tournament, table), None)
            raise
        if live.hand is not None and live.hand.is_finished and not live.is_recorded:
            self._finish(tournament, table, live)

    def _finish(self, tournament: str, table: int, live: TableState) -> None:
        """Report a finished hand to the tournament (its stacks, its bust-outs), then store its
        PHH. Each step checks whether it was already done, so a restart in between resumes."""
        hand, setup = live.hand, live.setup
        assert hand is not None
        assert setup is not None
        result = hand.result
        assert result is not None
        stacks = {entry: result.stacks[p] for p, entry in enumerate(setup.entries)}
        loaded = self._service.load(tournament)
        progress = loaded.state.in_progress.get(table)
        in_announcement = progress is not None and progress.announcement
        if progress is not None and progress.number == setup.hand:
            self._service.execute(tournament, commands.FinishHand(table, stacks))
        state = self._service.load(tournament).state
        busted = tuple(
            entry
            for entry, chips in stacks.items()
            if chips == 0 and state.entries[entry].status.is_active
        )
        takers: dict[int, int] = {}
        if busted:
            # ELIM-SIMULTANEOUS (LFP 8.16, GM 41°): the stacks at the start of the hand rank
            # players busting in the same hand.
            start_stacks = {entry: setup.stacks[p] for p, entry in enumerate(setup.entries)}
            rules = state.ledger.rules
            if rules is not None and rules.bounty is not Bounty.NONE:
                # Bounties are the event's money rules, not a rulebook's: the bounty goes to
                # the winner of the pot that eliminated the player.
                takers = {
                    setup.entries[loser]: setup.entries[winner]
                    for loser, winner in eliminators(hand).items()
                    if setup.entries[loser] in busted
                }
            self._service.execute(
                tournament,
                commands.BustPlayers(
                    busted,
                    start_stacks={entry: start_stacks[entry] for entry in busted},
                    in_announcement_hand=in_announcement,
                    takers=takers,
                ),
            )
        seat_count = state.tables[table].size if table in state.tables else max(setup.seats)
        data = {
            "hand": setup.hand,
            "stacks": sorted(stacks.items()),
            "busted": list(busted),
            "takers": sorted(takers.items()),
            "phh": phh_text(hand, setup, title=state.title, seat_count=seat_count),
        }
        self._record(tournament, table, live, FINISHED, data)

    def _playing(self, tournament: str, table: int) -> TableState:
        live = self._live(tournament, table)
        if live.hand is None or live.hand.is_finished:
            raise _refuse(
                f"no hand is being played at table {table}",
                f"aucune main n'est en cours à la table {table}",
            )
        return live

    def _player(self, live: TableState, seat: int) -> int:
        assert live.setup is not None
        player = live.setup.player_at(seat)
        if player is None:
            raise _refuse(
                f"seat {seat} is not dealt in this hand",
                f"le siège {seat} ne participe pas à cette main",
            )
        return player

    def _require_turn(self, live: TableState, seat: int) -> None:
        """BET-OOT (TDA 44A, LFP 7.20, GM 30°): only the player to act acts; an action out of
        turn is the floor's business (``pokertd.floor.out_of_turn``), not a table entry."""
        assert live.hand is not None
        assert live.setup is not None
        player = self._player(live, seat)
        to_act = live.hand.to_act
        if to_act is None:
            phase = live.hand.phase
            raise _refuse(
                f"nobody is to act: the hand is at {phase} (the board cards are due)",
                f"personne n'a la parole : la main en est à {phase} (les cartes du tableau sont "
                "attendues)",
            )
        if to_act != player:
            turn = live.setup.seats[to_act]
            raise IllegalActionError(
                f"seat {seat} is not to act; seat {turn} is (BET-OOT)",
                rule="BET-OOT",
                action=f"seat {seat}",
                fr=f"le siège {seat} n'a pas la parole ; c'est au siège {turn} (BET-OOT)",
            )

    def _deadline(self, live: TableState) -> Deadline | None:
        """The online action clock: the player to act has, from the moment he got the turn,
        the time the profile gives once the clock is called (CLK-DURATION: TDA 29 25 s + 5 s,
        LFP 3.6 60 s + 10 s, BAN/TIME 60 s, GM 5° 60 s + 10 s). Online nobody calls the clock:
        the books' time after a call is the one fair bound they give for every decision."""
        hand, setup = live.hand, live.setup
        if hand is None or setup is None or setup.mode is not TableMode.ONLINE:
            return None
        if hand.phase is not Phase.BETTING or hand.to_act is None or live.turn_since is None:
            return None
        profile = live.profile
        seconds = self._seconds_to_act
        if seconds is None:
            seconds = profile.clock_seconds + profile.clock_countdown_seconds
        at = live.turn_since + datetime.timedelta(seconds=seconds)
        return Deadline(setup.seats[hand.to_act], at, seconds)


def _start_of(new_events: Sequence[events.TournamentEvent]) -> events.HandStarted:
    return next(event for event in new_events if isinstance(event, events.HandStarted))


def _last_start(
    history: Sequence[events.TournamentEvent], table: int, number: int
) -> events.HandStarted:
    return next(
        event
        for event in reversed(history)
        if isinstance(event, events.HandStarted) and event.table == table and event.hand == number
    )


def _number(live: TableState) -> int:
    return 0 if live.setup is None else live.setup.hand


def _refuse(message: str, fr: str) -> IllegalActionError:
    return IllegalActionError(
        f"{message} (ENGINE-STATE)", rule="ENGINE-STATE", action="", fr=f"{fr} (ENGINE-STATE)"
    )


def _in_seats(error: IllegalActionError, setup: LiveSetup | None) -> IllegalActionError:
    """Return the engine's error with its players (``player 3``, ``p3``) named by their seats."""
    if setup is None:
        return error
    seats = setup.seats

    def seat(match: re.Match[str]) -> str:
        number = int(match.group(2))
        if not 1 <= number <= len(seats):
            return match.group(0)
        return f"{'siège' if match.group(1) == 'joueur' else 'seat'} {seats[number - 1]}"

    pattern = re.compile(r"\b(player|joueur|p) ?(\d+)\b")
    return IllegalActionError(
        pattern.sub(seat, str(error)),
        rule=error.rule,
        action=pattern.sub(seat, error.action),
        fr=None if error.fr is None else pattern.sub(seat, error.fr),
    )


def _utc(moment: datetime.datetime) -> str:
    return moment.astimezone(datetime.UTC).isoformat()
