"""The modes with the real solver: the Daily's test vectors, the same daily deal from two
processes, the daily command, winnable Practice deals, Expedition pyramids, and the coach's
mistake 4 claim checked by the solver."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from desert_pyramid.cli import main
from desert_pyramid.engine import CLASSIC, DESERT, Deal, Game, Move
from desert_pyramid.modes import DailySession, ExpeditionSession, PracticeSession, daily_deal
from desert_pyramid.modes.coach import Coach, mistake_partner
from desert_pyramid.solver import Verdict, solve
from tests.test_modes_helpers import LAYOUT, game_from

ROOT = Path(__file__).resolve().parent.parent

# date: (index of the first proven-winnable deal, deal code, the first nine cards)
VECTORS = {
    "2026-01-01": (0, "DP-K-A985-002G-95D3", "AC 3S JS 6C JH 7S 7C 4D 6H"),
    "2026-02-09": (1, "DP-16-MJQ3-0G2G-9600", "TC TH 3H 4S 6S 5C 2D JS KH"),
    "2026-06-08": (1, "DP-16-MKG1-0G2G-98SE", "TS QH 7S 4C 7D 2D AD 4H AH"),
    "2026-11-30": (0, "DP-K-AA8A-002G-9FQW", "JD 4H 3D 4D 3C QD 8D TH KS"),
    "2026-12-12": (2, "DP-2D-99BJ-102G-9SPM", "QD 7H AC 4H TC 4C 7S 2H 7C"),
    "2000-02-29": (0, "DP-K-2BF5-002G-9MRM", "KH 5H QS 8H 4S 9H KD 5S 9S"),
}


@pytest.mark.parametrize("day", sorted(VECTORS))
def test_daily_vectors(day):
    index, code, first = VECTORS[day]
    chosen = daily_deal(date.fromisoformat(day), LAYOUT)
    assert (chosen.index, chosen.code, chosen.deal.notation()[: len(first)]) == (index, code, first)
    assert chosen.deal == Deal.from_seed(chosen.seed, index)
    # the earlier deals of the sequence are proved lost, the chosen one winnable
    for i in range(index):
        assert (
            solve(Game(LAYOUT, DESERT, Deal.from_seed(chosen.seed, i)), 200_000).verdict
            is Verdict.LOST
        )
    assert solve(Game(LAYOUT, DESERT, chosen.deal), 200_000).verdict is Verdict.WINNABLE


_CHILD = """
import json, sys
from datetime import date
from desert_pyramid.catalog import get_layout
from desert_pyramid.modes import daily_deal
days = sys.argv[1:]
print(json.dumps({d: [daily_deal(date.fromisoformat(d), get_layout(1)).code,
                      daily_deal(date.fromisoformat(d), get_layout(1)).deal.notation()] for d in days}))
"""


def test_same_daily_deal_from_two_processes():
    days = ["2026-02-09", "2026-12-12", "2031-07-04"]
    outs = []
    for hashseed in ("1", "12345"):  # different hash seeds: nothing may depend on set order
        proc = subprocess.run(
            [sys.executable, "-c", _CHILD, *days],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            env={"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hashseed, "PATH": "/usr/bin:/bin"},
        )
        assert proc.returncode == 0, proc.stderr
        outs.append(json.loads(proc.stdout))
    assert outs[0] == outs[1]
    here = {
        d: [
            daily_deal(date.fromisoformat(d), LAYOUT).code,
            daily_deal(date.fromisoformat(d), LAYOUT).deal.notation(),
        ]
        for d in days
    }
    assert outs[0] == here


def test_daily_command_prints_code_and_deal(capsys):
    assert main(["daily", "--date", "2026-02-09"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Daily 2026-02-09: seed 20260209, deal 1 of its sequence")
    assert out[1] == "Code DP-16-MJQ3-0G2G-9600"
    assert out[2] == Deal.from_seed(20260209, 1).notation()


def test_daily_command_show(capsys):
    assert main(["daily", "--date", "2026-01-01", "--show"]) == 0
    out = capsys.readouterr().out
    assert "[" in out and "stock 24" in out


@pytest.mark.parametrize(
    "value, words",
    [
        ("2026-13-01", "--date: '2026-13-01' is not a date: there is no month 13"),
        ("yesterday", "--date: 'yesterday' is not a date: write it YYYY-MM-DD"),
        ("2026-02-29", "February 2026 has no day 29"),
        ("9999-12-31", "is not out yet"),
    ],
)
def test_daily_command_bad_date(value, words, capsys):
    assert main(["daily", "--date", value]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_daily_command_default_is_today(capsys):
    assert main(["daily"]) == 0
    assert capsys.readouterr().out.startswith(f"Daily {date.today().isoformat()}:")


def test_daily_session_with_the_real_deal():
    s = DailySession.start(date(2026, 12, 12), date(2026, 12, 12), LAYOUT)
    assert s.deal_code == "DP-2D-99BJ-102G-9SPM"


def test_expedition_pyramids_are_proven_winnable():
    s = ExpeditionSession(123, LAYOUT)
    first = s.game.deal
    assert solve(s.game, 200_000).verdict is Verdict.WINNABLE
    s.skip()
    assert s.game.deal.seed == 123 and s.game.deal.index > first.index
    assert solve(s.game, 200_000).verdict is Verdict.WINNABLE
    # a trek is reproducible from its seed
    again = ExpeditionSession(123, LAYOUT)
    assert again.game.deal == first


def test_expedition_cleared_with_the_solvers_line():
    s = ExpeditionSession(5, LAYOUT)
    for move in solve(s.game, 200_000).line:
        s.play(move)
    assert s.number == 2 and s.pyramids_cleared == 1 and s.game.multiplier == 2
    assert solve(s.game, 200_000).verdict is Verdict.WINNABLE


def test_practice_winnable_with_a_grade():
    s = PracticeSession.winnable(CLASSIC, LAYOUT, seed=2024)
    assert solve(s.game, 200_000).verdict is Verdict.WINNABLE
    assert s.grade in ("Easy", "Medium", "Hard", "Expert")


def test_mistake_4_claim_is_proved_by_the_solver():
    """'Now the 6♣ can never be removed: this deal is lost' — the solver agrees."""
    g = game_from(
        {
            1: "7S",
            2: "7H",
            3: "7C",
            5: "6C",
            22: "2C",
            23: "2D",
            24: "3C",
            25: "3D",
            26: "4C",
            27: "4D",
            28: "6S",
        },
        ["7D"],
        CLASSIC,
    )
    g.play_text("F")
    before = g.copy()
    g.play_text("28+W")
    msg = mistake_partner(before, Move.parse("28+W"), g)
    assert msg is not None and msg.text.endswith("this deal is lost.")
    assert solve(g, 500_000).verdict is Verdict.LOST


def test_mistake_4_claims_on_random_games_are_true():
    """Random play under classic rules (no Satchel): every time the coach says a deal is lost by
    mistake 4, the solver proves it lost."""
    import random

    rng = random.Random(4)
    checked = 0
    for seed in range(400):
        g = Game(LAYOUT, CLASSIC, Deal.from_seed(seed))
        coach = Coach()
        for _ in range(120):
            moves = g.legal_moves()
            if not moves or g.won:
                break
            pairs = [m for m in moves if m.is_removal and (m.a < 0 or m.b < 0)]
            move = rng.choice(pairs) if pairs and rng.random() < 0.8 else rng.choice(moves)
            before = g.copy()
            g.play(move)
            for m in coach.after_move(before, move, g):
                if m.mistake == 4:
                    assert solve(g, 500_000).verdict is Verdict.LOST, (seed, g.history, m.text)
                    checked += 1
        if checked >= 5:
            break
    assert checked >= 1


def test_practice_lost_hint_offers_the_rewind_and_it_works():
    """A winnable deal played carelessly until the solver proves it lost: the hint offers to undo
    back to the last winnable position, and there the deal is winnable again."""
    import random

    from desert_pyramid.solver.hints import hint_for

    rng = random.Random(7)
    for seed in range(50):
        s = PracticeSession.new(CLASSIC, LAYOUT, Deal.from_seed(seed))
        if solve(s.game, 200_000).verdict is not Verdict.WINNABLE:
            continue
        for _ in range(60):
            moves = s.game.legal_moves()
            if not moves or s.finished:
                break
            s.play(rng.choice(moves))
            if s.finished:
                break
            hint = hint_for(s.game, 200_000)
            if hint.verdict is Verdict.LOST:
                assert hint.rewind_to is not None and hint.rewind_to < s.game.moves
                back = s.game.moves - hint.rewind_to
                offer = str(s.lost_offer(hint))  # a sentence: str() is its English
                assert offer.startswith(f"No way through from here. Undo {back} move")
                s.rewind(hint.rewind_to)
                assert solve(s.game, 200_000).verdict is Verdict.WINNABLE
                return
    pytest.fail("no winnable deal lost by random play was found")


def test_practice_lost_from_the_deal_says_it_cannot_be_won():
    from desert_pyramid.solver.hints import hint_for

    s = PracticeSession(
        game_from(
            {
                1: "7S",
                2: "7H",
                3: "7C",
                5: "6C",
                22: "2C",
                23: "2D",
                24: "3C",
                25: "3D",
                26: "4C",
                27: "4D",
                28: "6S",
            },
            ["7D"],
            CLASSIC,
        ),
        source="code",
    )
    s.play_text("F")
    hint = hint_for(s.game, 500_000)
    assert hint.verdict is Verdict.LOST and hint.rewind_to is None
    assert "cannot be won" in str(s.lost_offer(hint))


def test_computer_player_finishes_a_practice_deal():
    from desert_pyramid.solver.players import SolverPlayer

    s = PracticeSession.winnable(DESERT, LAYOUT, seed=31, grader=lambda g: "Easy")
    player = SolverPlayer()
    steps = 0
    while not s.finished and steps < 200:
        if s.computer_step(player) is None:
            break
        steps += 1
    assert s.finished and s.game.won and s.results().assisted
