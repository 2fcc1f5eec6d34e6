"""Schema versions, migrations and typed reading of decoded TOML with precise error messages.

Every file has a top-level integer ``schema``. A file of an older version is upgraded step by
step by the registered migrations (``v`` -> ``v + 1``, pure functions on the decoded dict); a file
of a newer version than this build knows is refused with :class:`FutureSchemaError`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from desert_pyramid.progression.records import is_iso_date

Migration = Callable[[dict[str, Any]], dict[str, Any]]


class SchemaError(ValueError):
    """Valid TOML that is not a valid file of its kind. The message names the key at fault."""


class FutureSchemaError(Exception):
    def __init__(self, version: int, supported: int) -> None:
        super().__init__(
            f"schema {version} is newer than this version of Desert Pyramid reads (up to {supported})"
        )
        self.version = version
        self.supported = supported


@dataclass(frozen=True, slots=True)
class Schema:
    """One kind of file: the version this build writes and the migrations up to it."""

    name: str
    version: int
    migrations: Mapping[int, Migration] = field(default_factory=dict)

    def upgrade(self, data: dict[str, Any]) -> tuple[dict[str, Any], int]:
        """``data`` brought up to :attr:`version`, and the version it had."""
        found = data.get("schema")
        if isinstance(found, bool) or not isinstance(found, int):
            if "schema" not in data:
                raise SchemaError("schema: missing (every file starts with its schema version)")
            raise SchemaError(f"schema: expected a whole number, found {_describe(found)}")
        if found < 1:
            raise SchemaError(f"schema: {found} is not a schema version (they start at 1)")
        if found > self.version:
            raise FutureSchemaError(found, self.version)
        version = found
        while version < self.version:
            step = self.migrations.get(version)
            if step is None:
                raise SchemaError(f"schema: no migration from version {version} to {version + 1}")
            try:
                data = step(dict(data))
            except (KeyError, TypeError, ValueError) as exc:
                raise SchemaError(
                    f"schema: migrating from version {version} to {version + 1} failed ({exc})"
                ) from exc
            version += 1
            data["schema"] = version
        return data, found


def _describe(value: object) -> str:
    if isinstance(value, bool):
        return f"a true/false value ({str(value).lower()})"
    if isinstance(value, int):
        return f"a whole number ({value})"
    if isinstance(value, float):
        return f"a number ({value})"
    if isinstance(value, str):
        shown = value if len(value) <= 30 else value[:27] + "..."
        return f'text ("{shown}")'
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


_MISSING: Any = object()


class Reader:
    """Typed access to one decoded TOML table; errors say ``where.key: expected ..., found ...``."""

    MISSING: Any = _MISSING  # as a default: the key is required

    def __init__(self, data: Mapping[str, Any], where: str = "") -> None:
        self.data = data
        self.where = where

    def path(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.where}[{key}]"
        return f"{self.where}.{key}" if self.where else key

    def fail(self, key: str | int, message: str) -> SchemaError:
        return SchemaError(f"{self.path(key)}: {message}")

    def _get(self, key: str, default: Any) -> Any:
        if key in self.data:
            return self.data[key]
        if default is _MISSING:
            raise self.fail(key, "missing")
        return default

    def integer(self, key: str, default: Any = _MISSING, *, minimum: int | None = 0) -> int:
        value = self._get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"expected a whole number, found {_describe(value)}")
        if minimum is not None and value < minimum:
            raise self.fail(key, f"expected a whole number >= {minimum}, found {value}")
        return value

    def number(self, key: str, default: Any = _MISSING, *, minimum: float = 0.0) -> float:
        value = self._get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(key, f"expected a number, found {_describe(value)}")
        if not math.isfinite(value) or value < minimum:
            raise self.fail(key, f"expected a number >= {minimum:g}, found {value}")
        return float(value)

    def text(self, key: str, default: Any = _MISSING, *, nonempty: bool = False) -> str:
        value = self._get(key, default)
        if not isinstance(value, str):
            raise self.fail(key, f"expected text, found {_describe(value)}")
        if nonempty and not value:
            raise self.fail(key, "expected text, found an empty text")
        return value

    def choice(self, key: str, options: tuple[str, ...], default: Any = _MISSING) -> str:
        value = self.text(key, default)
        if value not in options:
            raise self.fail(key, f'expected one of {", ".join(options)}, found "{value}"')
        return value

    def date(self, key: str, default: Any = _MISSING, *, optional: bool = False) -> str:
        value = self.text(key, default)
        if optional and value == "":
            return value
        if not is_iso_date(value):
            raise self.fail(key, f'expected a date YYYY-MM-DD, found "{value}"')
        return value

    def boolean(self, key: str, default: Any = _MISSING) -> bool:
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"expected true or false, found {_describe(value)}")
        return value

    def table(self, key: str, default: Any = _MISSING) -> Reader:
        value = self._get(key, default)
        if not isinstance(value, dict):
            raise self.fail(key, f"expected a table, found {_describe(value)}")
        return Reader(value, self.path(key))

    def items(self, key: str, default: Any = _MISSING) -> list[Any]:
        value = self._get(key, default)
        if not isinstance(value, list):
            raise self.fail(key, f"expected a list, found {_describe(value)}")
        return value

    def tables(self, key: str, default: Any = _MISSING) -> list[Reader]:
        """A list of tables (``[[key]]`` or a list of inline tables)."""
        where = self.path(key)
        out = []
        for index, item in enumerate(self.items(key, default)):
            if not isinstance(item, dict):
                raise SchemaError(f"{where}[{index}]: expected a table, found {_describe(item)}")
            out.append(Reader(item, f"{where}[{index}]"))
        return out

    def texts(self, key: str, default: Any = _MISSING) -> list[str]:
        where = self.path(key)
        values = self.items(key, default)
        for index, item in enumerate(values):
            if not isinstance(item, str):
                raise SchemaError(f"{where}[{index}]: expected text, found {_describe(item)}")
        return values

    def date_table(self, key: str, default: Any = _MISSING) -> dict[str, str]:
        """A table of id -> date (relics found, backs unlocked)."""
        table = self.table(key, default)
        out = {}
        for name in table.data:
            out[name] = table.date(name)
        return out
