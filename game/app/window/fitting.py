"""Names cut with … to fit where they are drawn: a name may be 24 characters
(`game.engine.names.LONGEST_NAME`), wider than a name plate or a line of standings holds,
and the rest of the line (a wind, a score) must stay whole."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.app.window.text import Text

ELLIPSIS = "…"


def cut(name: str, limit: int) -> str:
    """`name` in at most `limit` characters (at least one kept), … standing for the rest."""
    if len(name) <= limit:
        return name
    return name[: max(limit - 1, 1)].rstrip() + ELLIPSIS


def fit_names(compose: Callable[[Sequence[str]], str], names: Sequence[str], fits: Callable[[str], bool]) -> str:
    """`compose(names)` as it fits (`fits`): the names whole, or the longest cut to the
    same number of characters, as many as fit (the shortest cut when none does)."""
    whole = compose(names)
    if not names or fits(whole):
        return whole
    low, high = 1, max(len(name) for name in names) - 1
    while low < high:  # the width grows with the limit: the longest limit that fits
        middle = (low + high + 1) // 2
        if fits(compose([cut(name, middle) for name in names])):
            low = middle
        else:
            high = middle - 1
    return compose([cut(name, low) for name in names])


def fits_in(text: Text, size: int, room: int, bold: bool = False) -> Callable[[str], bool]:
    """Whether a line drawn by `text` at `size` is at most `room` pixels wide."""
    font = text.font(size, bold)
    return lambda line: font.size(line)[0] <= room


def fitted_name(text: Text, line: Callable[[str], str], name: str, size: int, room: int,
                bold: bool = False) -> str:
    """`line(name)`, with the name cut to fit `room` pixels at `size`."""
    return fit_names(lambda names: line(names[0]), [name], fits_in(text, size, room, bold))
