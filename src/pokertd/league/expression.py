"""A custom points formula: an expression a director types, read safely and computed exactly.

The text is parsed by Python's ``ast`` and every node is checked against a whitelist: numbers, the
variables (``place``, ``entries``, ``prize``, ``buyin``, ``bounties``, ``rebuys``, ``addons``,
``knockouts``, ``paid_places``), ``+ - * /``, ``^`` (or
``**``) for powers, parentheses, comparisons (worth 1 when true, 0 when false) and the functions
``sqrt``, ``log`` (base 10, as a spreadsheet's LOG), ``ln``, ``abs``, ``min``, ``max``, ``round``,
``floor`` and ``ceil``. The checked tree is turned into pokertd's own nodes; Python never
evaluates anything (no ``eval``, no ``compile``). Anything else (an attribute, an unknown name, a
string, a lambda...) is refused at once, saying what and where.

Arithmetic is exact (``Fraction``). ``sqrt``, ``log``, ``ln`` and powers that are not whole are
exact when the result is rational (``sqrt(25)``, ``log(1000)``); otherwise they are worked out
to 50 significant digits with ``decimal`` (the same on every machine) and that decimal is kept
exactly. Exponents are limited to 100 and numbers to 4,096 bits, so that no formula can take the
machine down.

>>> formula = Expression.parse("10 * sqrt(entries / place)")
>>> formula.evaluate({"place": 4, "entries": 100, "prize": 0, "buyin": 20, "bounties": 0})
Fraction(50, 1)
>>> Expression.parse("place.__class__")
Traceback (most recent call last):
...
pokertd.errors.ParseError: the formula 'place.__class__' is not valid at character 1: \
attributes such as 'place.__class__' are not allowed
"""

from __future__ import annotations

import ast
import decimal
import difflib
import math
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from pokertd.errors import ParseError
from pokertd.messages import Message, message

#: The variables a formula may use, in the order the docs list them.
VARIABLES = (
    "place",
    "entries",
    "prize",
    "buyin",
    "bounties",
    "rebuys",
    "addons",
    "knockouts",
    "paid_places",
)
#: Functions and how many arguments each takes (at least, at most; None: no limit).
FUNCTIONS: dict[str, tuple[int, int | None]] = {
    "sqrt": (1, 1),
    "log": (1, 1),
    "ln": (1, 1),
    "abs": (1, 1),
    "min": (2, None),
    "max": (2, None),
    "round": (1, 2),
    "floor": (1, 1),
    "ceil": (1, 1),
}
MAX_LENGTH = 500
MAX_EXPONENT = 100
MAX_BITS = 4096
DIGITS = 50

_CONTEXT = decimal.Context(prec=DIGITS, Emax=999_999, Emin=-999_999)
_NUMBER = re.compile(r"(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE]([+-]?\d+))?")
_SYMBOLS = {"^": "**", "×": "*", "÷": "/", "−": "-", "\n": " ", "\r": " ", "\t": " "}
_OPERATORS: dict[type, str] = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.Pow: "^",
}
_COMPARISONS: dict[type, Callable[[Fraction, Fraction], bool]] = {
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
}


class Expression:
    """A checked formula: ``parse(text)`` and ``str(expression)`` round-trip.

    >>> Expression.parse("entries - place + 1")
    Expression.parse('entries - place + 1')
    >>> sorted(Expression.parse("max(0, 100 - 10*place) + bounties").variables)
    ['bounties', 'place']
    """

    __slots__ = ("_root", "source", "variables")

    def __init__(self, source: str, root: _Node, variables: frozenset[str]) -> None:
        self.source = source
        self.variables = variables
        self._root = root

    @classmethod
    def parse(cls, text: str) -> Expression:
        """Read and check ``text``.

        Raises ParseError naming the first thing that is not allowed and where it is (its
        character, counted from 1).

        >>> Expression.parse("10 * sqrt(entrants)")
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: the formula '10 * sqrt(entrants)' is not valid at character \
11: unknown variable 'entrants' (did you mean 'entries'?); the variables are place, entries, \
prize, buyin, bounties, rebuys, addons, knockouts, paid_places
        """
        source = text.strip() if isinstance(text, str) else ""
        if not source:
            raise ParseError(message("the formula is empty"))
        if len(source) > MAX_LENGTH:
            raise ParseError(
                message(
                    "the formula is too long ({length} characters; at most {most})",
                    length=len(source),
                    most=MAX_LENGTH,
                )
            )
        python, origin = _translate(source)
        try:
            tree = ast.parse(python, mode="eval")
        except SyntaxError as error:
            column = origin[min(max((error.offset or 1) - 1, 0), len(origin) - 1)] + 1
            reason = (error.msg or "syntax error").removeprefix("invalid syntax. ")
            why = message("{syntax_error}", syntax_error=reason)  # Python's words, in English
            raise _invalid(source, column, why) from None
        except (RecursionError, MemoryError, ValueError):
            raise ParseError(
                message("the formula {source!r} is nested too deeply", source=source)
            ) from None
        reader = _Reader(source, python, origin)
        try:
            root = reader.node(tree.body)
        except RecursionError:
            raise ParseError(
                message("the formula {source!r} is nested too deeply", source=source)
            ) from None
        return cls(source, root, frozenset(reader.used))

    def evaluate(self, values: Mapping[str, Fraction | int]) -> Fraction:
        """Return the formula's value for ``values`` (every variable it uses, as numbers).

        Raises ParseError for what cannot be computed: a division by zero, the square root or
        the log of a negative number, a number too large.

        >>> Expression.parse("100 / (place - 1)").evaluate({"place": 1})
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: division by zero in '100 / (place - 1)'
        """
        exact = {name: Fraction(values[name]) for name in self.variables}
        return self._root.value(exact)

    def __str__(self) -> str:
        return self.source

    def __repr__(self) -> str:
        return f"Expression.parse({self.source!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Expression) and other.source == self.source

    def __hash__(self) -> int:
        return hash(self.source)


# -- reading --------------------------------------------------------------------------------------


def _translate(source: str) -> tuple[str, list[int]]:
    """Return the text Python reads (``^`` as ``**``, ``×`` as ``*``...) and, for each of its
    characters, where it came from in ``source``."""
    python: list[str] = []
    origin: list[int] = []
    for index, character in enumerate(source):
        replacement = _SYMBOLS.get(character, character)
        python.append(replacement)
        origin.extend([index] * len(replacement))
    origin.append(len(source))
    return "".join(python), origin


def _invalid(source: str, column: int, why: Message) -> ParseError:
    return ParseError(
        message(
            "the formula {source!r} is not valid at character {column}: {why}",
            source=source,
            column=column,
            why=why,
        )
    )


class _Reader:
    """Turns a checked ``ast`` tree into formula nodes, refusing anything off the whitelist."""

    def __init__(self, source: str, python: str, origin: list[int]) -> None:
        self.source, self.python, self.origin = source, python, origin
        self.used: set[str] = set()

    def text(self, node: ast.expr) -> str:
        """Return the text of ``node`` as the director typed it (``^``, not ``**``)."""
        start = self._character(node.col_offset)
        end = self._character(node.end_col_offset or node.col_offset)
        first = self.origin[min(start, len(self.origin) - 1)]
        last = self.origin[min(max(end - 1, start), len(self.origin) - 1)]
        return self.source[first : last + 1]

    def where(self, node: ast.expr) -> int:
        """Return the 1-based character of ``source`` where ``node`` starts."""
        return self.origin[min(self._character(node.col_offset), len(self.origin) - 1)] + 1

    def _character(self, offset: int) -> int:
        """Turn an ``ast`` offset (UTF-8 bytes) into a character of the text Python read."""
        return len(self.python.encode("utf-8")[:offset].decode("utf-8", "ignore"))

    def refuse(self, node: ast.expr, why: Message) -> ParseError:
        return _invalid(self.source, self.where(node), why)

    def node(self, node: ast.expr) -> _Node:
        match node:
            case ast.Constant(value=value):
                return self.number(node, value)
            case ast.Name(id=name):
                return self.variable(node, name)
            case ast.UnaryOp(op=ast.USub() | ast.UAdd() as op, operand=operand):
                return (
                    _Negate(self.node(operand)) if isinstance(op, ast.USub) else self.node(operand)
                )
            case ast.BinOp(op=op, left=left, right=right) if type(op) in _OPERATORS:
                if isinstance(op, ast.Pow) and isinstance(right, ast.Constant | ast.UnaryOp):
                    self.check_exponent(right)
                return _Binary(
                    _OPERATORS[type(op)], self.node(left), self.node(right), self.text(node)
                )
            case ast.BinOp(op=op):
                symbol = {ast.FloorDiv: "//", ast.Mod: "%", ast.MatMult: "@"}.get(type(op), "")
                shown = repr(symbol) if symbol else repr(self.text(node))
                raise self.refuse(
                    node,
                    message("the operator {shown} is not allowed (use + - * / ^)", shown=shown),
                )
            case ast.Compare(left=left, ops=ops, comparators=rights) if all(
                type(op) in _COMPARISONS for op in ops
            ):
                operands = [self.node(left), *(self.node(right) for right in rights)]
                return _Compare(tuple(_COMPARISONS[type(op)] for op in ops), tuple(operands))
            case ast.Call():
                return self.call(node)
            case ast.Attribute():
                segment = self.text(node)
                raise self.refuse(
                    node, message("attributes such as {segment!r} are not allowed", segment=segment)
                )
        segment = self.text(node)
        raise self.refuse(
            node,
            message(
                "{segment!r} is not allowed: only numbers, variables, + - * / ^, "
                "comparisons and {functions}",
                segment=segment,
                functions=", ".join(FUNCTIONS),
            ),
        )

    def number(self, node: ast.expr, value: object) -> _Node:
        segment = ast.get_source_segment(self.python, node) or ""
        match = _NUMBER.fullmatch(segment)
        if isinstance(value, bool) or not isinstance(value, int | float) or match is None:
            raise self.refuse(node, message("{segment!r} is not a number", segment=segment))
        if match.group(1) is not None and abs(int(match.group(1))) > MAX_EXPONENT:
            raise self.refuse(node, message("the number {segment!r} is too large", segment=segment))
        return _Number(Fraction(segment.replace("_", "")))

    def variable(self, node: ast.expr, name: str) -> _Node:
        if name in VARIABLES:
            self.used.add(name)
            return _Variable(name)
        if name in FUNCTIONS:
            raise self.refuse(node, message("{name!r} is a function: write {name}(...)", name=name))
        close = difflib.get_close_matches(name, VARIABLES, n=1)
        listed = ", ".join(VARIABLES)
        raise self.refuse(
            node,
            message(
                "unknown variable {name!r}{hint}; the variables are {listed}",
                name=name,
                hint=_did_you_mean(close),
                listed=listed,
            ),
        )

    def call(self, node: ast.Call) -> _Node:
        if not isinstance(node.func, ast.Name):
            segment = self.text(node.func)
            raise self.refuse(
                node,
                message(
                    "{segment!r} cannot be called: only {functions}",
                    segment=segment,
                    functions=", ".join(FUNCTIONS),
                ),
            )
        name = node.func.id
        if name not in FUNCTIONS:
            close = difflib.get_close_matches(name, FUNCTIONS, n=1)
            raise self.refuse(
                node,
                message(
                    "unknown function {name!r}{hint}; the functions are {functions}",
                    name=name,
                    hint=_did_you_mean(close),
                    functions=", ".join(FUNCTIONS),
                ),
            )
        if node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
            raise self.refuse(
                node, message("{name}() takes plain arguments, without names or *", name=name)
            )
        low, high = FUNCTIONS[name]
        count = len(node.args)
        if count < low or (high is not None and count > high):
            raise self.refuse(
                node,
                message(
                    "{name}() takes {wanted} argument(s), not {count}",
                    name=name,
                    wanted=_arity(low, high),
                    count=count,
                ),
            )
        return _Call(name, tuple(self.node(arg) for arg in node.args), self.text(node))

    def check_exponent(self, node: ast.expr) -> None:
        """Refuse a constant exponent above the limit at once, before anything is computed."""
        if isinstance(node, ast.UnaryOp):
            node = node.operand
        value = node.value if isinstance(node, ast.Constant) else None
        if isinstance(value, bool) or not isinstance(value, int | float):
            return
        if abs(value) > MAX_EXPONENT:
            raise self.refuse(
                node,
                message(
                    "the exponent {text} is too large (at most {most})",
                    text=self.text(node),
                    most=MAX_EXPONENT,
                ),
            )


def _arity(low: int, high: int | None) -> Message | int:
    if high is None:
        return message("at least {low}", low=low)
    if low == high:
        return low
    return message("{low} or {high}", low=low, high=high)


def _did_you_mean(close: list[str]) -> Message | str:
    return message(" (did you mean {name!r}?)", name=close[0]) if close else ""


# -- computing ------------------------------------------------------------------------------------


class _Node(ABC):
    """A node of a checked formula."""

    __slots__ = ()

    @abstractmethod
    def value(self, values: Mapping[str, Fraction]) -> Fraction:
        """Return the node's value for the variables ``values``."""


class _Number(_Node):
    __slots__ = ("number",)

    def __init__(self, number: Fraction) -> None:
        self.number = number

    def value(self, values: Mapping[str, Fraction]) -> Fraction:
        return self.number


class _Variable(_Node):
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def value(self, values: Mapping[str, Fraction]) -> Fraction:
        return values[self.name]


class _Negate(_Node):
    __slots__ = ("operand",)

    def __init__(self, operand: _Node) -> None:
        self.operand = operand

    def value(self, values: Mapping[str, Fraction]) -> Fraction:
        return -self.operand.value(values)


class _Binary(_Node):
    __slots__ = ("left", "operator", "right", "text")

    def __init__(self, operator: str, left: _Node, right: _Node, text: str) -> None:
        self.operator, self.left, self.right, self.text = operator, left, right, text

    def value(self, values: Mapping[str, Fraction]) -> Fraction:
        a, b = self.left.value(values), self.right.value(values)
        match self.operator:
            case "+":
                return _bounded(a + b, self.text)
            case "-":
                return _bounded(a - b, self.text)
            case "*":
                return _bounded(a * b, self.text)
            case "/":
                if b == 0:
                    raise _failed(message("division by zero in {text!r}", text=self.text))
                return _bounded(a / b, self.text)
        return _power(a, b, self.text)


class _Compare(_Node):
    __slots__ = ("operands", "tests")

    def __init__(
        self,
        tests: tuple[Callable[[Fraction, Fraction], bool], ...],
        operands: tuple[_Node, ...],
    ) -> None:
        self.tests, self.operands = tests, operands

    def value(self, values: Mapping[str, Fraction]) -> Fraction:
        numbers = [operand.value(values) for operand in self.operands]
        holds = all(
            test(a, b) for test, a, b in zip(self.tests, numbers, numbers[1:], strict=False)
        )
        return Fraction(int(holds))


class _Call(_Node):
    __slots__ = ("args", "name", "text")

    def __init__(self, name: str, args: tuple[_Node, ...], text: str) -> None:
        self.name, self.args, self.text = name, args, text

    def value(self, values: Mapping[str, Fraction]) -> Fraction:
        args = [arg.value(values) for arg in self.args]
        return _bounded(_FUNCTION_VALUES[self.name](args, self.text), self.text)


def _failed(said: Message) -> ParseError:
    return ParseError(said)


def _bounded(number: Fraction, text: str) -> Fraction:
    """Return ``number``, or raise if it has grown past the size a formula may reach."""
    if number.numerator.bit_length() > MAX_BITS or number.denominator.bit_length() > MAX_BITS:
        raise _failed(message("a number is too large in {text!r}", text=text))
    return number


def _decimal(number: Fraction) -> decimal.Decimal:
    return _CONTEXT.divide(decimal.Decimal(number.numerator), decimal.Decimal(number.denominator))


def _root(number: int, degree: int) -> int | None:
    """Return the exact ``degree``-th root of a whole ``number`` >= 0, or None."""
    if degree == 2:
        root = math.isqrt(number)
    elif number.bit_length() < 1000:
        root = round(number ** (1 / degree))  # a first guess, corrected below
        while root > 0 and root**degree > number:
            root -= 1
        while (root + 1) ** degree <= number:
            root += 1
    else:
        return None
    return root if root**degree == number else None


def _sqrt(args: Sequence[Fraction], text: str) -> Fraction:
    (x,) = args
    if x < 0:
        raise _failed(
            message("square root of a negative number ({x}) in {text!r}", x=_show(x), text=text)
        )
    top, bottom = _root(x.numerator, 2), _root(x.denominator, 2)
    if top is not None and bottom is not None:
        return Fraction(top, bottom)
    return Fraction(_CONTEXT.sqrt(_decimal(x)))


def _log(args: Sequence[Fraction], text: str, *, natural: bool = False) -> Fraction:
    (x,) = args
    if x <= 0:
        raise _failed(
            message(
                "logarithm of a number that is not positive ({x}) in {text!r}",
                x=_show(x),
                text=text,
            )
        )
    if x == 1:
        return Fraction(0)
    if natural:
        return Fraction(_CONTEXT.ln(_decimal(x)))
    if x.denominator == 1 and _is_power_of_ten(x.numerator):
        return Fraction(len(str(x.numerator)) - 1)
    if x.numerator == 1 and _is_power_of_ten(x.denominator):
        return Fraction(1 - len(str(x.denominator)))
    return Fraction(_CONTEXT.log10(_decimal(x)))


def _is_power_of_ten(number: int) -> bool:
    digits = str(number)
    return digits == "1" + "0" * (len(digits) - 1)


def _power(base: Fraction, exponent: Fraction, text: str) -> Fraction:
    if abs(exponent) > MAX_EXPONENT:
        raise _failed(
            message(
                "the exponent {exponent} is too large (at most {most}) in {text!r}",
                exponent=_show(exponent),
                most=MAX_EXPONENT,
                text=text,
            )
        )
    if base == 0 and exponent < 0:
        raise _failed(message("division by zero in {text!r}", text=text))
    if exponent.denominator == 1:
        bits = max(base.numerator.bit_length(), base.denominator.bit_length())
        if bits * abs(exponent.numerator) > MAX_BITS:
            raise _failed(message("a number is too large in {text!r}", text=text))
        return base**exponent.numerator
    if base < 0:
        raise _failed(
            message(
                "a negative number ({base}) to a power that is not whole in {text!r}",
                base=_show(base),
                text=text,
            )
        )
    if base == 0:
        return Fraction(0)
    degree = exponent.denominator
    if degree <= 12:
        top, bottom = _root(base.numerator, degree), _root(base.denominator, degree)
        if top is not None and bottom is not None:
            return _bounded(Fraction(top, bottom) ** exponent.numerator, text)
    return _bounded(Fraction(_CONTEXT.power(_decimal(base), _decimal(exponent))), text)


def _round(args: Sequence[Fraction], text: str) -> Fraction:
    """Round half away from zero, as spreadsheets do, to ``digits`` decimals (default 0)."""
    digits = args[1] if len(args) > 1 else Fraction(0)
    if digits.denominator != 1 or not 0 <= digits <= 12:
        raise _failed(
            message(
                "round() takes a whole number of decimals from 0 to 12, not {digits}, in {text!r}",
                digits=_show(digits),
                text=text,
            )
        )
    scale = 10 ** int(digits)
    scaled = abs(args[0]) * scale
    rounded = Fraction(math.floor(scaled + Fraction(1, 2)), scale)
    return rounded if args[0] >= 0 else -rounded


def _show(number: Fraction) -> str:
    if number.denominator == 1:
        return str(number.numerator)
    return f"{float(number):g}"


_FUNCTION_VALUES: dict[str, Callable[[Sequence[Fraction], str], Fraction]] = {
    "sqrt": _sqrt,
    "log": _log,
    "ln": lambda args, text: _log(args, text, natural=True),
    "abs": lambda args, text: abs(args[0]),
    "min": lambda args, text: min(args),
    "max": lambda args, text: max(args),
    "round": _round,
    "floor": lambda args, text: Fraction(math.floor(args[0])),
    "ceil": lambda args, text: Fraction(math.ceil(args[0])),
}
