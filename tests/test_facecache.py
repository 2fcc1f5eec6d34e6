"""The card faces' disk cache: a face comes back exactly as it was drawn, and anything wrong in the
cache folder means the face is drawn again, never an error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image

from desert_pyramid.engine import CARDS
from desert_pyramid.ui.art import cardart
from desert_pyramid.ui.art.facecache import CACHE_ENV, FaceCache, art_key, default_folder

W, H = 42, 58


def face(card: int = 12) -> Image.Image:
    return cardart.render_face(CARDS[card], W, H, False, False)


def test_a_face_comes_back_pixel_for_pixel(tmp_path: Path) -> None:
    cache = FaceCache(tmp_path)
    name = FaceCache.name(12, W, H, False, False)
    drawn = face()
    assert cache.load(name, (W, H)) is None  # nothing kept yet
    cache.save(name, drawn)
    back = FaceCache(tmp_path).load(name, (W, H))
    assert back is not None and back.mode == "RGBA" and back.size == (W, H)
    assert back.tobytes() == drawn.tobytes()
    assert cache.written == 1


def test_the_folder_is_named_after_what_the_faces_are_drawn_from(tmp_path: Path) -> None:
    cache = FaceCache(tmp_path)
    assert cache.folder == tmp_path / f"faces-{art_key()}"
    assert art_key() == art_key() and len(art_key()) == 16


def test_every_setting_of_a_face_has_its_own_file() -> None:
    names = {
        FaceCache.name(c, w, h, four, large)
        for c in (0, 51)
        for w, h in ((40, 54), (54, 40))
        for four in (False, True)
        for large in (False, True)
    }
    assert len(names) == 16


def _kept(tmp_path: Path, name: str) -> Path:
    cache = FaceCache(tmp_path)
    assert cache.folder is not None
    cache.folder.mkdir(parents=True, exist_ok=True)
    return cache.folder / name


def test_what_is_not_a_sound_face_is_drawn_again(tmp_path: Path) -> None:
    cache = FaceCache(tmp_path)
    name = FaceCache.name(3, W, H, False, False)
    path = _kept(tmp_path, name)
    good = face(3)
    bad: list[bytes] = [b"", b"not a png at all", b"\x89PNG\r\n\x1a\n" + b"\x00" * 40]
    good.save(path, "PNG")
    bad.append(path.read_bytes()[:-30])  # truncated
    for data in bad:
        path.write_bytes(data)
        assert cache.load(name, (W, H)) is None
    good.resize((W + 2, H)).save(path, "PNG")  # another size
    assert cache.load(name, (W, H)) is None
    good.convert("RGB").save(path, "PNG")  # no alpha
    assert cache.load(name, (W, H)) is None
    good.save(path, "BMP")  # not a PNG
    assert cache.load(name, (W, H)) is None
    path.unlink()
    path.mkdir()  # a folder where the file should be
    assert cache.load(name, (W, H)) is None
    assert cache.read == 0


def test_a_link_or_a_pipe_in_the_folder_is_never_opened(tmp_path: Path) -> None:
    cache = FaceCache(tmp_path)
    name = FaceCache.name(4, W, H, False, False)
    path = _kept(tmp_path, name)
    real = tmp_path / "elsewhere.png"
    face(4).save(real, "PNG")
    path.symlink_to(real)
    assert cache.load(name, (W, H)) is None
    if hasattr(os, "mkfifo"):  # a FIFO would block a reader for ever
        path.unlink()
        os.mkfifo(path)
        assert cache.load(name, (W, H)) is None


def test_a_folder_that_cannot_be_written_is_given_up_quietly(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder should be")
    cache = FaceCache(blocker)
    cache.save(FaceCache.name(1, W, H, False, False), face(1))
    assert cache.broken and cache.written == 0
    cache.save(FaceCache.name(2, W, H, False, False), face(2))  # not tried again
    assert cache.load(FaceCache.name(1, W, H, False, False), (W, H)) is None
    assert blocker.read_text().startswith("a file")


def test_no_temporary_file_is_left_behind(tmp_path: Path) -> None:
    cache = FaceCache(tmp_path)
    for c in range(3):
        cache.save(FaceCache.name(c, W, H, False, False), face(c))
    assert cache.folder is not None
    assert sorted(p.name for p in cache.folder.iterdir()) == sorted(
        FaceCache.name(c, W, H, False, False) for c in range(3)
    )


def test_no_folder_means_no_cache() -> None:
    cache = FaceCache(None)
    cache.save("x.png", face())
    assert cache.load("x.png", (W, H)) is None and cache.folder is None


def test_the_folder_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    assert default_folder() == tmp_path
    monkeypatch.setenv(CACHE_ENV, "")
    assert default_folder() is None
    monkeypatch.delenv(CACHE_ENV)
    folder = default_folder()
    assert folder is not None and "desert-pyramid" in str(folder)


def test_only_the_newest_folders_are_kept(tmp_path: Path) -> None:
    import time

    from desert_pyramid.ui.art.facecache import KEEP_FOLDERS

    olds = []
    for i in range(KEEP_FOLDERS + 2):
        old = tmp_path / f"faces-old{i}"
        old.mkdir()
        (old / "1-2x3-two-small.png").write_bytes(b"png")
        os.utime(old, (time.time() - 1000 + i, time.time() - 1000 + i))
        olds.append(old)
    mine = tmp_path / "faces-mine-notes"
    mine.mkdir()
    (mine / "notes.txt").write_text("not a face")  # a folder holding anything else stays
    os.utime(mine, (time.time() - 5000, time.time() - 5000))
    other = tmp_path / "other"
    other.mkdir()
    cache = FaceCache(tmp_path)
    cache.save(FaceCache.name(1, W, H, False, False), face(1))
    assert cache.folder is not None and cache.folder.is_dir() and other.is_dir()
    assert mine.is_dir() and (mine / "notes.txt").is_file()
    kept = [p for p in olds if p.is_dir()]
    assert kept == olds[-(KEEP_FOLDERS - 1) :]  # the newest, beside the one in use
