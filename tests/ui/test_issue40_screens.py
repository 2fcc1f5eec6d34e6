"""Issue 40, the screens' last mile: at a larger text size every text of a screen grows alike
(Settings' title and footer grew huge while its rows barely grew; Results' labels outgrew their
values and its buttons stayed small), results' names sit on their values' baseline, and labels
that were cut ("…") stand whole."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from desert_pyramid.ui.widgets.text import Text


@pytest.fixture(autouse=True)
def text_at_100_after(app: Any) -> Iterator[None]:
    yield
    app.set_settings(replace(app.settings, text_size=100))


def drawn_scale(t: Text) -> float:
    """The factor a text is drawn at over the size it asked for."""
    return round(float(t.label.font_size) / t.font_size, 2)


def scales(view: Any) -> set[float]:
    texts = [t for t in view.texts.items if t.text]
    labels = [t for t in view.menu._labels if t.text]
    return {drawn_scale(t) for t in texts + labels}


def test_settings_text_grows_alike_at_200_percent(app: Any, ui: Any) -> None:
    """Item 4: the title and the keys line at 200% while the rows' labels stayed near 110%;
    now the screen has one text size (as large as the window holds its rows whole), and the
    preview's cards keep their size."""
    from desert_pyramid.ui.screens.settings import SettingsView

    app.show_title()
    app.show_settings(app.current_view)
    ui.frames(1)
    small = ui.view
    assert isinstance(small, SettingsView)
    card_h = min(s.height for s in small.decor if s.width < small.panel.width / 4)
    app.set_settings(replace(app.settings, text_size=200))
    app.show_title()
    app.show_settings(app.current_view)
    ui.frames(2)
    view = ui.view
    assert isinstance(view, SettingsView)
    assert scales(view) == {view.text_scale}
    assert view.text_scale >= 1.5  # 1280x720 holds the rows at 150% at least
    assert view.show_preview
    assert min(s.height for s in view.decor if s.width < view.panel.width / 4) >= card_h


def test_results_text_grows_alike_and_names_sit_on_their_values(app: Any, ui: Any) -> None:
    """Item 4: the figures' names at 200% over values and buttons left near 100% ("1,840" ran
    into "Layout"); item 10: the names sat 1-2 px off their values' baseline."""
    from desert_pyramid.ui.screens.results import ResultsView
    from desert_pyramid.ui.window import finish_deal

    app.set_settings(replace(app.settings, text_size=200))
    app.start_practice()
    table = app.table
    finish_deal(table)
    app.show_results(table)
    ui.frames(2)
    view = ui.view
    assert isinstance(view, ResultsView)
    assert scales(view) == {view.text_scale}
    assert view.text_scale >= 1.5
    names = {t.text: t for t in view.texts.items}
    score, value = names["Score"], names[f"{view.results.score:,}"]
    assert score.label.y == value.label.y  # one baseline (anchored at their boxes' bottoms)
    assert score.label.font_size == value.label.font_size
