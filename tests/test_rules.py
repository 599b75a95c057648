"""Rule options and presets (game.engine.rules) against docs/rules.md §8."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields
from typing import Any

import pytest

from game.engine.rules import OPTION_NAMES, PRESETS, Conflict, Rules, RulesConflict

# docs/rules.md §8, column by column. "dora / ura: 1 / beneath" is has_dora; "none (no side
# walls)" is the four-player preset. Moegirl's renhou is "none": with riichi_timing
# before_play a ron on the first discard is riichi + ippatsu, so renhou cannot happen.
TABLE: dict[str, dict[str, Any]] = {
    "kaiji": dict(
        players=2, red_fives=False, has_dora=True, mangan_floor=True, kiriage=True, build_time_s=180,
        riichi_timing="with_first_discard", renhou="none", houtei="each_final_discard",
        double_yakuman=False, settlement="stakes",
    ),
    "pro_stream": dict(
        players=2, red_fives=True, has_dora=True, mangan_floor=True, kiriage=False, build_time_s=None,
        riichi_timing="with_first_discard", renhou="four_han", houtei="each_final_discard",
        double_yakuman=False, settlement="points",
    ),
    "moegirl": dict(
        players=2, red_fives=False, has_dora=True, mangan_floor=True, kiriage=False, build_time_s=None,
        riichi_timing="before_play", renhou="none", houtei="each_final_discard",
        double_yakuman=True, settlement="units",
    ),
    "three_player": dict(
        players=3, red_fives=False, has_dora=True, mangan_floor=True, kiriage=False, build_time_s=None,
        riichi_timing="with_first_discard", renhou="four_han", houtei="each_final_discard",
        double_yakuman=False, settlement="points",
    ),
    "four_player": dict(
        players=4, red_fives=False, has_dora=False, mangan_floor=False, kiriage=False, build_time_s=None,
        riichi_timing="with_first_discard", renhou="four_han", houtei="each_final_discard",
        double_yakuman=False, settlement="points",
    ),
}

# options docs/rules.md gives defaults for outside the table
COMMON_DEFAULTS: dict[str, Any] = dict(
    floor_counts_situational=True, discard_time_s=None, first_player="alternate",
    multiple_ron="head_bump", virtual_dora=False, bankroll_stakes=100, start_points=25000, hands=8,
)


def test_preset_names() -> None:
    assert list(PRESETS) == ["kaiji", "pro_stream", "moegirl", "three_player", "four_player"]


@pytest.mark.parametrize("name", list(TABLE))
def test_preset_matches_rules_table(name: str) -> None:
    rules = Rules.preset(name)
    assert rules.preset_name == name
    for option, expected in {**TABLE[name], **COMMON_DEFAULTS}.items():
        assert getattr(rules, option) == expected, option
    assert rules.floor_applies is TABLE[name]["mangan_floor"]


def test_default_is_kaiji() -> None:
    assert Rules() == Rules.preset() == Rules.preset("kaiji") == PRESETS["kaiji"]


def test_presets_are_immutable() -> None:
    rules = Rules.preset("kaiji")
    with pytest.raises(FrozenInstanceError):
        rules.kiriage = False  # type: ignore[misc]
    Rules.preset("kaiji", kiriage=False)
    assert PRESETS["kaiji"].kiriage is True  # an override does not touch the preset


def test_overrides() -> None:
    rules = Rules.preset("pro_stream", kiriage=True, hands=None)
    assert rules.kiriage is True and rules.hands is None and rules.preset_name == "pro_stream"
    assert rules.changed_from_preset() == {"kiriage": True, "hands": None}
    assert Rules.preset("moegirl").changed_from_preset() == {}


def test_virtual_dora_restores_dora_and_floor() -> None:
    rules = Rules.preset("four_player", virtual_dora=True)
    assert rules.has_dora and rules.floor_applies
    assert not Rules.preset("four_player").has_dora


def test_unknown_preset() -> None:
    with pytest.raises(ValueError, match="unknown preset 'tenhou'; presets are kaiji, pro_stream"):
        Rules.preset("tenhou")


def test_unknown_option() -> None:
    with pytest.raises(ValueError, match="unknown rule option\\(s\\): aka, tsumo"):
        Rules.preset("kaiji", tsumo=True, aka=True)
    with pytest.raises(ValueError, match="unknown rule option\\(s\\): tsumo"):
        Rules.from_dict({"tsumo": True})


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("riichi_timing", "never", "riichi_timing must be one of with_first_discard, before_play"),
        ("renhou", "five_han", "renhou must be one of none, four_han, yakuman"),
        ("houtei", "always", "houtei must be one of"),
        ("settlement", "chips", "settlement must be one of"),
        ("first_player", "youngest", "first_player must be one of"),
        ("multiple_ron", "none", "multiple_ron must be one of"),
        ("players", 5, "players must be 2, 3 or 4"),
        ("players", 1, "players must be 2, 3 or 4"),
        ("players", 2.0, "players must be 2, 3 or 4"),
        ("players", "2", "players must be 2, 3 or 4"),
        ("players", True, "players must be 2, 3 or 4"),
        ("virtual_dora", True, "virtual_dora exists only with 4 players"),
        ("build_time_s", 0, "build_time_s must be a positive whole number or none"),
        ("build_time_s", -5, "build_time_s must be a positive whole number or none"),
        ("build_time_s", 1.5, "build_time_s must be a positive whole number or none"),
        ("build_time_s", True, "build_time_s must be a positive whole number or none"),
        ("discard_time_s", "15", "discard_time_s must be a positive whole number or none"),
        ("hands", 0, "hands must be a positive whole number or none"),
        ("base_stake", 0, "base_stake must be a positive whole number"),
        ("base_stake", None, "base_stake must be a positive whole number"),
        ("bankroll_stakes", -1, "bankroll_stakes must be a positive whole number"),
        ("start_points", 2.5, "start_points must be a positive whole number"),
        ("start_points", False, "start_points must be a positive whole number"),
        ("kiriage", "false", "kiriage must be true or false"),
        ("red_fives", 1, "red_fives must be true or false"),
        ("mangan_floor", None, "mangan_floor must be true or false"),
        ("floor_counts_situational", "yes", "floor_counts_situational must be true or false"),
        ("double_yakuman", 0, "double_yakuman must be true or false"),
        ("virtual_dora", "no", "virtual_dora must be true or false"),
    ],
)
def test_invalid_values(option: str, value: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules.preset("kaiji", **{option: value})
    with pytest.raises(ValueError, match=message):
        Rules.from_dict({**Rules().to_dict(), option: value})


def test_preset_name_must_be_text() -> None:
    with pytest.raises(ValueError, match="preset_name"):
        Rules(preset_name=3)  # type: ignore[arg-type]


def test_valid_edge_values() -> None:
    rules = Rules.preset("kaiji", build_time_s=None, discard_time_s=15, hands=None, base_stake=3)
    assert (rules.build_time_s, rules.discard_time_s, rules.hands, rules.base_stake) == (None, 15, None, 3)
    assert Rules.preset("four_player", virtual_dora=True, multiple_ron="all").multiple_ron == "all"


@pytest.mark.parametrize("name", list(PRESETS))
def test_dict_round_trip(name: str) -> None:
    rules = Rules.preset(name)
    data = rules.to_dict()
    assert set(data) == {f.name for f in fields(Rules)}
    assert data["preset_name"] == name
    assert Rules.from_dict(data) == rules
    changed = Rules.preset(name, hands=3, first_player="roll")
    assert Rules.from_dict(changed.to_dict()) == changed


def test_from_dict_partial_uses_defaults() -> None:
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"kiriage": False}).kiriage is False


@pytest.mark.parametrize("bad", [None, [], "kaiji", 3])
def test_from_dict_needs_an_object(bad: Any) -> None:
    with pytest.raises(ValueError, match="rules must be an object"):
        Rules.from_dict(bad)


def test_changed_from_unknown_preset_name() -> None:
    rules = Rules(preset_name="custom")
    assert rules.changed_from_preset() == rules.to_dict()


def test_every_boolean_option_is_checked() -> None:
    from game.engine.rules import BOOLEAN_OPTIONS

    assert set(BOOLEAN_OPTIONS) == {f.name for f in fields(Rules) if f.type == "bool"}


@pytest.mark.parametrize(
    ("rules", "changes_nothing"),
    [
        (Rules.preset("kaiji"), {"start_points", "multiple_ron", "virtual_dora"}),
        (Rules.preset("pro_stream"), {"base_stake", "bankroll_stakes", "multiple_ron", "virtual_dora"}),
        (Rules.preset("kaiji", settlement="points_as_dealer"),
         {"base_stake", "bankroll_stakes", "multiple_ron", "virtual_dora"}),
        (Rules.preset("moegirl"), {"base_stake", "bankroll_stakes", "start_points", "multiple_ron", "virtual_dora"}),
        (Rules.preset("kaiji", mangan_floor=False),
         {"start_points", "multiple_ron", "virtual_dora", "floor_counts_situational"}),
        (Rules.preset("three_player"), {"base_stake", "bankroll_stakes", "virtual_dora"}),
        (Rules.preset("four_player"), {"base_stake", "bankroll_stakes", "floor_counts_situational"}),
        (Rules.preset("four_player", virtual_dora=True), {"base_stake", "bankroll_stakes"}),
    ],
    ids=["kaiji", "points", "points as dealer", "units", "no floor", "three players", "four players",
         "four players with the virtual dora"],
)
def test_an_option_applies_unless_the_rest_of_the_rules_make_it_change_nothing(
    rules: Rules, changes_nothing: set[str]
) -> None:
    assert {name for name in OPTION_NAMES if not rules.option_applies(name)} == changes_nothing


def test_option_applies_knows_only_options() -> None:
    assert set(OPTION_NAMES) == {f.name for f in fields(Rules)} - {"preset_name"}
    for name in ("preset_name", "dora", ""):
        with pytest.raises(ValueError, match="unknown rule option"):
            Rules().option_applies(name)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Rules.preset("kaiji", virtual_dora=True),
        lambda: Rules.preset("four_player", virtual_dora=True, players=3),
        lambda: Rules.from_dict({**Rules().to_dict(), "virtual_dora": True}),
    ],
    ids=["preset", "four-player preset made three", "from a file"],
)
def test_options_that_cannot_go_together_are_refused_with_a_code(make: Any) -> None:
    with pytest.raises(RulesConflict) as refused:
        make()
    assert refused.value.code is Conflict.VIRTUAL_DORA_NEEDS_FOUR_PLAYERS
    assert isinstance(refused.value, ValueError), "callers that refuse any bad rules still catch it"


def test_a_bad_value_is_not_a_conflict() -> None:
    with pytest.raises(ValueError) as refused:
        Rules.preset("kaiji", players=5)
    assert not isinstance(refused.value, RulesConflict)
