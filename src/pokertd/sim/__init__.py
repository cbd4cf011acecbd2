"""Bots and whole-tournament simulation through the real engine and tournament code."""

from pokertd.sim.bots import BOTS, Bot, Choice, Situation
from pokertd.sim.run import Settings, SimulationResult, simulate

__all__ = ["BOTS", "Bot", "Choice", "Settings", "SimulationResult", "Situation", "simulate"]
