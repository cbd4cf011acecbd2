"""Several workers on one PostgreSQL database share the events and push to each other's sockets
(``pokertd.web.cluster``): real ``pokertd web`` processes on 127.0.0.1, a real PostgreSQL
(``tests/postgres_server.py``), real WebSocket clients.

- Several servers behind a proxy: two and four ``pokertd web`` processes, each on its own port,
  one database; a display socket on every one; a command taken by one reaches them all.
- ``pokertd web --workers N``: N processes on one port; the sockets land on several of them,
  and each is pushed every command.
- A worker killed with ``kill -9`` loses no acknowledged command, and its pages reconnect: after
  a burst, and in the middle of a stream of commands (each on a new connection, so the stream
  goes to both workers).
- ``--workers`` with an SQLite file is refused, saying why.
- Sign-ups of one event at the same instant on two workers: none lost (the list is written by
  compare and set, ``EventStore.swap_record``).
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import live
import pytest
from click.testing import CliRunner
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from async_run import run_async
from pokertd.cli.main import cli
from pokertd.service.people import PeopleService
from pokertd.service.signups import KIND, Signups
from pokertd.store import open_store
from pokertd.web import cluster

PASSWORD = "workers-secret"
#: Bound of every wait (seconds): a server start, a document pushed. Never a timing asserted.
BOUND = 60.0
Document = dict[str, Any]


def pokertd_web(url: str, *options: str) -> contextlib.AbstractContextManager[Any]:
    """Run ``pokertd web`` on ``url`` (``live.pokertd_web``); yield it and its address."""
    return live.pokertd_web("--db", url, "--password", PASSWORD, *options)


def director(address: str) -> httpx.Client:
    client = httpx.Client(base_url=f"http://{address}", timeout=BOUND)
    answer = client.post("/api/login", json={"password": PASSWORD})
    assert answer.status_code == 200, answer.text
    client.headers["X-CSRF-Token"] = answer.json()["csrf"]
    return client


def create(client: httpx.Client) -> str:
    answer = client.post("/api/tournaments", json={"title": "Vendredi", "template": "turbo"})
    assert answer.status_code == 201, answer.text
    tournament: str = answer.json()["tournament"]
    return tournament


def register(client: httpx.Client, tournament: str, player: str) -> int:
    """Register ``player``; return the tournament's version the answer acknowledges."""
    answer = client.post(
        f"/api/tournaments/{tournament}/commands", json={"command": "register", "player": player}
    )
    assert answer.status_code == 200, answer.text
    version: int = answer.json()["version"]
    return version


async def display(address: str, tournament: str) -> ClientConnection:
    """A clock display's socket, its first document taken."""
    socket = await connect(f"ws://{address}/ws/tournaments/{tournament}", open_timeout=BOUND)
    await next_document(socket)
    return socket


async def next_document(socket: ClientConnection) -> Document:
    document: Document = json.loads(await asyncio.wait_for(socket.recv(), BOUND))
    return document


async def pushed_version(socket: ClientConnection, version: int) -> Document:
    """The document pushed to ``socket`` that shows the tournament at ``version`` at least."""
    while True:
        document = await next_document(socket)
        if document["version"] >= version:
            return document


async def ended(socket: ClientConnection) -> None:
    """Take the documents ``socket`` was sent, then its end (a document late: TimeoutError)."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            await next_document(socket)


# -- several servers on one database --------------------------------------------------------------


@pytest.mark.parametrize("servers", [2, 4])
def test_a_command_taken_by_one_server_is_pushed_to_the_displays_of_every_server(
    postgres_url: str, servers: int
) -> None:
    with contextlib.ExitStack() as stack:
        addresses = [stack.enter_context(pokertd_web(postgres_url))[1] for _ in range(servers)]
        with contextlib.closing(director(addresses[0])) as first:
            tournament = create(first)
            # the director's session, opened on one server, holds on another, and ends on all
            log = f"/api/tournaments/{tournament}/log"  # the director's (and his staff's) only
            with httpx.Client(
                base_url=f"http://{addresses[1]}", cookies=first.cookies, headers=first.headers
            ) as second:
                assert second.get(log).status_code == 200
                token = {"csrf_token": first.headers["X-CSRF-Token"]}
                assert second.post("/logout", data=token).status_code == 303
                assert second.get(log).status_code in (401, 403)
            assert first.get(log).status_code in (401, 403)

        async def scenario() -> None:
            sockets = [await display(address, tournament) for address in addresses]
            for number, address in enumerate(addresses, start=1):
                with contextlib.closing(
                    director(address)
                ) as client:  # each server takes one command
                    version = register(client, tournament, f"Joueur {number}")
                documents = [await pushed_version(socket, version) for socket in sockets]
                assert {document["version"] for document in documents} == {version}
            for socket in sockets:
                await socket.close()

        run_async(scenario())
        with contextlib.closing(
            director(addresses[-1])
        ) as last:  # every server reads the same events
            entries = last.get(f"/api/tournaments/{tournament}/entries").json()
        assert [entry["player"] for entry in entries] == [
            f"Joueur {number}" for number in range(1, servers + 1)
        ]


def save_layout(client: httpx.Client, tournament: str, layout: Document, **changed: str) -> None:
    """Save the clock's layout as the director's form does, ``changed`` on top of ``layout``."""
    fields = {key: layout[key] for key in ("background", "text", "accent", "sponsor")}
    fields.update(changed)
    answer = client.post(f"/console/{tournament}/screens", data=fields)
    assert answer.status_code == 303, answer.text


async def pushed_layout(socket: ClientConnection, key: str, value: str) -> Document:
    """The first document pushed to ``socket`` whose layout has ``key`` at ``value``."""
    while True:
        document = await next_document(socket)
        if document["layout"][key] == value:
            return document


def test_a_layout_saved_on_one_server_reaches_the_clocks_of_every_server(
    postgres_url: str,
) -> None:
    """A layout is a record, not an event (no trigger announces it): the server that saved it
    tells the others on the appends' channel (``cluster.Announcer``), for an event's layout and
    for the club's, and their clocks show it at once, not at their next refresh (the test's
    sockets never ask one)."""
    with (
        pokertd_web(postgres_url) as (_, first),
        pokertd_web(postgres_url) as (_, second),
        contextlib.closing(director(first)) as client,
    ):
        tournament = create(client)

        async def scenario() -> None:
            there = await connect(f"ws://{second}/ws/tournaments/{tournament}", open_timeout=BOUND)
            layout = (await next_document(there))["layout"]
            # the club's layout (the event has none of its own): every event's clocks
            save_layout(client, tournament, layout, scope="club", sponsor="Casino du Lac")
            await pushed_layout(there, "sponsor", "Casino du Lac")
            save_layout(client, tournament, layout, scope="event", background="#123456")
            shown = await pushed_layout(there, "background", "#123456")
            assert shown["layout"]["text"] == layout["text"]
            await there.close()

        run_async(scenario())


# -- pokertd web --workers N ----------------------------------------------------------------------


def workers_of(parent: int) -> list[int]:
    """The worker processes uvicorn's supervisor started for ``parent``."""
    children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
    return [
        int(child)
        for child in children
        if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()
    ]


def _server_sides(port: int) -> dict[int, str]:
    """The socket inode of each established connection to ``port``, by the client's port."""
    sides = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                local, remote = (int(end.rsplit(":", 1)[1], 16) for end in fields[1:3])
                if local == port and fields[3] == "01":  # 01: established
                    sides[remote] = fields[9]
    return sides


def _inodes(pid: int) -> set[str]:
    found = set()
    for descriptor in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            link = os.readlink(descriptor)
            if link.startswith("socket:["):
                found.add(link[8:-1])
    return found


def worker_of(socket: ClientConnection, port: int, workers: list[int]) -> int:
    """The worker that serves the WebSocket ``socket`` (from /proc)."""
    inode = _server_sides(port).get(socket.local_address[1])
    return next(worker for worker in workers if inode in _inodes(worker))


async def displays_on_every_worker(
    address: str, tournament: str, workers: list[int]
) -> dict[ClientConnection, int]:
    """Open display sockets until every worker holds one (the kernel hands each new connection
    to one of them), at most 200; return each socket's worker."""
    port = int(address.rpartition(":")[2])
    sockets: dict[ClientConnection, int] = {}
    while len(sockets) < 200:
        for socket in await asyncio.gather(*(display(address, tournament) for _ in range(8))):
            sockets[socket] = worker_of(socket, port, workers)
        if set(sockets.values()) == set(workers):
            return sockets
    raise AssertionError(f"the sockets reached only the workers {set(sockets.values())}")


@pytest.mark.parametrize("workers", [2, 4])
def test_workers_on_one_port_push_every_command_to_the_sockets_of_all(
    postgres_url: str, workers: int
) -> None:
    with pokertd_web(postgres_url, "--workers", str(workers)) as (process, address):
        pids = workers_of(process.pid)
        assert len(pids) == workers
        with contextlib.closing(director(address)) as client:
            tournament = create(client)

            async def scenario() -> None:
                sockets = await displays_on_every_worker(address, tournament, pids)
                for number in range(1, 4):
                    version = register(client, tournament, f"Joueur {number}")
                    for socket in sockets:
                        assert (await pushed_version(socket, version))["version"] == version
                for socket in sockets:
                    await socket.close()

            run_async(scenario())


def test_a_worker_killed_loses_no_acknowledged_command_and_its_pages_reconnect(
    postgres_url: str,
) -> None:
    with pokertd_web(postgres_url, "--workers", "2") as (process, address):
        pids = workers_of(process.pid)
        with contextlib.closing(director(address)) as client:
            tournament = create(client)

            async def scenario() -> list[str]:
                sockets = await displays_on_every_worker(address, tournament, pids)
                acknowledged = []
                for number in range(1, 6):
                    register(client, tournament, f"Joueur {number}")
                    acknowledged.append(f"Joueur {number}")
                os.kill(pids[0], signal.SIGKILL)  # its sockets close with it
                for socket, worker in sockets.items():
                    if worker == pids[0]:
                        await ended(socket)
                # the pages reconnect: the port is served by the worker left (and the new one)
                again = await display(address, tournament)
                for number in range(6, 9):
                    with contextlib.closing(director(address)) as after:
                        version = register(after, tournament, f"Joueur {number}")
                    acknowledged.append(f"Joueur {number}")
                    assert (await pushed_version(again, version))["version"] == version
                    for socket, worker in sockets.items():
                        if worker != pids[0]:  # the worker left pushes as before
                            assert (await pushed_version(socket, version))["version"] == version
                await again.close()
                return acknowledged

            acknowledged = run_async(scenario())
            entries = client.get(f"/api/tournaments/{tournament}/entries").json()
        assert [entry["player"] for entry in entries] == acknowledged


#: The commands of the stream a worker is killed in the middle of, and its most attempts.
STREAM, ATTEMPTS = 24, 60


def stream_of_commands(address: str, tournament: str, acknowledged: list[str]) -> list[str]:
    """Register players one after another, each on a new connection (the kernel gives each
    to either worker), until ``STREAM`` are acknowledged; a command whose answer was lost
    (its worker killed) is not, and the next one has another name. Return every name tried."""
    tried: list[str] = []
    with contextlib.closing(director(address)) as client:
        fresh = httpx.Client(
            base_url=client.base_url,
            cookies=client.cookies,
            headers=client.headers,
            timeout=BOUND,
            limits=httpx.Limits(max_keepalive_connections=0),  # a new connection each time
        )
        with fresh:
            while len(acknowledged) < STREAM and len(tried) < ATTEMPTS:
                name = f"Joueur {len(tried) + 1}"
                tried.append(name)
                with contextlib.suppress(httpx.TransportError):
                    answer = fresh.post(
                        f"/api/tournaments/{tournament}/commands",
                        json={"command": "register", "player": name},
                    )
                    if answer.status_code == 200:
                        acknowledged.append(name)
    return tried


def test_a_worker_killed_in_a_stream_of_commands_loses_none_acknowledged(
    postgres_url: str,
) -> None:
    """A stream of registrations; one worker killed (``kill -9``) once a third is acknowledged:
    every acknowledged registration is in the tournament, nothing but the tried ones is, and
    the display that lost its worker reconnects to a live one, which pushes the last one."""
    with pokertd_web(postgres_url, "--workers", "2") as (process, address):
        pids = workers_of(process.pid)
        port = int(address.rpartition(":")[2])
        with contextlib.closing(director(address)) as client:
            tournament = create(client)

        async def scenario() -> tuple[list[str], list[str]]:
            sockets = await displays_on_every_worker(address, tournament, pids)
            acknowledged: list[str] = []
            stream = asyncio.create_task(
                asyncio.to_thread(stream_of_commands, address, tournament, acknowledged)
            )
            while len(acknowledged) < STREAM // 3 and not stream.done():
                await asyncio.sleep(0.01)
            assert not stream.done()  # the stream goes on
            os.kill(pids[0], signal.SIGKILL)  # in the middle of the stream
            for socket, worker in sockets.items():
                if worker == pids[0]:
                    await ended(socket)
            again = await display(address, tournament)  # the page reconnects
            assert worker_of(again, port, workers_of(process.pid)) != pids[0]
            tried = await stream
            with contextlib.closing(director(address)) as after:
                version = register(after, tournament, "Dernier")
            assert (await pushed_version(again, version))["version"] == version
            for socket in [again, *sockets]:
                await socket.close()
            return acknowledged, tried

        acknowledged, tried = run_async(scenario())
        with contextlib.closing(director(address)) as client:
            entries = client.get(f"/api/tournaments/{tournament}/entries").json()
    players = [entry["player"] for entry in entries]
    assert len(acknowledged) == STREAM
    assert set(acknowledged) <= set(players)
    assert set(players) <= {*tried, "Dernier"}
    assert players == sorted(players, key=[*tried, "Dernier"].index)  # in the order sent


def test_workers_on_an_sqlite_file_are_refused_saying_why(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    result = CliRunner().invoke(cli, ["web", "--db", str(db), "--workers", "2"])
    assert result.exit_code != 0
    assert "--workers 2 needs a PostgreSQL database" in result.output
    assert f"SQLite file {db}" in result.output
    assert not db.exists()  # refused before anything is created


# -- once across the workers ----------------------------------------------------------------------


def test_a_table_clock_is_ruled_by_one_worker_at_a_time(postgres_url: str) -> None:
    one, other = cluster.Guard(postgres_url), cluster.Guard(postgres_url)
    try:
        with one.once("table-tournament-1-1") as first:
            with other.once("table-tournament-1-1") as second:
                assert (first, second) == (True, False)
            with other.once("table-tournament-1-2") as elsewhere:
                assert elsewhere  # another table's clock is another lock
        with other.once("table-tournament-1-1") as after:
            assert after  # released once the ruling is applied
    finally:
        one.close()
        other.close()


def test_the_sweep_lease_passes_to_another_worker_when_its_holder_dies(postgres_url: str) -> None:
    holder, waiting = cluster.Guard(postgres_url), cluster.Guard(postgres_url)
    try:
        assert holder.lease()
        assert holder.lease()  # kept
        assert not waiting.lease()
        holder.close()  # its connection ends, as with kill -9: PostgreSQL releases the lock
        deadline = time.monotonic() + BOUND  # once its backend has ended (not at close's return)
        while not waiting.lease():
            assert time.monotonic() < deadline, "the lease was never released"
            time.sleep(0.05)
    finally:
        waiting.close()


def test_wrong_passwords_are_counted_across_servers_so_two_give_no_more_attempts(
    postgres_url: str,
) -> None:
    """Five wrong passwords from one client, spread over two servers of one database: the
    sixth attempt waits on either, even with the right password (``SharedLoginGate``)."""
    with pokertd_web(postgres_url) as (_, first), pokertd_web(postgres_url) as (_, second):
        for address in (first, second, first, second, first):
            answer = httpx.post(f"http://{address}/api/login", json={"password": "guess"})
            assert answer.status_code == 403, answer.text
        for address in (first, second):
            answer = httpx.post(f"http://{address}/api/login", json={"password": PASSWORD})
            assert answer.status_code == 429, answer.text
            assert "too many wrong passwords" in answer.text
            assert int(answer.headers["Retry-After"]) >= 1


# -- the sign-up list across workers --------------------------------------------------------------


class Desk:
    """One kept-alive HTTP connection of a logged-in director, and the worker serving it."""

    def __init__(self, address: str, cookie: str, csrf: str, workers: list[int]) -> None:
        host, _, port = address.rpartition(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=BOUND)
        self.connection.connect()
        self.headers = {"Cookie": cookie, "X-CSRF-Token": csrf}
        self.headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.connection.request("GET", "/healthz")  # accepted by a worker from here on
        self.connection.getresponse().read()
        local = self.connection.sock.getsockname()[1]
        inode = _server_sides(int(port)).get(local)
        self.worker = next(worker for worker in workers if inode in _inodes(worker))

    def post(self, path: str, body: str) -> int:
        self.connection.request("POST", path, body, self.headers)
        answer = self.connection.getresponse()
        answer.read()
        return answer.status


def test_sign_ups_at_once_on_two_workers_are_all_kept(postgres_url: str) -> None:
    """Two desks on each of two workers sign up six people each, all starting at one instant:
    the list holds the 24 (before compare and set, a worker wrote its list over the other's)."""
    with contextlib.closing(open_store(postgres_url)) as store:
        register = PeopleService(store)
        people = [register.add(name="Joueur", first_name=chr(65 + n)).id for n in range(24)]
    with pokertd_web(postgres_url, "--workers", "2") as (process, address):
        pids = workers_of(process.pid)
        with contextlib.closing(director(address)) as client:
            tournament = create(client)
            cookie = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
            csrf = client.headers["X-CSRF-Token"]
            answer = client.post(f"/checkin/{tournament}/settings", data={"cap": "100"})
            assert answer.status_code == 303, answer.text
        desks: dict[int, list[Desk]] = {pid: [] for pid in pids}
        for _ in range(200):  # the kernel hands each new connection to one worker
            desk = Desk(address, cookie, csrf, pids)
            if len(desks[desk.worker]) < 2:
                desks[desk.worker].append(desk)
            else:
                desk.connection.close()
            if all(len(held) == 2 for held in desks.values()):
                break
        chosen = [desk for held in desks.values() for desk in held]
        assert len(chosen) == 4, {pid: len(held) for pid, held in desks.items()}
        start = threading.Barrier(len(chosen))
        answers: list[int] = []

        def sign_up(desk: Desk, mine: list[str]) -> None:
            start.wait(timeout=BOUND)
            for person in mine:
                answers.append(desk.post(f"/checkin/{tournament}/signup", f"person={person}"))

        threads = [
            threading.Thread(target=sign_up, args=(desk, people[number::4]))
            for number, desk in enumerate(chosen)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=4 * BOUND)
        for desk in chosen:
            desk.connection.close()
    assert answers == [303] * 24
    with contextlib.closing(open_store(postgres_url)) as store:
        ((_, data),) = store.records(KIND)
    assert sorted(line.person for line in Signups.from_data(data).lines) == sorted(people)
