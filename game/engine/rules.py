"""The rule options of docs/rules.md §7 and its named presets (§8), as one immutable value."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any

RIICHI_TIMINGS = ("with_first_discard", "before_play")
RENHOU_MODES = ("none", "four_han", "yakuman")
HOUTEI_MODES = ("each_final_discard", "last_discard_of_hand")
SETTLEMENTS = ("stakes", "points", "points_as_dealer", "units")
FIRST_PLAYER_RULES = ("alternate", "winner_first", "roll")
MULTIPLE_RON_MODES = ("head_bump", "all")
BOOLEAN_OPTIONS = (
    "red_fives", "mangan_floor", "kiriage", "floor_counts_situational", "double_yakuman", "virtual_dora",
)


class Conflict(StrEnum):
    """A combination of options the rules refuse, by name: a caller words it in its own language."""

    VIRTUAL_DORA_NEEDS_FOUR_PLAYERS = "virtual_dora_needs_four_players"


class RulesConflict(ValueError):
    """Options that cannot go together. `code` says which, so that a screen need not read
    the (English) message to explain it."""

    def __init__(self, code: Conflict, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Rules:
    """Every option of docs/rules.md §7. Build one with `Rules.preset(name, **overrides)`."""

    preset_name: str = "kaiji"
    players: int = 2
    red_fives: bool = False
    mangan_floor: bool = True
    kiriage: bool = True
    floor_counts_situational: bool = True
    build_time_s: int | None = 180
    discard_time_s: int | None = None
    riichi_timing: str = "with_first_discard"
    renhou: str = "none"
    houtei: str = "each_final_discard"
    double_yakuman: bool = False
    settlement: str = "stakes"
    first_player: str = "alternate"
    multiple_ron: str = "head_bump"
    virtual_dora: bool = False
    base_stake: int = 1
    bankroll_stakes: int = 100
    start_points: int = 25000
    hands: int | None = 8

    def __post_init__(self) -> None:
        if not isinstance(self.preset_name, str):
            raise ValueError(f"preset_name must be text, not {self.preset_name!r}")
        for name in BOOLEAN_OPTIONS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be true or false, not {value!r}")
        _check_choice("riichi_timing", self.riichi_timing, RIICHI_TIMINGS)
        _check_choice("renhou", self.renhou, RENHOU_MODES)
        _check_choice("houtei", self.houtei, HOUTEI_MODES)
        _check_choice("settlement", self.settlement, SETTLEMENTS)
        _check_choice("first_player", self.first_player, FIRST_PLAYER_RULES)
        _check_choice("multiple_ron", self.multiple_ron, MULTIPLE_RON_MODES)
        if not _is_whole(self.players) or self.players not in (2, 3, 4):
            raise ValueError(f"players must be 2, 3 or 4, not {self.players!r}")
        if self.virtual_dora and self.players != 4:
            raise RulesConflict(Conflict.VIRTUAL_DORA_NEEDS_FOUR_PLAYERS,
                                "virtual_dora exists only with 4 players (the others flip a side wall)")
        for name in ("build_time_s", "discard_time_s", "hands"):
            value = getattr(self, name)
            if value is not None and (not _is_whole(value) or value <= 0):
                raise ValueError(f"{name} must be a positive whole number or none, not {value!r}")
        for name in ("base_stake", "bankroll_stakes", "start_points"):
            value = getattr(self, name)
            if not _is_whole(value) or value <= 0:
                raise ValueError(f"{name} must be a positive whole number, not {value!r}")

    @property
    def has_dora(self) -> bool:
        """Whether a dora indicator exists: a side wall to flip, or the virtual set."""
        return self.players < 4 or self.virtual_dora

    @property
    def indicator_is_in_play(self) -> bool:
        """Whether the dora indicator is one of the 136 tiles in play (flipped from a side
        wall: it takes a copy from every other place). The virtual set is a second set: its
        indicator takes no copy, and its id may be a tile in any player's wall."""
        return not self.virtual_dora

    @property
    def floor_applies(self) -> bool:
        """The mangan floor: off in 4-player unless the virtual dora restores it."""
        return self.mangan_floor or self.virtual_dora

    def option_applies(self, name: str) -> bool:
        """Whether option `name` changes anything with the rest of these rules: the stakes
        only with stakes payment, the start points only with points, several rons only with
        more than two players, the virtual dora only with four, the floor's situational
        yaku only with a floor."""
        if name not in OPTION_NAMES:
            raise ValueError(f"unknown rule option {name!r}")
        stakes = self.settlement == "stakes"
        return {
            "base_stake": stakes,
            "bankroll_stakes": stakes,
            "start_points": self.settlement in ("points", "points_as_dealer"),
            "multiple_ron": self.players > 2,
            "virtual_dora": self.players == 4,
            "floor_counts_situational": self.floor_applies,
        }.get(name, True)

    @classmethod
    def preset(cls, name: str = "kaiji", **overrides: Any) -> Rules:
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; presets are {', '.join(PRESETS)}")
        unknown = set(overrides) - {f.name for f in fields(cls)} - {"preset_name"}
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        return replace(PRESETS[name], **overrides)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise ValueError("rules must be an object of option names to values")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        try:
            return cls(**data)
        except TypeError as error:
            raise ValueError(f"bad rule options: {error}") from error

    def changed_from_preset(self) -> dict[str, Any]:
        """The options that differ from the named preset (for display and records)."""
        base = PRESETS.get(self.preset_name)
        if base is None:
            return self.to_dict()
        return {k: v for k, v in self.to_dict().items() if getattr(base, k) != v}


def _is_whole(value: Any) -> bool:
    """An int that is not a bool (True would otherwise pass as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_choice(name: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}, not {value!r}")


OPTION_NAMES = tuple(f.name for f in fields(Rules) if f.name != "preset_name")
"""Every option a player can set (the preset's name is not one: it names where they start)."""

PRESETS: dict[str, Rules] = {
    "kaiji": Rules(),
    "pro_stream": Rules(
        preset_name="pro_stream", red_fives=True, kiriage=False, build_time_s=None,
        renhou="four_han", settlement="points",
    ),
    "moegirl": Rules(
        preset_name="moegirl", kiriage=False, build_time_s=None, riichi_timing="before_play",
        double_yakuman=True, settlement="units",
    ),
    "three_player": Rules(
        preset_name="three_player", players=3, kiriage=False, build_time_s=None,
        renhou="four_han", settlement="points",
    ),
    "four_player": Rules(
        preset_name="four_player", players=4, mangan_floor=False, kiriage=False, build_time_s=None,
        renhou="four_han", settlement="points",
    ),
}
