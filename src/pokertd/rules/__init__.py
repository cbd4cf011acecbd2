"""Rule profiles: ``rules.load("lfp")`` returns the frozen ``Profile`` of a rulebook."""

from pokertd.rules.load import PROFILE_IDS, load, load_file
from pokertd.rules.profile import (
    AnteForm,
    BigBlindAnte,
    HiLoSplit,
    LimitCapHeadsUp,
    MinRaise,
    OddChip,
    Profile,
    Reopen,
    Source,
)

__all__ = [
    "PROFILE_IDS",
    "AnteForm",
    "BigBlindAnte",
    "HiLoSplit",
    "LimitCapHeadsUp",
    "MinRaise",
    "OddChip",
    "Profile",
    "Reopen",
    "Source",
    "load",
    "load_file",
]
