"""The live table: hands at one tournament table played through the engine, as an aggregate.

``LiveTable`` (``aggregate``) is one table as its stream of typed events (``events``) builds it;
``commands`` are what the dealer, a player, the floor, a bot or the clock asks of it. ``plan``
reads the hand a tournament deals at a table from its state (shared with the simulator),
``views`` gives each viewer only what he may see, and ``report`` says what a finished hand means
for the tournament. Everything here is pure: time, randomness and storage come from
``pokertd.service.tables``.
"""

from pokertd.table.aggregate import Deadline, LiveTable
from pokertd.table.events import Actor, TableMode
from pokertd.table.plan import HandPlan, plan_hand
from pokertd.table.views import Viewer, ViewerKind

__all__ = [
    "Actor",
    "Deadline",
    "HandPlan",
    "LiveTable",
    "TableMode",
    "Viewer",
    "ViewerKind",
    "plan_hand",
]
