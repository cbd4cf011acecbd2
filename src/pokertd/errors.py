"""The error tree shared by every layer of pokertd.

Parse errors (bad text) are kept apart from rule errors (a legal text that the rules forbid), as
python-chess keeps ``InvalidMoveError`` apart from ``IllegalMoveError``. Both subclass
``ValueError``. Domain errors know nothing of exit codes or HTTP: ``cli/output.py`` and
``web/errors.py`` translate them.

``str(error)`` is always the English message; ``error.message`` is the sentence as a
``pokertd.messages.Message`` that the edge renders in the reader's language
(``pokertd.present.i18n.error_text``), its French in the one catalogue.
"""

from __future__ import annotations

from pokertd.messages import Message


class PokertdError(Exception):
    """Root of every error pokertd raises on purpose.

    >>> from pokertd.messages import message
    >>> error = NotFoundError(message("there is no entry {entry}", entry=99))
    >>> str(error), error.message.template
    ('there is no entry 99', 'there is no entry {entry}')
    """

    def __init__(self, message: str | Message = "") -> None:
        super().__init__(str(message))
        self.message = message if isinstance(message, Message) else Message(message)


class ParseError(PokertdError, ValueError):
    """Malformed input: a card, a PHH file, a TOML profile, a CLI argument."""


class IllegalActionError(PokertdError, ValueError):
    """An action the rules forbid; the state it was tried on is unchanged.

    ``rule`` is the catalogue id of the rule that forbids it (``BET-MINRAISE``) and ``action`` a
    short text of what was tried (``"p2 raise to 150"``).
    """

    def __init__(self, message: str | Message, *, rule: str, action: str = "") -> None:
        super().__init__(message)
        self.rule = rule
        self.action = action


class ProfileError(PokertdError, ValueError):
    """A rule profile that cannot be loaded: unknown id, bad value, cycle in ``extends``."""


class ConflictError(PokertdError):
    """An append to the event store with an expected version that is no longer current."""


class NotFoundError(PokertdError, LookupError):
    """Something asked for by id does not exist."""
