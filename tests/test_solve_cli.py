"""``desert-pyramid solve`` and ``stats``: output, JSON, and one-line errors with exit code 2."""

from __future__ import annotations

import json

import pytest

from desert_pyramid.catalog import get_layout
from desert_pyramid.cli import main
from desert_pyramid.engine import CLASSIC, Deal, Game, Move, Rules, encode_deal_code
from desert_pyramid.solver import solve


def code_for(seed: int, rules: Rules = CLASSIC) -> str:
    return encode_deal_code(Deal.from_seed(seed), rules, 1)


def test_solve_json_winnable_line_replays(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(20):
        assert main(["solve", code_for(seed), "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert set(data) >= {"verdict", "line", "nodes"}
        if data["verdict"] == "winnable":
            game = Game(get_layout(1), CLASSIC, Deal.from_seed(seed))
            game.replay([Move.parse(m) for m in data["line"]])
            assert game.won and data["nodes"] > 0
            return
    pytest.fail("no winnable deal among the first 20")


def test_solve_json_lost_and_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    verdicts = set()
    for seed in range(30):
        direct = solve(Game(get_layout(1), CLASSIC, Deal.from_seed(seed)), 2_000_000)
        assert main(["solve", code_for(seed), "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["verdict"] == direct.verdict.value and data["nodes"] == direct.nodes
        verdicts.add(data["verdict"])
        if data["verdict"] == "lost":
            assert data["line"] == []
            assert main(["solve", code_for(seed), "--json", "--budget", "1"]) == 0
            small = json.loads(capsys.readouterr().out)
            if direct.nodes > 1:
                assert small["verdict"] == "unknown" and small["nodes"] == 1
            return
    pytest.fail(f"no lost deal among the first 30: {verdicts}")


def test_solve_text_output_with_notation_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    notation = Deal.from_seed(5, 3).notation()
    assert main(["solve", notation, "--rules", "desert"]) == 0
    out = capsys.readouterr().out
    assert "Verdict: winnable" in out and "Line: " in out and "nodes" in out
    assert "pair the" in out or "remove the" in out


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["solve", "DP-0000-0000"], "deal code"),
        (["solve", "AS 2S"], "a deal has 52 cards"),
        (["solve", Deal.from_seed(1).notation(), "--rules", "classic+zz"], "unknown rule option"),
        (["solve", code_for(1), "--budget", "lots"], "--budget"),
        (["solve", code_for(1), "--time", "-1"], "--time"),
        (["solve", code_for(1), "--moves", "1+2"], "--moves"),
        (["stats", "--rules", "nope", "--deals", "5"], "unknown preset"),
        (["stats", "--rules", "classic", "--deals", "0"], "--deals"),
        (["stats", "--rules", "classic", "--deals", "5", "--workers", "x"], "--workers"),
        (["stats", "--rules", "classic", "--deals", "5", "--player", "monkey"], "player"),
    ],
)
def test_errors_are_one_line_with_exit_code_2(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and fragment in err and "Traceback" not in err


def test_stats_json_counts_and_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "stats",
                "--rules",
                "classic",
                "--deals",
                "30",
                "--seed",
                "4",
                "--workers",
                "1",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["deals"] == 30 and data["wins"] + data["losses"] + data["unknown"] == 30
    lo, hi = data["ci95"]
    assert lo <= data["win_rate"] <= hi
    expected = sum(
        solve(Game(get_layout(1), CLASSIC, Deal.from_seed(4, i)), 200_000).verdict.value
        == "winnable"
        for i in range(30)
    )
    assert data["wins"] == expected


def test_stats_options_and_parallel_workers_agree(capsys: pytest.CaptureFixture[str]) -> None:
    base = [
        "stats",
        "--rules",
        "classic",
        "--passes",
        "1",
        "--top",
        "--deals",
        "30",
        "--seed",
        "9",
        "--json",
        "--budget",
        "3000",
    ]
    assert main(base + ["--workers", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(base + ["--workers", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert one["rules"] == "classic+p1+top"
    for key in ("wins", "losses", "unknown", "unknown_deals"):
        assert one[key] == two[key]


def test_stats_thumb_player_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            ["stats", "--rules", "classic", "--deals", "20", "--player", "thumb", "--workers", "1"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "rules-of-thumb player" in out and "95% CI" in out
