"""`python -m game watch FILE` on a file it cannot show: one sentence, exit status 2, no window."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.__main__ import main

RECORD = Path(__file__).resolve().parent / "records" / "kaiji_two_draws_then_a_win.jsonl"


@pytest.mark.parametrize(("content", "said"), [
    (RECORD.read_bytes().splitlines(keepends=True)[0], "the record holds no hand"),
    (b"[" * 100_000 + b"]" * 100_000, "not a 17 Steps record"),
    (RECORD.read_bytes().splitlines(keepends=True)[0] + b'{"type": "hand", "wall', "line 2: not valid JSON"),
], ids=["no-hand", "deep", "damaged-first-hand"])
def test_a_record_that_cannot_be_shown_is_one_sentence_and_status_2(tmp_path, capsys, monkeypatch, content, said):
    import game.app.window.window

    monkeypatch.setattr(game.app.window.window, "create_app", lambda *_args: pytest.fail("a window was opened"))
    path = tmp_path / "record.jsonl"
    path.write_bytes(content)
    assert main(["watch", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("watch: ") and said in err and err.count("\n") == 1
