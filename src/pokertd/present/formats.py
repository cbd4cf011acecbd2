"""Numbers as people read them, per language: money, points, euros, big numbers, clocks, places.

The domain writes numbers one way (a decimal point: ``tournament.payouts.format_money``,
``league.points.show_points``); this module writes them in the reader's language. The French
decimal comma comes from the one catalogue (``pokertd.messages.decimal_mark``, the entry
``{whole}.{decimals}``), as in the domain's messages; the other differences (French thousands
separated by a narrow no-break space) are written here, once.

>>> format_money(123_456, "fr"), show_points(Fraction(5, 8), "fr"), ordinal(2, "fr")
('1234,56', '0,63', '2e')
"""

from __future__ import annotations

import math
from fractions import Fraction

from pokertd.league import points
from pokertd.messages import decimal_mark
from pokertd.messages import ordinal as place
from pokertd.present.i18n import render
from pokertd.tournament import payouts

__all__ = [
    "amount_text",
    "decimal",
    "euros",
    "format_money",
    "mmss",
    "ordinal",
    "show_points",
    "thousands",
]

#: What separates the thousands in French: a narrow no-break space (1 234 567).
FRENCH_THOUSANDS = "\u202f"


def decimal(text: str, lang: str = "en") -> str:
    """Return a number written with a decimal point as ``lang`` writes it (``2,5`` in French);
    a number without a point as it is.

    >>> decimal("-1234.50", "fr"), decimal("-1234.50", "en"), decimal("25/3", "fr")
    ('-1234,50', '-1234.50', '25/3')
    """
    return render(decimal_mark(text), lang)


def format_money(cents: int, lang: str = "en") -> str:
    """Return ``cents`` as an amount with two decimals (a decimal comma in French).

    >>> format_money(123_456), format_money(-5, "fr")
    ('1234.56', '-0,05')
    """
    return decimal(payouts.format_money(cents), lang)


#: Currency codes a wall display shows as their sign.
_SIGNS = {"EUR": "€", "USD": "$", "GBP": "£", "CHF": "CHF"}


def amount_text(cents: int, currency: str, lang: str) -> str:
    """Return an amount as a display shows it, its thousands separated: ``1 432,00 €`` in
    French, ``€1,432.00`` in English.

    >>> amount_text(43200, "EUR", "fr"), amount_text(143200, "EUR", "en")
    ('432,00 €', '€1,432.00')
    >>> amount_text(143200, "EUR", "fr") == "1\u202f432,00 €", amount_text(-5, "XYZ", "fr")
    (True, '-0,05 XYZ')
    """
    whole, hundredths = divmod(abs(cents), 100)
    number = decimal(f"{'-' if cents < 0 else ''}{thousands(whole, lang)}.{hundredths:02d}", lang)
    sign = _SIGNS.get(currency)
    if sign is None or len(sign) > 1:
        return f"{number} {sign or currency}"
    return f"{number} {sign}" if lang == "fr" else f"{sign}{number}"


def euros(cents: int, lang: str = "en") -> str:
    """Return cents as euros with the decimals they need: ``120``, ``12.5`` (``12,5``).

    >>> euros(12_000), euros(1250, "fr"), euros(1234)
    ('120', '12,5', '12.34')
    """
    return decimal(points.decimal_text(Fraction(cents, 100)), lang)


def show_points(value: Fraction, lang: str = "en") -> str:
    """Return league points as the standings show them: whole points as they are, others to two
    decimals, half away from zero (``league.points.show_points``), a decimal comma in French.

    >>> show_points(Fraction(100)), show_points(Fraction(2, 3)), show_points(Fraction(5, 8), "fr")
    ('100', '0.67', '0,63')
    """
    return decimal(points.show_points(value), lang)


def thousands(value: float, lang: str = "en") -> str:
    """Return a whole number with its thousands separated: ``12,345``; ``12 345`` in French.

    >>> thousands(1234567.4), thousands(1234567, "fr") == "1\u202f234\u202f567"
    ('1,234,567', True)
    """
    text = f"{value:,.0f}"
    return text.replace(",", FRENCH_THOUSANDS) if lang == "fr" else text


def mmss(seconds: float, *, signed: bool = False) -> str:
    """Return seconds as ``mm:ss``, rounded up as a countdown shows them (never below
    ``00:00``); ``signed``: a change of time, ``+01:30`` or ``-01:30``.

    >>> mmss(719.2), mmss(3600), mmss(0), mmss(-5), mmss(-90, signed=True)
    ('12:00', '60:00', '00:00', '00:00', '-01:30')
    """
    counted = abs(seconds) if signed else max(0.0, seconds)
    whole = math.ceil(counted - 1e-6)
    text = f"{whole // 60:02d}:{whole % 60:02d}"
    if signed:
        return ("-" if seconds < 0 else "+") + text
    return text


def ordinal(number: int, lang: str = "en") -> str:
    """Return a place as an ordinal (``pokertd.messages.ordinal``): ``1st``, ``2nd``, ``11th``;
    in French ``1re``, ``2e``, ``11e``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    >>> [ordinal(n, "fr") for n in (1, 2, 11)]
    ['1re', '2e', '11e']
    """
    return render(place(number), lang)
