"""The arithmetic of a picture drawn at a fixed logical size and shown in a window of any
size: the largest size of the same aspect that fits, where it sits (letterboxed), and
window positions mapped back to logical ones. Pure: no SDL."""

from __future__ import annotations

from dataclasses import dataclass

Size = tuple[int, int]


def fit(aspect: Size, room: Size) -> Size:
    """The largest size of `aspect`'s proportions that fits in `room` (at least 1 x 1)."""
    width = min(room[0], room[1] * aspect[0] // aspect[1])
    height = width * aspect[1] // aspect[0]
    return max(1, width), max(1, height)


@dataclass(frozen=True)
class Viewport:
    """Where a `logical`-sized picture is drawn in a `window`-sized one: scaled to fit,
    centred, the rest left as bars."""

    logical: Size
    window: Size

    @property
    def size(self) -> Size:
        return fit(self.logical, self.window)

    @property
    def origin(self) -> tuple[int, int]:
        width, height = self.size
        return (self.window[0] - width) // 2, (self.window[1] - height) // 2

    @property
    def rect(self) -> tuple[int, int, int, int]:
        return (*self.origin, *self.size)

    @property
    def identity(self) -> bool:
        return self.window == self.logical

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window position in logical pixels (outside the picture, beyond its edges)."""
        (left, top), (width, height) = self.origin, self.size
        return (
            int((pos[0] - left) * self.logical[0] // width),
            int((pos[1] - top) * self.logical[1] // height),
        )

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        (left, top), (width, height) = self.origin, self.size
        return (
            round(left + pos[0] * width / self.logical[0]),
            round(top + pos[1] * height / self.logical[1]),
        )

    def scale_motion(self, rel: tuple[float, float]) -> tuple[int, int]:
        width, height = self.size
        return round(rel[0] * self.logical[0] / width), round(rel[1] * self.logical[1] / height)
