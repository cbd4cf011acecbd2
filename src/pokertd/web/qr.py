"""QR codes of links for phones (seat tickets, dealers' passes, seat links), and the address
those links are built from.

A link a phone opens must name an address the phone can reach: the one the page was asked at,
unless that is this machine only (``localhost``, ``127.0.0.1``: the director at the server's own
keyboard) or the club named the room's address (``POKERTD_LAN_ADDRESS``), in which case the
server's address on the room's network (``pokertd.service.lan``) with the same port.
"""

from __future__ import annotations

import segno
from markupsafe import Markup
from starlette.requests import HTTPConnection

from pokertd.service.lan import is_loopback, named_addresses, room_address


def qr_svg(link: str) -> Markup:
    """The QR code of ``link`` as inline SVG (segno escapes what it writes)."""
    return Markup(segno.make(link, error="m").svg_inline(scale=4))


def room_base(connection: HTTPConnection) -> str:
    """The start of the links phones open (``http://192.168.1.20:8000``), with no ``/`` at the
    end: the address asked at, or the room's (module docstring)."""
    url = connection.base_url
    asked = str(url).rstrip("/")
    if not (named_addresses() or is_loopback(url.hostname or "")):
        return asked
    address = room_address()
    if address is None:
        return asked  # no network: the link works on this machine at least
    port = f":{url.port}" if url.port else ""
    host = f"[{address}]" if ":" in address else address
    return f"{url.scheme}://{host}{port}{url.path.rstrip('/')}"
