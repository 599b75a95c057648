"""The theatre's overlays: a build against the wall's best hands, and a pool's danger as the
hard AI reads it beside the tiles that really won."""

from __future__ import annotations

import pickle

from game.app.theatre.theatre_overlays import build_request, discard_dangers, discard_turns, review_build
from game.engine import analysis
from game.engine.actions import Discard
from game.engine.playback import Playback
from game.engine.tiles import format_tiles
from tests.test_playback import live_match, record_lines


def playback_of(preset: str, seed: int, level: str = "easy") -> Playback:
    match, _ = live_match(preset, 1, seed, level)
    return Playback(record_lines(match))


def test_a_build_is_set_beside_the_walls_best_hands_and_its_share_of_the_best():
    playback = playback_of("kaiji", 5)
    step = next(s for s in playback.steps if s.action and s.action["action"] == "build")
    seat = step.action["seat"]
    view = step.views[seat]
    review = review_build(*build_request(view))
    ranked = analysis.WallAnalyser(view.wall, *build_request(view)[3:]).analyze()
    assert review.best[0] == (ranked.hands[0].text, ranked.hands[0].payment)
    assert review.built == format_tiles(view.hand, False)
    built = next((h for h in ranked.hands if h.tiles == tuple(sorted(view.hand))), None)
    assert review.built_payment == (built.payment if built else 0.0)
    assert review.share_of_best == review.built_payment / ranked.hands[0].payment
    assert 0 <= review.share_of_best <= 1


def test_the_best_hand_built_is_its_whole_share():
    playback = playback_of("kaiji", 5)
    step = next(s for s in playback.steps if s.action and s.action["action"] == "build")
    wall, _, seat, wind, dora, rules = build_request(step.views[step.action["seat"]])
    best = analysis.WallAnalyser(wall, wind, dora, rules).analyze().hands[0]
    review = review_build(wall, best.tiles, seat, wind, dora, rules)
    assert review.share_of_best == 1.0 and review.built == review.best[0][0]


def test_every_discard_of_a_seat_reads_its_pool_and_names_the_real_winning_tiles():
    playback = playback_of("three_player", 8)
    seat = 0
    dangers = discard_dangers(discard_turns(playback, 1, seat), seed=3)
    turns = [i for i, step in enumerate(playback.steps)
             if any(isinstance(a, Discard) for a in step.views[seat].legal_actions)]
    assert sorted(dangers) == turns and turns
    for index, reading in dangers.items():
        step = playback.steps[index]
        kinds = {tile // 4 for tile in step.views[seat].pool}
        assert set(reading.danger) == kinds
        assert all(0.0 <= chance <= 2.0 for chance in reading.danger.values())
        expected = {kind: tuple(o for o in (1, 2) if kind in step.views[o].waits) for kind in kinds}
        assert reading.winning == {k: v for k, v in expected.items() if v}
    assert dangers == discard_dangers(discard_turns(playback, 1, seat), seed=3)  # seeded: the same reading again


def test_a_seats_discard_turns_read_the_same_after_a_trip_to_a_worker_process():
    playback = playback_of("kaiji", 5)
    turns = discard_turns(playback, 1, 1)
    assert [turn.index for turn in turns] == sorted(discard_dangers(turns, seed=4))
    assert discard_dangers(pickle.loads(pickle.dumps(turns)), seed=4) == discard_dangers(turns, seed=4)
