"""`frame_of`: the table's frame made from one seat's view and plain values alone, as live
play, the theatre and a client sent a view make it."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.play.table_frame import frame_of, private_frame
from game.engine.kyoku import Phase, SeatView
from game.engine.playback import read_for_playback

RECORDS = Path(__file__).parent / "records"
NAMES = ("Ann", "Bo", "Cy", "Di")


def views_at(record: str, phase: Phase, ended: bool = False) -> tuple[SeatView, ...]:
    """Every seat's view at the first step of `record` in `phase` (the first end of a hand
    with a win, when `ended`)."""
    playback = read_for_playback(RECORDS / f"{record}.jsonl")
    for step in playback.steps:
        result = step.views[0].result
        if step.phase is phase and (not ended or (result is not None and result.wins)):
            return step.views
    raise LookupError(phase)


def plain(view: SeatView, **named):
    players = view.rules.players
    return frame_of(view, NAMES[:players], [100.0] * players, 2, 1, mode="watch", turn=None, status="", **named)


@pytest.mark.parametrize("record", ["kaiji_two_draws_then_a_win", "three_player_two_rons",
                                    "four_player_double_ron"])
def test_only_the_private_seat_s_tiles_are_face_up(record):
    for bottom, view in enumerate(views_at(record, Phase.DISCARD)):
        frame = plain(view, private=private_frame(view))
        assert frame.private is not None and frame.private.hand == view.hand
        assert [(s.concealed, s.closed_wall) for s in frame.seats if s.seat == bottom] == [(False, False)]
        assert all(s.concealed for s in frame.seats if s.seat != bottom)
        assert [s.place for s in frame.seats if s.seat == bottom] == [0]  # the view's seat sits at the bottom
        public = plain(view)
        assert public.private is None and all(s.concealed for s in public.seats)


def test_every_hand_face_up_when_asked():
    view = views_at("four_player_double_ron", Phase.DISCARD)[2]
    frame = plain(view, private=private_frame(view), face_up=range(4))
    assert not any(s.concealed or s.closed_wall for s in frame.seats)


def test_the_bottom_seat_s_closed_wall_may_be_left_to_the_caller():
    view = views_at("kaiji_two_draws_then_a_win", Phase.DORA)[0]
    assert [s.closed_wall for s in plain(view).seats] == [True, True]
    assert [s.closed_wall for s in plain(view, bottom_wall_on_table=False).seats] == [False, True]


def test_an_ended_hand_lays_the_winners_hands_open_and_announces_them():
    view = views_at("four_player_double_ron", Phase.END, ended=True)[0]
    assert view.result is not None
    quiet = plain(view)
    assert quiet.centre.announcement is None and not any(s.open_hand for s in quiet.seats)
    frame = plain(view, ended=view.result)
    assert frame.centre.announcement == "Ron! West and North on East's discard"
    laid = {s.seat: (s.call, s.winning_tile, len(s.open_hand or ())) for s in frame.seats}
    assert laid == {0: (None, None, 0), 1: (None, None, 0), 2: ("ロン", "8s", 13), 3: ("ロン", "8s", 13)}
    assert [s.dealt_in for s in frame.seats] == [True, False, False, False]


def test_the_centre_says_the_stake_the_hand_and_the_plates_the_standings():
    view = views_at("kaiji_two_draws_then_a_win", Phase.DISCARD)[1]
    frame = frame_of(view, ("Ann", "Bo"), (96.0, 104.0), 4, 3, mode="watch", turn=1, status="Bo to discard",
                     countdown=9.5)
    assert (frame.centre.stake, frame.centre.kyoku_number, frame.centre.status, frame.centre.countdown) == \
        ("Stake 4", 3, "Bo to discard", 9.5)
    assert [(s.name, s.score, s.turn) for s in frame.seats] == [("Ann", "Bankroll 96", False),
                                                                ("Bo", "Bankroll 104", True)]


@pytest.mark.parametrize(("names", "status", "named"), [
    (("Ann", "Bo"), "Bo to discard", ("Bo",)),
    (("Ann", "Bo"), "Waiting for Ann to reconnect", ("Ann",)),
    (("Ann", "Ann"), "Ann to discard", ("Ann",)),
    (("Ann", "Bo"), "Click or press a key for the result", ()),
])
def test_the_centre_says_which_names_its_status_holds_for_the_view_to_cut(names, status, named):
    view = views_at("kaiji_two_draws_then_a_win", Phase.DISCARD)[1]
    frame = frame_of(view, names, (96.0, 104.0), 4, 3, mode="watch", turn=1, status=status)
    assert frame.centre.status_names == named
