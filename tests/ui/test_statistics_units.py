"""The statistics say what their mangan count: each hand's value with its stake set aside,
so a match won 105-95 on doubled stakes that shows -1.00 mangan reads as it is meant (from
the Chinese play-through)."""

from __future__ import annotations

from tests.ui.test_statistics_screen import keep_fixtures, open_statistics

NOTE = "In mangan: each hand's value, whatever its stake."


def test_the_mangan_figures_say_they_set_the_stake_aside(driver, monkeypatch):
    keep_fixtures(driver)
    drawn = driver.record_text(monkeypatch)
    open_statistics(driver)
    driver.frames(2)
    assert NOTE in drawn
    balance = next(index for index, text in enumerate(drawn) if text.startswith("Balance "))
    assert drawn.index(NOTE) > balance  # it follows the figures it explains
