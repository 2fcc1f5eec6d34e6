"""The layouts as the ui names them: the catalogue (the game's and the player's, made by the
application) and the store of the player's own layouts. A layout's name and description are shown
through :func:`layout_title` and :func:`layout_description` (the game's own in the player's
language, a player's own as named). The ui imports storage only through
here (an import-linter contract).

The layout screens show a layout's difficulty word and the rule presets through
:func:`difficulty_name` and :func:`preset_name` / :func:`rules_heading`, in the player's
language."""

from __future__ import annotations

from desert_pyramid.catalog import (
    Catalogue,
    all_layouts,
    builtin_layout,
    layout_description,
    layout_title,
)
from desert_pyramid.difficulty import UNRATED
from desert_pyramid.i18n import N_, _
from desert_pyramid.storage.layouts import PlayerLayoutError, PlayerLayouts, check_name

__all__ = [
    "Catalogue",
    "PlayerLayoutError",
    "PlayerLayouts",
    "all_layouts",
    "builtin_layout",
    "check_name",
    "difficulty_name",
    "layout_description",
    "layout_name",
    "layout_title",
    "preset_name",
    "rules_heading",
]

#: The difficulty words (difficulty.py's WORDS), as shown.
DIFFICULTY_NAMES: dict[str, str] = {
    # TRANSLATORS: a layout's difficulty: most random deals of it can be won
    "Gentle": N_("Gentle"),
    "Moderate": N_("Moderate"),
    "Tricky": N_("Tricky"),
    # TRANSLATORS: a layout's difficulty: the hardest grade, fewer than half the deals won
    "Fiendish": N_("Fiendish"),
    # TRANSLATORS: a layout's difficulty not measured yet
    UNRATED: N_("unrated"),
}
#: The rule presets (engine/rules.py's PRESETS), as a value of the Rules row.
PRESET_NAMES: dict[str, str] = {
    "desert": N_("Desert"),
    "classic": N_("Classic"),
    "strict": N_("Strict"),
    "relaxed": N_("Relaxed"),
}
#: The rule presets as a heading ("Desert rules").
PRESET_HEADINGS: dict[str, str] = {
    "desert": N_("Desert rules"),
    "classic": N_("Classic rules"),
    "strict": N_("Strict rules"),
    "relaxed": N_("Relaxed rules"),
}

#: A layout's name as the layout screens show it (the one place they take it from).
layout_name = layout_title


def difficulty_name(word: str) -> str:
    """A difficulty word (``Gentle`` .. ``Fiendish``, ``unrated``) in the player's language."""
    return _(DIFFICULTY_NAMES[word]) if word in DIFFICULTY_NAMES else word


def preset_name(preset: str) -> str:
    """A rule preset's name (``desert`` → "Desert") in the player's language."""
    return _(PRESET_NAMES[preset]) if preset in PRESET_NAMES else preset.capitalize()


def rules_heading(preset: str) -> str:
    """The rules of a preset as a heading ("Desert rules") in the player's language."""
    return _(PRESET_HEADINGS[preset]) if preset in PRESET_HEADINGS else preset.capitalize()
