"""The layout the player last chose in the picker: kept in the save file's settings
(``practice_layout``) when the window has a save store, else for as long as the window is open."""

from __future__ import annotations

import weakref
from typing import Protocol

from desert_pyramid.app.saving import Saves
from desert_pyramid.catalog import Catalogue
from desert_pyramid.storage import SaveStore

SETTING_KEY = "practice_layout"


class PickerHost(Protocol):
    """What the picker's memory needs of the application: its save link and its layouts."""

    @property
    def saves(self) -> Saves: ...

    @property
    def catalogue(self) -> Catalogue: ...


_MEMORY: weakref.WeakKeyDictionary[PickerHost, int] = weakref.WeakKeyDictionary()


def store_of(app: PickerHost) -> SaveStore | None:
    """The application's save store, if it has one."""
    return app.saves.store


def remembered_layout(app: PickerHost) -> int | None:
    """The layout last chosen in the picker: from the save file's settings, else from this
    window's memory. A value that is not a layout number is ignored."""
    store = store_of(app)
    candidates: list[object] = []
    if store is not None:
        candidates.append(store.progress.settings.get(SETTING_KEY))
    candidates.append(_MEMORY.get(app))
    for value in candidates:
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and value in app.catalogue.every_layout()
        ):
            return value
    return None


def remember_layout(app: PickerHost, number: int) -> None:
    """Keep the choice for next time (the save file when there is one; never raises)."""
    _MEMORY[app] = number
    store = store_of(app)
    if store is not None:
        # a failed write does not stop the choice: the store keeps the value and reports the
        # failure among its notices (update_settings returns False)
        store.update_settings({SETTING_KEY: number})
