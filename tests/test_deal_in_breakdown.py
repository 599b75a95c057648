"""tools/deal_in_breakdown.py counts the same deal-ins as the arena, and splits them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from game.ai.arena import run_arena
from tools.deal_in_breakdown import agent_a_seats, breakdown, main


def test_the_breakdown_counts_the_arenas_deal_ins(tmp_path):
    summary = run_arena("easy", "normal", deals=6, seed=3, records=tmp_path)
    tally: Counter[str] = Counter()
    at_discard: Counter[int] = Counter()
    for path in sorted(tmp_path.glob("deal*.jsonl")):
        found, when = breakdown(path)
        tally.update(found)
        at_discard.update(when)
    assert tally["plays"] == 12
    assert tally["deal-ins"] > 0, "the test needs deal-ins to check"
    assert tally["deal-ins"] == round(summary["agents"]["easy"]["deal_in_rate"] * 12)
    assert sum(at_discard.values()) == tally["deal-ins"]
    assert all(1 <= n <= 17 for n in at_discard)


def test_an_oracle_only_deals_in_when_forced(tmp_path):
    run_arena("oracle", "normal", deals=4, seed=5, records=tmp_path)
    tally: Counter[str] = Counter()
    for path in sorted(tmp_path.glob("deal*.jsonl")):
        tally.update(breakdown(path)[0])
    assert tally["not forced"] == 0


@pytest.mark.parametrize(
    ("name", "players", "seats"),
    [("deal7a.jsonl", 2, {0}), ("deal7b.jsonl", 2, {1}),
     ("deal7a.jsonl", 3, {0, 2}), ("deal7b.jsonl", 3, {1}),
     ("deal7a.jsonl", 4, {0, 2}), ("deal7b.jsonl", 4, {1, 3})],
)
def test_agent_a_sits_where_the_arena_seated_it(name, players, seats):
    assert agent_a_seats(Path(name), players) == seats


def test_unreadable_files_are_skipped_and_counted_nowhere(tmp_path, capsys, monkeypatch):
    run_arena("easy", "normal", deals=1, seed=3, records=tmp_path)
    good = sorted(tmp_path.glob("deal*.jsonl"))
    (tmp_path / "deal1a.jsonl").write_text("not json\n")
    # the last discard played twice: the engine refuses it, after the rest was replayed
    broken = good[0].read_text().splitlines()
    last = max(i for i, line in enumerate(broken) if '"action":"discard"' in line.replace(" ", ""))
    broken.insert(last + 1, broken[last])
    (tmp_path / "deal2a.jsonl").write_text("\n".join(broken) + "\n")
    monkeypatch.setattr("sys.argv", ["deal_in_breakdown.py", str(tmp_path)])
    assert main() == 0
    out, err = capsys.readouterr()
    assert "deal1a.jsonl: skipped" in err and "deal2a.jsonl: skipped" in err
    assert out.startswith(f"{len(good)} plays;")


def test_a_directory_without_records_is_a_clear_error(tmp_path, capsys, monkeypatch):
    (tmp_path / "deal1a.jsonl").write_text("not json\n")
    monkeypatch.setattr("sys.argv", ["deal_in_breakdown.py", str(tmp_path)])
    assert main() == 2
    err = capsys.readouterr().err
    assert "deal1a.jsonl: skipped" in err and "no arena records" in err
