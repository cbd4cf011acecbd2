"""What issue 20's scale work replaced, as it was: the references the new code is compared with in
``test_scale_memos.py`` (the seat choice of a breaking table, the structure's per-item readings,
the table after a hand). Kept as they were; the helpers they call are unchanged."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokertd.cards import Deck
from pokertd.tournament.button import Blinds, Table
from pokertd.tournament.seating import Move, MoveReason, allowed_new_seats, card_order
from pokertd.tournament.structure import Break, Level, Structure


def break_moves_before(
    tables: Sequence[Table], breaking: int, *, rng: random.Random, between_blinds_allowed: bool
) -> list[Move]:
    """``seating.break_moves`` as it was."""
    broken = next((table for table in tables if table.number == breaking), None)
    if broken is None:
        raise ValueError(f"table {breaking} is not open; it cannot break")
    others = [table for table in tables if table.number != breaking]
    preferred = {
        table.number: allowed_new_seats(table, between_blinds_allowed=between_blinds_allowed)
        for table in others
    }
    # TDA 9 gives no seat between the small blind and the button. When every seat is needed,
    # those seats take the overflow only, and their players wait for the button to pass
    # (LFP 6.12, GM 24°): a table is never left unbroken for want of one seat.
    last_resort: dict[int, list[int]] = {table.number: [] for table in others}
    if not between_blinds_allowed and sum(map(len, preferred.values())) < len(broken.players):
        for table in others:
            every = allowed_new_seats(table, between_blinds_allowed=True)
            last_resort[table.number] = [s for s in every if s not in preferred[table.number]]
    capacity = {n: len(preferred[n]) + len(last_resort[n]) for n in preferred}
    if sum(capacity.values()) < len(broken.players):
        raise ValueError(
            f"the {len(broken.players)} players of table {breaking} do not fit the open seats"
            " of the other tables (TBL-BREAK-SEATING)"
        )
    # Which seats to fill: one at a time at a table with the fewest players, the preferred seats
    # first, so that the last-resort seats take exactly the overflow.
    counts = {table.number: len(table.players) for table in others}
    taken = dict.fromkeys(counts, 0)
    extra = dict.fromkeys(counts, 0)
    for _ in broken.players:
        left = [n for n in counts if taken[n] < len(preferred[n])]
        pool = taken
        if not left:
            left = [n for n in counts if extra[n] < len(last_resort[n])]
            pool = extra
        fewest = min(counts[n] for n in left)
        number = rng.choice([n for n in left if counts[n] == fewest])
        counts[number] += 1
        pool[number] += 1
    seat_cards: list[tuple[int, int]] = []
    for number in sorted(taken):
        if not taken[number] and not extra[number]:
            continue  # no seat drawn here (most tables of a big field): no draw, no randomness
        chosen = rng.sample(preferred[number], taken[number])
        chosen += rng.sample(last_resort[number], extra[number])
        seat_cards.extend((number, seat) for seat in sorted(chosen))
    rng.shuffle(seat_cards)  # TDA Add.9: scrambled face down and stacked
    deck = Deck.shuffled(rng)
    cards = {entry: deck.deal()[0] for entry in broken.players.values()}
    return [
        Move(
            entry, breaking, broken.seat_of(entry), table, seat, MoveReason.BREAK, str(cards[entry])
        )
        for entry, (table, seat) in zip(card_order(cards), seat_cards, strict=True)
    ]


def level_number_before(structure: Structure, index: int) -> int | None:
    """``Structure.level_number`` as it counted the levels before ``index`` at each call."""
    if isinstance(structure.items[index], Break):
        return None
    return sum(1 for earlier in structure.items[:index] if isinstance(earlier, Level)) + 1


def denominations_at_before(structure: Structure, index: int) -> tuple[int, ...]:
    """``Structure.denominations_at`` as it gathered the colour-ups before ``index`` each call."""
    removed = {
        chip
        for item in structure.items[:index]
        if isinstance(item, Break)
        for chip in item.colour_up
    }
    return tuple(chip for chip in structure.chips if chip not in removed)


def after_hand_before(table: Table, blinds: Blinds) -> Table:
    """``Table.after_hand`` as it built the table, every seat checked again."""
    waiting = table.waiting_for_big_blind - {blinds.big_blind}
    return Table(table.number, table.size, table.players, blinds, frozenset(), waiting)
