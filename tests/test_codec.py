"""The JSON codec (``pokertd.codec``), and stored events read and written as they always have
been (the wire format of the event store).

``tests/data/events`` was written by the code before ``pokertd.codec``: ``samples.jsonl`` holds
up to four events of every tournament and league event type, in every shape the tournament and
league tests produced (the event's ``to_data`` and the ``repr`` of what ``from_data`` read from
it), and ``tournament.jsonl`` a whole tournament of 20 bots played to the end by ``pokertd.sim``,
one ``{"type", "data"}`` line per event as the store keeps it.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract

from pokertd.codec import MAX_TEXT, codec_for
from pokertd.errors import ParseError
from pokertd.league import events as league_events
from pokertd.present.i18n import render, translations
from pokertd.tournament import events as tournament_events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.state import EntryStatus

DATA = Path(__file__).parent / "data" / "events"
SRC = Path(__file__).parents[1] / "src" / "pokertd"
FAMILIES: dict[str, Any] = {"tournament": tournament_events, "league": league_events}
SAMPLES = [json.loads(line) for line in (DATA / "samples.jsonl").read_text("utf-8").splitlines()]
STREAM = (DATA / "tournament.jsonl").read_text("utf-8").splitlines()


def _line(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def test_the_samples_cover_every_event_type() -> None:
    for family, module in FAMILIES.items():
        found = {sample["type"] for sample in SAMPLES if sample["family"] == family}
        assert found == set(module.EVENT_TYPES), family


@pytest.mark.parametrize(
    "sample", SAMPLES, ids=[f"{s['family']}-{s['type']}-{n}" for n, s in enumerate(SAMPLES)]
)
def test_a_stored_event_reads_and_writes_as_before(sample: dict[str, Any]) -> None:
    module = FAMILIES[sample["family"]]
    event = module.from_data(sample["type"], sample["data"])
    assert repr(event) == sample["repr"]
    assert type(event).name == sample["type"]
    assert _line(module.to_data(event)) == _line(sample["data"])  # same keys, order and values


def test_a_stored_tournament_replays_and_writes_back_byte_for_byte() -> None:
    stored = [json.loads(line) for line in STREAM]
    history = [tournament_events.from_data(item["type"], item["data"]) for item in stored]
    rewritten = [_line({"type": e.name, "data": tournament_events.to_data(e)}) for e in history]
    assert rewritten == STREAM
    state = Tournament.replay(history).state
    finished = history[-1]
    assert isinstance(finished, tournament_events.TournamentFinished)
    assert state.winner == finished.winner
    places = sorted(e.place or 0 for e in state.entries.values() if e.status is EntryStatus.BUSTED)
    assert places == list(range(2, len(state.entries) + 1))


def test_an_event_stored_without_a_later_field_reads_with_its_default() -> None:
    at = "2026-03-06T19:00:00+00:00"
    read = tournament_events.from_data("player-registered", {"at": at, "entry": 1, "player": "A"})
    assert read == tournament_events.PlayerRegistered(at=at, entry=1, player="A")
    assert (read.cmd, read.contact, read.is_alternate, read.reentry_of) == (0, "", False, None)
    with pytest.raises(ParseError, match=r"^event 'player-registered' has bad fields: .*player"):
        tournament_events.from_data("player-registered", {"at": at, "entry": 1})
    with pytest.raises(ParseError, match=r"^unknown tournament event 'player-flew'$"):
        tournament_events.from_data("player-flew", {"at": at})


# -- the codec itself: trusted reading, strict building, the schema ------------------------------


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Chip:
    """A chip."""

    value: int
    colour: Colour = Colour.RED


@dataclass(frozen=True)
class Rack:
    """Chips by seat."""

    name: str
    chips: dict[int, tuple[Chip, ...]]
    pair: tuple[int, str] | None = None
    weight: float = 0.0
    notes: Any = None


RACK = Rack("one", {1: (Chip(25), Chip(100, Colour.BLUE))}, (3, "x"), 1.5, {"a": [1]})
RACK_JSON = {
    "name": "one",
    "chips": {"1": [{"value": 25, "colour": "red"}, {"value": 100, "colour": "blue"}]},
    "pair": [3, "x"],
    "weight": 1.5,
    "notes": {"a": [1]},
}


def test_encode_writes_json_values_and_decode_reads_them_back() -> None:
    rack = codec_for(Rack)
    assert rack.encode(RACK) == RACK_JSON
    stored = json.loads(json.dumps(rack.encode(RACK)))  # the int keys are written as text
    assert rack.decode(stored) == RACK
    assert rack.build(stored) == RACK
    assert codec_for(Rack) is rack  # one codec per type


def test_decode_keeps_numbers_as_written_and_leaves_unknown_keys_out() -> None:
    found = codec_for(Rack).decode({"name": "x", "chips": {}, "weight": 2, "dropped": 1})
    assert found == Rack("x", {}, None, 2)
    assert isinstance(found.weight, int)  # written back, it reads the same
    with pytest.raises(TypeError):
        codec_for(Rack).decode({"chips": {}})  # no name


@pytest.mark.parametrize(
    ("data", "english", "french"),
    [
        ({"chips": {}}, "missing field(s) name", "champ(s) manquant(s) name"),
        (
            {"name": "x", "chips": {}, "size": 1, "age": 2},
            "unknown field(s) 'age', 'size'; expected chips, name, notes, pair, weight",
            "champ(s) inconnu(s) 'age', 'size' ; attendus : chips, name, notes, pair, weight",
        ),
        ({"name": 3, "chips": {}}, "name: 3 is not a valid value",
         "name : 3 n'est pas une valeur valide"),
        ({"name": "x", "chips": {}, "weight": True}, "weight: True is not a valid value",
         "weight : True n'est pas une valeur valide"),
        ({"name": "x", "chips": {}, "weight": 1e13}, "weight: 10000000000000.0 is not a valid "
         "value", "weight : 10000000000000.0 n'est pas une valeur valide"),
        ({"name": "x" * (MAX_TEXT + 1), "chips": {}}, f"name: {'x' * (MAX_TEXT + 1)!r} is not a "
         "valid value", f"name : {'x' * (MAX_TEXT + 1)!r} n'est pas une valeur valide"),
        ({"name": "x", "chips": {}, "pair": [3]}, "pair: [3] is not a valid value",
         "pair : [3] n'est pas une valeur valide"),
        ({"name": "x", "chips": {"one": []}}, "chips: {'one': []} is not a valid value",
         "chips : {'one': []} n'est pas une valeur valide"),
        ({"name": "x", "chips": {"1": [{"value": 5, "colour": "green"}]}},
         "chips: {'1': [{'value': 5, 'colour': 'green'}]} is not a valid value",
         "chips : {'1': [{'value': 5, 'colour': 'green'}]} n'est pas une valeur valide"),
    ],
)  # fmt: skip
def test_build_refuses_bad_json_naming_the_field(
    data: dict[str, Any], english: str, french: str
) -> None:
    with pytest.raises(ParseError) as caught:
        codec_for(Rack).build(data)
    assert str(caught.value) == english
    assert render(caught.value.message, "fr") == french


@dataclass(frozen=True)
class Stack:
    chips: tuple[Chip, ...]


def test_build_checks_nested_objects_with_their_own_fields() -> None:
    with pytest.raises(ParseError, match=r"^missing field\(s\) value$"):
        codec_for(Stack).build({"chips": [{"colour": "blue"}]})
    with pytest.raises(ParseError, match=r"^chips: 5 is not a valid value$"):
        codec_for(Stack).build({"chips": [5]})
    found = codec_for(Stack).build({"chips": [{"value": 5, "colour": "blue"}]})
    assert found == Stack((Chip(5, Colour.BLUE),))
    assert isinstance(found.chips[0].colour, Colour)


def test_the_schema_says_what_build_accepts() -> None:
    schema = codec_for(Rack).schema()
    assert schema["required"] == ["name", "chips"]
    assert schema["additionalProperties"] is False
    assert schema["description"] == "Chips by seat."
    chips = schema["properties"]["chips"]
    assert chips["propertyNames"] == {"pattern": "^-?[0-9]+$"}
    chip = chips["additionalProperties"]["items"]
    assert chip["properties"]["colour"] == {"type": "string", "enum": ["red", "blue"]}
    assert schema["properties"]["pair"] == {"anyOf": [
        {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string", "maxLength":
         MAX_TEXT}], "minItems": 2, "maxItems": 2},
        {"type": "null"},
    ]}  # fmt: skip
    assert schema["properties"]["notes"] == {}
    assert codec_for(Rack).schema() is not schema  # a fresh dict: callers may change it


def test_a_type_the_codec_cannot_read_is_refused_when_its_codec_is_built() -> None:
    @dataclass
    class Odd:
        when: bytes

    with pytest.raises(TypeError, match="cannot read or write"):
        codec_for(Odd)


def test_every_message_of_the_codec_and_the_events_has_its_french() -> None:
    sources = [SRC / "codec.py", SRC / "tournament" / "events.py", SRC / "league" / "events.py"]
    found: set[str] = set()
    for path in sources:
        with path.open("rb") as source:
            for _line, text, _comments, _context in extract("python", source, {"message": None}):
                assert isinstance(text, str)
                found.add(text)
    assert len(found) == 7
    french = translations("fr")
    assert [text for text in sorted(found) if french.gettext(text) == text] == []


@dataclass(frozen=True, slots=True, kw_only=True)
class _Later:
    """A slotted type that gained fields with defaults after data was written."""

    name: str
    seats: tuple[int, ...] = (1,)
    notes: dict[str, Any] = dataclasses.field(default_factory=dict)


def test_a_field_left_out_takes_its_default_and_a_factory_gives_a_fresh_one() -> None:
    codec = codec_for(_Later)
    first, second = codec.decode({"name": "a"}), codec.decode({"name": "b"})
    assert first == _Later(name="a")
    assert first.seats == (1,)
    assert first.notes == {}
    assert first.notes is not second.notes  # each value its own dict, as ``__init__`` gives
    assert codec.decode({"name": "c", "seats": [2, 3]}).seats == (2, 3)


def test_a_required_field_left_out_is_named() -> None:
    with pytest.raises(TypeError, match="name"):
        codec_for(_Later).decode({"seats": [2]})
