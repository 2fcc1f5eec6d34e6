"""Card and rank names in each language, written and spoken, in the forms the sentences need.

Written text names a card by the index printed on its face and its suit symbol (``Q♠``, ``10♦``):
the player finds it on the table in any language (the faces keep their A/J/Q/K indices). Spoken
text says the language's full name (``queen of spades``, ``Pik-Dame``, ``dame de pique``,
``reina de picas``, ``donna di picche``, ``dama de espadas``, ``дама пик``).

A translation picks the form a placeholder needs with a format spec, tokens joined by dots
(docs/translations.md, "Sentences"): ``{card:the.acc}`` is German's accusative with the definite
article ("den Pik-Buben", written "den J♠"), ``{card:ins}`` Russian's instrumental ("дамой пик"),
``{card:of.the}`` French's "de" with the article ("du valet de cœur", "de la Q♠"). The tokens:

- a case: ``nom`` (the default), ``acc``, ``dat``, ``gen`` (German, Russian), ``ins``, ``pre``
  (Russian);
- an article: ``the``, ``a``, ``no`` ("kein", "aucun", "ningún", "nessun", "nenhum"); with a
  preposition that merges with it: ``of`` (du, del, dell', do), ``to`` (au, al, all', ao, zum),
  ``in`` (nel, no, im), ``by`` (dal, pelo, vom: "covered by");
- ``pl``: the plural (a rank: "eights", "Achten", "восьмёрки");
- ``cap``: the first letter in capitals (a sentence that starts with the name).

``{card:?m|f|n}`` is not the name but the word of the three that agrees with its gender (Russian
"{card}, ряд 6, {card:?свободен|свободна}"). A language ignores the tokens it has no use for
(English knows only ``a``, ``the``, ``pl`` and ``cap``: its messages write "the" themselves).
"""

from __future__ import annotations

from dataclasses import dataclass

from desert_pyramid.engine.cards import CARDS, RANK_NAMES, SUIT_SYMBOLS

CASES = ("nom", "acc", "dat", "gen", "ins", "pre")


@dataclass(frozen=True, slots=True)
class Form:
    """What a spec asks for."""

    case: str = "nom"
    article: str = ""  # "", "the", "a", "no"
    prep: str = ""  # "", "of", "to", "in", "by"
    plural: bool = False
    cap: bool = False


def parse_spec(spec: str) -> Form:
    case, article, prep, plural, cap = "nom", "", "", False, False
    for token in spec.split("."):
        token = token.strip()
        if token in CASES:
            case = token
        elif token in ("the", "a", "no"):
            article = token
        elif token in ("of", "to", "in", "by"):
            prep = token
        elif token == "pl":
            plural = True
        elif token == "cap":
            cap = True
    return Form(case, article, prep, plural, cap)


def _cap(text: str, form: Form) -> str:
    return text[:1].upper() + text[1:] if form.cap else text


class Grammar:
    """One language's card names. ``rank``: 1..13, ``suit``: 0 spades, 1 hearts, 2 diamonds,
    3 clubs; ``suit`` None names the rank alone ("a 4", "eine Vier")."""

    #: the rank nouns' genders, A..K
    genders: tuple[str, ...] = ("m",) * 13

    def gender(self, rank: int) -> str:
        return self.genders[rank - 1]

    def name(self, rank: int, suit: int | None, form: Form, spoken: bool) -> str:
        raise NotImplementedError

    def choose(self, rank: int, choices: str) -> str:
        words = choices.split("|")
        i = "mfn".index(self.gender(rank))
        return words[min(i, len(words) - 1)]


def _written(rank: int, suit: int | None, plural_suffix: str = "") -> str:
    if suit is None:
        return RANK_NAMES[rank - 1] + plural_suffix
    return RANK_NAMES[rank - 1] + SUIT_SYMBOLS[suit]


# -- English ------------------------------------------------------------------------------------
class English(Grammar):
    ranks = (
        "ace",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "jack",
        "queen",
        "king",
    )
    suits = ("spades", "hearts", "diamonds", "clubs")

    def name(self, rank: int, suit: int | None, form: Form, spoken: bool) -> str:
        if spoken:
            word = self.ranks[rank - 1]
            if form.plural and suit is None:
                word = "sixes" if word == "six" else word + "s"
            text = word if suit is None else f"{word} of {self.suits[suit]}"
            vowel = word[0] in "ae"
        else:
            text = _written(rank, suit, "s" if form.plural else "")
            vowel = RANK_NAMES[rank - 1] in ("A", "8")
        if form.article == "the":
            text = "the " + text
        elif form.article == "a":
            text = ("an " if vowel else "a ") + text
        elif form.article == "no":
            text = "no " + text
        return _cap(text, form)


# -- German -------------------------------------------------------------------------------------
_DE_DEF = {
    "m": {"nom": "der", "acc": "den", "dat": "dem", "gen": "des"},
    "f": {"nom": "die", "acc": "die", "dat": "der", "gen": "der"},
    "n": {"nom": "das", "acc": "das", "dat": "dem", "gen": "des"},
    "pl": {"nom": "die", "acc": "die", "dat": "den", "gen": "der"},
}
_DE_INDEF = {
    "m": {"nom": "ein", "acc": "einen", "dat": "einem", "gen": "eines"},
    "f": {"nom": "eine", "acc": "eine", "dat": "einer", "gen": "einer"},
    "n": {"nom": "ein", "acc": "ein", "dat": "einem", "gen": "eines"},
    "pl": {"nom": "", "acc": "", "dat": "", "gen": ""},
}


_DE_PREP = {"of": "von", "by": "von", "to": "zu", "in": "in"}
_DE_MERGED = {
    ("of", "dem"): "vom",
    ("by", "dem"): "vom",
    ("to", "dem"): "zum",
    ("to", "der"): "zur",
    ("in", "dem"): "im",
}


class German(Grammar):
    genders = ("n",) + ("f",) * 9 + ("m", "f", "m")
    ranks = (
        "Ass",
        "Zwei",
        "Drei",
        "Vier",
        "Fünf",
        "Sechs",
        "Sieben",
        "Acht",
        "Neun",
        "Zehn",
        "Bube",
        "Dame",
        "König",
    )
    plurals = (
        "Asse",
        "Zweien",
        "Dreien",
        "Vieren",
        "Fünfen",
        "Sechsen",
        "Siebenen",
        "Achten",
        "Neunen",
        "Zehnen",
        "Buben",
        "Damen",
        "Könige",
    )
    suits = ("Pik", "Herz", "Karo", "Kreuz")

    def _noun(self, rank: int, form: Form) -> str:
        if form.plural:
            word = self.plurals[rank - 1]
            return word + "n" if form.case == "dat" and word[-1] == "e" else word
        word = self.ranks[rank - 1]
        if rank == 11 and form.case != "nom":
            return "Buben"
        if form.case == "gen" and rank in (1, 13):
            return word + ("es" if rank == 1 else "s")
        return word

    def name(self, rank: int, suit: int | None, form: Form, spoken: bool) -> str:
        if spoken:
            noun = self._noun(rank, form)
            text = noun if suit is None else f"{self.suits[suit]}-{noun}"
        else:
            text = _written(rank, suit)
        g = "pl" if form.plural else self.gender(rank)
        case = form.case if form.case in ("nom", "acc", "dat", "gen") else "nom"
        if form.article == "the":
            art = _DE_DEF[g][case]
            if form.prep:
                art = _DE_MERGED.get((form.prep, art), f"{_DE_PREP[form.prep]} {art}")
            text = f"{art} {text}"
        elif form.article in ("a", "no"):
            art = _DE_INDEF[g][case] if g != "pl" else ""
            if form.article == "no":
                art = "k" + art if art else {"dat": "keinen", "gen": "keiner"}.get(case, "keine")
            text = f"{art} {text}".strip()
        return _cap(text, form)


# -- the Romance languages ----------------------------------------------------------------------
class Romance(Grammar):
    """A name after an article that may merge with a preposition before it."""

    ranks: tuple[str, ...] = ()
    plurals: tuple[str, ...] = ()
    suits: tuple[str, ...] = ()
    of = "de"
    #: (gender or "pl.m"/"pl.f", vowel) -> article, per preposition ("" none, "of", "to", "in")
    definite: dict[str, dict[str, str]] = {}
    indefinite: dict[str, str] = {}
    negative: dict[str, str] = {}

    def elides(self, rank: int, spoken: bool) -> bool:
        return False

    def name(self, rank: int, suit: int | None, form: Form, spoken: bool) -> str:
        g = self.gender(rank)
        if spoken:
            noun = (self.plurals if form.plural else self.ranks)[rank - 1]
            text = noun if suit is None else f"{noun} {self.of} {self.suits[suit]}"
        else:
            text = _written(rank, suit)
        vowel = self.elides(rank, spoken)
        key = ("pl." if form.plural else "") + g + (".v" if vowel else "")
        prep = form.prep
        if form.article == "the":
            art = self.definite[prep or "-"].get(key) or self.definite[prep or "-"][key[:-2]]
            text = art + text if art.endswith("'") else f"{art} {text}"
        else:
            if form.article == "a":
                art = self.indefinite.get(key[:4] if form.plural else g, "")
            elif form.article == "no":
                art = self.negative[g]
            else:
                art = ""
            pre = self.prepositions.get(prep, "") if prep else ""
            text = " ".join(w for w in (pre, art, text) if w)
        return _cap(text, form)

    prepositions: dict[str, str] = {}


class French(Romance):
    genders = ("m",) * 11 + ("f", "m")
    ranks = (
        "as",
        "deux",
        "trois",
        "quatre",
        "cinq",
        "six",
        "sept",
        "huit",
        "neuf",
        "dix",
        "valet",
        "dame",
        "roi",
    )
    plurals = ranks[:10] + ("valets", "dames", "rois")
    suits = ("pique", "cœur", "carreau", "trèfle")
    definite = {
        "-": {"m": "le", "f": "la", "m.v": "l'", "pl.m": "les", "pl.f": "les"},
        "of": {"m": "du", "f": "de la", "m.v": "de l'", "pl.m": "des", "pl.f": "des"},
        "to": {"m": "au", "f": "à la", "m.v": "à l'", "pl.m": "aux", "pl.f": "aux"},
        "in": {
            "m": "dans le",
            "f": "dans la",
            "m.v": "dans l'",
            "pl.m": "dans les",
            "pl.f": "dans les",
        },
        "by": {"m": "par le", "f": "par la", "m.v": "par l'", "pl.m": "par les", "pl.f": "par les"},
    }
    indefinite = {"m": "un", "f": "une", "pl.m": "des", "pl.f": "des"}
    negative = {"m": "aucun", "f": "aucune"}
    prepositions = {"of": "de", "to": "à", "in": "dans", "by": "par"}

    def elides(self, rank: int, spoken: bool) -> bool:
        return rank == 1  # l'as; "le huit" (h aspiré)


class Spanish(Romance):
    genders = ("m",) * 10 + ("f", "f", "m")
    ranks = (
        "as",
        "dos",
        "tres",
        "cuatro",
        "cinco",
        "seis",
        "siete",
        "ocho",
        "nueve",
        "diez",
        "jota",
        "reina",
        "rey",
    )
    plurals = (
        "ases",
        "doses",
        "treses",
        "cuatros",
        "cincos",
        "seises",
        "sietes",
        "ochos",
        "nueves",
        "dieces",
        "jotas",
        "reinas",
        "reyes",
    )
    suits = ("picas", "corazones", "diamantes", "tréboles")
    definite = {
        "-": {"m": "el", "f": "la", "pl.m": "los", "pl.f": "las"},
        "of": {"m": "del", "f": "de la", "pl.m": "de los", "pl.f": "de las"},
        "to": {"m": "al", "f": "a la", "pl.m": "a los", "pl.f": "a las"},
        "in": {"m": "en el", "f": "en la", "pl.m": "en los", "pl.f": "en las"},
        "by": {"m": "por el", "f": "por la", "pl.m": "por los", "pl.f": "por las"},
    }
    indefinite = {"m": "un", "f": "una", "pl.m": "unos", "pl.f": "unas"}
    negative = {"m": "ningún", "f": "ninguna"}
    prepositions = {"of": "de", "to": "a", "in": "en", "by": "por"}


class Italian(Romance):
    genders = ("m",) * 11 + ("f", "m")
    ranks = (
        "asso",
        "due",
        "tre",
        "quattro",
        "cinque",
        "sei",
        "sette",
        "otto",
        "nove",
        "dieci",
        "fante",
        "donna",
        "re",
    )
    plurals = ("assi",) + ranks[1:10] + ("fanti", "donne", "re")
    suits = ("picche", "cuori", "quadri", "fiori")
    of = "di"
    definite = {
        "-": {"m": "il", "f": "la", "m.v": "l'", "pl.m": "i", "pl.m.v": "gli", "pl.f": "le"},
        "of": {
            "m": "del",
            "f": "della",
            "m.v": "dell'",
            "pl.m": "dei",
            "pl.m.v": "degli",
            "pl.f": "delle",
        },
        "to": {
            "m": "al",
            "f": "alla",
            "m.v": "all'",
            "pl.m": "ai",
            "pl.m.v": "agli",
            "pl.f": "alle",
        },
        "in": {
            "m": "nel",
            "f": "nella",
            "m.v": "nell'",
            "pl.m": "nei",
            "pl.m.v": "negli",
            "pl.f": "nelle",
        },
        "by": {
            "m": "dal",
            "f": "dalla",
            "m.v": "dall'",
            "pl.m": "dai",
            "pl.m.v": "dagli",
            "pl.f": "dalle",
        },
    }
    indefinite = {"m": "un", "f": "una", "pl.m": "dei", "pl.f": "delle"}
    negative = {"m": "nessun", "f": "nessuna"}
    prepositions = {"of": "di", "to": "a", "in": "in", "by": "da"}

    def elides(self, rank: int, spoken: bool) -> bool:
        return rank in (1, 8)  # l'asso, l'otto (written l'A♠, l'8♣)


class Portuguese(Romance):
    genders = ("m",) * 11 + ("f", "m")
    ranks = (
        "ás",
        "dois",
        "três",
        "quatro",
        "cinco",
        "seis",
        "sete",
        "oito",
        "nove",
        "dez",
        "valete",
        "dama",
        "rei",
    )
    plurals = (
        "ases",
        "dois",
        "três",
        "quatros",
        "cincos",
        "seis",
        "setes",
        "oitos",
        "noves",
        "dez",
        "valetes",
        "damas",
        "reis",
    )
    suits = ("espadas", "copas", "ouros", "paus")
    definite = {
        "-": {"m": "o", "f": "a", "pl.m": "os", "pl.f": "as"},
        "of": {"m": "do", "f": "da", "pl.m": "dos", "pl.f": "das"},
        "to": {"m": "ao", "f": "à", "pl.m": "aos", "pl.f": "às"},
        "in": {"m": "no", "f": "na", "pl.m": "nos", "pl.f": "nas"},
        "by": {"m": "pelo", "f": "pela", "pl.m": "pelos", "pl.f": "pelas"},
    }
    indefinite = {"m": "um", "f": "uma", "pl.m": "uns", "pl.f": "umas"}
    negative = {"m": "nenhum", "f": "nenhuma"}
    prepositions = {"of": "de", "to": "a", "in": "em", "by": "por"}


# -- Russian ------------------------------------------------------------------------------------
def _ka(stem: str) -> dict[str, str]:
    """A feminine rank noun in -ка/-а: its six cases, then the plural's nominative and genitive."""
    soft = stem[-1] in "кгхжчшщ"
    return {
        "nom": stem + "а",
        "gen": stem + ("и" if soft else "ы"),
        "dat": stem + "е",
        "acc": stem + "у",
        "ins": stem + "ой",
        "pre": stem + "е",
        "pl": stem + ("и" if soft else "ы"),
    }


def _masc(stem: str, soft: bool = False) -> dict[str, str]:
    """A masculine rank noun (animate in card games: "бить туза")."""
    a, u, om, e = ("я", "ю", "ём", "е") if soft else ("а", "у", "ом", "е")
    return {
        "nom": stem + ("ь" if soft else ""),
        "gen": stem + a,
        "dat": stem + u,
        "acc": stem + a,
        "ins": stem + om,
        "pre": stem + e,
        "pl": stem + ("и" if soft else "ы"),
    }


_RU_PL_GEN = (
    "тузов",
    "двоек",
    "троек",
    "четвёрок",
    "пятёрок",
    "шестёрок",
    "семёрок",
    "восьмёрок",
    "девяток",
    "десяток",
    "валетов",
    "дам",
    "королей",
)


class Russian(Grammar):
    genders = ("m",) + ("f",) * 9 + ("m", "f", "m")
    nouns = (
        _masc("туз"),
        _ka("двойк"),
        _ka("тройк"),
        _ka("четвёрк"),
        _ka("пятёрк"),
        _ka("шестёрк"),
        _ka("семёрк"),
        _ka("восьмёрк"),
        _ka("девятк"),
        _ka("десятк"),
        _masc("валет"),
        _ka("дам"),
        _masc("корол", soft=True),
    )
    suits = ("пик", "червей", "бубён", "треф")
    _pl_dat = {"dat": "ам", "ins": "ами", "pre": "ах"}

    def _noun(self, rank: int, form: Form) -> str:
        forms = self.nouns[rank - 1]
        if not form.plural:
            return forms[form.case]
        if form.case in ("gen",) or (form.case == "acc" and self.gender(rank) == "m"):
            return _RU_PL_GEN[rank - 1]
        if form.case in self._pl_dat:
            stem = forms["pl"][:-1]
            end = self._pl_dat[form.case]
            return stem + (end.replace("а", "я", 1) if rank == 13 else end)
        return forms["pl"]

    def name(self, rank: int, suit: int | None, form: Form, spoken: bool) -> str:
        if spoken:
            noun = self._noun(rank, form)
            text = noun if suit is None else f"{noun} {self.suits[suit]}"
        else:
            text = _written(rank, suit)
        return _cap(text, form)


GRAMMARS: dict[str, Grammar] = {
    "en": English(),
    "de": German(),
    "fr": French(),
    "es": Spanish(),
    "it": Italian(),
    "pt_BR": Portuguese(),
    "ru": Russian(),
}


def grammar(code: str) -> Grammar:
    return GRAMMARS.get(code) or GRAMMARS["en"]


@dataclass(frozen=True, slots=True)
class Rank:
    """A rank named alone in a sentence ("a 4 needs a 9"): an argument of a :class:`~.say.Say`."""

    rank: int  # 1..13


class CardName:
    """A card (or a rank) as it stands in one rendered sentence: ``format(name, spec)`` gives the
    form the spec asks for (see the module's doc)."""

    __slots__ = ("rank", "suit", "code", "spoken")

    def __init__(self, rank: int, suit: int | None, code: str, spoken: bool) -> None:
        self.rank, self.suit, self.code, self.spoken = rank, suit, code, spoken

    @classmethod
    def of(cls, card: int, code: str, spoken: bool) -> CardName:
        c = CARDS[int(card)]
        return cls(c.rank, c.suit, code, spoken)

    def __format__(self, spec: str) -> str:
        g = grammar(self.code)
        if spec.startswith("?"):
            return g.choose(self.rank, spec[1:])
        return g.name(self.rank, self.suit, parse_spec(spec), self.spoken)

    def __str__(self) -> str:
        return format(self, "")


def card_name(card: int, code: str = "en", spoken: bool = False, spec: str = "") -> str:
    """A card's name: ``card_name(CARDS[47], "de", spoken=True)`` is ``Kreuz-Dame``."""
    return format(CardName.of(card, code, spoken), spec)


def rank_name(rank: int, code: str = "en", spoken: bool = False, spec: str = "") -> str:
    return format(CardName(rank, None, code, spoken), spec)


__all__ = [
    "GRAMMARS",
    "CardName",
    "Form",
    "Grammar",
    "Rank",
    "card_name",
    "parse_spec",
    "rank_name",
]
