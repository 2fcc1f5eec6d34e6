"""Sentences worded where they are shown: a message and its arguments, rendered in the player's
language at show time (docs/translations.md, "Sentences").

The solver, the coach and the analysis find what to say in a worker process or a lower layer;
they return :class:`Say` values (a message marked for the catalogues, named arguments: cards,
ranks, counts, other sentences), and the window renders them with :meth:`Say.text` when it shows
or speaks them, so the language chosen at that moment applies. ``str(say)`` is the English, as
the command line prints it.

Marking: :func:`tell` (like ``_``), :func:`tell_n` (like ``ngettext``, the count in ``{n}``),
:func:`tell_p` (like ``pgettext``). tools/i18n.py extracts all three.
"""

from __future__ import annotations

import datetime as _dt
import gettext
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Union

from desert_pyramid.engine.cards import CARDS, Card

from . import _english, _state_now, format_number
from .cards import CardName, Rank

#: What a sentence's argument may be: a card, a rank, a number, a text shown as it is, a day
#: (written short, as the language orders it: "Tue 1 Dec", "Di., 1. Dez."), another sentence, or
#: a list of these (joined as the language joins a list: "A, B and C").
Arg = Union[Card, Rank, int, str, _dt.date, "Say", "Many"]


@dataclass(frozen=True, slots=True)
class Many:
    """A list of arguments, joined as the language joins a list ("A, B und C", "A, B и C"); a
    spec on its placeholder applies to every item."""

    items: tuple[Arg, ...]
    style: str = "and"  # "and" ("A, B and C", as the language says it), "or" (Babel's: "A, B,
    # or C"), "comma" ("A, B, C"), "semicolon" ("A; B; C")


@dataclass(frozen=True, slots=True)
class Say:
    """One sentence (or a phrase that stands in one), to be worded in the player's language."""

    message: str
    args: tuple[tuple[str, Arg], ...] = ()
    plural: str = ""
    n: int = 0
    context: str = ""

    def text(self, spoken: bool = False) -> str:
        """In the player's language now: written (cards as ``Q♠``) or ``spoken`` (in words). A
        written wording is remembered a while (:func:`spoken_for`): when the screen's text that
        holds it is read aloud, the sentence is said from its arguments."""
        out = render(self, spoken)
        if not spoken and out:
            _SHOWN.pop(out, None)
            _SHOWN[out] = self
            if len(_SHOWN) > _SHOWN_MAX:
                del _SHOWN[next(iter(_SHOWN))]
        return out

    def english(self, spoken: bool = False) -> str:
        return render(self, spoken, english=True)

    def __str__(self) -> str:
        return render(self, False, english=True)

    # -- as plain data (a hint crosses from the solver's process as a dict) --------------------
    def to_data(self) -> dict[str, object]:
        data: dict[str, object] = {"m": self.message}
        if self.args:
            data["a"] = {k: _arg_data(v) for k, v in self.args}
        if self.plural:
            data["p"], data["n"] = self.plural, self.n
        if self.context:
            data["c"] = self.context
        return data

    @classmethod
    def from_data(cls, data: object) -> Say:
        """A sentence from :meth:`to_data`'s form; ValueError on anything else."""
        if isinstance(data, str):  # an older answer's plain text
            return cls(data)
        if not isinstance(data, Mapping) or not isinstance(data.get("m"), str):
            raise ValueError("a sentence must be a table with its message")
        raw = data.get("a") or {}
        if not isinstance(raw, Mapping):
            raise ValueError("a sentence's arguments must be a table")
        args = tuple((str(k), _arg_from(v)) for k, v in raw.items())
        n = data.get("n", 0)
        return cls(
            str(data["m"]),
            args,
            str(data.get("p", "")),
            n if isinstance(n, int) else 0,
            str(data.get("c", "")),
        )


def _arg_data(value: Arg) -> object:
    if isinstance(value, Card):
        return {"card": value.code}
    if isinstance(value, Rank):
        return {"rank": value.rank}
    if isinstance(value, Say):
        return {"say": value.to_data()}
    if isinstance(value, Many):
        return {"many": [_arg_data(v) for v in value.items], "style": value.style}
    if isinstance(value, _dt.date):
        return {"day": value.isoformat()}
    return value


def _arg_from(data: object) -> Arg:
    if isinstance(data, (int, str)) and not isinstance(data, bool):
        return data
    if isinstance(data, Mapping):
        if isinstance(data.get("card"), str):
            return Card.parse(str(data["card"]))  # a DealError (a ValueError) when not a card
        rank = data.get("rank")
        if isinstance(rank, int) and 1 <= rank <= 13:
            return Rank(rank)
        if "say" in data:
            return Say.from_data(data["say"])
        if isinstance(data.get("day"), str):
            return _dt.date.fromisoformat(str(data["day"]))  # a ValueError when not a date
        many = data.get("many")
        if isinstance(many, list):
            return Many(tuple(_arg_from(v) for v in many), str(data.get("style", "and")))
    raise ValueError(f"not a sentence's argument: {str(data)[:40]}")


# -- marking ------------------------------------------------------------------------------------
def tell(message: str, /, **args: Arg) -> Say:
    """A sentence: ``tell("Pair the {a} with the {b}.", a=card, b=card)``."""
    return Say(message, tuple(args.items()))


def tell_n(singular: str, plural: str, n: int, /, **args: Arg) -> Say:
    """A sentence with a count, in the form for ``n`` (three in Russian); ``{n}`` is the count."""
    return Say(singular, tuple(args.items()), plural, n)


def tell_p(context: str, message: str, /, **args: Arg) -> Say:
    return Say(message, tuple(args.items()), context=context)


def cards(items: Iterable[int]) -> Many:
    """A list of cards (card numbers 0..51) as one argument."""
    assert not isinstance(items, (str, bytes))
    return Many(tuple(CARDS[int(c)] for c in items))


def many(items: Sequence[Arg], style: str = "and") -> Many:
    return Many(tuple(items), style)


# -- rendering ----------------------------------------------------------------------------------
class _Phrase:
    """A nested sentence in a rendered one: a spec on its placeholder passes to its own
    placeholders that have none ("{card} from the waste" in the accusative)."""

    __slots__ = ("say", "spoken", "english")

    def __init__(self, say: Say, spoken: bool, english: bool) -> None:
        self.say, self.spoken, self.english = say, spoken, english

    def __format__(self, spec: str) -> str:
        if spec.startswith("?"):  # a word agreeing with the phrase's card ("{card} from the waste")
            card = _first_card(self.say)
            if card is not None:
                return format(_wrap(card, self.spoken, self.english), spec)
        return render(self.say, self.spoken, self.english, spec)


def _first_card(sentence: Say) -> Card | Rank | None:
    """The card (or rank) a phrase is about: its first, looking into nested phrases too."""
    for _name, value in sentence.args:
        if isinstance(value, (Card, Rank)):
            return value
        if isinstance(value, Say):
            found = _first_card(value)
            if found is not None:
                return found
    return None


_SEPARATORS = {"comma": ", "}


class _List:
    __slots__ = ("items", "style", "spoken", "english")

    def __init__(self, value: Many, spoken: bool, english: bool) -> None:
        self.items, self.style = value.items, value.style
        self.spoken, self.english = spoken, english

    def __format__(self, spec: str) -> str:
        from babel.lists import format_list

        words = [format(_wrap(v, self.spoken, self.english), spec) for v in self.items]
        if self.style == "semicolon":
            # TRANSLATORS: what stands between the parts of a list of facts ("the 4♥ is on the
            # waste; the 4♠ is in the Satchel"); French writes " ; ".
            t = _translations(self.english)
            return t.pgettext("list separator", "; ").join(words)
        if self.style in _SEPARATORS:
            return _SEPARATORS[self.style].join(words)
        code = "en" if self.english else _state_now().code
        if self.style == "or":
            return str(format_list(words, style="or", locale=code))
        if code == "en" or len(words) < 2:  # English without the serial comma
            return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)
        return str(format_list(words, locale=code))


class _Number:
    __slots__ = ("value", "english")

    def __init__(self, value: int, english: bool) -> None:
        self.value, self.english = value, english

    def __format__(self, spec: str) -> str:
        if spec:
            try:
                return format(self.value, spec)
            except ValueError:  # a card's spec passed down to a number: not for it
                pass
        return str(self.value) if self.english else format_number(self.value)


class _Plain(str):
    """A text argument, shown as it is (a spec meant for a card does not apply to it)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if spec.startswith("?") or "." in spec or spec.isalpha():
            if "cap" in spec.split("."):
                return self[:1].upper() + self[1:]
            return str(self)
        return super().__format__(spec)


def _wrap(value: Arg, spoken: bool, english: bool) -> object:
    code = "en" if english else _state_now().code
    if isinstance(value, Card):
        return CardName.of(value, code, spoken)
    if isinstance(value, Rank):
        return CardName(value.rank, None, code, spoken)
    if isinstance(value, Say):
        return _Phrase(value, spoken, english)
    if isinstance(value, Many):
        return _List(value, spoken, english)
    if isinstance(value, int):
        return _Number(value, english)
    if isinstance(value, _dt.date):
        from babel.dates import format_skeleton

        state = _english() if english else _state_now()
        return _Plain(format_skeleton("MMMEd", value, locale=state.locale))
    return _Plain(value)


def _translations(english: bool) -> gettext.NullTranslations:
    return _english().translations if english else _state_now().translations


def render(sentence: Say, spoken: bool = False, english: bool = False, spec: str = "") -> str:
    """``sentence`` worded (see :meth:`Say.text`); ``spec`` is given to every placeholder of it
    that has none of its own (a nested phrase in a case)."""
    t = _translations(english)
    if sentence.plural:
        if sentence.context:
            message = t.npgettext(sentence.context, sentence.message, sentence.plural, sentence.n)
        else:
            message = t.ngettext(sentence.message, sentence.plural, sentence.n)
    elif sentence.context:
        message = t.pgettext(sentence.context, sentence.message)
    else:
        message = t.gettext(sentence.message)
    values: dict[str, object] = {k: _wrap(v, spoken, english) for k, v in sentence.args}
    if sentence.plural and "n" not in values:
        values["n"] = _Number(sentence.n, english)
    if spec:
        message = _pass_spec(message, spec)
    try:
        return message.format(**values)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):  # a translation that
        # names what is not there, or asks of an argument what it has not
        if message is sentence.message or english:
            raise
        return render(sentence, spoken, True, spec)


def _pass_spec(message: str, spec: str) -> str:
    """``{card}`` → ``{card:SPEC}`` in ``message`` (placeholders with a spec keep theirs)."""
    import string

    out: list[str] = []
    for literal, field, own, conv in string.Formatter().parse(message):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if field is not None:
            conv_part = f"!{conv}" if conv else ""
            out.append("{" + field + conv_part + ":" + (own or spec) + "}")
    return "".join(out)


#: The sentences lately worded for the screen, by their wording (oldest first).
_SHOWN: dict[str, Say] = {}
_SHOWN_MAX = 128


def spoken_for(text: str) -> str:
    """``text`` (a screen's text) with every sentence lately worded for the screen in it replaced
    by its spoken wording (each card said in the form its sentence gives it, in the language
    now). Other parts of the text are left as they are."""
    found = [w for w in _SHOWN if w in text]
    for written in sorted(found, key=len, reverse=True):
        if written in text:
            text = text.replace(written, _SHOWN[written].text(spoken=True))
    return text


def joined(*parts: Say | str) -> Say | str:
    """Sentences (or texts shown as they are) one after the other, held as one value that is
    worded when it is shown: a message line that keeps its words until the language changes,
    then says them again in the new one. Empty parts are left out; ``""`` when none is left."""
    kept = [p for p in parts if p != ""]
    if len(kept) <= 1:
        return kept[0] if kept else ""
    names = [f"part{i}" for i in range(len(kept))]
    # a message of placeholders only: no catalogue has it, so it stays as it is in every language
    return Say(" ".join("{" + n + "}" for n in names), tuple(zip(names, kept, strict=True)))


def worded(words: Say | str, spoken: bool = False) -> str:
    """A message held as a sentence (worded in the language now) or as a text (as it is)."""
    return words.text(spoken) if isinstance(words, Say) else words


def join_text(sentences: tuple[Say, ...] | list[Say], spoken: bool = False) -> str:
    """Sentences worded and put one after the other."""
    return " ".join(s for s in (x.text(spoken) for x in sentences) if s)


__all__ = [
    "Arg",
    "Many",
    "Say",
    "cards",
    "join_text",
    "joined",
    "many",
    "render",
    "tell",
    "tell_n",
    "tell_p",
    "spoken_for",
    "worded",
]
