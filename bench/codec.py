"""Reading stored tournament events back: ``pokertd.codec`` against the reader it replaced.

Every load of a tournament the service has not cached reads all its events back from the store
(``events.from_data``), and a backup reads every stream twice. The events here are those of a
``--players`` tournament played to the end by bots (``pokertd.sim``), written as the store
writes them (``events.to_data``, then JSON) and read back from JSON, as the store hands them over.

The reference is the reader before the codec, kept here as it was: the type hints of each event
class cached, and each field's value walked against its hint (``typing.get_origin`` on every
value) to turn lists back into tuples. The writer before the codec walked every value too
(``plain``). Both are timed in this run, taking turns, best of ``--rounds``; the ratio is the
reference's time over the codec's (above 1: the codec is faster). Run ``python bench/codec.py
[--players 100] [--rounds 30]``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import platform
import time
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pokertd.codec import plain
from pokertd.errors import ParseError
from pokertd.sim.run import Settings, _Run  # the run keeps its aggregate: its events are the data
from pokertd.tournament import events
from pokertd.tournament.events import EVENT_TYPES, TournamentEvent

Stored = list[tuple[str, dict[str, Any]]]


def stored_events(players: int) -> Stored:
    """Return the events of a tournament of ``players`` bots, as the store hands them back."""
    run = _Run(Settings(players=players, seed=3, template="turbo").checked(), None)
    run.play()
    written = [(event.name, json.dumps(events.to_data(event))) for event in run.tournament.events]
    return [(kind, json.loads(data)) for kind, data in written]


# -- the reference: the reader and writer before pokertd.codec, as they were ---------------------


def _typed(value: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin is tuple and isinstance(value, list):
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_typed(item, args[0]) for item in value)
        return tuple(_typed(item, arg) for item, arg in zip(value, args, strict=True))
    if origin in (types.UnionType, typing.Union):
        for arg in typing.get_args(hint):
            if typing.get_origin(arg) is tuple and isinstance(value, list):
                return _typed(value, arg)
    return value


_HINTS: dict[str, dict[str, Any]] = {}


def _hints(cls: type[TournamentEvent]) -> dict[str, Any]:
    found = _HINTS.get(cls.name)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _HINTS[cls.name] = {
            field.name: hints[field.name] for field in dataclasses.fields(cls)
        }
    return found


def reference_from_data(kind: str, data: Mapping[str, Any]) -> TournamentEvent:
    cls = EVENT_TYPES[kind]
    hints = _hints(cls)
    try:
        return cls(**{name: _typed(data[name], hints[name]) for name in hints if name in data})
    except (TypeError, KeyError) as error:
        raise ParseError(f"event {kind!r} has bad fields: {error}") from None


def reference_to_data(event: TournamentEvent) -> dict[str, Any]:
    data = {field.name: plain(getattr(event, field.name)) for field in dataclasses.fields(event)}
    # Written only when set, as the store has always written them (``events.to_data``).
    for name in ("by", *events.LATER_FIELDS.get(type(event), ())):
        if not data[name]:
            del data[name]
    return data


# -- the measure ---------------------------------------------------------------------------------


def best_of_each(rounds: int, *actions: Callable[[], object]) -> list[float]:
    """Return the shortest of ``rounds`` runs of each action, in seconds; the actions take turns
    within each round, so that a busy moment of the machine slows them alike."""
    times = [float("inf")] * len(actions)
    for _ in range(rounds):
        for number, action in enumerate(actions):
            start = time.perf_counter()
            action()
            times[number] = min(times[number], time.perf_counter() - start)
    return times


def measure(players: int, rounds: int) -> dict[str, float]:
    """Return microseconds per event read and written, by the reference and by the codec, and
    the number of events; check first that both read and write the same."""
    stored = stored_events(players)
    read = [events.from_data(kind, data) for kind, data in stored]
    if read != [reference_from_data(kind, data) for kind, data in stored]:
        raise AssertionError("the codec reads the stored events otherwise than the reference")
    if [json.dumps(events.to_data(e)) for e in read] != [
        json.dumps(reference_to_data(e)) for e in read
    ]:
        raise AssertionError("the codec writes the events otherwise than the reference")

    def per_event(*actions: Callable[[], object]) -> list[float]:
        return [took / len(stored) * 1e6 for took in best_of_each(rounds, *actions)]

    read_reference, read_codec = per_event(
        lambda: [reference_from_data(kind, data) for kind, data in stored],
        lambda: [events.from_data(kind, data) for kind, data in stored],
    )
    write_reference, write_codec = per_event(
        lambda: [reference_to_data(event) for event in read],
        lambda: [events.to_data(event) for event in read],
    )
    return {
        "events": len(stored),
        "read_reference_us": read_reference,
        "read_codec_us": read_codec,
        "write_reference_us": write_reference,
        "write_codec_us": write_codec,
    }


def rows(found: Mapping[str, float]) -> Sequence[tuple[str, str]]:
    """Return the measures as (label, value) lines, ratios last."""
    read = found["read_reference_us"] / found["read_codec_us"]
    write = found["write_reference_us"] / found["write_codec_us"]
    return [
        ("stored events read, us/event, reference / codec",
         f"{found['read_reference_us']:.1f} / {found['read_codec_us']:.1f}"),
        ("stored events written, us/event, reference / codec",
         f"{found['write_reference_us']:.1f} / {found['write_codec_us']:.1f}"),
        ("read ratio (reference / codec)", f"{read:.2f}"),
        ("write ratio (reference / codec)", f"{write:.2f}"),
    ]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    found = measure(args.players, args.rounds)
    print(f"{found['events']:,.0f} stored events of a {args.players}-player tournament, "
          f"best of {args.rounds}")  # fmt: skip
    for label, value in rows(found):
        print(f"  {label:<52} {value}")
    print(f"  machine: {platform.processor() or platform.machine()}, Python "
          f"{platform.python_version()}")  # fmt: skip


if __name__ == "__main__":
    main()
