"""Drawing, one module per thing on the table; views read state and never change it.

table_view.py draws a whole `TableFrame` with the others (walls.py, rivers.py, seats.py,
centre.py, building.py, pool.py, helper_panel.py...); result_panel.py draws a hand's result
for the result screen and the theatre; open_hands.py and overlay_panels.py are the theatre's.
"""
