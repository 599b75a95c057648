"""Playing a match, no pygame: session.py (the one door to the engine), table_controller.py
(the seats in turn, clocks, privacy), table_frame.py and result_frame.py (what the views
draw), table_words.py, pacing.py, builder.py and helper.py, match_setup.py and savegame.py,
analysis_pool.py (the worker processes)."""
