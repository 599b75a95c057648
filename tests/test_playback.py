"""Playback: a record stepped forward and back shows every seat what live play showed it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.agents import make_agent
from game.engine.kyoku import Phase, SeatView
from game.engine.match import Match
from game.engine.playback import Playback, read_for_playback
from game.engine.record import LineDamage, RecordError, parse_record, read_record, write_record
from game.engine.rules import Rules
from game.engine.tiles import tile_code
from tests.fuzzing import damaged_record_file

RECORDS = Path(__file__).resolve().parent / "records"



def live_match(preset: str, hands: int, seed: int, level: str = "easy") -> tuple[Match, list[tuple[SeatView, ...]]]:
    """A match played by AI agents, and every seat's view after each step, as they saw it."""
    rules = Rules.preset(preset, hands=hands)
    match = Match(rules, seed)
    agents = [make_agent(level, seed * 7 + seat) for seat in range(rules.players)]
    shown: list[tuple[SeatView, ...]] = []

    def look() -> None:
        assert match.kyoku is not None
        shown.append(tuple(match.kyoku.view_for(seat) for seat in range(rules.players)))

    while not match.over:
        kyoku = match.next_kyoku()
        look()
        while kyoku.phase is not Phase.END:
            seat = kyoku.waiting_on()[0]
            match.apply(agents[seat].act(kyoku.view_for(seat)))
            look()
    return match, shown



def as_shown(view: SeatView) -> dict:
    """A view as the player sees it: tiles by their code. A record stores codes, so of two
    copies of a tile it cannot say which lay where, and nobody at the table can either."""
    red = view.rules.red_fives

    def codes(tiles) -> tuple[str, ...] | None:
        return None if tiles is None else tuple(tile_code(t, red) for t in tiles)

    def code(tile: int | None) -> str | None:
        return None if tile is None else tile_code(tile, red)

    result = view.result
    return {
        **{name: getattr(view, name) for name in ("seat", "phase", "dealer", "seat_winds", "turn", "waits",
                                                  "furiten", "built", "riichi", "legal_actions", "events")},
        "dora": code(view.dora_indicator), "wall": codes(view.wall), "hand": codes(view.hand),
        "pool": codes(view.pool), "ron_tile": code(view.ron_tile),
        "rivers": tuple(tuple((code(t), riichi) for t, riichi in river) for river in view.rivers),
        "last_discard": view.last_discard and (view.last_discard[0], code(view.last_discard[1])),
        "result": result and (tuple(codes(h) for h in result.hands),
                              tuple((w.seat, w.discarder, code(w.tile), codes(w.hand), w.assessment,
                                     code(w.ura_indicator)) for w in result.wins)),
    }



def shown_views(views: tuple[SeatView, ...]) -> list[dict]:
    return [as_shown(view) for view in views]



@pytest.fixture(scope="module", params=[("kaiji", 2), ("three_player", 2), ("four_player", 2)],
                ids=["2 players", "3 players", "4 players"])
def played(request) -> tuple[Match, list[tuple[SeatView, ...]]]:
    preset, hands = request.param
    return live_match(preset, hands, seed=5)



def record_lines(match: Match) -> list[dict]:
    return json.loads(json.dumps(match.record))



def test_stepping_forward_shows_every_seat_what_live_play_showed(played):
    match, shown = played
    playback = Playback(record_lines(match))
    assert playback.divergence is None
    assert len(playback.steps) == len(shown)
    for expected in shown:
        assert shown_views(playback.step.views) == shown_views(expected)
        playback.forward()
    assert playback.at_end



def test_stepping_back_shows_the_same_views_again(played):
    match, shown = played
    playback = Playback(record_lines(match))
    playback.go(len(shown) - 1)
    for expected in reversed(shown):
        assert shown_views(playback.step.views) == shown_views(expected)
        playback.back()
    assert playback.position == 0



def test_a_hand_at_a_time(played):
    match, shown = played
    playback = Playback(record_lines(match))
    assert playback.hands == [1, 2]
    assert playback.forward_kyoku().kyoku == 2 and playback.step.action is None
    assert shown_views(playback.step.views) == shown_views(shown[playback.position])
    playback.forward()
    assert playback.back_kyoku().kyoku == 2 and playback.step.action is None
    assert playback.back_kyoku().kyoku == 1 and playback.position == 0
    assert playback.jump_to_kyoku(2).kyoku == 2
    with pytest.raises(ValueError, match="no hand 3"):
        playback.jump_to_kyoku(3)



def test_a_discard_round_at_a_time_ends_with_every_seat_discarded_once(played):
    match, _ = played
    playback = Playback(record_lines(match))
    players = match.rules.players
    for _seat in range(players):  # each seat's build, then the first discard round
        playback.forward_round()
    assert playback.step.phase is Phase.DISCARD and playback.step.discard_round == 0  # everyone has built
    playback.forward_round()
    rivers = [len(r) for r in playback.step.views[0].rivers]
    assert rivers == [1] * players or playback.step.phase is Phase.END
    first_round = playback.position
    playback.forward_round()
    assert playback.step.discard_round == 2 or playback.step.phase is Phase.END
    assert playback.back_round().discard_round == 1 and playback.position == first_round



def test_each_hand_ends_on_its_settlement(played):
    match, _ = played
    playback = Playback(record_lines(match))
    settled = [step.settlement for step in playback.steps if step.settlement is not None]
    assert settled == match.settlements
    assert playback.steps[-1].scores == tuple(match.scores)



def test_a_diverging_record_keeps_every_step_before_the_divergence():
    match, shown = live_match("kaiji", 1, seed=14)  # a hand of more than 5 discards
    lines = record_lines(match)
    discards = [i for i, line in enumerate(lines) if line["type"] == "action" and line["action"] == "discard"]
    changed = discards[5]
    lines[changed + 1]["tile"] = "9m" if lines[changed + 1]["tile"] != "9m" else "1m"  # its `discarded` event
    playback = Playback(lines)
    assert playback.divergence is not None and playback.divergence.startswith(f"line {changed + 2}:")
    kept = len(playback.steps)
    assert [shown_views(step.views) for step in playback.steps] == [shown_views(v) for v in shown[:kept]]
    assert playback.steps[-1].line < changed + 1  # the changed discard is not shown
    assert sum(1 for step in playback.steps if step.action and step.action["action"] == "discard") == 5



def test_a_refused_action_stops_the_playback_before_it():
    match, shown = live_match("kaiji", 1, seed=12)
    lines = record_lines(match)
    first = next(i for i, line in enumerate(lines) if line["type"] == "action" and line["action"] == "discard")
    lines[first]["seat"] = 1 - lines[first]["seat"]
    playback = Playback(lines)
    assert "refuses" in playback.divergence
    assert [shown_views(step.views) for step in playback.steps] == [shown_views(v) for v in shown[:len(playback.steps)]]
    assert playback.steps[-1].phase is Phase.DISCARD and not any(playback.steps[-1].views[0].rivers)



def test_a_forged_settlement_keeps_the_whole_hand():
    match, _ = live_match("kaiji", 2, seed=13)
    lines = record_lines(match)
    settlement = next(i for i, line in enumerate(lines) if line["type"] == "settlement")
    lines[settlement]["gains"] = [99, -99]
    playback = Playback(lines)
    assert playback.divergence.startswith(f"line {settlement + 1}:")
    assert playback.hands == [1] and playback.steps[-1].phase is Phase.END



@pytest.mark.parametrize("name", ["kaiji_two_draws_then_a_win.jsonl", "four_player_double_ron.jsonl"])
def test_the_repository_records_play_back_whole(name):
    playback = Playback(read_record(RECORDS / name))
    assert playback.divergence is None
    assert playback.steps[-1].phase is Phase.END and playback.end is not None



def test_a_record_with_bad_rules_is_refused_clearly():
    match, _ = live_match("kaiji", 1, seed=14)
    lines = record_lines(match)
    lines[0]["rules"] = {"players": 7}
    with pytest.raises(RecordError, match="rules"):
        Playback(lines)



@pytest.mark.parametrize("preset", ["kaiji", "four_player"])
def test_an_arena_record_plays_back_whole(tmp_path, preset):
    from game.ai.arena import play_deal

    rules = Rules.preset(preset)
    match, _ = play_deal(rules, 3, ["easy"] * rules.players, records=tmp_path)
    (path,) = tmp_path.glob("*.jsonl")
    playback = Playback(read_record(path))
    assert playback.divergence is None and playback.steps[-1].phase is Phase.END
    live = tuple(match.kyoku.view_for(seat) for seat in range(rules.players))
    assert shown_views(playback.steps[-1].views) == shown_views(live)



# A damaged record file in the theatre: read up to its first damaged line and played to
# there, with the reason; a file that is no record is still refused.
@pytest.fixture(scope="module")
def whole() -> list[dict]:
    match, _ = live_match("kaiji", 2, seed=5)
    return record_lines(match)



def test_a_file_cut_short_mid_line_plays_up_to_the_cut(tmp_path, whole):
    path = tmp_path / "cut.jsonl"
    write_record(path, whole)
    text = path.read_text(encoding="utf-8")
    rows = text.splitlines()
    kept = len(rows) * 2 // 3
    cut = sum(len(row) + 1 for row in rows[:kept]) + len(rows[kept]) // 2  # half of the next line
    path.write_text(text[:cut], encoding="utf-8")
    playback = read_for_playback(path)
    assert playback.damage is not None and f"line {kept + 1}:" in str(playback.damage)
    assert playback.lines == whole[:kept]
    full = Playback(whole)
    playback.go(len(playback.steps) - 1)
    assert as_shown(playback.step.views[0]) == as_shown(full.steps[len(playback.steps) - 1].views[0])



def test_a_whole_file_has_no_damage(tmp_path, whole):
    path = tmp_path / "whole.jsonl"
    write_record(path, whole)
    assert read_for_playback(path).damage is None



@pytest.mark.parametrize("content", [b"\xff\xfe\x00 binary", b"hello\n", b"", b'{"type": "header"}\n'])
def test_a_file_that_is_no_record_is_refused(tmp_path, content):
    path = tmp_path / "no.jsonl"
    path.write_bytes(content)
    with pytest.raises(RecordError):
        read_for_playback(path)



@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_cut_of_a_record_is_refused_or_played_up_to_a_line_before_it(tmp_path_factory, whole, data):
    path = tmp_path_factory.mktemp("cut") / "r.jsonl"
    write_record(path, whole)
    raw = path.read_bytes()
    cut = data.draw(st.integers(0, len(raw)))
    path.write_bytes(raw[:cut] + data.draw(st.binary(max_size=8)))
    try:
        playback = read_for_playback(path)
    except RecordError:
        return
    whole_lines = raw[:cut].count(b"\n")
    assert len(playback.lines) <= whole_lines + 1
    assert playback.lines[: len(playback.lines) - 1] == whole[: len(playback.lines) - 1]



def test_a_record_with_no_hand_is_refused(tmp_path, whole):
    path = tmp_path / "header.jsonl"
    write_record(path, whole[:1])
    with pytest.raises(RecordError, match="no hand"):
        read_for_playback(path)



def test_a_record_diverging_in_its_first_deal_is_refused(tmp_path, whole):
    lines = json.loads(json.dumps(whole))
    lines[1]["dealer"] = 1 - lines[1]["dealer"]
    path = tmp_path / "dealer.jsonl"
    write_record(path, lines)
    with pytest.raises(RecordError, match="line 3: the record says"):
        read_for_playback(path)



@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fuzz_a_damaged_record_is_refused_or_played_through(tmp_path_factory, whole, data):
    path = tmp_path_factory.mktemp("damaged") / "r.jsonl"
    path.write_bytes(data.draw(damaged_record_file(whole)))
    try:
        playback = read_for_playback(path)
    except RecordError as error:
        assert "\n" not in str(error) and len(str(error)) < 1000
        return
    seats = range(playback.rules.players)
    for position in range(len(playback.steps)):
        step = playback.go(position)
        assert [playback.view(seat).phase for seat in seats] == [step.phase] * len(seats)
    playback.forward_kyoku()
    playback.back_round()



# What is wrong with a record, as data the theatre words in the player's language: the line
# that cannot be read and how (a file cut short, a line that is not JSON, one that is no record
# line), or the line of an action the engine refuses. The reader's English message stays for
# the command line.
def written(tmp_path, lines: list[dict], replaced: dict[int, str] | None = None) -> tuple:
    """The record file with some lines (by 1-based number) replaced by raw text."""
    path = tmp_path / "r.jsonl"
    write_record(path, lines)
    rows = path.read_text(encoding="utf-8").splitlines()
    for number, text in (replaced or {}).items():
        rows[number - 1] = text
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path, rows



def test_a_file_cut_mid_line_is_damaged_at_its_last_line_which_is_not_json(tmp_path, whole):
    path, rows = written(tmp_path, whole)
    kept = len(rows) // 2
    path.write_text("\n".join(rows[:kept]) + "\n" + rows[kept][: len(rows[kept]) // 2], encoding="utf-8")
    playback = read_for_playback(path)
    damage = playback.damage
    assert damage is not None
    assert (damage.line, damage.kind, damage.last) == (kept + 1, LineDamage.NOT_JSON, True)
    assert playback.lines == whole[:kept]
    assert f"line {kept + 1}: not valid JSON" in str(damage)  # the command line's words, as before



def test_a_line_inside_the_file_that_is_not_json(tmp_path, whole):
    path, _rows = written(tmp_path, whole, {20: '{"type": "action", "seat'})
    playback = read_for_playback(path)
    assert playback.damage is not None
    assert (playback.damage.line, playback.damage.kind, playback.damage.last) == (20, LineDamage.NOT_JSON, False)
    assert playback.lines == whole[:19]



def test_a_line_that_is_json_but_no_record_line(tmp_path, whole):
    path, _rows = written(tmp_path, whole, {30: "[1, 2, 3]"})
    damage = read_for_playback(path).damage
    assert damage is not None and (damage.line, damage.kind) == (30, LineDamage.NOT_A_LINE)



def test_the_reader_s_error_names_the_line_and_the_damage():
    header = json.dumps({"type": "header"})
    with pytest.raises(RecordError) as caught:
        parse_record(f"{header}\n\n" + '{"type": "event", "n": ' + "9" * 5000 + "}\n")
    assert (caught.value.line, caught.value.damage) == (3, LineDamage.NUMBER_TOO_LONG)



def test_a_forged_action_is_no_damage_but_a_divergence_at_its_line(tmp_path, whole):
    number, line = next((index, line) for index, line in enumerate(whole, start=1)
                        if line["type"] == "action" and line.get("action") == "discard")
    forged = {**line, "tile": "7z" if line["tile"] != "7z" else "1m"}
    path, _rows = written(tmp_path, whole, {number: json.dumps(forged)})
    playback = read_for_playback(path)
    assert playback.damage is None
    assert playback.divergence_line == number
    assert playback.divergence is not None and playback.divergence.startswith(f"line {number}: ")
    assert max(step.line for step in playback.steps) < number



def test_a_whole_record_has_neither(tmp_path, whole):
    path, _rows = written(tmp_path, whole)
    playback = read_for_playback(path)
    assert playback.damage is None and playback.divergence_line is None



@pytest.mark.parametrize("damaged", ['{"type": "hand", "wall', "[1, 2, 3]"])
def test_a_record_damaged_in_its_first_hand_is_damaged_not_empty(tmp_path, whole, damaged):
    from game.engine.playback import NoKyokuToShow

    path, _rows = written(tmp_path, whole, {2: damaged})
    with pytest.raises(RecordError) as caught:
        read_for_playback(path)
    assert not isinstance(caught.value, NoKyokuToShow)
    assert caught.value.line == 2 and "line 2" in str(caught.value)



# The settled part of a record: a match that is not over is watched up to its last settled
# hand, never into the hand in play (whose walls "all open" would show to the player who
# then resumes it). Records cut at every phase of a hand.
@pytest.fixture(scope="module")
def three_hands() -> list[dict]:
    match, _ = live_match("kaiji", 3, seed=7)  # hand 2 asks a ron question
    return record_lines(match)


def after(lines: list[dict], hand: int, found, nth: int = 0) -> int:
    """The length of the record cut just after the `nth` line of hand `hand` that `found` accepts."""
    starts = [i for i, line in enumerate(lines) if line["type"] == "hand"]
    end = starts[hand] if hand < len(starts) else len(lines)
    matching = [i for i in range(starts[hand - 1], end) if found(lines[i])]
    return matching[nth] + 1


def settled_through(lines: list[dict], hand: int) -> int:
    return after(lines, hand, lambda line: line["type"] == "settlement")


def event(name: str):
    return lambda line: line.get("event") == name


def action(name: str):
    return lambda line: line.get("action") == name


PHASES = {  # where the record is cut: (hand, which line of it)
    "dora": (2, event("hand_started"), 0),
    "dora flipped": (2, event("dora_flipped"), 0),
    "build, one seat built": (2, event("hand_built"), 0),
    "build, both built": (2, event("hand_built"), 1),
    "discards": (2, event("discarded"), 5),
    "ron question": (2, event("ron_offered"), 0),
    "ron answered": (2, action("ron"), 0),
}


@pytest.mark.parametrize("phase", PHASES)
def test_a_record_cut_inside_a_hand_is_settled_through_the_hand_before(three_hands, phase):
    from game.engine.playback import settled_part, settled_playback

    hand, found, nth = PHASES[phase]
    cut = three_hands[:after(three_hands, hand, found, nth)]
    settled = settled_through(three_hands, hand - 1)
    assert settled_part(cut) == three_hands[:settled]
    whole, playback = Playback(cut), settled_playback(Playback(cut))
    assert hand in whole.hands
    assert playback.hands == list(range(1, hand))
    assert max(step.line for step in playback.steps) <= settled
    assert shown_views(playback.steps[-1].views) == shown_views(whole.steps[len(playback.steps) - 1].views)
    assert playback.steps[-1].phase is Phase.END and playback.end is None


@pytest.mark.parametrize("phase", PHASES)
def test_a_record_cut_inside_its_first_hand_has_nothing_settled(whole, phase):
    from game.engine.playback import NoKyokuToShow, settled_part, settled_playback

    _hand, found, nth = PHASES[phase]
    cut = whole[:after(whole, 1, found, nth)]  # seed 5's first hand asks a ron question too
    assert settled_part(cut) == whole[:1]
    assert Playback(cut).hands == [1]
    with pytest.raises(NoKyokuToShow):
        settled_playback(Playback(cut))


@pytest.mark.parametrize("hands", [1, 2])
def test_a_record_between_hands_is_settled_whole(three_hands, hands):
    from game.engine.playback import settled_part, settled_playback

    cut = three_hands[:settled_through(three_hands, hands)]
    assert settled_part(cut) == cut
    playback = Playback(cut)
    assert settled_playback(playback) is playback and playback.hands == list(range(1, hands + 1))


@pytest.mark.parametrize("name", ["kaiji_two_draws_then_a_win.jsonl", "four_player_double_ron.jsonl"])
def test_a_finished_record_is_its_own_settled_part(three_hands, name):
    from game.engine.playback import settled_part, settled_playback

    for lines in (three_hands, read_record(RECORDS / name)):
        assert lines[-1]["type"] == "match_end" and settled_part(lines) == lines
        playback = Playback(lines)
        assert settled_playback(playback) is playback


def test_a_match_end_forged_after_the_hand_in_play_does_not_settle_it(three_hands):
    from game.engine.playback import settled_part

    cut = three_hands[:after(three_hands, 2, event("discarded"), 3)]
    assert settled_part([*cut, three_hands[-1]]) == three_hands[:settled_through(three_hands, 1)]
