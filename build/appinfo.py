"""What the build tells each desktop about the game: its names, identifier, version and
copyright, as the Windows version resource (file properties) and the macOS Info.plist.

The version is the one in pyproject.toml. Used by `17steps.spec`, `package_linux.py` and
the tests (tests/test_desktops.py).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "17 Steps"
EXECUTABLE = "17steps"
DESCRIPTION = "17 Steps — the riichi duel from Kaiji"
COPYRIGHT = "Copyright © 2026 the authors of 17 Steps"
MACOS_APP = f"{APP_NAME}.app"
BUNDLE_IDENTIFIER = "io.github.seventeen-steps.game"
"""macOS keys the app's permissions and preferences to this: never change it."""
MACOS_CATEGORY = "public.app-category.board-games"
BOOTLOADER_MACOS_MINIMUM = (10, 13)
"""PyInstaller's macOS bootloader runs from 10.13 (its wheel's tag, macosx_10_13_universal2)."""
LINUX_APP_ID = "seventeen-steps"
"""The name of the .desktop entry and the icon; the same as the window's X11 class
(game.app.window.window.WINDOW_CLASS), so the desktop groups the window under its launcher."""


def project_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers of a Windows file version: 0.1.0 is (0, 1, 0, 0)."""
    parts = [int(re.match(r"\d*", part).group() or 0) for part in version.split(".")[:3]]
    major, minor, patch = [*parts, 0, 0, 0][:3]
    return major, minor, patch, 0


def windows_version_info(version: str) -> Any:
    """The executable's version resource (Explorer's Properties → Details), as PyInstaller's
    `VSVersionInfo`; its module needs pefile, which PyInstaller installs on Windows."""
    from PyInstaller.utils.win32 import versioninfo as vi

    numbers = version_numbers(version)
    return vi.VSVersionInfo(
        ffi=vi.FixedFileInfo(filevers=numbers, prodvers=numbers),
        kids=[
            vi.StringFileInfo([vi.StringTable("040904B0", [
                vi.StringStruct("CompanyName", APP_NAME),
                vi.StringStruct("FileDescription", DESCRIPTION),
                vi.StringStruct("FileVersion", version),
                vi.StringStruct("InternalName", EXECUTABLE),
                vi.StringStruct("LegalCopyright", COPYRIGHT),
                vi.StringStruct("OriginalFilename", f"{EXECUTABLE}.exe"),
                vi.StringStruct("ProductName", APP_NAME),
                vi.StringStruct("ProductVersion", version),
            ])]),
            vi.VarFileInfo([vi.VarStruct("Translation", [0x0409, 1200])]),  # US English, Unicode
        ],
    )


def minimum_macos(binary_minimums: list[tuple[int, ...]]) -> str:
    """The oldest macOS every collected binary and the bootloader run on: the newest of their
    minimums (`LSMinimumSystemVersion`, so Finder refuses cleanly on an older system)."""
    newest = max([BOOTLOADER_MACOS_MINIMUM, *(tuple(v[:2]) for v in binary_minimums)])
    return ".".join(str(number) for number in newest)


def macos_info_plist(version: str, minimum: str) -> dict[str, Any]:
    """The Info.plist keys PyInstaller's BUNDLE does not set, or sets otherwise."""
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "NSHumanReadableCopyright": COPYRIGHT,
        "NSHighResolutionCapable": True,
        "LSMinimumSystemVersion": minimum,
        "LSApplicationCategoryType": MACOS_CATEGORY,
    }
