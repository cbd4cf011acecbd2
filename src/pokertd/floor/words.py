"""What a player said at the table, in English or French, as a typed ``Declaration``.

``parse_declaration("relance 8000")`` reads the words a dealer or floor person enters; ``str()``
writes a declaration back as canonical English that parses to the same value. What the words
*amount to* for the player to act (a total, a correction, a conflict with the chips) is decided by
``pokertd.floor.chips.interpret``; this module only reads them.

Amounts: ``8000``, ``8 000``, ``8.000``, ``8,000``, ``8k``, ``1,5k``, ``8 mille``. A number written
with plain digits and below the big blind is flagged ``is_abbreviated`` (BET-AMBIGUOUS-AMOUNT: at
200/400, "5" stands for 500 or 5000); a number written with ``k``, ``mille`` or a thousands
separator never is. Increments: "plus 4000", "+4000", "4000 more", "4000 de mieux", "4000 de plus",
"raise by 4000", "relance de 4000" (BET-VERBAL-TOTAL). A raise stated in two parts, "raise: the
1500 ... plus 4000" (LFP 7.10), keeps the first part as ``call_part``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import StrEnum

from pokertd.errors import ParseError
from pokertd.messages import message


class Said(StrEnum):
    """The action named by the words (``None`` in a ``Declaration`` when only an amount is said)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"
    #: "Pot", "bet the pot", "je mise le pot": valid in pot-limit only (BET-POT-DECLARATION-NL).
    POT = "pot"


@dataclass(frozen=True, slots=True)
class Declaration:
    """The words of one declaration: the action said, the amount, and how the amount was said.

    ``amount`` is the number said (``None`` if none); ``is_increment`` marks "plus X" and its
    kin; ``call_part`` is the first part of a two-part raise ("raise: the 1500 ... plus 4000");
    ``is_abbreviated`` marks a bare number below the big blind ("5" at 200/400).

    >>> declaration = parse_declaration("Relance de 4 000")
    >>> declaration
    Declaration(kind=<Said.RAISE: 'raise'>, amount=4000, is_increment=True, call_part=None, \
is_abbreviated=False)
    >>> str(declaration)
    'raise plus 4000'
    """

    kind: Said | None
    amount: int | None = None
    is_increment: bool = False
    call_part: int | None = None
    is_abbreviated: bool = False

    @classmethod
    def parse(cls, text: str, *, big_blind: int | None = None) -> Declaration:
        """Read a declaration; the same as ``parse_declaration``."""
        return parse_declaration(text, big_blind=big_blind)

    def __str__(self) -> str:
        parts = [] if self.kind is None else [self.kind.value]
        if self.call_part is not None:
            parts.append(f"the {self.call_part}")
        if self.amount is not None:
            parts.append(f"plus {self.amount}" if self.is_increment else str(self.amount))
        return " ".join(parts)


def parse_declaration(text: str, *, big_blind: int | None = None) -> Declaration:
    """Read the words a player said, in English or French.

    ``big_blind`` (when given) decides ``is_abbreviated``: a bare number written with plain digits
    and below the big blind is an abbreviation (BET-AMBIGUOUS-AMOUNT).

    >>> parse_declaration("je suis").kind, parse_declaration("parole").kind
    (<Said.CALL: 'call'>, <Said.CHECK: 'check'>)
    >>> parse_declaration("5", big_blind=400).is_abbreviated
    True
    >>> parse_declaration("raise: the 1500 ... plus 4000")
    Declaration(kind=<Said.RAISE: 'raise'>, amount=4000, is_increment=True, call_part=1500, \
is_abbreviated=False)

    Raises ParseError for words it does not know, quoting the text.
    """
    tokens = _tokens(text)
    if not tokens:
        raise ParseError(message("nothing was said in {text!r}; {known}", text=text, known=_KNOWN))
    kinds = [token for token in tokens if isinstance(token, Said)]
    kind = _one_kind(text, kinds)
    numbers = [token for token in tokens if isinstance(token, _Number)]
    call_part: int | None = None
    if len(numbers) > 2:
        raise ParseError(
            message(
                "{text!r} names {count} amounts; a declaration names one",
                text=text,
                count=len(numbers),
            )
        )
    first = numbers[0] if numbers else None
    is_increment = first is not None and _is_increment(tokens, first)
    if len(numbers) == 2:
        second = numbers[1]
        if first is None or is_increment or not _is_increment(tokens, second):
            raise ParseError(
                message(
                    "{text!r} names two amounts; only a raise in two parts does, as in "
                    "'raise: the 1500 ... plus 4000' (BET-VERBAL-TOTAL)",
                    text=text,
                )
            )
        call_part, first, is_increment = first.value, second, True
    if first is not None and kind in (Said.FOLD, Said.CHECK, Said.POT):
        raise ParseError(message("{text!r}: {kind} takes no amount", text=text, kind=kind.value))
    if is_increment and kind not in (None, Said.BET, Said.RAISE):
        raise ParseError(
            message("{text!r}: only a bet or raise is made by an added amount", text=text)
        )
    amount = None if first is None else first.value
    if kind is None and amount is None:
        raise ParseError(
            message("{text!r} says no action and no amount; {known}", text=text, known=_KNOWN)
        )
    is_abbreviated = (
        first is not None
        and not first.is_explicit
        and big_blind is not None
        and 0 < first.value < big_blind
    )
    return Declaration(kind, amount, is_increment, call_part, is_abbreviated)


# -- tokens -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Number:
    value: int
    #: Written with "k", "mille" or a thousands separator: never an abbreviation.
    is_explicit: bool
    position: int


class _Marker(StrEnum):
    PLUS = "plus"  # before the amount: "plus 4000", "+4000", "raise by", "relance de"
    MORE = "more"  # after the amount: "4000 more", "4000 de mieux", "4000 de plus"


_Token = Said | _Number | _Marker

_NUMBER = re.compile(
    r"(?<![\w#])(\d{1,3}(?:[ \u00a0\u202f.,']\d{3})+(?![\d.,]\d)|\d+)"  # 8 000, 8.000, 8000
    r"(?:[.,](\d+))?"  # 1,5 (only with a multiplier)
    r"\s*(k|mille|thousand|grand)?(?![\w])",
    re.IGNORECASE,
)

# Phrases, longest first; each maps to what it means. Accents are removed before matching.
_PHRASES: tuple[tuple[str, _Token | tuple[_Token, ...] | None], ...] = tuple(
    sorted(
        {
            # fold
            "fold": Said.FOLD, "folds": Said.FOLD, "i fold": Said.FOLD, "passe": Said.FOLD,
            "je passe": Said.FOLD, "passer": Said.FOLD, "je me couche": Said.FOLD,
            "me couche": Said.FOLD, "couche": Said.FOLD, "muck": Said.FOLD,
            # check
            "check": Said.CHECK, "checks": Said.CHECK, "parole": Said.CHECK,
            "checke": Said.CHECK, "je check": Said.CHECK, "je checke": Said.CHECK,
            # call
            "call": Said.CALL, "calls": Said.CALL, "i call": Said.CALL, "calling": Said.CALL,
            "suivi": Said.CALL, "je suis": Said.CALL, "suis": Said.CALL, "je suis la": Said.CALL,
            "suivre": Said.CALL, "paye": Said.CALL, "je paye": Said.CALL, "paie": Said.CALL,
            "je paie": Said.CALL, "je call": Said.CALL, "payer": Said.CALL,
            # bet
            "bet": Said.BET, "bets": Said.BET, "i bet": Said.BET, "mise": Said.BET,
            "je mise": Said.BET, "miser": Said.BET, "ouvre": Said.BET, "j ouvre": Said.BET,
            "open": Said.BET, "j ouvre a": Said.BET,
            # raise
            "raise": Said.RAISE, "raises": Said.RAISE, "i raise": Said.RAISE,
            "reraise": Said.RAISE, "re raise": Said.RAISE, "relance": Said.RAISE,
            "je relance": Said.RAISE, "relancer": Said.RAISE, "surrelance": Said.RAISE,
            "sur relance": Said.RAISE, "je surrelance": Said.RAISE, "raise to": Said.RAISE,
            "relance a": Said.RAISE, "raise it": Said.RAISE, "make it": Said.RAISE,
            "raise by": (Said.RAISE, _Marker.PLUS), "relance de": (Said.RAISE, _Marker.PLUS),
            "je relance de": (Said.RAISE, _Marker.PLUS), "i raise by": (Said.RAISE, _Marker.PLUS),
            # all-in
            "allin": Said.ALL_IN, "i m allin": Said.ALL_IN, "im allin": Said.ALL_IN,
            "tapis": Said.ALL_IN, "je fais tapis": Said.ALL_IN, "fais tapis": Said.ALL_IN,
            "je suis a tapis": Said.ALL_IN, "je suis tapis": Said.ALL_IN, "a tapis": Said.ALL_IN,
            "shove": Said.ALL_IN, "je tapis": Said.ALL_IN,
            # pot
            "pot": Said.POT, "the pot": Said.POT, "le pot": Said.POT, "pot it": Said.POT,
            # increments
            "plus": _Marker.PLUS, "+": _Marker.PLUS, "by": _Marker.PLUS, "more": _Marker.MORE,
            "de mieux": _Marker.MORE, "de plus": _Marker.MORE, "en plus": _Marker.MORE,
            # words that add nothing
            "i": None, "je": None, "j": None, "to": None, "a": None, "the": None, "les": None,
            "le": None, "la": None, "l": None, "it": None, "and": None, "et": None,
            "then": None, "puis": None, "alors": None, "ok": None, "okay": None, "euh": None,
            "uh": None, "um": None, "total": None, "for a total of": None,
            "pour un total de": None, "chips": None, "jetons": None, "just": None,
            "juste": None, "so": None, "donc": None, "de": None, "un": None, "une": None,
        }.items(),
        key=lambda item: -len(item[0].split()),
    )
)  # fmt: skip
_LONGEST = max(len(phrase.split()) for phrase, _ in _PHRASES)
_BY_PHRASE: dict[str, _Token | tuple[_Token, ...] | None] = dict(_PHRASES)

#: What a declaration may say (the French words are words a player says, not a translation).
_KNOWN = message(
    "say fold, check, call, bet, raise, all-in or pot, with an amount if any "
    "(passe, parole, suivi, je suis, payé, mise, relance, tapis, je mise le pot)"
)

_ACCENTS = str.maketrans("àâäéèêëîïôöùûüç", "aaaeeeeiioouuuc")


def _tokens(text: str) -> list[_Token]:
    """Cut the text into actions, amounts and increment markers; unknown words raise."""
    lowered = text.lower().translate(_ACCENTS).replace("’", "'").replace("…", " ")
    numbers: list[_Number] = []

    def keep(match: re.Match[str]) -> str:
        numbers.append(_read_number(text, match, len(numbers)))
        return f" #{len(numbers) - 1} "

    spaced = _NUMBER.sub(keep, lowered)
    spaced = re.sub(r"\ball[\s-]*in\b", "allin", spaced)
    spaced = spaced.replace("+", " + ").replace("'", " ")
    words = re.sub(r"[^\w#+]+", " ", spaced).replace("_", " ").split()
    tokens: list[_Token] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word.startswith("#") and word[1:].isdigit():
            tokens.append(numbers[int(word[1:])])
            index += 1
            continue
        for size in range(min(_LONGEST, len(words) - index), 0, -1):
            phrase = " ".join(words[index : index + size])
            if phrase in _BY_PHRASE:
                meaning = _BY_PHRASE[phrase]
                if isinstance(meaning, tuple):
                    tokens.extend(meaning)
                elif meaning is not None:
                    tokens.append(meaning)
                index += size
                break
        else:
            raise ParseError(
                message(
                    "cannot read {text!r}: unknown word {word!r}; {known}",
                    text=text,
                    word=word,
                    known=_KNOWN,
                )
            )
    return tokens


def _read_number(text: str, match: re.Match[str], position: int) -> _Number:
    digits, decimals, multiplier = match.group(1), match.group(2), match.group(3)
    grouped = not digits.isdigit()
    plain = re.sub(r"\D", "", digits)
    try:
        value = Decimal(plain + ("." + decimals if decimals else ""))
    except InvalidOperation:  # pragma: no cover - the pattern only lets digits through
        raise ParseError(
            message(
                "cannot read the amount {amount!r} in {text!r}", amount=match.group(0), text=text
            )
        ) from None
    if multiplier:
        value *= 1000
    if value != value.to_integral_value() or value <= 0:
        raise ParseError(
            message(
                "cannot read the amount {amount!r} in {text!r}: chips are whole numbers above 0",
                amount=match.group(0).strip(),
                text=text,
            )
        )
    return _Number(int(value), bool(multiplier) or grouped, position)


def _one_kind(text: str, kinds: list[Said]) -> Said | None:
    distinct = set(kinds)
    if len(distinct) <= 1:
        return kinds[0] if kinds else None
    # "bet the pot", "raise pot", "je mise le pot": a pot declaration.
    if Said.POT in distinct and distinct <= {Said.POT, Said.BET, Said.RAISE}:
        return Said.POT
    # "raise all-in", "je mise tapis": all-in.
    if Said.ALL_IN in distinct and distinct <= {Said.ALL_IN, Said.BET, Said.RAISE, Said.CALL}:
        return Said.ALL_IN
    # "bet, raise 800": a raise.
    if distinct == {Said.BET, Said.RAISE}:
        return Said.RAISE
    named = ", ".join(kind.value for kind in kinds)
    raise ParseError(
        message(
            "{text!r} says several actions ({named}); a declaration says one",
            text=text,
            named=named,
        )
    )


def _is_increment(tokens: list[_Token], number: _Number) -> bool:
    """Return whether ``number`` is said as an increment: "plus X", "raise by X", "relance de X",
    or "X more", "X de mieux"."""
    at = tokens.index(number)
    before = tokens[at - 1] if at > 0 else None
    after = tokens[at + 1] if at + 1 < len(tokens) else None
    return before is _Marker.PLUS or after is _Marker.MORE
