"""Layer boundaries: the engine, the AI and the app's pure folders never import pygame; no
import circle anywhere in `game/`; the screen map (game/app/flow.py) is the one module that
opens screens."""

from __future__ import annotations

import ast
import re
from collections import deque
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE_PACKAGES = ("game/engine", "game/ai", "game/app/play", "game/app/words", "game/app/history",
                 "game/app/theatre", "game/net")
PURE_MODULES = ("game/app/settings.py", "game/app/paths.py")
"""Modules at the top of game/app that every layer reads, the pure ones included."""
SCORING_LIBRARY = "mahjong"
SCENES = "game.app.scenes"
WIDGETS = {f"{SCENES}.dialog", f"{SCENES}.prompts"}
"""Scene modules any scene may use: a dialog or prompt opens over the scene that asks."""


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


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Each module of `package` (a folder under `root`) and the modules of the package it
    imports: every import statement counts, at the top, in a function or under
    TYPE_CHECKING; relative imports are resolved, and `from x import y` is an import of
    `x.y` when that is a module, else of `x`."""
    modules = {module_name(path, root): path for path in sorted((root / package).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                targets.update(_known(alias.name, modules) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = here.split(".")[:len(here.split(".")) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                for alias in node.names:
                    submodule = f"{base}.{alias.name}"
                    targets.add(submodule if submodule in modules else _known(base, modules))
        graph[name] = {target for target in targets if target and target != name}
    return graph


def _known(name: str, modules: dict[str, Path]) -> str:
    """The longest leading part of a dotted name that is a module of the package ('' if none)."""
    parts = name.split(".")
    while parts and ".".join(parts) not in modules:
        parts.pop()
    return ".".join(parts)


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of `graph`, each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def a_circle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One shortest way round a strongly connected component, from its first module back to it."""
    start, members = component[0], set(component)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for target in sorted(graph[node] & members):
            if target == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [start, *reversed(path[:-1]), start]
            if target not in came_from:
                came_from[target] = node
                queue.append(target)
    raise AssertionError(f"{component} is not strongly connected")


def circles(root: Path, package: str) -> list[str]:
    """Every import circle of `package`, as one way round it, and the modules tied up in it
    when more are than that way passes."""
    graph = import_graph(root, package)
    named = []
    for component in strongly_connected(graph):
        if len(component) > 1:
            circle = a_circle(graph, component)
            more = f" ({len(component)} modules: {', '.join(component)})" if len(component) > len(circle) - 1 else ""
            named.append(" → ".join(circle) + more)
    return named


def test_engine_ai_and_the_pure_app_folders_never_import_pygame():
    files = [*python_files(*PURE_PACKAGES), *(ROOT / m for m in PURE_MODULES)]
    assert {folder for folder in PURE_PACKAGES if not (ROOT / folder).is_dir()} == set()
    offenders = [
        str(p.relative_to(ROOT)) for p in files
        if any(name.split(".")[0] in ("pygame", "pygame_gui") for name in imported_modules(p))
    ]
    assert offenders == []


def test_what_the_pure_code_imports_of_the_game_is_pure_too():
    """No pure module reaches pygame through another module of the game either (a pure
    module importing a window module would load pygame with it)."""
    graph = import_graph(ROOT, "game")
    paths = {module_name(path, ROOT): path for path in python_files("game")}
    loads_pygame = {name for name, path in paths.items()
                    if any(m.split(".")[0] in ("pygame", "pygame_gui") for m in imported_modules(path))}
    pure = {module_name(path, ROOT) for path in [*python_files(*PURE_PACKAGES), *(ROOT / m for m in PURE_MODULES)]}
    assert pure >= {"game.app.settings", "game.net.server", "game.app.play.session"}
    offenders = {}
    for start in sorted(pure):
        seen, todo = {start}, [start]
        while todo:
            for target in graph.get(todo.pop(), ()):
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        if seen & loads_pygame:
            offenders[start] = sorted(seen & loads_pygame)
    assert offenders == {}


def test_no_import_circle_in_game():
    assert circles(ROOT, "game") == []


def test_only_the_screen_map_opens_screens():
    """A scene goes somewhere through `self.screens` (game/app/flow.py), never by importing
    the scene it opens; the window opens none."""
    graph = import_graph(ROOT, "game")
    offenders = sorted(
        (module, target) for module, targets in graph.items() if module.startswith("game.app.")
        and module != "game.app.flow" for target in targets
        if target.startswith(f"{SCENES}.") and target not in WIDGETS)
    assert offenders == []


def test_the_window_is_known_only_to_the_commands():
    """Scenes get `scene.Services`; only the commands that open the window name its class."""
    graph = import_graph(ROOT, "game")
    importers = sorted(module for module, targets in graph.items() if "game.app.window.window" in targets)
    assert [module for module in importers if not module.startswith("game.cli.")] == []


def write_package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(("files", "expected"), [
    ({"pkg/__init__.py": "", "pkg/a.py": "import pkg.b\n", "pkg/b.py": "import os\n"}, []),
    ({"pkg/__init__.py": "", "pkg/a.py": "def f():\n    from pkg import b\n",
      "pkg/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n"},
     ["pkg.a → pkg.b → pkg.a"]),
    ({"pkg/__init__.py": "", "pkg/sub/__init__.py": "", "pkg/sub/x.py": "from ..y import NAME\n",
      "pkg/y.py": "from pkg.z import thing\n", "pkg/z.py": "from .sub.x import other\n"},
     ["pkg.sub.x → pkg.y → pkg.z → pkg.sub.x"]),
    ({"pkg/__init__.py": "from pkg.a import A\n", "pkg/a.py": "import pkg\n"}, ["pkg → pkg.a → pkg"]),
])
def test_the_circle_check_finds_and_names_circles(tmp_path, files, expected):
    write_package(tmp_path, files)
    assert circles(tmp_path, "pkg") == expected


def test_the_circle_check_reads_from_imports_of_names_and_of_modules(tmp_path):
    write_package(tmp_path, {"pkg/__init__.py": "", "pkg/a.py": "from pkg import b\nfrom pkg.c import NAME\n",
                             "pkg/b.py": "", "pkg/c.py": "import pkg.b.inner\n"})
    assert import_graph(tmp_path, "pkg") == {"pkg": set(), "pkg.a": {"pkg.b", "pkg.c"}, "pkg.b": set(),
                                              "pkg.c": {"pkg.b"}}


def test_exactly_one_module_imports_the_scoring_library():
    importers = [
        str(p.relative_to(ROOT)) for p in python_files("game")
        if any(name.split(".")[0] == SCORING_LIBRARY for name in imported_modules(p))
    ]
    assert importers == ["game/engine/scoring.py"]


TEST_PATH = re.compile(r"\btests/|\btest_\w+\.py\b")
"""A path under tests/ or a test file's name."""


def test_no_module_of_the_game_cites_a_test_file():
    """Product code says why in words; a test file it named would rot unseen when the test moves."""
    citing = [f"{p.relative_to(ROOT)}:{number}" for p in python_files("game")
              for number, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
              if TEST_PATH.search(line)]
    assert citing == []


def test_the_import_check_sees_pygame_when_it_is_there(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom pygame import display\n", encoding="utf-8")
    assert "pygame" in imported_modules(sample)
