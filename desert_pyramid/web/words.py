"""The page's words and the browser's language, decided in Python (docs/web.md, "Languages").

The page shows no text of its own once the worker has answered: its labels (Hint, Undo, the
piles' captions, the picker, the dialogs) come from :func:`page_words`, each the desktop's own
message (the same msgid and context the desktop's screens translate), so nothing is translated
twice. The piles' accessible names are the desktop's spoken sentences (:func:`pile_names`); a
card's is :func:`~desert_pyramid.app.spoken.card_words`. The Daily's words (the day streak, whether
today's pyramid counts) are the desktop's Daily screen's (:func:`daily_words`).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

from desert_pyramid.app import spoken
from desert_pyramid.engine import CARDS, SATCHEL, STOCK, Game
from desert_pyramid.i18n import LANGUAGES, N_, SOURCE, _, ngettext, pgettext
from desert_pyramid.i18n.say import Say, tell, tell_n
from desert_pyramid.modes.streak import CLEARED

#: the page's labels: key -> (context, message), each a message the desktop already translates
PAGE_WORDS: dict[str, tuple[str | None, str]] = {
    "hint": ("button", "Hint"),
    "undo": (None, "Undo"),
    "redo": (None, "Redo"),
    "menu": ("button", "Menu"),
    "stock": ("pile", "Stock"),
    "waste": ("pile", "Waste"),
    "satchel": ("pile", "Satchel"),
    "score": ("hud", "Score"),
    "moves": ("hud", "Moves"),
    "time": ("hud", "Time"),
    "time_bonus": ("hud", "Time bonus"),
    "continue": (None, "Continue"),
    "practice": (None, "Practice"),
    "rules": (None, "Rules"),
    "layout": ("practice", "Layout"),
    "deal": (None, "Deal"),
    "deal_code": (None, "Deal code"),
    "open_code": (None, "Play"),
    "new_deal": (None, "New deal"),
    "won": (None, "You won!"),
    "stuck": (None, "NO MORE MOVES"),
    "daily": (None, "Daily"),
    "play_daily": (None, "Play today's pyramid"),
    "language": (None, "Language"),
    "settings": (None, "Settings"),
    "back": (None, "Back"),
    "close": (None, "Close"),
    "thinking": (None, "Thinking…"),
    "pyramid": ("hud", "Pyramid"),
    # the Expedition (web/expedition.js): the desktop's HUD, pause and results words
    "expedition": (None, "Expedition"),
    "daylight": ("hud", "Daylight"),
    "pause": ("replay", "Pause"),
    "paused": (None, "PAUSED"),
    "paused_text": (None, "The clock is stopped and the cards are hidden."),
    "resume": (None, "Resume"),
    "end_trek": (None, "End the trek"),
    "end_trek_confirm": (None, "End the trek? Press again"),
    "new_trek": (None, "New trek"),
    # the Profile screen (web/profile.js)
    "profile": (None, N_("Profile")),
    "export_profile": (None, N_("Export the profile")),
    "import_profile": (None, N_("Import a profile")),
    "profile_about": (
        None,
        N_(
            "Your progress, statistics, settings, card backs and the game in progress, in one "
            "file. The desktop edition imports it: desert-pyramid profile --import FILE"
        ),
    ),
    "download_kept": (None, N_("Download the profile from before the import")),
    "relics": (None, "Relics"),
    "card_backs": (None, "Card backs"),
    "how_to_play": (None, "How to play"),
    "statistics": (None, "Statistics"),
}


def page_words() -> dict[str, str]:
    """Every label of the page in the player's language (the desktop's translations)."""
    return {
        key: pgettext(context, message) if context else _(message)
        for key, (context, message) in PAGE_WORDS.items()
    }


def layout_label(number: int, name: str, size: int) -> str:
    """A layout in the picker: ``1. Great Pyramid (28 cards)``, the count in the language."""
    return f"{number}. {name} ({ngettext('{n} card', '{n} cards', size).format(n=size)})"


def browser_language(tags: Iterable[object]) -> str:
    """The first of the browser's languages (``navigator.languages``: ``de-DE``, ``pt-PT``,
    ``zh-Hant-TW``) that the game speaks, else English; anything that is not a language tag is
    passed over. Read from the tag itself, not with Babel: the site's Babel holds the seven
    languages' data only, not every region's (``de_DE``)."""
    for tag in tags:
        if not (isinstance(tag, str) and 0 < len(tag) <= 35):
            continue
        parts = tag.replace("_", "-").split("-")
        lang = parts[0].lower()
        region = next((p.upper() for p in parts[1:] if len(p) == 2 and p.isalpha()), "")
        if f"{lang}_{region}" in LANGUAGES:
            return f"{lang}_{region}"
        for code in LANGUAGES:
            if code.split("_")[0] == lang:
                return code
    return SOURCE


def language_choices() -> list[dict[str, str]]:
    """The Language control's choices, each named in itself (as the desktop's Language row)."""
    return [{"code": code, "name": name} for code, name in LANGUAGES.items()]


def _aloud(say: Say) -> str:
    return spoken.aloud(say)


def pile_names(game: Game) -> dict[str, str]:
    """The piles' accessible names: the desktop's spoken words for the stock (its count and
    redeals), the waste's top card and the Satchel, without the partners (a button's name)."""
    stock = spoken.focus_text(game, STOCK)
    if game.waste:
        count = len(game.waste)
        waste = _aloud(
            tell_n(
                "{card:cap} on the waste, {n} card.",
                "{card:cap} on the waste, {n} cards.",
                count,
                card=CARDS[game.waste[-1]],
            )
        )
    else:
        waste = _aloud(tell("Waste, empty."))
    if game.satchel >= 0:
        satchel = _aloud(tell("{card:cap} in the Satchel.", card=CARDS[game.satchel]))
    else:
        satchel = spoken.focus_text(game, SATCHEL)
    return {"stock": stock, "waste": waste, "satchel": satchel}


def daily_words(progress: Any, today: str) -> dict[str, Any]:
    """The Daily's line on the start page for the player's ``today`` (ISO date): the day streak
    and whether playing today's pyramid counts (the desktop's Daily screen's words)."""
    daily = progress.daily
    day = datetime.date.fromisoformat(today)
    now = daily.current_on(today)
    best = daily.best
    cleared = daily.record.status(day, day) == CLEARED
    streak = ngettext(
        "Day streak: {n} day · best {best}", "Day streak: {n} days · best {best}", now
    ).format(n=now, best=best)
    counts = (
        _("Cleared today: playing it again does not count twice.")
        if cleared
        else _("Today's pyramid counts for the streak.")
    )
    return {
        "date": today,
        "streak": now,
        "best": best,
        "cleared": cleared,
        "line": f"{streak}. {counts}",
    }
