"""The table's staged endings beyond the win's bounce: the sunset that ends a trek (the sun
sinks to the horizon, the light goes, then the results) and the stuck deal's dialog.

Pure arithmetic driven by the ``dt`` the view passes in (seconds), like :mod:`anim`; the view
draws what these say. What 'stuck' means comes from the engine (``TableControl.stuck``): the
UI decides no rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from desert_pyramid.ui.base.easing import ease_in_out, lerp
from desert_pyramid.ui.table.anim import Timed

SUNSET_S = 2.8  # the trek's end on the table, at normal speed, before the results
NIGHT = (12, 8, 24)  # the colour the light goes to
NIGHT_ALPHA = 190  # how dark the table gets at the end of the sunset
SINK = 0.45  # the share of the sunset the sun takes to reach the horizon


@dataclass
class Sunset(Timed):
    """The trek's end: the sun sinks from the light it had (``start``, 0 noon .. 1 dusk) to the
    horizon, then the light goes."""

    start: float
    duration: float = SUNSET_S
    t: float = 0.0

    @property
    def dusk(self) -> float:
        k = min(1.0, self.t / (self.duration * SINK)) if self.duration > 0 else 1.0
        return lerp(min(1.0, max(0.0, self.start)), 1.0, ease_in_out(k))

    @property
    def darkness(self) -> int:
        """The alpha of the night over the table (0 while the sun sinks)."""
        if self.duration <= 0:
            return NIGHT_ALPHA
        k = (self.t / self.duration - SINK * 0.8) / (1 - SINK)
        return int(NIGHT_ALPHA * ease_in_out(min(1.0, max(0.0, k))))
