"""`python -m game analyze WALL`: every tenpai hand a 34-tile wall can build, ranked.

The text report shows the best hands (``--top``) with each wait's live copies, han/fu,
yaku, limit and whether a plain riichi ron clears the floor, plus warnings (dead waits,
waits that must be passed, forced furiten). ``--json`` prints every hand; a wait that
cannot reach the floor even with ippatsu or houtei has han, fu and yaku null there.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from typing import Any, TextIO

from game.engine.analysis import (
    POOL_TILES_NEVER_DISCARDED,
    CandidateHand,
    WaitAnalysis,
    WallAnalyser,
    WallAnalysis,
)
from game.engine.analysis_speed import collector_paused
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import WinValue, install_fast_divider
from game.engine.tiles import (
    KIND_COUNT,
    TILE_COUNT,
    WIND_KINDS,
    WIND_NAMES,
    check_copies,
    dora_kind,
    format_tiles,
    ids_for_codes,
    kind_code,
    kind_of,
    parse_tiles,
    pick_ids,
    tile_code,
)

WALL_SIZE = 34
DEFAULT_TOP = 20
BAD_INPUT = 2
MAX_TEXT = 200
"""Characters of a wall or indicator read at most: 34 tiles take 68 in the longest mpsz
(a suit letter after every digit), so anything longer is refused before parsing."""
SHOWN = 40
"""Characters of a bad input quoted back in a message."""


class InputError(ValueError):
    """A wall or indicator the analyser cannot take; the message is for the user."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Every tenpai hand a personal wall of 34 tiles can build, best first. The text report "
        "shows the best hands (--top) with each wait's live copies, han and fu, yaku, limit and "
        "whether a ron with riichi alone clears the mangan floor, and warns of dead waits, waits "
        "that must be let pass and forced furiten. --json prints every hand. Tiles in mpsz: "
        "123m456p789s1234567z, 0m 0p 0s for red fives."
    )
    parser.epilog = f"Example: {parser.prog} 1112223334m15677789p123456799s1234567z --dora 2s"
    parser.add_argument("wall", metavar="WALL", help="a personal wall's 34 tiles in mpsz")
    parser.add_argument("--dora", metavar="TILE", help="the dora indicator (one tile, not from the wall)")
    parser.add_argument("--preset", default="kaiji", choices=sorted(PRESETS), help="the rule preset (default kaiji)")
    parser.add_argument("--seat", default="east", choices=WIND_NAMES, help="seat wind (default east)")
    parser.add_argument("--json", action="store_true", help="print every hand as JSON")
    parser.add_argument("--top", type=int, metavar="N",
                        help=f"show only the N best hands (default {DEFAULT_TOP} in text, all in JSON)")


def run(args: argparse.Namespace) -> int:
    """Exit 0 after the report, 2 (with a message on stderr) for a bad wall or indicator."""
    rules = Rules.preset(args.preset)
    try:
        wall = parse_wall(args.wall, rules)
        indicator = parse_indicator(args.dora, wall, rules)
        if args.top is not None and args.top < 0:
            raise InputError(f"--top must be 0 or more, not {args.top}")
    except InputError as error:
        print(f"analyze: {error}", file=sys.stderr)
        return BAD_INPUT
    seat = WIND_KINDS[WIND_NAMES.index(args.seat)]
    install_fast_divider()
    analyser = WallAnalyser(wall, seat, indicator, rules)
    if args.json:
        analysis = analyser.analyze() if args.top is None else analyser.best_hands(args.top)
        write_json(report_json(analysis, args.seat, args.top), sys.stdout)
        sys.stdout.write("\n")
    else:
        top = DEFAULT_TOP if args.top is None else args.top
        print(report_text(analyser.best_hands(top), args.seat, top))
    return 0


def _shown(text: str) -> str:
    """Bad input quoted back, cut short."""
    return repr(text) if len(text) <= SHOWN else f"{text[:SHOWN]!r}… ({len(text)} characters)"


def _check_length(what: str, text: str) -> None:
    if len(text) > MAX_TEXT:
        raise InputError(f"{what} is at most {MAX_TEXT} characters of mpsz; this one has {len(text)}")


def parse_wall(text: str, rules: Rules) -> list[int]:
    """Tile ids for a wall written in mpsz; InputError unless it is 34 real tiles."""
    _check_length("a wall", text)
    try:
        codes = parse_tiles(text, red_fives=rules.red_fives)
    except ValueError as error:
        raise InputError(f"bad wall {_shown(text)}: {error}") from error
    if len(codes) != WALL_SIZE:
        raise InputError(f"a wall has {WALL_SIZE} tiles; {_shown(text)} has {len(codes)}")
    return ids_for_codes(codes, rules.red_fives)


def parse_indicator(text: str | None, wall: list[int], rules: Rules) -> int | None:
    """The id of the dora indicator: one tile the wall leaves in the set, or None."""
    if text is None:
        return None
    if not rules.has_dora:
        raise InputError(f"preset {rules.preset_name} has no dora indicator")
    _check_length("a dora indicator", text)
    try:
        codes = parse_tiles(text, red_fives=rules.red_fives)
    except ValueError as error:
        raise InputError(f"bad dora indicator {_shown(text)}: {error}") from error
    if len(codes) != 1:
        raise InputError(f"the dora indicator is one tile, not {_shown(text)}")
    try:
        check_copies([tile_code(t, rules.red_fives) for t in wall] + codes, rules.red_fives)
        return pick_ids(codes, set(range(TILE_COUNT)) - set(wall), rules.red_fives)[0]
    except ValueError as error:
        raise InputError(f"dora indicator {_shown(text)} cannot lie beside this wall: {error}") from error


@collector_paused
def report_json(analysis: WallAnalysis, seat: str, top: int | None) -> dict[str, Any]:
    """The JSON report. It builds a dict per wait and scores thousands of waits' values
    for the luck verdicts: with the cyclic collector running, its collections walked the
    whole ranking again and again, a third of the report's time on a rich wall."""
    rules = analysis.table.rules
    indicator = analysis.table.dora_indicator
    writer = _JsonWriter()
    return {
        "wall": format_tiles(analysis.wall, rules.red_fives),
        "dora_indicator": None if indicator is None else tile_code(indicator, rules.red_fives),
        "preset": rules.preset_name,
        "seat": seat,
        "tenpai_hands": analysis.tenpai_count,
        "hands": [writer.hand(hand) for hand in analysis.hands[:top]],
    }


@collector_paused
def write_json(report: dict[str, Any], out: TextIO) -> None:
    """Write `report_json`'s report as `json.dumps(report)` would, much faster: a rich wall's
    report is over 10 MB, and its hands repeat the same few hundred wait entries and warning
    lists (each is encoded once) around a text and three numbers of their own (with the
    collector paused, as for the report: what writing allocates is acyclic)."""
    encode = _ENCODER.encode
    for at, (key, value) in enumerate(report.items()):
        out.write(("{" if at == 0 else ", ") + encode(key) + ": ")
        if key == "hands":
            _write_hands(value, encode, out)
        else:
            out.write(encode(value))
    out.write("}" if report else "{}")


def _write_hands(hands: list[dict[str, Any]], encode: Callable[[object], str], out: TextIO) -> None:
    if hands and list(hands[0]) != list(_HAND_KEYS):
        out.write(encode(hands))  # not the report's own hands: nothing known to spare
        return
    entries: dict[int, tuple[str, object]] = {}  # by id: the report keeps them alive meanwhile
    warning_lists: dict[tuple[str, ...], str] = {}

    def entry(wait: dict[str, Any]) -> str:
        known = entries.get(id(wait))
        if known is None:
            known = entries[id(wait)] = (encode(wait), wait)
        return known[0]

    out.write("[")
    pieces = []
    for hand in hands:
        if len(pieces) == HANDS_PER_WRITE:
            out.write(", ".join(pieces) + ", ")
            pieces.clear()
        text = hand["hand"]
        warnings = tuple(hand["warnings"])
        written = warning_lists.get(warnings)
        if written is None:
            written = warning_lists[warnings] = encode(warnings)
        pieces.append("".join((
            '{"hand": ', f'"{text}"' if text.isascii() and text.isalnum() else encode(text),
            ', "waits": [', ", ".join(map(entry, hand["waits"])),
            '], "payment": ', _number(hand["payment"], encode),
            ', "live_clearing_copies": ', _number(hand["live_clearing_copies"], encode),
            ', "pool_wait_copies": ', _number(hand["pool_wait_copies"], encode),
            ', "warnings": ', written, "}",
        )))
    out.write(", ".join(pieces) + "]")


def _number(number: object, encode: Callable[[object], str]) -> str:
    """A number as JSON writes it (`repr`, which JSON uses for ints and finite floats)."""
    if type(number) is int or (type(number) is float and math.isfinite(number)):
        return repr(number)
    return encode(number)


_ENCODER = json.JSONEncoder(check_circular=False)
HANDS_PER_WRITE = 2000
"""Hands written at once: the whole report is never one string."""
_HAND_KEYS = ("hand", "waits", "payment", "live_clearing_copies", "pool_wait_copies", "warnings")


def wait_json(wait: WaitAnalysis) -> dict[str, Any]:
    """A wait's entry. Han, fu and yaku are null for a wait whose bound shows it cannot
    reach the floor even with ippatsu or houtei (scoring each would take the library
    longer than the whole ranking); the floor verdicts are exact either way."""
    return _JsonWriter().wait(wait)[0]


class _JsonWriter:
    """Writes hands and waits as JSON entries. A rich wall has tens of thousands of waits
    and the library's own time for their values is most of the report's: the text and
    lists shared by many waits (a tile's code and warnings, a yaku list's names, a
    value's limit) are made once per report, and the entries of the waits alike (the same
    tile, live copies, value and verdicts: scoring shares its values) once. Entries may
    therefore share their lists and dicts: the report is for writing out, not for
    changing."""

    def __init__(self) -> None:
        self._entries: dict[tuple[object, ...], tuple[dict[str, Any], str | None, WinValue | None]] = {}

    def hand(self, hand: CandidateHand) -> dict[str, Any]:
        entries = []
        warnings: list[str] = []
        payments = []
        live_clearing = 0
        for wait in hand.waits:
            entry, warning = self.wait(wait)
            entries.append(entry)
            if warning is not None:
                warnings.append(warning)
            if entry["clears_floor"]:  # only a clearing wait pays (`WaitAnalysis.multiplier`)
                live = entry["live"]
                live_clearing += live
                payments.append(live * wait.multiplier)
        if not live_clearing:
            warnings.insert(0, NO_LIVE_CLEARING)
        if hand.pool_wait_copies > POOL_TILES_NEVER_DISCARDED:
            warnings.append(_forced_text(hand))
        return {
            "hand": hand.text,
            "waits": entries,
            "payment": sum(payments, 0.0),  # as `CandidateHand.payment` adds them, less its zeros
            "live_clearing_copies": live_clearing,
            "pool_wait_copies": hand.pool_wait_copies,
            "warnings": warnings,
        }

    def wait(self, wait: WaitAnalysis) -> tuple[dict[str, Any], str | None]:
        """The wait's entry and its warning (None when it has none)."""
        kind, live, clears = wait.kind, wait.live, wait.clears_floor
        with_ippatsu = wait.clears_floor_with_ippatsu
        with_houtei = wait.clears_floor_with_houtei
        if wait.scored or with_ippatsu or with_houtei:
            value = wait.value
            key: tuple[object, ...] = (kind, live, clears, with_ippatsu, with_houtei, id(value))
        else:  # it does not clear (a clearing wait clears with luck too), and shows no value
            value = None
            key = (kind, live)
        known = self._entries.get(key)
        if known is None:
            known = self._entries[key] = self._entry(kind, live, clears, with_ippatsu, with_houtei, value,
                                                     len(key) > 2)
        return known[0], known[1]

    @staticmethod
    def _entry(kind: int, live: int, clears: bool, with_ippatsu: bool, with_houtei: bool, value: WinValue | None,
               shown: bool) -> tuple[dict[str, Any], str | None, WinValue | None]:
        """A new entry and its warning, with the value it shows (kept alive: the entries are
        found by the value's id)."""
        if not live:
            warning: str | None = _DEAD_WARNINGS[kind]
        elif clears:
            warning = None
        else:
            warning = (_LUCK_WARNINGS if with_ippatsu or with_houtei else _PASS_WARNINGS)[kind]
        if not shown:
            return {
                "tile": _KIND_CODES[kind], "live": live, "han": None, "fu": None, "yaku": None, "yaku_han": None,
                "level": None, "clears_floor": False, "dead": not live, "clears_floor_with_ippatsu": False,
                "clears_floor_with_houtei": False,
            }, warning, None
        if value is None:
            han, fu, names, hans, level = 0, 0, [], [], None
        else:
            han, fu = value.han, value.fu
            names, hans = [line.name for line in value.yaku], [line.han for line in value.yaku]
            level = value.level_name if value.level is not None else None
        return {
            "tile": _KIND_CODES[kind], "live": live, "han": han, "fu": fu, "yaku": names, "yaku_han": hans,
            "level": level, "clears_floor": clears, "dead": not live, "clears_floor_with_ippatsu": with_ippatsu,
            "clears_floor_with_houtei": with_houtei,
        }, warning, value


NO_LIVE_CLEARING = "no live wait clears the floor on a plain riichi ron"
_WAIT_WARNINGS = (
    "{tile} is dead (karaten): every copy is in your wall or is the indicator",
    "{tile} clears the floor only with ippatsu or houtei; passing it is furiten",
    "{tile} does not clear the floor: passing it makes the hand furiten",
)


_KIND_CODES = tuple(kind_code(kind) for kind in range(KIND_COUNT))
_DEAD_WARNINGS, _LUCK_WARNINGS, _PASS_WARNINGS = (
    tuple(warning.format(tile=code) for code in _KIND_CODES) for warning in _WAIT_WARNINGS
)


def _forced_text(hand: CandidateHand) -> str:
    return (f"{hand.pool_wait_copies} copies of your waits stay in the pool: "
            f"{hand.forced_wait_discards} must be discarded (furiten)")


def report_text(analysis: WallAnalysis, seat: str, top: int) -> str:
    rules = analysis.table.rules
    lines = [
        f"wall    {format_tiles(analysis.wall, rules.red_fives)}",
        f"dora    {_dora_text(analysis)}",
        f"preset  {rules.preset_name}, seat {seat}",
    ]
    if not analysis.tenpai_count:
        return "\n".join([*lines, "", "No tenpai hand can be built from this wall."])
    shown = analysis.hands[:top]
    lines += [
        "",
        f"{analysis.tenpai_count} tenpai hands; the best {len(shown)}, ranked by expected payment "
        "(live copies x limit of the waits that clear the floor),",
        "then live clearing copies, own waits forced out of the pool, and waits that must be passed.",
    ]
    for rank, hand in enumerate(shown, 1):
        lines += ["", *_hand_text(rank, hand)]
    return "\n".join(lines)


def _dora_text(analysis: WallAnalysis) -> str:
    indicator = analysis.table.dora_indicator
    if indicator is None:
        return "none"
    dora = kind_code(dora_kind(kind_of(indicator)))
    return f"indicator {tile_code(indicator, analysis.table.rules.red_fives)} (dora {dora})"


def _hand_text(rank: int, hand: CandidateHand) -> list[str]:
    lines = [
        f"{rank:>3}. {hand.text}   payment {hand.payment:g}   "
        f"live clearing copies {hand.live_clearing_copies}   own waits in pool {hand.pool_wait_copies}",
        f"       {'wait':<5}{'live':>5}{'han':>5}{'fu':>5}  {'level':<15}{'floor':<7}yaku",
    ]
    for wait in hand.waits:
        value = wait.value
        han, fu = (value.han, value.fu) if value else (0, 0)
        yaku = ", ".join(_yaku_text(line.name, line.han) for line in value.yaku) if value else "no yaku"
        floor = "yes" if wait.clears_floor else "no"
        lines.append(f"       {kind_code(wait.kind):<5}{wait.live:>5}{han:>5}{fu:>5}  "
                     f"{_level(wait) or '-':<15}{floor:<7}{yaku}")
    lines += [f"       ! {warning}" for warning in hand_warnings(hand)]
    return lines


def hand_warnings(hand: CandidateHand) -> list[str]:
    """What a player should know before building this hand."""
    warnings: list[str] = []
    if not any(wait.live and wait.clears_floor for wait in hand.waits):
        warnings.append(NO_LIVE_CLEARING)
    for wait in hand.waits:
        tile = kind_code(wait.kind)
        if wait.dead:
            warnings.append(_WAIT_WARNINGS[0].format(tile=tile))
        elif wait.clears_floor_only_with_luck:
            warnings.append(_WAIT_WARNINGS[1].format(tile=tile))
        elif not wait.clears_floor:
            warnings.append(_WAIT_WARNINGS[2].format(tile=tile))
    if hand.forced_wait_discards:
        warnings.append(_forced_text(hand))
    return warnings


def _level(wait: WaitAnalysis) -> str | None:
    value = wait.value
    return value.level_name if value is not None and value.level is not None else None


def _yaku_text(name: str, han: int) -> str:
    return f"{name} {han}" if name in ("dora", "red fives") else name
