"""A game as an animated GIF: the replay screen drawn offscreen, one frame per move.

``desert-pyramid replay CODE --gif PATH`` uses it. Every frame is the replay screen as a player
sees it (the table, the move in words, the score and the deal code in the top bar, the timeline),
the first and the last held a little longer. The window is offscreen: set ``ARCADE_HEADLESS``
before Arcade is imported (the command does).
"""

from __future__ import annotations

from pathlib import Path

from desert_pyramid.app.analysis import Analysis
from desert_pyramid.engine import GameCode

HOLD = 3  # the first and last frames last this many steps
MAX_FRAMES = 2_000


def frame_ms(speed: float) -> int:
    """How long one move shows, in whole milliseconds, at this replay speed."""
    from desert_pyramid.ui.screens.replay import STEP_S

    return max(20, round(STEP_S * 1000 / speed))


def render_gif(
    code: GameCode,
    path: Path,
    size: tuple[int, int],
    speed: float = 1.0,
    analysis: Analysis | None = None,
) -> int:
    """Write the game as a looping GIF at ``path``; return the number of frames."""
    import arcade
    from PIL import Image

    from desert_pyramid.app.prefs import Settings
    from desert_pyramid.ui.shell import RunOptions
    from desert_pyramid.ui.window import GameApp

    moves = len(code.moves)
    if moves + 1 > MAX_FRAMES:
        raise ValueError(f"the game has {moves} moves: a GIF holds at most {MAX_FRAMES - 1}")
    w, h = size
    app = GameApp(
        RunOptions(size=size, headless=True, settings=Settings(animation_speed=0, mute=True))
    )
    try:
        app.show_replay(code, lambda: None, analyse=False, film=True)
        view = app.current_view
        from desert_pyramid.ui.screens.replay import ReplayView

        assert isinstance(view, ReplayView)
        view.analysis = analysis
        frames: list[Image.Image] = []
        for k in range(moves + 1):
            view.go_to(k, animate=False)
            app.step()
            frames.append(arcade.get_image(0, 0, w, h).convert("RGB"))
    finally:
        app.close()
    step = frame_ms(speed)
    durations = [step] * len(frames)
    durations[0] = durations[-1] = step * HOLD
    # one palette for the whole film keeps the colours steady from frame to frame
    palette = frames[-1].quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    films = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    films[0].save(
        path,
        save_all=True,
        append_images=films[1:],
        duration=durations,
        loop=0,
        optimize=False,
        disposal=1,
    )
    return len(films)
