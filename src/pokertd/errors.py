"""The error tree shared by every layer of pokertd.

Parse errors (bad text) are kept apart from rule errors (a legal text that the rules forbid), as
python-chess keeps ``InvalidMoveError`` apart from ``IllegalMoveError``. Both subclass
``ValueError``. Domain errors know nothing of exit codes or HTTP: ``cli/output.py`` and
``web/errors.py`` translate them.
"""

from __future__ import annotations


class PokertdError(Exception):
    """Root of every error pokertd raises on purpose."""


class ParseError(PokertdError, ValueError):
    """Malformed input: a card, a PHH file, a TOML profile, a CLI argument."""


class IllegalActionError(PokertdError, ValueError):
    """An action the rules forbid; the state it was tried on is unchanged.

    ``rule`` is the catalogue id of the rule that forbids it (``BET-MINRAISE``) and ``action`` a
    short text of what was tried (``"p2 raise to 150"``).
    """

    def __init__(self, message: str, *, rule: str, action: str = "") -> None:
        super().__init__(message)
        self.rule = rule
        self.action = action


class ProfileError(PokertdError, ValueError):
    """A rule profile that cannot be loaded: unknown id, bad value, cycle in ``extends``."""


class ConflictError(PokertdError):
    """An append to the event store with an expected version that is no longer current."""


class NotFoundError(PokertdError, LookupError):
    """Something asked for by id does not exist."""
