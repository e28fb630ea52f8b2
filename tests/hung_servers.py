"""Servers of a test's own that accept a connection and never answer: a paused Redis (a real
`redis-server`, sent SIGSTOP: the kernel still accepts connections, nothing replies) and a TCP
black hole (an SMTP server that never says hello). What a club server meets when Redis or the
mail server hangs rather than refuses (issue 34)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import threading
import time

from tests.conftest import missing_service


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def own_redis():
    """A redis-server of the test's own on a free port, answering PING. Yields (its URL, a
    function that pauses it: SIGSTOP, one that resumes it: SIGCONT); stopped afterwards."""
    binary = shutil.which("redis-server")
    if binary is None:
        missing_service("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 10
        while True:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", port), 1) as s,
            ):
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    break
            if time.monotonic() > deadline:
                raise RuntimeError("the test's redis-server did not start")
            time.sleep(0.05)
        yield (
            f"redis://127.0.0.1:{port}/0",
            lambda: os.kill(process.pid, signal.SIGSTOP),
            lambda: os.kill(process.pid, signal.SIGCONT),
        )
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGCONT)
        process.terminate()
        process.wait(10)


@contextlib.contextmanager
def paused_redis():
    """A redis-server of the test's own, paused (SIGSTOP) from the start. Yields its URL."""
    with own_redis() as (url, pause, _):
        pause()
        yield url


@contextlib.contextmanager
def black_hole():
    """A TCP server that accepts every connection and never sends a byte. Yields (port, a list
    that counts the connections accepted)."""
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(50)
    server.settimeout(0.1)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                connection, _ = server.accept()
            except OSError:
                continue
            accepted.append(connection)  # kept open, never answered

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1], accepted
    finally:
        stop.set()
        thread.join(2)
        for connection in accepted:
            connection.close()
        server.close()
