"""The layout system (ui/base/layout.py): menus change arrangement instead of leaving the
window, text wraps then ends in an ellipsis, never wider than its room."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layout import (
    ELLIPSIS,
    Span,
    button_grid,
    column,
    fit_text,
    menu_panel,
    row,
    spans,
    words_of,
)


def measure(text: str) -> float:
    return 7.0 * len(text)  # a monospaced stand-in: 7 px a character


def test_spans_prefer_then_shrink_then_refuse() -> None:
    sizes = [Span(20, 40)] * 3
    assert spans(200, sizes, 10) == [40, 40, 40]
    assert spans(100, sizes, 10) == [pytest_approx(26.67)] * 3
    assert spans(70, sizes, 10) is None


def pytest_approx(v: float) -> object:
    import pytest

    return pytest.approx(v, abs=0.01)


def test_column_and_row_stay_in_their_area() -> None:
    area = Rect(0, 0, 300, 100)
    rects = column(area, [Span(20, 30)] * 3, 5)
    assert rects is not None and all(r.inside(area) for r in rects)
    assert rects[0].top == 100 and rects[0].height == 30
    assert row(area, [Span(200, 200)] * 2, 5) is None


def test_a_menu_that_does_not_stand_in_one_column_takes_two() -> None:
    tall = button_grid(Rect(0, 0, 600, 600), 9, Span(200, 300), Span(26, 40), 8)
    assert tall.columns == 1
    short = button_grid(Rect(0, 0, 600, 250), 9, Span(200, 300), Span(26, 40), 8)
    assert short.columns == 2 and not short.scrolls(Rect(0, 0, 600, 250))
    assert all(r.inside(Rect(0, 0, 600, 250)) for r in short.rects)
    # down the first column, then the next
    assert short.rects[1].top < short.rects[0].top and short.rects[5].left > short.rects[0].left


@settings(deadline=None)  # a loaded machine: no time limit per example
@given(
    w=st.integers(640, 3840),
    h=st.integers(360, 2160),
    count=st.integers(1, 14),
)
def test_menu_panel_keeps_every_button_in_the_window(w: int, h: int, count: int) -> None:
    s = max(0.75, min(w / 1280, h / 720) ** 0.8)
    window = Rect(0, 0, w, h)
    parts = menu_panel(
        window,
        count,
        width=620 * s,
        row_width=Span(260 * s, 540 * s),
        row_height=Span(24 * s, 37 * s),
        gap=5 * s,
        heading=34 * s,
        notes=(18 * s,),
        footer=30 * s,
        message=18 * s,
    )
    assert parts.panel.inside(window)
    for r in parts.menu.rects:
        assert r.inside(parts.panel, slack=1)
        assert not r.overlaps(parts.heading) and not r.overlaps(parts.footer)
    assert not parts.panel.overlaps(parts.message)


@settings(deadline=None)
@given(
    st.text(alphabet=st.sampled_from("ab cdéf ghijk"), max_size=120),
    st.integers(8, 400),
    st.integers(1, 4),
)
@example("aaaaaa", 28, 2)  # split over two lines with a hyphen: whole, no ellipsis
def test_fit_text_wraps_then_cuts_never_wider(text: str, width: int, lines: int) -> None:
    out = fit_text(text, width, measure, lines)
    assert 1 <= len(out) <= lines
    assert all(measure(line) <= width for line in out)
    if words_of(out) != text.split():  # (a long word split with a hyphen over two lines is whole)
        assert out[-1].endswith(ELLIPSIS) or any(line.endswith(ELLIPSIS) for line in out)


def test_fit_text_examples() -> None:
    assert fit_text("Lost where?", 200, measure) == ["Lost where?"]
    assert fit_text("Three on the Horizon", 100, measure) == ["Three on the…"]
    assert fit_text("Three on the Horizon", 100, measure, 2) == ["Three on the", "Horizon"]
    assert fit_text("Supercalifragilistic", 50, measure) == ["Superc…"]


@settings(deadline=None)
@given(st.floats(100, 2000), st.integers(2, 14), st.floats(0.5, 3.0))
@example(100.5, 4, 2.5)  # buttons that scroll from a half-pixel top: the gap came out 14, not 15
def test_rows_and_gaps_are_even(height: float, count: int, s: float) -> None:
    placed = button_grid(
        Rect(0, 0, 800, height), count, Span(200, 300), Span(24 * s, 33 * s), 6 * s
    )
    heights = {r.height for r in placed.rects}
    assert len(heights) == 1  # every row the same height
    for a, b in zip(placed.rects, placed.rects[1:], strict=False):
        if a.left == b.left:
            assert a.bottom - b.top == round(6 * s)  # every gap the same
