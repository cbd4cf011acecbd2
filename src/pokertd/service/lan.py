"""The machine's addresses on the local network, for phones on the club's Wi-Fi.

``machine_addresses()`` asks the system without sending anything on the network: the ``ip``
command (Linux; its interface names tell Docker's bridges and VPNs apart), else ``ifconfig``
(macOS, the BSDs), else the addresses the machine's own name resolves to (Windows).
``lan_addresses`` keeps those a phone can reach: IPv4, not loopback, not link-local, not a
wildcard, the usual home and club ranges (192.168/16, then 10/8, then 172.16/12) first.
"""

from __future__ import annotations

import functools
import ipaddress
import os
import re
import shutil
import socket
import subprocess
from collections.abc import Iterable, Sequence

#: Interfaces whose addresses a phone on the Wi-Fi cannot reach: container bridges, virtual
#: machines' networks, VPNs.
VIRTUAL = ("docker", "br-", "veth", "virbr", "lxcbr", "lxdbr", "cni", "flannel", "podman",
           "vmnet", "vboxnet", "tailscale", "zt", "wg", "tun", "tap", "utun")  # fmt: skip

#: How long a command that lists the interfaces may take (seconds).
COMMAND_TIMEOUT = 2.0

#: The most addresses worth printing.
MOST = 4

_PREFERRED = (
    ipaddress.IPv4Network("192.168.0.0/16"),
    ipaddress.IPv4Network("10.0.0.0/8"),
    ipaddress.IPv4Network("172.16.0.0/12"),
)
_IP_LINE = re.compile(r"^\d+:\s+(?P<name>\S+)\s+inet\s+(?P<address>[\d.]+)/", re.MULTILINE)
_IFCONFIG_INET = re.compile(r"^\s+inet\s+(?:addr:)?(?P<address>[\d.]+)", re.MULTILINE)
_IFCONFIG_NAME = re.compile(r"^(?P<name>[^\s:]+):?\s", re.MULTILINE)


def lan_addresses(candidates: Iterable[str]) -> tuple[str, ...]:
    """Return the addresses a phone on the local network could reach, best first, each once.

    >>> lan_addresses(["127.0.0.1", "169.254.1.2", "fe80::1", "0.0.0.0", "nonsense",
    ...                "10.0.0.5", "192.168.1.20", "10.0.0.5"])
    ('192.168.1.20', '10.0.0.5')
    """
    kept: list[ipaddress.IPv4Address] = []
    for text in candidates:
        try:
            address = ipaddress.ip_address(text.strip())
        except ValueError:
            continue
        reachable = not (
            address.is_loopback
            or address.is_link_local
            or address.is_unspecified
            or address.is_multicast
        )
        if isinstance(address, ipaddress.IPv4Address) and reachable and address not in kept:
            kept.append(address)
    kept.sort(key=_rank)  # stable: the system's order within a range
    return tuple(str(address) for address in kept[:MOST])


def _rank(address: ipaddress.IPv4Address) -> int:
    ranks = (index for index, network in enumerate(_PREFERRED) if address in network)
    return next(ranks, len(_PREFERRED))


def parse_ip_addr(text: str) -> list[str]:
    """Return the IPv4 addresses in the output of ``ip -4 -o addr show``, less those of
    virtual interfaces (``VIRTUAL``).

    >>> parse_ip_addr('''1: lo    inet 127.0.0.1/8 scope host lo
    ... 3: wlan0    inet 192.168.1.20/24 brd 192.168.1.255 scope global dynamic wlan0
    ... 4: docker0    inet 172.17.0.1/16 brd 172.17.255.255 scope global docker0''')
    ['127.0.0.1', '192.168.1.20']
    """
    return [
        match["address"]
        for match in _IP_LINE.finditer(text)
        if not _is_virtual(match["name"].split("@")[0])
    ]


def parse_ifconfig(text: str) -> list[str]:
    """Return the IPv4 addresses in the output of ``ifconfig`` (macOS, BSD or Linux net-tools),
    less those of virtual interfaces.

    >>> parse_ifconfig('''en0: flags=8863<UP,BROADCAST> mtu 1500
    ... \\tinet 192.168.1.31 netmask 0xffffff00 broadcast 192.168.1.255
    ... utun3: flags=8051<UP,POINTOPOINT> mtu 1380
    ... \\tinet 100.90.1.2 --> 100.90.1.2 netmask 0xffffffff''')
    ['192.168.1.31']
    """
    found: list[str] = []
    names = list(_IFCONFIG_NAME.finditer(text))
    for index, name in enumerate(names):
        end = names[index + 1].start() if index + 1 < len(names) else len(text)
        if not _is_virtual(name["name"]):
            block = text[name.start() : end]
            found.extend(match["address"] for match in _IFCONFIG_INET.finditer(block))
    return found


def _is_virtual(name: str) -> bool:
    return name.startswith(VIRTUAL)


def machine_addresses() -> tuple[str, ...]:
    """Return this machine's addresses on the local network, best first (none when it has
    none): from ``ip``, else ``ifconfig``, else the machine's name."""
    found = lan_addresses(parse_ip_addr(_run(["ip", "-4", "-o", "addr", "show"])))
    if not found:
        found = lan_addresses(parse_ifconfig(_run(["ifconfig"])))
    return found or lan_addresses(_named())


def _run(command: Sequence[str]) -> str:
    """Return what a command prints, or nothing when it is missing, fails or hangs."""
    program = shutil.which(command[0])
    if program is None:
        return ""
    try:
        done = subprocess.run(
            [program, *command[1:]],
            capture_output=True,
            text=True,
            timeout=COMMAND_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout if done.returncode == 0 else ""


def _named() -> list[str]:
    """The IPv4 addresses the machine's own name resolves to (the hosts file, mDNS or DNS)."""
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        return []
    return [str(address[4][0]) for address in found]


def named_addresses() -> tuple[str, ...]:
    """The addresses ``POKERTD_LAN_ADDRESS`` names (commas or spaces between), if any: the
    host's address when pokertd runs in a container, or the one the club chose."""
    return tuple(os.environ.get("POKERTD_LAN_ADDRESS", "").replace(",", " ").split())


def room_address() -> str | None:
    """The address phones on the room's network open to reach this machine: the one
    ``POKERTD_LAN_ADDRESS`` names first, else the machine's best; None when it has none."""
    found = named_addresses() or _machine_once()
    return found[0] if found else None


@functools.cache
def _machine_once() -> tuple[str, ...]:
    """The machine's addresses, asked once a process (the ``ip`` command takes milliseconds)."""
    return machine_addresses()


def is_loopback(host: str) -> bool:
    """Tell whether ``host`` is this machine only (a phone cannot open it).

    >>> is_loopback("localhost"), is_loopback("127.0.0.1"), is_loopback("192.168.1.20")
    (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
