"""WebSocket push: who listens to what, and telling them when it changed, off the command's path.

Displays and table apps subscribe to a topic (``tournament-1``, ``table-tournament-1-2``...).
After a command is stored, the service calls ``changed(topic)``; ``flush`` then renders the fresh
document of each listener of a changed topic, built by the page's own function (so a player's
socket only ever carries what that player may see), and leaves it in the listener's mailbox.

The mailbox holds one document, the latest: a socket that has not taken the previous one yet gets
the newer instead (coalescing), so what waits for a socket is bounded by one document whatever the
room does. Each socket has its own writer task that sends what is in its mailbox; the command never
waits for a socket. A change that leaves a socket's document as it was sends it nothing (the text is
the one it was sent last; a document asked for is always sent). Listeners that show the same thing
(every clock display of a tournament in one language: the same ``key``) share one render and one
encoding per flush, so 2,000 displays cost one document, not 2,000. A socket that takes longer than
``SLOW`` seconds to take a document is dropped and closed with 1013 ("try again later"): its page
reconnects and gets the current document. The writers take turns, ``SENDING`` at a time, for the
work of a send (encoding, compressing, writing): a broadcast to 2,000 sockets is CPU work that the
next request must not queue behind; waiting for a client to take the bytes holds no turn. The turns
are handed out in order from a queue of the sockets that have a document waiting: only the writers
given a turn wake up, never 2,000 at once (that held the loop for tens of milliseconds after each
change, and a command arriving then waited for it). A document rendered for one socket alone (a
player's view) is sent by the broadcast itself when its writer is asleep and a turn is free that
nobody waits for: the render was that socket's own work already, and the writer's turn of the
loop cost more than the send; a send its client does not take at once goes on in the writer.

A listener that says it can merge (``parts``: the display page asks with ``?parts=same``) is sent
only what changed since the document it holds: the parts equal to the previous render's are left
out and named in ``same`` (``{"same": ["tables"], ...}``: keep yours). A paused clock then sends
2,000 displays of a 1,000-player event a few hundred bytes each instead of the whole seating
(170 KB). Which one goes is decided when the writer takes the document: the partial one if the
socket was last sent the previous render, else the whole one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable, Coroutine, Generator, Hashable
from dataclasses import dataclass, field
from typing import Any

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

log = logging.getLogger("pokertd.web")

Render = Callable[[], Awaitable[dict[str, Any]]]

#: Seconds a socket may take to take one document before it is dropped (a slow consumer).
SLOW = 10.0
#: The close code of a dropped slow socket: "try again later" (its page reconnects).
TRY_AGAIN = 1013
#: Sockets written at the same time: a broadcast to thousands goes a few at a time, and the
#: requests that arrive meanwhile (a director's next command) are served between them.
SENDING = 4
#: Mailboxes filled in a row before the broadcast lets the other requests go (a few ms).
POSTS = 100
#: Seconds a shared document stays good for a socket that asks for it (``send``: a new display,
#: a display's ``refresh`` at the end of a level, when 2,000 of them ask at once).
FRESH = 1.0


@dataclass(eq=False)
class Listener:
    """One open socket, how to build what it is sent, and its mailbox of one document.

    Listeners with the same ``key`` are sent the same document for the same topic (rendered
    once per flush); ``None`` renders for this listener alone (a player's own view).
    """

    socket: WebSocket
    render: Render
    key: Hashable | None = None
    #: The language of what it is sent (names the register shows, e.g. an erased player's).
    lang: str = "en"
    topics: set[str] = field(default_factory=set)
    latest: Shared | None = None
    #: The document in the mailbox goes whole (asked for: a new socket, a ``refresh``).
    whole: bool = True
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    writer: asyncio.Task[None] | None = None
    coalesced: int = 0
    #: Set while the mailbox is empty and nothing is being sent (``Hub.settled``).
    idle: asyncio.Event = field(default_factory=asyncio.Event)
    #: In the hub's queue for a turn; holding one; a send under way (its client taking it).
    queued: bool = False
    turn: bool = False
    sending: bool = False
    #: A send started in the broadcast (``Hub._post``) that its client did not take at once:
    #: its writer waits for it.
    pending: asyncio.Future[None] | None = None
    #: Takes partial documents (``same``), and the render (``Hub._serial``) it was last sent.
    parts: bool = False
    base: int | None = None
    #: The text its socket was sent last, and how many pushes were the same text (not sent).
    sent: str | None = None
    skipped: int = 0

    def __post_init__(self) -> None:
        self.idle.set()


@dataclass
class Hub:
    """Topics and their listeners; every render and send happens on the event loop."""

    _topics: dict[str, set[Listener]] = field(default_factory=lambda: defaultdict(set))
    _pending: set[str] = field(default_factory=set)
    #: The latest shared document of each (topic, key), with when it was rendered.
    _rendered: dict[tuple[str, Hashable], tuple[float, Shared]] = field(default_factory=dict)
    #: The latest document of each (topic, key) as rendered, with its serial number: what a
    #: partial document is made against.
    _last: dict[tuple[str, Hashable], tuple[int, dict[str, Any]]] = field(default_factory=dict)
    _serial: int = 0
    slow: float = SLOW
    #: The broadcast under way, if any (``flush``).
    _broadcasting: asyncio.Task[None] | None = None
    #: The listeners with a document waiting for a turn, in order, and the turns held now
    #: (``SENDING`` at most): a command is answered between two turns.
    _waiting: deque[Listener] = field(default_factory=deque)
    _turns: int = 0
    #: The clock of ``FRESH``, in seconds: the app's (``Web`` sets it), so that a test's moves it.
    clock: Callable[[], float] = time.monotonic
    #: Resolves the person ids of a document's JSON text in a language (``Web`` sets it to the
    #: register's public names: the web's answers go through ``PeopleNames``, pushes do not).
    names: Callable[[str, str], str] | None = None
    #: Returns once the commits made so far are on the disk (``pokertd.web.durable``): nothing
    #: is pushed before (``Web``'s app sets it; none: every commit was synced as it was made).
    durable: Callable[[], Awaitable[None]] | None = None

    def join(self, topic: str, listener: Listener) -> None:
        """Add a listener to a topic."""
        self._topics[topic].add(listener)
        listener.topics.add(topic)

    def leave(self, topic: str, listener: Listener) -> None:
        """Remove a listener from a topic; one in no topic any more stops its writer."""
        found = self._topics.get(topic)
        if found is not None:
            found.discard(listener)
            if not found:
                del self._topics[topic]
        listener.topics.discard(topic)
        if not listener.topics and listener.writer is not None:
            listener.writer.cancel()
            listener.writer = None
            self._end_turn(listener)  # a writer cancelled before it ran holds its turn no more
            if listener.pending is not None:  # a send handed to it that it never waited for:
                listener.pending.cancel()  # ended as a writer's cancelled wait ends its send
                listener.pending = None
                listener.sending = False

    def is_listening(self, topic: str, listener: Listener) -> bool:
        """Return whether ``listener`` is still joined to ``topic`` (not dropped on a failure)."""
        return listener in self._topics.get(topic, ())

    def listeners(self, topic: str) -> int:
        """Return how many sockets listen to ``topic``."""
        return len(self._topics.get(topic, ()))

    def changed(self, *topics: str) -> None:
        """Mark topics as changed; their listeners are sent fresh documents by ``flush``."""
        self._pending.update(topics)

    def names_changed(self) -> None:
        """The register changed a name, or how names are shown: every listener is sent its
        whole document again at the next ``flush`` (documents hold person ids, which did not
        change, so a partial one would leave the old name on the screen)."""
        self._last.clear()
        self._rendered.clear()
        self._pending.update(self._topics)

    async def flush(self) -> None:
        """Start the broadcast of the changed topics, which runs once the caller has answered:
        a command never waits for the documents of its listeners to be rendered, nor sent."""
        if self._pending and (self._broadcasting is None or self._broadcasting.done()):
            self._broadcasting = asyncio.get_running_loop().create_task(self._broadcast())

    async def _broadcast(self) -> None:
        """Render a fresh document for every listener of a changed topic (once per key) and
        leave it in its mailbox, until no topic is left changed."""
        await asyncio.sleep(0)  # the command's answer goes first
        while self._pending:
            await self._durable()  # the changes pushed are on the disk first
            pending, self._pending = self._pending, set()
            for key in [key for key in self._rendered if key[0] in pending]:
                del self._rendered[key]  # changed: rendered again below, once per key
            for topic in sorted(pending):
                for count, listener in enumerate(list(self._topics.get(topic, ())), start=1):
                    shared = await self._document(topic, listener)
                    if shared is None:
                        await self._drop(listener, 1011)
                    else:
                        self._post(listener, shared, partial=True)
                    if count % POSTS == 0:
                        await asyncio.sleep(0)  # 2,000 displays: the other requests between
                await asyncio.sleep(0)  # between two topics, the other requests

    async def send(self, topic: str, listener: Listener) -> None:
        """Render one listener's document now and leave it in its mailbox (its socket gets it
        from its writer); a listener with a key gets the shared document if it is fresh. Never
        raises: a page that fails to render drops its socket."""
        await self._durable()
        shared = await self._document(topic, listener)
        if shared is None:
            await self._drop(listener, 1011)
        elif topic in listener.topics:
            self._post(listener, shared)

    async def _durable(self) -> None:
        if self.durable is not None:
            await self.durable()

    async def settled(self, listener: Listener) -> None:
        """Return once ``listener``'s socket was sent the documents of every change so far (a
        table socket's ``pong`` follows them), or after ``slow`` seconds."""
        with contextlib.suppress(TimeoutError):
            if self._broadcasting is not None and not self._broadcasting.done():
                await asyncio.wait_for(asyncio.shield(self._broadcasting), self.slow)
            await asyncio.wait_for(listener.idle.wait(), self.slow)

    async def _document(self, topic: str, listener: Listener) -> Shared | None:
        """Return the document of ``listener`` for ``topic``: rendered for it alone without a
        key, else the shared one rendered less than ``FRESH`` seconds ago (or now)."""
        if listener.key is None:
            document = await self._render(topic, listener)
            return None if document is None else self._encode(document, listener)
        now = self.clock()
        found = self._rendered.get((topic, listener.key))
        if found is not None and 0 <= now - found[0] < FRESH:
            return found[1]
        document = await self._render(topic, listener)
        if document is None:
            return None
        shared = self._encode(document, listener, self._last.get((topic, listener.key)))
        self._last[(topic, listener.key)] = (shared.serial, document)
        self._rendered[(topic, listener.key)] = (now, shared)
        return shared

    async def _render(self, topic: str, listener: Listener) -> dict[str, Any] | None:
        """Return the document of ``listener`` for ``topic``, None if it failed.

        The change that caused the push is already stored and acknowledged, so one broken page
        must not turn the command's answer into an error.
        """
        try:
            return {"topic": topic, **await listener.render()}
        except Exception:
            log.exception("could not push %s to a listener; it is dropped", topic)
            return None

    def _encode(
        self,
        document: dict[str, Any],
        listener: Listener,
        previous: tuple[int, dict[str, Any]] | None = None,
    ) -> Shared:
        """Return ``document`` as JSON text, with the partial text against ``previous`` (the
        parts equal to its left out and named in ``same``) when a part is equal."""
        self._serial += 1
        shared = Shared(self._serial, self._text(document, listener))
        if previous is not None:
            base, before = previous
            same = [
                part
                for part, value in document.items()
                if part not in _ALWAYS and part in before and before[part] == value
            ]
            if same:
                kept = {part: value for part, value in document.items() if part not in same}
                shared.base = base
                shared.partial = self._text({**kept, "same": same}, listener)
        return shared

    def _text(self, document: dict[str, Any], listener: Listener) -> str:
        text = encode(document)
        return text if self.names is None else self.names(text, listener.lang)

    def _post(self, listener: Listener, shared: Shared, *, partial: bool = False) -> None:
        """Leave the document in the mailbox (replacing a document not taken yet) and queue the
        listener for a turn; its writer is started on the first post. Without ``partial`` it
        goes whole (``send``: asked for)."""
        if listener.latest is not None:
            listener.coalesced += 1
        listener.latest = shared
        listener.whole = not partial
        listener.idle.clear()
        if listener.writer is None:
            listener.writer = asyncio.get_running_loop().create_task(self._write(listener))
        if listener.key is None and self._free(listener):
            self._send_now(listener)
        else:
            self._queue(listener)

    def _free(self, listener: Listener) -> bool:
        """Whether ``listener``'s writer is asleep with nothing under way and a turn is free
        that nobody waits for: its document may then be sent at once, in the broadcast."""
        return not (listener.queued or listener.turn or listener.sending or self._waiting) and (
            self._turns < SENDING
        )

    def _send_now(self, listener: Listener) -> None:
        """Send a document rendered for ``listener`` alone (a player's view) here, not from its
        writer: the render was this listener's own work already, and waking its writer for the
        send (a task's turn of the loop per document, six per action at a table) cost more than
        the send itself (issue 20). A send its client does not take at once, or that failed,
        goes on in the writer, as every send does (``_sent``: the ``slow`` limit, the drop)."""
        sending = self._start_send(listener)
        if sending is None:
            return
        if sending.done() and sending.exception() is None:
            listener.sending = False  # taken: the mailbox was emptied just above
            listener.idle.set()
            return
        listener.pending = sending
        listener.wake.set()

    def _queue(self, listener: Listener) -> None:
        """Queue ``listener`` for a turn, unless it waits for one, holds one or is sending
        (its writer then takes the latest document when the send is over)."""
        if not (listener.queued or listener.turn or listener.sending):
            listener.queued = True
            self._waiting.append(listener)
            self._hand_turns()

    def _hand_turns(self) -> None:
        """Wake the next writers in the queue while fewer than ``SENDING`` hold a turn."""
        while self._turns < SENDING and self._waiting:
            listener = self._waiting.popleft()
            listener.queued = False
            if listener.writer is None or not listener.topics:
                continue  # dropped or gone while it waited
            listener.turn = True
            self._turns += 1
            listener.wake.set()

    def _end_turn(self, listener: Listener) -> None:
        if listener.turn:
            listener.turn = False
            self._turns -= 1
            self._hand_turns()

    async def _write(self, listener: Listener) -> None:
        """Send what arrives in the mailbox, the latest each time it is given a turn, until
        the socket fails or is slower than ``slow`` seconds at taking a document."""
        try:
            while True:
                await listener.wake.wait()
                listener.wake.clear()
                sending, listener.pending = listener.pending, None  # started in the broadcast
                if sending is None:
                    sending = self._start_send(listener)  # the latest, once given a turn
                    self._end_turn(listener)  # its client taking the bytes holds no turn
                if sending is not None and not await self._sent(listener, sending):
                    return
        finally:
            self._end_turn(listener)  # a writer cancelled (``leave``) gives its turn back

    def _start_send(self, listener: Listener) -> asyncio.Future[None] | None:
        """Take the document in ``listener``'s mailbox and start its send; return the send,
        None when nothing is sent (the mailbox empty, or the very text last sent)."""
        shared, listener.latest = listener.latest, None
        if shared is None:
            return None
        asked = listener.whole  # a new socket, a ``refresh``: sent even if the same
        text = _taken(listener, shared)
        if not asked and text == listener.sent:
            listener.skipped += 1  # the very text its socket was sent last: not again
            listener.idle.set()
            return None
        listener.sent = text
        listener.sending = True
        # The send's own work (framing, compressing, writing) runs now, in the turn.
        sending = _started(listener.socket.send_text(text))
        _retrieve(sending)  # its outcome seen, by a writer cancelled meanwhile too
        return sending

    async def _sent(self, listener: Listener, sending: asyncio.Future[None]) -> bool:
        """Wait for the send to be taken by its client; queue the listener again if a newer
        document came meanwhile. Return False once the socket is dropped."""
        try:
            if sending.done():  # taken at once, the common case: no timer to set and cancel
                sending.result()
            else:
                await asyncio.wait_for(sending, self.slow)
        except TimeoutError:
            log.warning("a socket took over %s s to take a document; it is dropped", self.slow)
            await self._drop(listener, TRY_AGAIN, writing=True)
            return False
        except (RuntimeError, OSError, WebSocketDisconnect):
            await self._drop(listener, 1011, writing=True)
            return False
        finally:
            listener.sending = False
        if listener.latest is None:
            listener.idle.set()
        else:
            self._queue(listener)
        return True

    async def _drop(self, listener: Listener, code: int, *, writing: bool = False) -> None:
        """Remove ``listener`` from every topic and close its socket with ``code``."""
        listener.idle.set()  # nothing more will be sent
        if writing:
            listener.writer = None  # the writer is ending by itself: not cancelled by ``leave``
        for topic in list(listener.topics):
            self.leave(topic, listener)
        with contextlib.suppress(Exception):
            closing = (
                listener.socket.close(code=code, reason="too slow: reconnect")
                if code == TRY_AGAIN
                else listener.socket.close(code=code)
            )
            await asyncio.wait_for(closing, self.slow)


def encode(document: dict[str, Any]) -> str:
    """Return ``document`` as compact JSON text, as ``json.dumps(document, separators=(",",
    ":"))`` reads once parsed (int keys as strings, enums as their values), in a tenth of the
    time: six players' documents per action at each table were the server's largest encoding
    (issue 20). Characters outside ASCII are left as they are (UTF-8 on the wire), not escaped.

    >>> encode({"name": "Zoé", 1: [True, None], "pot": 1.5})
    '{"name":"Zoé","1":[true,null],"pot":1.5}'
    """
    try:
        return orjson.dumps(document).decode()
    except orjson.JSONEncodeError:  # a key not a string: twice as slow for every key, so only then
        return orjson.dumps(document, option=orjson.OPT_NON_STR_KEYS).decode()


def _taken(listener: Listener, shared: Shared) -> str:
    """Return the text of ``shared`` for ``listener``: partial if it takes parts and was last
    sent the render the partial one is made against, else whole."""
    partial = shared.partial
    use = listener.parts and not listener.whole and listener.base == shared.base
    listener.base = shared.serial
    return partial if use and partial is not None else shared.text


#: The parts of a document always sent, even when equal: what it is and which topic.
_ALWAYS = frozenset({"kind", "topic"})


@dataclass
class Shared:
    """A rendered document as JSON text, its serial number, and (when some of its parts equal
    those of the render ``base``) the partial text that leaves them out."""

    serial: int
    text: str
    base: int | None = None
    partial: str | None = None


def _started(send: Coroutine[Any, Any, None]) -> asyncio.Future[None]:
    """Run ``send`` here up to its first wait; return a future of its end: done if it ended
    (its client took the bytes at once, the common case), else the task running the rest.

    A task per send, and a turn of the loop for it to start, were most of the hub's own work
    per document pushed (issue 20).
    """
    ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    try:
        waiting = send.send(None)
    except StopIteration:
        ended.set_result(None)
    except Exception as error:  # a closed socket: the writer sees it as a send that failed
        ended.set_exception(error)
    else:
        return asyncio.ensure_future(_rest(send, waiting))
    return ended


async def _rest(send: Coroutine[Any, Any, None], waiting: Any) -> None:
    """Carry on ``send``, started by hand (``_started``) and waiting for ``waiting``."""
    await _Resumed(send, waiting)


class _Resumed:
    """An awaitable that resumes a coroutine suspended on ``waiting``, as if it were awaited
    from the start: the task awaiting it waits for what it waits for, passes it what it is
    sent and throws into it what it is thrown (a cancellation)."""

    def __init__(self, coroutine: Coroutine[Any, Any, None], waiting: Any) -> None:
        self._coroutine, self._waiting = coroutine, waiting

    def __await__(self) -> Generator[Any, Any, None]:
        coroutine, waiting = self._coroutine, self._waiting
        while True:
            try:
                sent = yield waiting
            except BaseException as error:  # thrown into the coroutine (a cancellation)
                try:
                    waiting = coroutine.throw(error)
                except StopIteration:
                    return
            else:
                try:
                    waiting = coroutine.send(sent)
                except StopIteration:
                    return


def _retrieve(task: asyncio.Future[None]) -> None:
    """Mark the outcome of a send as seen once it is known (now, or when it ends)."""
    if task.done():
        _retrieved(task)
    else:
        task.add_done_callback(_retrieved)


def _retrieved(task: asyncio.Future[None]) -> None:
    """Mark the outcome of a send as seen (its writer reports it, or was cancelled)."""
    if not task.cancelled():
        task.exception()
