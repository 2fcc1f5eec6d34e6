"""The window and the application layer stay readable: radon's cyclomatic complexity ranks no
function or method of desert_pyramid/ui/ or desert_pyramid/app/ D or worse (21 and over;
``radon cc -n D`` lists them). The solver, whose search is one tight loop by design, is not held
to it."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_rank, cc_visit

PACKAGE = Path(__file__).resolve().parent.parent / "desert_pyramid"
HELD = ("ui", "app")


def ranked_d_or_worse(source: str) -> list[str]:
    out = []
    for block in cc_visit(source):
        inner = [block, *getattr(block, "closures", ()), *getattr(block, "methods", ())]
        out += [f"{b.name} ({b.complexity})" for b in inner if cc_rank(b.complexity) >= "D"]
    return out


def test_no_block_ranked_d_or_worse_in_the_ui_and_the_application() -> None:
    found = {
        str(path.relative_to(PACKAGE)): blocks
        for folder in HELD
        for path in sorted((PACKAGE / folder).rglob("*.py"))
        if (blocks := ranked_d_or_worse(path.read_text("utf-8")))
    }
    assert found == {}


def test_the_check_finds_a_tangled_function() -> None:
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(25))
    assert ranked_d_or_worse(f"def tangled(x):\n{branches}    return -1\n") == ["tangled (26)"]
    assert ranked_d_or_worse("def plain(x):\n    return x\n") == []
