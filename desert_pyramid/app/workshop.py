"""The layout editor's logic, with no window: what the editor screen shows and what its keys,
clicks and drags do to the draft (:class:`desert_pyramid.workshop.Draft`).

:class:`Editor` holds the draft, a cursor on the grid (whole half-card steps), a card held to be
moved by the keyboard, the name being typed, the message line, and the difficulty estimate: it
asks an estimator (:class:`desert_pyramid.workshop.EstimateService`, in its own process) again
each time the layout changes and it can be played, a moment after the last change, and reads the
progress in :meth:`Editor.update` (called every frame; it never waits).

Units are the layout files' (half-card steps, ``y`` down); the screen turns pixels into them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from desert_pyramid.difficulty import UNRATED, LayoutDifficulty
from desert_pyramid.engine import Layout
from desert_pyramid.engine.errors import EngineError
from desert_pyramid.engine.layoutcode import looks_like_layout_code
from desert_pyramid.engine.text import NAME_CHARS_MAX
from desert_pyramid.i18n import _, format_number, format_percent, ngettext
from desert_pyramid.storage.layouts import PlayerLayoutError, PlayerLayouts, check_name
from desert_pyramid.workshop import GRID_X, GRID_Y, EditError, Estimate, save_draft

# the drafts, their problems and the places a problem marks, as the ui names them (the ui
# imports no workshop: an import-linter contract)
from desert_pyramid.workshop import Draft as Draft
from desert_pyramid.workshop import Problem as Problem
from desert_pyramid.workshop.model import Place
from desert_pyramid.workshop.model import draft_of as draft_of
from desert_pyramid.workshop.model import indices as indices

#: Seconds without a change before the estimate starts again (typing a layout card by card does
#: not start the solver for each card).
SETTLE = 0.35
NAME_MAX = NAME_CHARS_MAX  # characters typed in the name field (the store checks the bytes)


class Estimator(Protocol):
    """What the editor needs of an estimate service (``EstimateService`` has it)."""

    deals: int

    def request(self, layout: Layout) -> None: ...
    def poll(self) -> Estimate | None: ...
    def cancel(self) -> None: ...

    @property
    def busy(self) -> bool: ...

    error: str | None


@dataclass(frozen=True, slots=True)
class EstimateView:
    """The estimate as the screen writes it: a headline and two lines of rates."""

    word: str  # the grade (Gentle ... Fiendish), or "unrated" (not translated: a key)
    status: str  # "measuring… 40/300 deals", "300 deals", "" ... (in the player's language)
    relaxed: str  # "Relaxed rules: 64% won (95%: 60% to 68%)"
    desert: str
    done: bool


def first_line(text: str) -> str:
    """A message for the screen: the first line, capitalised, ending with a full stop."""
    line = text.strip().splitlines()[0] if text.strip() else ""
    if not line:
        return ""
    line = line[:1].upper() + line[1:]
    return line if line.endswith((".", "!", "?", ")")) else line + "."


class Editor:
    """The editor's state and actions. ``store`` is where layouts are saved (``None``: saving
    says it cannot); ``estimator`` measures the difficulty (``None``: no estimate)."""

    def __init__(
        self,
        draft: Draft,
        store: PlayerLayouts | None = None,
        estimator: Estimator | None = None,
    ) -> None:
        self.draft = draft
        self.store = store
        self.estimator = estimator
        self.cursor: tuple[float, float] = self._start_cursor()
        self.held: int | None = None  # the card picked up to move with the keys
        self.naming: str | None = None  # the name being typed; None when not naming
        self.save_after_naming = False
        #: the name field opened with its whole text selected: the first character typed replaces
        #: it, Backspace clears it (as in any name field)
        self.name_selected = False
        self.message = ""
        self.leave_armed = False  # Esc once with unsaved changes: a second Esc leaves
        self.saved: Layout | None = None  # the layout last saved from here
        self.estimate: Estimate | None = None
        self._asked: tuple[Place, ...] | None = None  # the places the estimate is for
        self._wanted: tuple[Place, ...] | None = None
        self._settle = 0.0
        self.version = 0  # goes up with every change the screen must show
        self._problems_for: tuple[tuple[Place, ...], str] | None = None
        self._problems: list[Problem] = []

    # -- what is shown ----------------------------------------------------------------------------
    def _start_cursor(self) -> tuple[float, float]:
        if self.draft.places:
            p = self.draft.places[-1]
            return (p.x, p.y)
        return (float(GRID_X // 2), float(GRID_Y // 2))

    @property
    def problems(self) -> list[Problem]:
        """What stops the layout being played (worked out again only when the draft changed)."""
        key = (tuple(self.draft.places), self.draft.name)
        if key != self._problems_for:
            self._problems_for = key
            self._problems = self.draft.problems()
        return self._problems

    @property
    def playable(self) -> bool:
        return not self.problems

    def counts_text(self) -> str:
        d = self.draft
        n, free = d.count, d.free_count
        cards = ngettext("{n} card", "{n} cards", n).format(n=format_number(n))
        return _("{cards} · {free} free at the deal · {stock} in the stock").format(
            cards=cards, free=format_number(free), stock=format_number(max(0, d.stock_count))
        )

    def at_cursor(self) -> int | None:
        """The card whose corner is at the cursor."""
        cx, cy = self.cursor
        for i, p in enumerate(self.draft.places):
            if (p.x, p.y) == (cx, cy):
                return i
        return None

    def _changed(self, message: str = "") -> None:
        self.message = message
        self.leave_armed = False
        self.version += 1

    def say(self, message: str) -> None:
        self.message = first_line(message) if message else ""
        self.version += 1

    # -- the cursor and the keys ------------------------------------------------------------------
    def move_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor one half-card step (``dy`` > 0 is down the table); a held card goes
        with it."""
        x = min(max(self.cursor[0] + dx, 0.0), float(GRID_X))
        y = min(max(self.cursor[1] + dy, 0.0), float(GRID_Y))
        self.cursor = (x, y)
        self.leave_armed = False
        self.version += 1

    def toggle(self) -> None:
        """Space / Enter: a card at the cursor is taken away, else one is put there. With a card
        held, it is put down at the cursor."""
        if self.held is not None:
            self.grab()
            return
        index = self.at_cursor()
        if index is not None:
            self.remove(index)
        else:
            self.place(*self.cursor)

    def place(self, x: float, y: float) -> bool:
        try:
            self.draft.place(x, y)
        except EditError as exc:
            self.say(_("No card there: {reason}").format(reason=exc))
            return False
        self.cursor = (x, y)
        self._changed()
        return True

    def remove(self, index: int) -> None:
        try:
            self.draft.remove(index)
        except EditError as exc:
            self.say(str(exc))
            return
        self._changed()

    def grab(self) -> None:
        """G: pick up the card at the cursor to move it with the arrows; again: put it down."""
        if self.held is None:
            index = self.at_cursor()
            if index is None:
                self.say(_("Put the cursor on a card to pick it up"))
                return
            self.held = index
            self.say(
                _("Moving a card: the arrows move it, Space or G puts it down, Esc puts it back")
            )
            return
        index, self.held = self.held, None
        if self.move(index, *self.cursor):
            self.say("")

    def drop_held(self) -> bool:
        """Esc while holding a card: it stays where it was."""
        if self.held is None:
            return False
        p = self.draft.places[self.held]
        self.cursor = (p.x, p.y)
        self.held = None
        self.say("")
        return True

    def move(self, index: int, x: float, y: float) -> bool:
        try:
            self.draft.move(index, x, y)
        except EditError as exc:
            self.say(_("The card cannot go there: {reason}").format(reason=exc))
            return False
        self.cursor = (x, y)
        self._changed()
        return True

    def mirror(self) -> None:
        if not self.draft.places:
            self.say(_("Nothing to mirror yet"))
            return
        self.held = None
        self.draft.mirror()
        self._changed(_("Mirrored left to right"))

    def undo(self) -> None:
        self.held = None
        what = self.draft.undo()
        # the edit's name was marked where it was made (workshop/model.py)
        self._changed(_("Undone: {edit}").format(edit=_(what)) if what else _("Nothing to undo"))

    def redo(self) -> None:
        self.held = None
        what = self.draft.redo()
        self._changed(_("Redone: {edit}").format(edit=_(what)) if what else _("Nothing to redo"))

    # -- the mouse (half-card steps, y down) ------------------------------------------------------
    @staticmethod
    def snap(x: float, y: float) -> tuple[float, float]:
        """The grid corner of a card centred near the point (whole steps, on the table)."""
        gx, gy = Draft.snap(x, y)
        return float(gx), float(gy)

    def click(self, x: float, y: float) -> None:
        """A click: the card drawn where the ghost card is (same corner) goes; else a card goes
        there."""
        corner = self.snap(x, y)
        self.cursor = corner
        self.held = None
        index = self.at_cursor()
        if index is not None:
            self.remove(index)
        else:
            self.place(*corner)

    def card_under(self, x: float, y: float) -> int | None:
        """The card drawn at a point (the one in front), to drag it."""
        if not (math.isfinite(x) and math.isfinite(y)):
            return None
        return self.draft.at(x, y)

    # -- naming and saving ------------------------------------------------------------------------
    def start_naming(self, then_save: bool = False) -> None:
        self.held = None
        self.naming = self.draft.name
        self.name_selected = True
        self.save_after_naming = then_save
        self.say(
            _("Name the layout, then Enter to save it; Esc cancels")
            if then_save
            else _("Type a new name, then Enter; Esc cancels")
        )

    def type_text(self, text: str) -> None:
        if self.naming is None:
            return
        clean = "".join(ch for ch in text if ch.isprintable())
        if not clean:
            return
        kept = "" if self.name_selected else self.naming
        self.name_selected = False
        self.naming = (kept + clean)[:NAME_MAX]
        self.version += 1

    def backspace(self) -> None:
        if self.naming:
            self.naming = "" if self.name_selected else self.naming[:-1]
            self.name_selected = False
            self.version += 1

    def cancel_naming(self) -> None:
        self.naming = None
        self.name_selected = False
        self.save_after_naming = False
        self.say("")

    def confirm_name(self) -> bool:
        """Enter in the name field: the name is checked, kept, and the layout saved if asked."""
        if self.naming is None:
            return False
        try:
            name = check_name(self.naming)
        except PlayerLayoutError as exc:
            self.say(str(exc))
            return False
        self.naming = None
        self.name_selected = False
        self.draft.rename(name)
        self._changed()
        if self.save_after_naming:
            self.save_after_naming = False
            return self.save(named=True)
        self.say(_("Named “{name}”").format(name=name))
        return True

    def refusal(self) -> str:
        """Why the layout cannot be saved ("" when it can)."""
        problems = self.problems
        if problems:
            return _("Cannot save yet: {problems}").format(
                problems="; ".join(p.text for p in problems)
            )
        if self.store is None:
            return _("Cannot save here: there is no save folder")
        if self.store.readonly:
            return _("Cannot save here: the layouts are open read-only")
        return ""

    def save(self, named: bool = False) -> bool:
        """S: save the layout (asking its name first); refused, with the reason, while it cannot
        be played."""
        self.held = None
        refusal = self.refusal()
        if refusal:
            self.say(refusal)
            return False
        if not named:
            self.start_naming(then_save=True)
            return False
        assert self.store is not None
        try:
            saved = save_draft(self.draft, self.store)
        except (EditError, PlayerLayoutError) as exc:
            self.say(_("Not saved: {reason}").format(reason=exc))
            return False
        self.saved = saved
        self._record_difficulty()
        self._changed(
            _("Saved as layout {number} “{name}”").format(number=saved.number, name=saved.name)
        )
        return True

    def _record_difficulty(self) -> None:
        """Keep the finished estimate with the saved layout (when it is for these places)."""
        e, saved = self.estimate, self.saved
        if e is None or saved is None or self.store is None or not e.complete:
            return
        if self._asked != self._signature():
            return
        try:
            self.store.record_difficulty(saved.number, e.difficulty(saved.number, saved.name))
        except PlayerLayoutError as exc:
            self.say(_("Saved, but its difficulty was not kept: {reason}").format(reason=exc))

    def leave(self) -> bool:
        """Esc: ``True`` when the editor may close (a second Esc leaves unsaved changes)."""
        if self.held is not None:
            return not self.drop_held()
        if self.naming is not None:
            self.cancel_naming()
            return False
        if self.draft.changed and not self.leave_armed and self.draft.places:
            self.leave_armed = True
            self.message = _(
                "Your changes are not saved: Esc again leaves without saving, S saves."
            )
            self.version += 1
            return False
        return True

    # -- layout codes -----------------------------------------------------------------------------
    def code(self) -> str | None:
        if not self.draft.places:
            self.say(_("Place a card first: an empty layout has no code"))
            return None
        try:
            return self.draft.code()
        except EngineError as exc:
            self.say(str(exc))
            return None

    def paste_code(self, text: str) -> bool:
        """Replace the drawing by a layout code's (a bad code says why and changes nothing)."""
        text = (text or "").strip()
        if not text:
            self.say(_("Nothing to paste: the clipboard is empty or not reachable here"))
            return False
        if not looks_like_layout_code(text):
            self.say(
                _("That is not a layout code (they start with DL-): {text}").format(text=text[:24])
            )
            return False
        try:
            pasted = Draft.from_code(text)
        except (EngineError, ValueError) as exc:
            self.say(_("That layout code cannot be used: {reason}").format(reason=exc))
            return False
        pasted.number = None  # a shared layout is a new one here, never saved over one of yours
        self.draft = pasted
        self.draft.changed = True
        self.held = None
        self.cursor = self._start_cursor()
        self._changed(
            ngettext(
                "Pasted “{name}”: {n} card", "Pasted “{name}”: {n} cards", pasted.count
            ).format(name=pasted.name, n=pasted.count)
        )
        return True

    # -- the estimate -----------------------------------------------------------------------------
    def _signature(self) -> tuple[Place, ...]:
        """What the estimate depends on: the places (not the name). Cheap: asked every frame."""
        return tuple(self.draft.places)

    def update(self, dt: float) -> None:
        """Every frame: start the estimate again a moment after the layout changed, and read its
        progress (never waits)."""
        est = self.estimator
        if est is None:
            return
        sig = self._signature() if self.draft.places else ()
        if sig != self._wanted:
            self._wanted = sig
            self._settle = SETTLE
        if self._settle > 0:
            self._settle -= dt
            if self._settle > 0:
                return
        if sig != self._asked:
            self._asked = sig
            self.estimate = None
            self.version += 1
            if self.playable:
                est.request(self.draft.build())
            else:
                est.cancel()
            return
        if est.busy:
            latest = est.poll()
            if latest is not None and latest is not self.estimate:
                self.estimate = latest
                self.version += 1
                if latest.complete and self.saved is not None and not self.draft.changed:
                    self._record_difficulty()

    def paused(self) -> None:
        """The screen was left (the help over it, say): the estimate in progress is stopped, and
        asked again by :meth:`update` when the screen is back (a finished one is kept)."""
        if self.estimator is not None and (self.estimate is None or not self.estimate.complete):
            self.estimator.cancel()
            self._asked = None

    @property
    def measuring(self) -> bool:
        return (
            self.estimator is not None
            and self.playable
            and (self.estimate is None or not self.estimate.complete)
        )

    def estimate_view(self) -> EstimateView:
        e = self.estimate
        planned = self.estimator.deals if self.estimator is not None else 0
        if self.estimator is None:
            return EstimateView(UNRATED, _("no estimate here"), "", "", False)
        if not self.playable:
            return EstimateView(UNRATED, _("measured once the layout can be played"), "", "", False)
        error = getattr(self.estimator, "error", None)
        if error and e is None:
            return EstimateView(
                UNRATED, _("the estimate stopped ({reason})").format(reason=_(error)), "", "", False
            )
        if e is None:
            return EstimateView(UNRATED, measuring(0, planned), "", "", False)
        d = e.difficulty()
        status = (
            ngettext("{n} deal", "{n} deals", e.done).format(n=format_number(e.done))
            if e.complete
            else measuring(e.done, e.planned)
        )
        if not e.done:
            return EstimateView(UNRATED, status, "", "", False)
        return EstimateView(
            e.word,
            status,
            rate_line("relaxed", d),
            rate_line("desert", d),
            e.complete,
        )


def measuring(done: int, planned: int) -> str:
    """The estimate's progress: "measuring… 40/300 deals"."""
    return ngettext(
        "measuring… {done}/{planned} deal", "measuring… {done}/{planned} deals", planned
    ).format(done=format_number(done), planned=format_number(planned))


def percent_text(d: LayoutDifficulty, rules: str) -> str:
    """The share of deals won, "67%", or "64–66%" when some were left unknown, as the language
    writes a percentage."""
    rate = d.relaxed if rules == "relaxed" else d.desert
    low, high = round(100 * rate.rate), round(100 * rate.upper)
    if low == high:
        return format_percent(low / 100)
    return f"{format_number(low)}–{format_percent(high / 100)}"


def interval_text(d: LayoutDifficulty, rules: str) -> str:
    """The 95% interval of a win rate, "64% to 68%", in the player's language."""
    low, high = (format_number(float(end)) for end in d.interval_bounds(rules))
    return _("{low}% to {high}%").format(low=low, high=high)


def rate_line(rules: str, d: LayoutDifficulty) -> str:
    """One rule set's measured win rate: "Relaxed rules: 64% won (95%: 60% to 68%)"."""
    line = (
        _("Relaxed rules: {percent} won (95%: {interval})")
        if rules == "relaxed"
        else _("Desert rules: {percent} won (95%: {interval})")
    )
    return line.format(percent=percent_text(d, rules), interval=interval_text(d, rules))
