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
from desert_pyramid.modes import DailySession, ExpeditionSession
from desert_pyramid.modes.dealing import parse_date
from desert_pyramid.solver.hints import HINT_BUDGET, hint_for
from desert_pyramid.web import expedition
from desert_pyramid.web.unlocks import table_back, unlocks_json
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

    def __init__(self, save_dir: str | None) -> None:
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
        self._message: Say | str = ""
        self._coach_said: list[str] = []
        self.finished: Finished | None = None
        self._cleared_before = False
        self.sunset: dict[str, Any] | None = None  # a trek ended by its clock: its moment
        self._prepare = False  # an Expedition's next pyramid is searched at the next tick

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

    def sit(self, seat: Seat, message: Say | str = "") -> None:
        """A deal the application started at the table, its opening words ``message``."""
        self._seat(seat, message)

    def _seat(self, seat: Seat, message: Say | str = "") -> None:
        self.seat = seat
        self.control = seat.control  # the seat's: its moves are saved, as at the desktop's table
        self.hint_places = ()
        self._message = message
        self._coach_said = [m.text for m in seat.session.messages]
        self.finished = None
        self.sunset = None
        self._prepare = expedition.is_trek(seat)

    def start_expedition(self) -> None:
        """A new trek (the desktop's Expedition: the application's session, 240 s of daylight,
        untimed when the settings say so)."""
        seat = self.app.start_mode("expedition")
        self._seat(seat, tell(seat.opening))

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

    def count(self, elapsed_ms: object) -> dict[str, Any]:
        """The page's time report (milliseconds since its last one; the worker reads no clock)
        counted by the seat as the desktop counts a frame: nothing while paused or over, nothing
        for a gap longer than the suspend gap (which pauses a timed table). A trek whose daylight
        runs out here ends: it is recorded now (``Application.finish``) and the answer carries
        its sunset. Raises :class:`RequestError` for a report that is not a time."""
        try:
            ms = expedition.elapsed_of(elapsed_ms)
        except expedition.ClockError as exc:
            raise RequestError(str(exc)) from None
        out: dict[str, Any] = {}
        seat = self.seat
        if seat is None or seat.session.finished:
            return out
        seat.update(ms)
        if seat.session.finished:  # the sunset
            self.sunset = expedition.sunset(seat)
            self.hint_places = ()
            self._message = ""
            self._finish(seat)
            out["moments"] = [self.sunset]
        return out

    def tick(self) -> dict[str, Any]:
        """Between two reports: an Expedition's next pyramid is searched now (the desktop does it
        between frames), so a clear deals it at once; ``searched_ms`` is that search's time, which
        the page does not count as the player's."""
        seat = self.seat
        if not self._prepare or seat is None or seat.session.finished:
            return {}
        self._prepare = False
        session = seat.session
        if not isinstance(session, ExpeditionSession):
            return {}
        started = time.perf_counter()
        session.prepare_next()
        return {"searched_ms": round((time.perf_counter() - started) * 1000)}

    def pause(self, reason: str = "pause") -> None:
        """The clock stops: the player paused (``pause``: a timed table hides its cards) or the
        page is hidden (``hidden``: the desktop's lost focus)."""
        if reason not in expedition.PAUSE_REASONS:
            raise RequestError(
                f"unknown pause reason {reason!r}: one of {', '.join(expedition.PAUSE_REASONS)}"
            )
        seat, _ = self._table()
        if reason == "pause":
            seat.pause("pause")
        else:
            seat.focus_lost()

    def resume_clock(self, reason: str = "player") -> None:
        """The clock may run again: the player resumes (``player``), or the page is shown again
        (``shown``: the desktop's focus regained; a timed table stays paused, its cards hidden,
        until the player resumes; an untimed one runs on)."""
        if reason not in expedition.RESUME_REASONS:
            raise RequestError(
                f"unknown resume reason {reason!r}: one of {', '.join(expedition.RESUME_REASONS)}"
            )
        seat, _ = self._table()
        if reason == "player":
            seat.resume()
        else:
            seat.focus_gained()

    def act(self, action: str, **kw: Any) -> dict[str, Any]:
        """One action at the table (see docs/web.md); returns the feedback as JSON."""
        seat, control = self._table()
        was_over = self.finished is not None
        fb = self._feedback(control, action, kw)
        moved = fb.move is not None or fb.undone
        if moved:  # (the seat saved the game: after every move and undo, as at the desktop)
            self.hint_places = ()
            self._finish(seat)
        if fb.message is not None:
            self._message = fb.message
        found, news = expedition.moments(fb.events)
        if news:  # a pyramid cleared or skipped: the desktop's words on the message line
            self._message = news
        if any(m["kind"] == "next" for m in found):
            self._prepare = True
        said = self._said(seat, control, fb, moved)
        if news:
            said = " ".join(s for s in (said, news) if s)
        if not was_over and self.finished is not None and self.finished.unlocks:
            # what the deal unlocked, said as the desktop's toasts say it ("Relic found: Clay Jar")
            said = " ".join([said, *self.finished.unlocks.messages()]).strip()
        return {
            "moved": moved,
            "sound": fb.sound,
            "shake": [place_json(p) for p in fb.shake],
            "say": said,
            "moments": found,
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
            "skip": control.skip,
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
        # a stuck pyramid of a trek is not the trek's end (it can be skipped): it stays saved
        stuck = control.stuck and not seat.offers.skip
        if self.finished is None and (seat.session.finished or stuck):
            self.finished = self.app.finish(seat)
        return self.finished is not None

    def end_trek(self) -> None:
        """The pause's "End the trek": the trek ends now, recorded as the desktop records it
        (its pyramids, its results, what it unlocked); the state's ``result`` says how it went."""
        seat, _ = self._table()
        if not seat.offers.end_run:
            raise RequestError("only an Expedition ends a trek")
        if self.finished is None:
            self.finished = self.app.finish(seat)

    def result(self) -> dict[str, Any] | None:
        """A finished deal's result, in words: the score, a Daily's time bonus and day streak;
        a trek's results as the desktop's results screen has them; the relics and card backs it
        unlocked (``Finished.unlocks``, as the desktop's results)."""
        done = self.finished
        if done is None:
            return None
        res = done.results
        if res.trek:
            return {
                "mode": res.mode,
                "outcome": res.outcome,
                "won": res.won,
                "date": res.date,
                "score": res.score,
                "time_bonus": 0,
                "streak": 0,
                "counted": True,
                "share": done.share,
                "unlocks": unlocks_json(done.unlocks),  # the relics and backs it unlocked
                "assisted": res.assisted,
                **expedition.trek_result(done),
            }
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
            "unlocks": unlocks_json(done.unlocks),  # the relics and backs it unlocked
            "assisted": res.assisted,
        }

    def hint(self, time_limit: float = HINT_TIME_LIMIT) -> dict[str, Any]:
        """The solver's hint for the position, searched for at most ``time_limit`` seconds; its
        move is highlighted and Enter (``accept_hint``) plays it."""
        seat, control = self._table()
        limit = min(max(0.1, float(time_limit)), MAX_HINT_TIME_LIMIT)
        session = seat.session
        if not session.finished:
            session.note_hint()
        started = time.perf_counter()
        answer = hint_for(seat.game, HINT_BUDGET, time_limit=limit)
        spent = time.perf_counter() - started
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
            "expedition": expedition.trek_state(seat),
            "ambience": expedition.ambience_json(seat),
            "sunset": self.sunset,
            **expedition.clock_state(seat),
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
            # the clock said only where it is shown, as the desktop's status key says it
            "status": spoken.status_text(hud, not self.app.settings.hide_timer),
            "back": table_back(self.app),  # the card back chosen: the stock's picture
        }
