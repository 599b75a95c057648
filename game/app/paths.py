"""Where files live: assets beside the package (or in a frozen bundle), user files in
the platform's config and data folders (created on demand)."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs

APP_NAME = "17steps"


def asset_root() -> Path:
    """The assets folder: inside the PyInstaller bundle when frozen, else beside `game/`."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parent.parent.parent / "assets"


def asset(*parts: str) -> Path:
    return asset_root().joinpath(*parts)


def config_dir() -> Path:
    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def data_dir() -> Path:
    return platformdirs.user_data_path(APP_NAME, appauthor=False)
