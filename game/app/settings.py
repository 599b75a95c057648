"""The player's settings: the rules to play, the window, pace and sound.

Saved as JSON in the user's config folder. A missing file gives the defaults; a file
that cannot be read gives the defaults and a notice for the title screen, never a crash.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from game.engine.rules import Rules
from game.files import write_text_atomically

SETTINGS_FILE = "settings.json"
WINDOW_SIZES = ((960, 600), (1280, 800), (1600, 1000), (1920, 1200))
ANIMATION_SPEEDS = {"instant": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.5}
AI_LEVELS = ("easy", "normal", "hard")
MAX_HISTORY = 10000


@dataclass(frozen=True)
class Settings:
    rules: Rules = field(default_factory=Rules)
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    animation: str = "normal"
    volume: float = 0.7
    ai_level: str = "normal"
    ai_delay_s: float = 0.7
    auto_ron: bool = False
    keep_history: bool = True
    history_limit: int = 200

    def __post_init__(self) -> None:
        if self.animation not in ANIMATION_SPEEDS:
            raise ValueError(f"animation is one of {', '.join(ANIMATION_SPEEDS)}, not {self.animation!r}")
        if self.ai_level not in AI_LEVELS:
            raise ValueError(f"ai_level is one of {', '.join(AI_LEVELS)}, not {self.ai_level!r}")
        if not 0.0 <= self.volume <= 1.0:
            raise ValueError(f"volume is 0..1, not {self.volume!r}")
        if not 0.0 <= self.ai_delay_s <= 5.0:
            raise ValueError(f"ai_delay_s is 0..5 seconds, not {self.ai_delay_s!r}")
        if not isinstance(self.history_limit, int) or isinstance(self.history_limit, bool) \
                or not 1 <= self.history_limit <= MAX_HISTORY:
            raise ValueError(f"history_limit is 1..{MAX_HISTORY} matches, not {self.history_limit!r}")
        if len(self.window_size) != 2 or min(self.window_size) < 320:
            raise ValueError(f"window_size is (width, height), not {self.window_size!r}")

    @property
    def animation_speed(self) -> float:
        """How fast animations run: 1 normal, 0 instant (no animation at all)."""
        return ANIMATION_SPEEDS[self.animation]

    def with_changes(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["rules"] = {"preset": self.rules.preset_name, "changes": self.rules.changed_from_preset()}
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Raises ValueError (or TypeError/KeyError, for the caller to treat alike) on bad data."""
        if not isinstance(data, dict):
            raise ValueError("the settings file must hold a JSON object")
        values = dict(data)
        rules_data = values.pop("rules", {"preset": "kaiji", "changes": {}})
        rules = Rules.preset(rules_data["preset"], **rules_data.get("changes", {}))
        if "window_size" in values:
            values["window_size"] = tuple(int(v) for v in values["window_size"])
        return cls(rules=rules, **values)


def load_settings(folder: Path) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and a notice saying why they were not used."""
    path = folder / SETTINGS_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        return Settings(), f"Your settings could not be read ({error.strerror}); the defaults are in use."
    try:
        return Settings.from_dict(json.loads(text)), None
    except (ValueError, TypeError, KeyError) as error:
        return Settings(), f"Your settings file was damaged ({error}); the defaults are in use."


def save_settings(folder: Path, settings: Settings) -> None:
    write_text_atomically(folder / SETTINGS_FILE, json.dumps(settings.to_dict(), indent=2) + "\n")
