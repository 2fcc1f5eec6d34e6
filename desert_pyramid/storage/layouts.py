"""A player's own layouts: layout files in the ``layouts`` folder of the save folder.

Each layout is one file in the format of the game's own layouts (``docs/layout-format.md``), named
``NNN_name.toml`` after its number and the name it was made with. A player's layouts are numbered
from :data:`~desert_pyramid.engine.layout.PLAYER_FIRST` to
:data:`~desert_pyramid.engine.layout.PLAYER_LAST`, so they never clash with the game's own.

Files are written atomically, as the saves are (:func:`~desert_pyramid.storage.atomic.atomic_write`:
the previous version is kept as ``NAME.bak``). Reading never stops the game and never hides the
other layouts: a file that cannot be used (not TOML, a layout the engine cannot play, a number
outside a player's range or used twice, a named pipe, a symbolic link loop, a file far too large
for a layout) is set aside as ``NAME.broken-YYYYmmdd-HHMMSS`` and a :class:`Notice` says why; a
damaged file with a good backup is restored from it, as a save would be.

A deleted layout is not erased: it is set aside as ``NAME.deleted-YYYYmmdd-HHMMSS``. Its number is
never given to another layout while that file is there (numbers are taken from every file of the
folder, kept ones included), so the statistics of a deleted layout never mix with a new one's.
"""

from __future__ import annotations

import datetime
import errno
import os
import re
import stat
import threading
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

from desert_pyramid.difficulty import DifficultyError, LayoutDifficulty, parse_difficulty
from desert_pyramid.engine import Layout, LayoutCodeError, LayoutError, encode_layout_code
from desert_pyramid.engine.layout import (
    LAYOUT_SCHEMA,
    PLAYER_FIRST,
    PLAYER_LAST,
    is_player_number,
)
from desert_pyramid.engine.layoutcode import decode_layout_code
from desert_pyramid.engine.text import NAME_BYTES_MAX, NAME_CHARS_MAX, escaped, name_problem
from desert_pyramid.i18n import _, format_number
from desert_pyramid.storage.atomic import atomic_write, backup_path, remove_stale_temps
from desert_pyramid.storage.files import Level, Notice, open_document, quarantine, read_bytes
from desert_pyramid.storage.paths import resolve_save_dir
from desert_pyramid.storage.schema import Schema, SchemaError

LAYOUTS_DIR = "layouts"
#: Beside the layout files: the difficulty the workshop measured for each (the format of
#: ``resources/layouts/difficulty.toml``, each entry with the layout code it was measured on).
DIFFICULTY_FILE = "difficulty.toml"
#: A layout file of 40 places is about 4 KB; anything far larger is not one (and is not read).
LAYOUT_FILE_MAX = 256 * 1024
#: At most this many ``.toml`` files are read from the folder (a player has at most 899 layouts).
FILES_MAX = 2_000
SLUG_MAX = 40
_NUMBERED = re.compile(r"^([0-9]{3})_")
HEADER = (
    "# A player's own layout for Desert Pyramid (format: docs/layout-format.md in the game's\n"
    "# source). Written by the game; edit it in the game's layout workshop.\n"
)


class PlayerLayoutError(ValueError):
    """A player's layout that cannot be added, renamed, saved or deleted. The message says why,
    in words a player reads."""


class _LayoutSchema(Schema):
    """Layout files as the save files' reader sees them: ``schema`` may be left out (it is 1)."""

    def upgrade(self, data: dict[str, object]) -> tuple[dict[str, object], int]:
        if "schema" not in data:
            data = {**data, "schema": LAYOUT_SCHEMA}
        return super().upgrade(data)


LAYOUT_FILE = _LayoutSchema("layout", LAYOUT_SCHEMA)

Stamp = tuple[int, int, int, int] | None


def _stamp(path: Path) -> Stamp:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def check_name(name: str) -> str:
    """A layout name a player gave, trimmed; :class:`PlayerLayoutError` if it cannot be one."""
    if not isinstance(name, str):
        raise PlayerLayoutError("a layout's name is text")
    text = " ".join(name.split())
    if not text:
        raise PlayerLayoutError(_("a layout needs a name"))
    problem = name_problem(text)  # the one check of names from outside (engine/text.py)
    if problem is not None and problem.startswith("holds"):
        raise PlayerLayoutError(_("a layout's name cannot hold control characters"))
    if problem is not None and problem.startswith("is too long") and len(text) > NAME_CHARS_MAX:
        raise PlayerLayoutError(
            _("the name is too long ({length} characters; at most {most})").format(
                length=format_number(len(text)), most=format_number(NAME_CHARS_MAX)
            )
        )
    if problem is not None and problem.startswith("is too long"):
        raise PlayerLayoutError(
            _("the name is too long ({size} bytes of UTF-8; at most {most})").format(
                size=format_number(len(text.encode("utf-8", "surrogatepass"))),
                most=format_number(NAME_BYTES_MAX),
            )
        )
    if problem is not None:
        raise PlayerLayoutError(f"the name {problem}")
    return text


def slug(name: str) -> str:
    """The file-name part of a layout name: lower-case ASCII letters and digits, ``_`` between."""
    words = re.findall(r"[a-z0-9]+", name.lower())
    text = "_".join(words)[:SLUG_MAX].strip("_")
    return text or "layout"


def _plain(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def layout_file_bytes(layout: Layout) -> bytes:
    """The layout as a layout file (whole numbers written without a decimal point)."""
    data = layout.to_dict()
    for entry in data["slot"]:
        entry["x"], entry["y"] = _plain(entry["x"]), _plain(entry["y"])
    return (HEADER + tomli_w.dumps(data)).encode("utf-8")


def renumbered(layout: Layout, number: int, name: str | None = None) -> Layout:
    """``layout`` as layout ``number`` (and named ``name``), validated again."""
    data = layout.to_dict()
    data["number"] = number
    if name is not None:
        data["name"] = name
    return Layout.from_dict(data, source=f"layout {number}")


@dataclass(slots=True)
class _Entry:
    stamp: Stamp
    layout: Layout | None
    problem: str = ""


@dataclass(slots=True)
class PlayerLayouts:
    """The player's own layouts in ``folder`` (the save folder's ``layouts``).

    :meth:`layouts` reads the folder again when it changed (a file added by the command line
    while the game runs, say) and only the files that changed. With ``readonly`` nothing on disk
    is changed: damaged files are left in place (and still left out), and every change raises
    :class:`PlayerLayoutError`."""

    folder: Path
    readonly: bool = False
    durable: bool = True
    clock: Callable[[], datetime.datetime] = datetime.datetime.now
    _entries: dict[str, _Entry] = field(default_factory=dict)
    _layouts: dict[int, Layout] = field(default_factory=dict)
    _files: dict[int, Path] = field(default_factory=dict)
    _notices: list[Notice] = field(default_factory=list)
    _said: set[tuple[str, Stamp, str]] = field(default_factory=set)
    _folder_said: str = ""
    _lock: threading.RLock = field(default_factory=threading.RLock)

    @classmethod
    def open(
        cls,
        save_dir: str | os.PathLike[str] | None = None,
        *,
        env: Mapping[str, str] | None = None,
        readonly: bool = False,
        durable: bool = True,
    ) -> PlayerLayouts:
        """The layouts of the save folder (``save_dir`` > ``$DESERT_PYRAMID_SAVE_DIR`` > the user
        data folder), read once."""
        store = cls(
            resolve_save_dir(save_dir, env).path / LAYOUTS_DIR, readonly=readonly, durable=durable
        )
        store.layouts()
        return store

    # ------------------------------------------------------------------ reading

    def layouts(self) -> dict[int, Layout]:
        """The player's layouts by number (a copy), the folder read again where it changed."""
        with self._lock:
            self._scan()
            return dict(sorted(self._layouts.items()))

    def get(self, number: int) -> Layout | None:
        """Player layout ``number``, or ``None`` when the player has none of that number."""
        if not isinstance(number, int) or not is_player_number(number):
            return None
        return self.layouts().get(number)

    def path_of(self, number: int) -> Path | None:
        """The file of player layout ``number`` (``None`` if there is none)."""
        with self._lock:
            self._scan()
            return self._files.get(number)

    def take_notices(self) -> list[Notice]:
        """What the player should be told about their layout files (each told once)."""
        with self._lock:
            out, self._notices = self._notices, []
            return out

    def _say(self, name: str, stamp: Stamp, message: str, level: Level = "warning") -> None:
        key = (name, stamp, message)
        if key not in self._said:
            self._said.add(key)
            # a file name placed by hand may hold any character: shown escaped, as repr would
            self._notices.append(Notice(f"{LAYOUTS_DIR}/{name}", escaped(message), level))

    def _listing(self) -> list[str]:
        try:
            names = os.listdir(self.folder)
        except FileNotFoundError:
            return []
        except OSError as exc:
            if isinstance(exc, NotADirectoryError) and not os.path.lexists(self.folder):
                return []  # the save folder is a file: said once, as the save folder's problem
            problem = _(
                "cannot read the folder {folder} ({reason}): your own layouts are left out"
            ).format(folder=self.folder, reason=exc.strerror or exc)
            if problem != self._folder_said:
                self._folder_said = problem
                self._notices.append(Notice(LAYOUTS_DIR, problem, "error"))
            return []
        self._folder_said = ""
        return names

    def _scan(self) -> None:
        names = sorted(n for n in self._listing() if n.endswith(".toml") and n != DIFFICULTY_FILE)
        if len(names) > FILES_MAX:
            self._say(
                "",
                None,
                _(
                    "the layouts folder holds {count} .toml files; only the first {most} are read"
                ).format(count=format_number(len(names)), most=format_number(FILES_MAX)),
            )
            names = names[:FILES_MAX]
        seen: set[str] = set()
        for name in names:
            seen.add(name)
            path = self.folder / name
            stamp = _stamp(path)
            entry = self._entries.get(name)
            if entry is not None and entry.stamp == stamp and stamp is not None:
                continue
            self._entries[name] = self._read(path, stamp)
        for name in list(self._entries):
            if name not in seen:
                del self._entries[name]
        # Numbers: a player's range, each used once (the first file by name keeps it). A good
        # layout whose number repeats another's, or is one of the game's own (1 to 100), is
        # given the next free number with a notice, never set aside.
        layouts: dict[int, Layout] = {}
        files: dict[int, Path] = {}
        clashes: list[tuple[str, Layout, str]] = []
        for name in sorted(self._entries):
            entry = self._entries[name]
            layout = entry.layout
            if layout is None:
                continue
            problem = ""
            if not is_player_number(layout.number):
                problem = _(
                    "its number {number} is not one of a player's own layouts' ({first} to {last})"
                ).format(number=layout.number, first=PLAYER_FIRST, last=PLAYER_LAST)
            elif layout.number in layouts:
                problem = _("its number {number} is already {file}'s").format(
                    number=layout.number, file=files[layout.number].name
                )
            if problem:
                clashes.append((name, layout, problem))
                continue
            layouts[layout.number] = layout
            files[layout.number] = self.folder / name
        for name, layout, problem in clashes:
            self._renumber(name, layout, problem, layouts, files)
        self._layouts, self._files = layouts, files

    def _free_number(self, layouts: Mapping[int, Layout]) -> int | None:
        """The next number no layout and no numbered file of the folder has (``None``: none)."""
        taken = set(layouts)
        for listed in self._listing():
            match = _NUMBERED.match(listed)
            if match:
                taken.add(int(match.group(1)))
        above = max((n for n in taken if is_player_number(n)), default=PLAYER_FIRST - 1) + 1
        if above <= PLAYER_LAST:
            return above
        return next((n for n in range(PLAYER_FIRST, PLAYER_LAST + 1) if n not in taken), None)

    def _renumber(
        self,
        name: str,
        layout: Layout,
        problem: str,
        layouts: dict[int, Layout],
        files: dict[int, Path],
    ) -> None:
        """Give the layout of file ``name`` (whose number clashes: ``problem``) the next free
        number. Read-only, in memory (the same number each time the folder is read alike);
        otherwise its file is written again as ``NNN_slug.toml`` with the new number and the
        original kept as ``NAME.renumbered-YYYYmmdd-HHMMSS``."""
        path = self.folder / name
        stamp = self._entries[name].stamp
        number = self._free_number(layouts)
        new = None
        if number is not None:
            try:
                new = renumbered(layout, number)
            except LayoutError:
                new = None
        if number is None or new is None:
            self._set_aside(path, stamp, problem)
            return
        target = path
        if not self.readonly:
            target = self.folder / f"{number:03d}_{slug(layout.name)}.toml"
            try:
                if os.path.lexists(target):
                    raise FileExistsError(errno.EEXIST, "a file of that name is there")
                atomic_write(target, layout_file_bytes(new), durable=self.durable)
                try:
                    quarantine(path, self.clock(), tag="renumbered")
                except OSError:
                    os.unlink(target)  # never two files of one layout
                    raise
            except OSError:
                target = path  # renumbered for this session; the file is read alike next time
        layouts[number] = new
        files[number] = target
        self._say(
            name,
            stamp,
            _("{file}: {problem}; it is now layout {number}.").format(
                file=name, problem=problem, number=number
            )
            + (
                " "
                + _("Its file is now {new} (the original is kept beside it).").format(
                    new=target.name
                )
                if target != path
                else ""
            ),
            "info",
        )

    def _read(self, path: Path, stamp: Stamp) -> _Entry:
        name = path.name
        # Looked at first: a file far too large for a layout is not read at all.
        try:
            st = os.stat(path)
            if stat.S_ISREG(st.st_mode) and st.st_size > LAYOUT_FILE_MAX:
                problem = _("the file is {size} KB; a layout file is a few KB").format(
                    size=format_number(st.st_size // 1024)
                )
                self._set_aside(path, stamp, problem)
                return _Entry(stamp, None, problem)
        except (OSError, ValueError):
            pass  # open_document says what is wrong

        def decode(data: dict[str, object]) -> Layout:
            try:
                return Layout.from_dict(data, source=name)
            except LayoutError as exc:
                raise SchemaError(str(exc).removeprefix(f"{name}: ")) from None

        opened = open_document(
            path,
            LAYOUT_FILE,
            decode,
            empty=_("the layout is left out"),
            readonly=self.readonly,
            now=self.clock(),
        )
        for notice in opened.notices:
            if notice.level != "info":
                self._say(name, stamp, notice.message, notice.level)
        return _Entry(_stamp(path), opened.value, opened.main.problem)

    def _set_aside(self, path: Path, stamp: Stamp, problem: str) -> None:
        if self.readonly:
            self._say(
                path.name,
                stamp,
                _("{file} is left out: {problem}.").format(file=path.name, problem=problem),
            )
            return
        try:
            kept = quarantine(path, self.clock())
        except OSError as exc:
            self._say(
                path.name,
                stamp,
                _("{file} is left out: {problem}; it could not be moved aside ({reason}).").format(
                    file=path.name, problem=problem, reason=exc.strerror or exc
                ),
            )
            return
        self._say(
            path.name,
            stamp,
            _("{file} is left out: {problem}. It is kept as {kept}.").format(
                file=path.name, problem=problem, kept=kept.name
            ),
        )

    # ------------------------------------------------------------------ writing

    def _writable(self) -> None:
        if self.readonly:
            raise PlayerLayoutError(_("the layouts are open read-only here"))

    def _taken(self) -> set[int]:
        """Numbers no new layout may take: every layout's, and every ``NNN_`` file's of the folder
        (a deleted or set-aside layout keeps its number)."""
        taken = set(self._layouts)
        for name in self._listing():
            match = _NUMBERED.match(name)
            if match:
                taken.add(int(match.group(1)))
        return taken

    def next_number(self) -> int:
        """The number the next new layout gets (:class:`PlayerLayoutError` when none is left)."""
        with self._lock:
            self._scan()
            taken = self._taken()
            above = max((n for n in taken if is_player_number(n)), default=PLAYER_FIRST - 1) + 1
            if above <= PLAYER_LAST:
                return above
            for number in range(PLAYER_FIRST, PLAYER_LAST + 1):
                if number not in taken:
                    return number
            raise PlayerLayoutError(
                _(
                    "there is no number left for a new layout ({first} to {last} are all used, "
                    "deleted layouts included): delete the kept files of deleted layouts "
                    "(NAME.deleted-…) from {folder}"
                ).format(first=PLAYER_FIRST, last=PLAYER_LAST, folder=self.folder)
            )

    def _write(self, path: Path, layout: Layout) -> None:
        try:
            atomic_write(path, layout_file_bytes(layout), durable=self.durable)
        except OSError as exc:
            raise PlayerLayoutError(
                _("could not write {file} ({reason}); nothing was changed").format(
                    file=path.name, reason=exc.strerror or exc
                )
            ) from None
        except ValueError as exc:  # a path the system cannot hold
            raise PlayerLayoutError(
                _("could not write {file} ({reason})").format(file=path.name, reason=exc)
            ) from None

    def add(self, layout: Layout, name: str | None = None) -> Layout:
        """Add ``layout`` (any layout: a copy of the game's own, an edited one, one read from a
        code) as a new player layout with the next free number; the new layout is returned."""
        self._writable()
        with self._lock:
            title = check_name(layout.name if name is None else name)
            number = self.next_number()
            try:
                new = renumbered(layout, number, title)
            except LayoutError as exc:
                raise PlayerLayoutError(str(exc)) from None
            path = self.folder / f"{number:03d}_{slug(title)}.toml"
            if os.path.lexists(path):  # another program wrote it a moment ago: never over it
                raise PlayerLayoutError(
                    _("{file} appeared while the layout was being added; try again").format(
                        file=path.name
                    )
                )
            remove_stale_temps(path)
            self._write(path, new)
            self._scan()
            return new

    def add_code(self, code: str) -> Layout:
        """Add the layout of a layout code (``DL-…``). A code that cannot be read, or holds a
        layout the engine cannot play, raises :class:`LayoutCodeError` saying what is wrong."""
        data = decode_layout_code(code, PLAYER_FIRST)
        try:
            layout = Layout.from_dict(data, source="the layout code")
        except LayoutError as exc:  # decode_layout_code has validated it: never expected
            raise LayoutCodeError(str(exc)) from None
        return self.add(layout)

    def _own(self, number: int) -> tuple[Layout, Path]:
        self._scan()
        layout, path = self._layouts.get(number), self._files.get(number)
        if layout is None or path is None:
            raise PlayerLayoutError(_("you have no layout {number}").format(number=number))
        return layout, path

    def replace(self, number: int, layout: Layout) -> Layout:
        """Save ``layout`` (say, edited in the workshop) over player layout ``number``, keeping
        that number and its statistics; its file keeps its name."""
        self._writable()
        with self._lock:
            _old, path = self._own(number)
            try:
                new = renumbered(layout, number, check_name(layout.name))
            except LayoutError as exc:
                raise PlayerLayoutError(str(exc)) from None
            self._write(path, new)
            self._scan()
            return new

    def rename(self, number: int, name: str) -> Layout:
        """Give player layout ``number`` a new name. The file is rewritten in place (atomically),
        then renamed to match; a failed file rename leaves the right content under the old name."""
        self._writable()
        with self._lock:
            old, path = self._own(number)
            title = check_name(name)
            new = renumbered(old, number, title)
            self._write(path, new)
            target = path.with_name(f"{number:03d}_{slug(title)}.toml")
            if target != path and not os.path.lexists(target):
                try:
                    os.rename(path, target)
                    if os.path.lexists(backup_path(path)):
                        os.rename(backup_path(path), backup_path(target))
                except OSError:
                    pass  # the content is right; only the file name is old
            self._scan()
            return new

    def delete(self, number: int) -> Path:
        """Take player layout ``number`` out of the player's layouts. Its file is kept aside as
        ``NAME.deleted-…`` (returned), so its number is not given to another layout."""
        self._writable()
        with self._lock:
            _old, path = self._own(number)
            try:
                kept = quarantine(path, self.clock(), tag="deleted")
            except OSError as exc:
                raise PlayerLayoutError(
                    _("could not delete {file} ({reason})").format(
                        file=path.name, reason=exc.strerror or exc
                    )
                ) from None
            try:
                os.unlink(backup_path(path))
            except OSError:
                pass
            self._scan()
            return kept

    # ------------------------------------------------------------------ measured difficulty

    def _difficulty_data(self) -> tuple[dict[int, LayoutDifficulty], dict[int, str]]:
        path = self.folder / DIFFICULTY_FILE
        try:
            raw = read_bytes(path)
        except FileNotFoundError:
            return {}, {}
        except (OSError, ValueError) as exc:
            problem = getattr(exc, "strerror", None) or str(exc)
            self._say(
                DIFFICULTY_FILE,
                _stamp(path),
                _("{file} cannot be read ({problem}); your layouts show as unrated").format(
                    file=DIFFICULTY_FILE, problem=problem
                ),
            )
            return {}, {}
        try:
            data = tomllib.loads(raw.decode("utf-8"))
            table = parse_difficulty(data, DIFFICULTY_FILE)
        except (
            UnicodeDecodeError,
            tomllib.TOMLDecodeError,
            DifficultyError,
            RecursionError,
            ValueError,
        ) as exc:
            self._say(
                DIFFICULTY_FILE,
                _stamp(path),
                _(
                    "{file} is damaged ({problem}); your layouts show as unrated until the "
                    "workshop measures them again"
                ).format(file=DIFFICULTY_FILE, problem=str(exc)[:200]),
            )
            return {}, {}
        codes: dict[int, str] = {}
        for entry in data.get("layout", []):
            if isinstance(entry.get("code"), str):
                codes[entry["number"]] = entry["code"]
        return table, codes

    def difficulty(self) -> dict[int, LayoutDifficulty]:
        """The difficulty measured for the player's layouts (by the workshop), by number: only
        for layouts whose places are still the ones measured."""
        with self._lock:
            current = self.layouts()
            table, codes = self._difficulty_data()
            return {
                n: entry
                for n, entry in table.items()
                if n in current and codes.get(n) == encode_layout_code(current[n])
            }

    def record_difficulty(self, number: int, entry: LayoutDifficulty) -> None:
        """Keep the difficulty measured for player layout ``number`` (the workshop's estimate,
        ``Estimate.difficulty()``), tied to its places: an edit makes it unrated again."""
        self._writable()
        with self._lock:
            layout, _path = self._own(number)
            table, codes = self._difficulty_data()
            table = {n: e for n, e in table.items() if n in self._layouts and n != number}
            table[number] = entry
            codes[number] = encode_layout_code(layout)
            records = []
            for n, e in sorted(table.items()):
                record: dict[str, object] = {"number": n, "name": self._layouts[n].name}
                for rules, rate in (("relaxed", e.relaxed), ("desert", e.desert)):
                    record[f"{rules}_won"] = rate.won
                    record[f"{rules}_lost"] = rate.lost
                    record[f"{rules}_unknown"] = rate.unknown
                    record[f"{rules}_rate"] = round(rate.rate, 4)
                record["difficulty"] = e.word
                record["code"] = codes.get(n, "")
                records.append(record)
            text = (
                "# The difficulty of your layouts, measured by the layout workshop. Written by the game.\n"
                + tomli_w.dumps({"schema": 1, "layout": records})
            )
            try:
                atomic_write(
                    self.folder / DIFFICULTY_FILE, text.encode("utf-8"), durable=self.durable
                )
            except OSError as exc:
                raise PlayerLayoutError(
                    _("could not write {file} ({reason})").format(
                        file=DIFFICULTY_FILE, reason=exc.strerror or exc
                    )
                ) from None


__all__ = [
    "LAYOUTS_DIR",
    "LAYOUT_FILE_MAX",
    "PlayerLayoutError",
    "PlayerLayouts",
    "check_name",
    "layout_file_bytes",
    "renumbered",
    "slug",
]
