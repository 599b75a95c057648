"""What a seat can do in a hand. Tiles are written in mpsz, as everywhere else."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class ChooseDora:
    """The first player flips the upper tile of a side-wall stack."""

    seat: int
    wall: int
    stack: int
    name: ClassVar[str] = "choose_dora"


@dataclass(frozen=True)
class BuildHand:
    """Fix 13 tiles of the seat's wall as its hand.

    With `complete` (the build deadline) fewer than 13 may be given: the engine keeps
    them and fills the rest with the analyser's best suggestion.
    """

    seat: int
    tiles: str
    complete: bool = False
    name: ClassVar[str] = "build"


@dataclass(frozen=True)
class Discard:
    seat: int
    tile: str
    name: ClassVar[str] = "discard"


@dataclass(frozen=True)
class Ron:
    seat: int
    name: ClassVar[str] = "ron"


@dataclass(frozen=True)
class Pass:
    """Let a winning tile go by (the seat becomes furiten)."""

    seat: int
    name: ClassVar[str] = "pass"


Action = ChooseDora | BuildHand | Discard | Ron | Pass
ACTION_TYPES: dict[str, type] = {cls.name: cls for cls in (ChooseDora, BuildHand, Discard, Ron, Pass)}


def action_to_dict(action: Action) -> dict[str, Any]:
    return {"action": action.name, **asdict(action)}


def action_from_dict(data: dict[str, Any]) -> Action:
    """Rebuild an action; ValueError names what is wrong with `data`."""
    if not isinstance(data, dict):
        raise ValueError("an action must be an object")
    fields_ = dict(data)
    kind = fields_.pop("action", None)
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown action {kind!r}; actions are {', '.join(ACTION_TYPES)}")
    try:
        action = cls(**fields_)
    except TypeError as error:
        raise ValueError(f"bad {kind} action: {error}") from error
    for key, value in fields_.items():
        expected = {"seat": int, "wall": int, "stack": int, "tiles": str, "tile": str, "complete": bool}[key]
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise ValueError(f"bad {kind} action: {key} must be {expected.__name__}, not {value!r}")
    return action
