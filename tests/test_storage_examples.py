"""Schema versions and migrations; the example files of every version in saves/ load."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from desert_pyramid.storage import CURRENT_SCHEMA, PROFILE_SCHEMA, SAVE_SCHEMA, SaveStore
from desert_pyramid.storage.documents import decode_progress
from desert_pyramid.storage.files import read_document
from desert_pyramid.storage.schema import FutureSchemaError, Schema, SchemaError

SAVES = Path(__file__).resolve().parent.parent / "saves"
SCHEMAS = {"save.toml": SAVE_SCHEMA, "profile.toml": PROFILE_SCHEMA, "current.toml": CURRENT_SCHEMA}


def version_folders() -> list[Path]:
    return sorted(p for p in SAVES.iterdir() if p.is_dir() and re.fullmatch(r"v\d+", p.name))


def test_there_is_an_example_of_every_schema_version_of_every_file() -> None:
    for name, schema in SCHEMAS.items():
        found = set()
        for folder in version_folders():
            if (folder / name).exists():
                found.add(tomllib.loads((folder / name).read_text())["schema"])
        assert found == set(range(1, schema.version + 1)), name


@pytest.mark.parametrize("folder", version_folders(), ids=lambda p: p.name)
def test_examples_load_without_a_word(folder: Path, tmp_path: Path) -> None:
    version = int(folder.name[1:])
    for name in SCHEMAS:
        assert tomllib.loads((folder / name).read_text())["schema"] == version
    shutil.copytree(folder, tmp_path / "saves")
    store = SaveStore.open(tmp_path / "saves", readonly=True)
    notices = store.take_notices()
    assert all(n.level == "info" and "upgraded" in n.message for n in notices), notices
    assert store.progress.pyramids_cleared > 0 and store.progress.relics
    assert store.progress.stats and store.progress.settings
    assert len(store.profile.backs.owned()) > 1
    assert store.current is not None and store.current.game


def test_v1_example_content() -> None:
    store = SaveStore.open(SAVES / "v1", readonly=True)
    assert store.progress.pyramids_cleared == 7
    assert sorted(store.progress.relics) == [
        "brass_compass",
        "clay_jar",
        "falcon_feather",
        "old_key",
    ]
    assert store.progress.daily.best == 2
    assert store.profile.backs.chosen == "trek_3"
    assert store.profile.extra["sand_and_stars"]["theme"] == "night"  # a sibling game's keys
    current = store.current
    assert current is not None and current.mode == "expedition"
    assert current.daylight_ms == 171_400 and current.pyramid_number == 2
    assert len(current.game["moves"]) == 6


def test_examples_survive_a_rewrite(tmp_path: Path) -> None:
    """Loaded and written again by this version, every example keeps its content."""
    shutil.copytree(SAVES / "v1", tmp_path / "s")
    store = SaveStore.open(tmp_path / "s")
    before = (store.progress, store.profile, store.current)
    store.update_settings({})
    store.note_chain(0)
    assert store.current is not None
    store.save_current(store.current)
    store.choose_back("trek_3")
    again = SaveStore.open(tmp_path / "s")
    assert (again.progress, again.profile, again.current) == before


# ------------------------------------------------------------------ the migration mechanism


def v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """A migration as a future version would write one: rename a key, add one."""
    data["clears"] = data.pop("pyramids_cleared")
    data["greeting"] = "hello"
    return data


def v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    data["greeting"] = data["greeting"].upper()
    return data


def test_migrations_run_in_order() -> None:
    schema = Schema("save.toml", 3, {1: v1_to_v2, 2: v2_to_v3})
    data, found = schema.upgrade({"schema": 1, "pyramids_cleared": 4})
    assert found == 1 and data == {"schema": 3, "clears": 4, "greeting": "HELLO"}
    data, found = schema.upgrade({"schema": 2, "clears": 5, "greeting": "hi"})
    assert found == 2 and data == {"schema": 3, "clears": 5, "greeting": "HI"}
    data, found = schema.upgrade({"schema": 3, "clears": 6, "greeting": "X"})
    assert found == 3 and data["greeting"] == "X"


def test_migration_problems() -> None:
    with pytest.raises(FutureSchemaError, match="schema 4 is newer"):
        Schema("x", 3, {1: v1_to_v2, 2: v2_to_v3}).upgrade({"schema": 4})
    with pytest.raises(SchemaError, match="no migration from version 2 to 3"):
        Schema("x", 3, {1: v1_to_v2}).upgrade({"schema": 1, "pyramids_cleared": 1})
    with pytest.raises(SchemaError, match="migrating from version 1 to 2 failed"):
        Schema("x", 2, {1: v1_to_v2}).upgrade({"schema": 1})  # the key it needs is missing
    with pytest.raises(SchemaError, match="go from 1 to 10,000"):
        Schema("x", 1).upgrade({"schema": 0})
    with pytest.raises(SchemaError, match="schema: missing"):
        Schema("x", 1).upgrade({})


def test_an_older_file_is_upgraded_on_load_and_said(tmp_path: Path) -> None:
    """The whole path: a v1 save read by a build whose save schema is 2."""

    def add_title(data: dict[str, Any]) -> dict[str, Any]:
        data["settings"]["title"] = "migrated"
        return data

    schema2 = Schema("save.toml", 2, {1: add_title})
    attempt = read_document(SAVES / "v1" / "save.toml", schema2, decode_progress)
    assert attempt.ok and attempt.version == 1
    assert attempt.value is not None and attempt.value.settings["title"] == "migrated"
    assert attempt.value.pyramids_cleared == 7


def test_the_registries_cover_every_older_version() -> None:
    for schema in SCHEMAS.values():
        assert set(schema.migrations) == set(range(1, schema.version))


def test_the_store_upgrades_an_older_file_says_so_and_keeps_the_old_one_as_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import desert_pyramid.storage.documents as documents
    import desert_pyramid.storage.store as store_mod

    def add_title(data: dict[str, Any]) -> dict[str, Any]:
        data["settings"]["title"] = "migrated"
        return data

    schema2 = Schema("save.toml", 2, {1: add_title})
    monkeypatch.setattr(store_mod, "SAVE_SCHEMA", schema2)
    monkeypatch.setattr(documents, "SAVE_SCHEMA", schema2)
    monkeypatch.setattr(documents.encode_progress, "__defaults__", (schema2,))
    shutil.copytree(SAVES / "v1", tmp_path / "s")
    store = SaveStore.open(tmp_path / "s")
    notices = store.take_notices()
    assert [(n.file, n.level) for n in notices] == [("save.toml", "info")]
    assert notices[0].message == "save.toml was upgraded from schema 1 to 2."
    assert store.progress.settings["title"] == "migrated"
    store.update_settings({"sound": False})
    assert tomllib.loads((tmp_path / "s" / "save.toml").read_text())["schema"] == 2
    assert tomllib.loads((tmp_path / "s" / "save.toml.bak").read_text())["schema"] == 1
