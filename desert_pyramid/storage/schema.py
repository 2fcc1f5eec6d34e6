"""Schema versions and migrations of the save files; their values are read through the one reader
of documents, :mod:`desert_pyramid.engine.reading` (re-exported here).

Every file has a top-level integer ``schema``. A file of an older version is upgraded step by
step by the registered migrations (``v`` -> ``v + 1``, pure functions on the decoded dict); a file
of a newer version than this build knows is refused with :class:`FutureSchemaError`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from desert_pyramid.engine.reading import (
    PLAIN_DEPTH_MAX,
    PLAIN_ITEMS_MAX,
    PLAIN_TEXT_MAX,
    DocumentError,
    Reader,
    _describe,
    _number,
    check_date,
    check_plain,
    is_id,
)

Migration = Callable[[dict[str, object]], dict[str, object]]

SCHEMA_MAX = 10_000  # a higher "schema" is damage, not a file from a newer version


SchemaError = DocumentError  # the storage's name for a document that does not read


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

    def upgrade(self, data: dict[str, object]) -> tuple[dict[str, object], int]:
        """``data`` brought up to :attr:`version`, and the version it had."""
        found = data.get("schema")
        if isinstance(found, bool) or not isinstance(found, int):
            if "schema" not in data:
                raise SchemaError("schema: missing (every file starts with its schema version)")
            raise SchemaError(f"schema: expected a whole number, found {_describe(found)}")
        if found < 1 or found > SCHEMA_MAX:
            raise SchemaError(
                f"schema: {_number(found)} is not a schema version (they go from 1 to {SCHEMA_MAX:,})"
            )
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


__all__ = [
    "PLAIN_DEPTH_MAX",
    "PLAIN_ITEMS_MAX",
    "PLAIN_TEXT_MAX",
    "SCHEMA_MAX",
    "DocumentError",
    "FutureSchemaError",
    "Migration",
    "Reader",
    "Schema",
    "SchemaError",
    "check_date",
    "check_plain",
    "is_id",
]
