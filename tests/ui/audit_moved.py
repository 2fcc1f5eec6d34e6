"""Run the real command line with the first button of every button column moved far to the
right of the window (a part out of the window): ``--check-layout`` must say so and fail."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from desert_pyramid.cli import main
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.widgets.buttons import ButtonColumn

_place = ButtonColumn.place


def _moved(self: ButtonColumn, rects: Sequence[Rect], *args: Any, **kwargs: Any) -> None:
    rects = [r.moved(10_000, 0) if i == 0 else r for i, r in enumerate(rects)]
    _place(self, rects, *args, **kwargs)


ButtonColumn.place = _moved  # type: ignore[method-assign]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
