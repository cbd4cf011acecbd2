"""Pre-registration at the door: sign-ups up to a cap, a waitlist, check-in, no-shows.

An event's sign-up list is a record of the store (kind ``signups``, keyed by the tournament's
id), beside the register: it holds person ids (``P-...``), never a name, and is not part of the
tournament's log, as a sign-up is not an entry. Pre-registration is not payment: the player
enters the tournament when the desk checks him in (``Register`` with his person id, the buy-in
taken then).

The rules of the list are house policy: the books have no rule for a cap or a waitlist (TDA 7
leaves alternates and registration to the house, SEAT-LATE-WINDOW). ``Signups`` is pure: every
change returns a new list, and the release of no-shows takes the time as an argument
(``settle(now)``); ``SignupService`` reads the clock and the store.
"""

from __future__ import annotations

import dataclasses
import datetime
import random
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pokertd.errors import ConflictError, IllegalActionError, NotFoundError, ParseError
from pokertd.messages import message
from pokertd.service import runtime
from pokertd.service.people import PERSON_ID, PeopleService
from pokertd.service.tickets import pay_with_ticket
from pokertd.service.tournaments import Outcome, TournamentService
from pokertd.store import RecordMovedError
from pokertd.tournament import commands as cmd
from pokertd.tournament.events import PlayerRegistered

__all__ = ["MOST", "Line", "SignupService", "Signups", "Status"]

KIND = "signups"
#: The largest cap a director may set, and so the longest list (a request stays bounded).
MOST = 2000
_TOKEN = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


class Status:
    """Where a sign-up stands."""

    SIGNED = "signed"  # holds a place
    WAITING = "waiting"  # on the waitlist, in order
    CHECKED_IN = "checked-in"  # came, and entered the tournament
    RELEASED = "released"  # did not come by the release time: his place went to the waitlist
    WITHDRAWN = "withdrawn"  # withdrew
    ALL = (SIGNED, WAITING, CHECKED_IN, RELEASED, WITHDRAWN)
    HOLDING = (SIGNED, CHECKED_IN)  # count against the cap
    ACTIVE = (SIGNED, WAITING, CHECKED_IN)


@dataclass(frozen=True, slots=True)
class Line:
    """One person's sign-up; ``token`` opens his check-in by QR code."""

    person: str
    token: str
    status: str = Status.SIGNED


@dataclass(frozen=True, slots=True)
class Signups:
    """An event's sign-up list (pure: no clock, no store).

    >>> at = datetime.datetime(2026, 3, 6, 18, tzinfo=datetime.UTC)
    >>> s = Signups(cap=1).sign_up("P-AAAAAAAA", "t1", at=at).sign_up("P-BBBBBBBB", "t2", at=at)
    >>> [line.status for line in s.lines]
    ['signed', 'waiting']
    >>> [line.status for line in s.withdraw("P-AAAAAAAA").lines]
    ['withdrawn', 'signed']
    """

    cap: int = 0  # 0: no sign-up open
    public: bool = False  # players may sign up themselves on the public page
    release_at: str = ""  # ISO time the no-shows are released at ("": not set)
    released: bool = False
    lines: tuple[Line, ...] = ()
    closes_at: str = ""  # ISO time sign-up closes at ("": open until the event)
    members_only: bool = False  # only members of the club may sign up
    season: str = ""  # members of this season only ("": any member)

    # -- reading -----------------------------------------------------------------------------

    def line(self, person: str) -> Line:
        """The active sign-up of ``person`` (else his last one); NotFoundError if none."""
        mine = [line for line in self.lines if line.person == person]
        active = [line for line in mine if line.status in Status.ACTIVE]
        if not mine:
            raise NotFoundError(message("{person} has not signed up for this event", person=person))
        return (active or mine)[-1]

    def by_token(self, token: str) -> Line:
        for line in self.lines:
            if line.token == token:
                return line
        raise NotFoundError(message("no sign-up has this check-in code"))

    def holding(self) -> int:
        return sum(line.status in Status.HOLDING for line in self.lines)

    def waitlist(self) -> list[Line]:
        return [line for line in self.lines if line.status == Status.WAITING]

    def rank(self, person: str) -> int | None:
        """``person``'s place on the waitlist from 1, None when he is not on it."""
        for n, line in enumerate(self.waitlist(), 1):
            if line.person == person:
                return n
        return None

    # -- changing ----------------------------------------------------------------------------

    def configure(
        self,
        cap: int,
        *,
        public: bool,
        release_at: str,
        closes_at: str = "",
        members_only: bool = False,
        season: str = "",
    ) -> Signups:
        """Set the cap (1 to ``MOST``), the public sign-up, the release time, the cut-off time
        and who may sign up (members only, of a season); a larger cap moves the waitlist up."""
        if not 1 <= cap <= MOST:
            raise ParseError(
                message(
                    "the number of places is {low} to {high}, not {cap}", low=1, high=MOST, cap=cap
                )
            )
        if cap < self.holding():
            raise ParseError(
                message(
                    "{held} players already hold a place: the cap cannot be lower",
                    held=self.holding(),
                )
            )
        if len(season) > 20:
            raise ParseError(message("a season is at most {limit} characters", limit=20))
        changed = dataclasses.replace(
            self,
            cap=cap,
            public=public,
            release_at=release_at,
            closes_at=closes_at,
            members_only=members_only,
            season=season if members_only else "",
        )
        return changed._promote()

    def is_closed(self, at: datetime.datetime) -> bool:
        """Whether the cut-off time has passed at ``at``."""
        return bool(self.closes_at) and at >= datetime.datetime.fromisoformat(self.closes_at)

    def sign_up(
        self, person: str, token: str, *, at: datetime.datetime, membership: str | None = ""
    ) -> Signups:
        """Sign ``person`` up at ``at``: a place while the cap allows, else the end of the
        waitlist. ``membership`` is the season of his membership ("" for a member without
        one), None when he is not a member. Refused after the cut-off time, and to a
        non-member when the sign-up is for members only (house policy: the books leave
        registration to the house, TDA 7, SEAT-LATE-WINDOW)."""
        if self.cap < 1:
            raise ParseError(message("sign-up is not open for this event"))
        if self.is_closed(at):
            raise ParseError(
                message("sign-up for this event closed at {time}", time=_shown(self.closes_at))
            )
        self._check_member(person, membership)
        if any(line.person == person and line.status in Status.ACTIVE for line in self.lines):
            raise ParseError(
                message("{person} has already signed up for this event", person=person)
            )
        if len(self.lines) >= 2 * MOST:
            raise ParseError(message("the sign-up list is full ({most} lines)", most=2 * MOST))
        status = Status.SIGNED if self.holding() < self.cap else Status.WAITING
        return dataclasses.replace(self, lines=(*self.lines, Line(person, token, status)))

    def withdraw(self, person: str) -> Signups:
        """``person`` withdraws: his place goes to the first on the waitlist."""
        line = self.line(person)
        if line.status not in (Status.SIGNED, Status.WAITING):
            raise ParseError(
                message(
                    "{person} cannot withdraw: he has checked in or left the list", person=person
                )
            )
        return self._set(line, Status.WITHDRAWN)._promote()

    def check_in(self, person: str) -> Signups:
        """``person`` came: he holds a place (a player on the waitlist waits for one)."""
        line = self.line(person)
        if line.status == Status.WAITING:
            raise ParseError(
                message(
                    "{person} is number {rank} on the waitlist: no place for him yet",
                    person=person,
                    rank=self.rank(person),
                )
            )
        if line.status == Status.CHECKED_IN:
            raise ParseError(message("{person} is checked in already", person=person))
        if line.status != Status.SIGNED:
            raise ParseError(
                message(
                    "{person} has no place: he withdrew or his place was released; sign him up "
                    "again",
                    person=person,
                )
            )
        return self._set(line, Status.CHECKED_IN)

    def undo_check_in(self, person: str) -> Signups:
        """``person``'s check-in taken back (his entry was refused): he holds his place again."""
        line = self.line(person)
        return self._set(line, Status.SIGNED) if line.status == Status.CHECKED_IN else self

    def release(self) -> Signups:
        """Release the no-shows: every place held by a player not checked in goes, in order,
        to the waitlist (SEAT-LATE-ABSENT concerns entries; a sign-up is not one yet)."""
        lines = tuple(
            dataclasses.replace(line, status=Status.RELEASED)
            if line.status == Status.SIGNED
            else line
            for line in self.lines
        )
        return dataclasses.replace(self, lines=lines, released=True)._promote()

    def settle(self, now: datetime.datetime) -> Signups:
        """Release the no-shows once ``now`` has reached the release time the director set
        (once: a player promoted after it keeps his place until he comes)."""
        if self.released or not self.release_at:
            return self
        if now < datetime.datetime.fromisoformat(self.release_at):
            return self
        return self.release()

    def _check_member(self, person: str, membership: str | None) -> None:
        if not self.members_only:
            return
        if membership is None and self.season:
            raise ParseError(
                message(
                    "sign-up for this event is for members of season {season} only: {person} "
                    "is not a member",
                    season=self.season,
                    person=person,
                )
            )
        if membership is None:
            raise ParseError(
                message(
                    "sign-up for this event is for members of the club only: {person} is not "
                    "a member",
                    person=person,
                )
            )
        if self.season and membership != self.season:
            raise ParseError(
                message(
                    "sign-up for this event is for members of season {season} only: {person} "
                    "is a member of season {theirs}",
                    season=self.season,
                    person=person,
                    theirs=membership or "-",
                )
            )

    def _set(self, target: Line, status: str) -> Signups:
        lines = tuple(
            dataclasses.replace(line, status=status) if line is target else line
            for line in self.lines
        )
        return dataclasses.replace(self, lines=lines)

    def _promote(self) -> Signups:
        """Give free places to the waitlist, first come first served."""
        free = self.cap - self.holding()
        lines = []
        for line in self.lines:
            if free > 0 and line.status == Status.WAITING:
                line, free = dataclasses.replace(line, status=Status.SIGNED), free - 1
            lines.append(line)
        return dataclasses.replace(self, lines=tuple(lines))

    # -- stored ------------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Signups:
        lines = tuple(Line(**line) for line in data.get("lines", ()))
        return cls(
            int(data.get("cap", 0)),
            bool(data.get("public", False)),
            str(data.get("release_at", "")),
            bool(data.get("released", False)),
            lines,
            str(data.get("closes_at", "")),
            bool(data.get("members_only", False)),
            str(data.get("season", "")),
        )


def _shown(at: str) -> str:
    """A stored ISO time as people read it: ``2026-03-06 18:00`` (the club's local time)."""
    return at[:16].replace("T", " ")


class SignupService:
    """The sign-up lists of a store's tournaments; check-in registers in the tournament.

    A change reads the list, changes it and writes it back only over the version it read
    (``EventStore.swap_record``, compare and set in the store): when another process (another
    worker on the same PostgreSQL database) wrote the list meanwhile, the change is made again
    on what it wrote, at most ``TRIES`` times. So two sign-ups at once, on one server or on two,
    both count, and neither writes over the other's line. Within a process, one lock per list
    (``_LOCKS``) keeps its threads from trying against each other.
    """

    def __init__(
        self,
        tournaments: TournamentService,
        *,
        now: Callable[[], datetime.datetime] = runtime.now,
        rng: random.Random | None = None,
    ) -> None:
        self.tournaments = tournaments
        self.store = tournaments.store
        self._now = now
        self._rng = rng if rng is not None else runtime.system_rng()

    def load(self, tournament: str) -> Signups:
        """The list of ``tournament`` (an id), no-shows released if their time has come."""
        found = self._read(tournament)
        if found.settle(self._now()) is found:
            return found
        return self._change(tournament, lambda signups: signups)  # the settling, kept

    def _read(self, tournament: str) -> Signups:
        data = self.store.get_record(KIND, tournament)
        return Signups.from_data(data) if data is not None else Signups()

    def configure(
        self,
        tournament: str,
        cap: int,
        *,
        public: bool,
        release_at: str,
        closes_at: str = "",
        members_only: bool = False,
        season: str = "",
    ) -> Signups:
        """Open or change the sign-up: ``release_at`` and ``closes_at`` ISO times (a naive one
        is local); ``members_only`` and ``season``: who may sign up."""
        release_at, closes_at = _iso(release_at), _iso(closes_at)
        return self._change(
            tournament,
            lambda signups: signups.configure(
                cap,
                public=public,
                release_at=release_at,
                closes_at=closes_at,
                members_only=members_only,
                season=" ".join(season.split()),
            ),
        )

    def sign_up(self, tournament: str, person: str) -> Line:
        """Sign a person of the register up; his line says a place or the waitlist."""
        found = PeopleService(self.store).find(person) if PERSON_ID.fullmatch(person) else None
        if found is None or found.erased:
            raise NotFoundError(
                message("there is no person {person} in the register", person=person[:20])
            )
        token = "".join(self._rng.choice(_TOKEN) for _ in range(20))
        membership = found.season if found.member else None
        changed = self._change(
            tournament,
            lambda signups: signups.sign_up(found.id, token, at=self._now(), membership=membership),
        )
        return changed.line(found.id)

    def withdraw(self, tournament: str, person: str) -> Signups:
        return self._change(tournament, lambda signups: signups.withdraw(person))

    def check_in(
        self, tournament: str, person: str, *, paid: bool = True, ticket: str = ""
    ) -> Signups:
        """``person`` came: he enters the tournament (his person id, checked in, the buy-in
        taken now unless ``paid`` is False, or paid by the satellite ``ticket``: SAT-TICKET),
        then his sign-up is marked. A refused entry or ticket (the tournament or the satellite
        says why) leaves the list and the tournament as they were."""
        with _lock(self.store, tournament):
            self.load(tournament).check_in(person)  # a waitlisted player: no entry
            # marked first, by compare and set: the same player checked in at once on two
            # workers enters once (the second is refused: checked in already)
            changed = self._change(tournament, lambda signups: signups.check_in(person))
            register = cmd.Register(person, paid=paid and not ticket, checked_in=True)
            try:
                registered = self.tournaments.execute(tournament, register)
                if ticket:
                    self._pay_with(tournament, registered, ticket)
            except BaseException:
                self._change(tournament, lambda signups: signups.undo_check_in(person))
                raise
            return changed

    def _pay_with(self, tournament: str, registered: Outcome, ticket: str) -> None:
        """Pay the new entry's buy-in with ``ticket``; on a refusal, take the entry back."""
        entry = next(e.entry for e in registered.events if isinstance(e, PlayerRegistered))
        try:
            pay_with_ticket(self.tournaments, tournament, entry, ticket)
        except (IllegalActionError, ParseError, NotFoundError):
            self.tournaments.compensate(tournament, registered.events[0].cmd)
            raise

    def release(self, tournament: str) -> Signups:
        """The director releases the no-shows now."""
        return self._change(tournament, lambda signups: signups.release())

    def _change(self, tournament: str, change: Callable[[Signups], Signups]) -> Signups:
        """Apply ``change`` to the list of ``tournament`` (settled first) and keep it over the
        version it was read at; read again and retry when another process wrote it meanwhile."""
        with _lock(self.store, tournament):
            for _ in range(TRIES):
                data, version = self.store.read_record(KIND, tournament)
                found = Signups.from_data(data) if data is not None else Signups()
                changed = change(found.settle(self._now()))
                try:
                    self.store.swap_record(
                        KIND, tournament, changed.to_data(), expected_version=version
                    )
                except RecordMovedError:
                    continue
                return changed
        raise ConflictError(
            message(
                "the sign-up list of {tournament} is changing too often at once: try again",
                tournament=tournament,
            )
        )


#: How many times a change of a sign-up list is made again when another process wrote the
#: list between its reading and its writing (each retry reads what that process wrote).
TRIES = 10

_LOCKS: dict[tuple[int, str], threading.RLock] = {}
_LOCKS_LOCK = threading.Lock()


def _lock(store: object, tournament: str) -> threading.RLock:
    """The lock of one store's list of ``tournament`` (made once, kept)."""
    with _LOCKS_LOCK:
        return _LOCKS.setdefault((id(store), tournament), threading.RLock())


def _iso(text: str) -> str:
    """``text``, a date and time as typed (``2026-03-06T18:00``), as a stored ISO time with its
    offset (a naive one is the machine's local time); "" stays ""."""
    if not text:
        return ""
    try:
        at = datetime.datetime.fromisoformat(text)
    except ValueError:
        raise ParseError(message("{text!r} is not a date and time", text=text[:40])) from None
    return (at if at.tzinfo else at.astimezone()).isoformat()
