"""The solver: exact search over engine positions, hints, computer players and deal selection.

``solve(game, node_budget)`` answers winnable (with a line), lost (proved), or unknown (budget spent).
"""

from .core import DEFAULT_BUDGET, SolveResult, Verdict, solve

__all__ = ["DEFAULT_BUDGET", "SolveResult", "Verdict", "solve"]
