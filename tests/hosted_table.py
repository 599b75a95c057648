"""A headless host (game/app/play/hosted_match.py) on 127.0.0.1, discovery off, waiting for its
`person` seats and playing its match in a thread: what the joining tests join."""

from __future__ import annotations

import threading

from game.app.play.hosted_match import HostedMatch
from game.engine.rules import Rules

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
