"""The message protocol between the page and the worker (docs/web.md): one request in, one
answer out, both plain JSON.

A request is ``{"id": n, "op": "...", ...}``; the answer ``{"id": n, "ok": true, ...}`` or
``{"id": n, "ok": false, "error": "what is wrong"}``. Every answer carries the application's new
notices (a damaged save set aside) and, once a deal is at the table, its ``state``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar

from desert_pyramid import __version__
from desert_pyramid.app.howto import HowtoMemory
from desert_pyramid.app.spoken import rules_name
from desert_pyramid.engine import PRESETS, EngineError
from desert_pyramid.i18n import LANGUAGES, CatalogueError, current_language, use_language
from desert_pyramid.modes import ModeError
from desert_pyramid.web import howto as web_howto
from desert_pyramid.web import languages, progress, records
from desert_pyramid.web import profile as web_profile
from desert_pyramid.web import settings as web_settings
from desert_pyramid.web.table import HINT_TIME_LIMIT, RequestError, WebTable
from desert_pyramid.web.words import browser_language, language_choices, layout_label, page_words

ACTIONS = ("tap", "drop", "flip", "stash", "undo", "redo", "accept_hint", "deselect", "skip")


class Worker:
    """The worker's one object: it answers the page's requests (see the module text)."""

    def __init__(self) -> None:
        self.table: WebTable | None = None
        self.quiz: HowtoMemory | None = None  # How to play's quiz, kept while the page lives
        self.replay: records.Replay | None = None  # the game code being watched again

    def _table(self) -> WebTable:
        if self.table is None:
            raise RequestError("the game is not open: send 'hello' first")
        return self.table

    def catalogue(self) -> dict[str, Any]:
        """What the picker offers: the rule sets and the layouts (number, name, family, size)."""
        table = self._table()
        layouts = [
            {
                "number": n,
                "name": lay.name,
                "family": lay.family,
                "size": lay.size,
                "label": layout_label(n, lay.name, lay.size),
            }
            for n, lay in sorted(table.app.catalogue.every_layout().items())
        ]
        rules = [{"id": name, "name": rules_name(r)} for name, r in PRESETS.items()]
        return {"rules": rules, "layouts": layouts, "languages": LANGUAGES}

    def set_language(self, request: dict[str, Any], strict: bool = True) -> str | None:
        """``language`` (one of the seven) wins; else the first of ``languages`` (the browser's
        ``navigator.languages``) the game speaks; else English. A language the game does not
        speak is refused (``strict``) or, at ``hello`` (a stored choice gone bad), passed over.

        A language whose files are not here yet (the browser fetches each when it is needed:
        web/languages.py) is refused with the reason (``strict``: the worker fetched it first and
        could not); at ``hello`` its code is returned for the worker to fetch, and when the worker
        could not (the code in the request's ``unavailable``) the game stays in the language it
        is in and says why."""
        lang = request.get("language")
        if lang is not None and not (isinstance(lang, str) and lang in LANGUAGES):
            if strict:
                raise RequestError(f"unknown language {lang!r}: one of {', '.join(LANGUAGES)}")
            lang = None
        if (
            lang is None
            and self.table is not None
            and self.table.app.settings.language in LANGUAGES
        ):
            lang = self.table.app.settings.language  # the profile's choice (the desktop's too)
        if lang is None:
            tags = request.get("languages", [])
            lang = browser_language(tags if isinstance(tags, list) else [])
        if not languages.installed(lang):
            if strict:
                raise RequestError(languages.not_fetched(lang))
            unavailable = request.get("unavailable")
            if not (isinstance(unavailable, list) and lang in unavailable):
                return lang
            if self.table is not None:
                self.table.log.notice(languages.not_fetched(lang))
            return None
        notice = use_language(lang)
        if notice and self.table is not None:
            self.table.log.notice(notice)
        return None

    def words(self) -> dict[str, Any]:
        """The page's words in the player's language, and the Language control's choices."""
        return {
            "language": current_language(),
            "languages": language_choices(),
            "words": page_words(),
            "catalogue": self.catalogue(),
        }

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """Answer one request; a bad one gets ``ok: false`` and the reason, never an exception."""
        rid = request.get("id")
        try:
            out = self._handle(request)
        except (RequestError, ModeError, EngineError, CatalogueError, KeyError) as exc:
            text = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
            out = {"ok": False, "error": text}
            if self.table is not None:
                out["notices"] = self.table.notices()
        out["id"] = rid
        return out

    def _handle(self, request: dict[str, Any]) -> dict[str, Any]:
        op = request.get("op")
        if op == "hello":
            return self._hello(request)
        table = self._table()
        if "today" in request:
            table.set_date(request["today"])
        step = self._OPS.get(op) if isinstance(op, str) else None
        if step is None:
            raise RequestError(f"unknown request {op!r}")
        # the page's time since its last report, counted before the request (the worker reads
        # no clock): a sunset it brings is told with the answer
        counted = table.count(request["elapsed_ms"]) if "elapsed_ms" in request else {}
        result = step(self, table, request)
        if counted.get("moments"):
            result = {**result, "moments": [*counted["moments"], *result.get("moments", [])]}
        table = self._table()  # (an imported profile opens a table of its own)
        out: dict[str, Any] = {
            "ok": True,
            "result": result,
            "daily": table.daily(),
            "notices": table.notices(),
        }
        if table.seat is not None:
            out["state"] = table.state()
            out["can_continue"] = table.can_continue()
        return out

    def _hello(self, request: dict[str, Any]) -> dict[str, Any]:
        """The page's first request: the table (its save folder), the date, the language."""
        if self.table is None:
            save_dir = request.get("save_dir")
            self.table = WebTable(save_dir if isinstance(save_dir, str) else None)
        table = self._table()
        if "today" in request:
            table.set_date(request["today"])
        fetch = self.set_language(request, strict=False)
        if fetch is not None:
            # the worker fetches the language's zip and asks again (web/worker.js)
            return {
                "ok": False,
                "fetch_language": fetch,
                "error": f"the language {fetch!r} is not here yet: {languages.pack_name(fetch)}",
            }
        return {
            "ok": True,
            "version": __version__,
            "can_continue": table.can_continue(),
            "daily": table.daily(),
            **self.words(),
            "notices": table.notices(),
        }

    # -- one method a request; each answers the request's own result ------------------------------
    def _language(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        if "language" not in request:
            raise RequestError("'language' needs the language: one of " + ", ".join(LANGUAGES))
        self.set_language(request)
        web_settings.keep_language(table.app, current_language())
        return self.words()

    def _daily(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        table.start_daily()
        return {}

    def _start(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        code = request.get("code")
        layout = request.get("layout", 1)
        if not isinstance(layout, int) or isinstance(layout, bool):
            raise RequestError(f"not a layout number: {layout!r}")
        table.start(
            str(request.get("rules", "desert")),
            layout,
            code if isinstance(code, str) else None,
        )
        return {}

    def _continue(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        if not table.resume():
            raise RequestError("there is no game to continue")
        return {}

    def _act(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        action = request.get("action")
        if action not in ACTIONS:
            raise RequestError(f"unknown action {action!r}")
        args = {k: v for k, v in request.items() if k in ("place", "src", "dst")}
        return table.act(str(action), **args)

    def _hint(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        limit = request.get("time_limit", HINT_TIME_LIMIT)
        if not isinstance(limit, int | float) or isinstance(limit, bool):
            raise RequestError(f"not a time limit in seconds: {limit!r}")
        return table.hint(float(limit))

    def _tick(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        if "elapsed_ms" not in request:
            raise RequestError(
                "'tick' needs 'elapsed_ms': the page's milliseconds since its last report"
            )
        return table.tick()

    def _pause(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        table.pause(str(request.get("reason", "pause")))
        return {}

    def _resume(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        table.resume_clock(str(request.get("reason", "player")))
        return {}

    def _expedition(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        table.start_expedition()
        return {}

    def _end_trek(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        table.end_trek()
        return {}

    def _state(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        return {}

    def _leave(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        return {"finished": table.leave()}

    def _relics(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        return progress.relics(table.app)

    def _backs(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        return progress.backs(table.app)

    def _choose_back(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        if "back" not in request:
            raise RequestError("'choose_back' needs the back's id: 'back'")
        return progress.choose_back(table.app, request["back"])

    def _settings(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        if "system" in request:
            web_settings.follow_system(table.app, request["system"])
        return web_settings.settings_json(table.app)

    def _set_settings(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        web_settings.change_settings(table.app, request.get("values"))
        return web_settings.settings_json(table.app)

    def _howto(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        return web_howto.howto_json()

    def _variation(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        web_howto.start_variation(table, request.get("variation"))
        return {}

    def _quiz(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        if self.quiz is None:
            self.quiz = web_howto.new_quiz()
        return web_howto.quiz_step(self.quiz, request.get("action", "show"), request.get("choice"))

    # -- statistics, past games, the replay (web/records.py) -------------------------------------
    def _statistics(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        return records.statistics(table.app, table.today().isoformat())

    def _games(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        return records.past_games(table.app)

    def _replay(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        self.replay = None  # the last replay's analysis ends here
        self.replay = records.Replay(table.app, request.get("code"))
        return self.replay.answer()

    def _analyse(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        if self.replay is None:
            raise RequestError("no replay to analyse: send 'replay' with a game code first")
        limit = request.get("time_limit", records.ANALYSE_DEFAULT_S)
        if not isinstance(limit, int | float) or isinstance(limit, bool) or not limit > 0:
            raise RequestError(f"not a time limit in seconds: {limit!r}")
        return self.replay.analyse(min(float(limit), records.ANALYSE_MAX_S))

    def _play_on(self, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
        if self.replay is None:
            raise RequestError("no replay to play on from: send 'replay' with a game code first")
        if "move" not in request:
            raise RequestError("'play_on' needs 'move': the replay's move to play on from")
        self.replay.play_on(table, request["move"])
        self.replay = None  # the replay's analysis ends here, as the desktop's closes its source
        return {}

    _OPS: ClassVar[dict[str, Callable[[Worker, WebTable, dict[str, Any]], dict[str, Any]]]] = {
        "language": _language,
        "daily": _daily,
        "start": _start,
        "continue": _continue,
        "act": _act,
        "hint": _hint,
        "tick": _tick,
        "expedition": _expedition,
        "end_trek": _end_trek,
        "pause": _pause,
        "resume": _resume,
        "state": _state,
        "leave": _leave,
        "profile": lambda w, t, r: web_profile.profile(t),
        "export_profile": lambda w, t, r: web_profile.export(t, r),
        "import_profile": web_profile.import_,
        "relics": _relics,
        "backs": _backs,
        "choose_back": _choose_back,
        "settings": _settings,
        "set_settings": _set_settings,
        "howto": _howto,
        "quiz": _quiz,
        "variation": _variation,
        "statistics": _statistics,
        "games": _games,
        "replay": _replay,
        "analyse": _analyse,
        "play_on": _play_on,
    }


_worker = Worker()


def handle_json(text: str) -> str:
    """The worker's entry point: a request as JSON text in, the answer as JSON text out."""
    try:
        request = json.loads(text)
    except ValueError as exc:
        return json.dumps({"id": None, "ok": False, "error": f"not JSON: {exc}"})
    if not isinstance(request, dict):
        return json.dumps({"id": None, "ok": False, "error": "a request is a JSON object"})
    return json.dumps(_worker.handle(request), ensure_ascii=False)
