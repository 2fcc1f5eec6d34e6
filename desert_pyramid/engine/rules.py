"""Rule sets: one frozen value. Four named presets plus single options on top of any of them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, TypedDict

from .errors import RulesError
from .wording import CLEAR_THE_LAYOUT, OPTION_WORDS, passes_short

UNLIMITED = 0  # ``passes`` value meaning no limit on redeals
#: The passes through the stock a game code holds when the rules allow unlimited redeals (the one
#: place this number is written). Play itself has no limit; the cap bounds what a code may claim,
#: so that a code from a stranger cannot ask for an endless game (see ``engine/gamecode.py``). It
#: is above what any win needs: each pass after the first is worth taking only to reach a card for a
#: removal or the Satchel, at most 52 + 52 of them, so a winning line never needs more than 105.
UNLIMITED_PASSES_CAP = 128


class Scoring(Enum):
    DESERT = "desert"  # chain scoring, row and clear bonuses (docs/rules.md)
    CLASSIC = "classic"  # the traditional count: moves, and the cards left in the pyramid as points
    TIMED = (
        "timed"  # the relaxed preset's: 10 per removal, -30 per 30 s, + 600000 / seconds on a win
    )


class RulesData(TypedDict):
    """Rules as :meth:`Rules.to_dict` saves them (plain TOML values)."""

    passes: int
    satchel: bool
    stock_top_playable: bool
    all_52: bool
    relaxed_match: bool
    draw_three: bool
    scoring: str


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that decides what is legal and how it scores."""

    passes: int = 3  # passes through the stock: 1, 3, or UNLIMITED (0)
    satchel: bool = True
    stock_top_playable: bool = False
    all_52: bool = False  # the win needs every card removed, not just the layout
    relaxed_match: bool = (
        False  # a card may pair with the card it covers if nothing else covers either
    )
    draw_three: bool = False  # a flip turns three cards; only the last is free (Tut's Tomb)
    scoring: Scoring = Scoring.DESERT

    def __post_init__(self) -> None:
        if self.passes not in (1, 3, UNLIMITED):
            raise RulesError(f"passes must be 1, 3 or unlimited, not {self.passes}")

    @property
    def max_redeals(self) -> int | None:
        """Redeals allowed, ``None`` when unlimited."""
        return None if self.passes == UNLIMITED else self.passes - 1

    @property
    def preset(self) -> str | None:
        """The preset these rules are exactly, or ``None``."""
        for name, rules in PRESETS.items():
            if rules == self:
                return name
        return None

    @property
    def base_preset(self) -> str:
        """The preset these rules are closest to (fewest differing options)."""
        best = min(PRESETS.items(), key=lambda kv: _distance(kv[1], self))
        return best[0]

    @property
    def classic_layout_only(self) -> bool:
        """Presets classic and strict play the classic pyramid only (see :func:`check_playable`)."""
        return self.preset in ("classic", "strict")

    def with_options(self, **options: Any) -> Rules:
        try:
            return replace(self, **options)
        except TypeError as exc:
            raise RulesError(f"unknown rule option: {exc}") from None

    # -- text form -------------------------------------------------------------------------------
    def __str__(self) -> str:
        """``desert``, or the closest preset with options: ``classic+p1+top``."""
        base = self.base_preset
        ref = PRESETS[base]
        parts = [base]
        if self.passes != ref.passes:
            parts.append({1: "p1", 3: "p3", UNLIMITED: "pu"}[self.passes])
        for field, (on, off) in _FLAG_TOKENS.items():
            mine, theirs = getattr(self, field), getattr(ref, field)
            if mine != theirs:
                parts.append(on if mine else off)
        if self.scoring != ref.scoring:
            parts.append("score-" + self.scoring.value)
        return "+".join(parts)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read ``preset[+option...]``: options p1 p3 pu satchel nosatchel top notop all52 no52
        match nomatch draw3 draw1 score-desert score-classic score-timed."""
        tokens = [t.strip().lower() for t in text.strip().split("+")]
        if not tokens or not tokens[0]:
            raise RulesError("empty rules: name a preset (desert, classic, strict, relaxed)")
        if tokens[0] not in PRESETS:
            raise RulesError(
                f"unknown preset '{tokens[0]}': choose desert, classic, strict or relaxed"
            )
        rules = PRESETS[tokens[0]]
        for tok in tokens[1:]:
            if tok in ("p1", "p3", "pu"):
                rules = replace(rules, passes={"p1": 1, "p3": 3, "pu": UNLIMITED}[tok])
                continue
            if tok.startswith("score-"):
                try:
                    rules = replace(rules, scoring=Scoring(tok[6:]))
                except ValueError:
                    raise RulesError(
                        f"unknown scoring '{tok[6:]}': desert, classic or timed"
                    ) from None
                continue
            for field, (on, off) in _FLAG_TOKENS.items():
                if tok in (on, off):
                    flags: dict[str, Any] = {field: tok == on}
                    rules = replace(rules, **flags)
                    break
            else:
                raise RulesError(
                    f"unknown rule option '{tok}' in '{text}': use p1, p3, pu, satchel, nosatchel, top, "
                    "notop, all52, no52, match, nomatch, draw3, draw1"
                )
        return rules

    def describe(self) -> str:
        """A one-line description in words for players."""
        bits = [passes_short(self.max_passes)]
        for words in OPTION_WORDS.values():
            if words.field != "all_52" and getattr(self, words.field):
                bits.append(words.short)
        bits.append(OPTION_WORDS["all_52"].short if self.all_52 else CLEAR_THE_LAYOUT)
        return ", ".join(bits)

    @property
    def max_passes(self) -> int | None:
        """Passes through the stock allowed, ``None`` when unlimited."""
        return None if self.passes == UNLIMITED else self.passes

    def to_dict(self) -> RulesData:
        return {
            "passes": self.passes,
            "satchel": self.satchel,
            "stock_top_playable": self.stock_top_playable,
            "all_52": self.all_52,
            "relaxed_match": self.relaxed_match,
            "draw_three": self.draw_three,
            "scoring": self.scoring.value,
        }

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules as :meth:`to_dict` saved them; anything else raises :class:`RulesError`."""
        if not isinstance(data, dict):
            raise RulesError("rules must be a table")
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key == "scoring":
                try:
                    kwargs[key] = Scoring(value)
                except ValueError:
                    raise RulesError(f"unknown scoring {value!r}") from None
            elif key == "passes":
                if not isinstance(value, int) or isinstance(value, bool):
                    raise RulesError(f"passes must be an integer, not {value!r}")
                kwargs[key] = value
            elif key in _FLAG_TOKENS:
                if not isinstance(value, bool):
                    raise RulesError(f"{key} must be true or false, not {value!r}")
                kwargs[key] = value
            else:
                raise RulesError(f"unknown rule option '{key}'")
        return cls(**kwargs)


_FLAG_TOKENS: dict[str, tuple[str, str]] = {
    "satchel": ("satchel", "nosatchel"),
    "stock_top_playable": ("top", "notop"),
    "all_52": ("all52", "no52"),
    "relaxed_match": ("match", "nomatch"),
    "draw_three": ("draw3", "draw1"),
}

PRESETS: dict[str, Rules] = {
    "desert": Rules(),
    "classic": Rules(passes=3, satchel=False, scoring=Scoring.CLASSIC),
    "strict": Rules(passes=1, satchel=False, all_52=True, scoring=Scoring.CLASSIC),
    "relaxed": Rules(
        passes=UNLIMITED, satchel=False, stock_top_playable=True, scoring=Scoring.TIMED
    ),
}

DESERT = PRESETS["desert"]
CLASSIC = PRESETS["classic"]
STRICT = PRESETS["strict"]
RELAXED = PRESETS["relaxed"]


def check_playable(rules: Rules, layout_number: int) -> None:
    """Raise :class:`RulesError` when ``rules`` are not played on layout ``layout_number``.

    The one place that decides which rule/layout pairs can be played: the command line (``deal``,
    ``show``, ``solve``, ``stats``, ``--code``), deal codes and the Practice set-up all ask it, so a
    deal code the tool prints always opens in the game. The classic and strict presets are the
    traditional game: they play the classic pyramid (layout 1) only."""
    if rules.classic_layout_only and layout_number != 1:
        raise RulesError(
            f"the {rules.preset} rules play the classic pyramid (layout 1) only, not layout {layout_number}"
        )


def _distance(a: Rules, b: Rules) -> int:
    return sum(
        getattr(a, f) != getattr(b, f)
        for f in (
            "passes",
            "satchel",
            "stock_top_playable",
            "all_52",
            "relaxed_match",
            "draw_three",
            "scoring",
        )
    )
