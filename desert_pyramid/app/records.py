"""The statistics and past games as the screens word them, for both front ends: the views of
the statistics (all games, each mode's total, each mode, rule preset and layout), their figures
in the player's language, a past game's row, and what the solver's analysis says of a replayed
move. The desktop's Statistics, Past games and replay screens and the browser's draw these same
words (the same messages, translated once)."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from desert_pyramid.app.analysis import Analysis, Verdict
from desert_pyramid.app.layouts import preset_name
from desert_pyramid.app.sessions import Mode, clock_text, counts_day_streak, mode_name
from desert_pyramid.i18n import (
    N_,
    _,
    format_date,
    format_number,
    format_percent,
    ngettext,
    pgettext,
)
from desert_pyramid.progression import (
    DailyStreak,
    PlayedGame,
    RecentResult,
    Stats,
    StatsKey,
    combine,
)

MODE_ORDER: tuple[Mode, ...] = ("expedition", "daily", "practice")  # every one of MODES
CHART_DAYS = 14  # recent days drawn for a total
DASH = "—"
#: The rule presets as the statistics name them (engine/rules.py's PRESETS).
PRESET_NAMES = {
    "desert": N_("Desert rules"),
    "classic": N_("Classic rules"),
    "strict": N_("Strict rules"),
    "relaxed": N_("Relaxed rules"),
    # TRANSLATORS: the rules of games whose record in the save file was damaged (statistics)
    "other": N_("Other rules"),
}


@dataclass
class StatsChoice:
    """One view of the statistics: a key, a mode's total or everything."""

    label: str
    stats: Stats
    keys: list[StatsKey]
    recent: list[RecentResult] = field(default_factory=list)  # one key: its own recent results
    shorter: list[str] = field(default_factory=list)  # the label in fewer words, for less room

    @property
    def single(self) -> bool:
        return len(self.keys) == 1


#: A layout's name by its number (``Application.layout_title``: a layout gone keeps a name)
LayoutNamer = Callable[[int], str]


def preset_label(preset: str) -> str:
    """``desert`` → ``Desert rules``; ``classic+p1+top`` → ``Classic rules + p1 + top``."""
    base, *options = preset.split("+")
    name = _(PRESET_NAMES[base]) if base in PRESET_NAMES else f"{base.capitalize()} rules"
    return " + ".join([name, *options])


def key_label(names: LayoutNamer, key: StatsKey) -> str:
    return key_labels(names, key)[0]


def key_labels(names: LayoutNamer, key: StatsKey) -> list[str]:
    """A key's label, then shorter ones for a narrow selector: without the layout's name, then
    without the rules."""
    name = names(key.layout)
    number = format_number(key.layout)
    where = _("layout {number}").format(number=number)
    rules = preset_label(key.preset)
    out = [f"{key.label} · {rules} · {where}", f"{key.label} · {where}"]
    if name:
        named = _("layout {number}: {name}").format(number=number, name=name)
        out.insert(0, f"{key.label} · {rules} · {named}")
    return out


def _total(label: str, stats: dict[StatsKey, Stats], keys: list[StatsKey]) -> StatsChoice:
    # with one key only, the total is that key: its chart shows the same recent results
    alone = list(stats[keys[0]].recent) if len(keys) == 1 else []
    return StatsChoice(label, combine(stats[k] for k in keys), keys, alone)


def choices(names: LayoutNamer, stats: dict[StatsKey, Stats]) -> list[StatsChoice]:
    """All games first, then per mode its total (when it has several keys) and its keys. Untimed
    Expedition and Daily results are kept apart: "All games" is then the timed games' total
    ("All timed games"), the untimed have a total of their own, and each untimed mode comes after
    its timed one, so no untimed result shows among the timed bests. Statistics kept from a
    damaged save ("other" mode, rules or layout 0) come last, as any mode the game lacks."""
    keys = [k for k, v in stats.items() if v.played or v.treks]
    timed = [k for k in keys if not k.untimed]
    untimed = [k for k in keys if k.untimed]
    out: list[StatsChoice] = []
    if timed or not untimed:
        out.append(_total(_("All timed games") if untimed else _("All games"), stats, timed))
    if untimed:
        out.append(_total(_("All untimed games"), stats, untimed))
    groups = sorted(
        {(k.mode, k.untimed) for k in keys},
        key=lambda g: (MODE_ORDER.index(g[0]) if g[0] in MODE_ORDER else 9, g[1]),
    )
    for mode, apart in groups:
        mine = sorted(
            (k for k in keys if (k.mode, k.untimed) == (mode, apart)),
            key=lambda k: (k.preset, k.layout),
        )
        if len(mine) > 1:
            total = _("{mode} · all").format(mode=mine[0].label)
            out.append(StatsChoice(total, combine(stats[k] for k in mine), mine))
        for k in mine:
            s = stats[k]
            label, *shorter = key_labels(names, k)
            out.append(StatsChoice(label, s, [k], list(s.recent), shorter))
    return out


def per_day(
    stats: dict[StatsKey, Stats], keys: list[StatsKey], days: int = CHART_DAYS
) -> list[tuple[str, int, int]]:
    """(date, wins, losses) over the recent results of ``keys``, for the last ``days`` dates."""
    count: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for k in keys:
        for r in stats[k].recent:
            count[r.date][0 if r.won else 1] += 1
    return [(d, c[0], c[1]) for d, c in sorted(count.items())[-days:]]


def figures(s: Stats) -> list[tuple[str, str]]:
    """(label, value) of the figure tiles, in the player's language."""
    trek = DASH
    if s.treks:
        n = s.best_trek_pyramids
        trek = ngettext("{n} pyramid", "{n} pyramids", n).format(n=format_number(n))
    return [
        (_("Played"), format_number(s.played)),
        (_("Won"), format_number(s.won)),
        (_("Lost"), format_number(s.lost)),
        (_("Win rate"), format_percent(round(s.win_rate, 2)) if s.played else DASH),
        (_("Best score"), format_number(s.best_score) if s.played else DASH),
        (_("Current streak"), format_number(s.current_streak)),
        (_("Best streak"), format_number(s.best_streak)),
        (
            _("Best time"),
            clock_text(int(s.best_seconds * 1000)) if s.best_seconds is not None else DASH,
        ),
        (_("Best trek"), trek),
        (_("Best trek score"), format_number(s.best_trek_score) if s.treks else DASH),
    ]


def day_streak_line(choice: StatsChoice, daily: DailyStreak, today: str) -> str:
    """The line over a view of Daily games only: the day streak on ``today`` (ISO) and the best;
    empty for any other view."""
    if not choice.keys or not all(counts_day_streak(k.mode) for k in choice.keys):
        return ""
    return _("Day streak: {n} now · best {best}").format(
        n=format_number(daily.current_on(today)), best=format_number(daily.best)
    )


# -- past games ---------------------------------------------------------------------------------
def outcome_word(outcome: str) -> str:
    """How a game ended, as its row says it."""
    if outcome == "won":
        # TRANSLATORS: a past game's outcome in its row
        return pgettext("outcome", "won")
    if outcome == "lost":
        return pgettext("outcome", "lost")
    if outcome == "abandoned":
        # TRANSLATORS: a past game's outcome: the player left it before it ended
        return pgettext("outcome", "left")
    return outcome


def describe(game: PlayedGame) -> tuple[str, str]:
    """A row's words: (what, outcome and score)."""
    try:
        day = format_date(datetime.date.fromisoformat(game.date), "medium")
    except ValueError:
        day = game.date
    # TRANSLATORS: a past game's row: its date, mode, rule preset and layout number
    what = _("{date} · {mode} · {rules} · layout {layout}").format(
        date=day, mode=mode_name(game.mode), rules=preset_name(game.preset), layout=game.layout
    )
    outcome = outcome_word(game.outcome)
    # TRANSLATORS: a past game's outcome (won, lost, left) and its score
    return what, _("{outcome} · {score}").format(outcome=outcome, score=format_number(game.score))


def replay_title(mode: str) -> str:
    """A past game's replay's title: ``Replay · Daily``."""
    # TRANSLATORS: the replay screen's title: {mode} is Expedition, Daily or Practice
    return _("Replay · {mode}").format(mode=mode_name(mode))


# -- the analysis of a replayed game --------------------------------------------------------------
def mark_words(analysis: Analysis | None, number: int) -> str:
    """What the analysis says of move ``number`` (1-based), in a few words."""
    if analysis is None or not 1 <= number <= len(analysis.marks):
        return _("analysing…") if analysis is None else ""
    mark = analysis.marks[number - 1]
    if mark.losing:
        return _("the move that lost the deal")
    if mark.verdict is Verdict.WINNABLE:
        return _("still winnable")
    if mark.verdict is Verdict.LOST:
        # TRANSLATORS: a replayed move's verdict: the deal could not be won after it
        return pgettext("move", "lost") if analysis.start is Verdict.LOST else _("already lost")
    return _("not decided") if analysis.complete or not analysis.nodes else _("analysing…")


def analysis_summary(analysis: Analysis | None) -> str:
    """The analysis in a few words: where the deal was lost, or that it never was."""
    if analysis is None:
        return _("analysing…")
    if analysis.losing_move is not None:
        return _("lost at move {number}").format(number=analysis.losing_move)
    if analysis.start is Verdict.LOST:
        return _("lost from the deal")
    return _("every position winnable") if analysis.complete else _("some positions undecided")


def lost_here(analysis: Analysis | None, step: int) -> str:
    """Shown at the position before the move that lost the deal (``step`` moves played): that
    move, and the moves that kept the deal winnable there; empty anywhere else."""
    if analysis is None or analysis.losing_move is None or step != analysis.losing_move - 1:
        return ""
    instead = "; ".join(s.text() for s in analysis.instead[:2])
    return _("Next, move {number} lost the deal. Winnable instead: {moves}.").format(
        number=step + 1, moves=instead
    )
