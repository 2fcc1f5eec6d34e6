"""The one reader of documents (engine/reading.py): types, bounds and where each error is."""

from __future__ import annotations

import pytest

from desert_pyramid.engine.reading import DocumentError, Reader, check_plain
from desert_pyramid.storage.schema import SchemaError


def test_the_storage_error_is_the_readers_error() -> None:
    assert SchemaError is DocumentError


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("12", 'expected a whole number, found text ("12")'),
        (True, "expected a whole number, found a true/false value (true)"),
        (10**5000, "found a number of about 5,001 digits"),
        (-1, "expected a whole number from 0 to 99, found -1"),
    ],
    ids=["text", "bool", "5000-digits", "negative"],
)
def test_whole_numbers_are_checked_with_their_place(value: object, message: str) -> None:
    reader = Reader({"games": [{"score": value}]}, "save")
    entry = reader.tables("games", most=10)[0]
    with pytest.raises(DocumentError) as caught:
        entry.integer("score", maximum=99)
    assert str(caught.value).startswith("save.games[0].score: ")
    assert message in str(caught.value)


def test_texts_dates_and_plain_values() -> None:
    reader = Reader({"name": "\u0663\u0663", "bell": "a\x07b", "day": "9999-01-01", "deep": []})
    assert reader.text("name") == "\u0663\u0663"  # Arabic-Indic digits are text, not a number
    with pytest.raises(DocumentError, match="bell.*control character"):
        reader.text("bell")
    with pytest.raises(DocumentError, match="day: the date 9999-01-01 is outside 1970-01-01"):
        reader.date("day")
    with pytest.raises(DocumentError, match="missing"):
        reader.integer("absent", maximum=5)
    nested: list[object] = []
    for _ in range(40):
        nested = [nested]
    with pytest.raises(DocumentError, match="nested more than"):
        check_plain(nested, "state")
