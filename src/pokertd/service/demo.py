"""The demo event of ``make run``: 24 players registered, seats drawn, the clock running."""

from __future__ import annotations

from pokertd.service.tournaments import TournamentService
from pokertd.tournament import commands, events
from pokertd.tournament.money import MoneyRules, Price
from pokertd.tournament.structure import template

PLAYERS = (
    "Alice Martin", "Bruno Leroy", "Chloé Bernard", "David Moreau", "Emma Petit", "Farid Haddad",
    "Gaëlle Le Goff", "Hugo Fournier", "Inès Girard", "Jules Lambert", "Katell Riou",
    "Louis Bonnet", "Manon Dupont", "Nicolas Roux", "Océane Morel", "Pierre Garnier",
    "Quentin Faure", "Rose André", "Samuel Mercier", "Tiphaine Blanc", "Ugo Guerin",
    "Victoire Boyer", "Yann Kerjean", "Zoé Chevalier",
)  # fmt: skip


def seed_demo(service: TournamentService, name: str = "Saturday tournament (demo)") -> str | None:
    """Create the demo event, called ``name`` (``pokertd web --demo`` names it in the server's
    language), if the store holds no tournament; return its id (None if not made)."""
    if service.tournaments():
        return None
    structure = template("turbo").to_dict()
    money = MoneyRules(buy_in=Price(prize=1800, fee=200)).to_dict()
    created = service.create(
        commands.CreateTournament(name, structure, "lfp", table_size=8, money=money)
    )
    tournament = created.stream
    for player in PLAYERS:
        registered = service.execute(tournament, commands.Register(player)).events[0]
        assert isinstance(registered, events.PlayerRegistered)
        service.execute(tournament, commands.CheckIn(registered.entry))
    service.execute(tournament, commands.DrawSeats())
    service.execute(tournament, commands.StartClock())
    return tournament
