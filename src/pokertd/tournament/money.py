"""What an event costs and pays: prices, rebuys, add-ons, bounties, the guarantee (BUY-*).

Money is always a whole number of cents (``int``), never a float. ``MoneyRules`` is the event's
fee profile, fixed when the tournament is created and stored in its first event as a plain dict
(``to_dict`` / ``from_dict``). An event created without one is a freeroll as far as pokertd
knows: no payment is recorded, and the money commands are refused.

>>> rules = MoneyRules.from_dict({"buy_in": {"prize": 4500, "fee": 500, "chips": 20000}})
>>> rules.buy_in.total, rules.buy_in.chips
(5000, 20000)
>>> MoneyRules.from_dict(rules.to_dict()) == rules
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, TypeVar

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.rules import RebuyThreshold

_E = TypeVar("_E", bound=StrEnum)
#: FLIGHT-TWO-BAGS: the rules a flight's event may choose (``flights.TwoBags``'s values).
TWO_BAGS = ("one", "best", "all")


class Bounty(StrEnum):
    """What the bounty part of a buy-in does when its player is eliminated."""

    NONE = "none"
    FIXED = "fixed"  # the eliminator takes it in cash
    PROGRESSIVE = "progressive"  # part in cash, the rest onto the eliminator's own head
    MYSTERY = "mystery"  # pooled; envelopes drawn from the stage the director sets


@dataclass(frozen=True, slots=True)
class Price:
    """One purchase: cents to the prize pool, to the house (fee or rake), on the player's head
    (bounty), and the chips it gives.

    >>> Price(prize=4000, fee=500, bounty=1000, chips=20000).total
    5500
    """

    prize: int
    fee: int = 0
    bounty: int = 0
    chips: int = 0

    @property
    def total(self) -> int:
        """Return what the player pays, in cents."""
        return self.prize + self.fee + self.bounty

    def to_dict(self) -> dict[str, int]:
        """Return the price as a plain dict (the zero parts left out)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name)}

    @classmethod
    def from_dict(cls, data: Any, *, what: str = "a price") -> Price:
        """Read a price; raise ParseError naming what is wrong."""
        if not isinstance(data, dict):
            raise ParseError(
                message(
                    "{what} is a table of prize, fee, bounty and chips, not {data!r}",
                    what=what,
                    data=data,
                )
            )
        unknown = set(data) - {"prize", "fee", "bounty", "chips"}
        if unknown:
            raise ParseError(
                message(
                    "{what}: unknown field(s) {unknown}",
                    what=what,
                    unknown=", ".join(sorted(unknown)),
                )
            )
        values = {name: data.get(name, 0) for name in ("prize", "fee", "bounty", "chips")}
        for name, value in values.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ParseError(
                    message(
                        "{what}: {name} is a whole number of cents (or chips) >= 0, not {value!r}",
                        what=what,
                        name=name,
                        value=value,
                    )
                )
        return cls(**values)


@dataclass(frozen=True, slots=True)
class MoneyRules:
    """The fee profile of an event: what each purchase costs and gives, and when it is allowed.

    ``rebuy_levels``: rebuys are allowed until the end of that level (BUY-REBUY-ELIGIBILITY,
    LFP 5.2), at most ``rebuy_limit`` per entry (0: no limit), when the stack meets
    ``rebuy_threshold`` (None: the profile's). ``addon`` is offered at the end of the rebuy
    period, and ``double_addon`` too when set (LFP 5.4: "double add-ons" for the price of one).
    ``reentry`` defaults to the buy-in. ``guarantee`` and ``house`` are in cents: the house adds
    ``house`` to the pool, and pays the overlay when the pool falls short of ``guarantee``.
    ``unit`` is the currency unit prizes are rounded to, in cents.
    """

    buy_in: Price
    reentry: Price | None = None
    rebuy: Price | None = None
    rebuy_levels: int = 0
    rebuy_limit: int = 0
    rebuy_threshold: RebuyThreshold | None = None
    addon: Price | None = None
    double_addon: Price | None = None
    bounty: Bounty = Bounty.NONE
    bounty_cash_percent: int = 50  # PROGRESSIVE: the share paid in cash
    guarantee: int = 0
    house: int = 0
    currency: str = "EUR"
    unit: int = 100
    paid_percent: int = 15  # share of the field paid by the standard payout table
    #: SAT-TICKET: a satellite pays seats of ``seat_value`` cents to the event ``target`` as
    #: tickets (0: not a satellite), the remainder in cash; may a ticket change hands, or be
    #: given back for its value in cash?
    seat_value: int = 0
    target: str = ""
    transferable: bool = False
    refundable: bool = False
    #: FLIGHT-MERGE: a starting flight of the event ``flight_of`` (empty: not a flight). A
    #: flight pays no prize of its own: its pool and its survivors go to that event's day 2.
    flight_of: str = ""
    #: FLIGHT-TWO-BAGS: the event's rule for a player who bags in two flights: "one" (one
    #: survival per player: refused in a later flight), "best", "all"; "": the merge says.
    two_bags: str = ""

    @property
    def reentry_price(self) -> Price:
        """Return what a re-entry costs: its own price, or the buy-in's."""
        return self.reentry or self.buy_in

    def to_dict(self) -> dict[str, Any]:
        """Return the rules as a plain, JSON-friendly dict (defaults left out)."""
        data: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if value == item.default:
                continue
            if isinstance(value, Price):
                value = value.to_dict()
            elif isinstance(value, StrEnum):
                value = value.value
            data[item.name] = value
        data["buy_in"] = self.buy_in.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: Any) -> MoneyRules:
        """Read the rules; raise ParseError naming the first thing wrong."""
        if not isinstance(data, dict) or "buy_in" not in data:
            raise ParseError(message("the money rules need at least a buy_in"))
        known = {item.name for item in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ParseError(
                message("unknown money field(s): {unknown}", unknown=", ".join(sorted(unknown)))
            )
        values: dict[str, Any] = {}
        for name in ("buy_in", "reentry", "rebuy", "addon", "double_addon"):
            if data.get(name) is not None:
                values[name] = Price.from_dict(data[name], what=name)
        for name in ("rebuy_levels", "rebuy_limit", "guarantee", "house", "paid_percent"):
            if name in data:
                values[name] = _whole(data[name], name)
        if "unit" in data:
            values["unit"] = _whole(data["unit"], "unit", low=1)
        values.update(_satellite(data))
        if "bounty_cash_percent" in data:
            values["bounty_cash_percent"] = _percent(data["bounty_cash_percent"])
        if "currency" in data:
            values["currency"] = _currency(data["currency"])
        if data.get("rebuy_threshold") is not None:
            values["rebuy_threshold"] = _enum(RebuyThreshold, data["rebuy_threshold"], "rebuy")
        if "bounty" in data:
            values["bounty"] = _enum(Bounty, data["bounty"], "bounty")
        rules = cls(**values)
        rules.check()
        return rules

    def check(self) -> None:
        """Raise ParseError when the rules contradict themselves."""
        if self.rebuy is not None and self.rebuy_levels < 1:
            raise ParseError(
                message("rebuys need rebuy_levels: the last level they are allowed in")
            )
        if self.double_addon is not None and self.addon is None:
            raise ParseError(message("a double add-on needs a simple add-on"))
        if self.addon is not None and self.rebuy is None and self.rebuy_levels < 1:
            raise ParseError(
                message("an add-on needs rebuy_levels: it is offered at the end of that level")
            )
        priced = (self.buy_in, self.reentry, self.rebuy, self.addon, self.double_addon)
        if self.bounty is Bounty.NONE and any(p is not None and p.bounty for p in priced):
            raise ParseError(
                message("a price has a bounty part but the event has no bounties (bounty = none)")
            )
        if self.seat_value and self.flight_of:
            raise ParseError(message("a satellite is not a flight of another event"))
        if self.two_bags and not self.flight_of:
            raise ParseError(message("only a starting flight (flight_of) has a two-bags rule"))
        if self.seat_value and not self.target:
            raise ParseError(message("a satellite names its target event (target)"))
        if self.paid_percent < 1 or self.paid_percent > 100:
            raise ParseError(
                message(
                    "paid_percent is 1 to 100, not {paid_percent}", paid_percent=self.paid_percent
                )
            )


def _whole(value: Any, name: str, *, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ParseError(
            message(
                "{name} is a whole number >= {low}, not {value!r}", name=name, low=low, value=value
            )
        )
    return value


def _satellite(data: dict[str, Any]) -> dict[str, Any]:
    """SAT-TICKET: the satellite's fields, checked."""
    values: dict[str, Any] = {}
    if "seat_value" in data:
        values["seat_value"] = _whole(data["seat_value"], "seat_value")
    if "target" in data:
        target = data["target"]
        if not isinstance(target, str) or not 0 < len(target) <= 200:
            raise ParseError(message("target is the name of an event, not {value!r}", value=target))
        values["target"] = target
    if "flight_of" in data:
        flight_of = data["flight_of"]
        if not isinstance(flight_of, str) or not 0 < len(flight_of) <= 200:
            raise ParseError(
                message("flight_of is the name of an event, not {value!r}", value=flight_of)
            )
        values["flight_of"] = flight_of
    if "two_bags" in data:
        if data["two_bags"] not in TWO_BAGS:
            raise ParseError(
                message("two_bags is one, best or all, not {value!r}", value=data["two_bags"])
            )
        values["two_bags"] = data["two_bags"]
    for name in ("transferable", "refundable"):
        if name in data:
            if not isinstance(data[name], bool):
                raise ParseError(
                    message("{name} is true or false, not {value!r}", name=name, value=data[name])
                )
            values[name] = data[name]
    return values


def _percent(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
        raise ParseError(message("bounty_cash_percent is 0 to 100, not {value!r}", value=value))
    return value


def _currency(value: Any) -> str:
    if not isinstance(value, str) or not (value.isalpha() and len(value) == 3):
        raise ParseError(
            message("currency is a three-letter code such as EUR, not {value!r}", value=value)
        )
    return value.upper()


def _enum(kind: type[_E], value: Any, name: str) -> _E:
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(item.value for item in kind)
        raise ParseError(
            message(
                "{name} is one of {choices}, not {value!r}", name=name, choices=choices, value=value
            )
        ) from None


def cents(amount: int, currency: str = "EUR") -> str:
    """Write an amount of cents for people.

    >>> cents(123456), cents(5000, "USD"), cents(-250)
    ('1234.56 EUR', '50.00 USD', '-2.50 EUR')
    """
    sign = "-" if amount < 0 else ""
    whole, part = divmod(abs(amount), 100)
    return f"{sign}{whole}.{part:02d} {currency}"
