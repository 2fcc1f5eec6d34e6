"""The relics and card backs in the browser (docs/web.md, "Relics and card backs"): what the
Relics and Card backs screens show, choosing a back, and what a finished deal unlocked.

Nothing is decided here: the relics and backs a player owns are the application's (the same
``save.toml`` and ``profile.toml`` the desktop writes, counted by ``progression`` when
``Application.finish`` records a deal), a back is chosen through ``Application.choose_back`` (the
desktop's own call: kept in the profile, the table draws it). The words are the desktop's Relics,
Card backs and results screens' messages (the same msgids and contexts, so nothing is translated
twice); the pictures are the desktop's art, drawn into the site at build time
(``ui/art/export.py``: ``art/relics/``, ``art/backs/``, ``art/cards/back-ID.webp``).
"""

from __future__ import annotations

from typing import Any

from desert_pyramid.app.application import Application
from desert_pyramid.app.rewards import (
    back_detail,
    back_how,
    relic_detail,
    relic_found,
    relics_summary,
    saved_date,
)
from desert_pyramid.i18n import _, format_number, ngettext, pgettext
from desert_pyramid.progression import BACK_BY_ID, CARD_BACKS, RELICS, CardBack, Relic
from desert_pyramid.web.table import RequestError
from desert_pyramid.web.unlocks import LOCKED_BACK_ART, RELIC_ART, back_art, table_back


# -- relics -------------------------------------------------------------------------------------
def relic_json(app: Application, relic: Relic) -> dict[str, Any]:
    """One relic as the Relics screen shows it (found: its picture, name and flavour line; else
    its silhouette and how far there is to go)."""
    found = relic_found(app.progress, relic)
    cleared = app.progress.pyramids_cleared
    out: dict[str, Any] = {
        "id": relic.id,
        "name": _(relic.name),
        "earned": found,
        "date": app.progress.relics.get(relic.id, "") if found else "",
        "threshold": relic.threshold,
        "image": RELIC_ART.format(id=relic.id, locked="" if found else "-locked"),
        "detail": relic_detail(app.progress, relic),
    }
    if found:
        # TRANSLATORS: a relic's flavour line in quotation marks („…“, « … », «…»)
        out["text"] = _("“{flavour}”").format(flavour=_(relic.flavour))
    else:
        left = relic.threshold - cleared
        out["text"] = relic.how_to_earn()
        out["left"] = ngettext("{n} more pyramid", "{n} more pyramids", left).format(
            n=format_number(left)
        )
        out["count"] = (
            f"{format_number(min(cleared, relic.threshold))} / {format_number(relic.threshold)}"
        )
        out["fraction"] = round(min(1.0, cleared / relic.threshold), 4)
    return out


def relics(app: Application) -> dict[str, Any]:
    """The Relics screen: the twelve relics and the desktop's summary (pyramids cleared, relics
    found, the next one)."""
    items = [relic_json(app, relic) for relic in RELICS]
    n = app.progress.pyramids_cleared
    found = sum(1 for item in items if item["earned"])
    summary = relics_summary(app.progress, RELICS)
    return {"relics": items, "cleared": n, "found": found, "summary": " · ".join(summary)}


# -- card backs -----------------------------------------------------------------------------------
def back_json(app: Application, back: CardBack, chosen: str) -> dict[str, Any]:
    """One back as the Card backs screen shows it: owned ones in colour with what they were for
    and when, the chosen one marked; locked ones dimmed under a padlock with how to earn them."""
    owned = app.backs.owns(back.id)
    name = _(back.name)
    date = app.backs.unlocked.get(back.id, "") if owned else ""
    if back.id == chosen:
        status = _("In use on your cards")
    elif owned:
        status = _("Owned · click or Enter to use")
    else:
        status = back_how(app.progress, back)
    detail = back_detail(app.progress, back, chosen=back.id == chosen, owned=owned, date=date)
    return {
        "id": back.id,
        "name": name,
        "earned": owned,
        "chosen": back.id == chosen,
        "date": date,
        "when": pgettext("card back", "Unlocked on {date}").format(date=saved_date(date))
        if date
        else "",
        "how": _(back.how_to_earn),
        "status": status,
        "detail": detail,
        "image": back_art(back.id) if owned else LOCKED_BACK_ART.format(id=back.id),
    }


def backs(app: Application) -> dict[str, Any]:
    """The Card backs screen: every back of the game, the chosen one, the desktop's summary."""
    chosen = table_back(app)
    items = [back_json(app, back, chosen) for back in CARD_BACKS]
    owned = sum(1 for item in items if item["earned"])
    summary = _("{owned} of {total} backs owned").format(
        owned=format_number(owned), total=format_number(len(items))
    )
    return {"backs": items, "chosen": chosen, "owned": owned, "summary": summary}


def choose_back(app: Application, back_id: object) -> dict[str, Any]:
    """Choose an owned back: ``Application.choose_back`` keeps it in the profile (as the desktop's
    picker does) and the table's stock draws it. An unknown back or a locked one is refused with
    the reason (a locked one in the desktop's words)."""
    if not isinstance(back_id, str) or back_id not in BACK_BY_ID:
        raise RequestError(
            f"unknown card back {back_id!r}: one of {', '.join(b.id for b in CARD_BACKS)}"
        )
    back = BACK_BY_ID[back_id]
    if not app.backs.owns(back_id) or not app.choose_back(back_id):
        raise RequestError(
            _("{back} is locked. {how}").format(back=_(back.name), how=_(back.how_to_earn))
        )
    return {
        "chosen": back_id,
        "message": _("{back} is on your cards now.").format(back=_(back.name)),
        **backs(app),
    }
