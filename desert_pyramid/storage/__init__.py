"""Saves: TOML files that survive anything. See ``docs/saves.md``.

Imports nothing from Arcade; safe for the command line and for subprocesses.
"""

from desert_pyramid.storage.atomic import atomic_write, backup_path
from desert_pyramid.storage.documents import (
    CURRENT_SCHEMA,
    PROFILE_SCHEMA,
    SAVE_SCHEMA,
    CurrentGame,
    Profile,
)
from desert_pyramid.storage.files import Notice, read_document
from desert_pyramid.storage.paths import ENV_VAR, SaveFolder, default_save_dir, resolve_save_dir
from desert_pyramid.storage.schema import FutureSchemaError, Schema, SchemaError
from desert_pyramid.storage.store import SaveStore

__all__ = [
    "CURRENT_SCHEMA",
    "ENV_VAR",
    "PROFILE_SCHEMA",
    "SAVE_SCHEMA",
    "CurrentGame",
    "FutureSchemaError",
    "Notice",
    "Profile",
    "SaveFolder",
    "SaveStore",
    "Schema",
    "SchemaError",
    "atomic_write",
    "backup_path",
    "default_save_dir",
    "read_document",
    "resolve_save_dir",
]
