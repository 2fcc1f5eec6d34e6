"""Layout validation (every error names the source and the slot), and rule-set text forms."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from desert_pyramid.catalog import load_layout_file, load_layouts
from desert_pyramid.engine import (
    CLASSIC,
    DESERT,
    PRESETS,
    RELAXED,
    STRICT,
    UNLIMITED,
    Layout,
    LayoutError,
    Rules,
    RulesError,
    Scoring,
    classic_layout,
)


def classic_data() -> dict[str, Any]:
    return classic_layout().to_dict()


def test_classic_file_equals_the_built_in_classic() -> None:
    layouts = load_layouts()
    assert layouts[1] == classic_layout()
    assert layouts[1].size == 28 and layouts[1].rows == (1, 2, 3, 4, 5, 6, 7)


def test_cover_relation_of_the_classic_pyramid() -> None:
    lay = classic_layout()
    # Slot (r, c) is covered by (r+1, c) and (r+1, c+1): slot 1 by 2 and 3, slot 21 by 27 and 28.
    assert [lay.slots[j].id for j in lay.slots[0].covered_by] == [2, 3]
    assert [lay.slots[j].id for j in lay.slots[20].covered_by] == [27, 28]
    assert all(not s.covered_by for s in lay.slots[21:])


def mutate(fn) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    data = copy.deepcopy(classic_data())
    fn(data)
    return data


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda d: d["slot"][5].update(id=3), "slot 3: duplicate slot id"),
        (
            lambda d: d["slot"][0].update(covered_by=[2, 99]),
            "slot 1 is covered by slot 99, which does not exist",
        ),
        (
            lambda d: d["slot"][27].update(covered_by=[1]),
            "slot 28 is covered by slot 1, but they do not overlap",
        ),
        (
            lambda d: d["slot"].__delitem__(slice(14, 28)),
            "14 slots: a layout has between 15 and 40",
        ),
        (lambda d: d["slot"].extend(copy.deepcopy(d["slot"][:13])), "41 slots"),
        (
            lambda d: d["slot"][1].update(covered_by=[4]),
            "slot 5 overlaps slot 2 from in front, but is not in its covered_by",
        ),
        (lambda d: d["slot"][3].update(z=0), "slot 2 is covered by slot 4, which is not in front"),
        (
            lambda d: d["slot"][0].update(x=6.3),
            "slot 1: 'x' = 6.3 must be a non-negative multiple of 0.5",
        ),
        (lambda d: d["slot"][0].pop("row"), "slot 1: missing 'row'"),
        (lambda d: d["slot"][0].update(row="one"), "slot 1: 'row' must be an integer"),
        (lambda d: d.update(number="1"), "'number' must be an integer"),
        (
            lambda d: d.update(
                slot=[{"id": i, "row": 1, "x": 2.5 * i, "y": 0, "z": 0} for i in range(1, 16)]
            ),
            "the layout is 37 x 2 half cards; the table holds 30 x 14",
        ),
    ],
)
def test_broken_layout_data_names_the_source_and_slot(change, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(LayoutError, match=f"^broken.toml: .*({message})"):
        Layout.from_dict(mutate(change), source="broken.toml")


def test_cover_cycle_is_reported() -> None:
    # Three overlapping cards in a ring of covers: each lies on the next. Geometry can't draw that,
    # so build it with equal positions but rising z, then close the ring.
    slots = [
        {"id": i, "row": 1, "x": 2 * (i % 15), "y": 0 if i < 15 else 4, "z": 0, "covered_by": []}
        for i in range(1, 16)
    ]
    slots[0]["covered_by"] = [2]
    slots[1]["covered_by"] = [3]
    slots[2]["covered_by"] = [1]
    with pytest.raises(LayoutError, match="cover cycle: slot 1 -> 2 -> 3 -> 1|do not overlap"):
        Layout.from_dict({"number": 5, "name": "ring", "slot": slots}, source="ring.toml")


def test_cycle_check_runs_before_geometry_is_trusted() -> None:
    from desert_pyramid.engine.layout import _check_acyclic

    parsed = [(i + 1, 1, 0.0, 0.0, 0, []) for i in range(3)]
    with pytest.raises(LayoutError, match="cover cycle: slot 1 -> 2 -> 3 -> 1"):
        _check_acyclic(parsed, [[1], [2], [0]], lambda m: LayoutError(m))  # type: ignore[arg-type]


def test_layout_file_errors_name_the_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "007_bad.toml"
    bad.write_text("number = [\n")
    with pytest.raises(LayoutError, match="^007_bad.toml: not valid TOML"):
        load_layout_file(bad)
    with pytest.raises(LayoutError, match="missing.toml: cannot be read"):
        load_layout_file(tmp_path / "missing.toml")


def test_presets_match_the_design_table() -> None:
    assert DESERT == Rules(passes=3, satchel=True, scoring=Scoring.DESERT)
    assert CLASSIC.passes == 3 and not CLASSIC.satchel and not CLASSIC.all_52
    assert STRICT.passes == 1 and STRICT.all_52 and not STRICT.satchel
    assert (
        RELAXED.passes == UNLIMITED
        and RELAXED.stock_top_playable
        and RELAXED.scoring == Scoring.TIMED
    )
    assert CLASSIC.classic_layout_only and STRICT.classic_layout_only
    assert not DESERT.classic_layout_only and not RELAXED.classic_layout_only


def test_rules_are_frozen_and_text_round_trips() -> None:
    with pytest.raises(AttributeError):
        DESERT.passes = 1  # type: ignore[misc]
    for name, rules in PRESETS.items():
        assert str(rules) == name and Rules.parse(name) == rules and rules.preset == name
    custom = CLASSIC.with_options(passes=1, stock_top_playable=True, draw_three=True)
    assert Rules.parse(str(custom)) == custom
    assert custom.preset is None
    assert Rules.parse("relaxed+p1+all52") == RELAXED.with_options(passes=1, all_52=True)
    assert Rules.from_dict(custom.to_dict()) == custom


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "empty rules"),
        ("dessert", "unknown preset 'dessert'"),
        ("desert+p2", "unknown rule option 'p2'"),
        ("classic+score-fast", "unknown scoring 'fast'"),
    ],
)
def test_bad_rules_text(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.parse(text)


def test_bad_rule_values() -> None:
    with pytest.raises(RulesError, match="passes must be 1, 3 or unlimited"):
        Rules(passes=2)
    with pytest.raises(RulesError, match="unknown rule option 'jokers'"):
        Rules.from_dict({"jokers": True})
    with pytest.raises(RulesError, match="satchel must be true or false"):
        Rules.from_dict({"satchel": "yes"})


def test_get_layout_reads_one_file_and_names_missing_numbers() -> None:
    from desert_pyramid.catalog import get_layout

    assert get_layout(1) == classic_layout()
    assert get_layout(56).number == 56
    with pytest.raises(LayoutError, match="there is no layout 77: layouts are numbered 1 to 56"):
        get_layout(77)
