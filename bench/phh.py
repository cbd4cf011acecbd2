"""Replaying PHH hand histories: pokertd against PokerKit 0.7.7, as ratios measured in one run.

Two sets of hands, each read from its PHH text and replayed to the end:

- the 83 real hands of the 2023 WSOP Event #43 final table (``tests/data/phh``; nine variants);
- generated hands: six-handed no-limit hold'em played by the random policy of ``bench/engine.py``
  and written out as PHH by pokertd (``Replay.to_history``, ``write_phh``).

pokertd reads each text (``read_phh``) and replays it (``replay``), checking that every action
applied; PokerKit reads it (``HandHistory.loads``) and walks its states to the last one. The two
take turns within each round, best of ``--rounds``. The ratio is PokerKit's time over pokertd's.
Run ``python bench/phh.py [--generated 200] [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import random
import warnings
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from pokerkit import HandHistory as PokerKitHistory

from codec import best_of_each
from engine import play_at_random
from pokertd import Hand, rules
from pokertd.history import read_phh, write_phh
from pokertd.history.replay import to_history

ROOT = Path(__file__).resolve().parents[1]
WSOP = ROOT / "tests" / "data" / "phh" / "wsop-2023-43-5"


def wsop_texts() -> list[str]:
    """Return the WSOP hands' PHH texts that PokerKit replays (82 of the 83: it cannot replay
    hand 85, a razz hand shown down before its last card; pokertd replays all 83)."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(WSOP.glob("*.phh"))]
    return [text for text in texts if _pokerkit_replays(text)]


def _pokerkit_replays(text: str) -> bool:
    try:
        replay_pokerkit([text])
    except ValueError:
        return False
    return True


def generated_texts(count: int, seed: int = 5) -> list[str]:
    """Return ``count`` six-handed no-limit hold'em hands played at random, written as PHH."""
    rng = random.Random(seed)
    profile = rules.load("tda-2017")
    texts = []
    for _ in range(count):
        hand = Hand.create(
            game="nlhe", profile=profile, stacks=[10_000] * 6, blinds=(50, 100), rng=rng
        )
        texts.append(write_phh(to_history(play_at_random(hand, rng))))
    return texts


def replay_pokertd(texts: Sequence[str]) -> None:
    """Read and replay every hand with pokertd."""
    from pokertd.history.replay import replay

    for text in texts:
        if not replay(read_phh(text)).ok:
            raise AssertionError("pokertd did not replay a hand to its end")


def replay_pokerkit(texts: Sequence[str]) -> None:
    """Read and replay every hand with PokerKit, to its last state."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about the WSOP files' rounding
        for text in texts:
            for _state in PokerKitHistory.loads(text):
                pass


def measure(generated: int = 200, rounds: int = 5) -> list[tuple[str, str]]:
    """Return (label, value) rows: hands per second of both and their ratio, for each set."""
    rows = []
    sets = [("WSOP 2023 #43", wsop_texts()),
            (f"generated NLHE, {generated} hands", generated_texts(generated))]  # fmt: skip
    for name, texts in sets:
        ours, theirs = best_of_each(
            rounds, partial(replay_pokertd, texts), partial(replay_pokerkit, texts)
        )
        name = f"{name}, {len(texts)} hands" if name.startswith("WSOP") else name
        rows += [
            (f"{name}: hands/s, pokertd / PokerKit",
             f"{len(texts) / ours:,.0f} / {len(texts) / theirs:,.0f}"),
            (f"{name}: ratio (target >= 10)", f"{theirs / ours:.1f}"),
        ]  # fmt: skip
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--generated", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for label, value in measure(args.generated, args.rounds):
        print(f"{label:<55} {value}")


if __name__ == "__main__":
    main()
