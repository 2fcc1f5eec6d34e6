"""The web edition's Settings screen, decided in Python: the desktop's :class:`Settings` read and
written through the application (``Application.set_settings``), so they are kept in the same
``save.toml`` the desktop reads and an exported profile carries them.

The page shows a row a setting (:data:`ROWS`: the desktop's own labels and value names) and
applies what it is answered: a class for high contrast and for reduced motion, the text size as a
CSS variable, the four-colour faces, the sound's volume, the figures hidden at the table, what is
said aloud and how. A value the desktop's settings loader refuses is refused here with its
message (:meth:`Settings.from_dict`).

Speech is the save's own ``speech`` setting, shared with the desktop: in the browser ``auto`` and
``screen-reader`` are the page's status line only (a screen reader reads it), ``on`` and a desktop
backend's name the browser's own voice too (the Web Speech API), ``off`` neither
(:func:`browser_speech`). The row offers what a browser can do (:data:`BROWSER_SPEECH`); a
desktop value the player never changed here is shown by its name and kept.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from desert_pyramid.app.application import Application
from desert_pyramid.app.prefs import (
    ANIMATION_SPEEDS,
    SPEECH_NAMES,
    TEXT_SIZES,
    Settings,
    SettingsError,
)
from desert_pyramid.i18n import _, current_language, format_percent, language_named
from desert_pyramid.web.table import RequestError

#: The settings the page changes: key -> (the desktop's label, the kind of its values).
ROWS: dict[str, tuple[str, str]] = {
    "mute": ("Sound · M", "sound"),
    "volume": ("Master volume", "volume"),
    "effects_volume": ("Effects", "volume"),
    "ambience_volume": ("Ambience", "volume"),
    "animation_speed": ("Animations", "animation"),
    "high_contrast": ("High contrast", "on_off"),
    "text_size": ("Text size", "text_size"),
    "untimed": ("Clock", "clock"),
    "four_colour": ("Four-colour deck", "on_off"),
    "large_index": ("Large indices", "on_off"),
    "hide_timer": ("Timer", "shown_hidden"),
    "hide_score": ("Score", "shown_hidden"),
    "speech": ("Speech · F2", "speech"),
}
#: The speech choices the browser's row offers (the save may hold a desktop backend's name too).
BROWSER_SPEECH: tuple[str, ...] = ("auto", "off", "on")
#: The choices that are the page's status line only: a screen reader reads it.
STATUS_LINE_ONLY = frozenset({"auto", "screen-reader"})
#: What the page may set here: the rows (the language is set by the ``language`` request, which
#: also keeps it in the settings).
SETTABLE = tuple(ROWS)
VOLUME_STEPS = tuple(n / 10 for n in range(11))


class SettingsRequestError(RequestError):
    """A settings request the game refuses; the message says what is wrong, the value echoed."""


def _choices(kind: str) -> list[dict[str, Any]]:
    """The values a row offers, each with its name in the player's language (the desktop's)."""
    if kind == "sound":  # "mute": the row says whether the sound is on
        return [{"value": False, "name": _("On")}, {"value": True, "name": _("Muted")}]
    if kind == "on_off":
        return [{"value": False, "name": _("Off")}, {"value": True, "name": _("On")}]
    if kind == "shown_hidden":  # hide_timer, hide_score: the row says whether it is shown
        return [{"value": False, "name": _("Shown")}, {"value": True, "name": _("Hidden")}]
    if kind == "speech":
        return [{"value": c, "name": _(SPEECH_NAMES[c])} for c in BROWSER_SPEECH]
    if kind == "clock":
        return [{"value": False, "name": _("Timed")}, {"value": True, "name": _("Untimed")}]
    if kind == "volume":
        return [{"value": v, "name": format_percent(v) if v else _("Off")} for v in VOLUME_STEPS]
    if kind == "text_size":
        return [{"value": t, "name": format_percent(t / 100)} for t in TEXT_SIZES]
    speeds = ANIMATION_SPEEDS  # "animation": Off is the reduced motion
    return [{"value": s, "name": _(Settings(animation_speed=s).animation_name)} for s in speeds]


def settings_json(app: Application) -> dict[str, Any]:
    """The settings as the page shows and applies them: ``values`` (each of :data:`SETTABLE`),
    ``rows`` (key, label, choices, in the player's language) and what the page applies:
    ``reduced_motion``, ``effects_level`` (master x effects, 0 muted), ``ambience_level``
    (master x ambience: the desert's wind at the table), ``hidden`` (the table's figures shown
    as "—", the desktop's :attr:`Settings.hidden_figures`) and ``speech``
    (:func:`browser_speech`)."""
    s = app.settings
    values = {key: getattr(s, key) for key in (*SETTABLE, "language")}
    rows = []
    for key, (label, kind) in ROWS.items():
        choices = _choices(kind)
        value = values[key]
        if not any(c["value"] == value for c in choices):  # a file edited by hand: shown as is
            if kind == "text_size":
                name = format_percent(value / 100)
            elif kind == "speech":  # a desktop backend's name: kept until the player changes it
                name = _(SPEECH_NAMES.get(value, value))
            else:
                name = str(value)
            choices.append({"value": value, "name": name})
        rows.append({"key": key, "label": _(label), "choices": choices})
    return {
        "values": values,
        "rows": rows,
        "reduced_motion": not s.animations,
        "effects_level": round(s.effects_level, 3),
        "ambience_level": round(s.ambience_level, 3),
        "hidden": sorted(s.hidden_figures),
        "speech": browser_speech(s.speech),
    }


def browser_speech(choice: str) -> dict[str, Any]:
    """What the ``speech`` setting means in a browser: ``live`` (the page's status line, which a
    screen reader reads) and ``voice`` (the browser's own voice says it too), with the desktop's
    words about the voice (``words``: templates with ``{name}``, the voice, and ``{why}``, what is
    missing, filled by the page with one of the browser's reasons, also in ``words``) and the F2 key's next choice
    (``toggle``: on or off, as the desktop's F2 turns it)."""
    live = choice != "off"
    voice = live and choice not in STATUS_LINE_ONLY
    return {
        "choice": choice,
        "live": live,
        "voice": voice,
        "toggle": "off" if voice else "on",
        "words": {
            "on": _("Speech is on."),
            "on_named": _("Speech is on ({name})."),
            "off": _("Speech is off."),
            "off_why": _("Speech is off: {why}."),
            "instead": _("Speech: {why}; speaking with {name}."),
            # the browser's reasons, in the player's language (the page fills {why} with one)
            # TRANSLATORS: why the browser edition cannot speak: "Speech is off: {why}."
            "cannot_speak": _("this browser cannot speak"),
            # TRANSLATORS: why the browser edition cannot speak: "Speech is off: {why}."
            "no_voice": _("this browser has no voice"),
            # TRANSLATORS: the browser has voices, none for the game's language ("German"):
            # "Speech: {why}; speaking with {name}."
            "no_voice_for": _("no voice for {language} here").format(
                language=language_named(current_language())
            ),
        },
    }


def follow_system(app: Application, system: object) -> None:
    """The system's preferences as the defaults of a profile that never chose: the page's
    ``prefers-reduced-motion`` turns the animations off when no animation speed was ever saved
    (the choice is then saved, as the player's). ``system``: ``{"reduced_motion": bool}``."""
    if not isinstance(system, dict):
        raise SettingsRequestError(f"'system' must be an object, not {system!r}")
    reduced = system.get("reduced_motion", False)
    if not isinstance(reduced, bool):
        raise SettingsRequestError(f"'reduced_motion' must be true or false, not {reduced!r}")
    store = app.saves.store
    stored = store.progress.settings if store is not None else {}
    if reduced and "animation_speed" not in stored and app.settings.animations:
        app.set_settings(replace(app.settings, animation_speed=0.0))


def keep_language(app: Application, code: str) -> None:
    """The language the player chose (one of the seven), kept in the settings as the desktop's
    Language row keeps it: an exported profile opens in it."""
    if app.settings.language != code:
        app.set_settings(replace(app.settings, language=code))


def change_settings(app: Application, values: object) -> Settings:
    """Change some settings (``{key: value}``, keys of :data:`SETTABLE`) as the desktop's loader
    reads them, and keep them in the save file. Nothing changes when one value is refused: the
    :class:`SettingsRequestError` says which and why."""
    if not isinstance(values, dict) or not values:
        raise SettingsRequestError(
            f"'values' must be an object of settings to change, not {values!r}"
        )
    for key in values:
        if key not in SETTABLE:
            raise SettingsRequestError(f"unknown setting {key!r}: one of {', '.join(SETTABLE)}")
    try:
        new = Settings.from_dict({**app.settings.to_dict(), **values})
    except SettingsError as exc:
        raise SettingsRequestError(str(exc)) from None
    app.set_settings(new)
    return new
