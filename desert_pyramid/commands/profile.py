"""``desert-pyramid profile``: where the save files are and what they hold; ``--check`` validates;
``--export FILE`` writes the whole profile to one file and ``--import FILE`` replaces the
profile with one (docs/saves.md, "Moving a profile").

``profile``, ``--check`` and ``--export`` only read the save folder: they never move, restore or
write a file in it.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path

from desert_pyramid import __version__, local_date
from desert_pyramid.catalog import Catalogue
from desert_pyramid.commands.args import UsageError, check_path, one_line, shown
from desert_pyramid.modes.session import LayoutGetter
from desert_pyramid.progression import (
    CARD_BACKS,
    RELICS,
    Progress,
    Stats,
    combine,
    next_relic,
)
from desert_pyramid.storage import (
    CURRENT_SCHEMA,
    PROFILE_SCHEMA,
    SAVE_SCHEMA,
    CurrentGame,
    Profile,
    SaveStore,
    Schema,
    backup_path,
    read_document,
    transfer,
)
from desert_pyramid.storage.atomic import atomic_write
from desert_pyramid.storage.documents import decode_current
from desert_pyramid.storage.paths import ENV_VAR, folder_problem, resolve_save_dir
from desert_pyramid.storage.salvage import (
    Salvager,
    read_rejected,
    rejected_files,
    salvage_profile,
    salvage_progress,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "profile",
        help="show where the save files are and what they hold",
        description=(
            "Show the save folder, its files, relics, card backs, streaks and statistics. "
            "With --check, validate every file and backup instead (exit 1 if one is damaged). "
            "Nothing is changed on disk."
        ),
    )
    parser.add_argument(
        "--save-dir",
        dest="profile_save_dir",
        metavar="DIR",
        help=f"the save folder (default: ${ENV_VAR}, else the user data folder)",
    )
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true", help="validate the files and their backups")
    group.add_argument(
        "--export",
        metavar="FILE",
        help="write the whole profile (progress, statistics, settings, card backs, the game in "
        "progress, your layouts) to FILE, a .toml file the browser edition imports too",
    )
    group.add_argument(
        "--import",
        dest="import_file",
        metavar="FILE",
        help="replace the profile with one exported by the game (desktop or browser); the "
        "profile there is kept first as profile-before-import-DATE.toml in the save folder",
    )
    parser.set_defaults(func=run)


def _save_dir(args: argparse.Namespace) -> str | None:
    value = getattr(args, "profile_save_dir", None) or getattr(args, "save_dir", None)
    return str(value) if value else None


def check_save_dir(folder: str | None) -> str:
    """Refuse a save folder the system cannot name (given with --save-dir, else in the
    environment variable) with one line, before any file is opened. A folder in which progress
    cannot be kept (a file in its place, read-only, unreadable) is said on standard error, by
    every entry point that uses it (the game's window, ``profile``, ``layouts``); what is wrong
    is returned ("" when nothing)."""
    if folder is not None:
        check_path(folder, "--save-dir")
    elif os.environ.get(ENV_VAR):
        check_path(os.environ[ENV_VAR], f"${ENV_VAR}")
    resolved = resolve_save_dir(folder)
    problem = folder_problem(resolved.path)
    if problem is None:
        return ""
    print(
        f"desert-pyramid: warning: the save folder cannot be used: {one_line(problem)}; "
        "progress will not be kept",
        file=sys.stderr,
    )
    return problem


def run(args: argparse.Namespace) -> int:
    folder = _save_dir(args)
    if getattr(args, "export", None) is not None:
        check_path(args.export, "--export")
    if getattr(args, "import_file", None) is not None:
        check_path(args.import_file, "--import")
    problem = check_save_dir(folder)
    if getattr(args, "export", None) is not None:
        return export(folder, args.export)
    if getattr(args, "import_file", None) is not None:
        if problem:
            print(
                f"desert-pyramid: error: --import: nothing was imported: {one_line(problem)}",
                file=sys.stderr,
            )
            return 1
        return import_(folder, args.import_file)
    try:
        store = SaveStore.open(folder, readonly=True, layouts=Catalogue.open(folder).get_layout)
    except OSError as exc:  # a folder that cannot be opened at all (a file in the way, no access)
        what = "--save-dir" if folder is not None else f"${ENV_VAR}"
        where = folder if folder is not None else os.environ.get(ENV_VAR, "the user data folder")
        raise UsageError(f"{what}: cannot use '{shown(where)}': {exc.strerror or exc}") from None
    if args.check:
        return check(store)
    show(store)
    return 0


def _size(path: Path) -> str:
    try:
        size = path.stat().st_size
    except OSError:
        return ""
    return f"{size} bytes" if size < 1024 else f"{size / 1024:.1f} KB"


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def _file_lines(store: SaveStore) -> list[str]:
    lines = []
    for key, path in (
        ("save", store.folder.save),
        ("profile", store.folder.profile),
        ("current", store.folder.current),
    ):
        opened = store.opened[key]
        main = opened.main
        if main.status == "ok":
            state = f"ok, schema {main.version}, {_size(path)}"
            count = len(store.rejected.get(path.name, []))
            if count:
                state += f", {count} damaged {'record' if count == 1 else 'records'} left out"
        elif main.status == "missing":
            state = "not there yet" if opened.source == "none" else "missing"
        else:
            state = f"{main.status}: {main.problem}"
        bak = backup_path(path)
        if opened.backup is not None and opened.backup.status != "missing":
            state += f"; backup {opened.backup.status}"
        elif bak.exists():
            state += "; backup kept"
        lines.append(f"  {path.name:<13} {state}")
    return lines


def show(store: SaveStore) -> None:
    folder = store.folder
    where = {"default": "the user data folder", "--save-dir": "--save-dir"}.get(
        folder.source, folder.source
    )
    print(f"Save folder: {folder.path} (from {where})")
    if store.folder_problem:
        print(f"  the folder cannot be used: {one_line(store.folder_problem)}")
        print("  progress will not be kept there (the game says so on its title screen)")
        return
    for line in _file_lines(store):
        print(line)
    for notice in store.take_notices():
        print(f"  note: {notice.message}")
    _rejected_lines(store)

    progress, backs = store.progress, store.profile.backs
    print()
    print(f"Pyramids cleared: {progress.pyramids_cleared}")
    owned = [relic for relic in RELICS if relic.id in progress.relics]
    print(f"Relics: {len(owned)} of {len(RELICS)}")
    for relic in RELICS:
        mark = "x" if relic.id in progress.relics else " "
        when = f", found {progress.relics[relic.id]}" if relic.id in progress.relics else ""
        print(f"  [{mark}] {relic.name} ({relic.threshold}{when})")
    upcoming = next_relic(progress.pyramids_cleared)
    if upcoming is not None:
        relic, more = upcoming
        print(f"  next: {relic.name}, {more} more {'pyramid' if more == 1 else 'pyramids'}")

    print(f"Card backs: {len(backs.owned())} of {len(CARD_BACKS)}, using {backs.effective().name}")
    for back in CARD_BACKS:
        mark = "x" if backs.owns(back.id) else " "
        print(f"  [{mark}] {back.name}: {back.how_to_earn}")

    daily = progress.daily
    today = local_date.today().isoformat()
    last = daily.last_cleared or "never"
    print(f"Day streak: {daily.current_on(today)} (best {daily.best}; last Daily cleared: {last})")

    current = store.current
    if current is not None:
        extra = ""
        if current.mode == "expedition":
            extra = f", pyramid {current.pyramid_number}, {_clock(current.daylight_ms / 1000)} of daylight left"
        print(
            f"Game in progress: {current.mode}, {current.preset}, layout {current.layout}{extra}, "
            f"score {current.score}, started {current.started}"
        )
    else:
        print("Game in progress: none")

    print()
    if not progress.stats:
        print("Statistics: no games played yet")
        return
    print("Statistics:")
    header = (
        f"  {'mode':<21}{'preset':<10}{'layout':>6}{'played':>8}{'won':>6}{'lost':>6}"
        f"{'win%':>6}{'streak':>8}{'best':>6}{'best score':>12}{'best time':>11}{'best trek':>11}"
    )
    print(header)
    rows: list[tuple[str, str, str, Stats]] = [
        (key.label.lower(), key.preset, str(key.layout), stats)
        for key, stats in sorted(progress.stats.items())
    ]
    # an untimed mode ("expedition (untimed)") is totalled apart from the timed one
    for mode in sorted({key.label.lower() for key in progress.stats}):
        if sum(1 for key in progress.stats if key.label.lower() == mode) > 1:
            total = combine(s for k, s in progress.stats.items() if k.label.lower() == mode)
            rows.append((mode, "all", "all", total))
    for mode, preset, layout, stats in rows:
        trek = f"{stats.best_trek_pyramids} ({stats.best_trek_score})" if stats.treks else "-"
        print(
            f"  {mode:<21}{preset:<10}{layout:>6}{stats.played:>8}{stats.won:>6}{stats.lost:>6}"
            f"{stats.win_rate:>6.0%}{stats.current_streak:>8}{stats.best_streak:>6}"
            f"{stats.best_score:>12}{_clock(stats.best_seconds):>11}{trek:>11}"
        )


def _rejected_lines(store: SaveStore) -> None:
    """The records left out of the files just read, and those kept in rejected files earlier."""
    now = [(name, r) for name, records in store.rejected.items() for r in records]
    kept: list[tuple[str, list[dict[str, object]]]] = []
    for path in (store.folder.save, store.folder.profile):
        for rejected in rejected_files(path):
            records = read_rejected(rejected)
            if records:
                kept.append((rejected.name, records))
    if not now and not kept:
        return
    print()
    print("Records set aside (the rest of the files is used):")
    for name, record in now:
        print(f"  {name}: {one_line(record.line())}")
    for name, records in kept:
        print(f"  kept in {name}: {len(records)} {'record' if len(records) == 1 else 'records'}")
        for item in records[-20:]:
            where, why = str(item.get("where", "?")), str(item.get("why", ""))
            line = why if why.startswith(where) else f"{where}: {why}"
            print(f"    {shown(str(item.get('found', '')))}  {one_line(line)}")
        if len(records) > 20:
            print(f"    ... and {len(records) - 20} earlier")


def _holds(value: object) -> str:
    """What a sound file holds, in a few words (for a missing file whose backup is sound)."""
    if isinstance(value, Progress):
        if value.is_empty:
            return "no progress yet"
        games = len(value.seen_games)
        return (
            f"{value.pyramids_cleared} {'pyramid' if value.pyramids_cleared == 1 else 'pyramids'} cleared, "
            f"{len(value.relics)} of {len(RELICS)} relics, {games} {'game' if games == 1 else 'games'} counted"
        )
    if isinstance(value, Profile):
        return f"{len(value.backs.owned())} of {len(CARD_BACKS)} card backs"
    if isinstance(value, CurrentGame):
        return f"a {value.mode} game in progress, started {value.started}"
    return "its data"


_LABELS = {"future": "FROM A NEWER VERSION", "damaged": "DAMAGED", "unreadable": "UNREADABLE"}


def check(store: SaveStore) -> int:
    """Validate each file and its backup. Only reads, never blocks (a FIFO or a device in place of
    a file is reported, not opened for a blocking read).

    Exit status: 0 when every file that exists is sound (a file not there and without a backup is
    a first start: fine); 1 when a file or a backup is damaged, unreadable or from a newer
    version, or a file is missing while its backup is there (the game restores it at its next
    start). Argument errors are the command line's (2)."""
    folder = store.folder
    print(f"Checking {folder.path}")
    if store.folder_problem:
        print(f"  {'(the folder)':<17} CANNOT BE USED: {one_line(store.folder_problem)}")
        print("1 problem(s). The game cannot keep progress there.")
        return 1
    problems = 0
    advice: list[str] = []
    today = local_date.today().isoformat()
    decoders: tuple[tuple[Path, Schema, Callable[[dict[str, object]], object]], ...] = (
        (folder.save, SAVE_SCHEMA, Salvager(salvage_progress, today)),
        (folder.profile, PROFILE_SCHEMA, Salvager(salvage_profile, today)),
        (
            folder.current,
            CURRENT_SCHEMA,
            functools.partial(decode_current, get_layout=store.layouts),
        ),
    )
    for path, schema, decode in decoders:
        main = read_document(path, schema, decode)
        main_rejected = list(getattr(decode, "rejected", [])) if main.ok else []
        bak_path = backup_path(path)
        backup = read_document(bak_path, schema, decode)
        backup_rejected = list(getattr(decode, "rejected", [])) if backup.ok else []
        kept = {
            (str(r.get("where")), str(r.get("why")))
            for found in rejected_files(path)
            for r in read_rejected(found) or []
        }
        for target, attempt, rejected in (
            (path, main, main_rejected),
            (bak_path, backup, backup_rejected),
        ):
            if attempt.status == "ok":
                note = f"ok (schema {attempt.version}" + (
                    f", will be upgraded to {schema.version})"
                    if attempt.version < schema.version
                    else ")"
                )
                if rejected:
                    note += (
                        f", but {len(rejected)} damaged "
                        f"{'record' if len(rejected) == 1 else 'records'}: the game sets "
                        f"{'it' if len(rejected) == 1 else 'them'} aside and keeps the rest"
                    )
            elif attempt.status == "missing":
                note = "not there (fine)"
                if target == path and backup.status != "missing":
                    problems += 1
                    if backup.ok:
                        note = f"MISSING, but its backup is sound and holds {_holds(backup.value)}"
                        advice.append(
                            f"{path.name} is missing: the game restores {bak_path.name} in its place at its next "
                            f"start (or copy {bak_path.name} to {path.name} yourself)."
                        )
                    else:
                        note = "MISSING, and its backup cannot be used either"
                        advice.append(
                            f"{path.name} is missing and {bak_path.name} cannot be used: the game "
                            + (
                                "leaves the newer backup alone and starts without it."
                                if backup.status == "future"
                                else "keeps the backup aside and starts without it."
                            )
                        )
            else:
                problems += 1
                note = f"{_LABELS.get(attempt.status, attempt.status.upper())}: {attempt.problem}"
            link = _link_note(target)
            print(f"  {target.name:<17} {note}{link}")
            for record in rejected:  # one line per problem
                if target == bak_path and (record.where, record.why) in kept:
                    # the backup is the file as it was before the game set the record aside
                    print(
                        f"  {target.name:<17} damaged record, kept aside already: "
                        f"{one_line(record.line())}"
                    )
                    continue
                problems += 1
                print(f"  {target.name:<17} DAMAGED RECORD {one_line(record.line())}")
    problems += _check_layouts(store)
    aside = []
    try:
        if folder.path.is_dir():
            aside = sorted(p.name for p in folder.path.glob("*.toml*.*-*") if ".tmp-" not in p.name)
    except OSError as exc:
        print(f"  (the folder cannot be listed: {exc.strerror or exc})")
    for name in aside:
        print(f"  {name:<17} set aside earlier (kept for you; the game does not read it)")
    for line in advice:
        print(line)
    if problems:
        print(
            f"{problems} problem(s). Starting the game restores what it can from the backups "
            "and keeps damaged files aside (nothing is deleted); a file from a newer version is "
            "left untouched."
        )
        return 1
    print("All files are sound.")
    return 0


def _check_layouts(store: SaveStore) -> int:
    """The player's own layouts (and their difficulty file), read as the game reads them, without
    changing anything: one line per file that cannot be used. The number of problems."""
    from desert_pyramid.storage.layouts import LAYOUTS_DIR, PlayerLayouts

    folder = store.folder.path / LAYOUTS_DIR
    player = PlayerLayouts(folder, readonly=True)
    layouts = player.layouts()
    player.difficulty()
    notices = player.take_notices()
    if not layouts and not notices:
        return 0
    print(
        f"  {LAYOUTS_DIR + '/':<17} {len(layouts)} "
        f"{'layout' if len(layouts) == 1 else 'layouts'} of your own"
    )
    for notice in notices:
        print(f"  {notice.file:<17} PROBLEM: {one_line(notice.message)}")
    return len([n for n in notices if n.level != "info"])


def _link_note(path: Path) -> str:
    """`` (a link to TARGET)`` when ``path`` is a symbolic link."""
    try:
        if path.is_symlink():
            return f" (a link to {os.readlink(path)}; saves go to its target)"
    except OSError:
        pass
    return ""


def _layouts_for(path: Path) -> LayoutGetter:
    return Catalogue.open(path).get_layout


def export(folder: str | None, target: str) -> int:
    """``profile --export FILE``: the whole profile in one file (only reads the save folder)."""
    save_folder = resolve_save_dir(folder)
    out = Path(target).expanduser()
    if out.is_dir():
        raise UsageError(
            f"--export: '{shown(target)}' is a folder: give a file name, as {transfer.FILE_NAME}"
        )
    done = transfer.export_profile(
        save_folder,
        version=__version__,
        today=local_date.today().isoformat(),
        origin="desktop",
        layouts_for=_layouts_for,
    )
    for line in done.left_out:
        print(
            f"desert-pyramid: warning: --export: left out, it cannot be read: {one_line(line)}",
            file=sys.stderr,
        )
    try:
        atomic_write(out, done.data, keep_backup=False)
    except OSError as exc:
        print(
            f"desert-pyramid: error: --export: cannot write '{shown(target)}': {exc.strerror or exc}",
            file=sys.stderr,
        )
        return 1
    if not done.files:
        print(f"Exported an empty profile (nothing saved yet in {save_folder.path}) to {out}")
    else:
        print(f"Exported {', '.join(done.files)} from {save_folder.path} to {out}")
    return 0


def import_(folder: str | None, source: str) -> int:
    """``profile --import FILE``: replace the profile with an exported one. A file that cannot be
    imported is said (what and where) and changes nothing."""
    save_folder = resolve_save_dir(folder)
    try:
        data = transfer.read_profile_file(Path(source).expanduser())
        prepared = transfer.prepare_import(data, layouts_for=_layouts_for)
    except transfer.ProfileFileError as exc:
        print(
            f"desert-pyramid: error: --import: {one_line(str(exc))}; nothing was imported",
            file=sys.stderr,
        )
        return 1
    try:
        backup = transfer.apply_import(
            prepared,
            save_folder,
            version=__version__,
            origin="desktop",
            layouts_for=_layouts_for,
        )
    except OSError as exc:
        print(
            f"desert-pyramid: error: --import: cannot write in {save_folder.path}: "
            f"{exc.strerror or exc}; the profile there is as it was",
            file=sys.stderr,
        )
        return 1
    # the game's own first open: damaged records set aside (kept in save.rejected.toml)
    store = SaveStore.open(save_folder.path, layouts=Catalogue.open(save_folder.path).get_layout)
    notices = store.take_notices()
    store.close()
    s = prepared.summary
    origin = (
        f" (exported from the {prepared.origin}"
        + (f" on {prepared.exported})" if prepared.exported else ")")
        if prepared.origin
        else ""
    )
    print(f"Imported {source}{origin} into {save_folder.path}")
    print(
        f"  {s['pyramids_cleared']} pyramids cleared, {s['relics']} of {s['relics_all']} relics, "
        f"{s['backs']} of {s['backs_all']} card backs, {s['games']} games counted"
        + (", a game in progress" if s["in_progress"] else "")
        + (f", {s['layouts']} layouts of your own" if s["layouts"] else "")
    )
    for line in prepared.left_out:
        print(f"  left out: {one_line(line)}")
    for notice in notices:
        print(f"  note: {one_line(notice.message)}")
    if backup is not None:
        print(f"  the profile that was there is kept in {backup} (import it to go back)")
    return 0
