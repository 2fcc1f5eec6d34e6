"""The workshop and the player's layouts: saving a draft as one of them."""

from __future__ import annotations

from desert_pyramid.engine import Layout
from desert_pyramid.storage.layouts import PlayerLayouts
from desert_pyramid.workshop.model import Draft


def save_draft(draft: Draft, store: PlayerLayouts) -> Layout:
    """Save ``draft`` among the player's layouts: over the layout it edits (its number, and so
    its statistics, kept), else as a new layout with the next number. The draft then edits the
    layout saved. :class:`~desert_pyramid.workshop.model.EditError` when the draft cannot be
    played, :class:`~desert_pyramid.storage.layouts.PlayerLayoutError` when it cannot be
    written (nothing changed on disk)."""
    layout = draft.build()
    if draft.number is not None and store.get(draft.number) is not None:
        saved = store.replace(draft.number, layout)
    else:
        saved = store.add(layout)
    draft.number = saved.number
    draft.name = saved.name
    draft.changed = False
    return saved
