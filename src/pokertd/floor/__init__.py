"""Floor rulings for live tables: what chips pushed and words said amount to, the order of play,
irregularities, clock calls, the right to see a hand, penalties. Each ruling names its rule.

Each module's entry points are re-exported here: the functions that rule (each returns a
``Ruling``), ``declare``, which records an action out of turn for them, and ``parse_declaration``
and ``parse_decision``, which read what a player said. The types they take (``Showdown``,
``Situation``, ``BoardError``...) are imported from their own modules.

>>> from pokertd import Hand
>>> hand = Hand.create(game="nlhe", stacks=[20_000] * 4, blinds=(250, 500), seed=1)
>>> ruling = interpret(hand, say="raise 1500")
>>> ruling.rule, str(ruling.decision)
('BET-VERBAL-TOTAL', 'raise 1500')
"""

from pokertd.floor.board import board_error
from pokertd.floor.chips import interpret
from pokertd.floor.clock import (
    acted_standing,
    at_seat,
    call_clock,
    clock_expired,
    clock_time,
    device_used,
)
from pokertd.floor.corrections import (
    acted_before_amount,
    correct_pot_limit,
    correct_underraise,
    exposed_own_cards,
    uncalled_after_muck,
    wait_for_amount,
)
from pokertd.floor.irregularities import boxed_cards, flashed_card, misdeal
from pokertd.floor.order import conditional_statement, parse_decision, substantial_action
from pokertd.floor.penalties import (
    disqualify,
    exposed_cards,
    missed_hands,
    next_penalty,
    serve_penalty,
)
from pokertd.floor.rulings import Decision, Ruling, Step, StepKind
from pokertd.floor.showdown import (
    cards_speak,
    first_to_show,
    may_see,
    must_show,
    retrieve_mucked,
)
from pokertd.floor.turns import declare, out_of_turn, resolve_turn, skipped_player_acts
from pokertd.floor.words import parse_declaration

__all__ = [
    "Decision",
    "Ruling",
    "Step",
    "StepKind",
    "acted_before_amount",
    "acted_standing",
    "at_seat",
    "board_error",
    "boxed_cards",
    "call_clock",
    "cards_speak",
    "clock_expired",
    "clock_time",
    "conditional_statement",
    "correct_pot_limit",
    "correct_underraise",
    "declare",
    "device_used",
    "disqualify",
    "exposed_cards",
    "exposed_own_cards",
    "first_to_show",
    "flashed_card",
    "interpret",
    "may_see",
    "misdeal",
    "missed_hands",
    "must_show",
    "next_penalty",
    "out_of_turn",
    "parse_decision",
    "parse_declaration",
    "resolve_turn",
    "retrieve_mucked",
    "serve_penalty",
    "skipped_player_acts",
    "substantial_action",
    "uncalled_after_muck",
    "wait_for_amount",
]
