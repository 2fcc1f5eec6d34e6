"""Issue 40, item 4: a player who asks for 200% text gets 200% where the window has room. The
menus reflow rather than shrink (buttons and tabs as wide as their words, How to play's tabs
under the heading, Settings' rows in two columns beside a smaller preview, figure names on two
lines, the picker's footer and heading band growing while its grid scrolls); each screen opened
by the game's own ``start()`` in a window of its size (``tools/audit_all.py``), the text size it
settled at read from the screen, its frame audited."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.ui.audit_run import audit_all

MENUS = ("title", "howto", "settings", "statistics", "relics", "backs", "layouts")
#: At 1280x720 the windows that truly cannot hold 200% (one step smaller, 175%): the title's
#: German "Quit? Press again" is too wide for two columns and nine rows too tall for one;
#: Settings' longest Russian row likewise; the statistics' figure names take two lines in
#: German and Russian and leave the chart no room; the picker's German buttons share one row.
AT_175_1280 = {
    ("title", "de"),
    ("settings", "ru"),
    ("statistics", "de"),
    ("statistics", "ru"),
    ("layouts", "de"),
}


def settled(size: str) -> list[dict[str, Any]]:
    proc = audit_all(
        "--sizes",
        size,
        "--langs",
        "en,de,ru",
        "--text-sizes",
        "200",
        "--contrast",
        "off",
        "--screens",
        ",".join(MENUS),
        "--json",
    )
    records = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    assert len(records) == len(MENUS) * 3, proc.stderr[-2000:]
    return records


@pytest.mark.slow
def test_the_menus_hold_200_percent_at_1920x1080() -> None:
    records = settled("1920x1080")
    assert [r for r in records if r["problems"]] == []
    assert {(r["screen"], r["lang"]): r["settled"] for r in records} == {
        (r["screen"], r["lang"]): 200 for r in records
    }


@pytest.mark.slow
def test_the_menus_hold_200_percent_at_1280x720_or_175_where_they_cannot() -> None:
    records = settled("1280x720")
    assert [r for r in records if r["problems"]] == []
    want = {
        (r["screen"], r["lang"]): 175 if (r["screen"], r["lang"]) in AT_175_1280 else 200
        for r in records
    }
    assert {(r["screen"], r["lang"]): r["settled"] for r in records} == want
