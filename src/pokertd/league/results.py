"""The results an event gives a league: one line per player, from a tournament or from a CSV file.

A league copies an event's results when it is added (``results_from_tournament``,
``results_from_rows``): editing the tournament afterwards changes nothing in the league until the
director imports it again, on purpose. Money is in cents; names are compared as typed, spaces
tidied (``clean_name``); ``name_key`` finds spellings that may be one person.

>>> field = results_from_rows([(2, {"place": "1", "player": "Alice", "prize": "120"}),
...                            (3, {"place": "2", "player": "Bruno"})], entries=8)
>>> field.entries, field.places, field.paid_places, field.results[0].prize
(8, 8, 1, 12000)
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.messages import Message, message, ordinal
from pokertd.tournament.events import BountyTaken
from pokertd.tournament.moves import final_table_size

if TYPE_CHECKING:
    from pokertd.tournament.aggregate import Tournament

#: Entry statuses (``EntryStatus`` values) of entries that bought chips and played.
PLAYED = frozenset({"seated", "busted", "quit", "disqualified", "re-entered"})
#: Entry statuses that take a place (the tournament's own ranking: ``TournamentState._rank``).
RANKED = frozenset({"seated", "busted", "quit"})
#: Column names a results file may use, English and French, for each field.
COLUMNS = {
    "place": ("place", "rang", "position"),
    "player": ("player", "joueur", "name", "nom"),
    "prize": ("prize", "prix", "gain", "gains"),
    "bounties": ("bounties", "bounty", "primes", "prime"),
    "entries": ("entries", "entrées", "entrees"),
    "rebuys": ("rebuys", "recaves"),
    "addons": ("addons", "add-ons"),
    "knockouts": ("knockouts", "éliminations", "eliminations", "ko"),
}
#: The columns that count things a player did (rebuys, add-ons, knockouts).
COUNTS = ("rebuys", "addons", "knockouts")
RULE_STATE = "EVENT-STATE"


@dataclass(frozen=True, slots=True)
class Result:
    """One player's result in one event: the best of the ``shared`` places he ties on, and the
    prize and bounty money he won, in cents; with what he bought (``rebuys``, ``addons``), the
    players he knocked out (``knockouts``) and the money he paid in (``paid``, cents; 0: not
    known), when the event tells them.

    >>> Result.from_row(Result("Alice", 9, 2).to_row())
    Result(player='Alice', place=9, shared=2, prize=0, bounties=0, rebuys=0, addons=0, \
knockouts=0, paid=0)
    >>> Result.from_row(("Bruno", 1, 1, 100, 0), (2, 1, 3, 4000)).knockouts
    3
    """

    player: str
    place: int
    shared: int = 1
    prize: int = 0
    bounties: int = 0
    rebuys: int = 0
    addons: int = 0
    knockouts: int = 0
    paid: int = 0

    def to_row(self) -> tuple[str, int, int, int, int]:
        """Return the result as the tuple an event stores."""
        return (self.player, self.place, self.shared, self.prize, self.bounties)

    def extras(self) -> tuple[int, int, int, int]:
        """Return what an event stores beside the row: rebuys, add-ons, knockouts, paid."""
        return (self.rebuys, self.addons, self.knockouts, self.paid)

    @classmethod
    def from_row(cls, row: Sequence[object], extras: Sequence[int] = (0, 0, 0, 0)) -> Result:
        """Rebuild a result from ``to_row``'s tuple (or the JSON list it became) and
        ``extras``' (events stored before the extras were kept have none: zeros)."""
        player, place, shared, prize, bounties = row
        assert isinstance(player, str)
        assert isinstance(place, int)
        assert isinstance(shared, int)
        assert isinstance(prize, int)
        assert isinstance(bounties, int)
        rebuys, addons, knockouts, paid = extras
        return cls(player, place, shared, prize, bounties, rebuys, addons, knockouts, paid)


@dataclass(frozen=True, slots=True)
class FieldResults:
    """An event's field: ``entries`` bought in, the ``places`` given (the last place is the
    first player out) and the players' results, best place first; ``paid_places``, the places
    that won a prize, and ``final_table``, the seats of its final table (0: not known)."""

    entries: int
    places: int
    results: tuple[Result, ...]
    paid_places: int = 0
    final_table: int = 0


def clean_name(text: str) -> str:
    """Return a player's name with its spaces tidied; raise ParseError if nothing is left.

    >>> clean_name("  Jean   Dupont ")
    'Jean Dupont'
    """
    name = " ".join(str(text).split())
    if not name:
        raise ParseError(message("a player's name cannot be empty"))
    return name


def name_key(name: str) -> str:
    """Return what two spellings of one name have in common: no accents, case or spaces.

    >>> name_key("Chloé  Martin") == name_key("chloe martin")
    True
    """
    decomposed = unicodedata.normalize("NFKD", name)
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(letters.casefold().split())


def parse_euros(text: str, *, what: Message | str) -> int:
    """Read an amount of money in euros into cents: ``120``, ``12.50``, ``12,50``, ``1 200 €``;
    raise ParseError naming ``what`` for anything else.

    >>> parse_euros("1 234,5 €", what=message("the prize"))
    123450
    """
    cleaned = re.sub(r"[\s\u00a0\u202f€]", "", text or "").replace(",", ".")
    if not cleaned:
        return 0
    match = re.fullmatch(r"(\d+)(?:\.(\d{1,2}))?", cleaned)
    if match is None:
        raise ParseError(
            message(
                "{what} is an amount in euros such as 120 or 12.50, not {text!r}",
                what=what,
                text=text,
            )
        )
    return int(match.group(1)) * 100 + int((match.group(2) or "0").ljust(2, "0"))


def check_field(field: FieldResults) -> None:
    """Raise ParseError unless ``field`` holds together: one result per player, places within
    the field, players sharing places on the same place and no overlap between groups.

    >>> check_field(FieldResults(5, 5, (Result("Alice", 1), Result("Bruno", 1))))
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: Bruno and Alice are both 1st without sharing the place
    """
    if field.entries < 1 or not 1 <= field.places <= field.entries:
        raise ParseError(
            message(
                "an event has at least one entry and at most one place per entry, "
                "not {places} places for {entries} entries",
                places=field.places,
                entries=field.entries,
            )
        )
    seen: dict[str, str] = {}
    for result in field.results:
        if result.player in seen:
            raise ParseError(message("{player} has two results in the event", player=result.player))
        seen[result.player] = result.player
        last = result.place + result.shared - 1
        if result.place < 1 or result.shared < 1 or last > field.places:
            raise ParseError(
                message(
                    "{player}'s place {place} (shared by {shared}) is not one of the "
                    "{places} places",
                    player=result.player,
                    place=result.place,
                    shared=result.shared,
                    places=field.places,
                )
            )
        if result.prize < 0 or result.bounties < 0 or result.paid < 0:
            raise ParseError(message("{player}'s money cannot be negative", player=result.player))
        if min(result.rebuys, result.addons, result.knockouts) < 0:
            raise ParseError(
                message(
                    "{player}'s rebuys, add-ons and knockouts cannot be negative",
                    player=result.player,
                )
            )
    if field.final_table < 0:
        raise ParseError(message("a final table has 0 seats or more"))
    if not 0 <= field.paid_places <= field.entries:
        raise ParseError(
            message(
                "an event pays from 0 to {entries} places, not {paid}",
                entries=field.entries,
                paid=field.paid_places,
            )
        )
    ordered = sorted(field.results, key=lambda result: result.place)
    for first, second in itertools.pairwise(ordered):
        same = first.place == second.place
        if same and first.shared != second.shared:
            raise ParseError(
                message(
                    "{first} and {second} share place {place} in different ways",
                    first=first.player,
                    second=second.player,
                    place=first.place,
                )
            )
        if same and first.shared == 1:
            raise ParseError(
                message(
                    "{second} and {first} are both {place} without sharing the place",
                    second=second.player,
                    first=first.player,
                    place=ordinal(first.place),
                )
            )
        if not same and second.place < first.place + first.shared:
            raise ParseError(
                message(
                    "{second}'s place {place} is among the places {low}-{high} that {first} shares",
                    second=second.player,
                    place=second.place,
                    low=first.place,
                    high=first.place + first.shared - 1,
                    first=first.player,
                )
            )
    for place, count in Counter(result.place for result in field.results).items():
        shared = next(result.shared for result in field.results if result.place == place)
        if count > shared:
            raise ParseError(
                message(
                    "{count} players share place {place}, which is shared by {shared}",
                    count=count,
                    place=place,
                    shared=shared,
                )
            )


def results_from_rows(
    rows: Sequence[tuple[int, Mapping[str, str]]], *, entries: int | None = None, file: str = ""
) -> FieldResults:
    """Read results from the rows of a CSV file: (line number, {column: text}).

    Columns: ``place`` and ``player`` (or ``rang``/``position``, ``joueur``/``nom``), and
    optionally ``prize`` (``gain``) and ``bounties`` (``primes``) in euros, ``rebuys``
    (``recaves``), ``addons`` (``add-ons``) and ``knockouts`` (``éliminations``, ``ko``) as
    counts, and ``entries`` (``entrées``), the size of the field, the same on every row. The
    places paid are those of the players with a prize. Players on the same place share
    the places from it (two on 9: places 9 and 10). ``entries`` given here wins over the column;
    without either, the field is the number of places the file covers. Raises ParseError with
    the file and the line.

    >>> rows = [(2, {"rang": "1", "joueur": "Alice"}), (3, {"rang": "2", "joueur": "Bruno"}),
    ...         (4, {"rang": "2", "joueur": "Chloé"})]
    >>> [(r.player, r.place, r.shared) for r in results_from_rows(rows).results]
    [('Alice', 1, 1), ('Bruno', 2, 2), ('Chloé', 2, 2)]
    """
    if not rows:
        raise ParseError(
            message("{file} has no results", file=file) if file else message("has no results")
        )
    found: list[tuple[int, str, int, int, int, tuple[int, int, int]]] = []
    sizes: set[int] = set()
    for line, row in rows:
        at = (
            message("{file} line {line}", file=file, line=line)
            if file
            else message("line {line}", line=line)
        )
        place_text, name_text = _cell(row, "place"), _cell(row, "player")
        if place_text is None or name_text is None:
            missing = "place" if place_text is None else "player"
            raise ParseError(
                message(
                    "{at}: there is no {missing!r} column (or {others})",
                    at=at,
                    missing=missing,
                    others=", ".join(COLUMNS[missing][1:]),
                )
            )
        match = re.fullmatch(r"#?(\d+)\s*(?:er|re|ère|e|ème|st|nd|rd|th)?", place_text.strip())
        if match is None or int(match.group(1)) < 1:
            raise ParseError(
                message("{at}: a place is a number from 1, not {text!r}", at=at, text=place_text)
            )
        try:
            name = clean_name(name_text)
            prize = parse_euros(_cell(row, "prize") or "", what=message("the prize"))
            bounty = parse_euros(_cell(row, "bounties") or "", what=message("the bounties"))
            rebuys, addons, knockouts = (_count(_cell(row, column)) for column in COUNTS)
        except ParseError as error:
            raise ParseError(message("{where}: {error}", where=at, error=error.message)) from None
        size_text = (_cell(row, "entries") or "").strip()
        if size_text:
            if not re.fullmatch(r"[0-9]+", size_text) or int(size_text) < 1:
                raise ParseError(
                    message(
                        "{at}: the entries are a number from 1, not {text!r}", at=at, text=size_text
                    )
                )
            sizes.add(int(size_text))
        found.append((line, name, int(match.group(1)), prize, bounty, (rebuys, addons, knockouts)))
    if len(sizes) > 1:
        listed = ", ".join(str(size) for size in sorted(sizes))
        raise ParseError(
            message(
                "{file} gives different field sizes in its entries column ({listed})",
                file=file,
                listed=listed,
            )
            if file
            else message(
                "gives different field sizes in its entries column ({listed})", listed=listed
            )
        )
    counts = Counter(place for _, _, place, _, _, _ in found)
    results = tuple(
        sorted(
            (
                Result(name, place, counts[place], prize, bounty, *done)
                for _, name, place, prize, bounty, done in found
            ),
            key=lambda result: (result.place, result.player),
        )
    )
    covered = max(result.place + result.shared - 1 for result in results)
    size = entries if entries is not None else (sizes.pop() if sizes else max(covered, len(found)))
    paid_places = sum(1 for result in results if result.prize)
    field = FieldResults(size, size, results, min(paid_places, size))
    try:
        check_field(field)
    except ParseError as error:
        if not file:
            raise
        raise ParseError(message("{where}: {error}", where=file, error=error.message)) from None
    return field


def _count(text: str | None) -> int:
    """Read a count column's cell (rebuys, add-ons, knockouts): empty is 0."""
    cleaned = (text or "").strip()
    if not cleaned:
        return 0
    if not re.fullmatch(r"[0-9]{1,6}", cleaned):
        raise ParseError(message("a count is a whole number from 0, not {text!r}", text=text))
    return int(cleaned)


def _cell(row: Mapping[str, str], field: str) -> str | None:
    for column in COLUMNS[field]:
        if column in row:
            return row[column] or ""
    return None


def results_from_tournament(
    tournament: Tournament,
    prizes: Mapping[int, int] | None = None,
    bounties: Mapping[int, int] | None = None,
) -> FieldResults:
    """Return a finished tournament's results, one per player.

    ``prizes`` and ``bounties`` are the money each entry won (entry number: cents). A player who
    re-entered counts once, at the best place of his entries, with the money of all of them; a
    player disqualified on every entry has no place (PEN-DQ) and no result. The field is every
    entry that played (re-entries and disqualified entries included); the places given are the
    tournament's. Raises IllegalActionError (EVENT-STATE) while players are still in, and
    NotFoundError for money given to an entry that does not exist.
    """
    state = tournament.state
    played = [entry for entry in state.entries.values() if str(entry.status) in PLAYED]
    if not played:
        raise IllegalActionError(
            message(
                "no entry played in {title!r} ({rule})",
                title=state.title,
                rule=RULE_STATE,
            ),
            rule=RULE_STATE,
        )
    still_in = [entry for entry in played if str(entry.status) == "seated" and entry.place is None]
    if still_in:
        count = len(still_in)
        raise IllegalActionError(
            message(
                "{title!r} is not finished: {count} player(s) still in ({rule})",
                title=state.title,
                count=count,
                rule=RULE_STATE,
            ),
            rule=RULE_STATE,
        )
    money = {"prize": dict(prizes or {}), "bounties": dict(bounties or {})}
    for kind, amounts in money.items():
        for number, cents in amounts.items():
            if number not in state.entries:
                raise NotFoundError(
                    message("there is no entry {number} to give prize to", number=number)
                    if kind == "prize"
                    else message("there is no entry {number} to give bounties to", number=number)
                )
            if cents < 0:
                raise ParseError(
                    message("entry {number} cannot win a negative amount", number=number)
                )
    best: dict[str, tuple[int, int]] = {}
    won: dict[str, list[int]] = {}
    done = _done_by_entry(tournament)
    for entry in played:
        name = clean_name(entry.player)
        total = won.setdefault(name, [0] * 6)
        total[0] += money["prize"].get(entry.number, 0)
        total[1] += money["bounties"].get(entry.number, 0)
        for index, count in enumerate(done.get(entry.number, (0, 0, 0, 0)), start=2):
            total[index] += count
        if entry.place is not None and (name not in best or entry.place < best[name][0]):
            best[name] = (entry.place, entry.shared)
    results = sorted(
        (Result(name, place, shared, *won[name]) for name, (place, shared) in best.items()),
        key=lambda result: (result.place, result.player),
    )
    ranked = sum(1 for entry in played if str(entry.status) in RANKED)
    paid_places = sum(1 for prize in state.ledger.current_prizes() if prize)
    final_table = final_table_size(state.profile, state.table_size)
    return FieldResults(len(played), ranked, tuple(results), min(paid_places, ranked), final_table)


def _done_by_entry(tournament: Tournament) -> dict[int, tuple[int, int, int, int]]:
    """Return what each entry of a tournament bought and did: (rebuys, add-ons, knockouts,
    cents paid in). A knockout is a bounty the entry took from a player who went out
    (``BountyTaken``, not undone); a double add-on counts two add-ons."""
    state = tournament.state
    # A bounty taken from an entry that has no place was surrendered with it (a re-entry while
    # still in, TDA 7B): it follows the player's new entry and is not a second knockout.
    knockouts: Counter[int] = Counter(
        event.taker
        for event in tournament.events
        if isinstance(event, BountyTaken)
        and event.cmd not in tournament.undone
        and state.entries[event.busted].place is not None
    )
    paid: Counter[int] = Counter()
    for payment in state.ledger.payments:
        paid[payment.entry] += payment.price.total
    for refund in state.ledger.refunds:
        paid[refund.entry] -= refund.price.total
    addons = {
        number: 2 if kind == "double-add-on" else 1 for number, kind in state.ledger.addons.items()
    }
    return {
        number: (
            state.ledger.rebuys.get(number, 0),
            addons.get(number, 0),
            knockouts[number],
            max(paid[number], 0),
        )
        for number in state.entries
    }
