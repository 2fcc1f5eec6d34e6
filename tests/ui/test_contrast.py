"""The high-contrast theme over the palette at WCAG AA: every label on its button, every text
colour on a panel, every card's ink on its paper (a covered card's too) reaches 4.5:1; the focus
reaches 3:1. The default theme is measured too, to show what the setting is for."""

from __future__ import annotations

import pytest

from desert_pyramid.ui.art.cardart import INK_BLACK, INK_BLUE, INK_GREEN, INK_RED, PAPER
from desert_pyramid.ui.base import palette
from desert_pyramid.ui.table.board import SHADE, SHADE_HIGH_CONTRAST
from desert_pyramid.ui.widgets.buttons import (
    HIGH_CONTRAST_STYLES,
    STYLES,
    high_contrast,
    style_colours,
    use_high_contrast,
)

from .test_focus_ring import contrast

pytestmark = pytest.mark.ui

AA = 4.5
LABEL_DISABLED = (230, 220, 205)  # a disabled button's label (buttons.py)
PANEL_TEXTS = ("INK", "GOLD", "BOLD_INK", "MUTED", "FAINT", "TAN")
INKS = {"black": INK_BLACK, "red": INK_RED, "blue": INK_BLUE, "green": INK_GREEN}


def shaded(c: tuple[int, ...], shade: tuple[int, int, int]) -> tuple[int, int, int]:
    """A colour as a sprite tinted with ``shade`` draws it (the channels multiplied)."""
    return (c[0] * shade[0] // 255, c[1] * shade[1] // 255, c[2] * shade[2] // 255)


def worst_label(styles: dict[str, tuple[tuple[int, int, int], ...]]) -> float:
    ratios = []
    for name in ("normal", "focus", "round", "round_focus"):
        top, bottom = styles[name][0], styles[name][1]
        for text in (palette.INK, palette.GOLD):
            ratios += [contrast(text, top), contrast(text, bottom)]
    top, bottom = styles["disabled"][0], styles["disabled"][1]
    ratios += [contrast(LABEL_DISABLED, top), contrast(LABEL_DISABLED, bottom)]
    return min(ratios)


def test_high_contrast_labels_reach_aa_on_every_button() -> None:
    assert worst_label(HIGH_CONTRAST_STYLES) >= AA  # type: ignore[arg-type]
    assert worst_label(STYLES) < 3.0  # type: ignore[arg-type]  # the default's light sandstone


def test_every_panel_text_reaches_aa_in_both_themes() -> None:
    for styles in (STYLES, HIGH_CONTRAST_STYLES):
        top, bottom = styles["panel"][0], styles["panel"][1]
        for name in PANEL_TEXTS:
            colour = getattr(palette, name)
            assert min(contrast(colour, top), contrast(colour, bottom)) >= AA, name


def test_card_inks_reach_aa_on_free_and_covered_cards_in_high_contrast() -> None:
    paper = PAPER[:3]
    for name, ink in INKS.items():
        assert contrast(ink, paper) >= AA, name
        assert (
            contrast(shaded(ink, SHADE_HIGH_CONTRAST), shaded(paper, SHADE_HIGH_CONTRAST)) >= AA
        ), name
    # the default shade, darker, takes the red ink of a covered card below AA
    assert contrast(shaded(INK_RED, SHADE), shaded(paper, SHADE)) < AA


def test_the_focused_button_stands_out_in_high_contrast() -> None:
    focus_top, _bottom, rim, width = HIGH_CONTRAST_STYLES["focus"]
    normal_top = HIGH_CONTRAST_STYLES["normal"][0]
    assert contrast(rim, focus_top) >= 3.0 and contrast(rim, normal_top) >= 3.0
    assert width > HIGH_CONTRAST_STYLES["normal"][3]


def test_the_setting_switches_the_skins(ui: object) -> None:
    from desert_pyramid.app.prefs import Settings

    app = ui.app  # type: ignore[attr-defined]
    try:
        app.set_settings(Settings(animation_speed=0, mute=True, high_contrast=True))
        assert high_contrast() and style_colours("normal") == HIGH_CONTRAST_STYLES["normal"]
        assert style_colours("badge") == STYLES["badge"]  # the stock's count keeps dark on gold
        assert Settings.from_dict(app.settings.to_dict()).high_contrast  # saved
    finally:
        app.set_settings(Settings(animation_speed=0, mute=True))
    assert not high_contrast() and style_colours("normal") == STYLES["normal"]
    use_high_contrast(False)
