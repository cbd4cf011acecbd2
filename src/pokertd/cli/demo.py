"""``pokertd demo``: one tournament hand between simple bots, told street by street, in English or
French. It shows the engine at work until the web app exists (``make run``)."""

from __future__ import annotations

import random
from pathlib import Path

import click

from pokertd import rules
from pokertd.cards import Card, format_cards
from pokertd.cli.output import guarded
from pokertd.engine import FLOP_GAMES, ActionKind, Hand, Legal
from pokertd.engine.events import (
    AntePosted,
    BlindPosted,
    BoardDealt,
    HandEvent,
    HandMucked,
    HandShown,
    PlayerActed,
    PotAwarded,
    UncalledBetReturned,
)
from pokertd.evaluate import describe, high, omaha_high
from pokertd.history import write_phh
from pokertd.history.replay import to_history
from pokertd.messages import message
from pokertd.present.words import Words, words_for
from pokertd.service.runtime import new_seed

NAMES = ("Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès")

#: The names of the games dealt (``pokertd.engine.games``), their French in the catalogue.
GAME_NAMES = {
    "nlhe": message("No-limit hold'em"),
    "plhe": message("Pot-limit hold'em"),
    "flhe": message("Fixed-limit hold'em"),
    "plo": message("Pot-limit Omaha"),
    "plo8": message("Pot-limit Omaha hi-lo"),
    "flo8": message("Fixed-limit Omaha hi-lo"),
}
#: The streets after the deal, as the demo tells them.
STREETS = {"flop": message("Flop"), "turn": message("Turn"), "river": message("River")}


@click.command("demo")
@click.option("--game", type=click.Choice(sorted(FLOP_GAMES)), default="nlhe", show_default=True)
@click.option("--profile", "profile_id", type=click.Choice(rules.PROFILE_IDS),
              default=rules.DEFAULT_PROFILE, show_default=True)  # fmt: skip
@click.option("--players", type=click.IntRange(2, 9), default=6, show_default=True)
@click.option("--seed", type=int, help="Replay a given hand (default: a new one, seed shown).")
@click.option("--lang", type=click.Choice(["en", "fr"]), default="en", show_default=True)
@click.option("--phh", "phh_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the hand as a PHH file.")  # fmt: skip
@guarded
def demo_command(
    game: str, profile_id: str, players: int, seed: int | None, lang: str, phh_path: Path | None
) -> None:
    """Play one hand between bots and tell it street by street."""
    seed = new_seed() if seed is None else seed
    rng = random.Random(seed)
    profile = rules.load(profile_id)
    stacks = [rng.randrange(40, 121) * 250 for _ in range(players)]
    hand = Hand.create(
        game=game, profile=profile, stacks=stacks, blinds=(100, 200), ante=25, rng=rng
    )
    while not hand.is_finished:
        legal = hand.legal()
        assert legal is not None
        _bot_move(hand, legal, rng)
    words = words_for(lang)
    names = NAMES[:players]
    title = words(GAME_NAMES.get(game) or hand.game.name)
    click.echo(words("{game}, {players} players, blinds {small}/{big}, profile {profile}, "
                     "seed {seed}", game=title, players=players, small=100, big=200,
                     profile=profile_id, seed=seed))  # fmt: skip
    for player, name in enumerate(names):
        role = words("  (button)") if player == hand.button else ""
        click.echo(f"  {name:<8} {stacks[player]:>7}{role}")
    click.echo(words("Pre-flop"))
    showdown_told = False
    for event in hand.events:
        if isinstance(event, HandShown | HandMucked) and not showdown_told:
            click.echo(words("Showdown"))
            showdown_told = True
        line = _tell(event, hand, names, words)
        if line:
            click.echo(line)
    click.echo(words("Stacks after the hand:"))
    result = hand.result
    assert result is not None
    for player, name in enumerate(names):
        change = result.net[player]
        click.echo(f"  {name:<8} {result.stacks[player]:>7}  ({change:+})")
    if phh_path is not None:
        phh_path.write_text(write_phh(to_history(hand, players=names)), encoding="utf-8")
        click.echo(words("The hand is written as PHH in {path}", path=phh_path))


def _bot_move(hand: Hand, legal: Legal, rng: random.Random) -> None:
    """A loose bot: folds a fifth of the time to a bet, raises a fifth of the time, else calls."""
    roll = rng.random()
    if legal.call and roll < 0.2:
        hand.act(legal.player, "fold")
    elif roll > 0.8 and legal.min_raise_to is not None and legal.max_raise_to is not None:
        pot = sum(pot.amount for pot in hand.pots) + sum(hand.bets)
        target = min(max(legal.min_raise_to, pot), legal.max_raise_to)
        hand.act(legal.player, "raise", to=target)
    else:
        hand.act(legal.player, "call" if legal.call else "check")


def _tell(event: HandEvent, hand: Hand, names: tuple[str, ...], words: Words) -> str:
    match event:
        case AntePosted(player=player, amount=amount):
            return words("  {name} posts an ante of {amount}", name=names[player], amount=amount)
        case BlindPosted(player=player, amount=amount):
            return words("  {name} posts a blind of {amount}", name=names[player], amount=amount)
        case BoardDealt(street=street, cards=cards):
            name = hand.game.street_names[street]
            shown = words(STREETS.get(name) or name.capitalize())
            return f"{shown} [{format_cards(list(cards))}]"
        case PlayerActed(player=player, kind=kind, to=to, added=added, is_all_in=is_all_in):
            line = _acted(kind, names[player], added, to, words)
            return line + (words(" and is all-in") if is_all_in else "")
        case UncalledBetReturned(player=player, amount=amount):
            return words("  {amount} uncalled, back to {name}", name=names[player], amount=amount)
        case HandShown(player=player, cards=cards):
            return words("  {name} shows {cards}: {hand}", name=names[player],
                         cards=format_cards(list(cards)),
                         hand=_hand_name(hand, cards, words.lang))  # fmt: skip
        case HandMucked(player=player):
            return words("  {name} mucks", name=names[player])
        case PotAwarded(pot=pot, shares=shares):
            label = words("main pot") if pot == 0 else words("side pot {number}", number=pot)
            return "\n".join(
                words("  {name} wins {amount} ({pot})", name=names[player], amount=won, pot=label)
                for player, won in shares
                if won
            )
    return ""


def _acted(kind: ActionKind, name: str, amount: int, to: int, words: Words) -> str:
    """Return the line of a player's action (the demo's bots fold, check, call, bet, raise)."""
    match kind:
        case ActionKind.FOLD:
            return words("  {name} folds", name=name)
        case ActionKind.CHECK:
            return words("  {name} checks", name=name)
        case ActionKind.CALL:
            return words("  {name} calls {amount}", name=name, amount=amount)
        case ActionKind.BET:
            return words("  {name} bets {to}", name=name, to=to)
    return words("  {name} raises to {to}", name=name, to=to)


def _hand_name(hand: Hand, cards: tuple[Card, ...], lang: str) -> str:
    board = list(hand.board)
    if len(board) < 3:
        return "-"
    hole = list(cards)
    strength = omaha_high(hole, board) if hand.game.hole_count == 4 else high(hole + board)
    return describe(strength, lang)
