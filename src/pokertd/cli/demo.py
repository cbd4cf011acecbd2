"""``pokertd demo``: one tournament hand between simple bots, told street by street, in English or
French. It shows the engine at work until the web app exists (``make run``)."""

from __future__ import annotations

import random
from pathlib import Path

import click

from pokertd import rules
from pokertd.cards import Card, format_cards
from pokertd.cli.output import guarded
from pokertd.engine import FLOP_GAMES, Hand, Legal
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
from pokertd.service.runtime import new_seed

NAMES = ("Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès")

TEXT = {
    "en": {
        "header": "{game}, {players} players, blinds {small}/{big}, profile {profile}, seed {seed}",
        "seat": "  {name:<8} {stack:>7}{role}",
        "button": "  (button)",
        "preflop": "Pre-flop",
        "street": "{street} [{cards}]",
        "ante": "  {name} posts an ante of {amount}",
        "blind": "  {name} posts a blind of {amount}",
        "fold": "  {name} folds",
        "check": "  {name} checks",
        "call": "  {name} calls {amount}",
        "bet": "  {name} bets {to}",
        "raise": "  {name} raises to {to}",
        "all_in": " and is all-in",
        "uncalled": "  {amount} uncalled, back to {name}",
        "shows": "  {name} shows {cards}: {hand}",
        "mucks": "  {name} mucks",
        "wins": "  {name} wins {amount} ({pot})",
        "main": "main pot",
        "side": "side pot {number}",
        "showdown": "Showdown",
        "stacks": "Stacks after the hand:",
        "written": "The hand is written as PHH in {path}",
    },
    "fr": {
        "header": (
            "{game}, {players} joueurs, blindes {small}/{big}, profil {profile}, graine {seed}"
        ),
        "seat": "  {name:<8} {stack:>7}{role}",
        "button": "  (bouton)",
        "preflop": "Avant le flop",
        "street": "{street} [{cards}]",
        "ante": "  {name} paie une ante de {amount}",
        "blind": "  {name} paie une blinde de {amount}",
        "fold": "  {name} passe",
        "check": "  {name} checke",
        "call": "  {name} suit {amount}",
        "bet": "  {name} mise {to}",
        "raise": "  {name} relance à {to}",
        "all_in": " et est à tapis",
        "uncalled": "  {amount} non suivis, rendus à {name}",
        "shows": "  {name} montre {cards} : {hand}",
        "mucks": "  {name} jette ses cartes",
        "wins": "  {name} remporte {amount} ({pot})",
        "main": "pot principal",
        "side": "pot annexe {number}",
        "showdown": "Abattage",
        "stacks": "Tapis après la main :",
        "written": "La main est écrite au format PHH dans {path}",
    },
}

GAME_NAMES_FR = {
    "nlhe": "Hold'em no-limit",
    "plhe": "Hold'em pot-limit",
    "flhe": "Hold'em limit",
    "plo": "Omaha pot-limit",
    "plo8": "Omaha hi-lo pot-limit",
    "flo8": "Omaha hi-lo limit",
}
STREETS_FR = {"flop": "Flop", "turn": "Turn", "river": "River"}


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
    text = TEXT[lang]
    names = NAMES[:players]
    title = GAME_NAMES_FR[game] if lang == "fr" else hand.game.name
    click.echo(text["header"].format(game=title, players=players, small=100, big=200,
                                     profile=profile_id, seed=seed))  # fmt: skip
    for player, name in enumerate(names):
        role = text["button"] if player == hand.button else ""
        click.echo(text["seat"].format(name=name, stack=stacks[player], role=role))
    click.echo(text["preflop"])
    showdown_told = False
    for event in hand.events:
        if isinstance(event, HandShown | HandMucked) and not showdown_told:
            click.echo(text["showdown"])
            showdown_told = True
        line = _tell(event, hand, names, text, lang)
        if line:
            click.echo(line)
    click.echo(text["stacks"])
    result = hand.result
    assert result is not None
    for player, name in enumerate(names):
        change = result.net[player]
        click.echo(f"  {name:<8} {result.stacks[player]:>7}  ({change:+})")
    if phh_path is not None:
        phh_path.write_text(write_phh(to_history(hand, players=names)), encoding="utf-8")
        click.echo(text["written"].format(path=phh_path))


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


def _tell(
    event: HandEvent, hand: Hand, names: tuple[str, ...], text: dict[str, str], lang: str
) -> str:
    match event:
        case AntePosted(player=player, amount=amount):
            return text["ante"].format(name=names[player], amount=amount)
        case BlindPosted(player=player, amount=amount):
            return text["blind"].format(name=names[player], amount=amount)
        case BoardDealt(street=street, cards=cards):
            name = hand.game.street_names[street]
            shown = STREETS_FR.get(name, name) if lang == "fr" else name.capitalize()
            return text["street"].format(street=shown, cards=format_cards(list(cards)))
        case PlayerActed(player=player, kind=kind, to=to, added=added, is_all_in=is_all_in):
            line = text[kind.value].format(name=names[player], amount=added, to=to)
            return line + (text["all_in"] if is_all_in else "")
        case UncalledBetReturned(player=player, amount=amount):
            return text["uncalled"].format(name=names[player], amount=amount)
        case HandShown(player=player, cards=cards):
            return text["shows"].format(name=names[player], cards=format_cards(list(cards)),
                                        hand=_hand_name(hand, cards, lang))  # fmt: skip
        case HandMucked(player=player):
            return text["mucks"].format(name=names[player])
        case PotAwarded(pot=pot, shares=shares):
            label = text["main"] if pot == 0 else text["side"].format(number=pot)
            return "\n".join(
                text["wins"].format(name=names[player], amount=amount, pot=label)
                for player, amount in shares
                if amount
            )
    return ""


def _hand_name(hand: Hand, cards: tuple[Card, ...], lang: str) -> str:
    board = list(hand.board)
    if len(board) < 3:
        return "-"
    hole = list(cards)
    strength = omaha_high(hole, board) if hand.game.hole_count == 4 else high(hole + board)
    return describe(strength, lang)
