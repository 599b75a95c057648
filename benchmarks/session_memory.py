"""Memory over a long session: the game's main process while the scripted player of
`--smoke` plays match after match (the title, the dora, the build with Suggest, discards,
the results, the summary, the next match), the window's language changed at every new
match, for `--minutes` of real time.

    nice python benchmarks/session_memory.py [--minutes 30] [--display xvfb|dummy]
        [--languages en,ja,zh_CN] [--mappings 8]

- `--display xvfb` (the default): a real X11 window on a virtual screen (Xvfb, started
  here), where the game's memory is what a player's is; `dummy`: SDL's window-less driver.
- Each minute: the main process's resident memory (now and its highest in that minute),
  the analysis workers' together, and how far the session got.
- At the end: the main process's peak RSS (the kernel's VmHWM), its RSS when the first
  match ended and its highest after that (the growth that a long session would keep
  adding), and the largest mappings of the main process (`--mappings`), to see where the
  memory is: the heap, fonts, SDL's and X11's libraries.

Target: main process peak RSS < 150 MB over a 30-minute session, and flat after the first
match. Prints numbers; nothing is asserted. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.startup import memory_kb, tree

MB = 1024  # kB in a MiB: /proc counts in kB
SAMPLE_S = 1.0
SCREEN = "1366x768x24"


def status_kb(field: str) -> int:
    """A line of /proc/self/status (VmRSS, VmHWM), in kB."""
    found = re.search(rf"^{field}:\s+(\d+) kB", Path("/proc/self/status").read_text(), re.MULTILINE)
    return int(found.group(1)) if found else 0


def largest_mappings(count: int) -> list[tuple[int, str]]:
    """The main process's mappings with the most resident memory, by file (anonymous memory
    under its name: [heap], [anon])."""
    resident: Counter[str] = Counter()
    name = "[anon]"
    for line in Path("/proc/self/smaps").read_text().splitlines():
        fields = line.split()
        if re.match(r"^[0-9a-f]+-[0-9a-f]+$", fields[0]):
            name = fields[5] if len(fields) > 5 else "[anon]"
        elif fields[0] == "Rss:":
            resident[name] += int(fields[1])
    return [(kb, name) for name, kb in resident.most_common(count)]


@contextlib.contextmanager
def virtual_screen():
    """An Xvfb display of its own for the session (DISPLAY set, SDL's dummy driver unset)."""
    for number in range(90, 140):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            break
    else:
        raise SystemExit("no free X display number between :90 and :139")
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", SCREEN, "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("Xvfb did not start (is it installed? apt-get install xvfb)")
            time.sleep(0.1)
        os.environ["DISPLAY"] = f":{number}"
        os.environ.pop("SDL_VIDEODRIVER", None)
        yield
    finally:
        server.terminate()
        server.wait(timeout=30)


class Session:
    """The pilot of `App.run`: the smoke run's scripted player, a new language at every new
    match, the memory sampled every second, and the end after `minutes`."""

    def __init__(self, minutes: float, languages: list[str]) -> None:
        from game.cli.smoke import ScriptedPlayer

        self.player = ScriptedPlayer()
        self.languages = languages
        self.started = time.monotonic()
        self.cpu_started = time.process_time()
        self.ends = self.started + minutes * 60
        self.next_sample = self.started
        self.seeds: list[int] = []
        self.minute: list[tuple[int, int]] = []
        """This minute's samples: (main RSS, workers' RSS) in kB."""
        self.after_first_match: int | None = None
        """The main process's RSS when the first match ended, kB."""
        self.highest_after_first = 0

    def __call__(self, app) -> list:
        events = self.player(app)
        seed = self.player.progress.match_seed
        if seed is not None and seed not in self.seeds:
            self.seeds.append(seed)
            if len(self.seeds) == 2:
                self.after_first_match = status_kb("VmRSS")
            language = self.languages[(len(self.seeds) - 1) % len(self.languages)]
            if app.language != language:
                app.change_settings(app.settings.with_changes(language=language))
        now = time.monotonic()
        if now >= self.next_sample:
            self.sample(app, now)
        if now >= self.ends:
            app.quit()
        return events

    def sample(self, app, now: float) -> None:
        main = status_kb("VmRSS")
        workers = sum(memory_kb(pid)[0] for pid in tree(os.getpid())[1:])
        self.minute.append((main, workers))
        if self.after_first_match is not None:
            self.highest_after_first = max(self.highest_after_first, main)
        self.next_sample = now + SAMPLE_S
        if len(self.minute) * SAMPLE_S >= 60 or now >= self.ends:
            progress = self.player.progress
            print(f"{(now - self.started) / 60:5.1f} min: main RSS {main / MB:6.1f} MB "
                  f"(highest this minute {max(m for m, _ in self.minute) / MB:6.1f}), "
                  f"workers {max(w for _, w in self.minute) / MB:6.1f} MB; match {len(self.seeds)}, "
                  f"{progress.kyoku_dealt} hands in it, {app.frames} frames, {app.language}", flush=True)
            self.minute = []


def run(args: argparse.Namespace) -> None:
    import pygame

    from game.app.flow import Flow
    from game.app.window.window import LaunchOptions, create_app

    with tempfile.TemporaryDirectory(prefix="17steps-session-") as folder:
        options = LaunchOptions(seed=17, config_dir=Path(folder) / "config", data_dir=Path(folder) / "data")
        app = create_app(options)
        app.settings = app.settings.with_changes(ai_delay_s=0.1, animation="fast")
        session = Session(args.minutes, args.languages.split(","))
        Flow(app).title()
        print(f"{pygame.display.get_driver()} display, {args.minutes:g} minutes, languages {args.languages}; "
              f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores", flush=True)
        try:
            app.run(session)
            mappings = largest_mappings(args.mappings)
        finally:
            app.close()
            pygame.quit()
    wall, cpu = time.monotonic() - session.started, time.process_time() - session.cpu_started
    print(f"session: {len(session.seeds)} matches begun, {app.frames} frames in {wall / 60:.1f} min "
          f"(main process CPU {cpu / 60:.1f} min)")
    print(f"main process: peak RSS {status_kb('VmHWM') / MB:.1f} MB (target < 150)")
    if session.after_first_match is not None:
        growth = session.highest_after_first - session.after_first_match
        print(f"  after the first match: {session.after_first_match / MB:.1f} MB; highest since "
              f"{session.highest_after_first / MB:.1f} MB ({growth / MB:+.1f} MB)")
    else:
        print("  the first match did not end: give more --minutes to see the growth after it")
    print("largest mappings of the main process at the end:")
    for kb, name in mappings:
        print(f"  {kb / MB:7.1f} MB  {name}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=30.0, help="the session's length (default: %(default)s)")
    parser.add_argument("--display", choices=("xvfb", "dummy"), default="xvfb",
                        help="a real X11 window on Xvfb, or SDL's dummy driver (default: %(default)s)")
    parser.add_argument("--languages", default="en,ja,zh_CN",
                        help="the languages taken in turn, a new one at every match (default: %(default)s)")
    parser.add_argument("--mappings", type=int, default=8, help="largest mappings shown (default: %(default)s)")
    args = parser.parse_args()
    if not sys.platform.startswith("linux"):
        raise SystemExit("measured on Linux only (/proc)")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    if args.display == "dummy":
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        run(args)
    else:
        with virtual_screen():
            run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
