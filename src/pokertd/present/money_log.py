"""What ``pokertd tournament`` says about money and chips: the fee profile, payments, bounties,
payouts, deals and chip races, in English or French."""

from __future__ import annotations

from typing import Any

from pokertd.present.tournament_views import who
from pokertd.present.words import Words
from pokertd.tournament import events as ev
from pokertd.tournament.chiprace import AwardReason, ChipRace
from pokertd.tournament.money import Bounty, MoneyRules, Price
from pokertd.tournament.payouts import format_money
from pokertd.tournament.state import TournamentState

#: The French names of the payment kinds, with their articles.
_KINDS_FR = {
    "buy-in": "le buy-in",
    "re-entry": "la re-entry",
    "rebuy": "la recave",
    "add-on": "l'add-on",
    "double-add-on": "le double add-on",
}


def amount(cents: int, words: Words, currency: str = "EUR") -> str:
    """Return ``18.00 EUR`` (``18,00 EUR`` in French)."""
    return f"{format_money(cents, words.lang)} {currency}"


def price_text(price: Price, words: Words, currency: str) -> str:
    """Return ``18.00+2.00 EUR`` (prize+fee), with the bounty and the chips when there are."""
    text = format_money(price.prize, words.lang)
    if price.fee:
        text += "+" + format_money(price.fee, words.lang)
    if price.bounty:
        text += "+" + format_money(price.bounty, words.lang)
    text += f" {currency}"
    if price.chips:
        text += words(f" for {price.chips} chips", f" pour {price.chips} jetons")
    return text


def rules_lines(rules: MoneyRules, words: Words) -> list[str]:
    """Return the fee profile as a few indented lines."""
    cur = rules.currency
    lines = [
        words(
            f"  buy-in {price_text(rules.buy_in, words, cur)}",
            f"  buy-in {price_text(rules.buy_in, words, cur)}",
        )
    ]
    if rules.bounty is not Bounty.NONE:
        head = amount(rules.buy_in.bounty, words, cur)
        if rules.bounty is Bounty.FIXED:
            lines.append(words(f"  bounty {head} per head", f"  prime de {head} par tête"))
        else:
            cash = rules.bounty_cash_percent
            lines.append(
                words(
                    f"  progressive bounty {head}: {cash} % in cash, the rest on the taker's head",
                    f"  prime progressive de {head} : {cash} % en espèces, le reste sur la tête "
                    "du preneur",
                )
            )
    if rules.rebuy is not None:
        limit = rules.rebuy_limit
        most = words(f", at most {limit}", f", {limit} au plus") if limit else ""
        text = price_text(rules.rebuy, words, cur)
        lines.append(
            words(
                f"  rebuys {text} until the end of level {rules.rebuy_levels}{most}",
                f"  recaves {text} jusqu'à la fin du niveau {rules.rebuy_levels}{most}",
            )
        )
    if rules.addon is not None:
        lines.append(
            words(
                f"  add-on {price_text(rules.addon, words, cur)}",
                f"  add-on {price_text(rules.addon, words, cur)}",
            )
        )
    if rules.double_addon is not None:
        text = price_text(rules.double_addon, words, cur)
        lines.append(words(f"  double add-on {text}", f"  double add-on {text}"))
    if rules.guarantee or rules.house:
        parts = []
        if rules.guarantee:
            parts.append(
                words(
                    f"guarantee {amount(rules.guarantee, words, cur)}",
                    f"garantie {amount(rules.guarantee, words, cur)}",
                )
            )
        if rules.house:
            house = amount(rules.house, words, cur)
            parts.append(words(f"house adds {house}", f"ajout de la maison {house}"))
        lines.append("  " + ", ".join(parts))
    return lines


def describe(event: ev.TournamentEvent, state: TournamentState, words: Words) -> list[str] | None:
    """Return the lines telling a money or chip event, or None for another event."""
    cur = state.ledger.rules.currency if state.ledger.rules is not None else "EUR"
    match event:
        case ev.PaymentTaken(entry=number, kind=kind):
            price = Price(event.prize, event.fee, event.bounty, event.chips)
            text = price_text(price, words, cur)
            name, kind_fr = who(state, number), _KINDS_FR.get(kind, kind)
            return [words(f"{name} paid the {kind}: {text}", f"{name} a payé {kind_fr} : {text}")]
        case ev.PaymentRefunded(entry=number):
            back = amount(event.prize + event.fee + event.bounty, words, cur)
            return [
                words(
                    f"{who(state, number)} refunded {back}",
                    f"{who(state, number)} remboursé(e) de {back}",
                )
            ]
        case ev.BountyTaken(busted=busted, taker=taker, cash=cash, to_head=to_head):
            text = words(
                f"{who(state, taker)} takes the bounty of {who(state, busted)}: "
                f"{amount(cash, words, cur)}",
                f"{who(state, taker)} prend la prime de {who(state, busted)} : "
                f"{amount(cash, words, cur)}",
            )
            if to_head:
                text += words(
                    f", and {amount(to_head, words, cur)} on his head",
                    f", et {amount(to_head, words, cur)} sur sa tête",
                )
            return [text]
        case ev.PayoutsSet(prizes=prizes, pool=pool):
            total = amount(pool, words, cur)
            return [
                words(
                    f"payouts fixed: {len(prizes)} places paid from {total}",
                    f"paiements fixés : {len(prizes)} places payées sur {total}",
                )
            ]
        case ev.DealMade(method=method, shares=shares, left=left):
            return _deal_lines(method, shares, left, state, words, cur)
        case ev.ChipRaceRun():
            return race_lines(ChipRace.from_dict(event.race), event.table, state, words)
        case ev.ChipsFound(entry=number, found=found):
            return [_found_line(found, who(state, number), words)]
    return None


def _deal_lines(
    method: str,
    shares: tuple[tuple[int, int], ...],
    left: int,
    state: TournamentState,
    words: Words,
    cur: str,
) -> list[str]:
    lines = [
        words(
            f"deal ({method}) between {len(shares)} players",
            f"accord ({method}) entre {len(shares)} joueurs",
        )
    ]
    lines += [f"  {who(state, number)}: {amount(cents, words, cur)}" for number, cents in shares]
    if left:
        lines.append(
            words(
                f"  left to play for: {amount(left, words, cur)}",
                f"  reste en jeu : {amount(left, words, cur)}",
            )
        )
    return lines


def race_lines(race: ChipRace, table: int, state: TournamentState, words: Words) -> list[str]:
    """Return the record of a chip race: the chips raced, who was dealt which cards, who got
    which chip and why, and what the rounding created (CHIP-CARDS, CHIP-COUNT-ROUNDING)."""
    seats = state.tables[table].players if table in state.tables else {}

    def seat(number: int) -> str:
        entry = seats.get(number)
        name = who(state, int(entry)) if entry is not None else ""
        return words(f"seat {number} {name}".rstrip(), f"place {number} {name}".rstrip())

    raced = sum(count for _, count in race.chips)
    lines = [
        words(
            f"chip race at table {table}: {raced} chips of {race.old} into {race.new} "
            f"({race.counted} to win, profile {race.profile})",
            f"chip race à la table {table} : {raced} jetons de {race.old} en {race.new} "
            f"({race.counted} à gagner, profil {race.profile})",
        )
    ]
    for dealt in race.deals:
        cards = " ".join(str(card) for card in dealt.cards)
        lines.append(
            words(f"  {seat(dealt.seat)} dealt {cards}", f"  {seat(dealt.seat)} reçoit {cards}")
        )
    for award in race.awards:
        lines.append(
            "  "
            + _award_text(
                award.reason, seat(award.seat), award.chips, award.denomination, award.card, words
            )
        )
    if race.created:
        lines.append(
            words(
                f"  chips in play {race.created:+d} (rounding and protection)",
                f"  jetons en jeu {race.created:+d} (arrondi et protection)",
            )
        )
    return lines


def _award_text(
    reason: AwardReason, seat: str, chips: int, denomination: int, card: Any, words: Words
) -> str:
    if reason is AwardReason.CARD:
        return words(
            f"{seat} wins a {denomination} chip with {card}",
            f"{seat} gagne un jeton de {denomination} avec {card}",
        )
    if reason is AwardReason.EXCHANGE:
        return words(
            f"{seat} exchanges for {chips} x {denomination}",
            f"{seat} échange contre {chips} x {denomination}",
        )
    return words(
        f"{seat} keeps a {denomination} chip: nobody is raced out",
        f"{seat} garde un jeton de {denomination} : personne n'est éliminé par le chip race",
    )


def _found_line(found: dict[str, Any], name: str, words: Words) -> str:
    count, old, chips = found["count"], found["old"], found["chips"]
    denomination, removed = found["denomination"], found["removed"]
    given = (
        words(f", {chips} x {denomination} given", f", {chips} x {denomination} rendus")
        if chips
        else ""
    )
    return words(
        f"{count} chips of {old} found with {name}: {removed} removed{given}",
        f"{count} jetons de {old} retrouvés chez {name} : {removed} retirés{given}",
    )
