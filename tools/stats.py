"""Small statistics for the AI's measuring tools, in pure Python (no new dependency)."""

from __future__ import annotations

import math
from collections.abc import Hashable


def fit_logistic(samples: list[tuple[dict[str, float], bool]], ridge: float = 1.0,
                 rounds: int = 25) -> dict[str, float]:
    """Logistic regression without an intercept (indicator features carry it), by Newton's
    method with a small ridge penalty; features absent from a sample count as 0."""
    names = sorted({name for found, _ in samples for name in found})
    index = {name: i for i, name in enumerate(names)}
    rows = [([(index[name], value) for name, value in found.items()], truth) for found, truth in samples]
    weights = [0.0] * len(names)
    for _ in range(rounds):
        gradient = [ridge * w for w in weights]
        hessian = [[ridge if i == j else 0.0 for j in range(len(names))] for i in range(len(names))]
        for row, truth in rows:
            p = 1.0 / (1.0 + math.exp(-sum(weights[i] * v for i, v in row)))
            for i, v in row:
                gradient[i] += (p - truth) * v
                for j, u in row:
                    hessian[i][j] += p * (1.0 - p) * v * u
        step = _solve(hessian, gradient)
        weights = [w - s for w, s in zip(weights, step, strict=True)]
        if max(map(abs, step)) < 1e-7:
            break
    return dict(zip(names, weights, strict=True))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gauss-Jordan elimination with partial pivoting (the matrix is small and positive definite)."""
    size = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def area_under_curve(scored: list[tuple[float, bool]]) -> float:
    """The chance that a random true row scores above a random false one (ties count half)."""
    ordered = sorted(scored, key=lambda item: item[0])
    positives = sum(truth for _, truth in ordered)
    negatives = len(ordered) - positives
    if not positives or not negatives:
        return float("nan")
    rank_sum, start = 0.0, 0
    while start < len(ordered):
        end = start
        while end < len(ordered) and ordered[end][0] == ordered[start][0]:
            end += 1
        rank_sum += (start + end + 1) / 2 * sum(truth for _, truth in ordered[start:end])
        start = end
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives)


def within_decision_auc(scored: list[tuple[Hashable, float, bool]]) -> float:
    """The area under the curve counting only pairs of rows from the same decision (first
    item): a player only ever compares the kinds offered together."""
    decisions: dict[Hashable, list[tuple[float, bool]]] = {}
    for decision, score, truth in scored:
        decisions.setdefault(decision, []).append((score, truth))
    area = pairs = 0.0
    for rows in decisions.values():
        positives = sum(truth for _, truth in rows)
        count = positives * (len(rows) - positives)
        if count:
            area += area_under_curve(rows) * count
            pairs += count
    return area / pairs if pairs else float("nan")
