"""The replay theatre's control bar: each button as wide as its widest label (in any of its
states) and a margin either side, the whole bar within the felt the table leaves free
between the bottom seat's pool and its hand (tests/test_theatre_bar_widths.py,
tests/ui/test_theatre_bar_ink.py)."""

from __future__ import annotations

GAP = 4
"""Between two buttons."""
MARGIN = 6
"""Each side of a label: the border and 5 px of the button's own colour."""
LEAST_MARGIN = 4


def button_widths(widest: dict[str, int], room: int, shortened: str) -> dict[str, int]:
    """Each button's width, in `widest`'s order, for labels at most `widest` wide, together
    within `room`: when they do not fit the margins narrow, then the `shortened` button (whose
    label can be cut short) gives up what is still missing, down to half its width; beyond
    that (no language of the game needs it) every button narrows alike, labels cut short."""
    gaps = GAP * (len(widest) - 1)
    widths = dict(widest)
    for margin in range(MARGIN, LEAST_MARGIN - 1, -1):
        widths = {name: width + 2 * margin for name, width in widest.items()}
        if sum(widths.values()) + gaps <= room:
            return widths
    over = sum(widths.values()) + gaps - room
    widths[shortened] = max(widths[shortened] - over, widths[shortened] // 2)
    total = sum(widths.values())
    if total + gaps > room:
        widths = {name: width * (room - gaps) // total for name, width in widths.items()}
    return widths
