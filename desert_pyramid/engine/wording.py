"""The rules in words: every phrase that states a rule, in one module.

:meth:`Rules.describe <desert_pyramid.engine.rules.Rules.describe>` (one line: ``3 passes,
Satchel, clear the layout``), the coach's sentences at the deal
(:func:`desert_pyramid.modes.coach.rules_text`) and the How to play content's labels of a
variation's options (:func:`desert_pyramid.content.option_label`) take their words from here, so a
rule reads the same wherever it is stated. The rule book these words follow is ``docs/rules.md``.
The sentences the window shows are marked with ``N_`` for the catalogues and shown in the
player's language by the layers above (the engine imports nothing of the language layer; the
command line's ``Rules.describe`` stays English).

(This module imports nothing: :mod:`.rules` imports it. Passes are given as a count, ``None`` for
unlimited.)
"""

from __future__ import annotations

from dataclasses import dataclass


def N_(message: str) -> str:  # noqa: N802
    """Mark a sentence for the catalogues (tools/i18n.py extracts N_): the coach shows it in the
    player's language (the engine itself imports nothing of the language layer)."""
    return message


@dataclass(frozen=True, slots=True)
class OptionWords:
    """The words for one rule option (a boolean field of ``Rules``)."""

    field: str  # the Rules field
    short: str  # in a one-line description, when the option is on
    on: str  # the label of an override that turns it on (a variation's rules)
    off: str  # ... that turns it off
    sentence: str  # the rule told to a player, when it is on


OPTIONS: tuple[OptionWords, ...] = (
    OptionWords(
        "satchel",
        N_("Satchel"),
        "with the Satchel",
        "no Satchel",
        N_("The Satchel holds one free card for later; it pairs with any free card."),
    ),
    OptionWords(
        "stock_top_playable",
        N_("stock top playable"),
        "stock top playable",
        "stock top face down",
        N_(
            "The stock's top card is face up and free: it pairs with the waste top or a free "
            "layout card."
        ),
    ),
    OptionWords(
        "draw_three",
        N_("draw three"),
        "draw three",
        "draw one",
        N_("A flip turns three cards onto the waste; only the last one is free."),
    ),
    OptionWords(
        "relaxed_match",
        N_("relaxed match"),
        "relaxed match",
        "no relaxed match",
        N_("A card may pair with the card it covers when no other card covers either."),
    ),
    OptionWords(
        "all_52",
        N_("all 52 cards must go"),
        "all 52 cards must go",
        "clearing the layout wins",
        N_("Win by removing all 52 cards."),
    ),
)
OPTION_WORDS: dict[str, OptionWords] = {o.field: o for o in OPTIONS}

# The rules every rule set shares, and the defaults that the options above change.
PAIRS = N_("Remove two free cards that add up to 13, or a free king on its own.")
DRAW_ONE = N_("Flip the stock for more cards: only the waste's top card is free.")
CLEAR_THE_LAYOUT = N_("clear the layout")  # the goal without all_52, in a one-line description
WIN_BY_CLEARING = N_("Win by clearing the layout.")


def passes_short(passes: int | None) -> str:
    """For a one-line description: ``unlimited passes``, ``one pass``, ``3 passes``."""
    if passes is None:
        return "unlimited passes"
    return "one pass" if passes == 1 else f"{passes} passes"


def passes_label(passes: int | None) -> str:
    """For an override's label: ``unlimited passes``, ``1 pass``, ``3 passes``."""
    if passes is None:
        return "unlimited passes"
    return "1 pass" if passes == 1 else f"{passes} passes"


def passes_sentence(passes: int | None) -> str:
    """The passes rule told to a player."""
    if passes is None:
        return "You may go through the stock as often as you like."
    if passes == 1:
        return "You go through the stock once: there is no redeal."
    return f"You may go through the stock {passes} times in all ({passes - 1} redeals)."
