"""The game's fonts as they are drawn: every heading letter reads as itself, small text keeps its
dots, every character the UI prints has a glyph in the font that draws it."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.ui


def _draw(
    app: Any,
    text: str,
    size: float,
    font: str,
    bold: bool,
    x: float = 4,
    y: float = 30,
    w: int = 200,
    h: int = 60,
) -> Any:
    """``text`` drawn alone (white on black) with its baseline at (x, y); the w x h corner as a
    grey image."""
    import arcade

    from desert_pyramid.ui.widgets.text import Text

    app.ctx.screen.use()
    app.clear(color=(0, 0, 0))
    t = Text(text, x, y, (255, 255, 255), size, font_name=font, bold=bold)
    t.draw()
    return arcade.get_image(0, 0, w, h).convert("L")


def _ink(img: Any) -> Any:
    """The image cropped to its ink and thresholded to 0/1."""
    box = img.point(lambda v: 255 if v > 110 else 0).getbbox()
    assert box is not None, "nothing drawn"
    return img.crop(box).point(lambda v: 1 if v > 110 else 0)


def _difference(a: Any, b: Any) -> float:
    """How much two glyph bitmaps differ: the pixels inked in one and not the other (both put in
    one box at their top left corner), as a share of the inked pixels of the larger."""
    from PIL import Image, ImageChops

    w, h = max(a.width, b.width), max(a.height, b.height)
    pa, pb = Image.new("L", (w, h), 0), Image.new("L", (w, h), 0)
    pa.paste(a, (0, 0))
    pb.paste(b, (0, 0))
    differ = w * h - ImageChops.difference(pa, pb).histogram()[0]
    inked_a = w * h - pa.histogram()[0]  # pixels are 0 or 1
    inked_b = w * h - pb.histogram()[0]
    return differ / max(1, inked_a, inked_b)


@pytest.mark.parametrize("size", [10.0, 24.0])
def test_every_heading_letter_reads_as_itself(app: Any, size: float) -> None:
    """Drawn in the heading font at the smallest and a usual heading size, no two capitals look
    the same (the old display font drew K and X like H: "TREH OVER", "CARD BACHS")."""
    from desert_pyramid.ui.art.assets import Assets
    from desert_pyramid.ui.base.fonts import HEADING

    Assets().load_fonts()
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    glyphs = {
        c: _draw(app, c, size, HEADING, True).point(lambda v: 1 if v > 110 else 0) for c in letters
    }
    differences = {
        (a, b): _difference(glyphs[a], glyphs[b])
        for i, a in enumerate(letters)
        for b in letters[i + 1 :]
    }
    alike = [(a, b, round(d, 3)) for (a, b), d in differences.items() if d < 0.1]
    assert not alike, f"heading letters that look alike at {size} pt: {alike}"


def test_heading_font_is_the_shipped_one(app: Any) -> None:
    """Headings are drawn with the shipped file, not a fallback: the label's font is the heading
    font's bold face, and the K drawn by pyglet matches Pillow's K from the same file better than
    its H."""
    from PIL import Image, ImageDraw, ImageFont

    from desert_pyramid.resources_path import resource_path
    from desert_pyramid.ui.art.assets import Assets
    from desert_pyramid.ui.base.fonts import HEADING, HEADING_FILE
    from desert_pyramid.ui.widgets.buttons import heading

    Assets().load_fonts()
    t = heading("KX", 0, 0, 20)
    face = t.label.document.get_font(0)
    assert (t.font_name, face.name) == (HEADING, HEADING)
    assert t.bold
    font = ImageFont.truetype(str(resource_path("fonts", HEADING_FILE)), 64)

    def pil(c: str) -> Any:
        img = Image.new("L", (120, 120), 0)
        ImageDraw.Draw(img).text((20, 10), c, font=font, fill=255)
        return _ink(img)

    drawn = _ink(_draw(app, "K", 48, HEADING, True, w=120, h=100))
    assert _difference(drawn, pil("K")) < _difference(drawn, pil("H"))
    assert _difference(drawn, pil("K")) < 0.2


def test_russian_headings_are_drawn_in_manrope_not_the_body_font(app: Any) -> None:
    """League Spartan has no Cyrillic: a Russian heading is drawn with the shipped Manrope Bold (a
    display face with Cyrillic), its Ж matching Pillow's Ж from that file better than the body
    font's."""
    from PIL import Image, ImageDraw, ImageFont

    from desert_pyramid.i18n import use_language
    from desert_pyramid.resources_path import resource_path
    from desert_pyramid.ui.art.assets import Assets
    from desert_pyramid.ui.base.fonts import BOLD_FILE, HEADING_CYRILLIC, HEADING_CYRILLIC_FILE
    from desert_pyramid.ui.widgets.buttons import heading

    Assets().load_fonts()
    assert use_language("ru") is None
    try:
        t = heading("ЖУРНАЛ", 0, 0, 20)
    finally:
        use_language("en")
    face = t.label.document.get_font(0)
    assert (t.font_name, face.name) == (HEADING_CYRILLIC, HEADING_CYRILLIC)

    def pil(file: str) -> Any:
        font = ImageFont.truetype(str(resource_path("fonts", file)), 64)
        img = Image.new("L", (140, 120), 0)
        ImageDraw.Draw(img).text((20, 10), "Ж", font=font, fill=255)
        return _ink(img)

    drawn = _ink(_draw(app, "Ж", 48, HEADING_CYRILLIC, True, w=140, h=100))
    assert _difference(drawn, pil(HEADING_CYRILLIC_FILE)) < _difference(drawn, pil(BOLD_FILE))
    assert _difference(drawn, pil(HEADING_CYRILLIC_FILE)) < 0.2


def _columns(img: Any, threshold: int = 110) -> list[tuple[int, int, int]]:
    """Runs of columns with ink: (first column, last column, rows of ink in the run)."""
    w, h = img.size
    px = img.load()
    runs: list[tuple[int, int, int]] = []
    start = None
    rows: set[int] = set()
    for x in range(w + 1):
        ink = [y for y in range(h) if x < w and px[x, y] > threshold]
        if ink and start is None:
            start, rows = x, set()
        if ink:
            rows.update(ink)
        elif start is not None:
            runs.append((start, x - 1, len(rows)))
            start = None
    return runs


@pytest.mark.parametrize("offset", [0.0, 0.25, 0.5, 0.75])
def test_small_text_keeps_its_dots(app: Any, offset: float) -> None:
    """At the smallest size the game draws (the message line's smaller size on the smallest
    window), "i." keeps the dot of the i (ink, a gap, the stem) and the full stop, wherever the
    text is placed: half a pixel off the grid used to drop those rows and columns."""
    from desert_pyramid.ui.art.assets import Assets
    from desert_pyramid.ui.base.fonts import FONT
    from desert_pyramid.ui.table.geometry import table_geometry

    Assets().load_fonts()
    g = table_geometry([(0, 0)], 800, 600)
    size = 12.5 * g.font_scale * 0.84  # the HUD's message, made smaller to fit
    img = _draw(app, "i.", size, FONT, False, x=4 + offset, y=20 + offset, w=40, h=40)
    runs = _columns(img)
    assert len(runs) == 2, f"the i and the full stop, apart: {runs}"
    i0, i1, _ = runs[0]
    rows = [
        y for y in range(img.height) if any(img.getpixel((x, y)) > 110 for x in range(i0, i1 + 1))
    ]
    gaps = [y for y in range(rows[0], rows[-1]) if y not in rows]
    assert gaps, f"the dot of the i is not apart from its stem (rows {rows})"


def test_the_message_line_shows_the_ellipsis_of_cut_text(ui: Any) -> None:
    """A message too long for the line (how to play, twice) is drawn smaller and, no longer cut
    with "…" (issue 40), in pages that end with their number ("(1/3)"): every word is on a page,
    and the page's end, the closing bracket, is drawn (a tall glyph low on the line where the
    ellipsis's three dots were)."""
    from desert_pyramid.catalog import get_layout
    from desert_pyramid.engine import DESERT, Deal

    ui.app.start_practice(DESERT, get_layout(1), Deal.from_seed(4))
    ui.frames(1)
    view = ui.view
    rules = view.session.coach.opening(view.game)[0].text  # the coach's long opening words
    view.message = rules + " " + rules
    ui.frames(1)
    view.hud.settle()
    ui.frames(1)
    t = view.hud.texts["message"]
    pages = view.hud.message_pages
    assert len(pages) >= 2 and t.text == pages[0] and t.font_size < view.hud._msg_size
    assert t.text.endswith(f"(1/{len(pages)})") and "…" not in t.text
    words = [w for p in pages for w in p.rsplit(" (", 1)[0].split()]
    assert words == view.message.split()  # no word lost between the pages
    assert (t.x, t.y) == (round(t.x), round(t.y))
    bar = view.geom.message
    shot = ui.shot().convert("L")
    # the second line of the message, where the page ends: the lower half of the bar
    line = shot.crop(
        (0, shot.height - int(bar.top) + int(bar.height / 2) - 2, shot.width, shot.height)
    )
    runs = _columns(line, threshold=150)
    assert runs and runs[-1][2] > 3, f"no closing bracket at the end: {runs[-5:]}"


def _cmap(path: Any) -> set[int]:
    """The characters a TrueType/OpenType font maps to glyphs (its format 4 and 12 cmap tables)."""
    import struct

    data = path.read_bytes()
    tables = {}
    for i in range(struct.unpack(">H", data[4:6])[0]):
        tag, _sum, off, length = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        tables[tag] = off
    base = tables[b"cmap"]
    codes: set[int] = set()
    for i in range(struct.unpack(">H", data[base + 2 : base + 4])[0]):
        _pid, _eid, sub = struct.unpack(">HHI", data[base + 4 + 8 * i : base + 12 + 8 * i])
        at = base + sub
        fmt = struct.unpack(">H", data[at : at + 2])[0]
        if fmt == 4:
            n = struct.unpack(">H", data[at + 6 : at + 8])[0] // 2
            ends = struct.unpack(f">{n}H", data[at + 14 : at + 14 + 2 * n])
            starts = struct.unpack(f">{n}H", data[at + 16 + 2 * n : at + 16 + 4 * n])
            for s, e in zip(starts, ends, strict=True):
                codes.update(range(s, e + 1))
        elif fmt == 12:
            groups = struct.unpack(">I", data[at + 12 : at + 16])[0]
            for g in range(groups):
                s, e, _glyph = struct.unpack(">III", data[at + 16 + 12 * g : at + 28 + 12 * g])
                codes.update(range(s, e + 1))
    codes.discard(0xFFFF)
    return codes


def _ui_strings() -> dict[str, set[str]]:
    """Every string literal (not a docstring) in the modules whose text the window draws: the UI,
    the modes and progression (messages, titles), the rules content; each with where it is."""
    import ast
    from pathlib import Path

    import desert_pyramid

    root = Path(desert_pyramid.__file__).parent
    files = [
        *root.glob("ui/*.py"),
        *root.glob("modes/*.py"),
        *root.glob("progression/*.py"),
        *root.glob("content/*.py"),
    ]
    found: dict[str, set[str]] = {}
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {
            id(n.body[0].value)
            for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and n.body
            and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docs
            ):
                found.setdefault(node.value, set()).add(path.name)
    return found


def test_every_character_the_ui_prints_has_a_glyph() -> None:
    """Each character of every string the UI, the modes and the rules content can put on screen
    exists in the body font (regular and bold), as it is drawn (arrows as triangles); a character
    the UI draws as an icon (the share line's sun) is never given to a text."""
    from desert_pyramid.content import rules_dir
    from desert_pyramid.resources_path import resource_path
    from desert_pyramid.ui.art import cardart
    from desert_pyramid.ui.widgets.text import ICONS, drawn

    body = _cmap(resource_path("fonts", "Liberation_Sans_Regular.ttf")) & _cmap(
        resource_path("fonts", "Liberation_Sans_Bold.ttf")
    )
    strings = _ui_strings()
    rules = [p for p in rules_dir().rglob("*") if p.is_file()]
    assert rules
    for path in rules:
        strings.setdefault(path.read_text(encoding="utf-8"), set()).add(path.name)
    missing = {}
    for text, where in strings.items():
        for ch in drawn(text):
            if ch not in "\n\t\r" and ord(ch) not in body and ch not in ICONS:
                missing.setdefault(f"{ch} U+{ord(ch):04X}", set()).update(where)
    assert not missing, f"characters the body font cannot draw: {missing}"
    for ch, icon in ICONS.items():
        assert ord(ch) not in body and icon in cardart.render_icon.__doc__  # type: ignore[operator]


def test_heading_font_has_every_heading_character() -> None:
    """Headings and banners (capitals, digits, "!", "+", ":", "·") exist in the heading font."""
    from desert_pyramid.resources_path import resource_path
    from desert_pyramid.ui.base.fonts import HEADING_FILE
    from desert_pyramid.ui.table.effects import warm_text

    heading = _cmap(resource_path("fonts", HEADING_FILE))
    needed = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !+-:·'") | set(warm_text("banner"))
    assert not {c for c in needed if ord(c) not in heading}


def test_arrows_are_drawn_large_enough_to_read() -> None:
    """Key hints' arrows, as drawn at a footer's size (11 px), are at least 5 px each way (the body
    font's own arrows were a 7 x 2 px dash)."""
    from PIL import ImageFont

    from desert_pyramid.resources_path import resource_path
    from desert_pyramid.ui.widgets.text import drawn

    font = ImageFont.truetype(str(resource_path("fonts", "Liberation_Sans_Regular.ttf")), 15)
    for arrow in "←→↑↓":
        left, top, right, bottom = font.getmask(drawn(arrow)).getbbox()
        assert right - left >= 5 and bottom - top >= 5, (
            arrow,
            drawn(arrow),
            (left, top, right, bottom),
        )
