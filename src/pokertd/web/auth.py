"""The director's password, sessions and CSRF protection.

The password is set at the first start (given, or drawn and printed once) and only its scrypt hash
is kept, in the event store's ``web-settings`` stream. Sessions are kept by the server
(``pokertd.web.sessions``): nothing signs a cookie, so no secret is kept in the event log (the
``session_secret`` that versions before 0.x wrote there is ignored).
A form or an HTMX request that changes something carries the session's CSRF token (a hidden
``csrf`` field or the ``X-CSRF-Token`` header); a request without it is refused before anything
is done.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import hmac
import secrets
from dataclasses import dataclass

from pokertd.errors import PokertdError
from pokertd.messages import Message
from pokertd.store import EventStore, NewEvent

STREAM = "web-settings"

#: scrypt cost: 2^14 rounds, 8 blocks — OWASP's minimum for scrypt, about 50 ms here.
_N, _R, _P = 2**14, 8, 1


class AuthError(PokertdError):
    """The request needs the director's login, or its CSRF token is missing or wrong."""


class NotAllowedError(AuthError):
    """The caller is logged in, and his role does not allow what he asked (403, not-allowed:
    ``pokertd.web.permissions``)."""


class TooManyAttemptsError(PokertdError):
    """Too many wrong passwords lately: the login waits ``retry_after`` seconds (``throttle``)."""

    def __init__(self, message: Message, *, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def hash_password(password: str, salt: bytes) -> str:
    """Return ``scrypt$N$r$p$salt$hash`` for ``password``."""
    digest = hashlib.scrypt(password.encode(), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    encoded = [base64.b64encode(part).decode() for part in (salt, digest)]
    return f"scrypt${_N}${_R}${_P}${encoded[0]}${encoded[1]}"


def check_password(password: str, stored: str) -> bool:
    """Return whether ``password`` matches a hash made by ``hash_password``."""
    try:
        _, n, r, p, salt, digest = stored.split("$")
        expected = base64.b64decode(digest)
        found = hashlib.scrypt(
            password.encode(), salt=base64.b64decode(salt), n=int(n), r=int(r), p=int(p), dklen=32
        )
    except ValueError:
        return False
    return hmac.compare_digest(found, expected)


@dataclass(frozen=True, slots=True)
class Settings:
    """What the web app keeps about itself: the password hash."""

    password_hash: str


def load_settings(store: EventStore) -> Settings | None:
    """Return the stored settings, the latest of each, or None before the first start."""
    password_hash = ""
    for event in store.read(STREAM):
        password_hash = event.data.get("password_hash", password_hash)
    if not password_hash:
        return None
    return Settings(password_hash)


def first_start(
    store: EventStore, password: str | None, now: datetime.datetime
) -> tuple[Settings, str | None]:
    """Return the settings, creating them at the first start.

    Returns the password in clear only when it was drawn here (to be printed once); a password
    given at a later start replaces the stored one (the same password given again changes
    nothing: the caller ends every session when the hash changes).
    """
    settings = load_settings(store)
    if settings is not None and (
        password is None or check_password(password, settings.password_hash)
    ):
        return settings, None
    drawn = None
    if password is None:
        drawn = password = secrets.token_urlsafe(9)
    return change_password(store, password, now), drawn


def change_password(store: EventStore, password: str, now: datetime.datetime) -> Settings:
    """Keep the hash of the new ``password``; the caller ends every session."""
    new = Settings(hash_password(password, secrets.token_bytes(16)))
    store.append(
        STREAM,
        [NewEvent("settings-changed", {"password_hash": new.password_hash})],
        expected_version=store.version(STREAM),
        recorded_at=now.astimezone(datetime.UTC).isoformat(),
    )
    return new


def new_csrf_token() -> str:
    """Return a fresh CSRF token for a session."""
    return secrets.token_urlsafe(24)


def same_token(given: str | None, expected: str | None) -> bool:
    """Return whether a request's CSRF token is the session's."""
    return bool(given and expected) and hmac.compare_digest(str(given), str(expected))
