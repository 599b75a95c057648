"""Input for each phase of the table: mouse and keys turned into moves of the player
(dora.py, build.py, pool.py).

Controls keep only pointer state (hover, cursor, drag); what a move does to the game
is the engine's, through the table scene.
"""
