"""The project explains itself: the rule book in the repository says what the engine does.

docs/rules.md is checked against game/engine/rules.py (every option and its default, the
presets table), against the yaku and glossary the Rules page shows (game/app/words/rule_texts.py),
and every citation of it must name a section that exists. Every path the documentation writes
exists, and docs/ui.md names every module of game/app. Nothing committed may point
outside the repository, where a clone has nothing.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from game.app.words.rule_texts import GLOSSARY, YAKU
from game.engine import rules as rules_module
from game.engine.rules import PRESETS, Rules
from game.engine.scoring import WinContext, assess_ron
from game.engine.tiles import code_kind, ids_for_codes, parse_tiles

ROOT = Path(__file__).resolve().parent.parent
RULE_BOOK = ROOT / "docs" / "rules.md"
BOOK = RULE_BOOK.read_text(encoding="utf-8")
OPTIONS = [f.name for f in fields(Rules) if f.name != "preset_name"]
CHOICES = {
    "riichi_timing": rules_module.RIICHI_TIMINGS,
    "renhou": rules_module.RENHOU_MODES,
    "houtei": rules_module.HOUTEI_MODES,
    "settlement": rules_module.SETTLEMENTS,
    "first_player": rules_module.FIRST_PLAYER_RULES,
    "multiple_ron": rules_module.MULTIPLE_RON_MODES,
    "players": (2, 3, 4),
}
# GitHub's own pages of this repository (releases, issues), which a README reaches two levels up
GITHUB_ROUTES = re.compile(r"^(\.\./){2}(releases|issues|actions)(/|$)")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def committed_files() -> list[Path]:
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the committed files are unknown")
    return [ROOT / name for name in listed.decode("utf-8").split("\0") if name and (ROOT / name).is_file()]


def text_of(path: Path) -> str | None:
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def shown(value: Any) -> str:
    """An option's value as the rule book writes it."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return "none" if value is None else str(value)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    return {slug(match) for match in re.findall(r"^#+ (.+)$", markdown, flags=re.MULTILINE)}


def section(markdown: str, heading: str) -> str:
    """The text under `heading` up to the next heading of any level."""
    start = markdown.index(heading + "\n") + len(heading) + 1
    following = re.search(r"^#", markdown[start:], flags=re.MULTILINE)
    return markdown[start:start + following.start()] if following else markdown[start:]


# --- nothing points outside the repository ----------------------------------------------------------------


def test_no_committed_file_refers_to_a_path_outside_the_repository():
    forbidden = [".." + "/shared", "RULES" + ".md", "shared" + "/seeds"]
    outside_tree = re.compile(r"(?<![\w.])/" + r"work/")
    escaping = re.compile(r"(?<![\w.])((?:\.\./)+[\w.\-/]*)")
    problems = []
    for path in committed_files():
        text = text_of(path)
        if text is None:
            continue
        name = path.relative_to(ROOT).as_posix()
        problems += [f"{name}: {word}" for word in forbidden if word in text]
        problems += [f"{name}: {hit}" for hit in outside_tree.findall(text)]
        for target in escaping.findall(text):
            if name == "README.md" and GITHUB_ROUTES.match(target):
                continue
            if not (path.parent / target).resolve().is_relative_to(ROOT):
                problems.append(f"{name}: {target}")
    assert not problems, "paths outside the repository:\n" + "\n".join(problems)


def test_every_link_of_the_documentation_leads_to_a_file_and_heading_that_exist():
    broken = []
    for path in committed_files():
        if path.suffix != ".md":
            continue
        text = path.read_text(encoding="utf-8")
        for target in LINK.findall(text):
            if re.match(r"^[a-z]+:", target) or (path.name == "README.md" and GITHUB_ROUTES.match(target)):
                continue
            file_part, _, anchor = target.partition("#")
            linked = (path.parent / file_part).resolve() if file_part else path
            if not linked.exists() or not linked.is_relative_to(ROOT):
                broken.append(f"{path.relative_to(ROOT)}: {target}")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked.read_text(encoding="utf-8")):
                broken.append(f"{path.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_every_citation_of_the_rule_book_names_a_section_it_has():
    numbers = set(re.findall(r"^#+ (\d+(?:\.\d+)?)\.? ", BOOK, flags=re.MULTILINE))
    cited = []
    for path in committed_files():
        text = text_of(path)
        if text is None:
            continue
        for number in re.findall(r"rules\.md §(\d+(?:\.\d+)?)", text):
            cited.append(number)
            assert number in numbers, f"{path.relative_to(ROOT)} cites docs/rules.md §{number}, which does not exist"
    assert len(cited) >= 10, "the code and tests cite the rule book by section"


# --- every option, its default, the presets ---------------------------------------------------------------


@pytest.mark.parametrize("option", OPTIONS)
def test_every_rule_option_is_documented_with_its_default_and_choices(option):
    heading = f"### `{option}`"
    assert heading in BOOK, f"docs/rules.md §7 lacks {heading}"
    text = section(BOOK, heading)
    default = re.match(r"Default: `?(\w+)`?", text)
    assert default, f"{option}: the section opens with 'Default: ...'"
    assert default.group(1) == shown(getattr(Rules(), option)), f"{option}: the documented default is wrong"
    for choice in CHOICES.get(option, ()):
        assert f"`{choice}`" in text, f"{option}: the choice {choice!r} is not explained"


def presets_table() -> dict[str, dict[str, str]]:
    rows = [line for line in section(BOOK, "## 8. The five presets").splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in rows[0].strip("|").split("|")]
    table: dict[str, dict[str, str]] = {name: {} for name in header[1:]}
    for row in rows[2:]:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        for name, cell in zip(header[1:], cells[1:], strict=True):
            table[name][cells[0]] = cell
    return table


def test_the_presets_table_is_the_engines_presets_option_by_option():
    table = presets_table()
    assert list(table) == list(PRESETS)
    for name, rules in PRESETS.items():
        column = table[name]
        assert set(column) == {*OPTIONS, "dora / ura"}, f"{name}: the table lists every option"
        for option in OPTIONS:
            assert column[option] == shown(getattr(rules, option)), f"{name}.{option}"
        assert column["dora / ura"].startswith("1 / beneath" if rules.has_dora else "none")


def test_the_default_preset_is_the_rule_books_defaults():
    assert Rules() == PRESETS["kaiji"]
    assert "a new installation starts with `kaiji`" in BOOK


# --- the Rules page and the rule book say the same things -----------------------------------------------------


def scored(hand: str, win: str, situation: dict[str, bool]):
    tiles = ids_for_codes(parse_tiles(hand), False)
    kind = code_kind(win)
    winning = next(t for t in range(136) if t // 4 == kind and t not in tiles)
    return assess_ron(tiles, winning, WinContext(**situation), Rules.preset("kaiji")).value


@pytest.mark.parametrize("yaku", YAKU, ids=[y.name for y in YAKU])
def test_each_yaku_example_of_the_rules_page_scores_that_yaku(yaku):
    value = scored(yaku.hand, yaku.win, yaku.situation)
    assert value is not None
    han = value.han_of(yaku.scored_as or yaku.name)
    assert han == (13 if yaku.han is None else yaku.han), [(line.name, line.han) for line in value.yaku]


@pytest.mark.parametrize("yaku", YAKU, ids=[y.name for y in YAKU])
def test_each_yaku_of_the_rules_page_is_in_the_rule_book_with_its_han_and_example(yaku):
    row = next((line for line in BOOK.splitlines() if line.startswith(f"| {yaku.name} {yaku.kanji} |")), None)
    assert row is not None, f"docs/rules.md §5.3 lacks a row for {yaku.name} {yaku.kanji}"
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    if yaku.han is not None:
        assert cells[1].split()[0] == str(yaku.han), f"{yaku.name}: the han differ"
        if not yaku.situation:
            assert f"`{yaku.hand}` + `{yaku.win}`" in cells[2]
    else:
        assert row in section(BOOK, "### 5.3 Yaku that exist here").split("**Yakuman**")[1]
        assert f"`{yaku.hand}` + `{yaku.win}`" in cells[1]


def test_the_rule_book_lists_no_yaku_the_rules_page_leaves_out():
    names = {f"{y.name} {y.kanji}" for y in YAKU} | {"renhou 人和", "kazoe yakuman 数え役満"}
    text = section(BOOK, "### 5.3 Yaku that exist here")
    rows = [line.split("|")[1].strip() for line in text.splitlines() if line.startswith("| ") and "---" not in line]
    listed = {row for row in rows if row not in ("yaku", "yakuman")}
    assert listed == names


@pytest.mark.parametrize("entry", GLOSSARY, ids=[g.term for g in GLOSSARY])
def test_every_glossary_word_of_the_rules_page_is_in_the_rule_books_glossary(entry):
    glossary = section(BOOK, "## 10. Glossary")
    assert f"**{entry.term}**" in glossary


def test_the_rule_book_gives_the_furiten_examples_ippatsu_caveat():
    text = section(BOOK, "## 4. Waits, dead waits and furiten")
    assert "`1112223334m777p`" in text
    assert "riichi + ippatsu + sanankou" in text and "4 han 50 fu" in text
    # what it says is what the engine does
    assert scored("1112223334m777p", "2m", {}).level is None
    ippatsu = scored("1112223334m777p", "2m", {"ippatsu": True})
    assert (ippatsu.han, ippatsu.fu, ippatsu.level) == (4, 50, "mangan")


# --- the documentation names files that exist ---------------------------------------------------------------

CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
# a placeholder in a path: `game/locale/<lang>/...`, `game/app/**.py`, `benchmarks/NAME.py`, the example language `xx`
PLACEHOLDER = re.compile(r"^(<[^>]*>|.*\*.*|[A-Z]+(\.\w+)?|xx)$")


def written_paths(markdown: str) -> list[str]:
    """The repository paths a page writes in backticks (`game/app/play/session.py`,
    `tests/ui`, `.venv/bin/python tools/check_bound.py`): each word of a code span whose
    first folder is one of the repository's own, less a test's name (`::test_x`) and the
    sentence's punctuation."""
    tops = {path.relative_to(ROOT).parts[0] for path in committed_files() if len(path.relative_to(ROOT).parts) > 1}
    paths = []
    for span in CODE_SPAN.findall(markdown):
        for word in span.split():
            word = word.split("::")[0].rstrip(".,;:)")
            if "/" in word and word.split("/")[0] in tops:
                paths.append(word)
    return paths


def ignored_by_git(path: str) -> bool:
    """A path the build makes and git ignores (`build/work/`): documented, never committed."""
    return subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT).returncode == 0


@pytest.mark.parametrize("page", ["README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))])
def test_every_path_the_documentation_writes_exists(page):
    stale = [
        path for path in written_paths((ROOT / page).read_text(encoding="utf-8"))
        if not (ROOT / path).exists()
        and not any(PLACEHOLDER.match(part) for part in path.split("/"))
        and not ignored_by_git(path)
    ]
    assert not stale, f"{page} names paths that do not exist:\n" + "\n".join(stale)


def test_the_ui_pages_code_section_names_every_module_of_the_app_and_no_other():
    """docs/ui.md's "Code" names each module relative to game/app/: `folder/module.py`, or
    `module.py` under the folder's own heading (**`views/`**), or at the top level."""
    app = ROOT / "game" / "app"
    text = section((ROOT / "docs" / "ui.md").read_text(encoding="utf-8"), "## Code")
    named: set[Path] = set()
    unknown = []
    folder = app
    for heading, span in re.findall(r"\*\*(`?[^*`]*`?)\*\*|(?<!`)`([^`\n]+\.py)`(?!`)", text):
        if heading:
            inner = heading.strip("`")
            folder = app / inner if inner.endswith("/") and (app / inner).is_dir() else app
            continue
        candidates = [app / span, ROOT / span] if "/" in span else [folder / span]
        found = next((path for path in candidates if path.is_file()), None)
        if found is None:
            unknown.append(span)
        elif found.is_relative_to(app):
            named.add(found)
    modules = {path for path in app.rglob("*.py") if path.name != "__init__.py"}
    assert not unknown, f"docs/ui.md names modules game/app does not have: {unknown}"
    missing = sorted(path.relative_to(app).as_posix() for path in modules - named)
    assert not missing, f"docs/ui.md's Code section leaves out: {missing}"
