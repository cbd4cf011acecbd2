"""Director sessions end (issue 16), on a real server on 127.0.0.1: the cookie is a random id
that the server looks up on every request; logout ends that session, a new password ends them
all, a cookie forged with what the event file holds is refused, and the files pokertd creates are
readable by their owner only. The cookie is ``Secure`` over HTTPS (a trusted proxy's
``X-Forwarded-Proto``) or when the app is told to."""

from __future__ import annotations

import base64
import contextlib
import datetime
import http.client
import json
import sqlite3
import stat
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path

import itsdangerous
import pytest
from fastapi import FastAPI
from live import serving
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from pokertd.service import backups
from pokertd.store import NewEvent, SQLiteEventStore
from pokertd.web import auth

COOKIE = "pokertd_session"


class Browser:
    """One client of a real server: its own cookie, sent back as a browser would."""

    def __init__(self, address: tuple[str, int], cookie: str = "") -> None:
        self.address = address
        self.cookie = cookie
        self.csrf = ""

    def send(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], str]:
        """Send one request; keep the cookie the answer sets; return status, headers, body."""
        connection = http.client.HTTPConnection(*self.address, timeout=30)
        sent = dict(headers or {})
        if self.cookie:
            sent["Cookie"] = f"{COOKIE}={self.cookie}"
        try:
            connection.request(method, path, body=body, headers=sent)
            answer = connection.getresponse()
            text = answer.read().decode()
            cookies = answer.headers.get_all("set-cookie") or []
        finally:
            connection.close()
        for cookie in cookies:
            if cookie.startswith(f"{COOKIE}="):
                self.cookie = cookie.split(";")[0].split("=", 1)[1]
        return answer.status, {"set-cookie": "\n".join(cookies)}, text

    def log_in(self, password: str, headers: dict[str, str] | None = None) -> dict[str, str]:
        """Log in through the JSON API; keep the CSRF token; return the answer's headers."""
        status, got, text = self.send(
            "POST",
            "/api/login",
            json.dumps({"password": password}).encode(),
            {"Content-Type": "application/json", **(headers or {})},
        )
        assert status == 200, text
        self.csrf = json.loads(text)["csrf"]
        return got

    def console(self) -> int:
        """The status of the director's console for this client."""
        return self.send("GET", "/console")[0]

    def log_out(self) -> int:
        form = f"csrf={self.csrf}".encode()
        return self.send(
            "POST", "/logout", form, {"Content-Type": "application/x-www-form-urlencoded"}
        )[0]


@contextlib.contextmanager
def served(app: FastAPI) -> Iterator[Callable[..., Browser]]:
    with serving(app) as address:
        yield lambda cookie="": Browser(address, cookie)


def test_logout_then_the_old_cookie_is_refused(app: FastAPI, password: str) -> None:
    with served(app) as browser:
        director = browser()
        director.log_in(password)
        old = director.cookie
        assert director.console() == 200
        assert director.log_out() == 303
        assert director.console() == 401
        replayed = browser(old)  # the cookie kept from before the logout
        assert replayed.console() == 401
        assert replayed.send("GET", "/api/tournaments/1/log")[0] == 401


def test_logout_ends_that_session_only(app: FastAPI, password: str) -> None:
    with served(app) as browser:
        laptop, phone = browser(), browser()
        laptop.log_in(password)
        phone.log_in(password)
        assert laptop.log_out() == 303
        assert browser(laptop.cookie).console() == 401
        assert phone.console() == 200


def test_a_new_password_ends_every_session(make_app: Callable[..., FastAPI], password: str) -> None:
    with served(make_app()) as browser:
        laptop, phone = browser(), browser()
        laptop.log_in(password)
        phone.log_in(password)
        cookies = [laptop.cookie, phone.cookie]
    with served(make_app(password="a brand new password")) as browser:
        for cookie in cookies:
            assert browser(cookie).console() == 401
        browser().log_in("a brand new password")


def change_password(director: Browser, current: str, new: str, again: str = "") -> tuple[int, str]:
    form = urllib.parse.urlencode(
        {"csrf": director.csrf, "current": current, "new": new, "again": again or new}
    )
    status, _, text = director.send(
        "POST", "/password", form.encode(), {"Content-Type": "application/x-www-form-urlencoded"}
    )
    return status, text


def test_a_password_change_ends_every_other_session(app: FastAPI, password: str) -> None:
    with served(app) as browser:
        laptop, phone = browser(), browser()
        laptop.log_in(password)
        phone.log_in(password)
        before = laptop.cookie
        status, text = change_password(laptop, password, "a longer new password")
        assert status == 200, text
        assert "every other session has ended" in text
        assert phone.console() == 401
        assert browser(before).console() == 401  # this session goes on under a new id
        assert laptop.cookie != before
        assert laptop.console() == 200
        assert browser().send(
            "POST", "/api/login", b'{"password": "a longer new password"}',
            {"Content-Type": "application/json"},
        )[0] == 200  # fmt: skip


def test_a_refused_password_change_ends_nothing(app: FastAPI, password: str) -> None:
    with served(app) as browser:
        laptop, phone = browser(), browser()
        laptop.log_in(password)
        phone.log_in(password)
        assert change_password(laptop, "not the password", "a longer new password")[0] == 401
        assert change_password(laptop, password, "short")[0] == 400
        status, text = change_password(laptop, password, "a longer new password", "another one")
        assert status == 400
        assert "The two new passwords differ." in text
        assert phone.console() == 200
        assert laptop.console() == 200
        browser().log_in(password)  # the password is the same


def test_the_same_password_at_a_restart_keeps_the_sessions(
    make_app: Callable[..., FastAPI], password: str
) -> None:
    with served(make_app()) as browser:
        director = browser()
        director.log_in(password)
    with served(make_app()) as browser:
        assert browser(director.cookie).console() == 200


def test_a_cookie_forged_from_the_event_file_is_refused(
    make_app: Callable[..., FastAPI], db_path: Path
) -> None:
    """An event file written by an earlier version holds a ``session_secret``: it signs nothing."""
    legacy = "kept-in-the-event-log-by-earlier-versions"
    with contextlib.closing(SQLiteEventStore(db_path)) as store:
        data = {"password_hash": auth.hash_password("old", b"0" * 16), "session_secret": legacy}
        store.append(
            auth.STREAM,
            [NewEvent("settings-changed", data)],
            expected_version=0,
            recorded_at="2024-05-03T19:00:00+00:00",
        )
    app = make_app()
    session = base64.b64encode(json.dumps({"director": True, "csrf": "x"}).encode())
    forged = itsdangerous.TimestampSigner(legacy).sign(session).decode()
    with served(app) as browser:
        intruder = browser(forged)
        assert intruder.console() == 401
        status, _, _ = intruder.send(
            "POST",
            "/api/tournaments",
            b'{"title": "X"}',
            {"Content-Type": "application/json", "X-CSRF-Token": "x"},
        )
        assert status == 401
    held = _everything_in(db_path)  # what an intruder who reads the file finds
    found = [event["session_secret"] for event in held if "session_secret" in event]
    assert found == [legacy]  # the old event stays (append-only); no new secret is written


def test_the_files_hold_no_cookie(app: FastAPI, password: str, db_path: Path) -> None:
    """Reading every file pokertd keeps gives no cookie: the server keeps sessions hashed."""
    with served(app) as browser:
        director = browser()
        director.log_in(password)
        assert director.console() == 200
        kept = b"".join(path.read_bytes() for path in db_path.parent.iterdir() if path.is_file())
    assert director.cookie.encode() not in kept
    assert b"session_secret" not in kept


def test_the_files_pokertd_creates_are_its_owners_only(
    app: FastAPI, password: str, db_path: Path, tmp_path: Path
) -> None:
    with served(app) as browser:
        browser().log_in(password)  # the director's sessions are written to their file
        copy, _ = backups.backup(
            db_path, tmp_path / "backups", now=datetime.datetime(2024, 5, 3, tzinfo=datetime.UTC)
        )
        modes = {
            path.name: stat.S_IMODE(path.stat().st_mode)
            for path in [*tmp_path.iterdir(), copy]
            if path.is_file()
        }  # while the server runs: its WAL files too
    assert {"pokertd.db", "pokertd.db-wal", "pokertd.db-sessions", copy.name} <= set(modes)
    assert set(modes.values()) == {0o600}, modes


def test_the_cookie_is_secure_behind_an_https_proxy(app: FastAPI, password: str) -> None:
    """uvicorn trusts ``X-Forwarded-Proto`` from 127.0.0.1 (``--forwarded-allow-ips``)."""
    with served(app) as browser:
        plain = browser().log_in(password)["set-cookie"]
        proxied = browser().log_in(password, {"X-Forwarded-Proto": "https"})["set-cookie"]
    assert "Secure" not in _attributes(plain)
    assert "Secure" in _attributes(proxied)
    assert {"HttpOnly", "SameSite=strict", "Path=/"} <= _attributes(proxied)


def test_secure_cookies_when_told(make_app: Callable[..., FastAPI], password: str) -> None:
    with served(make_app(secure_cookies=True)) as browser:
        director = browser()
        answer = director.log_in(password)["set-cookie"]
        assert "Secure" in _attributes(answer)
        ended = director.send(
            "POST",
            "/logout",
            f"csrf={director.csrf}".encode(),
            {"Content-Type": "application/x-www-form-urlencoded"},
        )[1]["set-cookie"]
        assert "Secure" in _attributes(ended)
        assert "Max-Age=0" in _attributes(ended)


def _attributes(cookie: str) -> set[str]:
    return {part.strip() for part in cookie.split(";")[1:]}


def _everything_in(db: Path) -> list[dict[str, object]]:
    """Every event's data in the file, read as an intruder would, with sqlite3."""
    with contextlib.closing(sqlite3.connect(db)) as connection:
        tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master")]
        found: list[dict[str, object]] = []
        for table in tables:
            with contextlib.suppress(sqlite3.Error):
                for row in connection.execute(f'SELECT * FROM "{table}"'):
                    found += [json.loads(cell) for cell in row if _is_json_object(cell)]
    return found


def _is_json_object(cell: object) -> bool:
    if not isinstance(cell, str) or not cell.startswith("{"):
        return False
    try:
        return isinstance(json.loads(cell), dict)
    except ValueError:
        return False


def test_pokertd_web_secure_cookies(db_path: Path, password: str) -> None:
    """``pokertd web --secure-cookies`` gives the app that marks every cookie ``Secure``."""
    from pokertd.cli import web

    assert "--secure-cookies" in [option for p in web.web_command.params for option in p.opts]
    _, app = web._start(str(db_path), str(db_path), False, password, None, 0, True)
    with served(app) as browser:
        assert "Secure" in _attributes(browser().log_in(password)["set-cookie"])


def test_the_dealers_socket_closes_when_its_session_ends(
    app: FastAPI, password: str, new_tournament: Callable[..., str]
) -> None:
    """A socket opened before the logout carried the hole cards on: the next document closes it."""
    with served(app) as browser:
        laptop, phone = browser(), browser()
        laptop.log_in(password)
        phone.log_in(password)
        json_headers = {"Content-Type": "application/json", "X-CSRF-Token": phone.csrf}
        status, _, text = phone.send(
            "POST", "/api/tournaments", b'{"title": "T", "template": "turbo"}', json_headers
        )
        assert status == 201, text
        tournament = json.loads(text)["tournament"]
        for player in ("Ana", "Bruno", "Chloe"):
            body = json.dumps({"command": "register", "player": player}).encode()
            phone.send("POST", f"/api/tournaments/{tournament}/commands", body, json_headers)
        draw = b'{"command": "draw-seats"}'
        assert (
            phone.send("POST", f"/api/tournaments/{tournament}/commands", draw, json_headers)[0]
            == 200
        )
        host, port = laptop.address
        with connect(
            f"ws://{host}:{port}/ws/tables/{tournament}/1",
            origin=Origin(f"http://{host}:{port}"),
            additional_headers={"Cookie": f"{COOKIE}={laptop.cookie}"},
        ) as socket:
            assert json.loads(socket.recv(timeout=20))["viewer"]["kind"] == "dealer"
            assert laptop.log_out() == 303
            bust = b'{"command": "bust-players", "entries": [3]}'  # the table's seats change
            busted = phone.send(
                "POST", f"/api/tournaments/{tournament}/commands", bust, json_headers
            )
            assert busted[0] == 200, busted
            with pytest.raises(ConnectionClosed) as closed:
                _documents_until_closed(socket)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == 4401


def _documents_until_closed(socket: ClientConnection) -> None:
    """Read the socket until it closes; no document may come (the session has ended)."""
    while True:
        assert "viewer" not in json.loads(socket.recv(timeout=20))
