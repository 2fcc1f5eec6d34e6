"""``desert-pyramid rules``: the text on a terminal, and the quiz on stdin."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from desert_pyramid import content as c
from desert_pyramid.cli import main


@pytest.fixture(scope="module")
def content() -> c.RulesContent:
    return c.load_rules_content()


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["rules", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_rules_prints_every_section_variation_and_term(
    capsys: pytest.CaptureFixture[str], content: c.RulesContent
) -> None:
    code, out, err = _run(capsys, "--width", "80")
    assert code == 0 and err == ""
    assert out.startswith(content.how_to_play.title)
    for section in content.how_to_play.sections:
        assert f"\n{section.title}\n" in out, section.id
    for variation in content.variations:
        assert variation.title in out, variation.id
    for entry in content.glossary:
        assert f"\n{entry.term}" in out, entry.id
    # the text itself, not only the titles
    assert "10 + 20 + 30 + 10 = 70" in out
    assert "the 7♦ lands on the waste" in out
    for line in out.splitlines():
        assert len(line) <= 80, line


def test_rules_one_section(capsys: pytest.CaptureFixture[str], content: c.RulesContent) -> None:
    code, out, _ = _run(capsys, "--section", "satchel", "--width", "70")
    assert code == 0
    assert out.startswith("The Satchel\n-----------\n")
    assert content.how_to_play.section("stock").title not in out
    code, out, _ = _run(capsys, "--section", "glossary")
    assert code == 0 and "talon" in out and "The Satchel\n" not in out
    code, out, _ = _run(capsys, "--section", "variations")
    assert code == 0 and "Tut's Tomb" in out


def test_rules_unknown_section_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--section", "jokers")
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "no section 'jokers'" in err and "satchel" in err and "glossary" in err


def test_rules_list(capsys: pytest.CaptureFixture[str], content: c.RulesContent) -> None:
    code, out, _ = _run(capsys, "--list")
    assert code == 0
    listed = [line.split()[0] for line in out.splitlines()]
    assert listed == [*content.how_to_play.section_ids, "variations", "glossary"]


@pytest.mark.parametrize(
    "argv", [["--width", "10"], ["--quiz", "--section", "satchel"], ["--width", "x"]]
)
def test_rules_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = _run(capsys, *argv)
    assert (
        code == 2
        and out == ""
        and err.startswith("desert-pyramid: error:")
        and err.count("\n") == 1
    )


def test_rules_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--ascii", "--section", "example")
    assert code == 0
    out.encode("ascii")
    assert "6S" in out and "7D" in out


def test_rules_broken_file_says_what_and_where(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "rules"
    shutil.copytree(c.rules_dir(), broken)
    quiz = broken / c.QUIZ_FILE
    quiz.write_text(
        quiz.read_text(encoding="utf-8").replace("correct = true", "correct = false", 1),
        encoding="utf-8",
    )
    monkeypatch.setattr(c.reading, "rules_dir", lambda: broken)  # where the loaders look
    code, out, err = _run(capsys)
    assert code == 1 and out == ""
    assert "quiz.toml: question 1 ('jack'): must have exactly one right choice" in err
    assert "Traceback" not in err and err.count("\n") == 1


# ---------------------------------------------------------------------------- the quiz


def _quiz(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: str
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code, out, err = _run(capsys, "--quiz", "--width", "78")
    assert err == ""
    return code, out


def test_quiz_scripted_answers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], content: c.RulesContent
) -> None:
    questions = content.quiz.questions
    rights = [q.right_index for q in questions]
    wrong1 = (rights[1] + 1) % 3
    answers = [
        str(rights[0] + 1),  # right, as a number
        "abc"[wrong1],  # wrong, as a letter
        "7",  # not a choice: asked again
        "maybe",  # not a choice: asked again
        "",  # empty: asked again
        " " + "ABC"[rights[2]] + " ",  # right, upper case with spaces
        "abc"[(rights[3] + 2) % 3],  # wrong
        str(rights[4] + 1),  # right
        "abc"[rights[5]],  # right
    ]
    code, out = _quiz(monkeypatch, capsys, "\n".join(answers) + "\n")
    assert code == 0
    for number in range(1, 7):
        assert f"Question {number} of 6." in out
    assert out.count("> Right.\n") == 4
    assert out.count("> Not right.\n") == 2
    assert "'7' is not an answer: type 1 to 3 or a to c" in out
    assert "'maybe' is not an answer" in out
    assert "No answer: type 1 to 3" in out
    # a wrong answer says why, and which answer was right
    q1 = questions[1]
    assert q1.choices[wrong1].explanation.plain()[:40] in out
    assert f"The right answer is {'abc'[rights[1]]})" in out
    assert out.rstrip().endswith("Your score: 4 out of 6.")


def test_quiz_all_right(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], content: c.RulesContent
) -> None:
    script = "".join(f"{q.right_index + 1}\n" for q in content.quiz.questions)
    code, out = _quiz(monkeypatch, capsys, script)
    assert code == 0 and out.rstrip().endswith("Your score: 6 out of 6.")
    for q in content.quiz.questions:  # each right answer's explanation is shown
        assert q.choices[q.right_index].explanation.plain()[:30] in out


def test_quiz_stops_cleanly_at_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], content: c.RulesContent
) -> None:
    q = content.quiz.questions
    script = f"{q[0].right_index + 1}\n{(q[1].right_index + 1) % 3 + 1}\n"  # right, wrong, then EOF
    code, out = _quiz(monkeypatch, capsys, script)
    assert code == 0
    assert "Question 3 of 6." in out and "Question 4 of 6." not in out
    assert out.rstrip().endswith(
        "Quiz stopped. Your score so far: 1 out of 2 answered (6 questions in all)."
    )


def test_quiz_q_stops(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _quiz(monkeypatch, capsys, "q\n")
    assert code == 0
    assert out.rstrip().endswith("Your score so far: 0 out of 0 answered (6 questions in all).")


def test_python_m_entry_point_prints_rules() -> None:
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-m", "desert_pyramid", "rules", "--section", "values", "--width", "60"],
        cwd=root,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Card values and the pairs that make 13" in result.stdout
    assert "6♠" in result.stdout
