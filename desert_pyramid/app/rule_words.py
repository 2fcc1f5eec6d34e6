"""A rule set in one line, in the player's language: "3 passes, Satchel, clear the layout" (the
translated counterpart of :meth:`Rules.describe <desert_pyramid.engine.rules.Rules.describe>`,
whose English words stay the command line's). The engine speaks no language but English; the
screens take their line from here."""

from __future__ import annotations

from desert_pyramid.engine import Rules
from desert_pyramid.i18n import N_, _, ngettext, pgettext

#: The options' short words (engine/wording.py's OPTION_WORDS ``short``), when an option is on.
OPTION_SHORT: dict[str, str] = {
    # TRANSLATORS: a rule option in a one-line description of the rules
    "stock_top_playable": N_("stock top playable"),
    "draw_three": N_("draw three"),
    "relaxed_match": N_("relaxed match"),
}


def describe_rules(rules: Rules) -> str:
    """The rules in one line, as :meth:`Rules.describe` orders them, first letter capitalised."""
    passes = rules.max_passes
    bits = [
        _("unlimited passes")
        if passes is None
        else ngettext("{n} pass", "{n} passes", passes).format(n=passes)
    ]
    if rules.satchel:
        # TRANSLATORS: the Satchel option in a one-line description of the rules (3 passes, Satchel...)
        bits.append(pgettext("rules", "Satchel"))
    bits += [_(words) for field, words in OPTION_SHORT.items() if getattr(rules, field)]
    bits.append(_("all 52 cards must go") if rules.all_52 else _("clear the layout"))
    # TRANSLATORS: the separator between the parts of a one-line description of the rules
    line = _(", ").join(bits)
    return line[:1].upper() + line[1:]
