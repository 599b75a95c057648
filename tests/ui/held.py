"""What images an object holds: the surfaces reachable from it."""

from __future__ import annotations

import pygame


def held_surfaces(root: object) -> list[pygame.Surface]:
    """Every surface reachable from `root` through containers and instance attributes (not
    through classes, modules or functions, which reach everything)."""
    found: dict[int, pygame.Surface] = {}
    seen: set[int] = set()
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, pygame.Surface):
            found[id(item)] = item
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        elif not isinstance(item, type) and isinstance(getattr(item, "__dict__", None), dict):
            stack.extend(vars(item).values())
    return list(found.values())
