"""What the table shows of the relics and card backs: the back its stock draws, and what a
finished deal unlocked (the won dialog's rows, in the desktop's results screen's words, with the
pictures the build drew). The Relics and Card backs screens are :mod:`desert_pyramid.web.progress`.
"""

from __future__ import annotations

from desert_pyramid.app.application import Application
from desert_pyramid.i18n import _, pgettext
from desert_pyramid.progression import BACK_BY_ID, Unlocks

#: where the build puts the pictures (``ui/art/export.py``), relative to the page
RELIC_ART = "art/relics/{id}{locked}.webp"
BACK_ART = "art/cards/back-{id}.webp"
LOCKED_BACK_ART = "art/backs/{id}-locked.webp"


def back_art(back_id: str) -> str:
    """The picture of a back the player owns (the table's stock draws it too)."""
    return BACK_ART.format(id=back_id)


def table_back(app: Application) -> str:
    """The back the table draws: the one chosen (the desktop's setting, read from the profile
    when the saves were opened), the default when it is not one of the game's own."""
    chosen = app.settings.card_back
    return chosen if chosen in BACK_BY_ID else app.backs.effective().id


# -- what a finished deal unlocked ------------------------------------------------------------------
def unlocked_label(kind: str) -> str:
    """The results' row label of something unlocked (the desktop's results screen's words)."""
    if kind == "relic":
        return pgettext("results", "Relic found")
    return pgettext("results", "Card back unlocked")


def unlocks_json(unlocks: Unlocks) -> list[dict[str, str]]:
    """The relics and backs a deal unlocked, for the won dialog: each with the results' row
    (label and name), the line read out ("Relic found: Clay Jar") and its picture."""
    found: list[tuple[str, str, str, str]] = [
        ("relic", r.id, r.name, RELIC_ART.format(id=r.id, locked="")) for r in unlocks.relics
    ]
    found += [("back", b.id, b.name, back_art(b.id)) for b in unlocks.backs]
    return [
        {
            "kind": kind,
            "id": item_id,
            "label": unlocked_label(kind),
            "name": _(name),
            # TRANSLATORS: a results line read out: what was unlocked and its name
            "line": _("{what}: {name}").format(what=unlocked_label(kind), name=_(name)),
            "image": image,
        }
        for kind, item_id, name, image in found
    ]
