"""tools/measure_danger_ranking.py: every model it compares scores the same kinds, and the
particles' columns are the particles' (the tool once scored the reading twice over, its
sampled walls never analysed)."""

from __future__ import annotations

from tools.measure_danger_ranking import rows_of_deal


def test_the_particle_columns_count_analysed_particles():
    rows = [row for deal in range(2) for row in rows_of_deal(deal, 3, [60.0], "normal")]
    assert rows and all(len(scores) == 4 for _, _, scores in rows)
    reading = [scores[1] for _, _, scores in rows]
    particles = [scores[2] for _, _, scores in rows]
    weighed = [scores[3] for _, _, scores in rows]
    assert particles != reading
    assert weighed != particles
    # a kind the reading finds safe is safe in every column
    assert all(scores[2] == scores[3] == 0.0 for _, _, scores in rows if scores[1] == 0.0)
