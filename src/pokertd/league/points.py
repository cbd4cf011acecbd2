"""Points formulas: what a finishing place is worth in a league, exactly.

A season has one formula, written as text (``PointsFormula.parse`` / ``str``):

- ``table:100,80,65,50`` a fixed table by place; places past the table score 0.
- ``linear`` (or ``linear:K``): ``K × (entries − place + 1)``; the last place scores K, the winner
  K times the field.
- ``sqrt`` (or ``sqrt:K``, default K = 10): ``K × √(entries ÷ place)``, the place-and-field part
  of the PokerStars Tournament Leader Board formula ``10 × √n/√k × (1 + log(b + 0.25))`` that many
  leagues copy (n entrants, k the place, b the buy-in in dollars; published e.g. on
  pokerstarsnetwork.com "Poker Tournament Ranking System" and twitterpokertour.com "How are
  points calculated"). The full formula, buy-in term included, is the custom formula
  ``10*sqrt(entries/place)*(1+log(buyin+0.25))``.
- anything else is a custom formula (``pokertd.league.expression``) in ``place``, ``entries``,
  ``prize``, ``buyin``, ``bounties`` (money, in euros: the stored cents divided by 100),
  ``rebuys``, ``addons``, ``knockouts`` (what the player bought and did) and ``paid_places``
  (the places the event paid).

Every formula can add a participation ``bonus`` to each result. Players who share places (the
places 9 and 10, say) score the average of those places' points, as they share those places'
prizes (ELIM-SIMULTANEOUS). Points are ``Fraction`` values, exact; they are rounded only when
shown (``show_points``: two decimals, half away from zero).

>>> formula = PointsFormula.parse("linear", bonus=5)
>>> formula.points(place=1, entries=12), formula.points(place=9, shared=2, entries=12)
(Fraction(17, 1), Fraction(17, 2))
>>> show_points(PointsFormula.parse("sqrt").points(place=3, entries=20))
'25.82'
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from pokertd.errors import ParseError
from pokertd.league.expression import Expression
from pokertd.messages import Message, decimal_mark, message


class FormulaKind(StrEnum):
    """The kinds of points formula."""

    TABLE = "table"
    LINEAR = "linear"
    SQRT = "sqrt"
    EXPRESSION = "expression"


#: French names a director may type for the kinds (shown back in English).
_ALIASES = {"linéaire": "linear", "lineaire": "linear", "racine": "sqrt", "tableau": "table"}
_DEFAULT_FACTOR = {FormulaKind.LINEAR: Fraction(1), FormulaKind.SQRT: Fraction(10)}
#: A number of points: a decimal (point or comma) or, as ``decimal_text`` writes what has no
#: finite decimal form, a fraction such as ``1/3``.
_DECIMAL = re.compile(r"\d+(?:[.,]\d+)?|[.,]\d+|\d+/[1-9]\d*")
#: Fields tried when a custom formula is checked: (entries, places tried, prize, buyin).
_TRIALS = ((2, (1, 2)), (10, tuple(range(1, 11))), (100, (1, 2, 3, 10, 50, 99, 100)))


def parse_number(text: str, *, what: Message | str) -> Fraction:
    """Read a number of points from 0: ``12``, ``12.5``, ``12,5`` or ``1/3``; raise ParseError
    naming ``what`` for anything else.

    >>> parse_number("12,5", what=message("the bonus"))
    Fraction(25, 2)
    >>> parse_number(decimal_text(Fraction(1, 3)), what=message("the bonus"))
    Fraction(1, 3)
    """
    cleaned = text.strip().replace(" ", "")
    if not _DECIMAL.fullmatch(cleaned):
        raise ParseError(
            message(
                "{what} is a number from 0 such as 10 or 2.5, not {text!r}", what=what, text=text
            )
        )
    return Fraction(cleaned.replace(",", "."))


def decimal_text(number: Fraction) -> str:
    """Write a number exactly: ``12.5`` when it has a finite decimal form, else ``25/3``.

    >>> decimal_text(Fraction(25, 2)), decimal_text(Fraction(25, 3)), decimal_text(Fraction(-4))
    ('12.5', '25/3', '-4')
    """
    denominator = number.denominator
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    if denominator != 1:
        return str(number)
    digits = max(twos, fives)
    if digits == 0:
        return str(number.numerator)
    scaled = abs(number) * 10**digits
    whole, part = divmod(int(scaled), 10**digits)
    return f"{'-' if number < 0 else ''}{whole}.{part:0{digits}d}"


def show_points(points: Fraction) -> str:
    """Return points as shown: whole points as they are, others to two decimals (half away from
    zero), with a decimal point (the reader's language writes it:
    ``pokertd.present.formats.show_points``).

    >>> show_points(Fraction(100)), show_points(Fraction(2, 3)), show_points(Fraction(5, 8))
    ('100', '0.67', '0.63')
    """
    if points.denominator == 1:
        return str(points.numerator)
    cents = math.floor(abs(points) * 100 + Fraction(1, 2))
    return f"{'-' if points < 0 else ''}{cents // 100}.{cents % 100:02d}"


def rounded(points: Fraction) -> float:
    """Return points to two decimals as a float, for JSON (the exact value goes alongside).

    >>> rounded(Fraction(2, 3))
    0.67
    """
    return float(show_points(points)) if points.denominator != 1 else float(points.numerator)


@dataclass(frozen=True, slots=True)
class Done:
    """What a player bought and did in an event, and the places it paid: the inputs of a
    formula beside place, field and money."""

    rebuys: int = 0
    addons: int = 0
    knockouts: int = 0
    paid_places: int = 0


@dataclass(frozen=True, slots=True)
class PointsFormula:
    """A season's points formula; ``parse(str(formula), bonus=formula.bonus)`` gives it back.

    >>> PointsFormula.parse("table:100,80,60")
    PointsFormula.parse('table:100,80,60')
    >>> PointsFormula.parse("sqrt:12", bonus="2.5")
    PointsFormula.parse('sqrt:12', bonus='2.5')
    """

    kind: FormulaKind
    table: tuple[Fraction, ...] = ()
    factor: Fraction = Fraction(1)
    expression: Expression | None = None
    bonus: Fraction = Fraction(0)

    @classmethod
    def parse(cls, text: str, *, bonus: Fraction | int | str = 0) -> PointsFormula:
        """Read a formula (``table:...``, ``linear[:K]``, ``sqrt[:K]`` or a custom formula) and
        check it.

        A custom formula is tried on fields of 2, 10 and 100 entries (no prize, a 20 euro
        buy-in, no bounty) so that one that cannot be computed is refused now, not when an
        event is added. Raises ParseError saying what is wrong and where.

        >>> PointsFormula.parse("100 / (place - 1)")
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: the formula '100 / (place - 1)' cannot be computed for \
place 1 of 2 entries (prize 0, buy-in 20, bounties 0): division by zero in '100 / (place - 1)'
        """
        extra = _bonus(bonus)
        source = text.strip() if isinstance(text, str) else ""
        head, colon, argument = source.partition(":")
        name = _ALIASES.get(head.strip().lower(), head.strip().lower())
        if name == FormulaKind.TABLE:
            return cls(FormulaKind.TABLE, table=_table(argument), bonus=extra)
        if name in (FormulaKind.LINEAR, FormulaKind.SQRT):
            kind = FormulaKind(name)
            factor = _DEFAULT_FACTOR[kind]
            if colon:
                factor = parse_number(argument, what=message("the factor of {kind}", kind=kind))
            return cls(kind, factor=factor, bonus=extra)
        if name == "expr" and colon:
            source = argument.strip()
        formula = cls(FormulaKind.EXPRESSION, expression=Expression.parse(source), bonus=extra)
        formula._try()
        return formula

    def points(
        self,
        *,
        place: int,
        entries: int,
        shared: int = 1,
        prize: int = 0,
        buyin: int = 0,
        bounties: int = 0,
        done: Done | None = None,
    ) -> Fraction:
        """Return the points of a result: ``place`` (shared by ``shared`` players) in a field of
        ``entries``; ``prize``, ``buyin`` and ``bounties`` in cents; ``done``, what the player
        bought and did and the places paid. The bonus is included.

        Raises ParseError when a custom formula cannot be computed for these values.

        >>> PointsFormula.parse("table:100,80,60").points(place=3, shared=2, entries=9)
        Fraction(30, 1)
        >>> PointsFormula.parse("(place <= paid_places) * 10 + 2 * knockouts - rebuys").points(
        ...     place=2, entries=9, done=Done(rebuys=1, knockouts=3, paid_places=2))
        Fraction(15, 1)
        """
        counts = done or Done()
        total = sum(
            (
                self._base(place + offset, entries, prize, buyin, bounties, counts)
                for offset in range(shared)
            ),
            Fraction(0),
        )
        return total / shared + self.bonus

    def _base(
        self, place: int, entries: int, prize: int, buyin: int, bounties: int, done: Done
    ) -> Fraction:
        match self.kind:
            case FormulaKind.TABLE:
                return self.table[place - 1] if place <= len(self.table) else Fraction(0)
            case FormulaKind.LINEAR:
                return self.factor * (entries - place + 1)
            case FormulaKind.SQRT:
                return self.factor * _SQRT.evaluate({"place": place, "entries": entries})
        assert self.expression is not None
        values = {
            "place": Fraction(place),
            "entries": Fraction(entries),
            "prize": Fraction(prize, 100),
            "buyin": Fraction(buyin, 100),
            "bounties": Fraction(bounties, 100),
            "rebuys": Fraction(done.rebuys),
            "addons": Fraction(done.addons),
            "knockouts": Fraction(done.knockouts),
            "paid_places": Fraction(done.paid_places),
        }
        try:
            return self.expression.evaluate(values)
        except ParseError as error:
            raise ParseError(
                message(
                    "the formula {formula!r} cannot be computed for place {place} of {entries} "
                    "entries (prize {prize}, buy-in {buyin}, bounties {bounties}): {error}",
                    formula=str(self),
                    place=place,
                    entries=entries,
                    prize=_euros(prize),
                    buyin=_euros(buyin),
                    bounties=_euros(bounties),
                    error=error.message,
                )
            ) from None

    def _try(self) -> None:
        for entries, places in _TRIALS:
            for place in places:
                self._base(place, entries, 0, 2000, 0, Done(paid_places=entries // 5))

    def describe(self) -> Message:
        """Return the formula in words (``pokertd.present.i18n.render`` shows it in a language).

        >>> str(PointsFormula.parse("sqrt", bonus=5).describe())
        '10 × √(entries ÷ place), plus 5 points per event played'
        """
        factor = decimal_mark(decimal_text(self.factor))
        match self.kind:
            case FormulaKind.TABLE:
                listed = ", ".join(decimal_text(value) for value in self.table)
                text = message(
                    "{listed} points for places 1 to {count}, 0 below",
                    listed=listed,
                    count=len(self.table),
                )
            case FormulaKind.LINEAR:
                field = message("entries − place + 1")
                if self.factor != 1:
                    field = message("{factor} × ({field})", factor=factor, field=field)
                text = field
            case FormulaKind.SQRT:
                text = message("{factor} × √(entries ÷ place)", factor=factor)
            case _:
                text = message("{formula}", formula=str(self.expression))
        if self.bonus:
            bonus = decimal_mark(show_points(self.bonus))
            return message(
                "{formula}, plus {bonus} points per event played", formula=text, bonus=bonus
            )
        return text

    def __str__(self) -> str:
        match self.kind:
            case FormulaKind.TABLE:
                return "table:" + ",".join(decimal_text(value) for value in self.table)
            case FormulaKind.LINEAR | FormulaKind.SQRT:
                if self.factor == _DEFAULT_FACTOR[self.kind]:
                    return str(self.kind)
                return f"{self.kind}:{decimal_text(self.factor)}"
        return str(self.expression)

    def __repr__(self) -> str:
        bonus = f", bonus={decimal_text(self.bonus)!r}" if self.bonus else ""
        return f"PointsFormula.parse({str(self)!r}{bonus})"


_SQRT = Expression.parse("sqrt(entries / place)")


def _bonus(value: Fraction | int | str) -> Fraction:
    if isinstance(value, str):
        return parse_number(value, what=message("the bonus"))
    if isinstance(value, bool) or not isinstance(value, int | Fraction) or value < 0:
        raise ParseError(
            message("the bonus is a number of points from 0, not {value!r}", value=value)
        )
    return Fraction(value)


def _table(text: str) -> tuple[Fraction, ...]:
    parts = [part for part in re.split(r"[\s,;]+", text.strip()) if part]
    if not parts:
        raise ParseError(
            message("a points table lists the points of each place, e.g. table:100,80,65,50")
        )
    if len(parts) > 1000:
        raise ParseError(message("a points table has at most 1000 places"))
    values = []
    for index, part in enumerate(parts, start=1):
        if not re.fullmatch(r"\d+(?:\.\d+)?|\.\d+", part):
            raise ParseError(
                message(
                    "the points of place {index} in the table are a number from 0 such "
                    "as 10 or 2.5, not {part!r}",
                    index=index,
                    part=part,
                )
            )
        values.append(Fraction(part))
    return tuple(values)


def _euros(cents: int) -> str:
    return decimal_text(Fraction(cents, 100))
