"""The league service: load a season, handle a command, store the events, in the tournaments' store.

A season is the stream ``league-N`` of the same event store as the tournaments (``tournament-N``),
so ``add_tournament`` can copy a tournament's results from the file the director already uses.
Time enters here (``runtime.now``); a command is acknowledged once its events are stored.
"""

from __future__ import annotations

import contextlib
import datetime
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from pokertd.errors import NotFoundError, ParseError, PokertdError
from pokertd.league import commands, events
from pokertd.league.aggregate import League
from pokertd.league.results import results_from_tournament
from pokertd.league.standings import standings
from pokertd.league.state import LeagueState, Planned
from pokertd.messages import Message, message
from pokertd.service import runtime, streams
from pokertd.service.people import PeopleService
from pokertd.service.tournaments import TournamentService
from pokertd.store import EventStore
from pokertd.tournament.events import TournamentEvent, TournamentFinished
from pokertd.tournament.reports import winnings
from pokertd.tournament.state import TournamentState

PREFIX = "league-"
#: The record of a season's public pages: its unguessable address and whether it is published.
PUBLICATION = "league-public"
_SLUG = "abcdefghijkmnpqrstuvwxyz23456789"  # no l, o, 0, 1: read aloud or copied, never misread


@dataclass(frozen=True, slots=True)
class Publication:
    """A season's public pages: at ``/public/leagues/{slug}``, shown to all once ``published``."""

    slug: str
    published: bool = False


@dataclass(frozen=True, slots=True)
class Scheduled:
    """An event of a series' schedule as it stands: ``stage`` is "planned" (no tournament, or
    not started), "running", or "finished" (``winner`` named); ``scored`` is its number among
    the season's events once its results count."""

    planned: Planned
    stage: str
    winner: str = ""
    players: int = 0
    scored: int | None = None


#: Reads what each entry of a tournament won: (prizes, bounties), entry number to cents.
Money = Callable[[TournamentState], tuple[Mapping[int, int], Mapping[int, int]]]


Outcome = streams.Outcome[events.LeagueEvent]


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """A person's line in one season's standings (the register's merges applied)."""

    league: str
    title: str
    season: str
    rank: int
    is_tied: bool
    points: Fraction
    played: int
    wins: int


class LeagueService(streams.StreamService[League, commands.Command, events.LeagueEvent]):
    """Runs league seasons over an event store.

    >>> from pokertd.store import MemoryEventStore
    >>> service = LeagueService(MemoryEventStore())
    >>> outcome = service.create(commands.CreateLeague("Club", "2025-2026", points="sqrt"))
    >>> outcome.stream, outcome.version, str(service.load("league-1").state.formula)
    ('league-1', 1, 'sqrt')
    """

    def __init__(
        self,
        store: EventStore,
        *,
        now: Callable[[], datetime.datetime] = runtime.now,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(
            streams.Streams(
                store, PREFIX, replay=League.replay, decode=events.from_data, encode=events.to_data
            ),
            now=now,
        )
        #: The tournaments' service this one listens to (``follow``), if any.
        self._following: TournamentService | None = None
        self._rng = rng if rng is not None else runtime.system_rng()

    def leagues(self) -> list[str]:
        """Return the ids of the seasons in the store, oldest first."""
        return self.ids()

    def create(
        self, command: commands.CreateLeague, *, receipt: streams.Receipt | None = None
    ) -> Outcome:
        """Create a season under a new id (the ``receipt`` kept with it: ``execute``)."""
        League().handle(command, self._now())  # refuse a bad command before taking an id
        return self.execute(self._streams.next_id(), command, receipt=receipt)

    def _none_yet(self) -> Message:
        return message("there is no league yet: create one first")

    def _unknown(self, name: str) -> Message:
        return message("there is no league {name!r}", name=name)

    def _decide(
        self, aggregate: League, command: commands.Command, now: datetime.datetime
    ) -> list[events.LeagueEvent]:
        return aggregate.handle(command, now)

    def add_tournament(
        self,
        league: str,
        tournament: str | None,
        *,
        title: str | None = None,
        date: str | None = None,
        buyin: int = 0,
        prizes: Mapping[int, int] | None = None,
        bounties: Mapping[int, int] | None = None,
        money: Money | None = None,
        replaces: int | None = None,
    ) -> Outcome:
        """Copy a finished tournament of the same store into the season (or, with ``replaces``,
        over that event's results).

        ``tournament`` is an id or a number (None: the latest); the title defaults to the
        tournament's and the date to the day it was created (in local time). ``money`` reads
        what each entry won (prizes, bounties: entry number to cents) from the tournament's
        state; ``prizes`` and ``bounties`` given here win over it, entry by entry. Raises what
        ``results_from_tournament`` and ``League.handle`` raise.
        """
        tournaments = TournamentService(self.store, now=self._now)
        stream = tournaments.resolve(tournament)
        played = tournaments.load(stream)
        won, taken = money(played.state) if money is not None else ({}, {})
        field = results_from_tournament(
            played, {**won, **(prizes or {})}, {**taken, **(bounties or {})}
        )
        if date is None:
            if not played.events:  # pragma: no cover - a resolved tournament has events
                raise ParseError(f"{stream} has no events")
            created = datetime.datetime.fromisoformat(played.events[0].at)
            date = created.astimezone().date().isoformat()  # the day, local time
        command = commands.AddEvent(
            title or played.state.title,
            date,
            field,
            buyin=buyin,
            source=stream,
            replaces=replaces,
        )
        return self.execute(league, command)

    def as_registered(self, league: str) -> LeagueState:
        """Season ``league`` with the register's merges applied (``LeagueState.with_people``):
        two ids of one person count as one player in its standings and statistics, as if he
        had had one id all along. For reading; commands go through ``execute``."""
        return self.load(league).state.with_people(PeopleService(self.store).links())

    # -- the public pages ---------------------------------------------------------------------

    def seasons_of(self, person: str) -> list[SeasonLine]:
        """``person``'s line in every season he has results in (under any id merged into him):
        his league points for a person's history (issue 18)."""
        found = []
        for league in self.leagues():
            state = self.as_registered(league)
            for line in standings(state):
                if line.player == person:
                    found.append(
                        SeasonLine(
                            league, state.title, state.season, line.rank, line.is_tied,
                            line.points, line.played, line.wins,
                        )
                    )  # fmt: skip
        return found

    def publication(self, league: str) -> Publication:
        """The public address of season ``league`` (an id or a number), drawn at random the
        first time (a season's number is easy to guess, its slug is not), and whether it is
        published."""
        stream = self.resolve(league)
        data = self.store.get_record(PUBLICATION, stream)
        if data is not None:
            return Publication(str(data["slug"]), bool(data.get("published", False)))
        found = Publication("".join(self._rng.choice(_SLUG) for _ in range(20)))
        self.store.put_record(PUBLICATION, stream, {"slug": found.slug, "published": False})
        return found

    def publish(self, league: str, published: bool) -> Publication:
        """Publish season ``league``'s standings and results (or take them off the web)."""
        stream = self.resolve(league)
        found = Publication(self.publication(stream).slug, published)
        self.store.put_record(PUBLICATION, stream, {"slug": found.slug, "published": published})
        return found

    def by_slug(self, slug: str, *, unpublished: bool = False) -> str:
        """The season whose public address is ``slug``; NotFoundError for an unknown one, and
        for an unpublished one unless ``unpublished`` (the director's preview): a page not
        published is not there for the public."""
        for stream, data in self.store.records(PUBLICATION):
            if data.get("slug") == slug and (unpublished or data.get("published")):
                return stream
        raise NotFoundError(message("there is no published league at this address"))

    # -- a series: its schedule -----------------------------------------------------------------

    def schedule(
        self,
        league: str,
        date: str,
        title: str,
        *,
        buyin: int = 0,
        format: str = "",
        tournament: str | None = None,
    ) -> list[Outcome]:
        """Put an event on season ``league``'s schedule; with ``tournament`` (an id or a
        number), that tournament runs it: it is expected, so its results count in the
        standings when it finishes (at once if it has)."""
        stream = self._tournaments().resolve(tournament) if tournament else ""
        command = commands.ScheduleEvent(date, title, buyin, format, stream)
        done = [self.execute(league, command)]
        state = self.load(league).state
        counted = {event.source for event in state.events.values()}
        if stream and stream not in state.expected and stream not in counted:
            done += self.expect(league, stream)
        return done

    def programme(self, league: str) -> list[Scheduled]:
        """Season ``league``'s schedule by date, each event with where its tournament stands."""
        state = self.load(league).state
        scored = {event.source: event.number for event in state.events.values() if event.source}
        tournaments = self._tournaments()
        known = set(tournaments.tournaments())
        found = []
        for planned in state.programme():
            if planned.source not in known:
                found.append(Scheduled(planned, "planned", scored=scored.get(planned.source)))
                continue
            played = tournaments.load(planned.source).state
            winner = played.entries[played.winner].player if played.winner is not None else ""
            stage = "finished" if winner else "running" if played.is_drawn else "planned"
            found.append(
                Scheduled(planned, stage, winner, len(played.entries), scored.get(planned.source))
            )
        return found

    # -- tournaments attached when they finish ------------------------------------------------

    def expect(self, league: str, tournament: str) -> list[Outcome]:
        """Name tournament ``tournament`` (an id or a number) an event of season ``league``:
        its results are added when it finishes, at once if it has finished already.

        Raises NotFoundError for an unknown tournament, and what ``League.handle`` raises.
        """
        stream = self._tournaments().resolve(tournament)
        done = [self.execute(league, commands.ExpectTournament(stream))]
        return done + self.attach_finished(stream)

    def attach_finished(self, tournament: str) -> list[Outcome]:
        """Add finished tournament ``tournament`` (a stream id) to every season expecting it
        and not holding it yet, with the prizes and bounties its ledger gives and its buy-in.
        A tournament still running is left waiting: nothing is done."""
        tournaments = self._tournaments()
        if tournament not in tournaments.tournaments():
            return []  # not (or no longer) in the store: nothing to add
        played = tournaments.load(tournament).state
        if played.winner is None:
            return []
        rules = played.ledger.rules
        buyin = rules.buy_in.total if rules is not None else 0
        return [
            self.add_tournament(league, tournament, buyin=buyin, money=winnings)
            for league in self.leagues()
            if tournament in self.load(league).state.waiting()
        ]

    def catch_up(self, league: str) -> list[Outcome]:
        """Add every tournament season ``league`` expects that has finished meanwhile (one
        that finished while no listener ran: another process, a restart)."""
        done: list[Outcome] = []
        for tournament in self.load(league).state.waiting():
            done += self.attach_finished(tournament)
        return done

    def follow(self, tournaments: TournamentService) -> None:
        """Attach tournaments to their seasons as they finish: listen to ``tournaments``."""

        def finished(stream: str, happened: tuple[TournamentEvent, ...]) -> None:
            if any(isinstance(event, TournamentFinished) for event in happened):
                # The tournament's command is done and stored whatever happens here; a season
                # that refuses the results (its formula cannot score them) shows the refusal
                # when it catches up (``catch_up``, on its page).
                with contextlib.suppress(PokertdError):
                    self.attach_finished(stream)

        tournaments.subscribe(finished)
        self._following = tournaments

    def _tournaments(self) -> TournamentService:
        """The tournaments of the store: those followed (their service keeps them loaded), else
        a service of their own."""
        return self._following or TournamentService(self.store, now=self._now)
