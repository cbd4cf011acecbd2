"""The keys of the forms already done, kept in the event file so that a form sent twice (a
double click, a resend after a server restart) changes nothing twice (issue 15, defect 2).

Every state-changing form carries a random key (``console.js`` adds one per form shown, some
pages render theirs). ``FormKeys`` maps ``(scope, key)`` (the scope: an event's id, ``""`` for
the New event form, ``"leagues"``) to what the form made (a new event's id) or ``""``. It is a
mapping over the store's records of kind ``form-key``, with the latest keys in memory: a key
written once is found again after a restart, and by another server on the same file. A form's
command takes its key's ``receipt`` to the service, which stores it with the command's events in
one transaction (``EventStore.append``): the key is in the file exactly when the command is, so a
crash between the two cannot let a resend run the command twice; ``remember`` then keeps it in
memory. A key older than ``KEEP`` is forgotten when the app first uses the keys: a double submit
comes within seconds, a resend after a restart within minutes.
"""

from __future__ import annotations

import datetime
from collections import OrderedDict
from collections.abc import Callable, Iterator, MutableMapping
from typing import Final

from pokertd.service.streams import Receipt
from pokertd.store import EventStore

KIND: Final = "form-key"
#: How long a form's key is kept (a browser's resend comes long before).
KEEP: Final = datetime.timedelta(days=2)
#: How many keys each app also keeps in memory.
IN_MEMORY: Final = 10_000

Mark = tuple[str, str]


class FormKeys(MutableMapping[Mark, str]):
    """The forms done: ``(scope, key)`` -> what the form made (``""``: nothing to name)."""

    def __init__(self, store: EventStore, now: Callable[[], datetime.datetime]) -> None:
        self._store, self._now = store, now
        self._memory: OrderedDict[Mark, str] = OrderedDict()
        self._forget_older_than(now() - KEEP)

    def __getitem__(self, mark: Mark) -> str:
        if mark in self._memory:
            return self._memory[mark]
        record = self._store.get_record(KIND, _name(mark))
        if record is None:
            raise KeyError(mark)
        made = str(record.get("made", ""))
        self._keep(mark, made)
        return made

    def __setitem__(self, mark: Mark, made: str) -> None:
        self._store.put_record(KIND, _name(mark), {"made": made, "at": self._now().isoformat()})
        self._keep(mark, made)

    def receipt(self, mark: Mark) -> Receipt:
        """The receipt a form's command takes to the service: stored with the command's events,
        it is this key's record (what the form made: the command's stream)."""
        return Receipt(KIND, _name(mark))

    def remember(self, mark: Mark, made: str) -> None:
        """Keep in memory a key whose receipt was stored with its command."""
        self._keep(mark, made)

    def __delitem__(self, mark: Mark) -> None:
        self._memory.pop(mark, None)
        self._store.delete_record(KIND, _name(mark))

    def __iter__(self) -> Iterator[Mark]:
        return iter(list(self._memory))

    def __len__(self) -> int:
        return len(self._memory)

    def _keep(self, mark: Mark, made: str) -> None:
        self._memory[mark] = made
        while len(self._memory) > IN_MEMORY:
            self._memory.popitem(last=False)

    def _forget_older_than(self, limit: datetime.datetime) -> None:
        for name, record in self._store.records(KIND):
            try:
                old = datetime.datetime.fromisoformat(str(record.get("at", ""))) < limit
            except (TypeError, ValueError):
                old = True  # unreadable: no form will be resent with it
            if old:
                self._store.delete_record(KIND, name)


def _name(mark: Mark) -> str:
    """The record's key: ``scope/key`` (a key is at most 64 characters, a scope an id)."""
    scope, key = mark
    return f"{scope[:100]}/{key[:64]}"
