"""What ``pokertd web`` checks and prints before it serves: the port, the URLs, the QR code.

``listen`` binds the address first, so that a taken port is told on one line with a free port
nearby to try, before anything is created; uvicorn then serves on that very socket (no second
bind, no race). ``announce`` prints the URLs; on every address (``--host 0.0.0.0``) it adds the
machine's addresses on the local network (or those ``POKERTD_LAN_ADDRESS`` names: a container
cannot see its host's) and a QR code of the player lookup page, which phones on the club's Wi-Fi
scan.
"""

from __future__ import annotations

import errno
import io
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path

import click

from pokertd.cli.output import EXIT_MALFORMED, fail
from pokertd.messages import Message, message
from pokertd.present.words import Words
from pokertd.service.lan import is_loopback, machine_addresses, named_addresses

#: How many ports after a taken one are tried for a free one to suggest.
NEARBY = 20

#: The addresses that mean "every address of the machine".
EVERY_ADDRESS = ("0.0.0.0", "::", "")

#: The characters of a QR code drawn in text (``qr_text``).
QR_CHARACTERS = "█▀▄ "


def listen(host: str, port: int, words: Words) -> socket.socket:
    """Return a socket bound to ``host``:``port``, or tell on one line why it cannot be and exit
    with status 1: the port is taken (and which free port to try), reserved, or the address is
    not one of this machine's."""
    try:
        return bind(host, port)
    except OSError as error:
        fail(_why_not(error, host, port, words), status=EXIT_MALFORMED, lang=words.lang)


def bind(host: str, port: int) -> socket.socket:
    """Return a TCP socket bound to ``host``:``port`` as uvicorn binds it (IPv6 when the host
    holds a colon; the address reusable at once after a restart, except on Windows where that
    would let two servers share a port).

    Raises OSError when the port is taken or the address cannot be used.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio turns Nagle off (TCP_NODELAY) only on the connections of a
    # socket that says it is TCP; uvicorn writes an answer's head and body apart, and with Nagle
    # the body waited 40 ms for the client's delayed ACK, on every answer (docs/security.md).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        if os.name != "nt":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def free_port_near(host: str, port: int, is_free: Callable[[str, int], bool] | None = None) -> int:
    """Return the first free port of the ``NEARBY`` after ``port`` (from 8000 for a reserved port
    below 1024), or 0 when none is free."""
    check = is_free or _is_free
    return next((candidate for candidate in nearby(port) if check(host, candidate)), 0)


def nearby(port: int) -> range:
    """The ports tried after ``port`` for a free one (from 8000 after a reserved port).

    >>> nearby(8000), nearby(80), nearby(65530)
    (range(8001, 8021), range(8000, 8020), range(65531, 65536))
    """
    start = port + 1 if port >= 1024 else 8000
    return range(start, min(start + NEARBY, 65536))


def _is_free(host: str, port: int) -> bool:
    try:
        bind(host, port).close()
    except OSError:
        return False
    return True


def _why_not(error: OSError, host: str, port: int, words: Words) -> str:
    """The one-line reason a bind failed, with what to do."""
    where = f"{host}:{port}"
    if isinstance(error, socket.gaierror):
        return words(
            "cannot listen on {where}: {host!r} is not a known host name or address",
            where=where,
            host=host,
        )
    if error.errno == errno.EADDRNOTAVAIL:
        return words(
            "cannot listen on {where}: {host} is not an address of this machine "
            "(--host 0.0.0.0 listens on all of them)",
            where=where,
            host=host,
        )
    if error.errno in (errno.EADDRINUSE, errno.EACCES):
        return _taken(error.errno == errno.EACCES, host, port, words)
    return words("cannot listen on {where}: {error}", where=where, error=error.strerror or error)


def _taken(reserved: bool, host: str, port: int, words: Words) -> str:
    free = free_port_near(host, port)
    tried = nearby(port)
    if free:
        hint = words("try --port {free}", free=free)
    else:
        hint = words(
            "no port is free from {start} to {last} either: choose one with --port",
            start=tried.start,
            last=tried.stop - 1,
        )
    if reserved:
        return words(
            "port {port} is reserved to the administrator on this machine; {hint}",
            port=port,
            hint=hint,
        )
    return words(
        "port {port} of {host} is taken (another pokertd web, or another program, "
        "listens on it); {hint}",
        port=port,
        host=host,
        hint=hint,
    )


def announce(
    host: str,
    port: int,
    db: str,
    *,
    created: str | None,
    drawn_password: str | None,
    words: Words,
) -> None:
    """Print where the app answers (and, on every address, where phones reach it), the demo
    event created and the director's password."""
    base = f"http://{_in_url(host)}:{port}"
    click.echo(words("pokertd web app on {base}  (event file {db})", base=base, db=db))
    if created:
        click.echo(words("Demo event created: {created}", created=created))
    for page, path in PAGES:
        click.echo(f"  {_label(page, words)}{base}{path}")
    _for_phones(host, port, words)
    if drawn_password:
        click.echo(
            words(
                "Director's password (shown once, keep it): {drawn_password}",
                drawn_password=drawn_password,
            )
        )
    else:
        click.echo(
            words(
                "Director's password: the one set at the first start (--password replaces it)",
            )
        )


#: The page phones open to find their seat.
LOOKUP = message("Find my seat")
#: The pages ``announce`` lists: their names (the web app's titles) and paths.
PAGES = (
    (message("Director's console"), "/console"),
    (message("Clock display"), "/display/1/clock"),
    (message("Seating display"), "/display/1/seating"),
    (LOOKUP, "/lookup"),
    (message("Floor assistant"), "/floor"),
    (message("HTTP API"), "/api/docs"),
)


def _label(page: Message, words: Words) -> str:
    """A page's name and its colon, padded so that the URLs after it line up."""
    colon = words(":")
    width = max(len(words(name) + colon) for name, _ in PAGES) + 2
    named = words(page) + colon
    return f"{named:<{width}}"


def _in_url(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _for_phones(host: str, port: int, words: Words) -> None:
    """Print the addresses phones on the club's Wi-Fi open, and the QR code of the first one's
    player lookup page; or, on a loopback address, how to let them in."""
    if is_loopback(host):
        click.echo(
            words(
                "Phones cannot reach this address: start with --host 0.0.0.0 to serve the "
                "club's Wi-Fi",
            )
        )
        return
    addresses = phone_addresses() if host in EVERY_ADDRESS else (host,)
    if not addresses:
        click.echo(_no_address(words))
        return
    click.echo(words("On the club's Wi-Fi (phones):"))
    for address in addresses:
        click.echo(f"  {_label(LOOKUP, words)}http://{_in_url(address)}:{port}/lookup")
    _print_qr(f"http://{_in_url(addresses[0])}:{port}/lookup", words)


def phone_addresses() -> tuple[str, ...]:
    """The addresses phones open: those ``POKERTD_LAN_ADDRESS`` names (commas between), else
    the machine's own, except in a container, whose addresses are not the host's."""
    named = named_addresses()
    if named:
        return named
    return () if in_container() else machine_addresses()


def in_container() -> bool:
    """Tell whether pokertd runs in a Docker or Podman container."""
    return Path("/.dockerenv").exists() or Path("/run/.containerenv").exists()


def _no_address(words: Words) -> str:
    if in_container():
        return words(
            "In a container, the host's address is unknown: set POKERTD_LAN_ADDRESS "
            "to it (e.g. 192.168.1.20) to print the URL and QR code for phones",
        )
    return words("No local network address found: is this machine on the club's Wi-Fi?")


def _print_qr(url: str, words: Words) -> None:
    if not can_draw(getattr(sys.stdout, "encoding", None) or "ascii"):
        return  # a terminal that cannot show the blocks: the URL above is enough
    click.echo(words("Scan to find your seat ({url}):", url=url))
    click.echo(qr_text(url), nl=False)


def can_draw(encoding: str) -> bool:
    """Tell whether text in ``encoding`` can hold a QR code drawn by ``qr_text``.

    >>> can_draw("utf-8"), can_draw("cp1252")
    (True, False)
    """
    try:
        QR_CHARACTERS.encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def qr_text(url: str) -> str:
    """Return the QR code of ``url`` drawn in text, two modules a line with half blocks, light
    modules as blocks: it reads as a QR code on a dark terminal (the usual one); on a light one it
    shows inverted, which only some phone readers accept."""
    import segno  # only when a QR code is drawn: ``pokertd --help`` stays quick

    drawn = io.StringIO()
    segno.make(url, error="m").terminal(out=drawn, compact=True)
    return drawn.getvalue()
