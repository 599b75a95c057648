"""Statistics from fixture records, every figure worked out by hand in the comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.history.history import HistoryEntry
from game.app.history.statistics import compute_statistics
from game.engine.record import read_record

RECORDS = Path(__file__).parent / "records"
KAIJI = read_record(RECORDS / "kaiji_two_draws_then_a_win.jsonl")  # draw, draw, seat 1 rons seat 0: mangan
FOUR = read_record(RECORDS / "four_player_double_ron.jsonl")  # seats 2 (haneman 1.5) and 3 (0.32) ron seat 0
A_BUILDS = [
    {"hand": 1, "seat": 0, "built_payment": 2.0, "best_payment": 4.0, "best": False, "mangan_possible": True},
    {"hand": 2, "seat": 0, "built_payment": 3.0, "best_payment": 3.0, "best": True, "mangan_possible": True},
    {"hand": 3, "seat": 0, "built_payment": 0.0, "best_payment": 0.0, "best": True, "mangan_possible": False},
    {"hand": 3, "seat": 1, "built_payment": 9.0, "best_payment": 9.0, "best": True, "mangan_possible": True},
]


def entry(name: str, lines: list[dict], seat: int | None, level: str = "hard", ended: str = "finished",
          builds: list[dict] | None = None) -> HistoryEntry:
    plan = ({"mode": "solo", "humans": [seat], "names": [], "ai_level": level} if seat is not None
            else {"mode": "hotseat", "humans": [0, 1], "names": [], "ai_level": None})
    meta = {"plan": plan, "ended": ended, "kept_at": name}
    if builds is not None:
        meta["builds"] = builds
    return HistoryEntry(Path(f"{name}.jsonl"), [{**lines[0], "history": meta}, *lines[1:]])


def abandoned_kaiji() -> list[dict]:
    """The kaiji record cut off after the first hand's settlement and a few lines of hand 2."""
    first_settlement = next(i for i, line in enumerate(KAIJI) if line["type"] == "settlement")
    return KAIJI[:first_settlement + 4]


@pytest.fixture
def stats():
    return compute_statistics([
        entry("a", KAIJI, 0, "hard", builds=A_BUILDS),   # lost: 2 draws, deals in a mangan (-1)
        entry("b", KAIJI, 1, "normal"),                  # won: 2 draws, wins a mangan (+1)
        entry("c", FOUR, 2, "normal"),                   # won: rons a haneman (+1.5)
        entry("d", FOUR, 0, "easy"),                     # lost: deals in 1.5 + 0.32 on one discard (-1.82)
        entry("e", KAIJI, None),                         # two players on one screen: not counted
        entry("f", abandoned_kaiji(), 0, "hard", ended="abandoned"),  # one drawn hand, then left
    ])


def test_overall_figures(stats):
    overall = stats.overall
    assert (overall.matches, overall.matches_won, overall.matches_lost, overall.abandoned) == (5, 2, 2, 1)
    assert (overall.hands, overall.wins, overall.deal_ins, overall.draws) == (9, 2, 2, 5)  # 3+3+1+1+1 hands
    assert overall.win_rate == pytest.approx(2 / 9) and overall.draw_rate == pytest.approx(5 / 9)
    assert overall.average_win == pytest.approx((1.0 + 1.5) / 2)
    assert overall.average_loss == pytest.approx((1.0 + 1.82) / 2)  # one deal-in of 1.82, not two
    assert overall.net_units == pytest.approx(1.0 + 1.5 - 1.0 - 1.82)
    assert stats.not_counted == 1


def test_per_level_and_per_preset(stats):
    hard, normal, easy = (stats.by_level[k] for k in ("hard", "normal", "easy"))
    assert (hard.matches, hard.hands, hard.wins, hard.deal_ins, hard.draws) == (2, 4, 0, 1, 3)
    assert (normal.matches, normal.matches_won, normal.hands, normal.net_units) == (2, 2, 4, 2.5)
    assert (easy.matches, easy.matches_lost, easy.net_units) == (1, 1, pytest.approx(-1.82))
    kaiji, four = stats.by_preset["kaiji"], stats.by_preset["four_player"]
    assert (kaiji.matches, kaiji.hands, kaiji.wins, kaiji.deal_ins, kaiji.draws) == (3, 7, 1, 1, 5)
    assert (four.matches, four.hands, four.wins, four.deal_ins, four.draws) == (2, 2, 1, 1, 0)


def test_build_review_figures_count_only_your_seat(stats):
    # Seat 1's review in match a is not yours: 3 reviewed, 2 best, shares 0.5 and 1.0
    # (the wall whose best pays nothing has no share), 1 wall without mangan.
    assert (stats.builds_reviewed, stats.builds_best, stats.walls_without_mangan) == (3, 2, 1)
    assert stats.best_build_rate == pytest.approx(2 / 3)
    assert stats.average_best_share == pytest.approx(0.75)


def test_best_worst_and_the_running_balance(stats):
    assert stats.best_match.name == "c.jsonl" and stats.worst_match.name == "d.jsonl"
    assert stats.running_balance() == [-1.0, 0.0, 1.5, pytest.approx(-0.32), pytest.approx(-0.32)]
    assert stats.running_balance(last=2) == [pytest.approx(-1.82), pytest.approx(-1.82)]
    assert [m.result for m in stats.matches] == ["lost", "won", "won", "lost", "abandoned"]


def test_no_history_gives_empty_figures():
    empty = compute_statistics([])
    assert empty.overall.matches == 0 and empty.overall.win_rate == 0.0
    assert empty.best_match is None and empty.best_build_rate is None and empty.running_balance() == []


def test_the_history_and_statistics_modules_are_pure():
    from tests.test_architecture import ROOT, imported_modules

    for name in ("history", "statistics", "build_review"):
        imported = imported_modules(ROOT / "game" / "app" / "history" / f"{name}.py")
        assert not {m.split(".")[0] for m in imported} & {"pygame", "pygame_gui"}, name


def played(name: str, lines: list[dict], seat: int, plan: dict, ended: str = "finished") -> HistoryEntry:
    meta = {"plan": {"mode": "solo", "humans": [seat], "names": [], **plan}, "ended": ended, "kept_at": name}
    return HistoryEntry(Path(f"{name}.jsonl"), [{**lines[0], "history": meta}, *lines[1:]])


@pytest.mark.parametrize(("plan", "seat", "group"), [
    # the host's duel with a person at another computer (the host's plan names the remote seat)
    ({"ai_level": None, "levels": [None, None], "remote": [1]}, 0, "people"),
    # a host whose plan kept a default AI level: still a duel with a person
    ({"ai_level": "normal", "levels": [None, None], "remote": [1]}, 0, "people"),
    # a joined table of four, a person and a Hard AI among the others: the person's win is no AI's
    ({"ai_level": "hard", "levels": ["hard", None, None, "normal"]}, 2, "people"),
    ({"ai_level": "hard", "levels": [None, "hard", None, None], "remote": [2, 3]}, 0, "people"),
    # against the AI alone: its level; an old plan without levels too
    ({"ai_level": "hard", "levels": [None, "hard", "normal", "easy"]}, 0, "hard"),
    ({"ai_level": "easy"}, 0, "easy"),
])
def test_a_match_with_a_person_at_the_table_is_filed_under_people_not_under_an_ai(plan, seat, group):
    """A 3-seat match a remote person won, with a Hard AI, was filed "Hard 0–1"."""
    stats = compute_statistics([played("m", FOUR, seat, plan)])
    assert list(stats.by_level) == [group]


def test_the_best_match_is_a_finished_one():
    """"Best match" named a lost, abandoned match."""
    stats = compute_statistics([played("left", abandoned_kaiji(), 0, {"ai_level": "hard"}, "abandoned"),
                                played("lost", FOUR, 0, {"ai_level": "hard"})])  # deals in 1.82
    assert stats.best_match.name == "lost.jsonl"
    only_left = compute_statistics([played("left", abandoned_kaiji(), 0, {"ai_level": "hard"}, "abandoned")])
    assert only_left.best_match is None and only_left.worst_match.name == "left.jsonl"


def test_each_hands_balance_from_your_seat_and_the_balance_through_the_hands_of_one_match():
    # Kaiji: two draws, then seat 1 rons seat 0 for a mangan. Four: seat 0 deals in 1.5 + 0.32 at once.
    assert compute_statistics([entry("b", KAIJI, 1)]).matches[0].hand_units == (0.0, 0.0, 1.0)
    assert compute_statistics([entry("a", KAIJI, 0)]).matches[0].hand_units == (0.0, 0.0, -1.0)
    assert compute_statistics([entry("d", FOUR, 0)]).matches[0].hand_units == (pytest.approx(-1.82),)
    assert compute_statistics([entry("c", FOUR, 2)]).hand_balance() == [1.5]
    assert compute_statistics([entry("b", KAIJI, 1)]).hand_balance() == [0.0, 0.0, 1.0]
    assert compute_statistics([entry("b", KAIJI, 1), entry("c", FOUR, 2)]).hand_balance() == []  # match by match
