"""``pokertd floor sa | oot | misdeal | board | correct``: the order of play and irregularities.

``register(group)`` adds these subcommands to the ``pokertd floor`` group. Each reads a PHH hand,
replays it by the rules of a profile (``--profile``, else the file's ``_profile``, else tda-2017)
and prints a ruling: the rule id, the articles of the profile's book, what to do and why
(``--lang fr`` for French), or the ruling's JSON with ``--json``. Players are numbered from 1 on
the command line and in text (``3`` or ``p3``), as in PHH; the JSON gives PHH indices from 0.
Malformed input exits 1; a file whose own actions break a rule, or a ruling the rules refuse,
exits 2; never a traceback.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from pathlib import Path

import click

from pokertd.cli.floor_common import hand_options, print_ruling, read_hand, replayed
from pokertd.cli.output import EXIT_RULE, Command, fail, guarded
from pokertd.engine import ActionKind
from pokertd.errors import ParseError
from pokertd.floor.board import BoardError
from pokertd.floor.corrections import Noticed, correct_pot_limit, correct_underraise
from pokertd.floor.irregularities import Situation, misdeal
from pokertd.floor.order import substantial_action
from pokertd.floor.rulings import Decision
from pokertd.floor.turns import declare, out_of_turn, skipped_player_acts
from pokertd.history import HandHistory
from pokertd.history.codes import BetOrRaise, CheckOrCall, DealBoard, Fold, PhhAction
from pokertd.history.replay import replay
from pokertd.messages import message
from pokertd.present.floor.form import (
    board_ruling,
    read_cards,
    read_decision,
    read_declarations,
    read_player,
)
from pokertd.service.runtime import new_seed


@click.command("sa", cls=Command)
@click.option(
    "--since",
    type=click.IntRange(min=0),
    metavar="N",
    help="Count from action N of the file (0 is the first action, as in replay errors); "
    "default: since the current betting round began.",
)
@hand_options
@guarded
def sa_command(
    path: Path, since: int | None, profile_id: str | None, lang: str, *, as_json: bool
) -> None:
    """Say whether substantial action has taken place in HAND.phh (DEAL-SA-DEFINITION).

    Posted blinds never count. TDA 36: two actions by two players, one putting chips in, or any
    three; LFP 2.14: two actions with chips or three in all; GEN 1.9: three players after an
    opening bet, or two with a raise.
    """
    history, profile = read_hand(path, profile_id)
    hand = replayed(history, profile)
    start = None
    if since is not None:
        if since > len(history.actions):
            raise ParseError(
                message(
                    "--since {since}: the file has {count} actions",
                    since=since,
                    count=len(history.actions),
                )
            )
        start = len(replayed(_first(history, since), profile).events)
    print_ruling(substantial_action(hand, since=start), lang, as_json=as_json)


@click.command("oot", cls=Command)
@click.option("--player", "actor", required=True, metavar="P", help="Who acted out of turn.")
@click.option(
    "--action",
    required=True,
    metavar="TEXT",
    help="What he did: fold, check, call, all-in, 'bet 300', 'raise 800' (totals).",
)
@click.option(
    "--earlier",
    multiple=True,
    metavar="'P ACTION'",
    help="An earlier out-of-turn action of the same round, in order, e.g. 'p5 call'; repeatable.",
)
@click.option(
    "--skipped-acts",
    metavar="ACTION",
    help="Then rule on what the skipped player does: fold, check, call, 'raise 900'...",
)
@hand_options
@guarded
def oot_command(
    path: Path,
    actor: str,
    action: str,
    earlier: tuple[str, ...],
    skipped_acts: str | None,
    profile_id: str | None,
    lang: str,
    *,
    as_json: bool,
) -> None:
    """Rule on an action out of turn while the player to act in HAND.phh is skipped (BET-OOT).

    The ruling says what the skipped player may do, and when the out-of-turn actions bind: TDA
    44A, LFP 7.20, GM 30°, BAN/ANNONCES before substantial action; TDA 44B (the TD decides) or
    LFP 7.21 (fold or call only) after it. With --skipped-acts it rules on his action instead.
    """
    history, profile = read_hand(path, profile_id)
    hand = replayed(history, profile)
    pending = read_declarations(hand, earlier, "--earlier")
    player = read_player(actor, hand.player_count, "--player")
    decision = read_decision(action, "--action")
    ruling = out_of_turn(hand, player, decision, pending=pending)
    if skipped_acts is not None:
        pending.append(declare(hand, player, decision, pending=pending))
        ruling = skipped_player_acts(hand, pending, read_decision(skipped_acts, "--skipped-acts"))
    print_ruling(ruling, lang, as_json=as_json, hand=hand)


@click.command("misdeal", cls=Command)
@click.option(
    "--situation",
    type=click.Choice([situation.value for situation in Situation]),
    required=True,
    help="What went wrong: the first or second card exposed, one later card exposed, two hole "
    "cards exposed, two or more boxed cards, cards dealt out of order, a wrong number of cards "
    "to a player (with --player and --cards-held), cards to an empty seat, an eligible player "
    "not dealt, the button misplaced.",
)
@click.option("--player", metavar="P", help="The player concerned.")
@click.option(
    "--cards-held", type=click.IntRange(min=0), metavar="N", help="How many cards he holds."
)
@hand_options
@guarded
def misdeal_command(
    path: Path,
    situation: str,
    player: str | None,
    cards_held: int | None,
    profile_id: str | None,
    lang: str,
    *,
    as_json: bool,
) -> None:
    """Rule on whether a dealing irregularity in HAND.phh is a misdeal (DEAL-MISDEAL-CONDITIONS).

    Substantial action is counted from the file's actions: after it there is no misdeal (TDA 35D,
    LFP 2.13, GEN 1.9; GM 27° has no such limit), and a wrong number of cards kills that hand
    (TDA 38). A button short of cards gets them (TDA 37); one extra card to the small blind is the
    burn (LFP 2.8).
    """
    history, profile = read_hand(path, profile_id)
    hand = replayed(history, profile)
    who = None if player is None else read_player(player, hand.player_count, "--player")
    print_ruling(misdeal(hand, situation, player=who, cards_held=cards_held), lang, as_json=as_json)


@click.command("board", cls=Command)
@click.option(
    "--error",
    type=click.Choice([error.value for error in BoardError]),
    required=True,
    help="The dealer's mistake on the board.",
)
@click.option(
    "--cards",
    required=True,
    metavar="CARDS",
    help="The cards dealt in error, in the order they came out, e.g. AsKd7c2h for a four-card "
    "flop, Td for a turn; the board before them is the file's.",
)
@click.option(
    "--burns",
    metavar="CARDS",
    help="The burn cards on the table, in order, the faulty ones included (default: the usual "
    "number, drawn from the unseen cards).",
)
@click.option(
    "--stub",
    metavar="CARDS",
    help="The undealt cards, top first (default: the unseen cards in a random order).",
)
@click.option(
    "--order-known/--order-unknown",
    default=True,
    show_default=True,
    help="Whether the order the flop cards came out in is known (LFP 2.18b-2.20).",
)
@click.option(
    "--after-sa",
    is_flag=True,
    help="The error was noticed only after substantial action (LFP 2.26: the board stands).",
)
@click.option(
    "--seed",
    type=int,
    help="Seed of the scrambles and reshuffles (default: a new one, shown).",
)
@hand_options
@guarded
def board_command(
    path: Path,
    error: str,
    cards: str,
    burns: str | None,
    stub: str | None,
    seed: int | None,
    profile_id: str | None,
    lang: str,
    *,
    order_known: bool,
    after_sa: bool,
    as_json: bool,
) -> None:
    """Give the operations on the deck that put a board error in HAND.phh right.

    Four-card flop (TDA 39, LFP 2.20), flop without a burn (LFP 2.18b) or with two (LFP 2.19),
    turn or river without a burn (LFP 2.21), premature flop, turn or river (TDA PR-5, LFP
    2.22-2.24, GEN 1.13-1.14). A book without a procedure borrows LFP's. The steps name each card;
    the JSON details give the board, burns and stub before, now and once every step is done.
    """
    history, profile = read_hand(path, profile_id)
    hand = replayed(history, profile)
    seed = new_seed() if seed is None else seed
    held = [card for p in range(hand.player_count) for card in hand.hole_cards(p) if card]
    ruling = board_ruling(
        BoardError(error),
        profile or hand.profile,
        board=[*hand.board, *read_cards(cards, "--cards")],
        known=held,
        burns=None if burns is None else read_cards(burns, "--burns"),
        stub=None if stub is None else read_cards(stub, "--stub"),
        rng=random.Random(seed),
        is_order_known=order_known,
        is_after_substantial_action=after_sa,
    )
    print_ruling(ruling, lang, as_json=as_json, extra={"seed": seed})


@click.command("correct", cls=Command)
@click.option(
    "--at",
    type=click.IntRange(min=0),
    metavar="N",
    help="The faulty bet is action N of the file (0 is the first); default: the first action "
    "the rules refuse (an under-raise, a pot-limit bet above the pot).",
)
@click.option(
    "--noticed",
    type=click.Choice([noticed.value for noticed in Noticed]),
    help="When the error was noticed: bets still in front, bets gathered, next card burned "
    "(default: next-street when the file deals a card after the error, else in-front).",
)
@click.option("--quoted", type=click.IntRange(min=0), metavar="N", help="The pot count given.")
@click.option(
    "--raise-declared", is_flag=True, help="The under-raiser had said 'raise' (TDA 55B, LFP 7.15)."
)
@hand_options
@guarded
def correct_command(
    path: Path,
    at: int | None,
    noticed: str | None,
    quoted: int | None,
    profile_id: str | None,
    lang: str,
    *,
    raise_declared: bool,
    as_json: bool,
) -> None:
    """Correct a bet the table let stand in HAND.phh: an under-raise or underbet (TDA 43A, LFP
    7.17-7.18; EX-17) or a pot-limit bet sized on a wrong count (TDA 43B; EX-37 to EX-39).

    The file holds the actions as the table took them, the faulty bet included; the replay stops
    at the first one the rules refuse, or at --at. A pot-limit bet within the limits is read as a
    pot bet made on a count too low. Prints each player's bet as played and as corrected.
    """
    history, profile = read_hand(path, profile_id)
    result = replay(history, profile)
    index = at
    if index is None:
        if result.error is None:
            raise ParseError(
                message("every action of the file is legal: name the faulty bet with --at")
            )
        index = result.error.index
    elif result.error is not None and result.error.index < index:
        fail(f"action {result.error.index} {result.error.action!r}: {result.error.message}",
             status=EXIT_RULE)  # fmt: skip
    if index >= len(history.actions):
        raise ParseError(
            message(
                "--at {index}: the file has {count} actions",
                index=index,
                count=len(history.actions),
            )
        )
    hand = replayed(_first(history, index), profile)
    actions, dealt = _table_actions(history.actions[index:])
    when = Noticed(noticed) if noticed is not None else None
    when = when or (Noticed.NEXT_STREET if dealt else Noticed.IN_FRONT)
    legal = hand.legal()
    first = actions[0][1] if actions else None
    if legal is None or first is None or first.kind is not ActionKind.RAISE:
        raise ParseError(
            message(
                "action {index} of the file is not a bet or raise of the player to act",
                index=index,
            )
        )
    to = first.to or 0
    cover = hand.bets[actions[0][0]] + hand.stacks[actions[0][0]]
    if legal.min_raise_to is not None and to < legal.min_raise_to and to < cover:
        ruling = correct_underraise(hand, actions, noticed=when, is_raise_declared=raise_declared)
    else:
        ruling = correct_pot_limit(hand, actions, noticed=when, quoted=quoted)
    print_ruling(ruling, lang, as_json=as_json)


def register(group: click.Group) -> None:
    """Add ``sa``, ``oot``, ``misdeal``, ``board`` and ``correct`` to the ``pokertd floor``
    group."""
    for command in (sa_command, oot_command, misdeal_command, board_command, correct_command):
        group.add_command(command)


# -- internals -------------------------------------------------------------------------------------


def _first(history: HandHistory, count: int) -> HandHistory:
    return dataclasses.replace(history, actions=history.actions[:count], finishing_stacks=None)


def _table_actions(
    actions: Sequence[PhhAction],
) -> tuple[list[tuple[int, Decision]], bool]:
    """Return the betting actions up to the next board card, and whether one was dealt."""
    taken: list[tuple[int, Decision]] = []
    for action in actions:
        match action:
            case Fold(player=player):
                taken.append((player, Decision(ActionKind.FOLD)))
            case CheckOrCall(player=player):
                taken.append((player, Decision(ActionKind.CALL)))
            case BetOrRaise(player=player, to=to):
                taken.append((player, Decision(ActionKind.RAISE, to)))
            case DealBoard():
                return taken, True
            case _:
                pass
    return taken, False
