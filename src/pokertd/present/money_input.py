"""Reading money from the command line: amounts, prices, ``A=B`` pairs and the fee profile.

Amounts are written in the currency, as a director says them (``45``, ``22.50``, ``22,50``,
``1 000``), and kept as whole cents. A price is ``PRIZE+FEE`` (``45+5``: 45 to the prize pool,
5 to the house). ``money_options`` adds the fee-profile options to ``pokertd tournament create``
and ``money_rules`` turns them into ``MoneyRules``.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import click

from pokertd.errors import ParseError
from pokertd.present.i18n import error_text
from pokertd.present.tournament_input import is_whole, parse_entry
from pokertd.present.words import ENGLISH, Words
from pokertd.tournament.money import TWO_BAGS, Bounty, MoneyRules, Price

_AMOUNT = re.compile(r"([0-9]{1,13})(?:[.,]([0-9]{1,2}))?")


def parse_money(text: str, *, what: str, words: Words = ENGLISH) -> int:
    """Read an amount of money in the currency and return whole cents.

    >>> parse_money("22,50", what="--house"), parse_money("1 000", what="--guarantee")
    (2250, 100000)
    """
    cleaned = text.strip().replace(" ", "").replace("\u202f", "").replace("_", "")
    cleaned = cleaned.removesuffix("€").removesuffix("EUR")
    match = _AMOUNT.fullmatch(cleaned)
    if match is None:
        raise ParseError(
            words("{what} is an amount such as 45 or 22.50, not {text!r}", what=what, text=text)
        )
    whole, part = match.groups()
    return int(whole) * 100 + int((part or "0").ljust(2, "0"))


def parse_price(text: str, *, what: str, chips: int = 0, words: Words = ENGLISH) -> Price:
    """Read ``PRIZE`` or ``PRIZE+FEE``: the part for the prize pool and the part for the house.

    >>> parse_price("45+5", what="--buy-in", chips=20000)
    Price(prize=4500, fee=500, bounty=0, chips=20000)
    """
    prize, plus, fee = text.partition("+")
    if plus and not fee.strip():
        raise ParseError(
            words("{what} is PRIZE+FEE such as 45+5, not {text!r}", what=what, text=text)
        )
    return Price(
        prize=parse_money(prize, what=what, words=words),
        fee=parse_money(fee, what=what, words=words) if plus else 0,
        chips=chips,
    )


def parse_pairs(
    texts: Sequence[str],
    *,
    option: str,
    value: Callable[[str], int],
    words: Words = ENGLISH,
) -> dict[int, int]:
    """Read ``--option A=B`` options: ``A`` a number (``#`` allowed), ``B`` read by ``value``.

    >>> parse_pairs(["#4=2", "7=3"], option="--by", value=int)
    {4: 2, 7: 3}
    """
    pairs: dict[int, int] = {}
    for text in texts:
        key, equals, rest = text.partition("=")
        key = key.strip().removeprefix("#")
        if not equals or not is_whole(key):
            raise ParseError(
                words(
                    "{option} takes NUMBER=VALUE, such as 12=3, not {text!r}",
                    option=option,
                    text=text,
                )
            )
        if int(key) in pairs:
            raise ParseError(words("{option} gives {key} twice", option=option, key=key))
        pairs[int(key)] = value(rest.strip().removeprefix("#"))
    return pairs


def parse_split(texts: Sequence[str], *, words: Words = ENGLISH) -> dict[int, dict[int, int]]:
    """Read ``--split BUSTED=TAKER[:POTS],TAKER[:POTS]`` options (BOUNTY-SPLIT): who shared the
    elimination of ``BUSTED`` and how many of his pots each won (one when left out).

    >>> parse_split(["5=1:2,#3"])
    {5: {1: 2, 3: 1}}
    """

    def takers(text: str) -> dict[int, int]:
        pots: dict[int, int] = {}
        for part in text.split(","):
            taker, _, count = part.partition(":")
            number = parse_entry(taker, words=words)
            won = count.strip() or "1"
            if not is_whole(won) or int(won) < 1 or number in pots:
                raise _split_error(text, words)
            pots[number] = int(won)
        return pots

    found: dict[int, dict[int, int]] = {}
    for text in texts:
        key, equals, rest = text.partition("=")
        if not equals:
            raise _split_error(text, words)
        busted = parse_entry(key, words=words)
        if busted in found:
            raise ParseError(words("{option} gives {key} twice", option="--split", key=busted))
        found[busted] = takers(rest)
    return found


def _split_error(text: str, words: Words) -> ParseError:
    return ParseError(
        words(
            "--split takes BUSTED=TAKER:POTS,TAKER:POTS, such as 5=1:2,3:1, not {text!r}", text=text
        )
    )


def parse_envelopes(text: str, *, words: Words = ENGLISH) -> tuple[int, ...]:
    """Read a mystery prize list (BOUNTY-MYSTERY): amounts, ``AMOUNTxCOUNT`` for several.

    >>> parse_envelopes("500, 100x2, 20.50")
    (50000, 10000, 10000, 2050)
    """
    prizes: list[int] = []
    for part in text.split(","):
        value, times, count = part.strip().partition("x")
        if times and not (is_whole(count.strip()) and 0 < int(count) <= 10_000):
            raise ParseError(
                words("{text!r} is AMOUNT or AMOUNTxCOUNT, such as 100x4", text=part.strip())
            )
        amount = parse_money(value, what="--prizes", words=words)
        prizes += [amount] * (int(count) if times else 1)
    return tuple(prizes)


# -- the fee profile of ``create`` -------------------------------------------------------------

#: (option, metavar, is a number, help) for each option of ``money_options``.
_OPTIONS: tuple[tuple[str, str, bool, str], ...] = (
    ("--buy-in", "PRIZE+FEE", False, "Buy-in, e.g. 45+5 (45 to the prizes, 5 to the house)."),
    ("--bounty", "AMOUNT", False, "Part of each buy-in put on the player's head, on top."),
    ("--progressive", "PERCENT", True, "Progressive bounties: PERCENT in cash, the rest on "
     "the taker's head."),
    ("--mystery", "", False, "Mystery bounties: the bounties are pooled and drawn in "
     "envelopes from the stage the director sets (tournament envelopes)."),
    ("--reentry", "PRIZE+FEE", False, "Re-entry price (default: the buy-in)."),
    ("--rebuy", "PRIZE+FEE", False, "Rebuy price (needs --rebuy-levels)."),
    ("--rebuy-chips", "N", True, "Chips a rebuy gives (default: the starting stack)."),
    ("--rebuy-levels", "N", True, "Rebuys until the end of level N; the add-on follows."),
    ("--rebuy-limit", "N", True, "Rebuys per entry (default: no limit)."),
    ("--addon", "PRIZE+FEE", False, "Add-on price, at the end of the rebuys."),
    ("--addon-chips", "N", True, "Chips the add-on gives (default: the starting stack)."),
    ("--double-addon", "PRIZE+FEE", False, "Double add-on price."),
    ("--double-addon-chips", "N", True, "Chips of the double add-on (default: twice the "
     "add-on's)."),
    ("--guarantee", "AMOUNT", False, "Guaranteed prize pool; the house pays the overlay."),
    ("--house", "AMOUNT", False, "Money the house adds to the prize pool."),
    ("--currency", "CODE", False, "Currency code (default EUR)."),
    ("--round-to", "AMOUNT", False, "Round prizes to this (default 1)."),
    ("--paid-percent", "N", True, "Share of the field the standard table pays (default 15)."),
    ("--satellite-for", "EVENT", False, "A satellite: its seats are tickets to EVENT "
     "(SAT-TICKET)."),
    ("--seat", "AMOUNT", False, "A satellite's seat value (the target's buy-in)."),
    ("--tickets-transferable", "", False, "The satellite's tickets may change hands."),
    ("--tickets-refundable", "", False, "The satellite's tickets may be given back for cash."),
    ("--flight-of", "EVENT", False, "A starting flight of EVENT: its survivors and pool go to "
     "EVENT's day 2 (FLIGHT-MERGE)."),
    ("--two-bags", "RULE", False, "A flight: a player who bagged in another flight of EVENT is "
     "refused (one), or takes his best stack (best) or all his stacks (all) to day 2 "
     "(FLIGHT-TWO-BAGS)."),
    ("--money", "FILE", False, "The fee profile as a JSON or TOML file instead (docs/money.md)."),
)  # fmt: skip

#: The keyword names of the options ``money_options`` adds.
MONEY_KEYS = frozenset(option[2:].replace("-", "_") for option, *_ in _OPTIONS)


def money_options(function: Callable[..., Any]) -> Callable[..., Any]:
    """Add the fee-profile options to a command."""
    for option, metavar, is_number, text in reversed(_OPTIONS):
        if not metavar:  # a flag (--mystery)
            function = click.option(option, is_flag=True, default=None, help=text)(function)
            continue
        kind = int if is_number else str
        function = click.option(option, metavar=metavar, type=kind, help=text)(function)
    return function


def money_rules(
    options: Mapping[str, Any],
    *,
    starting_stack: int,
    words: Words = ENGLISH,
    names: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Return ``MoneyRules.to_dict()`` for the options given, or ``{}`` for an event without
    money. Raises ParseError naming the option that is wrong: ``--buy-in``, or as ``names``
    calls it (a form's field, ``{"buy_in": "Buy-in"}``)."""
    given = {name: value for name, value in options.items() if value not in (None, False)}
    if "money" in given:
        if len(given) > 1:
            raise ParseError(words("--money replaces the other money options"))
        return _read_money_file(Path(given["money"]), words)
    if not given:
        return {}
    if "buy_in" not in given:
        if names is not None:
            raise ParseError(words("give the buy-in (such as 18+2) to take money"))
        raise ParseError(words("the money options need --buy-in, e.g. --buy-in 45+5"))
    rules = _rules(given, starting_stack, words, names or {})
    try:
        rules.check()
    except ParseError as error:
        raise ParseError(error_text(error, words.lang)) from None
    return rules.to_dict()


def _rules(
    given: Mapping[str, Any], starting_stack: int, words: Words, names: Mapping[str, str]
) -> MoneyRules:
    def price(name: str, chips: int = 0) -> Price | None:
        text = given.get(name)
        option = names.get(name) or "--" + name.replace("_", "-")
        return None if text is None else parse_price(text, what=option, chips=chips, words=words)

    def money(name: str) -> int:
        option = names.get(name) or "--" + name.replace("_", "-")
        return parse_money(given[name], what=option, words=words) if name in given else 0

    buy_in = price("buy_in", starting_stack)
    assert buy_in is not None
    bounty = money("bounty")
    kind = Bounty.NONE
    if "progressive" in given and "mystery" in given:
        raise ParseError(words("--progressive and --mystery are two kinds of bounty: choose one"))
    if bounty:
        kind = Bounty.PROGRESSIVE if "progressive" in given else Bounty.FIXED
        if "mystery" in given:
            kind = Bounty.MYSTERY
    elif "progressive" in given:
        raise ParseError(words("--progressive needs --bounty"))
    elif "mystery" in given:
        raise ParseError(words("--mystery needs --bounty"))
    addon_chips = given.get("addon_chips", starting_stack)
    extras = {
        "reentry": price("reentry", starting_stack),
        "rebuy": price("rebuy", given.get("rebuy_chips", starting_stack)),
        "addon": price("addon", addon_chips),
        "double_addon": price("double_addon", given.get("double_addon_chips", 2 * addon_chips)),
    }
    with_bounty = {
        name: _with_bounty(item, bounty) if name == "reentry" else item
        for name, item in extras.items()
    }
    values: dict[str, Any] = {
        "buy_in": _with_bounty(buy_in, bounty),
        **with_bounty,
        "rebuy_levels": given.get("rebuy_levels", 0),
        "rebuy_limit": given.get("rebuy_limit", 0),
        "bounty": kind,
        "guarantee": money("guarantee"),
        "house": money("house"),
        "unit": money("round_to") or 100,
        "paid_percent": given.get("paid_percent", 15),
    }
    if "progressive" in given:
        values["bounty_cash_percent"] = given["progressive"]
    values.update(_satellite_values(given, money, words))
    if "currency" in given:
        values["currency"] = str(given["currency"]).upper()
    if "flight_of" in given:  # FLIGHT-MERGE
        values["flight_of"] = str(given["flight_of"]).strip()[:200]
    if "two_bags" in given:  # FLIGHT-TWO-BAGS
        if given["two_bags"] not in TWO_BAGS:
            raise ParseError(
                words("--two-bags is one, best or all, not {value!r}", value=given["two_bags"])
            )
        values["two_bags"] = given["two_bags"]
    return MoneyRules(**values)


def _satellite_values(
    given: Mapping[str, Any], money: Callable[[str], int], words: Words
) -> dict[str, Any]:
    """SAT-TICKET: the satellite's options: both the target and the seat, or neither."""
    if ("satellite_for" in given) != ("seat" in given):
        raise ParseError(words("a satellite needs both --satellite-for EVENT and --seat AMOUNT"))
    if "satellite_for" not in given:
        return {}
    return {
        "target": str(given["satellite_for"]).strip(),
        "seat_value": money("seat"),
        "transferable": bool(given.get("tickets_transferable")),
        "refundable": bool(given.get("tickets_refundable")),
    }


def _with_bounty(price: Price | None, bounty: int) -> Price | None:
    if price is None:
        return None
    return Price(price.prize, price.fee, bounty, price.chips)


def _read_money_file(path: Path, words: Words) -> dict[str, Any]:
    file = words("money file {path!r}", path=str(path))
    try:
        text = path.read_text(encoding="utf-8-sig")
        data = tomllib.loads(text) if path.suffix.lower() == ".toml" else json.loads(text)
        return MoneyRules.from_dict(data).to_dict()
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, UnicodeDecodeError) as error:
        message = words("{file} is not valid: {error}", file=file, error=error)
        raise ParseError(message) from None
    except ParseError as error:
        raise ParseError(
            words("{file}: {error}", file=file, error=error_text(error, words.lang))
        ) from None
