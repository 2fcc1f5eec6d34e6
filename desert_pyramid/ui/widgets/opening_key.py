"""The key that opened a text field (the editor's N or S, the picker's R): the text that key sends
right after its press, and its auto-repeat while held, is not typed into the field."""

from __future__ import annotations


class OpeningKey:
    """Held from :meth:`opened_by` until that key is released or another key is pressed."""

    def __init__(self) -> None:
        self.symbol: int | None = None

    def opened_by(self, symbol: int) -> None:
        self.symbol = symbol

    def pressed(self) -> None:
        """Any key pressed: its text is typed."""
        self.symbol = None

    def released(self, symbol: int) -> None:
        if symbol == self.symbol:
            self.symbol = None

    @property
    def held(self) -> bool:
        """The opening key's text is still to be dropped."""
        return self.symbol is not None
