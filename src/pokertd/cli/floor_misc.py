"""``pokertd floor clock | clock-expired | see | penalty``: clock calls, the right to see a hand,
penalties.

``register(group)`` adds these subcommands to the ``pokertd floor`` group. Each prints a ruling: the
rule id, the articles of the profile's book, what to do and why (``--lang fr`` for French), or the
ruling's JSON with ``--json``. Malformed input exits 1 and a ruling the rules forbid (a suspension
longer than the book allows, a clock with nobody to act) exits 2, each with a one-line message.
Players are numbered from 1 on the command line and in text (``p1``, ``p2``...), as in PHH; the
JSON ``details`` give PHH indices from 0, as ``pokertd replay --json`` does.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

import click

from pokertd import rules
from pokertd.cli.floor_common import print_ruling, read_hand, replayed, ruling_options
from pokertd.cli.output import Command, guarded, load_profile
from pokertd.errors import ParseError
from pokertd.floor.clock import CALLERS, Caller, call_clock, clock_expired
from pokertd.floor.penalties import Offence, missed_hands, next_penalty
from pokertd.floor.showdown import Holding, Showdown, may_see
from pokertd.rules import Profile


@click.command("clock", cls=Command)
@click.option(
    "--caller",
    type=click.Choice(CALLERS),
    required=True,
    help="Who asks: a player in the hand, a player seated at the table but not in the hand, a "
    "player from another table, the dealer, or a manager (TD or floor).",
)
@click.option(
    "--waited",
    "waited_seconds",
    type=click.FloatRange(min=0),
    metavar="SECONDS",
    help="How long the player has been thinking (some books set a minimum).",
)
@ruling_options
@guarded
def clock_command(
    caller: str, waited_seconds: float | None, profile_id: str | None, lang: str, *, as_json: bool
) -> None:
    """Rule on a request for the clock (CLK-REQUEST): may it be called, who approves, how long
    the player then has."""
    ruling = call_clock(
        _profile(profile_id), caller=cast(Caller, caller), waited_seconds=waited_seconds
    )
    print_ruling(ruling, lang, as_json=as_json)


@click.command("clock-expired", cls=Command)
@click.argument("path", metavar="HAND.phh", type=click.Path(dir_okay=False, path_type=Path))
@ruling_options
@guarded
def clock_expired_command(path: Path, profile_id: str | None, lang: str, *, as_json: bool) -> None:
    """Rule on the player to act in HAND.phh whose clock ran out (CLK-EXPIRY): a dead hand, or a
    check.

    The profile defaults to the file's _profile, then tda-2017. Exit status 2 when an action of
    the file breaks the rules or nobody is to act.
    """
    history, profile = read_hand(path, profile_id)
    hand = replayed(history, profile)
    print_ruling(clock_expired(hand, profile), lang, as_json=as_json, hand=hand)


@click.command("see", cls=Command)
@click.option(
    "--players",
    type=click.IntRange(min=2),
    required=True,
    metavar="N",
    help="Players in the hand at the showdown, numbered 1 to N.",
)
@click.option(
    "--requester",
    required=True,
    metavar="P|table",
    help="Who asks: a player in the hand (3 or p3), or 'table' for a player at the table who is "
    "not in the hand.",
)
@click.option("--target", required=True, metavar="P", help="Whose hand he asks to see.")
@click.option(
    "--bettor",
    metavar="P",
    help="Who made the last bet or raise on the river (omit when nobody bet).",
)
@click.option("--callers", default="", metavar="P,P", help="Who called that bet or raise.")
@click.option("--tabled", default="", metavar="P,P", help="Who turned his cards face up.")
@click.option(
    "--pushed",
    default="",
    metavar="P,P",
    help="Who pushed his cards face down, not yet in the muck. The others still hold theirs.",
)
@click.option("--mucked", default="", metavar="P,P", help="Whose cards are in the muck.")
@click.option("--winner", metavar="P", help="Who holds the best hand shown so far.")
@click.option("--heads-up", "is_heads_up", is_flag=True, help="Only two players are left.")
@click.option(
    "--asked",
    "requests_before",
    type=click.IntRange(min=0),
    default=0,
    metavar="N",
    help="How often the requester already asked to see a hand in this event.",
)
@click.option("--consent", is_flag=True, help="The owner of the hand agrees to show it.")
@ruling_options
@guarded
def see_command(
    players: int,
    requester: str,
    target: str,
    bettor: str | None,
    callers: str,
    tabled: str,
    pushed: str,
    mucked: str,
    winner: str | None,
    requests_before: int,
    profile_id: str | None,
    lang: str,
    *,
    is_heads_up: bool,
    consent: bool,
    as_json: bool,
) -> None:
    """Rule on a request to see a hand that reached the showdown unshown (SHOW-RIGHT-TO-SEE).

    Example (EX-50): pokertd floor see --players 4 --bettor 3 --callers 1,2,4 --tabled 2
    --mucked 4 --pushed 3 --requester 1 --target 3
    """
    holdings = [Holding.HELD] * players
    for text, holding in (
        (tabled, Holding.TABLED),
        (pushed, Holding.PUSHED),
        (mucked, Holding.MUCKED),
    ):
        for player in _players(text, players):
            if holdings[player] is not Holding.HELD:
                raise ParseError(f"player {player + 1} is given two holdings")
            holdings[player] = holding
    situation = Showdown(
        tuple(holdings),
        river_aggressor=None if bettor is None else _player(bettor, players),
        river_callers=frozenset(_players(callers, players)),
        winner=None if winner is None else _player(winner, players),
        is_heads_up=is_heads_up,
        requests_before=requests_before,
        has_mucker_consent=consent,
    )
    asker = None if requester.strip().lower() == "table" else _player(requester, players)
    ruling = may_see(
        _profile(profile_id),
        requester=asker,
        target=_player(target, players),
        situation=situation,
    )
    print_ruling(ruling, lang, as_json=as_json)


@click.command("penalty", cls=Command)
@click.option(
    "--players",
    type=int,
    required=True,
    metavar="N",
    help="Players at the table when the penalty is given, the offender included.",
)
@click.option("--rounds", type=int, metavar="R", help="Length of the suspension in rounds.")
@click.option("--hands", type=int, metavar="H", help="Length of the suspension in hands instead.")
@click.option(
    "--faults",
    type=int,
    metavar="K",
    help="Rule on the ladder instead: the penalty for the player's K-th fault (this one included).",
)
@click.option(
    "--offence",
    type=click.Choice([offence.value for offence in Offence]),
    default=Offence.OTHER.value,
    show_default=True,
    help="What the player did (with --faults): some offences must be penalised.",
)
@ruling_options
@guarded
def penalty_command(
    players: int,
    rounds: int | None,
    hands: int | None,
    faults: int | None,
    offence: str,
    profile_id: str | None,
    lang: str,
    *,
    as_json: bool,
) -> None:
    """Rule on a penalty: how many hands a suspension lasts (PEN-MISSED-HANDS), or with --faults
    the next step of the ladder (PEN-LADDER).

    A round is as many hands as players at the table, the offender included: 7 players and 2
    rounds are 14 hands.
    """
    profile = _profile(profile_id)
    if faults is None:
        ruling = missed_hands(profile, players_at_table=players, rounds=rounds, hands=hands)
    else:
        if hands is not None:
            raise ParseError("--hands goes without --faults; the ladder counts rounds")
        ruling = next_penalty(
            profile,
            faults=faults,
            offence=Offence(offence),
            players_at_table=players,
            rounds=rounds,
        )
    print_ruling(ruling, lang, as_json=as_json)


def register(group: click.Group) -> None:
    """Add ``clock``, ``clock-expired``, ``see`` and ``penalty`` to the ``pokertd floor`` group."""
    for command in (clock_command, clock_expired_command, see_command, penalty_command):
        group.add_command(command)


# -- internals -------------------------------------------------------------------------------------


def _profile(profile_id: str | None) -> Profile:
    return rules.load(rules.DEFAULT_PROFILE) if profile_id is None else load_profile(profile_id)


def _number(text: str) -> int:
    cleaned = text.strip().lower().removeprefix("p")
    if not cleaned.isdigit():
        raise ParseError(f"a player is a number from 1, not {text!r}")
    return int(cleaned)


def _player(text: str, players: int) -> int:
    """Return the PHH index of the player numbered ``text`` from 1 (``3`` or ``p3``)."""
    number = _number(text)
    if not 1 <= number <= players:
        raise ParseError(f"there is no player {number} among the {players} at showdown")
    return number - 1


def _players(text: str, players: int) -> list[int]:
    return [_player(part, players) for part in text.split(",") if part.strip()]
