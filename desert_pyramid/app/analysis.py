"""The solver's answers as the ui draws them: a verdict, a finished game's analysis, a move in
the player's words, and the type of the background hint service. The ui imports the solver only
through here and through the application (an import-linter contract); the searches themselves
are started by the application (``Application.hint_service``, ``Application.analysis``)."""

from __future__ import annotations

from desert_pyramid.solver import Verdict
from desert_pyramid.solver.analysis import Analysis, AnalysisRunner
from desert_pyramid.solver.hints import move_words
from desert_pyramid.solver.service import HintService

__all__ = ["Analysis", "AnalysisRunner", "HintService", "Verdict", "move_words"]
