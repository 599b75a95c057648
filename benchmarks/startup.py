"""The shipped executable: its size, launch to first drawn frame, and memory over a played hand.

    python benchmarks/startup.py [--exe dist/17steps] [--runs 7] [--hand-frames 1500] [--memory-runs 3]
    python benchmarks/startup.py --source [--memory-runs 3]

- size: the executable file, in MB (10^6 bytes) and MiB.
- launch: `EXE --smoke 1` under SDL's dummy video driver, each run a cold start of the
  one-file executable (it unpacks itself into a new temporary folder every launch).
  Measured from just before the process is started to the moment the game's first frame
  was flipped (the time the smoke run prints, `App.first_frame_at`); the whole run, exit
  included, is shown too. The same from source (`python main.py --smoke 1`), for
  comparison.
- memory: `EXE --smoke N`, several times (a scripted solo hand against the AI; it must
  settle at least one hand). The process tree (the one-file launcher, the game, its
  analysis workers) is sampled every 50 ms from /proc: the peak resident memory of the
  largest process, and the peak proportional set size (PSS: shared pages split between the
  processes sharing them) summed over the tree. Linux only.

- `--source`: the memory measurement alone, of `python main.py --smoke N` (no executable to
  build: for quick rounds; the tree is then the game and its workers, no launcher).

Targets: executable <= 30 MB; launch median <= 1.5 s; peak memory in a played hand <= 200 MB.
Prints medians; no timing is asserted anywhere.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_EXE = ROOT / "dist" / ("17steps.exe" if sys.platform == "win32" else "17steps")
FIRST_FRAME = re.compile(r"first frame at ([0-9.]+)")
SETTLED = re.compile(r"(\d+) settled")
SAMPLE_S = 0.05
MB = 1_000_000


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data")}


def launch_times(command: list[str], runs: int, home: Path) -> tuple[list[float], list[float]]:
    """Seconds to the first frame, and to the end of the run, for each run."""
    firsts, wholes = [], []
    for _ in range(runs):
        started = time.time()
        done = subprocess.run([*command, "--smoke", "1"], env=environment(home), capture_output=True, text=True,
                              timeout=120, cwd=home)
        ended = time.time()
        found = FIRST_FRAME.search(done.stdout)
        if done.returncode != 0 or found is None:
            raise SystemExit(f"{command} failed: {done.stderr}")
        firsts.append(float(found.group(1)) - started)
        wholes.append(ended - started)
    return firsts, wholes


def tree(root: int) -> list[int]:
    """The process and all its descendants (Linux /proc)."""
    pids, index = [root], 0
    while index < len(pids):
        for task in Path(f"/proc/{pids[index]}/task").glob("*"):
            with contextlib.suppress(OSError):  # the task ended meanwhile
                pids += [int(pid) for pid in (task / "children").read_text().split()]
        index += 1
    return pids


def memory_kb(pid: int) -> tuple[int, int]:
    """(RSS, PSS) in kB, or zeros for a process that has gone."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0, 0
    values = dict(re.findall(r"^(Rss|Pss):\s+(\d+) kB", text, re.MULTILINE))
    return int(values.get("Rss", 0)), int(values.get("Pss", 0))


def hand_memory(command: list[str], frames: int, home: Path) -> tuple[float, float, float, str]:
    """Peak RSS of one process, peak PSS of the tree, ru_maxrss of the children (MB); the smoke
    line, with each process's share at the tree's peak (launcher first, then the game, then its
    children)."""
    game = subprocess.Popen([*command, "--smoke", str(frames)], env=environment(home), cwd=home,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    peaks: dict[str, object] = {"rss": 0, "pss": 0, "parts": []}

    def sample() -> None:
        while game.poll() is None:
            readings = [memory_kb(pid) for pid in tree(game.pid)]
            peaks["rss"] = max(peaks["rss"], *(rss for rss, _ in readings))
            if sum(pss for _, pss in readings) > peaks["pss"]:
                peaks["pss"] = sum(pss for _, pss in readings)
                peaks["parts"] = [pss * 1024 // MB for _, pss in readings]
            time.sleep(SAMPLE_S)

    sampler = threading.Thread(target=sample)
    sampler.start()
    stdout, _ = game.communicate(timeout=600)
    sampler.join()
    if game.returncode != 0:
        raise SystemExit(f"the smoke run failed ({game.returncode})")
    import resource  # Unix only, like the rest of this measurement

    largest = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # kB on Linux
    parts = "+".join(str(part) for part in peaks["parts"])
    return (peaks["rss"] * 1024 / MB, peaks["pss"] * 1024 / MB, largest * 1024 / MB,
            f"{stdout.strip()}; PSS at the peak, MB by process: {parts}")


def memory(command: list[str], args: argparse.Namespace, home: Path, tree_parts: str) -> None:
    """Print the memory over a played hand, `args.memory_runs` smoke runs of `command`."""
    if not sys.platform.startswith("linux"):
        print("memory: measured on Linux only (/proc)")
        return
    rss, pss, largest = [], [], 0.0
    for _ in range(args.memory_runs):
        one_rss, one_pss, largest, line = hand_memory(command, args.hand_frames, home)
        settled = SETTLED.search(line)
        if settled is None or int(settled.group(1)) < 1:
            raise SystemExit(f"the smoke run settled no hand, so it measured no played hand: {line}")
        print(f"  {line}")
        rss.append(one_rss)
        pss.append(one_pss)
    print(f"memory over a played hand ({' '.join(Path(part).name for part in command)}), {len(rss)} runs of "
          f"{args.hand_frames} frames:")
    print(f"  largest process: peak RSS median {statistics.median(rss):.0f} MB (max {max(rss):.0f}), "
          f"ru_maxrss {largest:.0f} MB; target <= 200 MB")
    print(f"  whole process tree ({tree_parts}): peak PSS median {statistics.median(pss):.0f} MB "
          f"(max {max(pss):.0f}); target <= 200 MB")


def summary(values: list[float]) -> str:
    middle = statistics.median(values)
    return f"median {middle:.3f} s (min {min(values):.3f}, max {max(values):.3f}, {len(values)} runs)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exe", type=Path, default=DEFAULT_EXE,
                        help="the built executable to measure (default: %(default)s, from the README's build command)")
    parser.add_argument("--runs", type=int, default=7, metavar="N",
                        help="cold launches timed, of the executable and from source each (default: %(default)s)")
    parser.add_argument("--hand-frames", type=int, default=1500, metavar="N",
                        help="frames of each memory run (`--smoke N`: a scripted hand against the AI; "
                             "default: %(default)s)")
    parser.add_argument("--memory-runs", type=int, default=3, metavar="N",
                        help="memory runs, each a played hand (default: %(default)s)")
    parser.add_argument("--source", action="store_true",
                        help="measure only the memory of `python main.py` (no executable needed)")
    args = parser.parse_args()
    if args.source:
        with tempfile.TemporaryDirectory(prefix="17steps-bench-") as folder:
            memory([sys.executable, str(ROOT / "main.py")], args, Path(folder),
                   "game, resource tracker, analysis workers")
        return 0
    if not args.exe.is_file():
        raise SystemExit(f"no executable at {args.exe}: build it first (README, 'Build the executable')")
    size = args.exe.stat().st_size
    print(f"executable: {args.exe} {size / MB:.1f} MB ({size / 2**20:.1f} MiB); target <= 30 MB")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="17steps-bench-") as folder:
        home = Path(folder)
        # First, so that the children's ru_maxrss covers this run alone.
        memory([str(args.exe.resolve())], args, home, "launcher, game, resource tracker, analysis workers")
        firsts, wholes = launch_times([str(args.exe.resolve())], args.runs, home)
        print(f"launch to first frame, executable: {summary(firsts)}; target median <= 1.5 s")
        print(f"  whole --smoke 1 run, exit included: {summary(wholes)}")
        firsts, wholes = launch_times([sys.executable, str(ROOT / "main.py")], args.runs, home)
        print(f"launch to first frame, from source: {summary(firsts)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
