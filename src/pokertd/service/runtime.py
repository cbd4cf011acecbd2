"""The real clock and the secure random source: the only place pokertd creates them.

Everything below ``service`` receives ``now`` and ``rng`` as arguments, so that it stays pure and
replayable (DESIGN.md, "Randomness" and "Time").
"""

from __future__ import annotations

import datetime
import random
import secrets


def system_rng() -> random.Random:
    """Return a random source fed by the operating system, for live shuffles and seat draws."""
    return secrets.SystemRandom()


def new_seed() -> int:
    """Return a fresh 32-bit seed, for runs that should be different yet replayable."""
    return secrets.randbits(32)


def now() -> datetime.datetime:
    """Return the current time, in UTC."""
    return datetime.datetime.now(datetime.UTC)
