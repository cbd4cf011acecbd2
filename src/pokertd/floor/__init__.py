"""Floor rulings for live tables: what chips pushed and words said amount to, out-of-turn action,
irregularities, clock calls, the right to see a hand, penalties. Each ruling names its rule."""

from pokertd.floor.rulings import Decision, Ruling, Step

__all__ = ["Decision", "Ruling", "Step"]
