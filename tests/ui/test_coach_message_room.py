"""The message line and the coach's strip share the bottom of a small table: a hint of two lines
(the most important words on the table) is read whole, and the strip over it gives up the room
its second line needs, never drawn over its first. Through the real window: the hint asked with
the H key, the table laid out as a window of that size lays it out, the frame drawn and audited."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from arcade import key as K

from desert_pyramid.catalog import get_layout
from desert_pyramid.engine import DESERT, Deal
from desert_pyramid.i18n import use_language
from desert_pyramid.ui.base import audit
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.table.view import TableView
from desert_pyramid.ui.widgets.text import ink_of

from .driver import Driver

pytestmark = pytest.mark.ui


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


#: A wide layout (Great Wall) whose coach is a strip over the message line at 640x360 and
#: 800x600 (the classic pyramid's went beside its cards, moved over for it: issue 40), and a deal
#: of it with the K♣ free at the start (the hint names it)
STRIP_LAYOUT, KING_SEED = 17, 1


def hinted(ui: Driver, lang: str, size: tuple[int, int]) -> TableView:
    """A Practice table (with its coach) laid out at ``size``, a hint asked with H and shown."""
    use_language(lang)
    ui.app.start_practice(DESERT, get_layout(STRIP_LAYOUT), Deal.from_seed(KING_SEED))
    ui.frames(2)
    view = ui.view
    assert isinstance(view, TableView)
    view.layout(*size)  # as a window of that size lays the table out
    ui.key(K.H)
    assert ui.frames_until(lambda: view.hint_places), "no hint came"
    view.hud.settle()
    return view


def drawn(ui: Driver, view: TableView) -> list[audit.Part]:
    """The parts of a whole frame of the table, as the layout audit sees them."""
    view.dirty.invalidate()
    return audit.record_frames(lambda: ui.frames(1), frames=2)


def box(s: Any) -> Rect:
    return Rect(s.center_x - s.width / 2, s.center_y - s.height / 2, s.width, s.height)


@pytest.mark.parametrize(
    ("lang", "size"),
    # English (the shortest words of the three) in CI's second pass (the slow group)
    [
        pytest.param("en", (640, 360), marks=pytest.mark.slow),
        ("de", (640, 360)),
        ("ru", (640, 360)),
        ("de", (800, 600)),
    ],
)
def test_a_two_line_hint_is_not_drawn_under_the_coach_strip(
    ui: Driver, lang: str, size: tuple[int, int]
) -> None:
    w, h = size
    view = hinted(ui, lang, (w, h))
    try:
        g, hud, panel = view.geom, view.hud, view.coach_panel
        assert g.coach is not None and not panel.side  # the strip over the message line
        msg = hud.texts["message"]
        assert "K♣" in view.message and msg.text == view.message  # the whole hint, not cut
        one_line = msg.font_size * 2  # (a line is well under two of its sizes high)
        assert msg.content_height > one_line, "the hint should need two lines here"
        parts = drawn(ui, view)
        ink = ink_of(msg)
        assert ink is not None and ink.inside(Rect(0, 0, w, h).inflated(-1)), ink
        # every sprite of the strip as drawn, and every word it says, clear of the message
        for sprite in panel.sprites:
            assert not box(sprite).inflated(-0.5).overlaps(ink), (box(sprite), ink)
        for t in panel.texts.values():
            words = ink_of(t)
            if words is not None:
                assert not words.overlaps(ink), (t.text, words, ink)
                assert words.inside(box(panel.back)), (t.text, words)  # inside its strip
        # the message bar under the message ends where the strip begins
        bar = hud.message_bar
        assert bar is not None and bar.visible and bar.top <= box(panel.back).bottom + 0.5
        # the strip still says something (it gave up room, it did not go)
        assert panel.body and panel.heading
        assert audit.problems(parts, w, h) == []
        # a message of one line again: the strip has its whole height back
        view.message = "Pair cards."
        ui.frames(2)
        assert box(panel.back).height == int(g.coach.height)
        assert box(panel.back).bottom == pytest.approx(g.coach.bottom, abs=0.5)
        assert audit.problems(drawn(ui, view), w, h) == []
    finally:
        view.layout(ui.app.width, ui.app.height)


def test_the_layout_audit_names_a_message_under_the_coach_strip(
    ui: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The audit sees the coach's panel as a cover nothing else may lie under: a strip that keeps
    its full height over the two-line hint (as it did before the fix) is reported by name."""
    w, h = 640, 360
    view = hinted(ui, "en", (w, h))
    try:
        assert audit.problems(drawn(ui, view), w, h) == []
        monkeypatch.setattr(type(view.coach_panel), "rest_on", lambda self, floor: None)
        view.layout(w, h)  # the strip built again at its full height, and it stays so
        found = audit.problems(drawn(ui, view), w, h)
        assert f"text '{view.message}' overlaps cover 'coach'" in found, found
    finally:
        monkeypatch.undo()
        view.layout(ui.app.width, ui.app.height)


def test_a_cover_keeps_out_everything_but_its_own_words() -> None:
    """The audit's rule on its own: a text or a button under a cover is named, its own words
    (the same owner) are not, and a card under it is left to the table's geometry tests."""
    cover = audit.Part(audit.COVER, "coach", Rect(8, 30, 624, 43), audit.TABLE, owner="coach")
    own = audit.Part(
        audit.TEXT,
        "COACH",
        Rect(20, 56, 52, 13),
        audit.TABLE,
        ink=Rect(20, 56, 41, 13),
        owner="coach",
    )
    msg = audit.Part(
        audit.TEXT, "Pair the J", Rect(20, 4, 600, 30), audit.TABLE, ink=Rect(40, 4, 550, 30)
    )
    button = audit.Part(audit.BUTTON, "hint", Rect(600, 60, 30, 30), audit.TABLE)
    assert audit.problems([cover, own], 640, 360) == []
    assert audit.problems([cover, msg, button], 640, 360) == [
        "cover 'coach' overlaps text 'Pair the J'",
        "cover 'coach' overlaps button 'hint'",
    ]
    below = audit.Part(
        audit.TEXT, "Pair the J", Rect(20, 4, 600, 25), audit.TABLE, ink=Rect(40, 4, 550, 25)
    )
    assert audit.problems([cover, below], 640, 360) == []
