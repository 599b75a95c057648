"""Text in the Noto Sans JP font that pygame_gui ships (Latin and kanji alike)."""

from __future__ import annotations

from importlib import resources

import pygame

FONT_PACKAGE = "pygame_gui.data"
REGULAR = "NotoSansJP-Regular.otf"
BOLD = "NotoSansJP-Bold.otf"
CACHE_LIMIT = 1024

Colour = tuple[int, int, int]


class Text:
    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._renders: dict[tuple[str, int, Colour, bool], pygame.Surface] = {}
        self._wrapped: dict[tuple[str, int, int, bool], list[str]] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            with resources.as_file(resources.files(FONT_PACKAGE) / (BOLD if bold else REGULAR)) as path:
                font = pygame.font.Font(str(path), size)
            self._fonts[key] = font
        return font

    def render(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        key = (text, size, colour, bold)
        image = self._renders.get(key)
        if image is None:
            if len(self._renders) >= CACHE_LIMIT:
                self._renders.clear()
            image = self.font(size, bold).render(text, True, colour)
            self._renders[key] = image
        return image

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: Colour,
        pos: tuple[float, float],
        anchor: str = "topleft",
        bold: bool = False,
    ) -> pygame.Rect:
        image = self.render(text, size, colour, bold)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(image, rect)
        return rect

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split text into lines no wider than `width` px, at spaces."""
        key = (text, size, width, bold)
        cached = self._wrapped.get(key)
        if cached is not None:
            return cached
        if len(self._wrapped) >= CACHE_LIMIT:
            self._wrapped.clear()
        font = self.font(size, bold)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split(" "):
                trial = f"{line} {word}" if line else word
                if line and font.size(trial)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        self._wrapped[key] = lines
        return lines
