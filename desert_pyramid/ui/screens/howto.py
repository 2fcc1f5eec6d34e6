"""The How to play screen: the rules, the variations, other names and the quiz, in four pages.

Every word comes from :mod:`desert_pyramid.content` (``resources/rules/*.toml``), the same text that
``desert-pyramid rules`` prints. The pages:

- **How to play**: the sections of the rules in one scrolling column, with a list of the sections
  beside it, the drawn pyramid of the free-cards section and the steps of the worked example;
- **Variations**: each with a button that starts a Practice deal under its rule set;
- **Other names**: the glossary;
- **Quiz**: :mod:`quiz_view`, the score kept on the app for the whole session.

"Watch the worked example" (W) opens the real table on the example's deal (:mod:`demo`).
Keys: :data:`keys.HOWTO` rows (Tab or ← → change the page, ↑ ↓ PgUp PgDn Home End scroll or move
between buttons, Enter presses, 1 2 3 answer, W watches, Esc goes back).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

import arcade

from desert_pyramid.app.howto import HowtoMemory
from desert_pyramid.content import (
    QuizSession,
    RulesContent,
    Section,
    Variation,
    default_content,
    parse_markup,
    rules_paragraph,
    source_content,
    variation_note,
    variation_rules_words,
)
from desert_pyramid.engine import PRESETS, Rules
from desert_pyramid.i18n import N_, _, pgettext
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.fonts import heading_font
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.palette import FAINT, GOLD, INK, MUTED, PANEL_RIM
from desert_pyramid.ui.input import keys
from desert_pyramid.ui.screen import Screen
from desert_pyramid.ui.screens.howto_figure import LEGEND, DiagramFigure
from desert_pyramid.ui.screens.pages import Page, ScrollPage
from desert_pyramid.ui.widgets.buttons import (
    Button,
    ButtonColumn,
    TextGroup,
    focus_hover,
    panel_sprite,
    skin_texture,
    text_height,
)
from desert_pyramid.ui.widgets.richtext import RichText, px, text_width
from desert_pyramid.ui.widgets.scroll import fit_lines

if TYPE_CHECKING:
    from desert_pyramid.ui.shell import Shell

PAGES = ("rules", "variations", "glossary", "quiz")


def page_title(name: str) -> str:
    """A page's tab, in the player's language (its own context: a tab is narrower than the title
    screen's How to play button, so a language may choose a shorter word)."""
    return {
        "rules": pgettext("how to play tab", "How to play"),
        "variations": pgettext("how to play tab", "Variations"),
        "glossary": pgettext("how to play tab", "Other names"),
        "quiz": pgettext("how to play tab", "Quiz"),
    }[name]


# --------------------------------------------------------------------------------------------
# What the screen remembers while the game runs


def memory_of(app: Shell, content: RulesContent) -> HowtoMemory:
    memory = app.howto_memory
    if memory is None:
        memory = HowtoMemory(QuizSession(content.quiz.questions))
        app.howto_memory = memory
    elif memory.quiz.questions != content.quiz.questions:
        # the language changed since: the same questions (same right answers) in its words, the
        # score and the place in the quiz kept
        memory.quiz.questions = content.quiz.questions
        last = memory.last
        if last is not None and not memory.quiz.finished:
            question = memory.quiz.current
            memory.last = dataclasses.replace(
                last,
                question=question,
                explanation=question.choices[last.choice_index].explanation,
            )
    return memory


def _capital(text: str) -> str:
    """The first letter a capital, the rest as written ("Desert rules" keeps its capital)."""
    return text[:1].upper() + text[1:]


def variation_rules(variation: Variation) -> Rules:
    """The engine rules a variation's button starts: its preset with its options."""
    return PRESETS[variation.preset].with_options(**variation.options_dict())


# --------------------------------------------------------------------------------------------
@dataclass
class Block:
    """A section of the rules page: where it lies, and its texts once made."""

    section: Section
    top: float
    bottom: float
    rich: RichText | None = None
    figures: list[DiagramFigure] = field(default_factory=list)


class RulesPage(ScrollPage):
    """The sections of the rules, with the list of sections beside them."""

    name = "rules"
    hint = N_("↑ ↓ PgUp PgDn scroll · Tab or ← → change page · W watches the example · Esc back")

    def __init__(self, view: HowToView) -> None:
        super().__init__(view)
        self.sections = view.content.how_to_play.sections
        self.anchors: list[float] = []  # content y of each section's top
        self.blocks: list[Block] = []
        self.col = 0.0
        self.watch = ButtonColumn(
            view.app.assets, [Button(_("► Watch it on the table"), view.watch)]
        )
        self.watch.focus = -1
        self.side_rects: list[Rect] = []
        self.side = RichText(view.app.assets)
        self.side_skin: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.picked: int | None = None
        self._current = -1
        self.show_side = True

    def _side_items(self, s: float) -> list[tuple[list[str], float]]:
        """The lines and the height of each entry of the list of sections."""
        size = 12 * s
        return [
            (lines, px(size) * (1.22 * len(lines) + 0.5))
            for lines in (fit_lines(section.title, 232 * s, size) for section in self.sections)
        ]

    def scroll_rect(self, area: Rect, s: float) -> Rect:
        items = self._side_items(s)
        # the list of sections goes beside the text when it fits (not in a very small window)
        self.show_side = sum(h + 2 * s for _, h in items) <= area.height
        side_w = 262 * s if self.show_side else 0.0
        return Rect(
            area.left + side_w + 22 * s * self.show_side,
            area.bottom,
            area.width - side_w - 22 * s * self.show_side,
            area.height,
        )

    def build(self, area: Rect, s: float) -> None:
        super().build(area, s)
        # the list of sections
        self.side = RichText(self.app.assets)
        self.side_rects = []
        size = 12 * s
        lh = px(size) * 1.22
        y = area.top - 4 * s
        for lines, h in self._side_items(s) if self.show_side else ():
            r = Rect(area.left, y - h, 256 * s, h)
            self.side_rects.append(r)
            for i, line in enumerate(lines):
                self.side.text(
                    line,
                    r.left + 12 * s,
                    r.cy + lh * ((len(lines) - 1) / 2 - i),
                    size,
                    MUTED,
                    anchor_y="center",
                )
            y -= h + 2 * s
        self._current = -1
        self._update_side()

    def fill(self, width: float, s: float) -> float:
        """Measure every section (a dry layout); the texts of a section are made when it shows."""
        self.blocks = []
        self.col = min(width, 820 * s)
        y = 0.0
        for section in self.sections:
            if self.blocks:
                y -= 30 * s
            dry = RichText(self.app.assets, dry=True)
            bottom = self._section(section, dry, [], y, self.col, s)
            self.blocks.append(Block(section, y, bottom))
            y = bottom
        self.anchors = [b.top for b in self.blocks]
        return -y + 24 * s

    def _section(
        self,
        section: Section,
        rich: RichText,
        figures: list[DiagramFigure],
        top: float,
        col: float,
        s: float,
    ) -> float:
        """Lay one section out from ``top``; returns its bottom."""
        y = rich.line_text(section.title, 0, top, 17.5 * s, GOLD, bold=True) - 4 * s
        y = rich.paragraphs(section.paragraphs, 0, y, col, self.body_size * s)
        if section.diagram is not None:
            y = self._figure(section, rich, figures, y - 16 * s, col, s)
        if section.demo is not None:
            y = self._steps(section, rich, y - 14 * s, col, s)
        return y

    def make_visible_sections(self, everything: bool = False) -> None:
        """Make the texts of the sections in sight (and a screen around them)."""
        h = self.scroll.area.height
        high, low = -self.scroll.offset + h / 2, -self.scroll.offset - 2 * h
        for block in self.blocks:
            if block.rich is None and (everything or (block.bottom <= high and block.top >= low)):
                block.rich = RichText(self.app.assets, self.app.settings.four_colour)
                self._section(block.section, block.rich, block.figures, block.top, self.col, self.s)

    @property
    def figures(self) -> list[DiagramFigure]:
        return [f for b in self.blocks for f in b.figures]

    @property
    def made(self) -> list[RichText]:
        """The rich texts made so far (for tests: call :meth:`make_visible_sections` first)."""
        return [b.rich for b in self.blocks if b.rich is not None]

    def _figure(
        self,
        section: Section,
        rich: RichText,
        figures: list[DiagramFigure],
        top: float,
        col: float,
        s: float,
    ) -> float:
        d = section.diagram
        assert d is not None
        figure = DiagramFigure(self.app.assets, d, self.app.settings.four_colour)
        box = figure.place(16 * s, top, int(60 * s))
        figures.append(figure)
        x = box.right + 30 * s
        y = rich.paragraph(d.caption, x, top, col - x, 13.5 * s, MUTED)
        # the legend, in a row under both: a small card for each state and what it means
        y = min(y, box.bottom) - 14 * s
        sw, sh = int(30 * s), int(41 * s)
        lx = 16 * s
        size = 12.5 * s
        for state, words in LEGEND:
            figure.legend_swatch(state, Rect(lx, y - sh, sw, sh))
            rich.text(_(words), lx + sw + 10 * s, y - sh / 2, size, INK, anchor_y="center")
            lx += sw + 10 * s + text_width(_(words), size) + 34 * s
        return y - sh - 4 * s

    def _steps(self, section: Section, rich: RichText, top: float, col: float, s: float) -> float:
        demo = section.demo
        assert demo is not None
        size = 13.5 * s
        y = top
        indent = 34 * s
        for number, step in enumerate(demo.steps, start=1):
            rich.line_text(f"{number}.", 4 * s, y, size, GOLD, bold=True)
            y = rich.paragraph(step.caption, indent, y, col - indent, size, INK) - 3 * s
        y -= 14 * s
        bh = 42 * s
        if not rich.dry:
            self.watch.place([Rect(indent, round(y - bh), round(330 * s), round(bh))], 14.5 * s)
            self.watch.focus = -1
            self.watch.refresh()
        return y - bh

    # -- the list of sections --------------------------------------------------------------------
    def current_section(self) -> int:
        if self.picked is not None:
            return self.picked
        edge = -(self.scroll.offset + self.scroll.area.height * 0.25)
        if self.scroll.at_end and self.scroll.max_offset > 0:
            edge = -(self.scroll.offset + self.scroll.area.height * 0.5)
        current = 0
        for i, top in enumerate(self.anchors):
            if top >= edge:
                current = i
        return current

    def _update_side(self) -> None:
        current = self.current_section()
        if current == self._current:
            return
        self._current = current
        self.side_skin = arcade.SpriteList()
        if 0 <= current < len(self.side_rects):
            r = self.side_rects[current]
            sprite = arcade.Sprite(
                skin_texture(
                    self.app.assets,
                    "focus",
                    int(r.width),
                    int(r.height),
                    radius=int(r.height * 0.3),
                )
            )
            sprite.position = (round(r.cx), round(r.cy))
            self.side_skin.append(sprite)
        for t in self.side.items:
            lit = 0 <= current < len(self.side_rects) and self.side_rects[current].contains(
                t.x, t.y
            )
            colour = INK if lit else MUTED
            if t.color[:3] != colour:
                t.color = colour

    def jump_to(self, index: int) -> None:
        self.scroll.scroll_to(-self.anchors[index])
        self.picked = index
        self._update_side()
        self.make_visible_sections()

    # -- input -----------------------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        used = super().on_action(action)
        if used:
            self.picked = None
            self._update_side()
            self.make_visible_sections()
        return used

    def on_scroll(self, x: float, y: float, dy: float) -> None:
        super().on_scroll(x, y, dy)
        self.picked = None
        self._update_side()
        self.make_visible_sections()

    def on_click(self, x: float, y: float) -> bool:
        for i, r in enumerate(self.side_rects):
            if r.contains(x, y):
                self.jump_to(i)
                return True
        p = self.scroll.to_content(x, y)
        if p is not None and self.watch.click(*p):
            return True
        return False

    def on_hover(self, x: float, y: float) -> None:
        p = self.scroll.to_content(x, y)
        focus_hover(self.watch, *(p if p is not None else (-1e9, -1e9)))

    def draw_content(self) -> None:
        self.make_visible_sections()
        view_top = -self.scroll.offset
        view_bottom = view_top - self.scroll.area.height
        for block in self.blocks:
            if block.rich is None or block.bottom > view_top or block.top < view_bottom:
                continue
            for figure in block.figures:
                figure.draw()
            block.rich.draw()
            if block.section.demo is not None:
                self.watch.draw()

    def draw(self) -> None:
        self.side_skin.draw()
        self.side.draw()
        super().draw()


class GlossaryPage(ScrollPage):
    """Other names for the things of the game."""

    name = "glossary"
    hint = N_("↑ ↓ PgUp PgDn scroll · Tab or ← → change page · Esc back")

    def fill(self, width: float, s: float) -> float:
        col = min(width, 860 * s)
        x0 = max(0.0, (width - col) / 2)
        body = self.body_size * s
        y = 0.0
        self.rich.line_text(
            _("The same things go by other names in other games and books."),
            x0,
            y,
            13 * s,
            MUTED,
        )
        y -= px(13 * s) * 1.5 + 14 * s
        for entry in self.view.content.glossary:
            term = entry.term[0].upper() + entry.term[1:]
            y = self.rich.line_text(term, x0, y, 16.5 * s, GOLD, bold=True)
            if entry.other_names:
                # TRANSLATORS: {names} is a list of other names for a glossary term, each in bold.
                also = parse_markup(
                    _("Also called: {names}").format(
                        names=", ".join(f"**{n}**" for n in entry.other_names)
                    )
                )
                y = self.rich.paragraph(also, x0, y, col, 13.5 * s, MUTED)
                y -= 2 * s
            y = self.rich.paragraphs(entry.paragraphs, x0, y, col, body)
            y -= 22 * s
        return -y


class VariationsPage(ScrollPage):
    """The variations, each with a button that starts a Practice deal under its rules."""

    name = "variations"
    hint = N_("↑ ↓ choose · Enter starts a Practice deal · Tab or ← → change page · Esc back")

    def __init__(self, view: HowToView) -> None:
        super().__init__(view)
        self.variations = view.content.variations
        self.buttons = ButtonColumn(
            view.app.assets, [Button(v.button, partial(self.start, v)) for v in self.variations]
        )
        self.buttons.focus = view.memory.variation_focus
        self.blocks: list[tuple[float, float]] = []  # content (top, bottom) of each variation

    def fill(self, width: float, s: float) -> float:
        bw, bh = 300 * s, 44 * s
        under = False  # each button under its variation's words, not beside them
        if fonts.text_scale() > 1.0:  # a larger text: the buttons as large as their words need
            bh = max(bh, text_height(14.5 * s) + 8)
            bw = max(bw, self.buttons.label_width(14.5 * s, bh))
            under = bw > width * 0.45
            bw = min(bw, width)
        col = min(width - bw - 40 * s, 760 * s) if not under else width
        x0 = max(0.0, (width - (col + 40 * s + bw)) / 2) if not under else 0.0
        bx = x0 + col + 40 * s
        body = self.body_size * s
        y = 0.0
        intro = rules_paragraph(
            "Pyramid is played by many rule books. Each button starts a **Practice** deal under "
            "that rule set: no clock, hints and undo as always."
        )
        full = col if under else col + bw + 40 * s  # the page's width for a line across it
        y = self.rich.paragraph(intro, x0, y, full, 13.5 * s, MUTED) - 16 * s
        rects: list[Rect] = []
        self.blocks = []
        for v in self.variations:
            top = y
            y = self.rich.line_text(v.title, x0, y, 16.5 * s, GOLD, bold=True)
            y = self.rich.line_text(
                _("{rules}.").format(rules=_capital(variation_rules_words(v))),
                x0,
                y,
                12.5 * s,
                MUTED,
            )
            y = self.rich.paragraphs(v.paragraphs, x0, y - 4 * s, col, body)
            if under:
                rects.append(Rect(round(x0), round(y - 8 * s - bh), round(bw), round(bh)))
                y = y - 8 * s - bh - 14 * s
            else:
                rects.append(Rect(round(bx), round(top - 6 * s - bh), round(bw), round(bh)))
                y = min(y, top - 6 * s - bh) - 14 * s
            self.blocks.append((top, y))
            self.extra.append(self._rule(x0, y + 7 * s, full))
            y -= 14 * s
        self.buttons.place(rects, 14.5 * s)
        return -y

    def _rule(self, x: float, y: float, w: float) -> arcade.Sprite:
        sprite = arcade.SpriteSolidColor(int(w), 1, color=(*PANEL_RIM, 160))
        sprite.position = (x + w / 2, y)
        return sprite

    def start(self, variation: Variation) -> None:
        self.view.memory.variation_focus = self.variations.index(variation)
        self.leave()
        # the note is worded from the English variation, when shown (in the language then)
        english = {v.id: v for v in source_content().variations}.get(variation.id, variation)
        note = variation_note(english)
        self.app.start_practice(
            variation_rules(variation), self.app.application.get_layout(1), note=note
        )

    def focus(self, index: int) -> None:
        index %= len(self.variations)
        self.buttons.focus = index
        self.buttons.refresh()
        self.view.memory.variation_focus = index
        top, bottom = self.blocks[index]
        self.scroll.ensure_visible(top, bottom)

    def on_action(self, action: str) -> bool:
        b = self.buttons
        if action in ("line_up", "line_down"):
            step = -1 if action == "line_up" else 1
            self.focus(b.focus + step if b.focus >= 0 else 0)
            return True
        if action == "press":
            if b.focus < 0:
                self.focus(0)
                return True
            self.app.sounds.play("click")
            return b.press()
        return super().on_action(action)

    def on_click(self, x: float, y: float) -> bool:
        p = self.scroll.to_content(x, y)
        if p is not None and self.buttons.click(*p):
            self.app.sounds.play("click")
            return True
        return False

    def on_hover(self, x: float, y: float) -> None:
        p = self.scroll.to_content(x, y)
        if p is not None:
            i = self.buttons.hit(*p)
            if i is not None and i != self.buttons.focus:
                self.buttons.focus = i
                self.view.memory.variation_focus = i
                self.buttons.refresh()

    def draw_content(self) -> None:
        super().draw_content()
        self.buttons.draw()


# --------------------------------------------------------------------------------------------
# The screen


class HowToView(Screen):
    even_text = True  # all its text at one size (ui/screen.py)
    contexts = (keys.HOWTO, keys.EVERYWHERE)

    def __init__(
        self,
        app: Shell,
        back: arcade.View | None = None,
        page: str | None = None,
        content: RulesContent | None = None,
    ) -> None:
        super().__init__(app)
        from desert_pyramid.ui.screens.quiz_view import QuizPage

        self.back_view = back
        self.content = content or default_content()
        self.memory = memory_of(app, self.content)
        if page is not None:
            if page not in PAGES:
                raise ValueError(f"no page '{page}' (there are: {', '.join(PAGES)})")
            self.memory.page = page
        self.pages: dict[str, Page] = {
            "rules": RulesPage(self),
            "variations": VariationsPage(self),
            "glossary": GlossaryPage(self),
            "quiz": QuizPage(self),
        }
        self._built: dict[str, tuple[Rect, float]] = {}
        self.texts = TextGroup()
        self.panel: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.tabs = ButtonColumn(
            app.assets,
            [
                Button(page_title(name), lambda name=name: self.show_page(name))  # type: ignore[misc]
                for name in PAGES
            ],
        )
        self.footer = ButtonColumn(
            app.assets,
            [
                Button(_("► Watch the worked example · W"), self.watch),
                Button(_("Back · Esc"), self.back),
            ],
        )
        self.footer.focus = -1
        self.hint_text: arcade.Text | None = None
        self.area = Rect(0, 0, 0, 0)
        self.s = 1.0

    @property
    def page(self) -> Page:
        return self.pages[self.memory.page]

    # -- layout ------------------------------------------------------------------------------------
    def scale(self) -> float:
        s = max(0.5, min(self.app.width / 1280, self.app.height / 720) ** 0.8)
        return float(min(s, self.app.width / 1160))  # the heading and the four tabs fit in a row

    def layout(self, width: int, height: int) -> None:
        s = self.s = self.scale()
        margin = 22 * s
        panel = Rect(margin, margin * 0.7, width - 2 * margin, height - margin * 1.4)
        self.panel = arcade.SpriteList()
        self.panel.append(panel_sprite(self.app.assets, panel))
        self.texts = TextGroup()
        head_y = panel.top - max(38 * s, px(24 * s) * 0.6 + 16 * s)  # a larger heading: lower
        heading = _("HOW TO PLAY")
        shadow = self.texts.heading(
            heading,
            panel.left + 30 * s + 2,
            head_y - 2,
            24 * s,
            colour=(30, 18, 8),
            anchor_x="left",
        )
        name = self.texts.heading(heading, panel.left + 30 * s, head_y, 24 * s, anchor_x="left")
        shadow.owner = name.owner = "heading"  # type: ignore[attr-defined]  # one heading, shadowed
        self.divider_y = self._place_tabs(panel, head_y, heading, s)
        # buttons as tall and as wide as their words need at the text size (German and Russian
        # run longer), the watch button within the panel's room beside Back
        large = fonts.text_scale() > 1.0
        fh = max(40 * s, text_height(14 * s) + 8) if large else 40 * s
        fy = panel.bottom + 14 * s
        watch_b, back_b = self.footer.buttons
        pad = 2 * fh * self.footer.pad_ratio + 4 if large else 40 * s
        back_w = max(150 * s, text_width(back_b.label, 14 * s, True) + pad)
        watch_w = min(
            max(340 * s, text_width(watch_b.label, 14 * s, True) + pad),
            panel.width - 54 * s - 12 * s - back_w if large else panel.width * 0.5 - back_w,
        )
        back_x = panel.right - 24 * s - back_w
        self.footer.place(
            [
                Rect(round(back_x - 12 * s - watch_w), round(fy), round(watch_w), round(fh)),
                Rect(round(back_x), round(fy), round(back_w), round(fh)),
            ],
            14 * s,
        )
        self.footer_top = fy + fh + 12 * s
        self.hint_text = self.texts.label(
            "", panel.left + 30 * s, fy + fh / 2, 11.5 * s, colour=FAINT, anchor_x="left"
        )
        self.area = Rect(
            panel.left + 30 * s,
            self.footer_top + 6 * s,
            panel.width - 54 * s,
            self.divider_y - 16 * s - (self.footer_top + 6 * s),
        )
        self.panel_rect = panel
        self._built = {}
        self._show_current()

    def _place_tabs(self, panel: Rect, head_y: float, heading: str, s: float) -> float:
        """The four tabs, each as wide as its name needs at the text size: beside the heading
        where the row has room, else in rows of their own under it (a larger text size reflows
        rather than being set smaller); returns the divider's height under them."""
        font, gap = 14.5 * s, 10 * s
        th, widths = 40 * s, [176 * s] * len(self.tabs.buttons)  # at 100%: the design's
        if fonts.text_scale() > 1.0:
            th = max(th, text_height(font) + 8)
            pad = 2 * th * self.tabs.pad_ratio + 4
            widths = [
                max(176 * s, text_width(b.label, font, True) + pad) for b in self.tabs.buttons
            ]
        right = panel.right - 24 * s
        room = right - (panel.left + 30 * s)  # the panel's inner width
        head_w = text_width(heading, 24 * s, True, heading_font()) + 30 * s
        rows: list[list[int]] = [[]]
        for i, w in enumerate(widths):  # as few rows as hold them, each no wider than the room
            row = rows[-1]
            if row and sum(widths[j] + gap for j in row) + w > room:
                rows.append([])
            rows[-1].append(i)
        beside = len(rows) == 1 and sum(widths) + gap * (len(widths) - 1) <= room - head_w
        top = head_y + th / 2 if beside else head_y - px(24 * s) * 0.7 - 10 * s
        rects: list[Rect] = [Rect(0, 0, 0, 0)] * len(widths)
        for r, row in enumerate(rows):
            x = right - sum(widths[j] for j in row) - gap * (len(row) - 1)
            y = top - (r + 1) * th - r * gap
            for j in row:
                rects[j] = Rect(round(x), round(y), round(widths[j]), round(th))
                x += widths[j] + gap
        self.tabs.place(rects, font)
        return float(min(r.bottom for r in rects) - 14 * s)

    def _show_current(self) -> None:
        name = self.memory.page
        page = self.pages[name]
        if self._built.get(name) != (self.area, self.s):
            page.build(self.area, self.s)
            self._built[name] = (self.area, self.s)
        self.tabs.focus = PAGES.index(name)
        self.tabs.refresh()
        if self.hint_text is not None:
            room = self.footer.buttons[0].rect.left - self.hint_text.x - 12 * self.s
            hint = _(page.hint)
            self.hint_text.text = hint if text_width(hint, 11.5 * self.s) <= room else ""

    def show_page(self, name: str) -> None:
        if name == self.memory.page:
            return
        self.page.leave()
        self.memory.page = name
        self._show_current()

    # -- actions -----------------------------------------------------------------------------------
    def watch(self) -> None:
        """Open the table on the worked example."""
        from desert_pyramid.ui.screens.demo import DemoView

        section = next(
            (sec for sec in self.content.how_to_play.sections if sec.demo is not None), None
        )
        if section is None or section.demo is None:
            return
        self.page.leave()
        self.app.show_view(DemoView(self.app, section.demo, section.paragraphs, back=self))

    def back(self) -> None:
        self.page.leave()
        if self.back_view is not None:
            self.app.show_view(self.back_view)
        else:
            self.app.show_title()

    def on_action(self, action: str) -> bool:
        if action in ("tab_next", "tab_prev"):
            step = 1 if action == "tab_next" else -1
            self.show_page(PAGES[(PAGES.index(self.memory.page) + step) % len(PAGES)])
            return True
        if action == "back":
            self.back()
            return True
        if action == "watch":
            self.watch()
            return True
        if self.page.on_action(action):
            return True
        return super().on_action(action)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        self.page.on_scroll(x, y, scroll_y)
        return True

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        focus_hover(self.footer, x, y)
        self.page.on_hover(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool | None:
        i = self.tabs.hit(x, y)
        if i is not None:
            self.app.sounds.play("click")
            self.show_page(PAGES[i])
            return True
        if self.footer.click(x, y):
            self.app.sounds.play("click")
            return True
        return True if self.page.on_click(x, y) else None

    # -- drawing -----------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self.app.sounds.preload_one()

    def on_draw(self) -> None:
        self.ensure_layout()
        self.draw_backdrop()
        self.panel.draw()
        p = self.panel_rect
        s = self.s
        arcade.draw_lrbt_rectangle_filled(
            p.left + 20 * s,
            p.right - 20 * s,
            self.divider_y - 1,
            self.divider_y + 1,
            (*PANEL_RIM, 200),
        )
        arcade.draw_lrbt_rectangle_filled(
            p.left + 20 * s,
            p.right - 20 * s,
            self.footer_top - 1,
            self.footer_top + 1,
            (*PANEL_RIM, 200),
        )
        self.tabs.draw()
        self.texts.draw()
        self.page.draw()
        self.footer.draw()
