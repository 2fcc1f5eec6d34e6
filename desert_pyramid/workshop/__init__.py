"""The layout workshop without a window: the draft being drawn (:mod:`.model`), saving it among
the player's layouts (:mod:`.library`) and its difficulty measured off the frame
(:mod:`.estimate`). No Arcade here: the editor screen draws what these say."""

from desert_pyramid.workshop.estimate import (
    ESTIMATE_BUDGET,
    ESTIMATE_DEALS,
    Estimate,
    EstimateService,
    estimate,
)
from desert_pyramid.workshop.library import save_draft
from desert_pyramid.workshop.model import (
    GRID_X,
    GRID_Y,
    Draft,
    EditError,
    Place,
    Problem,
    draft_of,
)

__all__ = [
    "ESTIMATE_BUDGET",
    "ESTIMATE_DEALS",
    "Estimate",
    "EstimateService",
    "estimate",
    "GRID_X",
    "GRID_Y",
    "Draft",
    "EditError",
    "Place",
    "Problem",
    "draft_of",
    "save_draft",
]
