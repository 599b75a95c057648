"""The game window. The table is not built yet, and the window says so plainly."""

from __future__ import annotations

import os
import sys

WINDOW_SIZE = (960, 600)
BACKGROUND = (18, 64, 44)
INK = (236, 232, 214)
MESSAGE = (
    "17 Steps",
    "",
    "The playing table is not built yet.",
    "The rules engine is ready. From a terminal you can:",
    "  python -m game analyze WALL     study a 34-tile wall",
    "  python -m game replay FILE      replay a record",
    "",
    "Click, or press Esc, to close.",
)


def open_window(max_frames: int | None = None) -> int:
    """Show the window until it is closed; returns an exit code."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        pygame.display.init()
        pygame.font.init()
        screen = pygame.display.set_mode(WINDOW_SIZE, pygame.SCALED | pygame.RESIZABLE)
    except pygame.error as error:
        print(f"17 Steps needs a display to open its window ({error}).", file=sys.stderr)
        return 1
    pygame.display.set_caption("17 Steps")
    title_font = pygame.font.Font(None, 64)
    body_font = pygame.font.Font(None, 32)
    clock = pygame.time.Clock()
    frames = 0
    running = True
    while running:
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.MOUSEBUTTONUP) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
            ):
                running = False
        screen.fill(BACKGROUND)
        y = 80
        for index, line in enumerate(MESSAGE):
            font = title_font if index == 0 else body_font
            screen.blit(font.render(line, True, INK), (80, y))
            y += font.get_linesize() + 6
        pygame.display.flip()
        clock.tick(30)
        frames += 1
        if max_frames is not None and frames >= max_frames:
            running = False
    pygame.quit()
    return 0
