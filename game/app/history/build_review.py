"""The analyser's review of the hands a player built, from a match record.

For each hand and each reviewed seat: the expected payment (the analyser's measure, in
mangan units times live copies) of the hand built and of the wall's best hand, and whether
the wall offered any tenpai reaching mangan on a live wait. Both are found best-first (only
the hands whose bound could beat the best are scored), so a review costs tens of
milliseconds per wall, not a full analysis. Pure code: no pygame.
"""

from __future__ import annotations

from typing import Any

from game.engine.analysis import WallAnalyser
from game.engine.record import recorded_deal
from game.engine.rules import Rules
from game.engine.tiles import EAST, WIND_NAMES, parse_tiles, pick_ids
from game.engine.wall import Deal


def review_builds(lines: list[dict[str, Any]], seats: list[int]) -> list[dict[str, Any]]:
    """One entry per hand and reviewed seat that built: `hand`, `seat`, `built_payment`,
    `best_payment`, `best` (the hand built is worth the best's expected payment) and
    `mangan_possible`. Hands the record does not describe fully are left out."""
    try:
        rules = Rules.from_dict(lines[0].get("rules"))
    except ValueError:
        return []
    reviews: list[dict[str, Any]] = []
    for hand_line, events in _hands(lines):
        try:
            deal = recorded_deal(hand_line, rules)
        except ValueError:
            continue
        started = next((e for e in events if e.get("event") == "hand_started"), None)
        flipped = next((e for e in events if e.get("event") == "dora_flipped"), None)
        if started is None:
            continue
        indicator = _indicator(deal, flipped, rules)
        for event in events:
            seat = event.get("seat")
            if event.get("event") != "hand_built" or seat not in seats:
                continue
            try:
                wall = deal.personal_wall(rules.players, seat)
                wind = EAST + WIND_NAMES.index(started["seat_winds"][seat])
                built = pick_ids(parse_tiles(event["hand"], red_fives=rules.red_fives), wall, rules.red_fives)
            except (ValueError, KeyError, IndexError, TypeError):
                continue
            reviews.append({"hand": hand_line.get("number"), "seat": seat,
                            **review_wall(wall, built, wind, indicator, rules)})
    return reviews


def review_wall(wall: tuple[int, ...], built: list[int], wind: int, indicator: int | None,
                rules: Rules) -> dict[str, Any]:
    analyser = WallAnalyser(wall, wind, indicator, rules)
    mine = analyser.analyze_selection(built).hand
    assert mine is not None
    ranked = analyser.best_hands(1).hands
    best = ranked[0].payment if ranked else 0.0
    return {
        "built_payment": round(mine.payment, 4),
        "best_payment": round(max(best, mine.payment), 4),
        "best": mine.payment >= best,
        "mangan_possible": analyser.bounded().has_live_mangan(),
    }


def _hands(lines: list[dict[str, Any]]) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Each `hand` line with the events that follow it, up to the next hand."""
    hands: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for line in lines[1:]:
        if line.get("type") == "hand":
            hands.append((line, []))
        elif line.get("type") == "event" and hands:
            hands[-1][1].append(line)
    return hands


def _indicator(deal: Deal, flipped: dict[str, Any] | None, rules: Rules) -> int | None:
    if deal.virtual_dora is not None and rules.virtual_dora:
        return deal.virtual_dora[0]
    if flipped is None or flipped.get("wall") is None:
        return None
    try:
        return deal.dora_pair(rules.players, flipped["wall"], flipped["stack"])[0]
    except (ValueError, KeyError, TypeError):
        return None
