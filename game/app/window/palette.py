"""The table's colours, shared by every scene and view."""

PANEL = (12, 46, 32)
EDGE = (201, 169, 74)
INK = (241, 234, 210)
SOFT = (185, 196, 186)
GOLD = (240, 207, 106)
GOOD = (120, 220, 140)
URGENT = (255, 120, 90)
WARN = (255, 200, 110)
