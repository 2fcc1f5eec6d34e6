"""The text size setting (docs/accessibility.md): saved with the settings, an older file without
it read as 100%, an absurd saved value refused by name without losing the other settings, the
steps of the Settings row, and ``--text-size`` on the command line (one line, exit 2)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from desert_pyramid.app.application import Application, NoticeLog
from desert_pyramid.app.prefs import TEXT_SIZES, Settings, SettingsError
from desert_pyramid.cli import main
from desert_pyramid.ui.base import fonts
from desert_pyramid.ui.base.geometry import Rect
from desert_pyramid.ui.base.layout import Span, button_grid, overflowed


def test_the_default_and_an_older_file_without_it_read_as_100() -> None:
    assert Settings().text_size == 100
    old = Settings().to_dict()
    del old["text_size"]
    assert Settings.from_dict(old).text_size == 100
    assert Settings.from_dict({"text_size": 150}).text_size == 150
    assert Settings.from_dict({"text_size": 175.0}).text_size == 175  # TOML may write a float
    assert Settings.from_dict(Settings(text_size=200).to_dict()).text_size == 200


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        (5000, "from 100 to 200"),
        (99, "from 100 to 200"),
        (-150, "from 100 to 200"),
        (0, "from 100 to 200"),
        pytest.param(10**5000, "far too large", id="5000-digits"),
        (150.5, "whole number"),
        (float("nan"), "whole number"),
        (float("inf"), "whole number"),
        (True, "whole number"),
        ("150", "whole number"),
        ("１５０", "whole number"),
        ([150], "whole number"),
        (None, "whole number"),
    ],
)
def test_an_absurd_saved_text_size_is_refused_by_name(bad: object, says: str) -> None:
    with pytest.raises(SettingsError, match=says) as caught:
        Settings.from_dict({"text_size": bad})
    assert caught.value.key == "text_size" and "'text_size'" in str(caught.value)
    assert len(str(caught.value)) < 200  # a 5,000-digit number is not echoed whole


def test_the_row_steps_round_the_sizes() -> None:
    s = Settings()
    seen = []
    for _ in range(len(TEXT_SIZES)):
        s = s.with_next_text_size(1)
        seen.append(s.text_size)
    assert seen == [125, 150, 175, 200, 100]
    assert Settings(text_size=100).with_next_text_size(-1).text_size == 200
    # a size between two steps (a file edited by hand) goes to the step beyond it
    assert Settings(text_size=130).with_next_text_size(1).text_size == 150
    assert Settings(text_size=130).with_next_text_size(-1).text_size == 125


def test_the_size_is_saved_and_an_absurd_one_keeps_the_other_settings(tmp_path: Path) -> None:
    app = Application(Settings(mute=True), save_dir=str(tmp_path), notices=NoticeLog())
    app.open_saves(background=False)
    app.set_settings(replace(app.settings, text_size=175, volume=0.3))
    app.close()
    back = Application(Settings(), save_dir=str(tmp_path), notices=NoticeLog())
    back.open_saves(background=False)
    assert back.settings.text_size == 175 and back.settings.volume == 0.3
    store = back.saves.store
    assert store is not None
    store.update_settings({"text_size": 5000})
    back.close()
    third = Application(Settings(), save_dir=str(tmp_path), notices=NoticeLog())
    third.open_saves(background=False)
    assert third.settings.text_size == 100
    assert third.settings.volume == 0.3 and third.settings.mute  # the rest are kept
    notices = [text for _level, text in third.saves.startup_notices]
    assert notices == [
        "Text size in save.toml not used: settings: 'text_size' must be from 100 to 200 "
        "(per cent), not 5000; text at 100%."
    ]
    third.close()


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("300", "--text-size must be from 100 to 200, not 300"),
        ("99", "--text-size must be from 100 to 200, not 99"),
        ("١٥٠", "--text-size must be a whole number written with the digits 0-9"),
        ("big", "--text-size must be a whole number, not 'big'"),
        pytest.param(
            "9" * 5000,
            "--text-size must be from 100 to 200, not a number of 5000 digits",
            id="5000-digits",
        ),
    ],
)
def test_a_bad_text_size_option_is_one_line(
    value: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["--headless", "--frames", "1", "--text-size", value])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1
    assert err[0].startswith("desert-pyramid: error: ") and says in err[0], err


def test_the_size_goes_through_one_place() -> None:
    try:
        fonts.set_text_size(150)
        assert fonts.points(12) == 18 and fonts.text_setting() == 1.5
        assert fonts.points(12, scale=0.5) == 12  # a text set smaller: never under 100%
        fonts.use_scale(3.0)  # a screen may use the setting or less, not more
        assert fonts.text_scale() == 1.5
        fonts.set_text_size(5000)  # clamped, not drawn 50 times larger
        assert fonts.text_setting() == 2.0
        fonts.set_text_size(float("nan"))
        assert fonts.text_setting() == 1.0
    finally:
        fonts.set_text_size(100)


def test_rows_grow_with_their_text_and_a_menu_that_cannot_stand_says_so() -> None:
    assert Span(40, 30).preferred == 40  # a large text's minimum over the preferred size
    overflowed()
    area = Rect(0, 0, 400, 300)
    fits = button_grid(area, 8, Span(150, 300), Span(30, 33), 6, max_columns=2)
    assert not overflowed() and not fits.scrolls(area)
    tall = button_grid(area, 8, Span(150, 300), Span(80, 80), 6, max_columns=2)
    assert tall.columns == 2 and tall.scrolls(area) and overflowed()
    assert not overflowed()  # asked once, then forgotten
