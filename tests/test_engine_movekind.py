"""Move kinds are an enum: a move says what it does by name, and no kind is mistaken for a rank."""

from __future__ import annotations

from desert_pyramid.engine import DESERT, Deal, Game, Move, MoveKind, classic_layout
from desert_pyramid.engine.cards import KING_RANK


def test_every_move_has_a_named_kind() -> None:
    game = Game(classic_layout(), DESERT, Deal.from_seed(5))
    kinds = {m.kind for m in game.legal_moves()}
    assert all(isinstance(k, MoveKind) for k in kinds)
    assert Move.parse("K5").kind is MoveKind.KING and Move.parse("F").kind is MoveKind.FLIP
    assert Move.parse("12+W").kind is MoveKind.PAIR and Move.parse("W>S").kind is MoveKind.STASH
    assert Move.parse("R").kind is MoveKind.REDEAL


def test_the_king_move_is_not_the_king_rank() -> None:
    assert MoveKind.KING.name == "KING" and int(MoveKind.KING) != KING_RANK
    assert [k.name for k in MoveKind] == ["PAIR", "KING", "FLIP", "REDEAL", "STASH"]


def test_after_gives_the_game_after_a_prefix_of_the_history() -> None:
    game = Game(classic_layout(), DESERT, Deal.from_seed(5))
    for _ in range(6):
        game.play(game.legal_moves()[0])
    back = game.after(3)
    assert back.history == game.history[:3] and back is not game and game.moves == 6
    assert game.after(6).position_key() == game.position_key()
    assert game.after(0).moves == 0
