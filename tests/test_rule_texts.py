"""Rule options are described in words true at two, three and four seats: the renhou option
said "the second player wins on the first player's first discard" (後手／先手) at a table of
four, and the riichi timing "both players"."""

from __future__ import annotations

import pytest

from game.app.words import i18n
from game.app.words.rule_texts import OPTIONS

TWO_SEAT_WORDS = {"en": ("second player", "first player", "Both players"), "ja": ("後手", "先手", "両者"),
                  "zh_CN": ("后手", "先手", "双方")}


@pytest.mark.parametrize("language", ["en", "ja", "zh_CN"])
@pytest.mark.parametrize("option", ["renhou", "riichi_timing"])
def test_an_option_for_any_table_uses_no_two_seat_words(language, option):
    i18n.set_language(language)
    try:
        text = OPTIONS[option]
        words = " ".join((text.explanation, *text.choices.values()))
    finally:
        i18n.set_language("en")
    for word in TWO_SEAT_WORDS[language]:
        assert word not in words, (word, words)


@pytest.mark.parametrize(("language", "changed"),
                         [("en", " (changed)"), ("ja", "（変更あり）"), ("zh_CN", "（已修改）")])
def test_rules_changed_from_their_preset_say_so_wherever_its_name_is_shown(language, changed):
    """"Kaiji (the manga)" with a changed match length was shown as the preset itself."""
    from game.app.words.rule_texts import preset_name, rules_name, rules_summary
    from game.engine.rules import Rules

    i18n.set_language(language)
    try:
        name = preset_name("kaiji")
        assert rules_name(Rules.preset("kaiji")) == name
        assert rules_name(Rules.preset("kaiji", hands=4)) == name + changed
        assert rules_summary(Rules.preset("kaiji")).startswith(name + i18n._(" · "))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("language", "count_words"), [("ja", ("二人", "2人")), ("zh_CN", ("二人", "两人", "双人"))])
def test_the_title_subtitle_names_no_number_of_players(language, count_words):
    """The Japanese subtitle said 「二人麻雀」 under three-player rules."""
    i18n.set_language(language)
    try:
        subtitle = i18n._("十七歩 — the riichi duel from Kaiji")
    finally:
        i18n.set_language("en")
    assert subtitle != "十七歩 — the riichi duel from Kaiji"
    assert not [word for word in count_words if word in subtitle], subtitle


@pytest.mark.parametrize(("language", "option", "value", "shown"), [
    ("en", "discard_time_s", 20, "20 seconds"),
    ("en", "build_time_s", 240, "4 minutes"),
    ("en", "build_time_s", 90, "90 seconds"),
    ("en", "hands", 3, "3 hands"),
    ("en", "players", 5, "5 players"),
    ("en", "bankroll_stakes", 40, "40 stakes"),
    ("en", "start_points", 27000, "27,000"),
    ("ja", "discard_time_s", 20, "20秒"),
    ("ja", "build_time_s", 240, "4分"),
    ("ja", "hands", 3, "3局"),
    ("ja", "bankroll_stakes", 40, "賭け金×40"),
    ("zh_CN", "discard_time_s", 20, "20秒"),
    ("zh_CN", "build_time_s", 240, "4分钟"),
    ("zh_CN", "hands", 3, "3局"),
    ("zh_CN", "bankroll_stakes", 40, "40倍赌注"),
])
def test_a_value_no_choice_lists_is_written_with_its_unit_as_the_listed_ones(language, option, value, shown):
    """A host's "Time per discard: 20" was a bare number beside "30 seconds"."""
    from game.app.words.rule_texts import choice_text, choices_for

    i18n.set_language(language)
    try:
        assert value not in OPTIONS[option].english_choices
        assert choice_text(option, value) == shown
        assert choices_for(option, value)[value] == shown
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("overrides", "summary"), [
    # the preset as it is: nothing said changed
    ({}, "Three players · points · 8 hands"),
    # "Three players (changed) · points · 1 hand" said nothing of what changed
    ({"hands": 1}, "Three players (changed: Match length 1 hand) · points"),
    ({"red_fives": True}, "Three players (changed: Red fives On) · points · 8 hands"),
    # the changes the summary would not say anyway first; past one, "…" (one line at 1024 x 640)
    ({"hands": 4, "red_fives": True, "build_time_s": 60},
     "Three players (changed: Red fives On, …) · points · 4 hands"),
])
def test_the_rules_summary_says_what_differs_from_the_preset(overrides, summary):
    from game.app.words.rule_texts import rules_summary
    from game.engine.rules import Rules

    assert rules_summary(Rules.preset("three_player", **overrides)) == summary


@pytest.mark.parametrize(("overrides", "move_time_s", "clocks"), [
    ({}, None, "Time to build: No limit · Time per discard: No limit"),
    # at a network table every decision has the host's move time: "No limit" was untrue there
    ({}, 120.0, "Time to build: 2 minutes (network play) · Time per discard: 2 minutes (network play)"),
    ({"build_time_s": 180}, 120.0, "Time to build: 3 minutes · Time per discard: 2 minutes (network play)"),
    ({}, 90.0, "Time to build: 90 seconds (network play) · Time per discard: 90 seconds (network play)"),
])
def test_the_clocks_of_a_network_table_are_the_hosts_move_time_where_the_rules_set_none(
        overrides, move_time_s, clocks):
    from game.app.words.rule_texts import clocks_summary
    from game.engine.rules import Rules

    assert clocks_summary(Rules.preset("three_player", **overrides), move_time_s) == clocks


@pytest.mark.parametrize("language", ["ja", "zh_CN"])
def test_the_summary_and_network_clocks_are_translated(language):
    from game.app.words.rule_texts import clocks_summary, rules_summary
    from game.engine.rules import Rules

    rules = Rules.preset("three_player", hands=1, red_fives=True, build_time_s=60)
    i18n.set_language(language)
    try:
        words = rules_summary(rules) + clocks_summary(rules, 120.0)
    finally:
        i18n.set_language("en")
    assert not [word for word in ("changed", "network", "Match length", "Red fives") if word in words], words
