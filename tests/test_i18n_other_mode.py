"""The statistics the storage keeps under the mode "other" (a key whose mode, layout or rules were
damaged in the save file, docs/saves.md "One bad record") are named in the player's language on
the statistics screen and by ``profile``: they showed as the English "Other" and "Other rules" in
every language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import tomli_w

from desert_pyramid.i18n import use_language
from tests.hostile_saves import player_files

#: (language, the mode, the mode untimed, the rules) as the catalogues name them
NAMES = [
    ("en", "Other", "Other (untimed)", "Other rules"),
    ("de", "Sonstige", "Sonstige (ohne Uhr)", "Sonstige Regeln"),
    ("fr", "Autres", "Autres (sans chrono)", "Autres règles"),
    ("es", "Otras", "Otras (sin reloj)", "Otras reglas"),
    ("it", "Altre", "Altre (senza tempo)", "Altre regole"),
    ("pt_BR", "Outras", "Outras (sem relógio)", "Outras regras"),
    ("ru", "Прочие", "Прочие (без времени)", "Прочие правила"),
]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


@pytest.fixture(scope="module")
def damaged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A player's files in which one timed key has its mode and rules damaged and one untimed
    key its mode: both are kept under "other" (the timed one under the rules "other" too)."""
    save, profile = player_files()
    # only what the statistics need: a few keys, no past games (a quick file to read seven times)
    save["games"], save["seen"] = [], {"games": [], "treks": []}
    save["stats"], save["untimed_stats"] = save["stats"][:3], save["untimed_stats"][:2]
    timed, untimed = save["stats"][1], save["untimed_stats"][0]
    timed["mode"], timed["preset"] = "arcade\x1b[2J", ""
    untimed["mode"] = "marathon"
    folder = tmp_path_factory.mktemp("damaged")
    (folder / "save.toml").write_text(tomli_w.dumps(save), encoding="utf-8")
    (folder / "profile.toml").write_text(tomli_w.dumps(profile), encoding="utf-8")
    return folder


@pytest.mark.parametrize(("code", "other", "untimed", "rules"), NAMES, ids=[n[0] for n in NAMES])
def test_the_other_statistics_are_named_in_the_players_language(
    code: str,
    other: str,
    untimed: str,
    rules: str,
    damaged: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from desert_pyramid.app.application import Application
    from desert_pyramid.cli import main
    from desert_pyramid.progression import StatsKey, mode_name
    from desert_pyramid.storage import SaveStore
    from desert_pyramid.ui.screens.stats import choices

    assert use_language(code) is None
    assert mode_name("other") == other
    assert mode_name("other", untimed=True) == untimed
    assert StatsKey("other", "other", 0).label == other
    # the statistics screen: the selector's entries of the two keys
    app = Application()
    app.use_store(SaveStore.open(damaged, readonly=True))
    kept = sorted((k.untimed, k.preset) for k in app.progress.stats if k.mode == "other")
    assert [u for u, _ in kept] == [False, True] and kept[0][1] == "other", kept
    labels = [c.label for c in choices(app.layout_title, app.progress.stats)]
    assert any(label.startswith(f"{other} · {rules} · ") for label in labels), labels
    assert any(label.startswith(f"{untimed} · ") for label in labels), labels
    # profile: the mode column names them as the statistics screen does
    capsys.readouterr()
    assert main(["profile", "--save-dir", str(damaged)]) == 0
    out = capsys.readouterr().out
    assert f"  {other.lower():<21}other " in out
    assert f"  {untimed.lower():<21}" in out
