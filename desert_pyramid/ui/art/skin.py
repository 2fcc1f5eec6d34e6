"""The game's slabs: rounded rectangles with a vertical gradient and a rim, drawn with Pillow (the
buttons, panels, tiles and chips are all cut from them)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from desert_pyramid.ui.base.palette import RGB


def skin(
    w: int, h: int, top: RGB, bottom: RGB, border: RGB, border_w: int, radius: int, alpha: int = 255
) -> Image.Image:
    """A rounded rectangle with a vertical gradient and a rim, 2x supersampled."""
    s = 2
    W, H = max(2, w * s), max(2, h * s)
    grad = Image.new("RGBA", (1, H))
    for y in range(H):
        t = y / max(1, H - 1)
        grad.putpixel(
            (0, y), tuple(int(top[i] + (bottom[i] - top[i]) * t) for i in range(3)) + (alpha,)
        )
    fill = grad.resize((W, H))
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, W - 1, H - 1), radius=radius * s, fill=255)
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    img.paste(fill, (0, 0), mask)
    if border_w:
        ImageDraw.Draw(img).rounded_rectangle(
            (0, 0, W - 1, H - 1), radius=radius * s, outline=border + (255,), width=border_w * s
        )
    return img.resize((max(1, w), max(1, h)), Image.Resampling.LANCZOS)
