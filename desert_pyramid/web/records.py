"""Statistics, past games and the replay for the page (docs/web.md, "Statistics and past games").

The words are the desktop's: the views, figures and rows of ``app/records.py`` (the desktop's
Statistics and Past games screens draw the same), the replay's buttons, figures and the
analysis's verdicts. A replay answers every position of the game at once (the page steps and
plays through them without asking again); its analysis runs in the worker in steps
(``solver.analysis.analysis_steps``): each ``analyse`` request searches for at most its time
limit and answers what is known so far, so the page stays live and shows the analysis filling in
(the browser has no second process for the desktop's ``AnalysisRunner``).
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Iterator
from typing import Any

from desert_pyramid.app.analysis import Analysis, Verdict, move_words
from desert_pyramid.app.application import Application
from desert_pyramid.app.layouts import layout_name
from desert_pyramid.app.records import (
    StatsChoice,
    analysis_summary,
    choices,
    day_streak_line,
    describe,
    figures,
    lost_here,
    mark_words,
    per_day,
    replay_title,
)
from desert_pyramid.engine import (
    STOCK,
    EngineError,
    Game,
    GameCode,
    Scoring,
    check_playable,
    decode_game_code,
    encode_deal_code,
)
from desert_pyramid.engine.moves import NO_PLACE, MoveKind
from desert_pyramid.i18n import _, format_day, format_number, ngettext, pgettext
from desert_pyramid.i18n.say import tell
from desert_pyramid.progression import Stats, StatsKey
from desert_pyramid.progression.records import GAME_CODE_MAX
from desert_pyramid.solver.analysis import analysis_steps
from desert_pyramid.web.table import RequestError, WebTable, board_json, place_json

CHART_BARS = 30  # recent results drawn for one key (the desktop's chart)
SPEEDS = (0.5, 1.0, 2.0, 4.0)  # the replay's speeds (the desktop's)
STEP_S = 0.9  # seconds per move at speed 1 (the desktop's)
#: an analysis step's longest search, in seconds: the page asks 0.3 (answers stay quick)
ANALYSE_DEFAULT_S = 0.3
ANALYSE_MAX_S = 5.0


def words() -> dict[str, str]:
    """The statistics', past games' and replay's labels in the player's language: the desktop's
    messages (the same msgid and context)."""
    return {
        "statistics": _("Statistics"),
        "showing": _("Showing"),
        "past_games": _("Past games"),
        "back": _("Back"),
        "close": _("Close"),
        "won": pgettext("chart", "won"),
        "lost": pgettext("chart", "lost"),
        "no_games": _("No finished game yet: the games you play are kept here to watch again."),
        "start": pgettext("replay", "Start"),
        "step_back": pgettext("replay", "Back"),
        "play": pgettext("replay", "Play"),
        "pause": pgettext("replay", "Pause"),
        "step": pgettext("replay", "Step"),
        "end": pgettext("replay", "End"),
        "lost_where": _("Lost where?"),
        "play_on": _("Play on"),
        "play_on_title": _("Play on from here as a Practice game"),
        "analysis": _("ANALYSIS"),
        "no_losing_move": _("No move lost this deal."),
        "not_found_yet": _("The analysis has not found a losing move (yet)."),
    }


# -- statistics ---------------------------------------------------------------------------------
def _chart(choice: StatsChoice, stats: dict[StatsKey, Stats]) -> dict[str, Any]:
    """The chart under the figures, as the desktop draws it: a bar per recent result of one key
    (its score; won or lost), or the wins and losses of each recent day for a total."""
    if not choice.keys:
        return {
            "kind": "empty",
            "title": _("No games yet"),
            "text": _("Finish a deal (or leave one: it counts as a loss) and it is counted here."),
        }
    if choice.single:
        recent = choice.recent[-CHART_BARS:]
        top = max([r.score for r in recent] + [1])
        return {
            "kind": "results",
            "title": ngettext(
                "Last {n} result (bar: score)", "Last {n} results (bar: score)", len(recent)
            ).format(n=format_number(len(recent))),
            "top": top,
            "top_text": format_number(top),
            "bars": [
                {"score": r.score, "won": r.won, "text": format_number(r.score)} for r in recent
            ],
        }
    days = per_day(stats, choice.keys)
    top = max([w + lo for _d, w, lo in days] + [1])
    bars = []
    for date, wins, losses in days:
        try:
            day = datetime.date.fromisoformat(date)
            named, short = format_day(day, "MMMd"), format_day(day, "Md")
        except ValueError:
            named = short = date[5:]
        bars.append({"date": date, "day": named, "short": short, "wins": wins, "losses": losses})
    return {
        "kind": "days",
        "title": ngettext(
            "Wins and losses on the last {n} day played",
            "Wins and losses on the last {n} days played",
            len(days),
        ).format(n=format_number(len(days))),
        "top": top,
        "top_text": format_number(top),
        "bars": bars,
    }


def statistics(app: Application, today: str) -> dict[str, Any]:
    """Every view of the statistics, as the desktop's Statistics screen offers them (all games,
    each mode's total, each mode, rule preset and layout, the unplaced ones last), each with its
    figures, the day streak over Daily views and its chart; and the screen's words."""
    stats = app.progress.stats
    views = []
    for c in choices(app.layout_title, stats):
        views.append(
            {
                "label": c.label,
                "short": c.shorter[-1] if c.shorter else c.label,
                "labels": [c.label, *c.shorter],  # shorter and shorter, for a narrow control
                "keys": [
                    {"mode": k.mode, "preset": k.preset, "layout": k.layout, "untimed": k.untimed}
                    for k in c.keys
                ],
                "played": c.stats.played,
                "won": c.stats.won,
                "lost": c.stats.lost,
                "figures": [{"label": name, "value": value} for name, value in figures(c.stats)],
                "extra": day_streak_line(c, app.progress.daily, today),
                "chart": _chart(c, stats),
            }
        )
    return {"views": views, "words": words()}


def past_games(app: Application) -> dict[str, Any]:
    """The finished games the save keeps with their moves, newest first, each with its game code
    and its row's words (the desktop's Past games screen's)."""
    rows = []
    for game in reversed(app.progress.games):
        what, result = describe(game)
        rows.append(
            {
                "code": game.code,
                "date": game.date,
                "mode": game.mode,
                "outcome": game.outcome,
                "score": game.score,
                "what": what,
                "result": result,
            }
        )
    return {"games": rows, "words": words()}


# -- the replay ---------------------------------------------------------------------------------
def read_code(app: Application, text: object) -> GameCode:
    """A game code from the page, checked as the desktop's ``replay`` command checks it; a bad
    one raises :class:`RequestError` with the desktop's words and the engine's reason."""
    if text is None:
        raise RequestError("'code' is missing: a game code (DG-…)")
    if not isinstance(text, str):
        raise RequestError(f"'code' needs a game code (DG-…), not {text!r}")
    code_text = text.strip()
    try:
        if len(code_text) > GAME_CODE_MAX:
            raise EngineError(f"the game code is too long ({len(code_text):,} characters)")
        code = decode_game_code(code_text, app.get_layout)
        check_playable(code.rules, code.layout_number)
    except (EngineError, KeyError) as exc:
        reason = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
        raise RequestError(
            _("This game cannot be shown: {reason}.").format(reason=reason)
        ) from None
    return code


def _next_places(move_kind: MoveKind, a: int, b: int) -> list[int | str]:
    """The cards of the move about to be played, ringed (the desktop's replay rings them)."""
    if move_kind in (MoveKind.FLIP, MoveKind.REDEAL):
        return [place_json(STOCK)]
    return [place_json(p) for p in (a, b) if p != NO_PLACE]


class Replay:
    """One game code's game, watched again: its positions and its analysis, in steps."""

    def __init__(self, app: Application, text: object) -> None:
        self.code = read_code(app, text)
        self.code_text = str(text).strip().upper()
        self.layout = app.get_layout(self.code.layout_number)
        kept = [g for g in app.progress.games if g.code.upper() == self.code_text]
        game = self.code.game(self.layout)
        # a past game: its mode's title and the total its row shows (a Daily's time bonus)
        self.title = (
            replay_title(kept[-1].mode)
            if kept
            else _("Replay · {name}").format(name=layout_name(self.layout))
        )
        self.total = kept[-1].score if kept else game.score
        self.game = game  # the whole game, for the analysis
        self.deadline = 0.0
        self.steps: Iterator[Analysis] | None = None
        self.analysis: Analysis | None = None
        self.done = False
        self.seconds = 0.0  # spent on the analysis so far

    def answer(self) -> dict[str, Any]:
        """The replay as the page shows it: its title and figures, every position and the
        speeds, in the player's language."""
        code = self.code
        moves = code.moves
        n = len(moves)
        deal_code = encode_deal_code(code.deal, code.rules, code.layout_number)
        game = Game(self.layout, code.rules, code.deal, code.multiplier)
        positions = []
        final = format_number(self.total)
        for k in range(n + 1):
            if k:
                line = _("{number}. {move}").format(
                    number=k, move=move_words(game, moves[k - 1]).text()
                )
                game.play(moves[k - 1])
            else:
                line = _("The deal.")
            figures_text = (
                _("Move {number} of {total} · Cards left {score}")
                if game.rules.scoring is Scoring.CLASSIC
                else _("Move {number} of {total} · Score {score}")
            ).format(number=k, total=n, score=format_number(game.score))
            nxt = moves[k] if k < n else None
            positions.append(
                {
                    **board_json(game),
                    "moves": k,
                    "score": format_number(game.score),
                    "figures": figures_text,
                    "line": line,
                    "next": [] if nxt is None else _next_places(nxt.kind, nxt.a, nxt.b),
                    "won": game.won,
                }
            )
        speeds = [
            {
                "speed": speed,
                "seconds": STEP_S / speed,
                "label": _("Speed {speed}×").format(speed=format_number(speed)),
                "playing": _("playing · speed {speed}× · at the end: {score}").format(
                    speed=format_number(speed), score=final
                ),
                "paused": _("paused · speed {speed}× · at the end: {score}").format(
                    speed=format_number(speed), score=final
                ),
            }
            for speed in SPEEDS
        ]
        return {
            "code": self.code_text,
            "title": self.title,
            # TRANSLATORS: {rules} is the rules' short code (desert, classic+p1...), {code} the deal's
            "deal": _("Rules {rules} · {code}").format(rules=code.rules, code=deal_code),
            "deal_code": deal_code,
            "layout": {"number": self.layout.number, "name": self.layout.name},
            "moves": n,
            "total": self.total,
            "positions": positions,
            "speeds": speeds,
            "words": words(),
            "analysis": self.analysis_json(),
        }

    def play_on(self, table: WebTable, move: object) -> None:
        """ "Play on from here": a Practice deal at the table from the position after ``move``
        moves (0, the deal, to all of them), those moves kept for undo, as the desktop's replay
        starts it (``Application.play_on``: undo goes back to the deal; the game is recorded as
        a Practice game when it ends). Raises :class:`RequestError` for a move number that is not
        one of this game's, and the application's
        :class:`~desert_pyramid.modes.InputError` (its words) for rules Practice does not play on
        this layout."""
        n = len(self.code.moves)
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move <= n:
            raise RequestError(f"'move' needs a move number from 0 to {n}, not {move!r}")
        code = self.code
        game = Game(self.layout, code.rules, code.deal, code.multiplier)
        game.replay(code.moves[:move])
        session = table.app.play_on(game)
        table.sit(
            table.app.sit(session),
            tell(
                "Played on from move {number} of a replay: undo goes back to the deal.",
                number=move,
            ),
        )

    def analyse(self, seconds: float) -> dict[str, Any]:
        """Run the analysis for at most ``seconds`` (each search cut there goes on at the next
        request); what it says so far."""
        if self.steps is None:
            self.steps = analysis_steps(self.game, should_stop=self._stop)
        started = time.perf_counter()
        self.deadline = started + seconds
        while not self.done and time.perf_counter() < self.deadline:
            try:
                self.analysis = next(self.steps)
            except StopIteration:
                self.done = True
        self.seconds += time.perf_counter() - started
        return self.analysis_json()

    def _stop(self) -> bool:
        return time.perf_counter() > self.deadline

    def analysis_json(self) -> dict[str, Any]:
        """The analysis so far: each move's verdict in words, the move that lost the deal and
        what would have won there, the summary; ``done`` once it is whole."""
        a = self.analysis
        n = len(self.code.moves)
        decided = 0
        marks = []
        if a is not None:
            verdicts = [a.start, *(m.verdict for m in a.marks)]
            decided = sum(v is not Verdict.UNKNOWN for v in verdicts)
            marks = [
                {
                    "verdict": m.verdict.value,
                    "losing": m.losing,
                    "words": mark_words(a, m.number),
                }
                for m in a.marks
            ]
        lost = a.losing_move if a is not None else None
        return {
            "done": self.done,
            "complete": bool(a is not None and a.complete),
            "progress": 1.0 if self.done else round(decided / (n + 1), 3),
            "summary": analysis_summary(a) if self.done else _("analysing…"),
            "pending": _("analysing…"),
            "start": a.start.value if a is not None else "unknown",
            "marks": marks,
            "losing_move": lost,
            "lost_line": lost_here(a, lost - 1) if lost is not None and self.done else "",
            "advice": " ".join(s.text() for s in a.advice) if a is not None else "",
            "nodes": a.nodes if a is not None else 0,
            "seconds": round(self.seconds, 3),
        }
