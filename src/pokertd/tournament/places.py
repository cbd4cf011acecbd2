"""Places: ranking players eliminated together (ELIM-SIMULTANEOUS, ELIM-HFH-START)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Place:
    """A finishing place: ``place`` is the best place of the ``shared`` places the players tie on.

    >>> Place(entry=7, place=9, shared=2)   # tied for 9th and 10th: they share both prizes
    Place(entry=7, place=9, shared=2)
    """

    entry: int
    place: int
    shared: int = 1


def rank_busts(
    entries: Sequence[int],
    remaining: int,
    start_stacks: Mapping[int, int],
    *,
    share_all: bool = False,
) -> list[Place]:
    """Give places to players eliminated in the same hand, while ``remaining`` were left.

    The larger stack at the start of the hand finishes higher; equal stacks tie and share the
    places (ELIM-SIMULTANEOUS: LFP 8.16, GM 41°). ``share_all`` makes them all share the places
    reached, whatever their stacks (ELIM-HFH-START: TDA PR-8A).

    >>> rank_busts([4, 5, 6], 52, {4: 900, 5: 300, 6: 300})
    [Place(entry=4, place=50, shared=1), Place(entry=5, place=51, shared=2), \
Place(entry=6, place=51, shared=2)]
    >>> rank_busts([4, 5, 6], 52, {}, share_all=True)[0]
    Place(entry=4, place=50, shared=3)
    """
    count = len(entries)
    best = remaining - count + 1
    if share_all or count == 1:
        return [Place(entry, best, count) for entry in entries]
    ordered = sorted(entries, key=lambda entry: -start_stacks[entry])
    places: list[Place] = []
    position = best
    index = 0
    while index < count:
        stack = start_stacks[ordered[index]]
        group = [entry for entry in ordered[index:] if start_stacks[entry] == stack]
        places.extend(Place(entry, position, len(group)) for entry in group)
        position += len(group)
        index += len(group)
    return places
