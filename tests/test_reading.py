"""The hard level's reading of discards: each kind of evidence moves the danger the way a
mahjong player reads it, and the fitting tool recovers a model it is given."""

import math
import random

import pytest

from game.ai.knowledge import Knowledge
from game.ai.reading import read_danger
from game.engine.tiles import code_kind, parse_tiles
from tools.fit_danger_model import area_under_curve, fit_logistic


def kinds(text: str) -> list[int]:
    return [code_kind(code) for code in parse_tiles(text, red_fives=False, allow_empty=True)]


def knowledge(*, discarded: str = "", passed: str = "", visible: str = "", dora: str | None = None) -> Knowledge:
    """Seat 0's knowledge against seat 1: `discarded` by the opponent (in order), `passed`
    by it in riichi, `visible` in seat 0's own wall (copies it sees, beyond the discards)."""
    discards = kinds(discarded)
    unseen = [4] * 34
    for kind in discards + kinds(visible):
        unseen[kind] -= 1
    return Knowledge(
        seat=0,
        opponents=(1,),
        unseen=tuple(unseen),
        safe={1: frozenset(discards + kinds(passed))},
        discarded_by={1: tuple(discards)},
        own_waits=frozenset(),
        furiten=False,
        dora=None if dora is None else kinds(dora)[0],
    )


def danger(tile: str, **evidence: str) -> float:
    return read_danger(kinds(tile)[0], 1, knowledge(**evidence))


def test_a_kind_the_opponent_discarded_or_let_pass_is_safe():
    assert danger("5m", discarded="5m") == 0.0
    assert danger("5m", passed="5m") == 0.0


def test_every_unsafe_kind_has_a_probability_strictly_between_0_and_1():
    evidence = knowledge(discarded="19m1z", visible="5555p")
    for kind in set(range(34)) - evidence.safe[1]:
        assert 0.0 < read_danger(kind, 1, evidence) < 1.0


@pytest.mark.parametrize(
    ("tile", "safer", "riskier", "reading"),
    [
        ("4p", {"discarded": "7p1z"}, {"discarded": "9p1z"}, "suji: 7p safe removes the 56p wait on 4p"),
        ("3s", {"visible": "444555s"}, {"visible": "444555m"}, "kabe: few 4s and 5s left for a 45s wait"),
        ("6m", {"discarded": "5m7m1z"}, {"discarded": "5p7p1z"}, "the opponent threw away 6m's neighbours"),
        ("6m", {"discarded": "1m2m9m1z"}, {"discarded": "1p2p9p1z"}, "the opponent throws away this suit"),
        ("7s", {"dora": "2m"}, {"dora": "7s"}, "the dora gathers hands around it"),
        ("1z", {"visible": "111z"}, {"visible": "1p"}, "an honour the opponent can hardly hold"),
    ],
)
def test_evidence_moves_the_danger_the_way_a_player_reads_it(tile, safer, riskier, reading):
    assert danger(tile, **safer) < danger(tile, **riskier), reading


def test_the_fit_recovers_the_weights_that_made_the_data():
    rng = random.Random(0)
    truth = {"a": -2.0, "b": 1.5, "c": -0.5}
    samples = []
    for _ in range(6000):
        found = {"a": 1.0, "b": rng.random(), "c": rng.random() * 2}
        p = 1 / (1 + math.exp(-sum(truth[name] * value for name, value in found.items())))
        samples.append((found, rng.random() < p))
    fitted = fit_logistic(samples)
    for name, weight in truth.items():
        assert fitted[name] == pytest.approx(weight, abs=0.3)


@pytest.mark.parametrize(
    ("scored", "expected"),
    [
        ([(0.9, True), (0.1, False), (0.2, False)], 1.0),
        ([(0.1, True), (0.9, False)], 0.0),
        ([(0.5, True), (0.5, False)], 0.5),
        ([(0.3, True), (0.2, False), (0.4, False)], 0.5),
    ],
)
def test_area_under_curve(scored, expected):
    assert area_under_curve(scored) == expected
