"""The theatre bar's buttons share the bar's room: margins first, then the view's label, give way."""

from __future__ import annotations

from game.app.theatre.theatre_bar import GAP, LEAST_MARGIN, MARGIN, button_widths


def test_labels_that_fit_get_the_full_margin_each_side():
    assert button_widths({"play": 40, "view": 100}, 400, "view") == {"play": 40 + 2 * MARGIN, "view": 100 + 2 * MARGIN}


def test_a_crowded_bar_narrows_the_margins_before_the_shortened_button():
    widths = button_widths({"play": 40, "view": 100}, 140 + GAP + 2 * 2 * LEAST_MARGIN, "view")
    assert widths == {"play": 40 + 2 * LEAST_MARGIN, "view": 100 + 2 * LEAST_MARGIN}


def test_what_still_does_not_fit_comes_off_the_shortened_button():
    widths = button_widths({"play": 40, "view": 300}, 300, "view")
    assert widths["play"] == 40 + 2 * LEAST_MARGIN
    assert sum(widths.values()) + GAP == 300


def test_beyond_half_the_shortened_button_every_button_narrows_within_the_room():
    widths = button_widths({"play": 100, "view": 300, "speed": 100}, 300, "view")
    assert sum(widths.values()) + 2 * GAP <= 300
    assert widths["view"] < 150 + 2 * LEAST_MARGIN and widths["play"] < 100
