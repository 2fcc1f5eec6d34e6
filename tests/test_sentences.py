"""Sentences worded at show time (desert_pyramid/i18n/say.py, i18n/cards.py): hints, the coach and
the speech in the player's language through the real code, English unchanged for the command line."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator

import pytest

from desert_pyramid.app import spoken
from desert_pyramid.app.advisor import Advisor
from desert_pyramid.catalog import get_layout
from desert_pyramid.cli import main
from desert_pyramid.engine import CARDS, DESERT, WASTE, Card, Deal, Game, Move, Rules
from desert_pyramid.engine.events import CardMoved
from desert_pyramid.i18n import LANGUAGES, placeholders, use_language
from desert_pyramid.i18n.cards import card_name, rank_name
from desert_pyramid.i18n.say import Say, cards, render, tell, tell_n, tell_p
from desert_pyramid.modes import Coach, explain_card
from desert_pyramid.solver.hints import Hint, hint_for, move_words
from tools.i18n import po_path, read

CARD_SYMBOL = re.compile(r"(10|[A2-9JQK])[♠♥♦♣]")
NUMBER_SPEC = re.compile(r"[<>=^]?[+\- ]?#?0?\d*[,_]?(\.\d+)?[bcdeEfFgGnosxX%]?")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def start() -> Game:
    return Game(get_layout(1), DESERT, Deal.from_seed(1, 31))


def hint() -> Hint:
    return hint_for(start(), 20_000, max_budget=20_000)


# -- card names ------------------------------------------------------------------------------------
def test_spoken_card_names_follow_the_language() -> None:
    queen = Card.parse("QS")
    said = {code: card_name(queen, code, spoken=True) for code in LANGUAGES}
    assert said == {
        "en": "queen of spades",
        "de": "Pik-Dame",
        "fr": "dame de pique",
        "es": "reina de picas",
        "it": "donna di picche",
        "pt_BR": "dama de espadas",
        "ru": "дама пик",
    }
    assert {card_name(queen, code) for code in LANGUAGES} == {"Q♠"}  # written: the face's index


def test_a_spec_gives_the_article_case_and_gender_the_sentence_needs() -> None:
    jack, ace, eight = Card.parse("JH"), Card.parse("AD"), Card.parse("8C")
    assert card_name(jack, "de", True, "the.acc") == "den Herz-Buben"
    assert card_name(jack, "de", False, "the.acc") == "den J♥"
    assert card_name(ace, "de", True, "by.the.dat") == "vom Karo-Ass"
    assert card_name(Card.parse("QS"), "ru", True, "acc") == "даму пик"
    assert card_name(Card.parse("QS"), "ru", True, "ins") == "дамой пик"
    assert card_name(Card.parse("KC"), "ru", True, "ins") == "королём треф"
    assert card_name(ace, "fr", True, "of.the") == "de l'as de carreau"
    assert card_name(jack, "fr", True, "to.the") == "au valet de cœur"
    assert card_name(eight, "it", False, "the") == "l'8♣"
    assert card_name(Card.parse("QS"), "pt_BR", False, "by.the") == "pela Q♠"
    assert card_name(Card.parse("QS"), "ru", False, "?открыт|открыта") == "открыта"
    assert card_name(Card.parse("KS"), "ru", False, "?открыт|открыта") == "открыт"
    assert rank_name(8, "en", False, "a.cap") == "An 8"
    assert rank_name(6, "en", True, "pl") == "sixes"
    assert rank_name(8, "ru", True, "pl.gen") == "восьмёрок"
    assert rank_name(13, "de", True, "no") == "kein König"


# -- a hint ----------------------------------------------------------------------------------------
def test_a_hint_is_worded_in_german_and_russian_when_shown() -> None:
    h = hint()
    english = h.text
    assert english.startswith("Pair the 3♠ with the 10♥. It frees the 10♦.")
    assert use_language("de") is None
    shown = " ".join(s.text() for s in h.says)
    assert shown.startswith("Paare die 3♠ mit der 10♥. Das legt die 10♦ frei.")
    said = " ".join(s.text(spoken=True) for s in h.says)
    assert said.startswith("Paare die Pik-Drei mit der Herz-Zehn.")
    assert h.text == english  # the command line's words stay English
    assert use_language("ru") is None
    shown = " ".join(s.text() for s in h.says)
    assert shown.startswith("Сложите 3♠ с 10♥. Это освобождает 10♦.")
    said = " ".join(s.text(spoken=True) for s in h.says)
    assert said.startswith("Сложите тройку пик с десяткой червей. Это освобождает десятку бубён.")
    assert "24 снятия" in shown  # the count's Russian form (24: the "few" form)


def test_a_hint_crosses_from_the_solvers_process_as_data_and_is_worded_on_arrival() -> None:
    h = hint()
    back = Hint.from_dict(h.to_dict())
    assert back.says == h.says and back.text == h.text
    assert use_language("de") is None
    assert back.says[0].text() == "Paare die 3♠ mit der 10♥."


def test_the_advisors_answer_is_worded_in_the_language_of_the_moment() -> None:
    h = hint()

    class Service:
        busy = False
        error = None

        def request(self, game: Game) -> None: ...

        def poll(self) -> Hint:
            return h

    advisor = Advisor(lambda: Service())
    game = start()
    advisor.ask(game, "hint")
    answer = advisor.poll(game)
    assert answer is not None and answer.text == h.text
    assert use_language("fr") is None
    assert answer.text.startswith("Associez le 3♠ au 10♥.")
    assert answer.spoken.startswith("Associez le trois de pique au dix de cœur.")


def test_the_analysis_names_moves_in_the_language_shown_and_english_for_the_command_line() -> None:
    g = start()
    move = hint().move
    assert move is not None
    words = move_words(g, move)
    assert str(words) == g.describe(move) == "pair the 3♠ with the 10♥"
    waste = Game(get_layout(1), Rules.parse("desert"), Deal.from_seed(1, 31))
    while not any(WASTE in (m.a, m.b) for m in waste.removals()):
        waste.play(Move.parse("F"))
    pair = next(m for m in waste.removals() if WASTE in (m.a, m.b))
    assert str(move_words(waste, pair)) == waste.describe(pair)
    assert use_language("ru") is None
    text = move_words(waste, pair).text()
    assert " из сброса" in text and text.startswith("сложить ")


# -- the speech ------------------------------------------------------------------------------------
def test_a_move_is_said_in_german_and_russian() -> None:
    g = start()
    move = hint().move
    assert move is not None
    for code, want in (
        ("de", "Gepaart: die Pik-Drei und die Herz-Zehn. Plus 10. Freigelegt: die Karo-Zehn"),
        ("ru", "Сложены тройка пик и десятка червей. Плюс 10. Освобождено: десятка бубён"),
        (
            "en",
            "Paired the three of spades and the ten of hearts. Plus 10. Freed the ten of diamonds",
        ),
    ):
        assert use_language(code) is None
        after = g.copy()
        events = after.play(move)
        assert spoken.move_text(after, move, events).startswith(want)
    use_language("ru")
    after = g.copy()
    flip = Move.parse("F")
    events = after.play(flip)
    flipped = [e for e in events if isinstance(e, CardMoved)]
    text = spoken.move_text(after, flip, events)
    assert text.startswith("Из колоды: ") and "В колоде осталось 23 карты." in text
    assert card_name(flipped[0].card, "ru", spoken=True) in text
    assert not CARD_SYMBOL.search(text)  # said in words, never "8♣"


def test_the_focus_and_the_board_are_said_in_the_language_with_the_cards_gender() -> None:
    g = start()
    assert use_language("ru") is None
    free = g.free_slots()
    texts = [spoken.focus_text(g, s) for s in free]
    for slot, text in zip(free, texts, strict=True):
        c = g.card_at(slot)
        assert c is not None
        word = "свободен" if c.rank in (1, 11, 13) else "свободна"
        assert f", {word}." in text, text
    assert spoken.board_text(g).startswith("Свободные карты: Ряд 7:")
    assert use_language("de") is None
    assert spoken.rank_text(g, 12).startswith(
        "Damen: Pik-Dame in Reihe 4, Karte 2, unter 9 Karten;"
    )


def test_a_screen_text_holding_a_sentence_is_said_from_the_sentences_own_words() -> None:
    """The table shows the hint as written text; the speech says it with each card in the case
    its sentence gives it, not the nominative read off "3♠"."""
    h = hint()
    assert use_language("ru") is None
    shown = " ".join(s.text() for s in h.says) + " Enter."
    said = spoken.speakable(shown)
    assert said.startswith("Сложите тройку пик с десяткой червей.")
    assert said.endswith(" Enter.")


def test_the_coach_speaks_russian_in_the_right_cases() -> None:
    g = start()
    assert use_language("ru") is None
    assert (
        explain_card(g, 0) == "4♣ накрыта 2♥ и A♦."
    )  # instrumental: written cards keep their face
    opening = Coach().opening(g)[0]
    assert opening.text.startswith("Убирайте две свободные карты")
    assert "при раздаче это 7 свободных карт." in opening.text


# -- the catalogues --------------------------------------------------------------------------------
@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_sentence_renders_in_every_language_written_and_spoken(code: str) -> None:
    """Each translated sentence's placeholders and specs work: rendering it with cards, lists and
    numbers for its arguments gives text with no brace left and no fall-back to English."""
    catalog = read(po_path(code), code)
    assert use_language(code) is None
    done = 0
    for m in catalog:
        if not m.id or not m.string or m.string == m.id:
            continue
        ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        names = set().union(*(placeholders(i) for i in ids))
        if not names or not any("{" + n + ":" in ids[0] for n in names):
            continue  # plain texts and those without a card's spec are tried by test_i18n.py
        args: dict[str, object] = {n: CARDS[44] for n in names}
        args.update({n: cards([0, 23]) for n in names if n in ("cards", "freed", "below")})
        for n in names & {"n", "row", "k", "passes", "points", "chain"}:
            args[n] = 3
        for n in names & {"move", "moves", "where", "counts", "detail", "steps", "redeals"}:
            args[n] = tell("x")
        for n in names & {"rank", "want"}:
            from desert_pyramid.i18n.cards import Rank

            args[n] = Rank(4)
        plural = ids[1] if len(ids) > 1 else ""
        s = Say(ids[0], tuple(args.items()), plural, 3, m.context or "")  # type: ignore[arg-type]
        for spoken_ in (False, True):
            text = s.text(spoken_)
            assert "{" not in text and "}" not in text, (m.id, text)
            assert text != render(s, spoken_, english=True), (m.id, text)
        done += 1
    assert done > 40


def test_a_translation_naming_a_placeholder_that_is_not_there_falls_back_to_english() -> None:
    from desert_pyramid.i18n import _state_now

    assert use_language("de") is None
    t = _state_now().translations
    t._catalog["Nothing covers {card:the}."] = "Nichts bedeckt {karte:the}."  # type: ignore[attr-defined]
    try:
        said = tell("Nothing covers {card:the}.", card=CARDS[0]).text()
    finally:
        use_language("en")
    assert said == "Nothing covers the A♠."


def test_counts_take_the_russian_forms() -> None:
    assert use_language("ru") is None
    forms = [
        tell_n("{n} card left in the stock.", "{n} cards left in the stock.", n).text()
        for n in (1, 3, 5, 21)
    ]
    assert forms == [
        "В колоде осталась 1 карта.",
        "В колоде осталось 3 карты.",
        "В колоде осталось 5 карт.",
        "В колоде осталась 21 карта.",
    ]


# -- the command line stays English ------------------------------------------------------------------
def test_the_command_lines_hint_is_english_whatever_the_language_of_the_process() -> None:
    from desert_pyramid.engine import encode_deal_code

    g = start()
    code = encode_deal_code(g.deal, g.rules, 1)
    use_language("de")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["hint", code]) == 0
    text = out.getvalue()
    assert "Pair the 3♠ with the 10♥. It frees the 10♦. A winning line from here:" in text
    assert "Move: 40+43 (pair the 3♠ with the 10♥)" in text or "(pair the 3♠ with the 10♥)" in text


def test_the_command_lines_hint_json_keeps_its_keys() -> None:
    from desert_pyramid.engine import encode_deal_code

    g = start()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["hint", encode_deal_code(g.deal, g.rules, 1), "--json"]) == 0
    import json

    data = json.loads(out.getvalue())
    assert "says" not in data and data["text"].startswith("Pair the 3♠ with the 10♥.")
    assert data["reasons"][0] == "Pair the 3♠ with the 10♥."


@pytest.mark.parametrize(
    "data",
    [
        None,
        "",
        {"m": 3},
        {"m": "x {card}", "a": {"card": {"card": "ZZ"}}},
        {"m": "x {card}", "a": {"card": {"rank": 99}}},
        {"m": "x {card}", "a": {"card": {"what": 1}}},
        {"m": "x {card}", "a": ["card"]},
        {"m": "x", "a": {"l": {"many": [{"card": "1S"}]}}},
        {"m": "x {day}", "a": {"day": {"day": "2026-13-45"}}},
        {"m": "x {day}", "a": {"day": {"day": "٢٠٢٦-٠٣-١٤"}}},
    ],
)
def test_a_damaged_sentence_from_the_workers_data_is_refused_in_words(data: object) -> None:
    if data == "":
        assert Say.from_data(data) == Say("")  # an older answer's plain text
        return
    with pytest.raises(ValueError):
        Say.from_data(data)


@pytest.mark.parametrize(
    "translation",
    ["Nichts bedeckt {card[0]}.", "Nichts bedeckt {card.nothing}.", "Nichts bedeckt {}.", "{0}"],
)
def test_a_translation_asking_what_a_card_has_not_falls_back_to_english(translation: str) -> None:
    from desert_pyramid.i18n import _state_now

    assert use_language("de") is None
    t = _state_now().translations
    t._catalog["Nothing covers {card:the}."] = translation  # type: ignore[attr-defined]
    try:
        said = tell("Nothing covers {card:the}.", card=CARDS[0]).text()
    finally:
        use_language("en")
    assert said == "Nothing covers the A♠."


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_spec_in_a_translation_is_one_the_card_names_know(code: str) -> None:
    """A misspelt form ("{card:akk}") would silently give the nominative: every token of every
    spec in the catalogues is one of i18n/cards.py's, and a gender choice has 2 or 3 words."""
    import string

    known = {"nom", "acc", "dat", "gen", "ins", "pre", "the", "a", "no", "of", "to", "in", "by"}
    known |= {"pl", "cap"}
    bad = []
    for m in read(po_path(code), code):
        strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
        for text in [s for s in strings if s]:
            for _lit, field, spec, _conv in string.Formatter().parse(text):
                if field is None or not spec or NUMBER_SPEC.fullmatch(spec):
                    continue  # none, or a number's own format ("{ms:.0f}")
                if spec.startswith("?"):
                    ok = 2 <= len(spec[1:].split("|")) <= 3
                else:
                    ok = set(spec.split(".")) <= known
                if not ok:
                    bad.append((m.id, text))
    assert bad == []


def test_a_gender_choice_on_a_phrase_agrees_with_the_phrases_card() -> None:
    from desert_pyramid.i18n import _state_now

    placed = tell_p("card", "{card} from the waste", card=Card.parse("KS"))
    assert use_language("ru") is None
    t = _state_now().translations
    t._catalog["Nothing covers {card:the}."] = "{card:cap} {card:?открыт|открыта}."  # type: ignore[attr-defined]
    try:
        said = tell("Nothing covers {card:the}.", card=placed).text(spoken=True)
    finally:
        use_language("en")
    assert said == "Король пик из сброса открыт."


def test_a_day_in_a_sentence_is_written_as_the_language_writes_it() -> None:
    """A day argument is written when the sentence is worded (a note that stays on the table
    follows a language change, its day too); it crosses as data and back."""
    import datetime

    from desert_pyramid.i18n import format_day

    day = datetime.date(2026, 3, 14)
    note = tell("The Daily of {day}, for practice: the streak is not touched.", day=day)
    assert str(note) == "The Daily of Sat 14 Mar, for practice: the streak is not touched."
    for lang in ("de", "ru"):
        use_language(lang)
        assert format_day(day) in note.text() and note.text() != str(note)
    assert Say.from_data(note.to_data()) == note


# -- a card's gender in the sentences built around it (issue 40, item 12) ----------------------------
WASTE_FREE = (
    "{card:the.cap} on the waste is free: take it away at once, before the next flip covers it."
)
SATCHEL_ALONE = (
    "{card:the.cap} in the Satchel can go alone: remove it and the Satchel is free again."
)


@pytest.mark.parametrize(
    ("code", "message", "queen", "king"),
    [
        (
            "it",
            WASTE_FREE,
            "La donna di cuori sugli scarti è libera: rimuovila subito, prima che la prossima "
            "carta girata la copra.",
            "Il re di cuori sugli scarti è libero: rimuovilo subito, prima che la prossima carta "
            "girata lo copra.",
        ),
        (
            "it",
            SATCHEL_ALONE,
            "La donna di cuori nella bisaccia può andarsene da sola: rimuovila e la bisaccia "
            "torna libera.",
            "Il re di cuori nella bisaccia può andarsene da solo: rimuovilo e la bisaccia torna "
            "libera.",
        ),
        (
            "pt_BR",
            WASTE_FREE,
            "A dama de copas no descarte está livre: remova-a logo, antes que a próxima carta "
            "virada a cubra.",
            "O rei de copas no descarte está livre: remova-o logo, antes que a próxima carta "
            "virada o cubra.",
        ),
        (
            "pt_BR",
            SATCHEL_ALONE,
            "A dama de copas no bornal pode sair sozinha: remova-a e o bornal fica livre de novo.",
            "O rei de copas no bornal pode sair sozinho: remova-o e o bornal fica livre de novo.",
        ),
        ("fr", "Removed {card:the}.", "Retirée : la dame de cœur.", "Retiré : le roi de cœur."),
        (
            "es",
            "Removed {card:the}.",
            "Retirada: la reina de corazones.",
            "Retirado: el rey de corazones.",
        ),
        (
            "es",
            SATCHEL_ALONE,
            "La reina de corazones de la alforja puede irse sola: retírala y la alforja vuelve a "
            "quedar libre.",
            "El rey de corazones de la alforja puede irse solo: retíralo y la alforja vuelve a "
            "quedar libre.",
        ),
        (
            "de",
            SATCHEL_ALONE,
            "Die Herz-Dame in der Tasche kann allein gehen: Nimm sie weg, dann ist die Tasche "
            "wieder frei.",
            "Der Herz-König in der Tasche kann allein gehen: Nimm ihn weg, dann ist die Tasche "
            "wieder frei.",
        ),
        (
            "ru",
            SATCHEL_ALONE,
            "Дама червей в сумке может уйти одна: уберите её, и сумка снова свободна.",
            "Король червей в сумке может уйти один: уберите его, и сумка снова свободна.",
        ),
    ],
)
def test_a_sentence_around_a_card_agrees_with_its_gender(
    code: str, message: str, queen: str, king: str
) -> None:
    """The card names know their gender (i18n/cards.py); the translations choose the words that
    agree with it ({card:?libero|libera}): a queen is not "libero" in Italian nor "remova-o" in
    Portuguese."""
    assert use_language(code) is None
    for card, want in ((Card.parse("QH"), queen), (Card.parse("KH"), king)):
        assert tell(message, card=card).text(spoken=True) == want
