"""A real server for the attack tests: uvicorn in a thread of the test, on 127.0.0.1 only.

``serving(app)`` starts it on a free port and yields its address; it stops when the block ends.
The attack tests speak to it over real sockets (raw HTTP, WebSockets), loopback only.
"""

from __future__ import annotations

import contextlib
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator

import httpx
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


@contextlib.contextmanager
def pokertd_web(*arguments: str) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """Run ``pokertd web ARGUMENTS`` as a process of its own on a free port of 127.0.0.1; yield
    it and its address once it answers (any answer: a server of clubs answers 404 to an address
    no club has); stop it (Ctrl+C, else killed) when the block ends."""
    port = free_port()
    log = tempfile.TemporaryFile()  # noqa: SIM115 (closed at the end of the block below)
    command = [sys.executable, "-m", "pokertd", "web", "--port", str(port), *arguments]
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    address = f"127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 2 * BOUND
        while not _answers(address):
            if process.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise AssertionError(f"pokertd web did not start: {log.read().decode()}")
            time.sleep(0.1)
        yield process, address
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=2 * BOUND)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def _answers(address: str) -> bool:
    with contextlib.suppress(httpx.TransportError):
        return httpx.get(f"http://{address}/healthz", timeout=5).status_code < 500
    return False
