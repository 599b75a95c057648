"""Layer boundaries: the engine and the AI are pure Python and never import pygame."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE_PACKAGES = ("game/engine", "game/ai")
SCORING_LIBRARY = "mahjong"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def python_files(*folders: str) -> list[Path]:
    return [p for folder in folders if (ROOT / folder).exists() for p in sorted((ROOT / folder).rglob("*.py"))]


def test_engine_and_ai_never_import_pygame():
    files = python_files(*PURE_PACKAGES)
    assert files, "the engine must exist"
    offenders = [
        str(p.relative_to(ROOT)) for p in files
        if any(name.split(".")[0] in ("pygame", "pygame_gui") for name in imported_modules(p))
    ]
    assert offenders == []


def test_exactly_one_module_imports_the_scoring_library():
    importers = [
        str(p.relative_to(ROOT)) for p in python_files("game")
        if any(name.split(".")[0] == SCORING_LIBRARY for name in imported_modules(p))
    ]
    assert importers == ["game/engine/scoring.py"]


def test_the_import_check_sees_pygame_when_it_is_there(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom pygame import display\n", encoding="utf-8")
    assert "pygame" in imported_modules(sample)
