"""The player's settings: the rules to play, the window, pace and sound.

Saved as JSON in the user's config folder (the file is read and written by
game/app/history/player_files.py). A missing file gives the defaults. Each setting
is read on its own: a valid one is kept, an invalid one falls back to its default, and an
unknown one (from a newer version) is not used but written back as it was, so that going
back to the newer version finds it (an unknown rule option while the rules keep the preset
it was written for). A file that cannot be read or holds an invalid setting gives a notice
for the title screen and is moved aside (`settings.json.damaged-<time>`) before anything
overwrites it; it never stops the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from game.app.words.i18n import LANGUAGES, N_, _, format_number, ngettext, pgettext, system_language
from game.engine.names import BadName, checked_name
from game.engine.rules import PRESETS, Rules
from game.files import one_line

WINDOW_SIZES = ((960, 600), (1024, 640), (1280, 720), (1280, 800), (1366, 768), (1440, 900), (1600, 900),
                (1600, 1000), (1680, 1050), (1920, 1080), (1920, 1200), (2560, 1440), (2560, 1600))
"""The window sizes Settings offers where the screen has room: the common screen sizes of
16:10 and 16:9 (the table, 16:10, is letterboxed in the others)."""
WINDOW_SIDES = (320, 8192)
"""The smallest usable window side and the largest any display has."""
ANIMATION_SPEEDS = {"instant": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.5}
AI_LEVELS = ("easy", "normal", "hard")
PERSON = "person"
"""A seat played by another person at this computer (in a table's seat list)."""
REMOTE = "remote"
"""A seat played by a person at another computer, this computer hosting the table."""
SEAT_CHOICES = (*AI_LEVELS, PERSON, REMOTE)
AI_DELAY_RANGE = (0.0, 5.0)
MAX_HISTORY = 10000
RECONNECT_WINDOWS = {30.0: N_("30 seconds"), 60.0: N_("1 minute"), 120.0: N_("2 minutes"), 300.0: N_("5 minutes"),
                     600.0: N_("10 minutes")}
"""The reconnection windows Settings offers (a hosted table's dropped person is waited for so long)."""
RECONNECT_RANGE = (10.0, 3600.0)


@dataclass(frozen=True)
class Settings:
    rules: Rules = field(default_factory=Rules)
    window_size: tuple[int, int] | None = None
    """None: the largest window that fits the screen."""
    fullscreen: bool = False
    animation: str = "normal"
    volume: float = 0.7
    ai_level: str = "normal"
    ai_delay_s: float = 0.7
    auto_ron: bool = False
    keep_history: bool = True
    history_limit: int = 200
    reconnect_window_s: float = 120.0
    """At a table this computer hosts: how long a dropped person's seat waits for them, each
    decision on its clock, before the AI plays it at once (until they are back)."""
    language: str | None = None
    """None: the system's language (`i18n.system_language`)."""
    table_seats: tuple[str, ...] = ()
    """Who sat in seats 2-4 at the last new table (`SEAT_CHOICES`; "" where the screen's
    default goes), restored on the next one."""
    table_names: tuple[str, ...] = ()
    """The names typed for seats 1-4 at the last new table ("" for the default name); the
    first is the player's own, which the Join screen offers and keeps too."""
    last_join: tuple[str, ...] = ()
    """The address and the join code of the table last sat down at, offered by the Join screen."""
    unknown: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """The file's settings this version does not know (a newer one's), kept to be written back."""
    unknown_rules: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """The file's unknown rule options by the preset they change: {"preset": …, "changes": {…}}."""

    def __post_init__(self) -> None:
        for item in fields(self):
            if item.name not in NOT_CHECKED:
                object.__setattr__(self, item.name, check_setting(item.name, getattr(self, item.name)))
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules must be Rules, not {_shown(self.rules)}")

    @property
    def animation_speed(self) -> float:
        """How fast animations run: 1 normal, 0 instant (no animation at all)."""
        return ANIMATION_SPEEDS[self.animation]

    @property
    def shown_language(self) -> str:
        """The language the window speaks with these settings."""
        return self.language or system_language()

    def with_changes(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The settings as the file holds them, the unknown ones (after the known) included."""
        data = {name: value for name, value in asdict(self).items() if name not in NOT_CHECKED}
        changes = self.rules.changed_from_preset()
        if self.unknown_rules.get("preset") == self.rules.preset_name:
            changes = {**self.unknown_rules["changes"], **changes}
        data["rules"] = {"preset": self.rules.preset_name, "changes": changes}
        data["window_size"] = list(self.window_size) if self.window_size is not None else None
        data |= {name: list(getattr(self, name)) for name in REMEMBERED}
        return data | {name: value for name, value in self.unknown.items() if name not in data}

    @classmethod
    def from_dict(cls, data: Any) -> tuple[Settings, list[str]]:
        """The settings `data` holds, each read on its own, and the names of those that were
        not valid (they keep their defaults). Unknown names are kept aside, unused."""
        if not isinstance(data, dict):
            return cls(), ["the file does not hold a JSON object"]
        values: dict[str, Any] = {}
        rejected: list[str] = []
        known = [item.name for item in fields(cls) if item.name not in NOT_CHECKED]
        for name in known:
            if name not in data:
                continue
            if name in REMEMBERED:
                values[name] = REMEMBERED[name](data[name])  # never refused: what cannot be used is forgotten
                continue
            try:
                values[name] = check_setting(name, data[name])
            except ValueError:
                rejected.append(name)
        rules, rejected_rules = rules_from_data(data.get("rules"))
        unknown = {name: value for name, value in data.items() if name not in known and name != "rules"}
        return cls(rules=rules, unknown=unknown, unknown_rules=unknown_rule_options(data.get("rules")),
                   **values), rejected_rules + rejected


NOT_CHECKED = frozenset({"rules", "unknown", "unknown_rules"})
"""The fields that are not one setting of the file each."""
RULE_OPTIONS = frozenset(item.name for item in fields(Rules)) - {"preset_name"}


def ai_level_name(level: str) -> str:
    """An AI level as the screens name it, in the current language ("Normal" is also an
    animation speed, which a language may say otherwise)."""
    return {
        "easy": pgettext("AI level", "Easy"),
        "normal": pgettext("AI level", "Normal"),
        "hard": pgettext("AI level", "Hard"),
    }[level]


def reconnect_window_name(seconds: float) -> str:
    """A reconnection window in words, in the current language."""
    if seconds in RECONNECT_WINDOWS:
        return _(RECONNECT_WINDOWS[seconds])
    whole = round(seconds)
    return ngettext("{number} second", "{number} seconds", whole).format(number=format_number(whole))


def _choice(choices: Any) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if not isinstance(value, str) or value not in choices:
            raise ValueError(f"one of {', '.join(choices)}, not {_shown(value)}")
        return value

    return check


def _number_in(low: float, high: float) -> Callable[[Any], float]:
    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                or not low <= value <= high:
            raise ValueError(f"a number from {low:g} to {high:g}, not {_shown(value)}")
        return float(value)

    return check


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"true or false, not {_shown(value)}")
    return value


def _count_in(low: int, high: int) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"a whole number from {low} to {high}, not {_shown(value)}")
        return value

    return check


def _window_size(value: Any) -> tuple[int, int]:
    low, high = WINDOW_SIDES
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(
        isinstance(side, int) and not isinstance(side, bool) and low <= side <= high for side in value
    ):
        raise ValueError(f"[width, height], each {low}..{high} pixels, not {_shown(value)}")
    return (value[0], value[1])


def _remembered_seats(value: Any) -> tuple[str, ...]:
    """The seats of the last new table; a seat the game no longer offers (or damaged) is ""."""
    if not isinstance(value, (list, tuple)):
        return ()
    return tuple(who if isinstance(who, str) and who in SEAT_CHOICES else "" for who in value[:3])


def _remembered_names(value: Any) -> tuple[str, ...]:
    """The names typed at the last new table; a name that cannot be shown is "" (the default)."""
    if not isinstance(value, (list, tuple)):
        return ()
    return tuple(_name_or_default(name) for name in value[:4])


def _name_or_default(name: Any) -> str:
    try:
        return checked_name(name)
    except BadName:
        return ""


LONGEST_ADDRESS = 270
"""Characters: a host's longest name (253), a colon and a port, with room to spare."""
LONGEST_CODE = 8
"""Characters of a join code as typed (six letters, maybe a space or two)."""


def _remembered_join(value: Any) -> tuple[str, ...]:
    """The address and code last joined with, if both are one line of a length they can have."""
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(
            isinstance(part, str) and len(part) <= limit and part.isprintable()
            for part, limit in zip(value, (LONGEST_ADDRESS, LONGEST_CODE), strict=True)):
        return ()
    return (value[0], value[1])


REMEMBERED: dict[str, Callable[[Any], tuple[str, ...]]] = {
    "table_seats": _remembered_seats,
    "table_names": _remembered_names,
    "last_join": _remembered_join,
}
"""Choices remembered for convenience: a damaged or outdated one is quietly forgotten (no
notice, the file not moved aside), as nothing the player set is lost with it."""

CHECKS: dict[str, Callable[[Any], Any]] = {
    "window_size": _window_size,
    "fullscreen": _flag,
    "animation": _choice(tuple(ANIMATION_SPEEDS)),
    "volume": _number_in(0.0, 1.0),
    "ai_level": _choice(AI_LEVELS),
    "ai_delay_s": _number_in(*AI_DELAY_RANGE),
    "auto_ron": _flag,
    "keep_history": _flag,
    "history_limit": _count_in(1, MAX_HISTORY),
    "reconnect_window_s": _number_in(*RECONNECT_RANGE),
    "language": _choice(LANGUAGES),
    **REMEMBERED,
}


def check_setting(name: str, value: Any) -> Any:
    """The value as the setting stores it; ValueError when it is not one the setting takes.
    A setting whose default is None (the game's own choice) takes None too."""
    default = next(item for item in fields(Settings) if item.name == name).default
    if value is None and default is None:
        return None
    check = CHECKS.get(name)
    if check is not None:
        try:
            return check(value)
        except ValueError as error:
            raise ValueError(f"{name} must be {error}") from None
    if type(value) is not type(default):  # a setting without its own check: the default's type
        raise ValueError(f"{name} must be like {_shown(default)}, not {_shown(value)}")
    return value


def _shown(value: Any) -> str:
    return one_line(repr(value), 40)


def rules_from_data(data: Any) -> tuple[Rules, list[str]]:
    """The rules a settings file names: its preset with each change that is valid; the
    changes (or `rules` itself) that are not. Unknown options are ignored."""
    if data is None:
        return Rules(), []
    if not isinstance(data, dict) or not isinstance(data.get("preset"), str) or data["preset"] not in PRESETS:
        return Rules(), ["rules"]
    preset = data["preset"]
    changes = data.get("changes", {})
    if not isinstance(changes, dict):
        return Rules.preset(preset), ["rules.changes"]
    pending = {name: value for name, value in changes.items() if name in RULE_OPTIONS}
    accepted: dict[str, Any] = {}
    progress = True
    # one change may need another first (virtual_dora needs players 4): retry until stable
    while pending and progress:
        progress = False
        for name, value in list(pending.items()):
            try:
                Rules.preset(preset, **accepted, **{name: value})
            except ValueError:
                continue
            accepted[name] = pending.pop(name)
            progress = True
    return Rules.preset(preset, **accepted), [f"rules.{name}" for name in pending]


def unknown_rule_options(data: Any) -> dict[str, Any]:
    """The rule options a settings file changes that these rules do not have (a newer
    version's), with the preset they change: {"preset": …, "changes": {…}}, or {}."""
    if not isinstance(data, dict) or not isinstance(data.get("changes"), dict):
        return {}
    unknown = {name: value for name, value in data["changes"].items() if name not in RULE_OPTIONS}
    return {"preset": data.get("preset"), "changes": unknown} if unknown else {}
