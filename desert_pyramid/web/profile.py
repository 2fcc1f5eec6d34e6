"""The browser's Profile screen: the whole profile exported to one file the desktop imports
(``desert-pyramid profile --import FILE``) and a profile file imported, through the storage
layer's own reader (docs/web.md, "The profile"; the file: docs/saves.md, "Moving a profile").

The save folder in the worker holds the desktop's own documents (``save.toml``, ``profile.toml``,
``current.toml``: the application's ``SaveStore`` writes them, the worker copies the folder into
IndexedDB after each answer), so an export is those documents and an import replaces them: what
was there is first kept as an exported profile of its own in the folder, which the screen offers
to download.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import re
from typing import Any

from desert_pyramid import __version__
from desert_pyramid.catalog import Catalogue
from desert_pyramid.i18n import _, format_number, ngettext
from desert_pyramid.modes.session import LayoutGetter
from desert_pyramid.storage import transfer
from desert_pyramid.storage.files import read_bytes
from desert_pyramid.web.table import RequestError, WebTable

_BACKUP_NAME = re.compile(re.escape(transfer.BACKUP_PREFIX) + r"[0-9-]{1,40}\.toml")


def _layouts_for(path: Any) -> LayoutGetter:
    return Catalogue.open(path).get_layout


def summary_lines(summary: dict[str, int | bool]) -> list[str]:
    """What a profile holds, in the player's language (the desktop's own words where it has
    them): pyramids cleared, relics, card backs, games, a game in progress."""
    n = int(summary["pyramids_cleared"])
    lines = [
        ngettext("{n} pyramid cleared in all", "{n} pyramids cleared in all", n).format(
            n=format_number(n)
        ),
        _("{found} of {total} relics found").format(
            found=format_number(int(summary["relics"])),
            total=format_number(int(summary["relics_all"])),
        ),
        f"{_('Card backs')}: {format_number(int(summary['backs']))} / "
        f"{format_number(int(summary['backs_all']))}",
        f"{_('Played')}: {format_number(int(summary['played']))}",
    ]
    if summary["in_progress"]:
        lines.append(_("A game is in progress."))
    return lines


def current_summary(table: WebTable) -> dict[str, int | bool]:
    """What the browser's profile holds now (the application's own progress and backs)."""
    app = table.app
    return transfer.profile_summary(app.progress, app.backs, in_progress=table.can_continue())


def profile(table: WebTable) -> dict[str, Any]:
    """The ``profile`` request: what the Profile screen shows of the profile in the browser."""
    summary = current_summary(table)
    return {"summary": summary, "lines": summary_lines(summary)}


def export(table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
    """The ``export_profile`` request: the profile file's text and a name for the download.
    With ``backup`` (a name ``import_profile`` answered), that kept profile instead."""
    name = request.get("backup")
    store = table.app.saves.store
    if store is None:
        raise RequestError("the profile cannot be exported: the saves are not open")
    folder = store.folder
    if name is not None:
        if not (isinstance(name, str) and _BACKUP_NAME.fullmatch(name)):
            raise RequestError(f"not a kept profile: {name!r}")
        try:
            data = read_bytes(folder.path / name)
        except OSError as exc:
            raise RequestError(f"{name}: {exc.strerror or exc}") from None
        return {"name": name, "text": data.decode("utf-8", "replace"), "files": []}
    store.flush()  # (the worker's store writes at once; a background one would not)
    today = table.today().isoformat()
    done = transfer.export_profile(
        folder, version=__version__, today=today, origin="browser", layouts_for=_layouts_for
    )
    return {
        "name": f"desert-pyramid-profile-{today}.toml",
        "text": done.data.decode("utf-8"),
        "files": done.files,
        "left_out": done.left_out,
    }


def decoded(request: dict[str, Any]) -> bytes:
    """The chosen file's bytes (``data``, base64), or the reason it is refused unread
    (``size``: a file larger than a profile is never sent)."""
    size = request.get("size")
    if isinstance(size, int) and not isinstance(size, bool) and size > transfer.MAX_PROFILE_BYTES:
        raise transfer.ProfileFileError(
            f"the file is {size / (1024 * 1024):.1f} MB; a profile file is at most "
            f"{transfer.MAX_PROFILE_BYTES // (1024 * 1024)} MB"
        )
    data = request.get("data")
    if not isinstance(data, str) or len(data) > (transfer.MAX_PROFILE_BYTES * 4) // 3 + 8:
        raise RequestError("'import_profile' needs the file's bytes in 'data' (base64)")
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise RequestError("'data' is not base64") from None


def import_(worker: Any, table: WebTable, request: dict[str, Any]) -> dict[str, Any]:
    """The ``import_profile`` request: the file is read and checked first (a file that is not a
    profile, or whose save.toml or profile.toml is damaged as a whole, changes nothing and gets
    the reason); then the application is closed (the game in play saved), the profile replaced
    (the one that was there kept in the folder) and the application opened again on it, as at a
    start: its damaged records set aside with the store's notice."""
    try:
        prepared = transfer.prepare_import(decoded(request), layouts_for=_layouts_for)
    except transfer.ProfileFileError as exc:
        # TRANSLATORS: {reason} says what is wrong with the file and where (in English)
        raise RequestError(
            _("This file cannot be imported: {reason}. Nothing was changed.").format(reason=exc)
        ) from None
    store = table.app.saves.store
    if store is None:
        raise RequestError("the profile cannot be imported: the saves are not open")
    folder = store.folder
    save_dir = str(folder.path)
    page_date = table.page_date
    table.app.close()
    try:
        backup = transfer.apply_import(
            prepared,
            folder,
            version=__version__,
            origin="browser",
            now=datetime.datetime.now(),
            layouts_for=_layouts_for,
        )
        failed = ""
    except OSError as exc:
        backup, failed = None, str(exc.strerror or exc)
    fresh = WebTable(save_dir)
    fresh.page_date = page_date
    worker.table = fresh
    if failed:
        raise RequestError(
            _("This file cannot be imported: {reason}. Nothing was changed.").format(reason=failed)
        )
    lines = [_("Profile imported."), *summary_lines(prepared.summary)]
    lines += [_("Left out: {what}").format(what=what) for what in prepared.left_out]
    return {
        "lines": lines,
        "rejected": prepared.rejected,
        "backup": backup.name if backup is not None else None,
        "kept": (
            _("The profile that was here is kept in {file}.").format(file=backup.name)
            if backup is not None
            else ""
        ),
        "summary": current_summary(fresh),
    }
