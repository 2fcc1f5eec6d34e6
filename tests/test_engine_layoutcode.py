"""Layout codes: a layout's places in one checked string; the cover relation from the drawing."""

from __future__ import annotations

import pytest

from desert_pyramid.catalog import all_layouts, get_layout
from desert_pyramid.engine import Layout, LayoutCodeError, decode_layout_code, encode_layout_code
from desert_pyramid.engine.deal import ALPHABET
from desert_pyramid.engine.layoutcode import encode_places, looks_like_layout_code, same_places


def test_every_built_in_layout_comes_back_with_the_same_places_and_covers() -> None:
    for number, layout in all_layouts().items():
        code = encode_layout_code(layout)
        assert looks_like_layout_code(code)
        data = decode_layout_code(code, number=number)
        back = Layout.from_dict(data)
        assert back.name == layout.name and back.size == layout.size
        assert same_places(layout, back), number
        assert [s.covers for s in back.slots] == [s.covers for s in layout.slots]


def test_the_number_is_the_readers_and_case_and_spaces_do_not_matter() -> None:
    code = encode_layout_code(get_layout(7))
    data = decode_layout_code(" " + code.lower().replace("-", " ") + " ", number=42)
    assert data["number"] == 42 and same_places(data, get_layout(7))


def test_every_single_mistyped_character_is_refused() -> None:
    code = encode_layout_code(get_layout(2))
    for i, ch in enumerate(code):
        if i < 3 or ch == "-":
            continue
        for other in ALPHABET[::7]:  # a spread of the alphabet at every position
            if other == ch:
                continue
            with pytest.raises(LayoutCodeError):
                decode_layout_code(code[:i] + other + code[i + 1 :])


def test_swaps_and_missing_characters_are_refused() -> None:
    code = encode_layout_code(get_layout(3)).replace("-", "")
    for i in range(2, len(code) - 1, 3):
        if code[i] != code[i + 1]:
            with pytest.raises(LayoutCodeError):
                decode_layout_code(code[:i] + code[i + 1] + code[i] + code[i + 2 :])
        with pytest.raises(LayoutCodeError):
            decode_layout_code(code[:i] + code[i + 1 :])


def pyramid(rows: int) -> list[tuple[float, float, int, int]]:
    return [
        (float(7 - r + 2 * c), float(r - 1), r - 1, r) for r in range(1, rows + 1) for c in range(r)
    ]


@pytest.mark.parametrize(
    ("places", "reason"),
    [
        (pyramid(4), "holds 10 places: a layout has 15 to 40"),
        (
            [(float(2 * i), 0.0, 0, 1) for i in range(14)] + [(0.0, 0.0, 0, 1)],
            "overlap at the same depth",
        ),
        ([(2.5 * i, 0.0, 0, 1) for i in range(15)], "the table holds"),
    ],
)
def test_a_layout_the_engine_cannot_play_is_refused_with_its_reason(
    places: list, reason: str
) -> None:  # type: ignore[type-arg]
    with pytest.raises(LayoutCodeError, match=reason):
        decode_layout_code(encode_places("Mine", places))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("DP-1-002G-9NG9", "starts with 'DL-'"),
        ("DL-12", "too short"),
        ("DL-1234-U678-9ABC", "'U' at position"),
        ("DL-" + "Z" * 3000, "too long"),
    ],
)
def test_bad_codes_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(LayoutCodeError, match=message):
        decode_layout_code(text)


def test_a_name_is_kept_whole_in_any_script() -> None:
    places = [(s.x, s.y, s.z, s.row) for s in get_layout(1).slots]
    data = decode_layout_code(encode_places("Pyramide à Gizeh ☀", places))
    assert data["name"] == "Pyramide à Gizeh ☀"
    long = decode_layout_code(encode_places("é" * 100, places))[
        "name"
    ]  # cut to 60 bytes, whole characters
    assert long == "é" * 30


def test_layouts_export_prints_the_code_of_a_layout(capsys: pytest.CaptureFixture[str]) -> None:
    from desert_pyramid.cli import main

    assert main(["layouts", "--export", "7"]) == 0
    code = capsys.readouterr().out.strip()
    assert same_places(decode_layout_code(code, number=7), get_layout(7))
    for bad, message in (
        ("77", "there is no layout 77"),
        ("²", "digits 0-9"),
        ("0", "from 1 to 999"),
    ):
        assert main(["layouts", "--export", bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--export" in err and message in err
