"""A headless host (game/app/play/hosted_match.py) on 127.0.0.1, discovery off, waiting for its
`person` seats and playing its match in a thread: what the joining tests join. And a client
that takes a seat and never reads (`never_reading_client`), which the hosts' tests set beside
their players."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from game.app.play.hosted_match import HostedMatch
from game.engine.rules import Rules
from game.net.protocol import PROTOCOL_VERSION, Hello, write_message

WAIT_S = 20.0


class Host:
    def __init__(self, seats: list[str], hands: int = 1, seed: int = 11, bind: str = "127.0.0.1",
                 wait_s: float = WAIT_S, preset: str = "kaiji", **rules: object) -> None:
        self.hosted = HostedMatch(Rules.preset(preset, hands=hands, **rules), seats, seed=seed, bind=bind, port=0,
                                  move_time_s=30, report=lambda line: None)
        self.wait_s = wait_s
        self.hosted.start()
        self.thread = threading.Thread(target=self._run, name="test-host", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        if self.hosted.wait_for_players(self.wait_s):
            self.hosted.play()

    @property
    def address(self) -> str:
        host = self.hosted.host.host
        return f"[{host}]:{self.hosted.host.port}" if ":" in host else f"{host}:{self.hosted.host.port}"

    @property
    def code(self) -> str:
        return self.hosted.host.code

    def close(self) -> None:
        """Stop waiting or playing, then close every connection (bounded waits)."""
        self.hosted.close()
        self.thread.join(WAIT_S)
        self.hosted.stop()


@contextmanager
def never_reading_client(port: int, code: str, name: str = "Deaf",
                         receive_buffer: int | None = None) -> Iterator[socket.socket]:
    """A client at 127.0.0.1:`port` that takes a seat (its hello as `name`) and then never
    reads: the WebSocket upgrade and the hello written by hand, since a library's client
    reads. `receive_buffer`: its socket's, set before connecting (what the host's messages
    may fill before they queue up at the host). Closed on leaving."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if receive_buffer is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        sock.settimeout(5)
        sock.connect(("127.0.0.1", port))
        sock.sendall(handshake(port, f"/?v={PROTOCOL_VERSION}&code={code}"))
        sock.sendall(masked_text(write_message(Hello(name, ""))))
        yield sock
    finally:
        sock.close()


def handshake(port: int, path: str) -> bytes:
    """A WebSocket upgrade written by hand."""
    return (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()


def masked_text(text: str) -> bytes:
    """One client text frame (clients mask theirs; a zero mask keeps the bytes as they are)."""
    payload = text.encode()
    assert len(payload) < 126
    return bytes([0x81, 0x80 | len(payload)]) + b"\0\0\0\0" + payload
