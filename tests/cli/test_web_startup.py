"""``pokertd web`` at start-up: a taken port told on one line with a free one to try, the
addresses phones on the club's Wi-Fi open, and the QR code of the player lookup page.

The server itself is not run here (the browser tests run it): ``uvicorn.Server.run`` is replaced
by a recorder of the socket it would serve on.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import segno
import uvicorn
import zxingcpp
from click.testing import CliRunner, Result

from async_run import run_async
from pokertd.cli import web_startup
from pokertd.cli.main import cli
from pokertd.service.lan import lan_addresses, parse_ifconfig, parse_ip_addr
from pokertd.service.tournaments import TournamentService
from pokertd.store import SQLiteEventStore

URL = "http://192.168.1.20:8000/lookup"


@pytest.fixture
def held() -> Iterator[socket.socket]:
    """A port of 127.0.0.1 that another program listens on."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield other


@pytest.fixture
def on_the_wifi(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine (not a container) on the club's Wi-Fi at 192.168.1.20 and 10.0.0.7."""
    monkeypatch.delenv("POKERTD_LAN_ADDRESS", raising=False)
    monkeypatch.setattr(web_startup, "in_container", lambda: False)
    monkeypatch.setattr(web_startup, "machine_addresses", lambda: ("192.168.1.20", "10.0.0.7"))


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[socket.socket]]:
    """The sockets uvicorn would have served on (it does not serve: the test ends at once)."""
    sockets: list[socket.socket] = []

    def record(_server: uvicorn.Server, sockets_given: list[socket.socket]) -> None:
        sockets.extend(sockets_given)

    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: record(self, sockets))
    yield sockets
    for sock in sockets:
        sock.close()


def _web(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, ["web", *args], env=env)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


# -- a taken port -----------------------------------------------------------------------------


def test_a_taken_port_is_told_on_one_line_with_a_port_to_try(
    held: socket.socket, tmp_path: Path
) -> None:
    port = held.getsockname()[1]
    db = tmp_path / "club.db"
    result = _web("--port", str(port), "--db", str(db))
    assert result.exit_code == 1
    first, _, suggested = result.stderr.partition("; try --port ")
    assert first == (
        f"error: port {port} of 127.0.0.1 is taken (another pokertd web, or another program, "
        f"listens on it)"
    )
    assert int(suggested) in web_startup.nearby(port)
    assert result.stdout == ""
    assert "Traceback" not in result.output
    assert not db.exists()  # told before anything was created


def test_a_taken_port_is_told_in_french(held: socket.socket, tmp_path: Path) -> None:
    port = held.getsockname()[1]
    for args, env in (
        (["--lang", "fr"], None),
        ([], {"POKERTD_LANG": "fr"}),
    ):
        result = _web("--port", str(port), "--db", str(tmp_path / "club.db"), *args, env=env)
        assert result.exit_code == 1
        assert result.stderr.startswith(
            f"erreur : le port {port} de 127.0.0.1 est déjà pris (par un autre pokertd web, "
            "ou un autre programme) ; essayez --port "
        )


def test_the_port_suggested_is_the_first_free_one_after() -> None:
    taken = {8001, 8002}
    assert web_startup.free_port_near("127.0.0.1", 8000, lambda _h, p: p not in taken) == 8003
    assert web_startup.free_port_near("127.0.0.1", 80, lambda _h, p: p >= 8000) == 8000
    assert web_startup.free_port_near("127.0.0.1", 8000, lambda _h, _p: False) == 0


def test_no_free_port_nearby_says_to_choose_one(monkeypatch: pytest.MonkeyPatch) -> None:
    def taken(_host: str, _port: int) -> socket.socket:
        raise OSError(errno.EADDRINUSE, "Address already in use")

    monkeypatch.setattr(web_startup, "bind", taken)
    result = _web("--port", "8000")
    assert result.exit_code == 1
    assert result.stderr == (
        "error: port 8000 of 127.0.0.1 is taken (another pokertd web, or another program, "
        "listens on it); no port is free from 8001 to 8020 either: choose one with --port\n"
    )


def test_a_reserved_port_suggests_one_from_8000(monkeypatch: pytest.MonkeyPatch) -> None:
    def reserved(_host: str, port: int) -> socket.socket:
        raise OSError(errno.EACCES if port < 1024 else errno.EADDRINUSE, "refused")

    monkeypatch.setattr(web_startup, "bind", reserved)
    result = _web("--port", "80", "--lang", "fr")
    assert result.exit_code == 1
    assert result.stderr.startswith(
        "erreur : le port 80 est réservé à l'administrateur sur cette machine ; aucun port "
        "n'est libre de 8000 à 8019"
    )


def test_an_address_of_another_machine_is_refused_on_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def elsewhere(_host: str, _port: int) -> socket.socket:
        raise OSError(errno.EADDRNOTAVAIL, "Cannot assign requested address")

    monkeypatch.setattr(web_startup, "bind", elsewhere)
    result = _web("--host", "10.1.2.3")
    assert result.exit_code == 1
    assert result.stderr == (
        "error: cannot listen on 10.1.2.3:8000: 10.1.2.3 is not an address of this machine "
        "(--host 0.0.0.0 listens on all of them)\n"
    )


@pytest.mark.slow
def test_ctrl_c_stops_the_server_cleanly(tmp_path: Path) -> None:
    """The real server, on the socket bound at the check, stops on Ctrl+C with status 0."""
    port = _free_port()
    command = [sys.executable, "-m", "pokertd", "web", "--port", str(port),
               "--db", str(tmp_path / "club.db"), "--password", "secret"]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for _ in range(300):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).close()
                break
            assert server.poll() is None, server.communicate()[0]
            time.sleep(0.1)
        server.send_signal(signal.SIGINT)
        printed, _ = server.communicate(timeout=30)
    finally:
        server.kill()
    assert server.returncode == 0, printed
    assert "Aborted" not in printed
    assert "Traceback" not in printed


def test_the_connections_served_send_small_writes_at_once() -> None:
    """The socket bound at the check is a TCP socket to asyncio, which then turns Nagle's
    algorithm off on each connection it accepts (TCP_NODELAY): uvicorn writes an answer's head
    and body apart, and with Nagle the body waited for the client's delayed ACK, 40 ms on every
    answer (issue 16: a command took 44 ms or more on an idle server)."""
    listening = web_startup.bind("127.0.0.1", 0)
    accepted: list[int] = []

    async def serve() -> None:
        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            connection = writer.get_extra_info("socket")
            accepted.append(connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(handle, sock=listening)
        async with server:
            _, writer = await asyncio.open_connection(*listening.getsockname())
            while not accepted:
                await asyncio.sleep(0.01)
            writer.close()

    run_async(asyncio.wait_for(serve(), 30))
    assert accepted
    assert accepted[0] != 0


# -- where the events are (--db: a path or a URL) ---------------------------------------------


def test_an_sqlite_url_names_the_event_file(served: list[socket.socket], tmp_path: Path) -> None:
    port = _free_port()
    result = _web(
        "--port", str(port), "--db", f"sqlite://{tmp_path}/club.db", "--demo", "--keep", "3",
        "--password", "secret",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert (
        lines[0] == f"pokertd web app on http://127.0.0.1:{port}  (event file {tmp_path}/club.db)"
    )
    assert lines[1].startswith("Demo event created: ")
    with contextlib.closing(SQLiteEventStore(tmp_path / "club.db", read_only=True)) as store:
        assert len(store.streams()) >= 2  # the settings and the demo event
    assert [sock.getsockname() for sock in served] == [("127.0.0.1", port)]


@pytest.mark.parametrize(
    ("lang", "name"), [("fr", "Tournoi du samedi (démo)"), ("en", "Saturday tournament (demo)")]
)
def test_the_demo_event_is_named_in_the_language_the_server_speaks(
    served: list[socket.socket], tmp_path: Path, lang: str, name: str
) -> None:
    """The demo's name is stored data, shown as written on every page: a French server names it
    in French, an English one in English (it was French whatever the language)."""
    db = tmp_path / "club.db"
    result = _web("--port", str(_free_port()), "--db", str(db), "--demo", "--lang", lang)
    assert result.exit_code == 0, result.output
    with contextlib.closing(SQLiteEventStore(db, read_only=True)) as store:
        service = TournamentService(store)
        [event] = service.tournaments()
        assert service.load(event).state.title == name


@pytest.mark.parametrize(
    ("location", "english", "french"),
    [
        (
            "postgresql:pokertd",
            "error: a PostgreSQL location is a URL: postgresql://user:password@host/database or "
            "postgresql:///database?host=/run/postgresql",
            "erreur : un emplacement PostgreSQL est une URL : "
            "postgresql://utilisateur:mot-de-passe@hôte/base ou "
            "postgresql:///base?host=/run/postgresql",
        ),
        (
            "memory:",
            "error: the web app needs an event file: a store in memory would be a new, empty one "
            "each time the app opens it",
            "erreur : l'application web a besoin d'un fichier d'événements : un stockage en "
            "mémoire serait neuf et vide à chaque ouverture",
        ),
    ],
)
def test_a_store_the_web_app_cannot_use_is_told_on_one_line(
    location: str, english: str, french: str
) -> None:
    port = _free_port()
    for lang, expected in (("en", english), ("fr", french)):
        result = _web("--port", str(port), "--db", location, "--lang", lang, "--demo")
        assert result.exit_code == 1
        assert result.output == expected + "\n"
        assert "secret" not in result.output
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as again:
            again.bind(("127.0.0.1", port))  # the port was let go


def test_a_postgresql_server_that_cannot_be_reached_is_told_on_one_line(tmp_path: Path) -> None:
    """No server listens in the folder: said on one line, the URL without its password."""
    port = _free_port()
    location = f"postgresql://club:secret@/pokertd?host={tmp_path}"
    for lang, prefix in (("en", "error: "), ("fr", "erreur : ")):
        result = _web("--port", str(port), "--db", location, "--lang", lang)
        assert result.exit_code == 1
        assert result.output.startswith(
            f"{prefix}PostgreSQL event store postgresql://club@/pokertd?host={tmp_path}: "
        )
        assert f'"{tmp_path}/.s.PGSQL.5432" failed' in result.output
        assert result.output.count("\n") == 1
        assert "secret" not in result.output
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as again:
            again.bind(("127.0.0.1", port))  # the port was let go


# -- the addresses phones open ----------------------------------------------------------------


@pytest.mark.usefixtures("on_the_wifi")
def test_every_address_prints_the_lan_urls_and_the_qr_code(
    served: list[socket.socket], tmp_path: Path
) -> None:
    port = _free_port()
    result = _web(
        "--host", "0.0.0.0", "--port", str(port), "--db", str(tmp_path / "club.db"),
        "--password", "secret",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    lookup = f"http://192.168.1.20:{port}/lookup"
    lines = result.stdout.splitlines()
    # the URLs printed before stay as they were
    assert f"  Director's console:  http://0.0.0.0:{port}/console" in lines
    assert f"  Find my seat:        http://0.0.0.0:{port}/lookup" in lines
    start = lines.index("On the club's Wi-Fi (phones):")
    assert lines[start + 1 : start + 4] == [
        f"  Find my seat:        {lookup}",
        f"  Find my seat:        http://10.0.0.7:{port}/lookup",
        f"Scan to find your seat ({lookup}):",
    ]
    assert web_startup.qr_text(lookup) in result.stdout
    # uvicorn serves on the socket bound at the check, on every address
    assert [sock.getsockname() for sock in served] == [("0.0.0.0", port)]


@pytest.mark.usefixtures("on_the_wifi")
def test_every_address_without_a_network_says_so(
    monkeypatch: pytest.MonkeyPatch, served: list[socket.socket], tmp_path: Path
) -> None:
    monkeypatch.setattr(web_startup, "machine_addresses", lambda: ())
    result = _web(
        "--host", "0.0.0.0", "--port", str(_free_port()), "--db", str(tmp_path / "club.db"),
        "--lang", "fr",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (
        "Aucune adresse de réseau local trouvée : cette machine est-elle sur le Wi-Fi du club ?"
        in result.stdout.splitlines()
    )
    assert "█" not in result.stdout


@pytest.mark.usefixtures("on_the_wifi")
def test_in_a_container_the_host_address_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, served: list[socket.socket], tmp_path: Path
) -> None:
    monkeypatch.setattr(web_startup, "in_container", lambda: True)
    port = _free_port()
    args = ["--host", "0.0.0.0", "--port", str(port), "--db", str(tmp_path / "club.db")]
    alone = _web(*args)
    assert alone.exit_code == 0, alone.output
    assert (
        "In a container, the host's address is unknown: set POKERTD_LAN_ADDRESS to it "
        "(e.g. 192.168.1.20) to print the URL and QR code for phones"
    ) in alone.stdout.splitlines()
    assert "192.168.1.20:" not in alone.stdout  # the container's own addresses are not shown
    for sock in served:
        sock.close()
    told = _web(*args, env={"POKERTD_LAN_ADDRESS": "192.168.0.42"})
    assert told.exit_code == 0, told.output
    lookup = f"http://192.168.0.42:{port}/lookup"
    assert f"  Find my seat:        {lookup}" in told.stdout.splitlines()
    assert web_startup.qr_text(lookup) in told.stdout


def test_the_loopback_default_says_how_to_serve_phones(
    served: list[socket.socket], tmp_path: Path
) -> None:
    port = _free_port()
    result = _web("--port", str(port), "--db", str(tmp_path / "club.db"))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert (
        lines[0] == f"pokertd web app on http://127.0.0.1:{port}  (event file {tmp_path}/club.db)"
    )
    assert lines[-2] == (
        "Phones cannot reach this address: start with --host 0.0.0.0 to serve the club's Wi-Fi"
    )
    assert lines[-1].startswith("Director's password (shown once, keep it): ")
    assert [sock.getsockname() for sock in served] == [("127.0.0.1", port)]


def test_lan_addresses_keep_what_a_phone_reaches_best_first() -> None:
    found = ["127.0.0.1", "172.17.0.1", "203.0.113.9", "10.1.2.3", "169.254.9.9", "192.168.0.12",
             "::1", "224.0.0.1", "0.0.0.0", "192.168.0.12", "not an address"]  # fmt: skip
    assert lan_addresses(found) == ("192.168.0.12", "10.1.2.3", "172.17.0.1", "203.0.113.9")
    assert lan_addresses(["127.0.0.1", "127.0.1.1"]) == ()
    many = [f"192.168.1.{n}" for n in range(1, 10)]
    assert lan_addresses(many) == tuple(many[:4])


def test_virtual_interfaces_are_left_out() -> None:
    listed = """\
1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever
2: enp3s0    inet 10.0.0.4/24 brd 10.0.0.255 scope global enp3s0\\       valid_lft forever
3: wlp2s0    inet 192.168.1.20/24 brd 192.168.1.255 scope global dynamic wlp2s0\\  valid_lft 86
4: docker0    inet 172.17.0.1/16 brd 172.17.255.255 scope global docker0\\  valid_lft forever
5: br-1a2b3c    inet 172.18.0.1/16 brd 172.18.255.255 scope global br-1a2b3c\\  valid_lft forever
6: tailscale0    inet 100.101.1.2/32 scope global tailscale0\\       valid_lft forever
7: wg0    inet 10.8.0.2/24 scope global wg0\\       valid_lft forever preferred_lft forever
"""
    assert parse_ip_addr(listed) == ["127.0.0.1", "10.0.0.4", "192.168.1.20"]
    assert lan_addresses(parse_ip_addr(listed)) == ("192.168.1.20", "10.0.0.4")
    old_ifconfig = """\
eth0      Link encap:Ethernet  HWaddr 00:11:22:33:44:55
          inet addr:192.168.0.50  Bcast:192.168.0.255  Mask:255.255.255.0

docker0   Link encap:Ethernet  HWaddr 02:42:ac:11:00:01
          inet addr:172.17.0.1  Bcast:172.17.255.255  Mask:255.255.0.0
"""
    assert parse_ifconfig(old_ifconfig) == ["192.168.0.50"]


# -- the QR code ------------------------------------------------------------------------------

_HALVES = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}  # (top, bottom) light


def _light_modules(text: str) -> np.ndarray:
    """The light (1) and dark (0) modules a terminal shows for ``qr_text``'s drawing."""
    rows: list[list[int]] = []
    for line in text.splitlines():
        pairs = [_HALVES[character] for character in line]
        rows.extend(([top for top, _ in pairs], [bottom for _, bottom in pairs]))
    return np.array(rows, dtype=np.uint8)


def test_the_qr_code_drawn_in_text_decodes_to_the_url() -> None:
    shown = _light_modules(web_startup.qr_text(URL))
    picture = np.kron(shown * 255, np.ones((6, 6), dtype=np.uint8))  # 6 pixels a module
    decoded = zxingcpp.read_barcodes(picture, formats=zxingcpp.BarcodeFormat.QRCode)
    assert [code.text for code in decoded] == [URL]


def test_the_qr_code_drawn_is_segnos_matrix_with_its_quiet_zone() -> None:
    shown = _light_modules(web_startup.qr_text(URL))
    matrix = np.array(segno.make(URL, error="m").matrix, dtype=np.uint8)  # 1: dark
    size = len(matrix)
    drawn = shown[: size + 8]  # an odd count of rows ends on half a line of the terminal's own
    assert drawn.shape == (size + 8, size + 8)  # four light modules each side
    assert (drawn[4 : 4 + size, 4 : 4 + size] == 1 - matrix).all()
    quiet = drawn.copy()
    quiet[4 : 4 + size, 4 : 4 + size] = 1
    assert quiet.all()


def test_a_terminal_without_the_block_characters_gets_no_qr_code() -> None:
    assert web_startup.can_draw("utf-8")
    assert not web_startup.can_draw("cp1252")
    assert not web_startup.can_draw("no-such-encoding")
