"""A real server for the attack tests: uvicorn in a thread of the test, on 127.0.0.1 only.

``serving(app)`` starts it on a free port and yields its address; it stops when the block ends.
The attack tests speak to it over real sockets (raw HTTP, WebSockets), loopback only.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator

import uvicorn
from fastapi import FastAPI

#: How long the server may take to start or stop (seconds): a bound, never a wait.
BOUND = 30.0


def free_port() -> int:
    """Return a TCP port of the loopback interface that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(app: FastAPI) -> Iterator[tuple[str, int]]:
    """Run ``app`` on 127.0.0.1 in a thread; yield ``(host, port)``."""
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + BOUND
    while not server.started:
        assert thread.is_alive(), "the server stopped at start"
        assert time.monotonic() < deadline, "the server did not start in time"
        time.sleep(0.02)
    try:
        yield "127.0.0.1", port
    finally:
        server.should_exit = True
        thread.join(BOUND)


def raw_request(address: tuple[str, int], head: str, body: bytes = b"") -> socket.socket:
    """Open a connection, send the request head (CRLF added) and ``body``; return the socket."""
    connection = socket.create_connection(address, timeout=BOUND)
    connection.sendall(head.replace("\n", "\r\n").encode() + b"\r\n\r\n" + body)
    return connection


def read_answer(connection: socket.socket) -> bytes:
    """Read what the server answers until it closes the connection or the head and body are in."""
    got = b""
    while True:
        try:
            chunk = connection.recv(65536)
        except (ConnectionResetError, TimeoutError):
            return got
        if not chunk:
            return got
        got += chunk
        head, _, body = got.partition(b"\r\n\r\n")
        for line in head.split(b"\r\n"):
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length" and len(body) >= int(value):
                return got
