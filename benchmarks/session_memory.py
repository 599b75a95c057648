"""Memory over a long session: the game's main process while the scripted player of
`--smoke` plays match after match (the title, the dora, the build with Suggest, discards,
the results, the summary), and between two matches visits what a player visits (`Tour`):
the menu on the table and the rules from it, your statistics, the theatre (the match just
played, run and stepped through, its overlays), Settings scrolled through with the language
changed in its drop-down (English → 日本語 → 简体中文 → English, one step a visit) and the
rules page read to its end; for `--minutes` of real time.

    nice python benchmarks/session_memory.py [--minutes 30] [--display xvfb|dummy]
        [--languages en,ja,zh_CN] [--mappings 8] [--traced MINUTE]

- `--display xvfb` (the default): a real X11 window on a virtual screen (Xvfb, started
  here), where the game's memory is what a player's is; `dummy`: SDL's window-less driver.
- Each minute: the main process's resident memory (now and its highest in that minute),
  the C heap's memory in use and free (glibc's `mallinfo2`: RSS far above in-use is the
  heap's fragmentation), the surfaces Python holds and their pixels, the entries memoised
  functions hold, the analysis workers' memory together, and how far the session got.
- At the end: the main process's peak RSS (the kernel's VmHWM), its RSS when the first
  match ended (back on the title, before the first visits) and its highest after that (the
  growth that a long session would keep adding), the CPU time it took, and the largest
  mappings of the main process (`--mappings`), to see where the memory is: the heap, fonts,
  SDL's and X11's libraries.
- `--traced MINUTE`: Python's allocations traced (tracemalloc, which slows the game and
  adds its own memory: RSS is then not the player's), a snapshot at that minute and one at
  the end, and the lines whose memory grew most between them.

Target: main process peak RSS < 150 MB over a 30-minute session, and flat after the first
match. Prints numbers; nothing is asserted. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import functools
import gc
import os
import re
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Iterator
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


class MallInfo2(ctypes.Structure):
    """glibc's `struct mallinfo2` (2.33 and later)."""

    _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                     "fsmblks", "uordblks", "fordblks", "keepcost")]


def heap_kb() -> tuple[int, int] | None:
    """The C heap's (in use, free but kept) in kB, all arenas together, from glibc's
    `mallinfo2`; None off glibc. Resident memory far above in-use is the heap's free space
    (fragmentation), not live objects."""
    try:
        mallinfo2 = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return None
    mallinfo2.restype = MallInfo2
    info = mallinfo2()
    return (info.uordblks + info.hblkhd) // 1024, info.fordblks // 1024


def live_surfaces() -> tuple[int, int]:
    """The pygame surfaces Python objects hold, and their pixels' kB (a subsurface counted
    once, in its parent). Surfaces are not tracked by the collector: found as what tracked
    objects refer to."""
    import pygame

    found: dict[int, pygame.Surface] = {}
    for holder in gc.get_objects():
        for held in gc.get_referents(holder):
            if isinstance(held, pygame.Surface):
                found[id(held)] = held
    pixels = sum(surface.get_pitch() * surface.get_height() for surface in found.values()
                 if surface.get_parent() is None)
    return len(found), pixels // 1024


def memoised_entries() -> int:
    """The entries every memoised function (`functools.lru_cache`, `cache`) of the process
    holds: the engine's, filled by the game's AI and results, are emptied once a match is over."""
    return sum(held.cache_info().currsize for held in gc.get_objects()
               if isinstance(held, functools._lru_cache_wrapper))


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


Frames = Iterator[list]
"""A visit: each frame's input, one list a frame."""
SHOW = 30
"""Frames a screen is looked at before the next input (half a second at 60 a second)."""


def wait(frames: int = SHOW) -> Frames:
    for _ in range(frames):
        yield []


def press(key: int) -> Frames:
    from game.cli.smoke import key_press

    yield key_press(key)
    yield from wait(SHOW // 3)


def click(pos: tuple[int, int]) -> Frames:
    """A left click at a logical position, as the mouse makes it."""
    import pygame

    yield [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    yield [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]
    yield [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    yield from wait(SHOW // 3)


def back_to(app, kind: type, presses: int = 4) -> Frames:
    """Esc until `kind` is on top (a few at most)."""
    import pygame

    for _ in range(presses):
        if isinstance(app.stack.top, kind):
            return
        yield from press(pygame.K_ESCAPE)


def rules_read(app) -> Frames:
    """The rules page, a screenful at a time to its end."""
    import pygame

    from game.app.scenes.rules_page import RulesScene

    scene = app.stack.top
    if not isinstance(scene, RulesScene):
        return
    for _ in range(scene.max_scroll // 600 + 1):
        yield from press(pygame.K_PAGEDOWN)


def pause_visit(app) -> Frames:
    """On the table: the menu (Esc), the rules from it, back to the table."""
    import pygame

    from game.app.scenes.dialog import Dialog
    from game.app.scenes.table import TableScene

    yield from press(pygame.K_ESCAPE)
    menu = app.stack.top
    if not isinstance(menu, Dialog):
        return
    yield from wait()
    yield from click(menu.elements[1].rect.center)  # Rules
    yield from rules_read(app)
    yield from back_to(app, TableScene)


def tour(app, language: str) -> Frames:
    """Between two matches, from the title: your statistics, the theatre, Settings (scrolled
    through, the language changed to `language` in its drop-down), the rules."""
    import pygame
    import pygame_gui

    from game.app.scenes.settings_screen import SettingsScene
    from game.app.scenes.theatre import TheatreScene
    from game.app.scenes.title import TitleScene
    from game.app.words.i18n import LANGUAGE_NAMES

    title = app.stack.top
    title.open_statistics()
    yield from wait(2 * SHOW)
    yield from back_to(app, TitleScene)
    title.watch()
    yield from wait()
    if isinstance(app.stack.top, TheatreScene):
        yield from press(pygame.K_SPACE)  # plays
        yield from wait(8 * SHOW)
        for key in (pygame.K_SPACE, pygame.K_b, pygame.K_d, pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_b,
                    pygame.K_END, pygame.K_d, pygame.K_HOME):
            yield from press(key)
            yield from wait()
    yield from back_to(app, TitleScene)
    title.open_settings()
    yield from wait()
    settings = app.stack.top
    if isinstance(settings, SettingsScene):
        for share in (0.25, 0.5, 0.75, 1.0, 0.0):
            if settings.container is not None and settings.container.vert_scroll_bar is not None:
                settings.container.vert_scroll_bar.set_scroll_from_start_percentage(share)
            yield from wait()
        menu = settings.controls["Language"]
        yield from click(menu.rect.center)  # opens its list
        expanded = menu.menu_states["expanded"]
        rows = ([item["button_element"] for item in expanded.options_selection_list.item_list]
                if menu.current_state is expanded else [])
        row = next((row for row in rows if row.text == LANGUAGE_NAMES[language]), None)
        if row is not None:
            yield from click(row.rect.center)
        if app.language != language:  # the list did not open where it was clicked: choose as it reports
            labels = [text for text, _ in menu.options_list]
            yield [pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                      text=LANGUAGE_NAMES[language],
                                      selected_option_id=f"#choice{labels.index(LANGUAGE_NAMES[language])}")]
        yield from wait()
    yield from back_to(app, TitleScene)
    title.open_rules()
    yield from wait()
    yield from rules_read(app)
    yield from back_to(app, TitleScene)


class Session:
    """The pilot of `App.run`: the smoke run's scripted player, the menu and the rules once in
    every match, a `tour` of the other screens between matches with a new language each time,
    the memory sampled every second, and the end after `minutes`."""

    def __init__(self, minutes: float, languages: list[str], traced_minute: float | None) -> None:
        from game.cli.smoke import ScriptedPlayer

        self.player = ScriptedPlayer()
        self.languages = languages
        self.started = time.monotonic()
        self.cpu_started = time.process_time()
        self.ends = self.started + minutes * 60
        self.next_sample = self.started
        self.seeds: list[int] = []
        self.paused_in: int | None = None
        """The match whose menu was visited."""
        self.tours = 0
        self.visit: Frames | None = None
        self.minute: list[tuple[int, int]] = []
        """This minute's samples: (main RSS, workers' RSS) in kB."""
        self.after_first_match: int | None = None
        """The main process's RSS when the first match ended, kB."""
        self.highest_after_first = 0
        self.traced_at = None if traced_minute is None else self.started + traced_minute * 60
        self.snapshot = None

    def __call__(self, app) -> list:
        self._start_visit(app)
        events = self._visit_frame() if self.visit is not None else self.player(app)
        seed = self.player.progress.match_seed
        if seed is not None and seed not in self.seeds:
            self.seeds.append(seed)
        now = time.monotonic()
        if now >= self.next_sample:
            self.sample(app, now)
        if self.traced_at is not None and self.snapshot is None and now >= self.traced_at:
            self.snapshot = tracemalloc.take_snapshot()
            print(f"traced: snapshot at {(now - self.started) / 60:.1f} min", flush=True)
        if now >= self.ends:
            app.quit()
        return events

    def _start_visit(self, app) -> None:
        from game.app.scenes.table import TableScene
        from game.app.scenes.title import TitleScene

        if self.visit is not None:
            return
        top = app.stack.top
        seed = self.player.progress.match_seed
        if isinstance(top, TitleScene) and len(self.seeds) > self.tours:
            if self.after_first_match is None:
                self.after_first_match = status_kb("VmRSS")
            language = self.languages[(self.languages.index(app.language) + 1) % len(self.languages)
                                      if app.language in self.languages else 0]
            self.tours = len(self.seeds)
            self.visit = tour(app, language)
        elif (isinstance(top, TableScene) and seed is not None and self.paused_in != seed
              and top.mode() == "discard"):
            self.paused_in = seed
            self.visit = pause_visit(app)

    def _visit_frame(self) -> list:
        assert self.visit is not None
        events = next(self.visit, None)
        if events is None:
            self.visit = None
            return []
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
            heap = heap_kb()
            held = "" if heap is None else f"C heap {heap[0] / MB:5.1f} in use, {heap[1] / MB:5.1f} free; "
            surfaces, pixels = live_surfaces()
            print(f"{(now - self.started) / 60:5.1f} min: main RSS {main / MB:6.1f} MB "
                  f"(highest this minute {max(m for m, _ in self.minute) / MB:6.1f}; {held}"
                  f"{surfaces} surfaces, {pixels / MB:5.1f} MB; {memoised_entries()} memoised), "
                  f"workers {max(w for _, w in self.minute) / MB:6.1f} MB; match {len(self.seeds)}, "
                  f"{progress.kyoku_dealt} hands in it, {self.tours} tours, {app.frames} frames, "
                  f"{app.language}", flush=True)
            self.minute = []


def grown_most(before, after, count: int = 25) -> None:
    """The lines whose traced memory grew most between two snapshots."""
    print(f"traced growth, the {count} lines that grew most:")
    for stat in after.compare_to(before, "lineno")[:count]:
        frame = stat.traceback[0]
        print(f"  {stat.size_diff / 1024:+9.1f} kB ({stat.count_diff:+6d} blocks) {frame.filename}:{frame.lineno}")


def run(args: argparse.Namespace) -> None:
    import pygame

    from game.app.flow import Flow
    from game.app.window.window import LaunchOptions, create_app

    with tempfile.TemporaryDirectory(prefix="17steps-session-") as folder:
        options = LaunchOptions(seed=17, config_dir=Path(folder) / "config", data_dir=Path(folder) / "data")
        app = create_app(options)
        app.settings = app.settings.with_changes(ai_delay_s=0.1, animation="fast")
        if args.traced is not None:
            tracemalloc.start()
        session = Session(args.minutes, args.languages.split(","), args.traced)
        Flow(app).title()
        width, height = app.display.window.get_size()
        print(f"{pygame.display.get_driver()} display ({SCREEN}), a {width}x{height} window, {args.minutes:g} "
              f"minutes, languages {args.languages}; load average "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores", flush=True)
        try:
            app.run(session)
            at_end = status_kb("VmRSS")
            mappings = largest_mappings(args.mappings)
            if session.snapshot is not None:
                grown_most(session.snapshot, tracemalloc.take_snapshot())
        finally:
            app.close()
            pygame.quit()
    wall, cpu = time.monotonic() - session.started, time.process_time() - session.cpu_started
    print(f"session: {len(session.seeds)} matches begun, {session.tours} tours, {app.frames} frames in "
          f"{wall / 60:.1f} min (main process CPU {cpu / 60:.1f} min)")
    print(f"main process: peak RSS {status_kb('VmHWM') / MB:.1f} MB (target < 150), {at_end / MB:.1f} MB at the end")
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
    parser.add_argument("--traced", type=float, metavar="MINUTE",
                        help="trace Python's allocations: the growth from this minute to the end")
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
