"""The relics' and card backs' words, for the desktop's Relics and Card backs screens and the
browser's (``web/progress.py``): when a relic was found and what for, or how far it is; how a
back is earned and what pressing it does. Decided once, in the player's language."""

from __future__ import annotations

import datetime

from desert_pyramid.i18n import _, format_date, format_number, ngettext
from desert_pyramid.progression import CardBack, Progress, Relic, next_relic


def saved_date(iso: str) -> str:
    """A date the save keeps (``2026-03-14``) as the player's language writes it (14.03.2026,
    14 mars 2026); a text that is not a date as it is."""
    try:
        return format_date(datetime.date.fromisoformat(iso))
    except ValueError:
        return iso


def relic_found(progress: Progress, relic: Relic) -> bool:
    """Found: recorded in the save, or earned by the count (the store grants those at start)."""
    return relic.id in progress.relics or progress.pyramids_cleared >= relic.threshold


def relic_detail(progress: Progress, relic: Relic) -> str:
    """A relic's line: when it was found and what for, or how to find it and how far it is."""
    name, n = _(relic.name), relic.threshold
    if relic_found(progress, relic):
        date = progress.relics.get(relic.id, "")
        if date:
            return ngettext(
                "{relic} · found on {date} · for clearing {n} pyramid in all",
                "{relic} · found on {date} · for clearing {n} pyramids in all",
                n,
            ).format(relic=name, date=saved_date(date), n=format_number(n))
        return ngettext(
            "{relic} · for clearing {n} pyramid in all",
            "{relic} · for clearing {n} pyramids in all",
            n,
        ).format(relic=name, n=format_number(n))
    left = n - progress.pyramids_cleared
    to_go = ngettext("{n} more pyramid to go.", "{n} more pyramids to go.", left)
    how = _("{relic}: {how}").format(relic=name, how=relic.how_to_earn())
    return f"{how} {to_go.format(n=format_number(left))}"  # two sentences


def relics_summary(progress: Progress, relics: tuple[Relic, ...] | list[Relic]) -> list[str]:
    """The Relics screen's summary: pyramids cleared, relics found, the next one."""
    n = progress.pyramids_cleared
    found = sum(1 for r in relics if relic_found(progress, r))
    parts = [
        ngettext("{n} pyramid cleared in all", "{n} pyramids cleared in all", n).format(
            n=format_number(n)
        ),
        _("{found} of {total} relics found").format(
            found=format_number(found), total=format_number(len(relics))
        ),
    ]
    nxt = next_relic(n)
    if nxt is None:
        parts.append(_("the collection is complete"))
    else:
        relic, more = nxt
        parts.append(
            ngettext(
                "next: {relic} in {n} more pyramid", "next: {relic} in {n} more pyramids", more
            ).format(relic=_(relic.name), n=format_number(more))
        )
    return parts


def back_how(progress: Progress, back: CardBack) -> str:
    """How to earn a back, and for pyramids cleared in all how far it is: "Clear 25 pyramids in
    all. 12 more to go." """
    how = _(back.how_to_earn)
    left = back.amount - progress.pyramids_cleared
    if back.rule != "clears" or left <= 0:
        return how
    more = ngettext("{n} more to go.", "{n} more to go.", left).format(n=format_number(left))
    return f"{how} {more}"  # two sentences


def back_detail(progress: Progress, back: CardBack, *, chosen: bool, owned: bool, date: str) -> str:
    """A back's line: on your cards now, how to use it (with the date it was unlocked), or how to
    earn it."""
    name = _(back.name)
    if chosen:
        return _("{back}: on your cards now.").format(back=name)
    if owned:
        if date:
            return _("{back} (unlocked {date}): press Enter to use it.").format(
                back=name, date=saved_date(date)
            )
        return _("{back}: press Enter to use it.").format(back=name)
    return _("{back}: {how}").format(back=name, how=back_how(progress, back))
