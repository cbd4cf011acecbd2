"""The rule ids of the rules catalogue, with their English titles and the articles each book gives.

Every rule pokertd names, in an error, a ruling or a ``# BET-REOPEN`` comment, is an id of
``shared/spec/rules-catalogue.md`` (``BET-REOPEN``, ``POT-ODD-CHIP``...) or one of the few
``ENGINE_RULES`` the engine checks on top of the books, or of the ``DRAW_RULES`` pokertd adds
for the draw games with the generic book's articles. The tables below were generated once
from the catalogue; ``tests/rules/test_catalogue.py`` fails when the two drift apart. Articles
use the catalogue's citation keys: ``TDA 48, Add.48``, ``LFP 7.19``, ``BAN/ALLININF``,
``GM 3°``, ``GEN 1.30``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from types import MappingProxyType

from pokertd.errors import NotFoundError

#: Citation keys of the five books, in the catalogue's order of authority for pokertd.
BOOKS = ("TDA", "LFP", "BAN", "GM", "GEN")


def title(rule_id: str) -> str:
    """Return the English title of a catalogue, draw or engine rule id.

    Raises NotFoundError for an unknown id.

    >>> title("BET-REOPEN")
    'Reopening the betting after short all-ins'
    >>> title("ENGINE-STACK")
    'Committing more chips than the stack holds'
    >>> title("DRAW-DECK-SHORT")
    'Running out of cards in a draw'
    """
    found = (
        _TITLES.get(rule_id)
        or DRAW_RULES.get(rule_id)
        or ENGINE_RULES.get(rule_id)
        or MONEY_RULES.get(rule_id)
        or ONLINE_RULES.get(rule_id)
    )
    if found is None:
        raise NotFoundError(_unknown(rule_id))
    return found


def articles(rule_id: str) -> Mapping[str, str]:
    """Return the articles the catalogue cites for a rule, by book key (empty for engine rules).

    Raises NotFoundError for an unknown id.

    >>> dict(articles("BET-REOPEN"))
    {'TDA': '48, Add.48', 'LFP': '7.19', 'BAN': 'ALLININF', 'GEN': '1.10'}
    """
    title(rule_id)
    by_book: dict[str, str] = {}
    for part in _cited(rule_id).split("; "):
        if part.startswith("BAN/"):
            by_book["BAN"] = part.replace("BAN/", "")
        elif part:
            book, _, numbers = part.partition(" ")
            by_book[book] = numbers
    return MappingProxyType(by_book)


def citation(rule_id: str) -> str:
    """Return the articles of a rule as one citation text (empty for engine rules).

    Raises NotFoundError for an unknown id.

    >>> citation("POT-ODD-CHIP")
    'TDA 20; LFP 8.13; GM 3°; GEN 1.30'
    """
    title(rule_id)
    return _cited(rule_id)


def _cited(rule_id: str) -> str:
    return _ARTICLES.get(rule_id) or _DRAW_ARTICLES.get(rule_id, "")


def is_known(rule_id: str) -> bool:
    """Return whether ``rule_id`` is a catalogue or engine rule id.

    >>> is_known("BET-MINRAISE"), is_known("BET-MINIRAISE")
    (True, False)
    """
    known = (_TITLES, DRAW_RULES, ENGINE_RULES, MONEY_RULES, ONLINE_RULES)
    return any(rule_id in rules for rules in known)


def _unknown(rule_id: str) -> str:
    close = difflib.get_close_matches(
        rule_id, [*_TITLES, *DRAW_RULES, *ENGINE_RULES, *MONEY_RULES, *ONLINE_RULES], n=1
    )
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown rule id {rule_id!r}{hint}"


# Engine-level ids: checks the engine makes that no rulebook spells out. They are not in the
# catalogue and have no articles.
ENGINE_RULES: Mapping[str, str] = MappingProxyType(
    {
        "ENGINE-STACK": "Committing more chips than the stack holds",
        "ENGINE-STATE": "An action that does not exist in the current phase of the hand",
        "ENGINE-DEAL": "A card dealt twice or a wrong number of cards entered",
        "ENGINE-LIMIT-SIZE": "A fixed-limit bet or raise of another size than one bet",
        "ENGINE-BRING-IN": "The stud bring-in: posted or completed by its player, never folded",
        "EVENT-STATE": "A tournament operation its current state does not allow",
        "EVENT-LIVE-HAND": "A tournament change that contradicts the hand in progress at a table",
        "EVENT-STRUCTURE": "A change to a level of the structure already played or being played",
    }
)

# The draw games' rules (issue 19). The catalogue's section 16 lists the stud rules and none for
# the draw games, which TDA leaves to local rules; these ids cite the generic book's articles on
# dealing (docs/judgements.md, "Draw games"). They are not in rules-catalogue.md.
DRAW_RULES: Mapping[str, str] = MappingProxyType(
    {
        "DRAW-ORDER": "Drawing in turn from the left of the button, served in the same order",
        "DRAW-DISCARD": "Discarding only one's own cards, as many as one is served",
        "DRAW-BURN": "A burn before the draw is served, kept apart from the discards",
        "DRAW-DECK-SHORT": "Running out of cards in a draw",
        "DRAW-OPEN-OR-FOLD": "No check before the draw where announced",
    }
)
_DRAW_ARTICLES: dict[str, str] = {
    "DRAW-ORDER": "GEN 1.2, 1.6",
    "DRAW-DISCARD": "GEN 1.9",
    "DRAW-BURN": "GEN 1.13",
    "DRAW-DECK-SHORT": "GEN 1.7, 1.13",
    "DRAW-OPEN-OR-FOLD": "GEN 1.21",
}

# Bounties shared and drawn, satellite tickets, flights merged (issue 22): none of the five books
# speaks of them (LFP 1.5 of the merged day's redraw only: DAY-REDRAW); pokertd's judgements are
# in docs/judgements.md ("Bounties and tickets", "Flights"). No articles.
MONEY_RULES: Mapping[str, str] = MappingProxyType(
    {
        "BOUNTY-SPLIT": "A bounty shared by the players who eliminate one in the same hand",
        "BOUNTY-MYSTERY": "Mystery bounties: envelopes drawn from a published prize list",
        "SAT-TICKET": "Satellite seats paid as tickets to a target event",
        "FLIGHT-MERGE": "Starting flights merged into a day 2: survivors, stacks and pools",
        "FLIGHT-TWO-BAGS": "A player who bagged chips in two flights plays one stack on day 2",
        "FLIGHT-RESUME": "A day 2 resumes at the level, and the time, where its flights stopped",
    }
)

# Online play (issue 17): a time bank on top of the action clock. None of the five books speaks of
# one (their clock is called on a player at a live table: CLK-REQUEST, CLK-DURATION); pokertd's
# judgement is in docs/judgements.md ("Time bank"). No articles.
ONLINE_RULES: Mapping[str, str] = MappingProxyType(
    {
        "CLK-TIMEBANK": "A time bank used once the online action clock has run out",
    }
)

# The rule ids each configurable Profile field sets (rules-catalogue.md §17; the fields of
# pokertd's own rules name their id after the catalogue's nearest one).
PROFILE_FIELD_RULES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "min_raise": ("BET-MINRAISE", "BET-MINRAISE-SHORT-ALLIN"),
        "reopen": ("BET-REOPEN",),
        "odd_chip": ("POT-ODD-CHIP",),
        "hilo_split": ("POT-HILO-SPLIT",),
        "limit_raise_cap": ("BET-RAISE-CAP",),
        "limit_cap_heads_up": ("BET-RAISE-CAP",),
        "ante_form": ("ANTE-BB",),
        "big_blind_ante": ("ANTE-BB",),
        "initial_button": ("SEAT-FIRST-BUTTON",),
        "late_registration_levels": ("SEAT-LATE-WINDOW",),
        "late_registration_through_break": ("SEAT-LATE-WINDOW",),
        "late_registration_ends_with_rebuys": ("SEAT-LATE-WINDOW",),
        "late_entrant_waits_for_big_blind": ("SEAT-LATE-POSITION",),
        "absent_after_late_period": ("SEAT-LATE-ABSENT",),
        "late_arrival_levels": ("SEAT-LATE-WINDOW", "SEAT-LATE-ABSENT"),
        "quit_chips": ("ABS-QUIT",),
        "rebuy_threshold": ("BUY-REBUY-ELIGIBILITY",),
        "rebuy_extra_hands": ("BUY-ADDON",),
        "addon_needs_chips": ("BUY-ADDON",),
        "balance_max_difference": ("TBL-BALANCE-THRESHOLD",),
        "late_balance_from_tables": ("TBL-BALANCE-THRESHOLD",),
        "late_balance_max_difference": ("TBL-BALANCE-THRESHOLD",),
        "balance_halt": ("TBL-BALANCE-HALT",),
        "final_table_size": ("TBL-FINAL-SIZE",),
        "redraws": ("SEAT-REDRAW", "DAY-REDRAW"),
        "new_player_between_blinds": ("BTN-NEW-PLAYER", "TBL-BREAK-SEATING"),
        "hand_for_hand_start_busts": ("ELIM-HFH-START", "ELIM-SIMULTANEOUS"),
        "simultaneous_bust": ("ELIM-SIMULTANEOUS",),
        "hand_start_event": ("LVL-HAND-START",),
        "hand_for_hand_seconds": ("HFH-CLOCK",),
        "day_end_stop_seconds": ("DAY-END",),
        "day_end_hands_min": ("DAY-END",),
        "day_end_hands_max": ("DAY-END",),
        "chip_race_start": ("CHIP-ORDER",),
        "chip_race_rounding": ("CHIP-COUNT-ROUNDING",),
        "chip_race_max_one": ("CHIP-MAX-ONE",),
        "chip_race_protection": ("CHIP-NO-ELIMINATION",),
        "chip_race_late_found": ("CHIP-LATE-FOUND",),
        "time_bank_seconds": ("CLK-DURATION", "CLK-TIMEBANK"),
        "first_fault_warning": ("PEN-LADDER",),
        "undercall": ("BET-UNDERCALL",),
        "bet_correction_window": ("BET-UNDERRAISE-CORRECTION",),
        "ambiguous_amount": ("BET-AMBIGUOUS-AMOUNT",),
        "plus_amount": ("BET-VERBAL-TOTAL",),
        "words_vs_chips": ("BET-VERBAL-VS-CHIPS",),
        "single_chip_facing_bet": ("BET-SINGLE-CHIP",),
        "single_chip_opening": ("BET-SINGLE-CHIP",),
        "multi_chip_call_test": ("BET-MULTI-CHIP",),
        "string_bet": ("BET-STRING",),
        "tap": ("BET-TAP",),
        "substantial_action": ("DEAL-SA-DEFINITION",),
        "out_of_turn_after_sa": ("BET-OOT",),
        "conditional_statement": ("BET-CONDITIONAL",),
        "four_card_flop": ("DEAL-FOUR-CARD-FLOP",),
        "premature_flop": ("DEAL-PREMATURE-FLOP",),
        "wrong_hole_cards_before_sa": ("DEAL-MISDEAL-CONDITIONS",),
        "clock_caller": ("CLK-REQUEST",),
        "clock_seconds": ("CLK-DURATION",),
        "clock_countdown_seconds": ("CLK-DURATION",),
        "clock_minimum_wait_seconds": ("CLK-REQUEST", "CLK-DURATION"),
        "clock_expiry": ("CLK-EXPIRY",),
        "absent_check_moment": ("ABS-AT-SEAT",),
        "action_while_standing": ("ABS-ACT-SEATED",),
        "exposed_own_cards": ("SHOW-EXPOSED-DURING-HAND", "PEN-TIMING"),
        "device_with_live_hand": ("PEN-DEVICE",),
        "uncalled_after_muck": ("BET-UNCALLED",),
        "show_order_no_river_bet": ("SHOW-ORDER",),
        "last_aggressor_must_show": ("SHOW-LAST-AGGRESSOR-MUST-SHOW",),
        "right_to_see": ("SHOW-RIGHT-TO-SEE",),
    }
)

# Catalogue rule ids and their titles, in the catalogue's order (sections 1-16).
_TITLES: dict[str, str] = {
    "SEAT-DRAW": "Random initial seating",
    "SEAT-FIRST-BUTTON": "Initial button / first dealer",
    "SEAT-REDRAW": "Mandatory / optional seat redraws",
    "SEAT-WRONG": "Player found in the wrong seat",
    "SEAT-LATE-WINDOW": "Late arrival / late registration window",
    "SEAT-LATE-ABSENT": "Registered player not present at the start",
    "SEAT-LATE-STACK": "Stack given to late entrants, alternates and re-entries",
    "SEAT-LATE-POSITION": "Where and when late entrants are dealt in",
    "SEAT-D2-REGULAR": 'League "regular" absent on day 2 (BAN only)',
    "SEAT-STACKS": "Identical stacks; end of event",
    "TBL-BREAK-ORDER": "Order of table breaking and destination tables",
    "TBL-BREAK-SEATING": "Seating players from a broken table",
    "TBL-BALANCE-THRESHOLD": "When tables must be balanced",
    "TBL-BALANCE-HALT": "Stopping the short table",
    "TBL-BALANCE-WHO": "Which player is moved when balancing",
    "TBL-BALANCE-SEAT": "Seat given to a balanced player",
    "TBL-MIXED-BUTTON": "Button in mixed games (TDA only)",
    "TBL-MOVE": "Moving players promptly / blind evasion / chips in transit",
    "TBL-FINAL-SIZE": "Final-table size",
    "TBL-DEALERS": "Dealing when there are no professional dealers",
    "BTN-DEAD-BUTTON": "Dead-button rule",
    "BTN-RIGHT-TO-BUTTON": "The previous SB gets the button",
    "BTN-MISSING-SB": "New SB seat empty (previous BB eliminated)",
    "BTN-MISSING-BUTTON": "New button seat empty (previous SB eliminated)",
    "BTN-NEW-PLAYER": "When a player new to the table is dealt in",
    "BTN-HU-ORDER": "Heads-up blinds and order of action",
    "BTN-HU-TRANSITION": "Moving the button when play becomes heads-up",
    "BTN-BLIND-EVASION": "Avoiding blinds while moving",
    "BTN-POSTS-CHECK": "Missing blinds/antes (BAN only)",
    "BTN-ABSENT-POSTS": "Absent and penalised players still post",
    "ANTE-BB": "Big-blind ante (BAN only)",
    "LVL-TIMER": "Announcing the new level",
    "LVL-APPLY-NEXT-HAND": "New blinds apply from the next hand not yet started",
    "LVL-HAND-START": "The event that starts a new hand",
    "LVL-DEALER-PUSH": "Dealer rotation timing (TDA recommendation)",
    "LVL-DECK-CHANGE": "Deck changes",
    "LVL-RETRO": "Retroactivity and dispute windows",
    "CLK-REQUEST": "Who may call the clock, and when",
    "CLK-DURATION": "Time granted",
    "CLK-EXPIRY": "Outcome when time runs out",
    "CLK-ABUSE": "Abuse of time and of clock calls",
    "ABS-AT-SEAT": 'Being "at the seat" for the deal',
    "ABS-DEAD-HAND": "What happens to an absent player's hand",
    "ABS-ACT-SEATED": "Acting only while seated; leaving during a live hand",
    "ABS-AWAY": 'Player away from the table ("levé de table")',
    "ABS-QUIT": "Player who definitively leaves the tournament",
    "PEN-LADDER": "Penalty scale",
    "PEN-MISSED-HANDS": 'Length of a "round" penalty',
    "PEN-SERVING": "How a penalty is served",
    "PEN-TIMING": "When the penalty for exposing cards is applied",
    "PEN-DEVICE": "Phones and devices",
    "PEN-DQ": "Disqualification removes the chips",
    "PEN-SOFTPLAY": "Soft play and collusion",
    "PEN-CHIPS-INTEGRITY": "Hidden, outside, or lost-and-found chips",
    "BUY-FREEZEOUT": "Freezeout: no rebuy, no add-on",
    "BUY-REBUY-ELIGIBILITY": "Who may rebuy, and when",
    "BUY-REBUY-TIMING": "A rebuy never costs a hand",
    "BUY-ADDON": "Add-ons",
    "BUY-REENTRY": "Re-entries",
    "DEAL-SHUFFLE-CUT": "Shuffling and cutting",
    "DEAL-EXPOSED-CARD": (
        "One hole card exposed during the deal (dealer error or involuntary player move)"
    ),
    "DEAL-FALLEN-CARD": "A card falls off the table during the deal",
    "DEAL-DEAD-CARD-MIXED": "A dead card mixed with the player's other card",
    "DEAL-FLASHED-CARD": "A card called flashed",
    "DEAL-BOXED-CARD": "Card face up inside the deck",
    "DEAL-MISDEAL-CONDITIONS": "What is a misdeal (before SA)",
    "DEAL-MISDEAL-REPLAY": "How a misdeal is replayed",
    "DEAL-SA-DEFINITION": "Substantial action",
    "DEAL-MISDEAL-AFTER-SA": "Irregularity discovered after SA",
    "DEAL-BUTTON-SHORT": "The button is dealt too few cards (TDA)",
    "DEAL-WRONG-COUNT-AFTER-SA": "Wrong number of hole cards discovered after SA",
    "DEAL-JOKER": "A joker or misprinted card",
    "DEAL-DEFECTIVE-DECK": "Irregular or defective deck",
    "DEAL-DECK-SCRAMBLED": "Deck dropped or scrambled",
    "DEAL-FLOP-NO-BURN": "Flop dealt without a burn card",
    "DEAL-FLOP-TWO-BURNS": "Two burn cards before the flop",
    "DEAL-FOUR-CARD-FLOP": "Four-card flop",
    "DEAL-TURN-RIVER-NO-BURN": "Turn or river dealt without a burn card",
    "DEAL-PREMATURE-FLOP": "Premature flop",
    "DEAL-PREMATURE-TURN": "Premature turn",
    "DEAL-PREMATURE-RIVER": "Premature river",
    "DEAL-PREMATURE-GENERAL": "Premature cards in general",
    "DEAL-BOARD-ERROR-AFTER-SA": "Board error discovered after substantial action",
    "DEAL-STUD-PREMATURE": "Premature card in Stud",
    "DEAL-BURN-PRACTICE": "Burn cards",
    "BET-MIN-BET": "Minimum opening bet",
    "BET-UNDERBET": "Short opening bet",
    "BET-MINRAISE": "Minimum raise (NL/PL)",
    "BET-MINRAISE-SHORT-ALLIN": "Minimum raise after an incomplete all-in",
    "BET-UNDERRAISE-50": "Under-raises and the 50 % rule",
    "BET-UNDERRAISE-CORRECTION": "How long an illegal bet/raise can be corrected",
    "BET-REOPEN": "Reopening the betting after short all-ins",
    "BET-UNDERCALL": "Putting in less than the call",
    "BET-CHIPS-COMMITTED": "Chips committed stay in the pot",
    "BET-WITHDRAW": "Withdrawing chips already bet",
    "BET-SINGLE-CHIP": "One oversized chip",
    "BET-MULTI-CHIP": "Several chips pushed silently while facing a bet",
    "BET-PRIOR-CHIPS": "Adding to chips already in front (TDA 51A + Add.51-A)",
    "BET-OVERBET-FOR-CHANGE": "Overbetting for change",
    "BET-VERBAL-BINDING": "Verbal declarations bind",
    "BET-VERBAL-TOTAL": '"Raise 8000" and "plus 4000"',
    "BET-AMBIGUOUS-AMOUNT": '"5" meaning 500 or 5000',
    "BET-VERBAL-VS-CHIPS": "Words and chips disagree",
    "BET-RAISE-METHOD": "Valid ways to raise (NL/PL)",
    "BET-STRING": "String bets and raises",
    "BET-INCORRECT-DECLARATION": "A declaration that does not fit the action faced",
    "BET-WAIT-FOR-AMOUNT": "Waiting for the amount of a raise",
    "BET-OOT": "Acting out of turn",
    "BET-NONSTANDARD-FOLD": "Folding out of turn or when a check was possible",
    "BET-SIMULTANEOUS": "Simultaneous actions",
    "BET-CONDITIONAL": '"If you bet, I raise"',
    "BET-TAP": "Tapping the table",
    "BET-DARK": "Betting in the dark",
    "BET-COUNT": "Counting bets, stacks and the pot",
    "BET-ACCEPTED-ACTION": "Accepted action: the caller answers for the amount",
    "BET-RAISE-CAP": "Number of raises",
    "BET-PL-POT-SIZE": "Pot-limit sizing",
    "BET-PL-CORRECTION": "Correcting a pot-limit bet of the wrong size",
    "BET-POT-DECLARATION-NL": 'Declaring "pot" in no-limit',
    "BET-HIDDEN-CHIPS-ALLIN": "Hidden chips found after an all-in is called",
    "BET-CHECK-RAISE": "Check-raise and optional limits",
    "BET-UNCALLED": "Return of an uncalled bet when the hand is lost or mucked",
    "SHOW-ORDER": "Who shows first",
    "SHOW-LAST-AGGRESSOR-MUST-SHOW": "The last aggressor must show",
    "SHOW-UNCONTESTED": "Last live hand",
    "SHOW-ALLIN-EXPOSE": "Cards face up once betting is over with an all-in",
    "SHOW-TABLING": 'What "tabling" a hand means',
    "SHOW-ONE-SHOW-ALL": "Show one, show all",
    "SHOW-MUCK-RETRIEVAL": "Mucked hands at showdown",
    "SHOW-CARDS-SPEAK": "Cards speak",
    "SHOW-RIGHT-TO-SEE": "Asking to see a hand that was not shown",
    "SHOW-WINNER-NOT-KILLABLE": "A tabled winning hand cannot be killed",
    "SHOW-HAND-PROTECTION": "Hands killed by the dealer or by contact",
    "SHOW-EXPOSED-DURING-HAND": "A player exposes his own cards while the hand is live",
    "SHOW-UNDETERMINED-WINNER": "Pot awarded too early, winner undeterminable",
    "SHOW-RABBIT-HUNT": "No rabbit hunting",
    "SHOW-NO-DEALS": "No deals or insurance on a pot",
    "SHOW-HAND-RANKING": "Hand ranking: suits and the wheel",
    "POT-SIDE": "Side pots",
    "POT-ODD-CHIP": "Indivisible chips in a split pot",
    "POT-HILO-SPLIT": "Splitting a hi/lo pot",
    "POT-AWARD-FINAL": "When a pot award is final",
    "POT-COMPLETE": "A gathered pot is complete",
    "ELIM-END": "Elimination and end of the event",
    "ELIM-SIMULTANEOUS": "Several players busting in the same hand",
    "ELIM-HFH-START": "Prize eligibility when hand-for-hand is announced (TDA PR-8A)",
    "ELIM-ITM-DEVICES": "Devices off in the money",
    "CHIP-WHEN": "When to colour up",
    "CHIP-ORDER": "Where dealing starts",
    "CHIP-CARDS": "Dealing the race cards",
    "CHIP-COUNT-ROUNDING": "How many higher chips are awarded",
    "CHIP-MAX-ONE": "At most one higher chip per player",
    "CHIP-TIE-SUIT": "Ties between race cards of equal rank",
    "CHIP-NO-ELIMINATION": "Nobody can bust in a chip race",
    "CHIP-LATE-FOUND": "Removed denomination found after the race",
    "CHIP-STACKING": "Stacking chips",
    "HFH-TRIGGER": "Hand-for-hand announcement and prize eligibility (see ELIM-HFH-START)",
    "HFH-CLOCK": "Clock procedure during hand-for-hand",
    "HFH-ALLIN": "All-ins during hand-for-hand",
    "HFH-SEATED": "Staying seated during hand-for-hand",
    "DAY-END": "End-of-day procedure",
    "DAY-REDRAW": "Seat redraw at the start of a merged day",
    "STUD-BRINGIN-ABSENT": "Bring-in of an absent player; lowest card all-in for the ante",
    "STUD-BRINGIN-TIE": "Bring-in between tied up-cards",
    "STUD-MISDEAL": "A Stud down-card exposed by the dealer",
    "STUD-RIVER-UP": "Stud river card dealt face up",
    "STUD-FOLD": "Picking up up-cards in Stud",
    "STUD-BALANCE": "Balancing Stud tables",
    "STUD-SHOW-ORDER": "Stud showdown order",
    "STUD-ODD-CHIP": "Odd chip in Stud",
    "STUD-PREMATURE": "Premature cards in Stud",
    "STUD-DECK-SHORT": "Running out of cards in Stud",
}

# The articles each book gives for a rule, as the catalogue cites them.
_ARTICLES: dict[str, str] = {
    "SEAT-DRAW": "TDA 6; LFP 1.5; BAN/GENERAL; GM 13°; GEN 1.1",
    "SEAT-FIRST-BUTTON": "LFP 2.1; BAN/DONNE",
    "SEAT-REDRAW": "LFP 1.5; GM 25°b",
    "SEAT-WRONG": "TDA 6; LFP 9.3",
    "SEAT-LATE-WINDOW": "TDA 7; LFP 2.16; BAN/GENERAL, BAN/RETARD; GM 43°",
    "SEAT-LATE-ABSENT": "TDA 30; LFP 2.17; BAN/GENERAL, BAN/RETARD",
    "SEAT-LATE-STACK": "TDA 7A; LFP 2.17; BAN/GENERAL; GM 43°",
    "SEAT-LATE-POSITION": "TDA 7A; GM 43°",
    "SEAT-D2-REGULAR": "BAN/D2",
    "SEAT-STACKS": "TDA 7A; LFP 1.7; BAN/GENERAL",
    "TBL-BREAK-ORDER": "TDA 10C; LFP 6.6; GM 25°",
    "TBL-BREAK-SEATING": "TDA 9, Add.9; LFP 6.11; BAN/TABLE; GM 24°",
    "TBL-BALANCE-THRESHOLD": "TDA 10D; LFP 6.8; GM 25°, 25°b",
    "TBL-BALANCE-HALT": "TDA 10D; LFP 6.8; GM 25°",
    "TBL-BALANCE-WHO": "TDA 10A; LFP 6.9; GM 25°a",
    "TBL-BALANCE-SEAT": "TDA 10A; LFP 6.10; GM 25°a",
    "TBL-MIXED-BUTTON": "TDA 10B",
    "TBL-MOVE": "TDA PR-6, 63; LFP 11.2, 11.3",
    "TBL-FINAL-SIZE": "TDA 11; LFP 1.5; BAN/GENERAL",
    "TBL-DEALERS": "LFP 2.2, 6.17, 6.18; BAN/GENERAL, BAN/DONNE, BAN/DONNEUR",
    "BTN-DEAD-BUTTON": "TDA 32; LFP 6.3, 6.4; BAN/TABLE; GM 6°",
    "BTN-RIGHT-TO-BUTTON": "LFP 6.5, 6.20",
    "BTN-MISSING-SB": "LFP 6.17; BAN/TABLE",
    "BTN-MISSING-BUTTON": "LFP 6.18",
    "BTN-NEW-PLAYER": (
        "TDA 7A, 9, 10A; LFP 6.12, 6.13, 6.14, 6.10, 6.15, 6.16; BAN/TABLE; GM 24°, 43°"
    ),
    "BTN-HU-ORDER": "TDA 34; LFP 6.19; BAN/BLINDS; GM 35°",
    "BTN-HU-TRANSITION": "TDA 34; LFP 6.20; GM 35°",
    "BTN-BLIND-EVASION": "TDA 33; BAN/TABLE; GM 22°",
    "BTN-POSTS-CHECK": "BAN/DONNEUR, BAN/BLINDS",
    "BTN-ABSENT-POSTS": (
        "TDA 30, 71A, 71C; LFP 2.15, 2.17, 2.18a, 13.1; BAN/RETARD, BAN/ABSENT, "
        "BAN/SANCTIONS; GM 7°"
    ),
    "ANTE-BB": "BAN/BLINDS",
    "LVL-TIMER": "TDA 23",
    "LVL-APPLY-NEXT-HAND": "TDA 23; LFP 6.1; BAN/BLINDS; GM 17°",
    "LVL-HAND-START": "TDA 23; LFP 6.2, 9.1; BAN/BLINDS; GM 17°; GEN 1.36",
    "LVL-DEALER-PUSH": "TDA PR-7",
    "LVL-DECK-CHANGE": "TDA 26; LFP 2.27; GM 16°",
    "LVL-RETRO": "TDA 22; LFP 9.1, 9.2, 7.18; GEN 1.28, 1.36",
    "CLK-REQUEST": "TDA 29, 30; LFP 3.6; BAN/TIME; GM 5°; GEN 1.35",
    "CLK-DURATION": "TDA 29; LFP 3.6; BAN/TIME; GM 5°",
    "CLK-EXPIRY": "TDA 29; LFP 3.6; BAN/TIME; GM 5°",
    "CLK-ABUSE": "TDA 29, 70; LFP 3.7",
    "ABS-AT-SEAT": "TDA 30; LFP 2.15; BAN/ABSENT; GM 8°",
    "ABS-DEAD-HAND": "TDA 30; LFP 2.15; BAN/ABSENT, BAN/RETARD; GM 8°",
    "ABS-ACT-SEATED": "TDA 31; LFP 7.1; BAN/ABSENT; GM 8°, 38°",
    "ABS-AWAY": "LFP 2.18a; BAN/ABSENT",
    "ABS-QUIT": "LFP 2.18a; GM 7°",
    "PEN-LADDER": "TDA 71A; LFP 13.1; BAN/SANCTIONS; GM 7°",
    "PEN-MISSED-HANDS": "TDA 71A; LFP 13.1; BAN/SANCTIONS; GM 7°",
    "PEN-SERVING": "TDA 71C, 35C; LFP 13.1; BAN/SANCTIONS; GM 7°",
    "PEN-TIMING": "TDA 68; LFP 4.1; GM 31°",
    "PEN-DEVICE": "TDA 4; LFP 3.5, 12.6; BAN/APPAREILS; GM 15°",
    "PEN-DQ": "TDA 71D, 69; LFP 13.1; BAN/SANCTIONS; GM 7°, 23°, 33°",
    "PEN-SOFTPLAY": "TDA 71B, 69; LFP 12.7; GM 33°; GEN 1.33",
    "PEN-CHIPS-INTEGRITY": "TDA 63, 64, 24C; LFP 11.2, 10.7; BAN/JETONS, BAN/CHIPRACE; GM 23°, 2°",
    "BUY-FREEZEOUT": "LFP 5.1",
    "BUY-REBUY-ELIGIBILITY": "LFP 5.2; GEN 1.3",
    "BUY-REBUY-TIMING": "TDA 27; LFP 5.3; GM 18°",
    "BUY-ADDON": "LFP 5.4, 5.5; GM 18°",
    "BUY-REENTRY": "TDA 7A, 7B",
    "DEAL-SHUFFLE-CUT": "LFP 2.3; BAN/DONNE; GEN 1.6",
    "DEAL-EXPOSED-CARD": "TDA 35A(6), 35B; LFP 2.5; GM 27°; GEN 1.8",
    "DEAL-FALLEN-CARD": "LFP 2.6",
    "DEAL-DEAD-CARD-MIXED": "LFP 2.7",
    "DEAL-FLASHED-CARD": "LFP 2.9",
    "DEAL-BOXED-CARD": "TDA 35A(1); LFP 2.10; GM 27°b",
    "DEAL-MISDEAL-CONDITIONS": "TDA 35A; LFP 2.8; GM 27°; GEN 1.8, 1.9",
    "DEAL-MISDEAL-REPLAY": "TDA 35C; LFP 2.10, 2.12; GEN 1.9",
    "DEAL-SA-DEFINITION": "TDA 36; LFP 2.14; GEN 1.9",
    "DEAL-MISDEAL-AFTER-SA": "TDA 35D; LFP 2.13; GEN 1.9",
    "DEAL-BUTTON-SHORT": "TDA 37",
    "DEAL-WRONG-COUNT-AFTER-SA": "TDA 38, Add.38; LFP 2.13",
    "DEAL-JOKER": "LFP 2.11; GEN 1.32",
    "DEAL-DEFECTIVE-DECK": "LFP 2.12; GEN 1.31",
    "DEAL-DECK-SCRAMBLED": "TDA PR-4",
    "DEAL-FLOP-NO-BURN": "LFP 2.18b",
    "DEAL-FLOP-TWO-BURNS": "LFP 2.19",
    "DEAL-FOUR-CARD-FLOP": "TDA 39; LFP 2.20",
    "DEAL-TURN-RIVER-NO-BURN": "LFP 2.21",
    "DEAL-PREMATURE-FLOP": "TDA PR-5A; LFP 2.22; GEN 1.13, 1.14",
    "DEAL-PREMATURE-TURN": "TDA PR-5B; LFP 2.23; GEN 1.14",
    "DEAL-PREMATURE-RIVER": "TDA PR-5C; LFP 2.24",
    "DEAL-PREMATURE-GENERAL": "LFP 2.25; GEN 1.14",
    "DEAL-BOARD-ERROR-AFTER-SA": "LFP 2.26",
    "DEAL-STUD-PREMATURE": "TDA PR-5D; GEN 1.14",
    "DEAL-BURN-PRACTICE": "GEN 1.13",
    "BET-MIN-BET": "LFP 7.8; GM 10°; GEN 1.11",
    "BET-UNDERBET": "TDA 43A, 55B; LFP 7.16",
    "BET-MINRAISE": "TDA 47A, Add.47; LFP 7.11; BAN/RELINSUF; GM 10°, 26°; GEN 1.11.b",
    "BET-MINRAISE-SHORT-ALLIN": "TDA Add.47; LFP 7.12, 7.13, 7.14",
    "BET-UNDERRAISE-50": "TDA 47A; LFP 7.16, 7.15; BAN/RELINSUF; GM 10°; GEN 1.19",
    "BET-UNDERRAISE-CORRECTION": "TDA 43A; LFP 7.17",
    "BET-REOPEN": "TDA 48, Add.48; LFP 7.19; BAN/ALLININF; GEN 1.10",
    "BET-UNDERCALL": "TDA 42B; LFP 7.16; BAN/JETONS; GM 10°; GEN 1.17",
    "BET-CHIPS-COMMITTED": "TDA 41A; BAN/JETONS; GEN 1.18",
    "BET-WITHDRAW": "TDA 51B; GM 10°",
    "BET-SINGLE-CHIP": "TDA 49; LFP 7.26; BAN/SUIVRE; GM 11°; GEN 1.20",
    "BET-MULTI-CHIP": "TDA 50A; LFP 7.27; GM 11°",
    "BET-PRIOR-CHIPS": "TDA 51A, Add.51-A",
    "BET-OVERBET-FOR-CHANGE": "TDA 61",
    "BET-VERBAL-BINDING": (
        "TDA 41A, 42A, 3, 57, 12; LFP 7.3, 7.4, 8.8; BAN/ANNONCES; GM 30°, 20°; GEN 1.15"
    ),
    "BET-VERBAL-TOTAL": "TDA 47B; LFP 7.10",
    "BET-AMBIGUOUS-AMOUNT": "TDA 57; LFP 7.10",
    "BET-VERBAL-VS-CHIPS": "TDA 40A; LFP 7.3; GM 30°; GEN 1.15",
    "BET-RAISE-METHOD": "TDA 46, 46C; LFP 7.9, 7.10; BAN/RELANCER; GM 32°",
    "BET-STRING": "TDA 56; LFP 7.24; BAN/OUVRIR, BAN/RELANCER; GM 39°; GEN 1.19",
    "BET-INCORRECT-DECLARATION": "TDA 55",
    "BET-WAIT-FOR-AMOUNT": "TDA 41B, 59B",
    "BET-OOT": "TDA 44A, 44B; LFP 7.20, 7.21; BAN/ANNONCES; GM 30°; GEN 1.12",
    "BET-NONSTANDARD-FOLD": "TDA 58; LFP 7.20, 3.1",
    "BET-SIMULTANEOUS": "LFP 7.22",
    "BET-CONDITIONAL": "TDA 59A; LFP 7.23",
    "BET-TAP": "TDA 3; LFP 7.6; BAN/CHECKER; GEN 1.15",
    "BET-DARK": "LFP 7.7",
    "BET-COUNT": "TDA 54A, 60, PR-2; LFP 7.25; GM 34°",
    "BET-ACCEPTED-ACTION": "TDA 53; LFP 7.5",
    "BET-RAISE-CAP": "TDA 52; GM 26°; GEN 1.11.a",
    "BET-PL-POT-SIZE": "TDA 54A; GM 34°; GEN 1.11.b",
    "BET-PL-CORRECTION": "TDA 43B, Add.43-B",
    "BET-POT-DECLARATION-NL": "TDA 54C; LFP 7.25",
    "BET-HIDDEN-CHIPS-ALLIN": "TDA 62",
    "BET-CHECK-RAISE": "GEN 1.22, 1.21, 1.23",
    "BET-UNCALLED": "TDA 15B, 65A; LFP 3.2, 3.4; GM 28°; GEN 1.16",
    "SHOW-ORDER": "TDA 17A; LFP 8.3; BAN/ABATTAGE; GM 37°; GEN 1.26",
    "SHOW-LAST-AGGRESSOR-MUST-SHOW": "TDA 18B; LFP 8.3, 8.5, 8.7; BAN/ABATTAGE; GM 37°",
    "SHOW-UNCONTESTED": "TDA 17B; LFP 8.6, 8.2; GEN 1.16",
    "SHOW-ALLIN-EXPOSE": "TDA 16, Add.16, PR-8F; LFP 8.4; GM 9°",
    "SHOW-TABLING": "TDA 13A, 15A, 19; LFP 8.9; BAN/ABATTAGE; GM 40°",
    "SHOW-ONE-SHOW-ALL": "TDA 67; LFP 8.1, 12.8, 8.2; BAN/ABATTAGE; GM 9°",
    "SHOW-MUCK-RETRIEVAL": "TDA 14, 13B; LFP 8.5, 8.8; BAN/ABATTAGE; GM 9°; GEN 1.25",
    "SHOW-CARDS-SPEAK": "TDA 12; LFP 8.8; BAN/ABATTAGE; GM 20°, 29°",
    "SHOW-RIGHT-TO-SEE": "TDA 18A, 18B; LFP 8.7; GM 37°; GEN 1.25",
    "SHOW-WINNER-NOT-KILLABLE": "TDA 13C; LFP 8.11, 8.10; GM 29°",
    "SHOW-HAND-PROTECTION": "TDA 65; LFP 3.2; BAN/CARTES; GM 28°, 45°; GEN 1.5",
    "SHOW-EXPOSED-DURING-HAND": "TDA 68; LFP 4.1, 4.2; BAN/CARTES, BAN/ANNONCES; GM 31°",
    "SHOW-UNDETERMINED-WINNER": "LFP 8.12",
    "SHOW-RABBIT-HUNT": "TDA 28; LFP 12.3; BAN/CARTES; GM 21°; GEN 1.15",
    "SHOW-NO-DEALS": "GEN 1.29",
    "SHOW-HAND-RANKING": "GEN 1.27, 1.37",
    "POT-SIDE": "TDA 21, Add.16; LFP 8.14; GM 4°; GEN 1.10",
    "POT-ODD-CHIP": "TDA 20; LFP 8.13; GM 3°; GEN 1.30",
    "POT-HILO-SPLIT": "TDA 20C, 20F, Add.20; GM 3°; GEN 1.30",
    "POT-AWARD-FINAL": "TDA 12; LFP 8.17; GEN 1.28",
    "POT-COMPLETE": "LFP 7.18, 9.2",
    "ELIM-END": "LFP 1.7, 8.15; BAN/GENERAL",
    "ELIM-SIMULTANEOUS": "LFP 8.16; GM 41°",
    "ELIM-HFH-START": "TDA PR-8A",
    "ELIM-ITM-DEVICES": "GM 15°",
    "CHIP-WHEN": "TDA 25B; LFP 10; BAN/CHIPRACE; GM 2°",
    "CHIP-ORDER": "TDA 24A; LFP 10.1; BAN/CHIPRACE; GM 2°",
    "CHIP-CARDS": "TDA 24A; LFP 10.1; BAN/CHIPRACE; GM 2°",
    "CHIP-COUNT-ROUNDING": "LFP 10.3; BAN/CHIPRACE; GM 2°",
    "CHIP-MAX-ONE": "TDA 24A; LFP 10.5; BAN/CHIPRACE",
    "CHIP-TIE-SUIT": "TDA 24A; LFP 10.4; BAN/CHIPRACE; GM 2°",
    "CHIP-NO-ELIMINATION": "TDA 24A; LFP 10.6; BAN/CHIPRACE; GM 2°",
    "CHIP-LATE-FOUND": "TDA 24C; LFP 10.7; BAN/CHIPRACE; GM 2°",
    "CHIP-STACKING": "TDA 25A, 25C; LFP 11.3; GM 19°",
    "HFH-TRIGGER": "TDA PR-8A",
    "HFH-CLOCK": "TDA PR-8B, PR-8C, PR-8D",
    "HFH-ALLIN": "TDA PR-8F",
    "HFH-SEATED": "TDA PR-8E",
    "DAY-END": "GM 42°",
    "DAY-REDRAW": "LFP 1.5",
    "STUD-BRINGIN-ABSENT": "TDA 30, 71C, PR-9D",
    "STUD-BRINGIN-TIE": "TDA PR-9C; GEN 1.1",
    "STUD-MISDEAL": "TDA 35A5",
    "STUD-RIVER-UP": "TDA PR-9A, PR-9B",
    "STUD-FOLD": "TDA 66; GEN 1.15",
    "STUD-BALANCE": "TDA 10A",
    "STUD-SHOW-ORDER": "TDA 17A",
    "STUD-ODD-CHIP": "TDA 20B",
    "STUD-PREMATURE": "TDA PR-5D; GEN 1.14",
    "STUD-DECK-SHORT": "GEN 1.13",
}

#: Every catalogue rule id, in the catalogue's order; engine ids are in ``ENGINE_RULES``.
RULE_IDS: tuple[str, ...] = tuple(_TITLES)
