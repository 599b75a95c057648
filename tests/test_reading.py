"""The hard level's reading of discards: each piece of evidence moves the danger the way a
mahjong player reads it, and the statistics behind the fitted model are right."""

import math
import random

import pytest

from game.ai.knowledge import Knowledge
from game.ai.reading import features, read_danger
from game.engine.kyoku import Phase
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.tiles import code_kind, dora_kind, parse_tiles
from tools.stats import area_under_curve, fit_logistic, within_decision_auc


def kinds(text: str) -> list[int]:
    return [code_kind(code) for code in parse_tiles(text, red_fives=False, allow_empty=True)]


def knowledge(*, discarded: str = "", passed: str = "", visible: str = "", dora: str | None = None) -> Knowledge:
    """Seat 0's knowledge against seat 1: tiles `discarded` by the opponent (in order), tiles
    seat 0 discarded and the opponent `passed` in riichi, and tiles `visible` in seat 0's
    own wall; everything else is unseen."""
    discards = kinds(discarded)
    unseen = [4] * 34
    for kind in discards + kinds(passed) + kinds(visible):
        unseen[kind] -= 1
    return Knowledge(
        seat=0,
        opponents=(1,),
        unseen=tuple(unseen),
        safe={1: frozenset(discards + kinds(passed))},
        discarded_by={1: tuple(discards)},
        own_waits=frozenset(),
        furiten_for_good=False,
        dora=None if dora is None else kinds(dora)[0],
    )


def danger(tile: str, **evidence: str) -> float:
    return read_danger(kinds(tile)[0], 1, knowledge(**evidence))


def read(tile: str, **evidence: str) -> dict[str, float]:
    return features(kinds(tile)[0], 1, knowledge(**evidence))


def test_a_kind_the_opponent_discarded_or_let_pass_is_safe():
    assert danger("5m", discarded="5m") == 0.0
    assert danger("5m", passed="5m") == 0.0
    assert danger("5m", discarded="4m") > 0.0


@pytest.mark.parametrize(
    ("tile", "two_sided", "closed_or_edge", "suji_paths"),
    [
        # with every copy unseen each possible shape counts 1: 1 waits on 23 only,
        # 2 on 34 and 1_3, 3 on 45, 12 (edge) and 2_4, the middle tiles on both sides and the gap
        ("1m", 1, 0, 1), ("2m", 1, 1, 1), ("3m", 1, 2, 1), ("4m", 2, 1, 2), ("5m", 2, 1, 2),
        ("6m", 2, 1, 2), ("7m", 1, 2, 1), ("8m", 1, 1, 1), ("9m", 1, 0, 1),
    ],
)
def test_each_number_counts_the_shapes_that_can_wait_on_it(tile, two_sided, closed_or_edge, suji_paths):
    found = read(tile)
    assert found["ryanmen_copies"] == two_sided
    assert found["kanchan_penchan_copies"] == closed_or_edge
    # a safe partner of one two-sided shape protects 1/paths of them
    partner = {"1m": "4m", "2m": "5m", "3m": "6m", "4m": "7m", "5m": "8m", "6m": "9m",
               "7m": "4m", "8m": "5m", "9m": "6m"}[tile]
    assert read(tile, passed=partner)["suji"] == pytest.approx(1 / suji_paths)


def test_kabe_counts_the_copies_a_shape_could_still_use():
    # 4s and 5s: three of each visible, so a 45s two-sided wait on 3s has one pair left
    assert read("3s", visible="444555s")["ryanmen_copies"] == 0.25
    # all four 2s visible: neither 12s nor 2_4s can wait on 3s
    assert read("3s", visible="2222s")["kanchan_penchan_copies"] == 0.0
    assert read("3s", visible="33s")["kind_unseen"] == 0.5


def test_the_opponents_discards_are_read_by_distance_and_suit():
    found = read("6m", discarded="4m8m5m1z")
    assert found["discarded_neighbour1"] == pytest.approx(1 / 3)
    assert found["discarded_neighbour2"] == pytest.approx(2 / 3)
    # each suit (honours as one) starts with one discard counted in advance
    assert found["suit_discard_share"] == pytest.approx((3 + 1) / (4 + 4))
    assert found["turn"] == pytest.approx(4 / 17)
    assert read("6m", discarded="4p1z")["suit_discard_share"] == pytest.approx(1 / 6)
    assert read("6m")["suit_discard_share"] == pytest.approx(1 / 4)


def test_the_first_discard_moves_the_suit_share_by_a_step():
    # one 9m discarded says little about 5m: the share moves from 1/4 to 2/5, not to 1
    assert read("5m", discarded="9m")["suit_discard_share"] == pytest.approx(2 / 5)
    # as many discards (the same turn), more of them in the suit: 5m looks safer
    assert danger("5m", discarded="9m1p2z9p") > danger("5m", discarded="9m1m1m9m")


def test_the_dora_and_its_neighbours_in_its_suit():
    assert read("7s", dora="7s")["dora"] == 1.0
    assert read("8s", dora="7s")["dora_neighbour1"] == 1.0
    assert read("9s", dora="7s")["dora_neighbour2"] == 1.0
    assert not {"dora", "dora_neighbour1", "dora_neighbour2"} & set(read("7p", dora="7s"))
    assert not {"dora", "dora_neighbour1", "dora_neighbour2"} & set(read("2z", dora="1z"))
    assert read("1z", dora="1z")["dora"] == 1.0


def test_an_honour_with_every_copy_in_sight_cannot_be_a_pair_or_single_wait():
    assert danger("1z", visible="1111z") == 0.0
    assert danger("1z", visible="111z") > 0.0
    assert danger("1p", visible="1111p") > 0.0  # a number tile waits on its neighbours


def test_honours_are_read_by_their_unseen_copies_only():
    found = read("5z", visible="55z")
    assert found["honour_unseen"] == pytest.approx(2 / 3)
    assert found["dragon"] == 1.0
    assert not {"suji", "ryanmen_copies", "discarded_neighbour1"} & set(found)
    assert read("2z")["wind"] == 1.0


@pytest.mark.parametrize(
    ("tile", "safer", "riskier", "reading"),
    [
        ("4p", {"discarded": "7p1z"}, {"discarded": "8p1z"}, "suji: 7p safe removes the 56p wait on 4p"),
        ("3s", {"visible": "444555s"}, {"visible": "444555m"}, "kabe: few 4s and 5s left for a 45s wait"),
        ("6m", {"discarded": "4m1p2p"}, {"discarded": "4p1p2p"}, "the opponent threw away 4m, two from 6m"),
        ("6m", {"discarded": "1m1z2z"}, {"discarded": "1p1z2z"}, "the opponent throws away this suit"),
        ("7s", {"dora": "2m"}, {"dora": "7s"}, "the dora gathers hands around it"),
        ("1z", {"visible": "111z"}, {"visible": "1p"}, "an honour the opponent can hardly hold"),
        ("5m", {"discarded": "1z"}, {"discarded": "1z2z3z4z5z6z7z1p9p"}, "the later the turn, the likelier"),
    ],
)
def test_each_piece_of_evidence_moves_the_danger_the_way_a_player_reads_it(tile, safer, riskier, reading):
    assert danger(tile, **safer) < danger(tile, **riskier), reading


def test_knowledge_reads_the_dora_off_the_indicator():
    match = Match(Rules.preset("kaiji"), seed=5)
    kyoku = match.next_kyoku()
    seat = kyoku.waiting_on()[0]
    assert Knowledge.of(kyoku.view_for(seat)).dora is None
    match.apply(kyoku.view_for(seat).legal_actions[0])
    view = kyoku.view_for(seat)
    assert view.phase is Phase.BUILD
    assert Knowledge.of(view).dora == dora_kind(view.dora_indicator // 4)


def test_a_table_without_dora_reads_no_dora():
    kyoku = Match(Rules.preset("four_player"), seed=5).next_kyoku()
    assert Knowledge.of(kyoku.view_for(0)).dora is None


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


def test_within_decision_auc_compares_only_kinds_offered_together():
    # each decision ranks its winning kind first, but the late decision's scores are all
    # higher: pooled, the early winner ranks below the late loser
    scored = [("early", 0.2, True), ("early", 0.1, False), ("late", 0.9, True), ("late", 0.5, False)]
    assert within_decision_auc(scored) == 1.0
    assert area_under_curve([(score, truth) for _, score, truth in scored]) == 0.75
