"""Staff accounts and dealers' passes: who may use the console besides the director.

A club with one director configures nothing: the director's password (``auth``) opens
everything, as it always has. The director may add staff accounts, each a name, a role and a
password (only its scrypt hash is kept, as for his own), and issue a dealer a pass for one table:
a random token, shown once as a link and a QR code, whose SHA-256 alone is kept. The roles:

- ``director``: everything (the director's password is one; an account may be another);
- ``floor``: rulings, penalties, the clock, moves and bust-outs;
- ``cashier``: registration and money;
- ``dealer``: one table of one event, through a pass (no password).

Everything is kept in the event store's ``web-staff`` stream, beside the director's password
(``web-settings``): the accounts go wherever the events go (a backup, a PostgreSQL database that
several servers share), and the stream says who was given which access, and when. A removed
account or a revoked pass is an event too; nothing is forgotten, and nothing in the stream opens
a door: a password's hash, a pass's SHA-256.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import re
import secrets
import weakref
from dataclasses import dataclass, field, replace
from enum import StrEnum

from starlette.websockets import WebSocket

from pokertd.errors import NotFoundError, ParseError
from pokertd.messages import message
from pokertd.store import EventStore, NewEvent, StoredEvent
from pokertd.web.auth import hash_password

STREAM = "web-staff"

#: The shortest password the director may give a staff member (as for his own).
SHORTEST = 10
#: The longest password (a request stays bounded: scrypt reads it whole).
LONGEST = 1000


class Role(StrEnum):
    """What a member of the staff may do (``pokertd.web.permissions`` says which routes)."""

    DIRECTOR = "director"
    FLOOR = "floor"
    CASHIER = "cashier"
    DEALER = "dealer"


#: The roles an account may have (a dealer has a pass, not an account).
ACCOUNT_ROLES = (Role.FLOOR, Role.CASHIER, Role.DIRECTOR)

#: A staff member's name: letters, digits, ``.``, ``-`` and ``_``, 2 to 40 of them; never
#: ``director``, the name the director's own password logs in as.
_NAME = re.compile(r"[^\W_][\w.\-]{1,39}")
DIRECTOR_NAME = "director"


@dataclass(frozen=True, slots=True)
class Account:
    """A staff member's account: ``since`` is the stream version its password was set at (a
    session opened before is over)."""

    name: str
    role: Role
    password_hash: str
    since: int


@dataclass(frozen=True, slots=True)
class DealerPass:
    """A dealer's pass for one table of one event; ``digest`` is the SHA-256 of its token."""

    id: str
    tournament: str
    table: int
    digest: str
    issued_at: str


@dataclass(frozen=True, slots=True)
class Roster:
    """The accounts and the passes in force, as of ``version`` of the stream."""

    version: int = 0
    accounts: dict[str, Account] = field(default_factory=dict)
    passes: dict[str, DealerPass] = field(default_factory=dict)

    def account(self, name: str) -> Account | None:
        """Return the account of ``name`` (case aside), or None."""
        return self.accounts.get(name.casefold())

    def pass_of(self, token: str) -> DealerPass | None:
        """Return the pass whose token is ``token``, or None (revoked, or never issued)."""
        digest = digest_of(token)
        for found in self.passes.values():
            if hmac.compare_digest(found.digest, digest):
                return found
        return None


def digest_of(token: str) -> str:
    """The SHA-256 of a pass's token: 192 random bits need no slow hash."""
    return hashlib.sha256(token.encode()).hexdigest()


def _applied(roster: Roster, event: StoredEvent) -> Roster:
    """The roster after one event of the stream (an unknown event changes nothing)."""
    data = event.data
    accounts, passes = dict(roster.accounts), dict(roster.passes)
    if event.type == "staff-added":
        key = str(data["name"]).casefold()
        accounts[key] = Account(
            str(data["name"]), Role(data["role"]), str(data["password_hash"]), event.version
        )
    elif event.type == "staff-password-set" and str(data["name"]).casefold() in accounts:
        key = str(data["name"]).casefold()
        accounts[key] = replace(
            accounts[key], password_hash=str(data["password_hash"]), since=event.version
        )
    elif event.type == "staff-removed":
        accounts.pop(str(data["name"]).casefold(), None)
    elif event.type == "dealer-pass-issued":
        passes[str(data["id"])] = DealerPass(
            str(data["id"]),
            str(data["tournament"]),
            int(data["table"]),
            str(data["digest"]),
            event.recorded_at,
        )
    elif event.type == "dealer-pass-revoked":
        passes.pop(str(data["id"]), None)
    return Roster(event.version, accounts, passes)


class StaffBook:
    """The roster of a store, read again only when the stream changed (every guarded request
    asks for it: one ``version`` query while nothing changes)."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._roster = Roster()
        #: The open sockets of each pass, closed at once when it is revoked.
        self.sockets: dict[str, weakref.WeakSet[WebSocket]] = {}

    def roster(self) -> Roster:
        """Return the roster as stored now (another server may have changed it)."""
        if self.store.version(STREAM) != self._roster.version:
            roster = self._roster
            for event in self.store.read(STREAM, after=roster.version):
                roster = _applied(roster, event)
            self._roster = roster
        return self._roster

    def add(self, name: str, role: str, password: str, now: datetime.datetime) -> Account:
        """Add an account; ParseError for a bad name, a name taken, a bad role or password."""
        name = name.strip()
        if not _NAME.fullmatch(name) or name.casefold() == DIRECTOR_NAME:
            raise ParseError(
                message(
                    "a staff member's name is 2 to 40 letters, digits, dots, dashes or "
                    "underscores, and not 'director': {name!r}",
                    name=name[:40],
                )
            )
        if self.roster().account(name) is not None:
            raise ParseError(message("there is already a staff member named {name}", name=name))
        if role not in ACCOUNT_ROLES:
            raise ParseError(message("choose the staff member's role"))
        self._append("staff-added", name=name, role=role, password_hash=_hashed(password), now=now)
        found = self.roster().account(name)
        assert found is not None
        return found

    def set_password(self, name: str, password: str, now: datetime.datetime) -> None:
        """Give an account a new password: its sessions end (``since``)."""
        account = self._existing(name)
        self._append(
            "staff-password-set", name=account.name, password_hash=_hashed(password), now=now
        )

    def remove(self, name: str, now: datetime.datetime) -> None:
        """Remove an account: its sessions end at their next request."""
        self._append("staff-removed", name=self._existing(name).name, now=now)

    def issue(self, tournament: str, table: int, now: datetime.datetime) -> tuple[DealerPass, str]:
        """Issue a dealer's pass for ``table`` of ``tournament``: return it and its token, which
        is nowhere else (shown once)."""
        token, pass_id = secrets.token_urlsafe(24), secrets.token_hex(4)
        self._append(
            "dealer-pass-issued",
            id=pass_id,
            tournament=tournament,
            table=table,
            digest=digest_of(token),
            now=now,
        )
        return self.roster().passes[pass_id], token

    def revoke(self, pass_id: str, now: datetime.datetime) -> DealerPass:
        """Revoke a pass: its sessions are refused from now on."""
        found = self.roster().passes.get(pass_id)
        if found is None:
            raise NotFoundError(message("there is no dealer's pass {id!r} in force", id=pass_id))
        self._append("dealer-pass-revoked", id=pass_id, now=now)
        return found

    def _existing(self, name: str) -> Account:
        found = self.roster().account(name)
        if found is None:
            raise NotFoundError(message("there is no staff member named {name}", name=name[:40]))
        return found

    def _append(self, kind: str, *, now: datetime.datetime, **data: object) -> None:
        self.store.append(
            STREAM,
            [NewEvent(kind, data)],
            expected_version=self.store.version(STREAM),
            recorded_at=now.astimezone(datetime.UTC).isoformat(),
        )


def _hashed(password: str) -> str:
    """The scrypt hash of a new password, once its length is checked."""
    if not SHORTEST <= len(password) <= LONGEST:
        raise ParseError(
            message(
                "a password has {shortest} to {longest} characters",
                shortest=SHORTEST,
                longest=LONGEST,
            )
        )
    return hash_password(password, secrets.token_bytes(16))
