"""The pictures of the rewards: a relic (found, or its silhouette), a card back (owned, or dimmed
under a padlock). The desktop's toasts, relics and backs screens draw them, and the web edition's
build writes them as files (:mod:`desert_pyramid.ui.art.export`), so both show the same art."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageEnhance

from desert_pyramid.resources_path import resource_path
from desert_pyramid.ui.art import cardart
from desert_pyramid.ui.art.assets import back_source, load_image
from desert_pyramid.ui.base.palette import MUTED


def relic_image(relic_id: str, size: int, locked: bool = False) -> Image.Image:
    """A relic's picture at ``size`` pixels; ``locked``: its silhouette (the alpha channel in a
    dark sand colour)."""
    img = load_image(resource_path("images", "relics", f"{relic_id}.png"))
    img = img.resize((size, size), Image.Resampling.LANCZOS)
    if locked:
        alpha = img.getchannel("A").point(lambda a: a * 235 // 255)
        shadow = Image.new("RGBA", img.size, (22, 14, 8, 255))
        shadow.putalpha(alpha)
        return shadow
    return img


def back_image(back_id: str, w: int, h: int) -> Image.Image:
    return cardart.render_back(load_image(back_source(back_id)), w, h)


def locked_back(back_id: str, w: int, h: int) -> Image.Image:
    """A locked back: its picture dark and faded, with a padlock over it."""
    img = back_image(back_id, w, h)
    alpha = img.getchannel("A")
    rgb = ImageEnhance.Color(img.convert("RGB")).enhance(0.25)
    rgb = ImageEnhance.Brightness(rgb).enhance(0.38)
    out = rgb.convert("RGBA")
    out.putalpha(alpha)
    ss = 3
    lock = Image.new("RGBA", (w * ss, h * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(lock)
    cx, cy = w * ss / 2, h * ss / 2
    bw, bh = w * ss * 0.36, w * ss * 0.28
    shackle = bw * 0.62
    line = max(3, int(w * ss * 0.05))
    d.arc(
        (
            cx - shackle / 2,
            cy - bh / 2 - shackle * 0.8,
            cx + shackle / 2,
            cy - bh / 2 + shackle * 0.45,
        ),
        180,
        360,
        fill=(*MUTED, 255),
        width=line,
    )
    d.line(
        (
            cx - shackle / 2 + line / 2,
            cy - bh / 2 - shackle * 0.2,
            cx - shackle / 2 + line / 2,
            cy - bh / 2,
        ),
        fill=(*MUTED, 255),
        width=line,
    )
    d.line(
        (
            cx + shackle / 2 - line / 2,
            cy - bh / 2 - shackle * 0.2,
            cx + shackle / 2 - line / 2,
            cy - bh / 2,
        ),
        fill=(*MUTED, 255),
        width=line,
    )
    d.rounded_rectangle(
        (cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2),
        radius=bw * 0.14,
        fill=(*MUTED, 255),
    )
    d.ellipse(
        (cx - bw * 0.09, cy - bh * 0.2, cx + bw * 0.09, cy + bh * 0.05), fill=(70, 48, 26, 255)
    )
    lock = lock.resize((w, h), Image.Resampling.LANCZOS)
    out.alpha_composite(lock)
    return out
