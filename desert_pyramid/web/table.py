"""One Practice table for the page: the application's :class:`Seat`, the table's control and the
hints, with the position as plain JSON (cards, their exposure, piles, figures, messages).

What a tap, a drop or a key does is :class:`~desert_pyramid.app.control.TableControl`'s, exactly
as at the desktop's table: the seat's own control, so the seat saves the game after each move and a
reload continues it. The words the desktop shows and speaks come from ``control`` and
``spoken``.
"""

from __future__ import annotations

import datetime
import time
from typing import Any

from desert_pyramid.app import spoken
from desert_pyramid.app.application import Application, Finished, NoticeLog
from desert_pyramid.app.control import Feedback, TableControl
from desert_pyramid.app.saving import NOTICE_POLL_S
from desert_pyramid.app.seat import Seat
from desert_pyramid.engine import CARDS, PRESETS, SATCHEL, STOCK, WASTE, Game, Rules
from desert_pyramid.engine.moves import Move, MoveKind
from desert_pyramid.i18n import format_number, ngettext
from desert_pyramid.i18n.say import Say, joined, tell, worded
from desert_pyramid.modes import DailySession
from desert_pyramid.modes.dealing import parse_date
from desert_pyramid.solver.hints import HINT_BUDGET, hint_for
from desert_pyramid.web.words import daily_words, pile_names

#: a hint's longest search, in seconds (the browser's solver is slower than the desktop's)
HINT_TIME_LIMIT = 2.0
MAX_HINT_TIME_LIMIT = 30.0
PILES = {"stock": STOCK, "waste": WASTE, "satchel": SATCHEL}
PLACE_NAMES = {STOCK: "stock", WASTE: "waste", SATCHEL: "satchel"}


class RequestError(ValueError):
    """A request the table cannot take (no game, a bad place): the message says what."""


def card_json(card: int) -> dict[str, Any]:
    """A card as the page shows and names it: its number (the image), its index (``7♣``) and its
    name in words in the player's language (the screen reader's: ``seven of clubs``)."""
    return {"id": int(card), "text": str(CARDS[card]), "name": spoken.card_words(card)}


def place_of(value: object) -> int:
    """A place from the page: a slot number or ``stock`` / ``waste`` / ``satchel``."""
    if isinstance(value, str) and value in PILES:
        return PILES[value]
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 64:
        return value
    raise RequestError(f"not a place at the table: {value!r}")


def place_json(place: int) -> int | str:
    return PLACE_NAMES.get(place, place)


def board_json(game: Game) -> dict[str, Any]:
    """The cards as the page draws them: the rules' piles, every slot with its card and whether
    it is free, the stock, the waste and the Satchel, and the piles' accessible names (the
    table's state and each position of a replay)."""
    rules = game.rules
    slots = []
    for slot in game.layout.slots:
        card = game.cards[slot.index]
        entry: dict[str, Any] = {
            "slot": slot.index,
            "x": slot.x,
            "y": slot.y,
            "z": slot.z,
            "card": card_json(card) if card >= 0 else None,
            "free": card >= 0 and game.is_free(slot.index),
        }
        slots.append(entry)
    stock_top = game.stock[-1] if game.stock else None
    return {
        "names": pile_names(game),
        "rules": {
            "name": str(rules),
            "satchel": rules.satchel,
            "stock_top_playable": rules.stock_top_playable,
        },
        "slots": slots,
        "stock": {
            "count": len(game.stock),
            "top": card_json(stock_top)
            if stock_top is not None and rules.stock_top_playable
            else None,
            "redeal": not game.stock
            and bool(game.waste)
            and (game.redeals_left is None or game.redeals_left > 0),
        },
        "waste": {
            "count": len(game.waste),
            "top": card_json(game.waste[-1]) if game.waste else None,
        },
        "satchel": card_json(game.satchel) if game.satchel >= 0 else None,
        "redeals_left": game.redeals_left,
    }


class WebTable:
    """The application and the table in play (at most one), as the worker holds them."""

    def __init__(self, save_dir: str | None, clock: Any = time.monotonic) -> None:
        self.log = NoticeLog()
        #: the player's date, from the page (the engine never reads a clock); the machine's until
        #: the page has said it
        self.page_date: datetime.date | None = None
        self.app = Application(save_dir=save_dir, notices=self.log, today=self.today)
        self.app.open_saves(background=False)
        # what opening the saves found (a damaged file set aside), told with the first answer
        self._startup = [(level, text) for level, text in self.app.saves.startup_notices]
        self.seat: Seat | None = None
        self.control: TableControl | None = None
        self.hint_places: tuple[int | str, ...] = ()
        self._clock = clock
        self._last = clock()
        self._message: Say | str = ""
        self._coach_said: list[str] = []
        self.finished: Finished | None = None
        self._cleared_before = False

    def today(self) -> datetime.date:
        """The player's local date as the page gave it (``set_date``), else the machine's."""
        return self.page_date or datetime.date.today()

    def set_date(self, text: object) -> None:
        """The page's local date, ``YYYY-MM-DD``; raises :class:`RequestError` saying why not."""
        if not isinstance(text, str) or len(text) > 20:
            raise RequestError(f"not a date YYYY-MM-DD: {text!r}")
        try:
            self.page_date = parse_date(text)
        except ValueError as exc:
            raise RequestError(str(exc)) from None

    def daily(self) -> dict[str, Any]:
        """The Daily's line for the start page on the player's date (the streak, whether today's
        pyramid counts)."""
        return daily_words(self.app.progress, self.today().isoformat())

    # -- sessions ---------------------------------------------------------------------------------
    def can_continue(self) -> bool:
        return self.app.can_continue()

    def notices(self) -> list[dict[str, str]]:
        """The application's notices not yet told (a damaged save set aside, a failed write)."""
        self.app.update(NOTICE_POLL_S)  # the store's notices are looked at now, not in a second
        told = [*self._startup, *self.log.notices]
        self._startup = []
        self.log.notices.clear()
        out = [{"level": level, "text": text} for level, text in told]
        return out

    def _seat(self, seat: Seat, message: Say | str = "") -> None:
        self.seat = seat
        self.control = seat.control  # the seat's: its moves are saved, as at the desktop's table
        self.hint_places = ()
        self._last = self._clock()
        self._message = message
        self._coach_said = [m.text for m in seat.session.messages]
        self.finished = None

    def start_daily(self) -> None:
        """Today's Daily (the page's date): the same deal as ``desert-pyramid daily DATE``, its
        time bonus and its day streak kept by the application, as at the desktop."""
        day = self.today()
        cleared = self.daily()["cleared"]  # one result a day: a replay of a cleared day counts not
        seat = self.app.sit(self.app.daily_session(day, today=day))
        self._seat(seat, tell(seat.opening))  # the Daily in words, worded in the language shown
        self._cleared_before = cleared

    def start(self, rules: str, layout: int, code: str | None = None) -> None:
        """A Practice deal: ``code`` (a deal code, ``DP-…``) or a random one, on these rules and
        this layout. Raises :class:`~desert_pyramid.modes.InputError` (a bad code or a rule set
        the layout cannot play) or :class:`RequestError`."""
        if rules not in PRESETS:
            raise RequestError(f"unknown rule set {rules!r}: one of {', '.join(PRESETS)}")
        chosen: Rules = PRESETS[rules]
        the_layout = self.app.get_layout(layout)
        if code:
            session = self.app.practice_from_code(code, chosen, the_layout)
            seat = self.app.sit(session)
        else:
            seat = self.app.start_practice(chosen, the_layout)
        self._seat(seat)

    def resume(self) -> bool:
        """CONTINUE: the saved game, with its whole undo history; False when there is none."""
        table = self.app.continue_game()
        if not isinstance(table, Seat):
            return False
        self._seat(table)
        return True

    # -- actions ----------------------------------------------------------------------------------
    def _table(self) -> tuple[Seat, TableControl]:
        if self.seat is None or self.control is None:
            raise RequestError("no deal at the table: start one first")
        return self.seat, self.control

    def tick(self) -> None:
        """The clock: the time since the last request counts (the page pauses when hidden)."""
        now = self._clock()
        if self.seat is not None and not self.seat.session.finished:
            self.seat.update(max(0.0, (now - self._last) * 1000.0))
        self._last = now

    def pause(self) -> None:
        """The page is hidden: the time since the last request counts, then nothing until back."""
        self.tick()

    def resume_clock(self) -> None:
        self._last = self._clock()

    def act(self, action: str, **kw: Any) -> dict[str, Any]:
        """One action at the table (see docs/web.md); returns the feedback as JSON."""
        seat, control = self._table()
        self.tick()
        fb = self._feedback(control, action, kw)
        moved = fb.move is not None or fb.undone
        if moved:  # (the seat saved the game: after every move and undo, as at the desktop)
            self.hint_places = ()
            self._finish(seat)
        if fb.message is not None:
            self._message = fb.message
        said = self._said(seat, control, fb, moved)
        return {
            "moved": moved,
            "sound": fb.sound,
            "shake": [place_json(p) for p in fb.shake],
            "say": said,
        }

    @staticmethod
    def _feedback(control: TableControl, action: str, kw: dict[str, Any]) -> Feedback:
        """What the action does at the table: the desktop's TableControl decides."""
        if action == "tap":
            return control.click(place_of(kw.get("place")))
        if action == "drop":
            return control.drop(place_of(kw.get("src")), place_of(kw.get("dst")))
        if action == "stash":
            where = kw.get("place")
            return control.stash(None if where is None else place_of(where))
        if action == "deselect":
            control.deselect()
            return Feedback(message="")
        plain = {
            "flip": control.flip,
            "undo": control.undo,
            "redo": control.redo,
            "accept_hint": control.accept_hint,
        }.get(action)
        if plain is None:
            raise RequestError(f"unknown action {action!r}")
        return plain()

    def _said(self, seat: Seat, control: TableControl, fb: Feedback, moved: bool) -> str:
        """What the desktop would say aloud after the action: the move, the message, the coach's
        new words."""
        said: list[str] = []
        if moved:
            said.append(spoken.move_text(seat.game, fb.move, fb.events))
        if fb.message and not (moved and not control.stuck):
            said.append(spoken.speakable(worded(fb.message)))
        coach = [m.text for m in seat.session.messages]
        if coach != self._coach_said:  # the coach's new words, said as the desktop says them
            said += [
                spoken.speakable(m.spoken or m.text)
                for m in seat.session.messages
                if m.text not in self._coach_said
            ]
            self._coach_said = coach
        return " ".join(s for s in said if s)

    def _finish(self, seat: Seat) -> None:
        """A deal just ended (any mode): its results (for a Daily the time bonus and the day
        streak; the statistics, the relics and backs it unlocked), recorded once by the
        application as the desktop's results screen has them recorded."""
        if seat.session.finished and not self.finished:
            self.finished = self.app.finish(seat)

    def leave(self) -> bool:
        """The player leaves the table for the start page. A deal that is over or stuck (the
        player gives it up, as the desktop's "New deal" does) is finished now and recorded, a
        stuck one as a loss; True then (the state's ``result`` says how it ended). A deal still
        in play stays saved for CONTINUE (False)."""
        seat, control = self._table()
        self.tick()
        if self.finished is None and (seat.session.finished or control.stuck):
            self.finished = self.app.finish(seat)
        return self.finished is not None

    def result(self) -> dict[str, Any] | None:
        """A finished deal's result, in words: the score, a Daily's time bonus and day streak."""
        done = self.finished
        if done is None:
            return None
        res = done.results
        lines = [worded(tell("Score {score}", score=format_number(res.score)))]
        if res.won and res.dated:
            lines.append(
                worded(
                    tell(
                        "Cleared in {seconds} s: a time bonus of {points} points.",
                        seconds=res.elapsed_ms // 1000,
                        points=res.time_bonus,
                    )
                )
            )
        if res.dated:
            best = self.app.progress.daily.best
            lines.append(
                ngettext(
                    "Day streak: {n} day · best {best}",
                    "Day streak: {n} days · best {best}",
                    done.streak,
                ).format(n=done.streak, best=best)
            )
        return {
            "mode": res.mode,
            "outcome": res.outcome,
            "won": res.won,
            "date": res.date,
            "score": res.score,
            "time_bonus": res.time_bonus,
            "streak": done.streak,
            "counted": res.counts_for_streak and not self._cleared_before,
            "lines": lines,
            "share": done.share,
        }

    def hint(self, time_limit: float = HINT_TIME_LIMIT) -> dict[str, Any]:
        """The solver's hint for the position, searched for at most ``time_limit`` seconds; its
        move is highlighted and Enter (``accept_hint``) plays it."""
        seat, control = self._table()
        self.tick()
        limit = min(max(0.1, float(time_limit)), MAX_HINT_TIME_LIMIT)
        session = seat.session
        if not session.finished:
            session.note_hint()
        started = time.perf_counter()
        answer = hint_for(seat.game, HINT_BUDGET, time_limit=limit)
        spent = time.perf_counter() - started
        self._last = self._clock()  # the search's time is not the player's
        verdict = str(getattr(answer.verdict, "value", answer.verdict))
        words: Say | str = ""
        if verdict == "lost":
            words = session.lost_offer(answer)
        rewind = answer.rewind_to if words and answer.rewind_to is not None else None
        move: Move | None = answer.move
        control.set_hint(move, rewind)
        places: tuple[int | str, ...] = ()
        if move is not None:
            if move.kind in (MoveKind.FLIP, MoveKind.REDEAL):
                places = ("stock",)
            else:
                places = tuple(place_json(p) for p in (move.a, move.b) if p >= SATCHEL)
        self.hint_places = places
        if move is not None:
            message = joined(*answer.says, tell("Enter plays it."))
        elif rewind is not None:
            message = joined(words, tell("Enter goes back there."))
        else:
            message = words or joined(*answer.says)
        self._message = message
        return {
            "verdict": verdict,
            "seconds": round(spent, 3),
            "nodes": answer.nodes,
            "say": spoken.speakable(worded(message)),
        }

    # -- the position ---------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """The table as the page draws it (docs/web.md)."""
        seat, control = self._table()
        game: Game = seat.game
        session = seat.session
        layout = game.layout
        hud = session.hud()
        coach = list(session.messages) if session.has_coach else []
        # the message line, or the coach's words when the last action left it empty (as the
        # desktop's table does without its coach panel)
        message = worded(self._message) or " ".join(m.text for m in coach)
        return {
            "mode": session.mode,
            "title": seat.title,
            "daily": {"date": session.day.isoformat(), "bonus": hud.get("bonus", "")}
            if isinstance(session, DailySession)
            else None,
            "result": self.result(),
            "layout": {"number": layout.number, "name": layout.name},
            **board_json(game),
            "score": hud["score"],
            "chain": game.chain,
            "moves": game.moves,
            "time": hud["time"],
            "time_ms": session.elapsed_ms,
            "won": game.won,
            "stuck": control.stuck and not game.won,
            "finished": session.finished,
            "can_undo": bool(game.history),
            "can_redo": bool(game.redo_stack),
            "selected": None if control.selected is None else place_json(control.selected),
            "partners": [place_json(p) for p in control.partners],
            "hint": list(self.hint_places),
            "coach": [
                {
                    "kind": m.kind,
                    "topic": m.topic,
                    "text": m.text,
                    "places": [place_json(p) for p in m.places],
                }
                for m in coach
            ],
            "message": message,
            "deal_code": session.deal_code,
            "status": spoken.status_text(hud),
        }
