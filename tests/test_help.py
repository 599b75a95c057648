"""Help that helps: every command and launch option has a line, under the real program name."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from game import __main__ as cli

LAUNCH_OPTIONS = ("--seed", "--frames", "--screenshots", "--smoke", "--version")


def help_of(capsys, *args: str) -> str:
    with pytest.raises(SystemExit) as exit_:
        cli.main([*args, "--help"])
    assert exit_.value.code == 0
    return capsys.readouterr().out


def option_lines(text: str) -> dict[str, str]:
    """Each option or command of a help text, with the help written beside or under it."""
    lines = text.splitlines()
    found = {}
    for index, line in enumerate(lines):
        words = line.split()
        if line.startswith("  ") and words and (words[0].startswith("-") or words[0] in cli.COMMANDS):
            name = words[0].rstrip(",")
            rest = " ".join(word for word in words[1:] if not word.isupper() and not word.startswith("-"))
            if not rest and index + 1 < len(lines) and lines[index + 1].startswith("      "):
                rest = lines[index + 1].strip()
            found[name] = rest
    return found


def test_the_top_level_help_lists_every_command_and_launch_option_with_a_line_each(capsys):
    text = help_of(capsys)
    lines = option_lines(text)
    for name in (*cli.COMMANDS, *LAUNCH_OPTIONS):
        assert lines.get(name), f"{name} has no line of help"
    assert text.startswith("usage: python -m game ")


def test_the_usage_names_the_executable_when_frozen(monkeypatch, capsys):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert help_of(capsys).startswith("usage: 17steps ")
    assert "usage: 17steps analyze " in help_of(capsys, "analyze")


def test_the_usage_names_main_py_when_started_as_main_py(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["main.py"])
    assert help_of(capsys).startswith("usage: python main.py ")


@pytest.mark.parametrize("command", cli.COMMANDS)
def test_every_option_of_every_command_has_help(command):
    parser = cli.build_parser(command)
    sub = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    for action in sub.choices[command]._actions:
        assert action.help and action.help != argparse.SUPPRESS, f"{command} {action.option_strings or action.dest}"
    assert sub.choices[command].description


def test_analyze_help_has_no_raw_markup(capsys):
    text = help_of(capsys, "analyze")
    assert "`" not in text and "``" not in text
    assert "live copies" in text and "--top" in text and "Example: python -m game analyze " in text


def test_selfplay_help_says_what_each_level_is_and_what_the_oracle_is(capsys):
    text = help_of(capsys, "selfplay")
    lines = option_lines(text)
    for option in ("--a", "--b", "--hands", "--seed", "--preset", "--json", "--jobs", "--records"):
        assert lines.get(option), f"selfplay {option} has no help"
    assert "hard_v1 and oracle are references, never playable levels" in " ".join(text.split())
    assert "easy, normal, hard, hard_v1, oracle" in " ".join(text.split())


def test_replay_help_says_what_the_exit_status_means(capsys):
    text = " ".join(help_of(capsys, "replay").split())
    assert "Exit status 0: identical; 1:" in text and "--verbose" in text


def test_play_help_lists_the_launch_options(capsys):
    lines = option_lines(help_of(capsys, "play"))
    for option in ("--seed", "--frames", "--screenshots", "--smoke"):
        assert lines.get(option)


def test_version_answers_before_the_heavy_imports():
    probe = (
        "import sys\n"
        "from game.__main__ import main\n"
        "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
        "heavy = ('pygame', 'pygame_gui', 'mahjong', 'game.engine.analysis', 'game.ai')\n"
        "print('heavy:', [m for m in heavy if m in sys.modules])\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert run.stdout.splitlines() == [f"17 Steps {cli.__version__}", "heavy: []"]


def test_help_answers_without_loading_the_tools_or_pygame():
    probe = (
        "import sys, contextlib, io\n"
        "from game.__main__ import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n        main(['--help'])\n    except SystemExit:\n        pass\n"
        "print([m for m in ('pygame', 'mahjong', 'game.engine.analysis', 'game.ai') if m in sys.modules])\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert run.stdout.strip() == "[]"
