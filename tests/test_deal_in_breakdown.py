"""tools/deal_in_breakdown.py counts the same deal-ins as the arena, and splits them."""

from __future__ import annotations

from collections import Counter

from game.ai.arena import run_arena
from tools.deal_in_breakdown import breakdown, main


def test_the_breakdown_counts_the_arenas_deal_ins(tmp_path):
    summary = run_arena("easy", "normal", deals=6, seed=3, records=tmp_path)
    tally: Counter[str] = Counter()
    at_discard: Counter[int] = Counter()
    for path in sorted(tmp_path.glob("deal*.jsonl")):
        breakdown(path, tally, at_discard)
    assert tally["plays"] == 12
    assert tally["deal-ins"] == round(summary["agents"]["easy"]["deal_in_rate"] * 12)
    assert tally["forced"] + tally["misread"] == tally["deal-ins"] == sum(at_discard.values())
    assert all(1 <= n <= 17 for n in at_discard)


def test_a_directory_without_records_is_a_clear_error(tmp_path, capsys, monkeypatch):
    (tmp_path / "deal1a.jsonl").write_text("not json\n")
    monkeypatch.setattr("sys.argv", ["deal_in_breakdown.py", str(tmp_path)])
    assert main() == 2
    err = capsys.readouterr().err
    assert "deal1a.jsonl: skipped" in err and "no arena records" in err
