"""The club's register of people: one record per person across events and seasons.

Privacy by design (docs/privacy.md): a tournament registered through the register writes only
the person's pseudonymous id (``P-7F3A9C2E``) into its append-only log, never a name or a contact.
Names, contacts and notes live in the store's records (``EventStore.put_record``, kind
``person``), which can be corrected, merged, exported and erased; pages resolve an id to the name
the club chose to show at the edge (``web.people_names``). Erasing a person deletes his record
for good and keeps a tombstone without any personal data, so his results show "erased player"
(or a pseudonym); the event logs are not touched, so every replay gives the same places and
prizes.
"""

from __future__ import annotations

import dataclasses
import datetime
import difflib
import random
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pokertd.errors import NotFoundError, ParseError
from pokertd.messages import Message, message
from pokertd.service import runtime
from pokertd.service.tournaments import TournamentService
from pokertd.store import DamagedEventError, EventStore
from pokertd.tournament.reports import winnings

__all__ = [
    "PERSON_ID",
    "HistoryLine",
    "PeopleService",
    "Person",
    "Shown",
]

#: The record kind of a person, and of the club's settings of the register.
KIND = "person"
SETTINGS_KIND = "people-settings"

#: A person's id: ``P-`` and 8 letters of Crockford's base32 (no I, L, O, U: never misread).
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
PERSON_ID = re.compile(r"\bP-[0-9A-HJKMNP-TV-Z]{8}\b")

#: How long each text field may be: a request is bounded, and a name fits a results line.
LIMITS = {
    "name": 60,
    "first_name": 60,
    "nickname": 40,
    "contact": 120,
    "season": 20,
    "licence": 30,
    "notes": 500,
    "pseudonym": 40,
}
#: The characters a name may hold: letters (any accent), spaces, apostrophes, hyphens, dots.
#: No <, >, &, quote, comma or backslash: a name is put into HTML, JSON and CSV as it is.
_NAME = re.compile(r"[^\W\d_][\w' .\-]*", re.UNICODE)
_NAME_FIELDS = ("name", "first_name", "nickname", "pseudonym")


class Shown:
    """What the public pages show of a person (the club's choice)."""

    FULL = "full"  # Chloé Bernard
    INITIAL = "initial"  # Chloé B.
    NICKNAME = "nickname"  # the nickname, else Chloé B.
    ALL = (FULL, INITIAL, NICKNAME)


@dataclass(frozen=True, slots=True)
class Person:
    """One person of the register. ``merged_into``: a duplicate merged into another person (it
    keeps no personal data, only the link); ``erased``: a tombstone, all personal data gone."""

    id: str
    name: str = ""
    first_name: str = ""
    nickname: str = ""
    contact: str = ""
    member: bool = False
    season: str = ""
    licence: str = ""
    notes: str = ""
    consent: bool = False
    consent_at: str = ""
    created_at: str = ""
    merged_into: str = ""
    erased: bool = False
    pseudonym: str = ""

    def to_data(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        del data["id"]
        return data

    @classmethod
    def from_data(cls, key: str, data: Mapping[str, Any]) -> Person:
        known = {f.name for f in dataclasses.fields(cls)} - {"id"}
        return cls(key, **{k: v for k, v in data.items() if k in known})

    @property
    def full_name(self) -> str:
        return " ".join(part for part in (self.first_name, self.name) if part)


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One entry of a person in one tournament, computed from its event log: his place, prize,
    bounties and the penalties he was given."""

    tournament: str
    title: str
    date: str
    entry: int
    place: int | None
    prize: int
    bounties: int
    penalties: tuple[str, ...] = ()  # the kinds given to this entry (PEN-LADDER), oldest first


def fold(text: str) -> str:
    """Return ``text`` without accents, case or extra spaces, for searching.

    >>> fold("  Chloé   LE Goff ")
    'chloe le goff'
    """
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def _match(query: str, person: Person) -> float:
    """How well ``query`` matches ``person``: 1 for a part of a field, else the best likeness
    of the query's words to the person's words (0 to 1), accents and case aside."""
    fields = [person.name, person.first_name, person.nickname, person.contact, person.licence]
    haystack = fold(" ".join(fields))
    wanted = fold(query)
    if not wanted:
        return 1.0
    if wanted in haystack or wanted == fold(person.id):
        return 1.0
    words = haystack.split()
    if not words:
        return 0.0
    scores = [
        max(difflib.SequenceMatcher(None, word, mine).ratio() for mine in words)
        for word in wanted.split()
    ]
    return sum(scores) / len(scores)


class PeopleService:
    """The register over an event store's records; reads the tournaments for histories.

    >>> from pokertd.store import MemoryEventStore
    >>> people = PeopleService(MemoryEventStore(), rng=random.Random(1))
    >>> ana = people.add(name="Martin", first_name="Anaïs", consent=True)
    >>> [p.full_name for p in people.search("anais")]
    ['Anaïs Martin']
    >>> people.erase(ana.id).erased
    True
    """

    def __init__(
        self,
        store: EventStore,
        *,
        now: Callable[[], datetime.datetime] = runtime.now,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self._now = now
        self._rng = rng if rng is not None else runtime.system_rng()

    # --- Reading --------------------------------------------------------------------------

    def get(self, person: str) -> Person:
        """Return the record of ``person`` (as stored: a merged one is its link)."""
        data = self.store.get_record(KIND, person) if PERSON_ID.fullmatch(person) else None
        if data is None:
            raise NotFoundError(
                message("there is no person {person} in the register", person=person)
            )
        return Person.from_data(person, data)

    def find(self, person: str) -> Person | None:
        """Return the person ``person`` stands for, following merges; None if unknown."""
        seen: set[str] = set()
        while PERSON_ID.fullmatch(person) and person not in seen:
            seen.add(person)
            data = self.store.get_record(KIND, person)
            if data is None:
                return None
            found = Person.from_data(person, data)
            if not found.merged_into:
                return found
            person = found.merged_into
        return None

    def everyone(self) -> list[Person]:
        """Every person of the register (not the merged links), by name."""
        people = [Person.from_data(key, data) for key, data in self.store.records(KIND)]
        kept = [p for p in people if not p.merged_into]
        return sorted(kept, key=lambda p: (p.erased, fold(p.name), fold(p.first_name), p.id))

    def search(self, query: str, *, limit: int = 20) -> list[Person]:
        """The people who match ``query`` best (accents and case aside, typos forgiven), erased
        ones left out."""
        if len(query) > 100:
            raise ParseError(message("a search is at most {limit} characters", limit=100))
        scored = [(_match(query, p), p) for p in self.everyone() if not p.erased]
        found = [(score, p) for score, p in scored if score >= 0.75]
        found.sort(key=lambda pair: -pair[0])
        return [p for _score, p in found[:limit]]

    def aliases(self, person: str) -> set[str]:
        """``person`` and every id merged into it (directly or through another merge)."""
        links = {
            key: str(data.get("merged_into", ""))
            for key, data in self.store.records(KIND)
            if data.get("merged_into")
        }
        found = {person}
        grew = True
        while grew:
            more = {key for key, into in links.items() if into in found} - found
            found |= more
            grew = bool(more)
        return found

    def links(self) -> dict[str, str]:
        """Every id merged into another -> the person it stands for now (the end of the chain):
        what a league needs to count two ids as one player."""
        merged = {
            key: str(data["merged_into"])
            for key, data in self.store.records(KIND)
            if data.get("merged_into")
        }
        found = {}
        for key in merged:
            kept, seen = key, {key}
            while kept in merged and merged[kept] not in seen:
                kept = merged[kept]
                seen.add(kept)
            found[key] = kept
        return found

    def settings(self) -> dict[str, str]:
        """The club's choices: ``shown`` (what public pages show, a ``Shown``)."""
        data = self.store.get_record(SETTINGS_KIND, "club") or {}
        shown = str(data.get("shown", Shown.INITIAL))
        return {"shown": shown if shown in Shown.ALL else Shown.INITIAL}

    def set_shown(self, shown: str) -> None:
        """Choose what the public pages show of a person."""
        if shown not in Shown.ALL:
            raise ParseError(
                message(
                    "shown is one of {choices}, not {shown!r}",
                    choices=", ".join(Shown.ALL),
                    shown=shown,
                )
            )
        self.store.put_record(SETTINGS_KIND, "club", {"shown": shown})

    # --- Names at the edge ----------------------------------------------------------------

    def shown_name(self, person: str, *, public: bool) -> Message | str | None:
        """The name to show for the id ``person``: the full name (director's pages) or what the
        club chose (public pages); an erased person's pseudonym or "erased player"; None for an
        id the register does not know (shown as it is)."""
        found = self.find(person)
        if found is None:
            return None
        return _shown(found, public, self.settings()["shown"] if public else "")

    def shown_names(self, people: Iterable[str], *, public: bool) -> dict[str, Message | str]:
        """``shown_name`` of each id the register knows, reading the register once (a page of
        a hundred players asks once, not a hundred times)."""
        records = dict(self.store.records(KIND))
        choice = self.settings()["shown"] if public else ""
        names: dict[str, Message | str] = {}
        for person in people:
            key, seen = person, set[str]()
            while key in records and records[key].get("merged_into") and key not in seen:
                seen.add(key)
                key = str(records[key]["merged_into"])
            if key in records and not records[key].get("merged_into"):
                names[person] = _shown(Person.from_data(key, records[key]), public, choice)
        return names

    # --- Changing -------------------------------------------------------------------------

    def add(self, **fields: Any) -> Person:
        """Add a person; ``consent=True`` records when it was given. Raises ParseError for a field
        too long or a name with characters a name does not hold."""
        values = _checked(fields)
        if not (values.get("name") or values.get("first_name") or values.get("nickname")):
            raise ParseError(message("a person needs a name, a first name or a nickname"))
        at = self._now().isoformat()
        person = Person(self._new_id(), created_at=at, **values)
        if person.consent:
            person = dataclasses.replace(person, consent_at=at)
        self.store.put_record(KIND, person.id, person.to_data())
        return person

    def update(self, person: str, **fields: Any) -> Person:
        """Correct a person's record (a typo, a new contact); his events follow, as they only
        hold his id."""
        found = self._live(person)
        values = _checked(fields)
        changed = dataclasses.replace(found, **values)
        if changed.consent and not found.consent:
            changed = dataclasses.replace(changed, consent_at=self._now().isoformat())
        if not changed.consent:
            changed = dataclasses.replace(changed, consent_at="")
        self.store.put_record(KIND, changed.id, changed.to_data())
        return changed

    def merge(self, duplicate: str, into: str) -> Person:
        """Merge ``duplicate`` into ``into``: one person with both histories. The fields ``into``
        leaves empty take the duplicate's; the duplicate keeps only the link."""
        kept, twin = self._live(into), self._live(duplicate)
        if kept.id == twin.id:
            raise ParseError(message("a person cannot be merged into himself"))
        filled = {
            f.name: getattr(twin, f.name)
            for f in dataclasses.fields(Person)
            if f.name in LIMITS and not getattr(kept, f.name) and getattr(twin, f.name)
        }
        merged = dataclasses.replace(kept, member=kept.member or twin.member, **filled)
        self.store.put_record(KIND, merged.id, merged.to_data())
        self.store.put_record(KIND, twin.id, {"merged_into": merged.id})
        return merged

    def erase(self, person: str, *, pseudonym: str = "") -> Person:
        """Erase a person: his record is deleted and replaced by a tombstone holding nothing
        personal (his id, "erased", an optional pseudonym); the records of the duplicates merged
        into him are reduced to their link already. The event logs keep the pseudonymous ids."""
        found = self._live(person)
        values = _checked({"pseudonym": pseudonym})
        self.store.delete_record(KIND, found.id)  # the bytes go (store.sqlite: secure_delete)
        tombstone = Person(found.id, erased=True, **values)
        self.store.put_record(KIND, found.id, tombstone.to_data())
        return tombstone

    # --- History and export ---------------------------------------------------------------

    def history(self, person: str) -> list[HistoryLine]:
        """Each entry of ``person`` (and of the duplicates merged into him) in every tournament
        of the store: place, prize and bounties, computed from the event logs."""
        ids = self.aliases(person)
        tournaments = TournamentService(self.store, now=self._now)
        lines: list[HistoryLine] = []
        for stream in tournaments.ids():
            try:
                played = tournaments.load(stream)
            except DamagedEventError:
                continue  # pokertd check names it; the other tournaments stay readable
            state = played.state
            mine = [e for e in state.entries.values() if e.player in ids]
            if not mine:
                continue
            prizes, bounties = winnings(state)
            date = played.events[0].at[:10] if played.events else ""
            lines.extend(
                HistoryLine(
                    stream,
                    state.title,
                    date,
                    e.number,
                    e.place,
                    prizes.get(e.number, 0),
                    bounties.get(e.number, 0),
                    tuple(e.penalties),
                )
                for e in mine
            )
        return lines

    def export(self, person: str) -> dict[str, Any]:
        """Everything the register holds on ``person`` and his history, as JSON (GDPR art. 15
        and 20: access and portability)."""
        found = self._live(person)
        return {
            "person": {"id": found.id, **found.to_data()},
            "merged_ids": sorted(self.aliases(found.id) - {found.id}),
            "history": [dataclasses.asdict(line) for line in self.history(found.id)],
        }

    # --- Internals ------------------------------------------------------------------------

    def _live(self, person: str) -> Person:
        found = self.get(person)
        if found.merged_into:
            raise ParseError(
                message("{person} was merged into {into}", person=person, into=found.merged_into)
            )
        if found.erased:
            raise ParseError(message("{person} was erased", person=person))
        return found

    def _new_id(self) -> str:
        while True:
            key = "P-" + "".join(self._rng.choice(_ALPHABET) for _ in range(8))
            if self.store.get_record(KIND, key) is None:
                return key


def _shown(found: Person, public: bool, choice: str) -> Message | str:
    """The name to show of ``found`` (not a merged link): ``choice`` is the club's for the
    public (a ``Shown``)."""
    if found.erased:
        return found.pseudonym or message("erased player")
    if not public or choice == Shown.FULL or not found.name:
        return found.full_name or found.nickname
    if choice == Shown.NICKNAME and found.nickname:
        return found.nickname
    return f"{found.first_name} {found.name[0]}." if found.first_name else found.name


def _checked(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a person as given, checked: known, text bounded, names plain."""
    known = {f.name for f in dataclasses.fields(Person)}
    values: dict[str, Any] = {}
    for key, value in fields.items():
        if key not in known or key in ("id", "merged_into", "erased", "created_at", "consent_at"):
            raise ParseError(message("a person has no field {field!r}", field=key))
        if key in ("member", "consent"):
            values[key] = bool(value)
            continue
        text = " ".join(str(value).split())
        if len(text) > LIMITS[key]:
            raise ParseError(
                message("{field} is at most {limit} characters", field=key, limit=LIMITS[key])
            )
        if key in _NAME_FIELDS and text and not _NAME.fullmatch(text):
            raise ParseError(
                message(
                    "{field} {value!r} holds characters a name does not: letters, spaces, "
                    "apostrophes, hyphens and dots only",
                    field=key,
                    value=text,
                )
            )
        values[key] = text
    return values


def person_ids(texts: Iterable[str]) -> set[str]:
    """The person ids written in ``texts``."""
    return {found for text in texts for found in PERSON_ID.findall(text)}
