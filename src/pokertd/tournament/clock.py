"""The server-authoritative tournament clock, as a pure function of its state and ``now``.

The state holds where the clock stood (``item`` and ``elapsed``) at a moment (``since``) and
whether it runs; everything a display shows is computed from it and ``now``, so a restart
resumes the clock exactly (DESIGN.md, "Time"). Every transition takes ``now`` (a timezone-aware
datetime), returns a new state and leaves the old one alone; an impossible one raises
IllegalActionError naming the rule (``LVL-TIMER`` for clock operations).

When a level's time runs out the clock rolls on into the next item and carries the excess; the
last item of the structure continues indefinitely. A level ends when the clock shows zero
(TDA 23, LVL-TIMER), and a new level applies from the next hand (LVL-APPLY-NEXT-HAND).

>>> import datetime
>>> from pokertd.tournament.structure import Break, Level, Structure
>>> s = Structure((Level(25, 50), Break(10), Level(50, 100)), (25,), 5_000)
>>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
>>> state = start(ClockState.initial(), s, t0)
>>> v = view(state, s, t0 + datetime.timedelta(minutes=25))
>>> v.is_break, v.remaining, v.level.big_blind
(True, 300.0, 100)

Judgements pokertd makes where the books are silent are documented on each function: ``back``
restarts the current item when more than ``BACK_GRACE_SECONDS`` into it, hand-for-hand's last
remainder under 2:00 (EX-55), and how the end-of-day stop (DAY-END) is disarmed.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pokertd.errors import IllegalActionError, ParseError
from pokertd.messages import Message, message
from pokertd.tournament.structure import Break, Level, Structure

__all__ = [
    "BACK_GRACE_SECONDS",
    "ClockState",
    "ClockView",
    "adjust",
    "announce_last_hands",
    "back",
    "end_hand_for_hand",
    "hand_for_hand_hand_started",
    "level_for_new_hand",
    "normalize",
    "pause",
    "resume",
    "skip",
    "start",
    "start_hand_for_hand",
    "view",
]

#: ``back`` restarts the current item when the clock is more than this far into it.
BACK_GRACE_SECONDS = 10

_ZERO = datetime.timedelta(0)


@dataclass(frozen=True, slots=True)
class ClockState:
    """Where the clock stood at ``since``: ``elapsed`` time into item ``item`` of the structure.

    ``elapsed`` is a ``datetime.timedelta`` (exact to the microsecond, so time is conserved
    exactly); views report float seconds. ``since`` is None until the clock is started.
    ``running`` says whether time flows; ``hand_for_hand`` holds the level clock (HFH-CLOCK);
    ``last_hands`` is the number of last hands announced at the end of a day (DAY-END).

    >>> ClockState.initial()
    ClockState(item=0, elapsed=datetime.timedelta(0), since=None, running=False, \
hand_for_hand=False, last_hands=None)
    """

    item: int = 0
    elapsed: datetime.timedelta = _ZERO
    since: datetime.datetime | None = None
    running: bool = False
    hand_for_hand: bool = False
    last_hands: int | None = None

    @classmethod
    def initial(cls) -> ClockState:
        """Return the clock before it is started: first item, nothing elapsed, not running.

        >>> ClockState.initial().is_started
        False
        """
        return cls()

    @property
    def is_started(self) -> bool:
        """Return whether the clock has been started.

        >>> ClockState.initial().is_started
        False
        """
        return self.since is not None

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape of the state (``elapsed`` in seconds, ``since`` ISO-8601).

        >>> ClockState.from_dict(ClockState(2, datetime.timedelta(seconds=1.5)).to_dict())
        ClockState(item=2, elapsed=datetime.timedelta(seconds=1, microseconds=500000), \
since=None, running=False, hand_for_hand=False, last_hands=None)
        """
        return {
            "item": self.item,
            "elapsed": self.elapsed.total_seconds(),
            "since": None if self.since is None else self.since.isoformat(),
            "running": self.running,
            "hand_for_hand": self.hand_for_hand,
            "last_hands": self.last_hands,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ClockState:
        """Read the shape ``to_dict`` writes; raise ParseError for anything else.

        >>> ClockState.from_dict({"item": -1})
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: clock item must be a whole number from 0, not -1
        """
        item = data.get("item", 0)
        if not isinstance(item, int) or isinstance(item, bool) or item < 0:
            raise ParseError(f"clock item must be a whole number from 0, not {item!r}")
        elapsed = data.get("elapsed", 0.0)
        if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) or elapsed < 0:
            raise ParseError(f"clock elapsed must be seconds from 0, not {elapsed!r}")
        since_text = data.get("since")
        since = None
        if since_text is not None:
            try:
                since = _aware(datetime.datetime.fromisoformat(since_text))
            except (TypeError, ValueError) as error:
                raise ParseError(f"clock since must be an ISO-8601 time, not {since_text!r}") from (
                    error
                )
        last_hands = data.get("last_hands")
        if last_hands is not None and (not isinstance(last_hands, int) or last_hands < 0):
            raise ParseError(f"last hands must be a count, not {last_hands!r}")
        return cls(
            item=item,
            elapsed=datetime.timedelta(seconds=elapsed),
            since=since,
            running=bool(data.get("running", False)),
            hand_for_hand=bool(data.get("hand_for_hand", False)),
            last_hands=last_hands,
        )


@dataclass(frozen=True, slots=True)
class ClockView:
    """What a clock display shows at one moment; ``view()`` computes it.

    ``level`` is the level in force (during a break, the level after it); ``level_number`` is
    None during a break. ``next_level`` is the first level after the current item (during a
    break it is ``level``). ``remaining`` and ``elapsed`` are seconds of the current item;
    ``remaining`` stays at 0 once the last level runs on past its end. ``next_break_in`` counts
    clock seconds until the next break starts (None when no break follows). ``day_end_stop`` is
    True while the clock stands stopped for the end of the day (DAY-END).
    """

    item: int
    level_number: int | None
    level: Level
    is_break: bool
    remaining: float
    elapsed: float
    is_running: bool
    next_level: Level | None
    next_break_in: float | None
    hand_for_hand: bool
    day_end_stop: bool
    last_hands: int | None

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape of the view, for displays.

        >>> s = Structure((Level(25, 50),), (25,), 5_000)
        >>> at = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
        >>> view(ClockState.initial(), s, at).to_dict()["remaining"]
        1200.0
        """
        return {
            "item": self.item,
            "level_number": self.level_number,
            "level": self.level.to_dict(),
            "is_break": self.is_break,
            "remaining": self.remaining,
            "elapsed": self.elapsed,
            "is_running": self.is_running,
            "next_level": None if self.next_level is None else self.next_level.to_dict(),
            "next_break_in": self.next_break_in,
            "hand_for_hand": self.hand_for_hand,
            "day_end_stop": self.day_end_stop,
            "last_hands": self.last_hands,
        }


# --- Reading the clock -----------------------------------------------------------------------


def normalize(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    *,
    day_end_stop_seconds: int | None = None,
) -> ClockState:
    """Return the same clock as of ``now``: the time run since ``since`` is added and rolled over.

    When the elapsed time passes the end of the current item the clock moves on to the next
    items, carrying the excess; the last item continues indefinitely. Under hand-for-hand a break
    runs in real time and the level after it is held at its full time (HFH-CLOCK). With
    ``day_end_stop_seconds`` (GM 42°: 900; the profile's ``day_end_stop_seconds``, 0 or None for
    none) the clock stops itself that long before the end of a level marked ``ends_day``
    (DAY-END). Pass the same value to every function of this module.

    Raises IllegalActionError (LVL-TIMER) when ``now`` is before the state's ``since``.

    >>> s = Structure((Level(25, 50), Level(50, 100)), (25,), 5_000)
    >>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> state = start(ClockState.initial(), s, t0)
    >>> later = normalize(state, s, t0 + datetime.timedelta(minutes=21))
    >>> later.item, later.elapsed
    (1, datetime.timedelta(seconds=60))
    """
    _check(structure, state)
    _aware(now)
    if state.since is not None and now < state.since:
        raise IllegalActionError(
            message(
                "the clock cannot go back in time to {now}, before its last change "
                "at {since} (LVL-TIMER)",
                now=now.isoformat(),
                since=state.since.isoformat(),
            ),
            rule="LVL-TIMER",
            action="normalize",
        )
    return _advance(state, structure, now, _stop(day_end_stop_seconds))


def view(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    *,
    day_end_stop_seconds: int | None = None,
) -> ClockView:
    """Return what the clock shows at ``now``; a pure function of its arguments.

    A ``now`` before the state's last change shows the clock as of that change. With
    ``day_end_stop_seconds`` (DAY-END, GM 42°: 900) the running clock never shows less than that
    in a level marked ``ends_day``: it stops there, and ``day_end_stop`` is True.

    >>> s = Structure((Level(25, 50, minutes=20), Break(10), Level(50, 100)), (25,), 5_000)
    >>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> v = view(start(ClockState.initial(), s, t0), s, t0 + datetime.timedelta(seconds=90))
    >>> v.level_number, v.remaining, v.elapsed, v.next_break_in, v.next_level.big_blind
    (1, 1110.0, 90.0, 1110.0, 100)
    """
    _check(structure, state)
    moment = _aware(now)
    if state.since is not None and moment < state.since:
        moment = state.since
    stop = _stop(day_end_stop_seconds)
    current = _advance(state, structure, moment, stop)
    items = structure.items
    item = items[current.item]
    duration = _duration(item)
    elapsed = current.elapsed
    remaining = max(duration - elapsed, _ZERO)
    stop_at = _stop_point(item, stop)
    return ClockView(
        item=current.item,
        level_number=structure.level_number(current.item),
        level=_level_in_force(structure, current.item),
        is_break=isinstance(item, Break),
        remaining=remaining.total_seconds(),
        elapsed=elapsed.total_seconds(),
        is_running=current.running,
        next_level=_next_level(structure, current.item),
        next_break_in=_next_break_in(structure, current.item, remaining),
        hand_for_hand=current.hand_for_hand,
        day_end_stop=(
            current.is_started
            and stop_at is not None
            and not current.running
            and elapsed == stop_at
        ),
        last_hands=current.last_hands,
    )


def level_for_new_hand(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    *,
    day_end_stop_seconds: int | None = None,
) -> tuple[int, Level]:
    """Return the item index and the level of a hand that starts at ``now``.

    A new level applies from the next hand not yet started (LVL-APPLY-NEXT-HAND: TDA 23,
    LFP 6.1, GM 17°), and a level ends when the clock shows zero (TDA 23): a hand starting at
    0:01 is played at the old level, one starting at 0:00 at the new one. Use
    ``structure.level_number(item)`` for the level's number.

    Raises IllegalActionError (LVL-APPLY-NEXT-HAND) during a break: no hand starts then.

    >>> s = Structure((Level(25, 50), Level(50, 100)), (25,), 5_000)
    >>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> state = start(ClockState.initial(), s, t0)
    >>> level_for_new_hand(state, s, t0 + datetime.timedelta(seconds=1199))[0]
    0
    >>> level_for_new_hand(state, s, t0 + datetime.timedelta(seconds=1200))[0]
    1
    """
    current = normalize(state, structure, now, day_end_stop_seconds=day_end_stop_seconds)
    item = structure.items[current.item]
    if isinstance(item, Break):
        raise IllegalActionError(
            message(
                "no hand starts during a break (item {item}) (LVL-APPLY-NEXT-HAND)",
                item=current.item,
            ),
            rule="LVL-APPLY-NEXT-HAND",
            action="start hand",
        )
    return current.item, item


# --- Operating the clock ---------------------------------------------------------------------


def start(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    *,
    day_end_stop_seconds: int | None = None,
) -> ClockState:
    """Start the clock from where it stands (the first item, unless moved before the start).

    Raises IllegalActionError (LVL-TIMER) if it was already started.

    >>> s = Structure((Level(25, 50),), (25,), 5_000)
    >>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> start(ClockState.initial(), s, t0).running
    True
    """
    del day_end_stop_seconds  # nothing has run yet
    _check(structure, state)
    if state.is_started:
        raise _refused(message("the clock is already started"), "start")
    return replace(state, since=_aware(now), running=True)


def pause(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    *,
    day_end_stop_seconds: int | None = None,
) -> ClockState:
    """Stop the clock at the time it shows at ``now``.

    Raises IllegalActionError (LVL-TIMER) if it is not running.

    >>> s = Structure((Level(25, 50),), (25,), 5_000)
    >>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> paused = pause(start(ClockState.initial(), s, t0), s, t0 + datetime.timedelta(seconds=30))
    >>> view(paused, s, t0 + datetime.timedelta(hours=1)).remaining
    1170.0
    """
    current = normalize(state, structure, now, day_end_stop_seconds=day_end_stop_seconds)
    if not current.running:
        raise _refused(message("the clock is not running"), "pause")
    return replace(current, running=False)


def resume(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    *,
    day_end_stop_seconds: int | None = None,
) -> ClockState:
    """Set a paused clock running again from the time it shows.

    Resuming from the end-of-day stop (DAY-END) runs the day's last level on to zero (the clock
    stops there only once; see ``view``) and forgets the last hands announced.

    Raises IllegalActionError: LVL-TIMER if the clock is not started or already running,
    HFH-CLOCK if a level's clock is held for hand-for-hand (``end_hand_for_hand`` first).

    >>> s = Structure((Level(25, 50),), (25,), 5_000)
    >>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> paused = pause(start(ClockState.initial(), s, t0), s, t0)
    >>> resume(paused, s, t0 + datetime.timedelta(minutes=5)).running
    True
    """
    current = normalize(state, structure, now, day_end_stop_seconds=day_end_stop_seconds)
    if not current.is_started:
        raise _refused(message("the clock is not started yet; start it"), "resume")
    if current.running:
        raise _refused(message("the clock is already running"), "resume")
    if current.hand_for_hand and isinstance(structure.items[current.item], Level):
        raise IllegalActionError(
            message(
                "the level clock is held for hand-for-hand; end hand-for-hand to run it (HFH-CLOCK)"
            ),
            rule="HFH-CLOCK",
            action="resume",
        )
    return replace(current, running=True, last_hands=None)


def adjust(
    state: ClockState,
    structure: Structure,
    seconds: float,
    now: datetime.datetime,
    *,
    day_end_stop_seconds: int | None = None,
) -> ClockState:
    """Move the clock by ``seconds`` within the current item, as a tournament director does.

    Positive ``seconds`` move the clock forward, as if that much time had run (less remaining);
    past the end of the item the excess rolls into the next items. Negative ``seconds`` give
    time back (more remaining), never before the start of the current item. The clock keeps
    running or stays stopped. A jump over the end-of-day stop point does not stop the clock:
    the stop catches running time only (DAY-END).

    Raises ParseError for a seconds value that is not a finite number.

    >>> s = Structure((Level(25, 50), Level(50, 100)), (25,), 5_000)
    >>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> state = start(ClockState.initial(), s, t0)
    >>> view(adjust(state, s, 60, t0), s, t0).remaining
    1140.0
    >>> view(adjust(state, s, -60, t0), s, t0).remaining
    1200.0
    >>> view(adjust(state, s, 1260, t0), s, t0).item
    1
    """
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not math.isfinite(seconds)
    ):
        raise ParseError(
            message(
                "a clock adjustment is a finite number of seconds, not {seconds!r}", seconds=seconds
            )
        )
    current = _current(state, structure, now, day_end_stop_seconds)
    elapsed = max(current.elapsed + datetime.timedelta(seconds=seconds), _ZERO)
    return _moved(current, structure, current.item, elapsed)


def skip(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    *,
    day_end_stop_seconds: int | None = None,
) -> ClockState:
    """Go to the start of the next item; the clock keeps running or stays stopped.

    Raises IllegalActionError (LVL-TIMER) at the last item, which has no next one.

    >>> s = Structure((Level(25, 50), Break(10), Level(50, 100)), (25,), 5_000)
    >>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> skip(start(ClockState.initial(), s, t0), s, t0).item
    1
    """
    current = _current(state, structure, now, day_end_stop_seconds)
    if current.item == len(structure.items) - 1:
        raise _refused(
            message("item {item} is the last one; there is nothing to skip to", item=current.item),
            "skip",
        )
    return _moved(current, structure, current.item + 1, _ZERO)


def back(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    *,
    day_end_stop_seconds: int | None = None,
) -> ClockState:
    """Go back to the start of the current item, or of the previous one.

    pokertd's reading, like a media player's "previous" button: more than
    ``BACK_GRACE_SECONDS`` (10 s) into the item, the clock goes back to its start; within the
    first 10 seconds it goes to the start of the previous item. The clock keeps running or
    stays stopped.

    Raises IllegalActionError (LVL-TIMER) at the very start of the structure.

    >>> s = Structure((Level(25, 50), Level(50, 100)), (25,), 5_000)
    >>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> state = skip(start(ClockState.initial(), s, t0), s, t0)
    >>> back(state, s, t0 + datetime.timedelta(seconds=60)).item
    1
    >>> back(state, s, t0 + datetime.timedelta(seconds=5)).item
    0
    """
    current = _current(state, structure, now, day_end_stop_seconds)
    if current.elapsed > datetime.timedelta(seconds=BACK_GRACE_SECONDS):
        return _moved(current, structure, current.item, _ZERO)
    if current.item == 0:
        if current.elapsed == _ZERO:
            raise _refused(message("the clock is already at the start of the structure"), "back")
        return _moved(current, structure, 0, _ZERO)
    return _moved(current, structure, current.item - 1, _ZERO)


# --- Hand-for-hand (HFH-CLOCK, TDA PR-8B to PR-8D) -------------------------------------------


def start_hand_for_hand(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    *,
    day_end_stop_seconds: int | None = None,
) -> ClockState:
    """Hold the level clock for hand-for-hand at the time it shows (HFH-CLOCK, TDA PR-8B).

    From now on the level's time moves only by ``hand_for_hand_hand_started``. Announced during a
    break, the break runs on and the level after it is held at its full time.

    Raises IllegalActionError: LVL-TIMER before the clock is started, HFH-CLOCK if hand-for-hand
    is already on.

    >>> s = Structure((Level(25, 50, minutes=30),), (25,), 5_000)
    >>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> state = start(ClockState.initial(), s, t0)
    >>> held = start_hand_for_hand(state, s, t0 + datetime.timedelta(minutes=12, seconds=30))
    >>> view(held, s, t0 + datetime.timedelta(hours=2)).remaining
    1050.0
    """
    current = normalize(state, structure, now, day_end_stop_seconds=day_end_stop_seconds)
    if not current.is_started:
        raise _refused(message("the clock is not started yet"), "start hand-for-hand")
    if current.hand_for_hand:
        raise _hfh_refused(message("hand-for-hand is already on"), "start hand-for-hand")
    is_break = isinstance(structure.items[current.item], Break)
    return replace(current, hand_for_hand=True, running=current.running and is_break)


def hand_for_hand_hand_started(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    seconds_per_hand: int = 120,
    *,
    day_end_stop_seconds: int | None = None,
) -> tuple[ClockState, int]:
    """Charge a hand-for-hand hand to the level clock; return the new state and the hand's item.

    Each hand costs a fixed ``seconds_per_hand`` (TDA PR-8B: 2 minutes; the profile's
    ``hand_for_hand_seconds``) of level time, however long it lasts, deducted at its start:
    17:30 at the announcement, 15:30 at the start of the first hand, 13:30 at the second...
    (EX-55). A 30:00 level lasts exactly 15 hands (TDA PR-8D, EX-56).

    pokertd's reading of a remainder under 2:00 (EX-55's 1:30, which PR-8 leaves open): the hand
    that starts with the clock showing 1:30 is played at the current level, since a level ends
    only when the clock shows zero (TDA 23), and it uses up the rest: the clock shows 0:00 and
    the level is over. The next hand starts the next level, charged 2:00 from its full time. So
    a 15:00 level lasts 7 full hands and a 1:00 remainder hand: 8 hands. If the next item is a
    break, the break starts at once, when that last hand starts (the hand is finished during
    the break, as a hand in progress at 0:00 is); the break runs in real time and the level
    after it is held at its full time until its first hand. In the last level of the structure
    hands are charged on past zero. In a day's last level (DAY-END) a charge that would cross
    the stop point stops the clock there.

    Raises IllegalActionError: HFH-CLOCK if hand-for-hand is not on, LVL-APPLY-NEXT-HAND during a
    break; ParseError for a ``seconds_per_hand`` that is not positive.

    >>> s = Structure((Level(25, 50, minutes=30), Level(50, 100)), (25,), 5_000)
    >>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> state = start_hand_for_hand(start(ClockState.initial(), s, t0), s, t0)
    >>> state, item = hand_for_hand_hand_started(state, s, t0 + datetime.timedelta(minutes=3))
    >>> item, view(state, s, t0 + datetime.timedelta(minutes=4)).remaining
    (0, 1680.0)
    """
    if (
        isinstance(seconds_per_hand, bool)
        or not isinstance(seconds_per_hand, int)
        or seconds_per_hand <= 0
    ):
        raise ParseError(
            f"a hand-for-hand hand costs a positive number of seconds, not {seconds_per_hand!r}"
        )
    current = normalize(state, structure, now, day_end_stop_seconds=day_end_stop_seconds)
    if not current.hand_for_hand:
        raise _hfh_refused(message("hand-for-hand is not on"), "hand-for-hand hand")
    item = current.item
    level = structure.items[item]
    if isinstance(level, Break):
        raise IllegalActionError(
            message("no hand starts during a break (item {item}) (LVL-APPLY-NEXT-HAND)", item=item),
            rule="LVL-APPLY-NEXT-HAND",
            action="hand-for-hand hand",
        )
    elapsed = current.elapsed + datetime.timedelta(seconds=seconds_per_hand)
    if item != len(structure.items) - 1:
        elapsed = min(elapsed, _duration(level))  # the remainder hand uses up the rest (EX-55)
    stop_at = _stop_point(level, _stop(day_end_stop_seconds))
    if stop_at is not None and current.elapsed < stop_at < elapsed:
        elapsed = stop_at  # DAY-END: the clock stops with the day's last minutes left
    return _moved(current, structure, item, elapsed), item


def end_hand_for_hand(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    *,
    day_end_stop_seconds: int | None = None,
) -> ClockState:
    """End hand-for-hand: the clock runs normally again from the time it shows (HFH-CLOCK).

    Raises IllegalActionError (HFH-CLOCK) if hand-for-hand is not on.

    >>> s = Structure((Level(25, 50),), (25,), 5_000)
    >>> t0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> held = start_hand_for_hand(start(ClockState.initial(), s, t0), s, t0)
    >>> end_hand_for_hand(held, s, t0).running
    True
    """
    current = normalize(state, structure, now, day_end_stop_seconds=day_end_stop_seconds)
    if not current.hand_for_hand:
        raise _hfh_refused(message("hand-for-hand is not on"), "end hand-for-hand")
    return replace(current, hand_for_hand=False, running=True)


# --- End of day (DAY-END, GM 42°) ------------------------------------------------------------


def announce_last_hands(
    state: ClockState,
    count: int,
    now: datetime.datetime,
    allowed: tuple[int, int] = (3, 7),
) -> ClockState:
    """Record that the floor announced ``count`` last hands of the day (DAY-END, GM 42°: 3 to 7).

    ``allowed`` is the profile's (``day_end_hands_min``, ``day_end_hands_max``). The clock itself
    is unchanged; ``now`` only has to be a valid time.

    Raises IllegalActionError (DAY-END) for a count outside ``allowed``.

    >>> t0 = datetime.datetime(2026, 1, 1, 23, 45, tzinfo=datetime.UTC)
    >>> announce_last_hands(ClockState.initial(), 5, t0).last_hands
    5
    >>> announce_last_hands(ClockState.initial(), 9, t0)
    Traceback (most recent call last):
    ...
    pokertd.errors.IllegalActionError: 9 last hands is outside the 3 to 7 allowed (DAY-END)
    """
    _aware(now)
    low, high = allowed
    if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
        raise IllegalActionError(
            message(
                "{count!r} last hands is outside the {low} to {high} allowed (DAY-END)",
                count=count,
                low=low,
                high=high,
            ),
            rule="DAY-END",
            action=f"announce {count!r} last hands",
        )
    return replace(state, last_hands=count)


# --- Internals -------------------------------------------------------------------------------


def _aware(now: datetime.datetime) -> datetime.datetime:
    if not isinstance(now, datetime.datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise ParseError(f"the clock needs a timezone-aware datetime, not {now!r}")
    return now


def _check(structure: Structure, state: ClockState) -> None:
    if not structure.levels:
        raise ParseError("a structure without levels has no clock")
    if not 0 <= state.item < len(structure.items):
        raise ParseError(
            f"the clock stands at item {state.item!r}, but the structure has "
            f"{len(structure.items)} items"
        )


def _refused(what: Message, action: str) -> IllegalActionError:
    return IllegalActionError(
        message("{refusal} ({rule})", refusal=what, rule="LVL-TIMER"),
        rule="LVL-TIMER",
        action=action,
    )


def _hfh_refused(what: Message, action: str) -> IllegalActionError:
    return IllegalActionError(
        message("{refusal} ({rule})", refusal=what, rule="HFH-CLOCK"),
        rule="HFH-CLOCK",
        action=action,
    )


def _current(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    day_end_stop_seconds: int | None,
) -> ClockState:
    """The state as of ``now``; a clock not started yet stays not started."""
    if not state.is_started:
        _check(structure, state)
        _aware(now)
        return state
    return normalize(state, structure, now, day_end_stop_seconds=day_end_stop_seconds)


def _duration(item: Level | Break) -> datetime.timedelta:
    return datetime.timedelta(seconds=item.seconds)


def _stop(day_end_stop_seconds: int | None) -> datetime.timedelta | None:
    if day_end_stop_seconds is None or day_end_stop_seconds == 0:
        return None
    if isinstance(day_end_stop_seconds, bool) or day_end_stop_seconds < 0:
        raise ParseError(
            f"the end-of-day stop is a number of seconds from 0, not {day_end_stop_seconds!r}"
        )
    return datetime.timedelta(seconds=day_end_stop_seconds)


def _stop_point(item: Level | Break, stop: datetime.timedelta | None) -> datetime.timedelta | None:
    """The elapsed time at which the clock stops for the end of the day, if it does (DAY-END).

    Only a level marked ``ends_day`` and longer than the stop has one.
    """
    if stop is None or not isinstance(item, Level) or not item.ends_day:
        return None
    duration = _duration(item)
    return duration - stop if duration > stop else None


def _advance(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    stop: datetime.timedelta | None,
) -> ClockState:
    """Let the time from ``since`` to ``now`` run, rolling over items; ``now >= since``."""
    if state.since is None:
        return state
    global _last_advance  # a one-entry memo of this pure function
    memo = _last_advance
    if (
        memo is not None
        and memo[0] is state
        and memo[1] is structure
        and memo[2] is now
        and memo[3] == stop
    ):
        return memo[4]
    advanced = _advance_from(state, structure, now, stop)
    _last_advance = (state, structure, now, stop, advanced)
    return advanced


#: The last clock moved on by ``_advance``: its state, structure and moment, the day-end stop,
#: and the clock then. Every table of a room starts its hand at the same moment from the same
#: clock state (kept until a clock event), and rolling the clock from its last change over
#: every level since costs a step per level: the memo makes it one roll per moment. It is
#: found by identity (the states and structures are immutable) and holds them, so no id is
#: reused.
_last_advance: (
    tuple[ClockState, Structure, datetime.datetime, datetime.timedelta | None, ClockState] | None
) = None


def _advance_from(
    state: ClockState,
    structure: Structure,
    now: datetime.datetime,
    stop: datetime.timedelta | None,
) -> ClockState:
    """``_advance`` worked out: the time from ``since`` (not None) to ``now`` run."""
    assert state.since is not None
    items = structure.items
    last = len(items) - 1
    item, elapsed, running = state.item, state.elapsed, state.running
    last_hands = state.last_hands
    left = _aware(now) - state.since  # real time not yet accounted for
    while True:
        duration = _duration(items[item])
        stop_at = _stop_point(items[item], stop)
        # DAY-END: the stop is armed while the clock has not yet reached it; once reached (or
        # resumed from), time runs on to zero.
        armed = stop_at is not None and elapsed < stop_at
        if running:
            if armed:
                assert stop_at is not None
                limit: datetime.timedelta | None = stop_at
            else:
                limit = None if item == last else duration
            if limit is None or elapsed + left < limit:
                elapsed += left
                break
            left -= limit - elapsed
            elapsed = limit
            if armed:
                running = False  # DAY-END: the clock stops itself
                break
        elif item == last or elapsed < duration:
            break
        # The item is over: the clock showed zero (TDA 23); roll on into the next one.
        item, elapsed, last_hands = item + 1, _ZERO, None
        if state.hand_for_hand:
            running = isinstance(items[item], Break)  # HFH-CLOCK: breaks run, levels are held
    return replace(
        state, item=item, elapsed=elapsed, since=now, running=running, last_hands=last_hands
    )


def _moved(
    state: ClockState, structure: Structure, item: int, elapsed: datetime.timedelta
) -> ClockState:
    """Put the clock ``elapsed`` into ``item``, rolling any excess over into the next items."""
    items = structure.items
    while item < len(items) - 1 and elapsed >= _duration(items[item]):
        elapsed -= _duration(items[item])
        item += 1
    changes: dict[str, Any] = {"item": item, "elapsed": elapsed}
    if item != state.item:
        changes["last_hands"] = None
        if state.hand_for_hand:
            changes["running"] = isinstance(items[item], Break)  # HFH-CLOCK
    return replace(state, **changes)


def _level_in_force(structure: Structure, index: int) -> Level:
    """The level at ``index``; during a break the next level (or, after the last, the last)."""
    items = structure.items
    for item in (*items[index:], *reversed(items[:index])):
        if isinstance(item, Level):
            return item
    raise AssertionError("a checked structure has a level")  # pragma: no cover


def _next_level(structure: Structure, index: int) -> Level | None:
    for item in structure.items[index + 1 :]:
        if isinstance(item, Level):
            return item
    return None


def _next_break_in(structure: Structure, index: int, remaining: datetime.timedelta) -> float | None:
    """Clock seconds until the next break after item ``index`` starts."""
    until = remaining
    for item in structure.items[index + 1 :]:
        if isinstance(item, Break):
            return until.total_seconds()
        until += _duration(item)
    return None
