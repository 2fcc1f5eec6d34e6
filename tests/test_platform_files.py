"""Every file the game ships can be unpacked on Windows and macOS: no two names that differ only in
case (both file systems ignore case by default), no character or name Windows refuses, and text
read as UTF-8 whatever the system's code page."""

from __future__ import annotations

import ast
import re
import unicodedata
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = (ROOT / "desert_pyramid", ROOT / "resources")
RESERVED = {
    "CON",
    "PRN",
    "AUX",
    "NUL",
    *(f"COM{i}" for i in range(10)),
    *(f"LPT{i}" for i in range(10)),
}


def shipped_files() -> list[Path]:
    return [
        p
        for folder in SHIPPED
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not p.name.endswith(".pyc")
    ]


def windows_problem(rel: str) -> str | None:
    for part in rel.split("/"):
        if re.search(r'[<>:"\\|?*\x00-\x1f]', part):
            return "a character Windows refuses"
        if part.split(".")[0].upper() in RESERVED:
            return "a name Windows reserves"
        if part.endswith((".", " ")):
            return "ends in a dot or a space"
    return None


def test_windows_problem_finds_bad_names() -> None:
    assert windows_problem("resources/images/a:b.png") == "a character Windows refuses"
    assert windows_problem("resources/aux.toml") == "a name Windows reserves"
    assert windows_problem("resources/Com1/x") == "a name Windows reserves"
    assert windows_problem("resources/x. ") == "ends in a dot or a space"
    assert windows_problem("resources/layouts/001_classic.toml") is None


def test_shipped_file_names_work_on_windows_and_macos() -> None:
    files = [p.relative_to(ROOT).as_posix() for p in shipped_files()]
    assert len(files) > 100
    lowered = Counter(f.lower() for f in files)
    assert not [f for f in files if lowered[f.lower()] > 1], "names that differ only in case"
    assert not {f: windows_problem(f) for f in files if windows_problem(f)}
    assert max(len(f) for f in files) < 160  # far from Windows' 260 under a deep install folder


def text_opens_without_encoding(path: Path) -> list[str]:
    """Text-mode open()/read_text()/write_text() calls without encoding= (they use the Windows code
    page there): binary modes, os.open, Image.open and the like, and /proc reads are fine."""
    found: list[str] = []
    text = path.read_text(encoding="utf-8")
    # the calls looked for name open, read_text or write_text (identifiers, which Python reads
    # NFKC-normalised): a file with none of these words has none of them and is not parsed
    if {"open", "read_text", "write_text"}.isdisjoint(
        re.findall(r"\w+", unicodedata.normalize("NFKC", text))
    ):
        return found
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = (
            func.attr
            if isinstance(func, ast.Attribute)
            else func.id
            if isinstance(func, ast.Name)
            else ""
        )
        keywords = {k.arg for k in node.keywords}
        if "encoding" in keywords:
            continue
        if name in ("read_text", "write_text"):
            found.append(f"{path.name}:{node.lineno} {name}")
        elif name == "open":
            if isinstance(func, ast.Attribute) and not (
                isinstance(func.value, ast.Name) and func.value.id == "io"
            ):
                continue  # os.open, Image.open, SaveStore.open...
            mode = (
                node.args[1]
                if len(node.args) > 1
                else next((k.value for k in node.keywords if k.arg == "mode"), None)
            )
            binary = isinstance(mode, ast.Constant) and "b" in str(mode.value)
            first = node.args[0] if node.args else None
            proc = isinstance(first, ast.Constant) and str(first.value).startswith("/proc/")
            if not binary and not proc:
                found.append(f"{path.name}:{node.lineno} open")
    return found


def test_the_encoding_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import io, os\n"
        "open('rules.md')\n"
        "open('a.png', 'rb')\n"
        "open('rules.md', encoding='utf-8')\n"
        "io.open('x', mode='w')\n"
        "os.open('x', 0)\n"
        "p.read_text()\n"
        "p.write_text('—', encoding='utf-8')\n",
        encoding="utf-8",
    )
    assert text_opens_without_encoding(sample) == [
        "sample.py:2 open",
        "sample.py:5 open",
        "sample.py:7 read_text",
    ]


def test_text_files_are_opened_as_utf8() -> None:
    found = [
        f
        for path in sorted((ROOT / "desert_pyramid").rglob("*.py"))
        for f in text_opens_without_encoding(path)
    ]
    assert not found, "text opened without encoding='utf-8':\n" + "\n".join(found)
