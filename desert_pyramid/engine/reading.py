"""One reader for every document the game reads: typed, bounded access to plain data.

Save files, the game in progress and its mode state, layout files, the rules text: each is read
from TOML into plain values (tables, lists, texts, numbers) and then through a :class:`Reader`,
which checks each value's type and bounds and says what is wrong and where
(``games[3].score: expected a whole number from 0 to 10,000,000, found text ("x")``). Nothing in a
document can run code, and every number, text and list has a bound, so a damaged or hostile file
is an error message, never a crash or a hang.

Plain Python, importing nothing of the project but :mod:`.text` (the escape every message of
outside text uses): every layer may use it.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Mapping
from typing import Final, TypeVar

from .text import escaped

#: The dates a save may hold (a system clock outside them records on the nearest one).
EARLIEST = datetime.date(1970, 1, 1)
LATEST = datetime.date(2199, 12, 31)
TEXT_MAX = 200  # characters of an id, a preset, a name read without a bound of its own

S = TypeVar("S", bound=str)  # one of the texts a choice allows (a Literal's values)


class DocumentError(ValueError):
    """Valid TOML (or other plain data) that is not a valid document of its kind. The message
    names the key at fault."""


def is_iso_date(text: str) -> bool:
    """True for a calendar date written YYYY-MM-DD."""
    if len(text) != 10:
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def is_save_date(text: str) -> bool:
    """True for a date written YYYY-MM-DD from ``EARLIEST`` (1970-01-01) to ``LATEST``
    (2199-12-31): the dates progress may hold."""
    if not isinstance(text, str) or len(text) != 10:
        return False
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return EARLIEST <= day <= LATEST


def _describe(value: object) -> str:
    if isinstance(value, bool):
        return f"a true/false value ({str(value).lower()})"
    if isinstance(value, int):
        return f"a whole number ({_number(value)})"
    if isinstance(value, float):
        return f"a number ({value})"
    if isinstance(value, str):
        shown = escaped(value if len(value) <= 30 else value[:27] + "...")
        return f'text ("{shown}")'
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


_MISSING: Final = object()  # as a default: the key is required


class Reader:
    """Typed access to one decoded TOML table; errors say ``where.key: expected ..., found ...``."""

    MISSING: Final = _MISSING  # as a default: the key is required

    def __init__(
        self,
        data: Mapping[str, object],
        where: str = "",
        error: Callable[[str], Exception] = DocumentError,
    ) -> None:
        """``error`` makes the exception raised (a layer may raise its own kind, as the modes
        raise :class:`~desert_pyramid.engine.StateError` for a saved session)."""
        self.data = data
        self.where = where
        self.error = error

    def path(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.where}[{key}]"
        return f"{self.where}.{key}" if self.where else key

    def fail(self, key: str | int, message: str) -> Exception:
        return self.error(f"{self.path(key)}: {message}")

    def _get(self, key: str, default: object) -> object:
        if key in self.data:
            return self.data[key]
        if default is _MISSING:
            raise self.fail(key, "missing")
        return default

    def integer(
        self, key: str, default: object = _MISSING, *, minimum: int = 0, maximum: int
    ) -> int:
        """A whole number from ``minimum`` to ``maximum`` (every count has a sane bound)."""
        value = self._get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"expected a whole number, found {_describe(value)}")
        if not minimum <= value <= maximum:
            raise self.fail(
                key,
                f"expected a whole number from {minimum} to {maximum:,}, found {_number(value)}",
            )
        return value

    def number(
        self, key: str, default: object = _MISSING, *, minimum: float = 0.0, maximum: float
    ) -> float:
        value = self._get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(key, f"expected a number, found {_describe(value)}")
        if isinstance(value, int):
            if not minimum <= value <= maximum:  # compared as int: 10**400 never meets float()
                raise self.fail(
                    key,
                    f"expected a number from {minimum:g} to {maximum:g}, found {_number(value)}",
                )
            return float(value)
        if not math.isfinite(value) or not minimum <= value <= maximum:
            raise self.fail(
                key, f"expected a number from {minimum:g} to {maximum:g}, found {value}"
            )
        return value

    def text(
        self,
        key: str,
        default: object = _MISSING,
        *,
        nonempty: bool = False,
        longest: int = TEXT_MAX,
    ) -> str:
        value = self._get(key, default)
        if not isinstance(value, str):
            raise self.fail(key, f"expected text, found {_describe(value)}")
        if nonempty and not value:
            raise self.fail(key, "expected text, found an empty text")
        if len(value) > longest:
            raise self.fail(
                key, f"expected text of at most {longest} characters, found {len(value):,}"
            )
        if not value.isprintable():
            raise self.fail(
                key,
                f'"{_short(value.encode("unicode_escape").decode("ascii"))}" holds a control character',
            )
        return value

    def choice(self, key: str, options: tuple[S, ...], default: object = _MISSING) -> S:
        """One of ``options`` (the values of a ``Literal``: the option is returned, typed so)."""
        value = self.text(key, default)
        for option in options:
            if option == value:
                return option
        raise self.fail(key, f'expected one of {", ".join(options)}, found "{_short(value)}"')

    def date(self, key: str, default: object = _MISSING, *, optional: bool = False) -> str:
        value = self.text(key, default)
        if optional and value == "":
            return value
        return check_date(value, self.path(key), self.error)

    def boolean(self, key: str, default: object = _MISSING) -> bool:
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"expected true or false, found {_describe(value)}")
        return value

    def table(self, key: str, default: object = _MISSING) -> Reader:
        value = self._get(key, default)
        if not isinstance(value, dict):
            raise self.fail(key, f"expected a table, found {_describe(value)}")
        return Reader(value, self.path(key), self.error)

    def items(self, key: str, default: object = _MISSING, *, most: int) -> list[object]:
        """A list of at most ``most`` items (every list has a bound)."""
        value = self._get(key, default)
        if not isinstance(value, list):
            raise self.fail(key, f"expected a list, found {_describe(value)}")
        if len(value) > most:
            raise self.fail(key, f"expected at most {most:,} items, found {len(value):,}")
        return value

    def tables(self, key: str, default: object = _MISSING, *, most: int) -> list[Reader]:
        """A list of tables (``[[key]]`` or a list of inline tables)."""
        where = self.path(key)
        out = []
        for index, item in enumerate(self.items(key, default, most=most)):
            if not isinstance(item, dict):
                raise self.error(f"{where}[{index}]: expected a table, found {_describe(item)}")
            out.append(Reader(item, f"{where}[{index}]", self.error))
        return out

    def integers(
        self, key: str, default: object = _MISSING, *, most: int, minimum: int = 0, maximum: int
    ) -> list[int]:
        """A list of at most ``most`` whole numbers from ``minimum`` to ``maximum``."""
        where = self.path(key)
        values: list[int] = []
        for index, item in enumerate(self.items(key, default, most=most)):
            if isinstance(item, bool) or not isinstance(item, int):
                raise self.error(
                    f"{where}[{index}]: expected a whole number, found {_describe(item)}"
                )
            if not minimum <= item <= maximum:
                raise self.error(
                    f"{where}[{index}]: expected a whole number from {minimum} to {maximum:,}, "
                    f"found {_number(item)}"
                )
            values.append(item)
        return values

    def texts(
        self,
        key: str,
        default: object = _MISSING,
        *,
        most: int,
        longest: int = TEXT_MAX,
        unique: bool = False,
    ) -> list[str]:
        """A list of at most ``most`` texts of at most ``longest`` characters (with ``unique``:
        none twice)."""
        where = self.path(key)
        values: list[str] = []
        for index, item in enumerate(self.items(key, default, most=most)):
            if not isinstance(item, str):
                raise self.error(f"{where}[{index}]: expected text, found {_describe(item)}")
            if len(item) > longest:
                raise self.error(
                    f"{where}[{index}]: expected text of at most {longest} characters, "
                    f"found {len(item):,}"
                )
            if not item.isprintable():
                raise self.error(f"{where}[{index}]: holds a control character")
            values.append(item)
        if unique and len(set(values)) != len(values):
            seen: set[str] = set()
            for index, item in enumerate(values):
                if item in seen:
                    raise self.error(f'{where}[{index}]: "{_short(item)}" appears twice')
                seen.add(item)
        return values

    def dates(self, key: str, default: object = _MISSING, *, most: int) -> list[str]:
        """A list of distinct dates (see :func:`check_date`)."""
        where = self.path(key)
        values = self.texts(key, default, most=most, longest=10, unique=True)
        for index, item in enumerate(values):
            check_date(item, f"{where}[{index}]", self.error)
        return values

    def date_table(
        self, key: str, default: object = _MISSING, *, most: int, strict_ids: bool = True
    ) -> dict[str, str]:
        """A table of id -> date (relics found, backs unlocked): at most ``most`` ids. With
        ``strict_ids`` (this game's own ids) each is a name of letters, digits, ``_``, ``-`` or
        ``.`` of at most 64 characters; else (ids of sibling games, kept as they are) any text
        of 1 to 200 characters without control characters."""
        table = self.table(key, default)
        if len(table.data) > most:
            raise self.error(
                f"{table.where}: expected at most {most:,} entries, found {len(table.data):,}"
            )
        out = {}
        for name in table.data:
            if strict_ids and not is_id(name):
                raise self.error(
                    f'{table.where}: "{_short(name)}" is not a name of letters, digits, '
                    f'"_", "-" or "." (at most {ID_MAX} characters)'
                )
            if not strict_ids and not (0 < len(name) <= TEXT_MAX and name.isprintable()):
                raise self.error(
                    f'{table.where}: "{_short(name)}" is not a name (1 to {TEXT_MAX} '
                    "printable characters)"
                )
            out[name] = table.date(name)
        return out


ID_MAX = 64
_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")


def is_id(name: str) -> bool:
    """A relic or card back id: 1 to 64 ASCII letters, digits, ``_``, ``-`` or ``.``."""
    return 0 < len(name) <= ID_MAX and all(ch in _ID_CHARS for ch in name)


def check_date(value: str, where: str, error: Callable[[str], Exception] = DocumentError) -> str:
    """``value`` if it is a date YYYY-MM-DD from 1970-01-01 to 2199-12-31, else ``error``
    (a :class:`DocumentError` unless the reader raises its own kind)."""
    if is_save_date(value):
        return value
    if is_iso_date(value):
        raise error(f"{where}: the date {value} is outside {EARLIEST} to {LATEST}")
    raise error(f'{where}: expected a date YYYY-MM-DD, found "{_short(value)}"')


def _short(text: str) -> str:
    """A text for a message: cut to 30 characters, control characters escaped as repr would."""
    return escaped(text if len(text) <= 30 else text[:27] + "...")


def _number(value: int) -> str:
    """``value`` for a message; a number too long to print is described by its length (printing
    a number of more than 4,300 digits raises ValueError)."""
    if value.bit_length() <= 128:
        return f"{value:,}"
    return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"


PLAIN_TEXT_MAX = 65_536  # characters in one text of a free-form table (settings, mode state)
PLAIN_ITEMS_MAX = 1_000  # items in one list, keys in one table
PLAIN_DEPTH_MAX = 16  # tables and lists inside each other
_INT64 = 2**63


def check_plain(value: object, where: str, depth: int = 0) -> None:
    """A free-form table (settings, mode state, unknown keys kept as they are) holds only bounded
    plain values: whole numbers TOML can hold (64-bit), finite numbers, texts of at most
    :data:`PLAIN_TEXT_MAX` characters, lists and tables of at most :data:`PLAIN_ITEMS_MAX` items,
    nested at most :data:`PLAIN_DEPTH_MAX` deep. Anything else raises :class:`DocumentError`."""
    here = where or "the file"
    if depth > PLAIN_DEPTH_MAX:
        raise DocumentError(f"{here}: values nested more than {PLAIN_DEPTH_MAX} deep")
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if not -_INT64 <= value < _INT64:
            raise DocumentError(
                f"{here}: {_number(value)} is larger than a whole number TOML holds"
            )
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DocumentError(f"{here}: expected a finite number, found {value}")
        return
    if isinstance(value, str):
        if len(value) > PLAIN_TEXT_MAX:
            raise DocumentError(
                f"{here}: expected text of at most {PLAIN_TEXT_MAX:,} characters, "
                f"found {len(value):,}"
            )
        return
    if isinstance(value, dict):
        if len(value) > PLAIN_ITEMS_MAX:
            raise DocumentError(
                f"{here}: expected at most {PLAIN_ITEMS_MAX:,} keys, found {len(value):,}"
            )
        for key, item in value.items():
            if len(key) > PLAIN_TEXT_MAX:
                raise DocumentError(f"{here}: a key of {len(key):,} characters")
            check_plain(item, f"{where}.{_short(key)}" if where else _short(key), depth + 1)
        return
    if isinstance(value, list):
        if len(value) > PLAIN_ITEMS_MAX:
            raise DocumentError(
                f"{here}: expected at most {PLAIN_ITEMS_MAX:,} items, found {len(value):,}"
            )
        for index, item in enumerate(value):
            check_plain(item, f"{here}[{index}]", depth + 1)
        return
    # dates and times (TOML has them): plain values too
    if isinstance(value, (datetime.date, datetime.time)):
        return
    raise DocumentError(f"{here}: {_describe(value)} is not a plain value")
