"""``League``: one season of a league; commands in, events out, the state rebuilt from the events.

``League.handle(command, now)`` checks a command and returns the events it causes without
changing anything; ``apply(events)`` makes them part of the season once they are stored. An undo
is a compensating event: the state is rebuilt from every event except the undone command's.

>>> import datetime
>>> from pokertd.league import commands
>>> from pokertd.league.results import FieldResults, Result
>>> from pokertd.league.standings import standings
>>> now = datetime.datetime(2026, 3, 6, 23, 0, tzinfo=datetime.UTC)
>>> league = League()
>>> league.apply(league.handle(commands.CreateLeague("Club", "2026", points="linear"), now))
>>> field = FieldResults(3, 3, (Result("Alice", 1), Result("Bruno", 2), Result("Chloé", 3)))
>>> league.apply(league.handle(commands.AddEvent("Friday", "2026-03-06", field), now))
>>> [(line.rank, line.player, line.points) for line in standings(league.state)]
[(1, 'Alice', Fraction(3, 1)), (2, 'Bruno', Fraction(2, 1)), (3, 'Chloé', Fraction(1, 1))]
"""

from __future__ import annotations

import dataclasses
import datetime
import difflib
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.league import commands, events
from pokertd.league.points import PointsFormula, decimal_text
from pokertd.league.results import check_field, clean_name, name_key
from pokertd.league.standings import score_event
from pokertd.league.state import LeagueState, ScoredEvent
from pokertd.messages import Message, message
from pokertd.sourcing import EventSourced

RULE_STATE = "EVENT-STATE"
RULE_D2 = "SEAT-D2-REGULAR"


def refuse(said: Message, *, rule: str = RULE_STATE) -> IllegalActionError:
    """Return the error for a command the season's state or a rule does not allow, the rule id
    at the end of its text.

    >>> str(refuse(message("there is nothing to undo")))
    'there is nothing to undo (EVENT-STATE)'
    """
    return IllegalActionError(message("{refusal} ({rule})", refusal=said, rule=rule), rule=rule)


class League(EventSourced[events.LeagueEvent, LeagueState]):
    """One league season: its events and the state they build."""

    def __init__(self) -> None:
        super().__init__()
        self._at = ""
        self._cmd = 0

    def _new_state(self) -> LeagueState:
        return LeagueState()

    def _undone_by(self, event: events.LeagueEvent) -> int | None:
        return event.undone if isinstance(event, events.CommandUndone) else None

    # -- commands -----------------------------------------------------------------------------

    def handle(self, command: commands.Command, now: datetime.datetime) -> list[events.LeagueEvent]:
        """Return the events ``command`` causes at ``now``; raise without changing anything.

        Raises ParseError for a command that makes no sense, NotFoundError for an unknown event
        or player, IllegalActionError when the season's state or a rule forbids it.
        """
        if now.tzinfo is None:
            raise ParseError("times must be timezone-aware")
        is_creation = isinstance(command, commands.CreateLeague)
        if is_creation and self.state.created:
            raise refuse(message("the league already exists"))
        if not is_creation and not self.state.created:
            raise refuse(message("the league has not been created yet"))
        handler = _HANDLERS.get(type(command))
        if handler is None:
            raise ParseError(f"unknown command {type(command).__name__}")
        self._at, self._cmd = now.astimezone(datetime.UTC).isoformat(), self._last_cmd + 1
        return handler(self, command)

    def _event(self, cls: type[events.LeagueEvent], **fields: Any) -> events.LeagueEvent:
        return cls(at=self._at, cmd=self._cmd, **fields)

    # -- handlers -----------------------------------------------------------------------------

    def _create(self, command: commands.CreateLeague) -> list[events.LeagueEvent]:
        name = _text(command.name, message("the league's name"))
        season = " ".join(str(command.season).split())
        formula = _counting(command.points, command.bonus, command.best, command.planned)
        if command.regular_after < 0:
            raise ParseError(
                message(
                    "a player is a regular after 0 events or more, not {regular_after}",
                    regular_after=command.regular_after,
                )
            )
        regulars = tuple(dict.fromkeys(clean_name(name) for name in command.regulars))
        return [
            self._event(
                events.LeagueCreated,
                title=name,
                season=season,
                points=str(formula),
                bonus=decimal_text(formula.bonus),
                best=command.best,
                planned=command.planned,
                regulars=regulars,
                regular_after=command.regular_after,
            )
        ]

    def _add_event(self, command: commands.AddEvent) -> list[events.LeagueEvent]:
        state = self.state
        title = _text(command.title, message("the event's title"))
        date = _date(command.date)
        check_field(command.field)
        if command.buyin < 0:
            raise ParseError(message("the buy-in cannot be negative"))
        replaced = None if command.replaces is None else self._scored(command.replaces)
        counted: dict[str, str] = {}
        for result in command.field.results:
            name = state.canonical(result.player)
            if name in counted:
                raise ParseError(
                    message(
                        "{first} and {player} are the same player in this league ({name}): "
                        "one result each is too many",
                        first=counted[name],
                        player=result.player,
                        name=name,
                    )
                )
            counted[name] = result.player
        source = command.source.strip()
        for other in state.events.values():
            if source and other.source == source and other is not replaced:
                raise refuse(
                    message(
                        "{source} is already event {other} of the season: import it again "
                        "as a replacement of event {other}",
                        source=source,
                        other=other.number,
                    )
                )
        number = state.last_number + 1 if replaced is None else replaced.number
        if replaced is not None:
            for absence in state.absences:
                name = state.canonical(absence.player)
                if absence.event == number and name not in counted:
                    raise refuse(
                        message(
                            "{name} missed day 2 of event {number} (BAN/D2) but has no result "
                            "in the new results: undo that first",
                            name=name,
                            number=number,
                        )
                    )
        new = ScoredEvent(number, title, date, source, command.field, command.buyin)
        score_event(state, new)  # the formula can be computed for every result, or refuse now
        kind = events.EventAdded if replaced is None else events.EventReplaced
        field = command.field
        extras = tuple(result.extras() for result in field.results)
        details = [
            self._event(
                events.ResultsDetailed,
                event=number,
                extras=extras,
                paid_places=field.paid_places,
                final_table=field.final_table,
            )
        ]
        if not any(map(any, extras)) and not field.paid_places and not field.final_table:
            details = []  # nothing beside places and money: the event alone, as before
        return [
            self._event(
                kind,
                event=number,
                title=title,
                date=date,
                source=source,
                entries=command.field.entries,
                places=command.field.places,
                buyin=command.buyin,
                results=tuple(result.to_row() for result in command.field.results),
            ),
            *details,
        ]

    def _remove_event(self, command: commands.RemoveEvent) -> list[events.LeagueEvent]:
        return [self._event(events.EventRemoved, event=self._scored(command.event).number)]

    def _apply_d2(self, command: commands.ApplyRegularAbsentD2) -> list[events.LeagueEvent]:
        state = self.state
        scored = self._scored(command.event)
        try:
            lateness = commands.Lateness(command.lateness)
        except ValueError:
            raise ParseError(
                message(
                    "a regular misses day 2 absent or late, not {lateness!r}",
                    lateness=command.lateness,
                )
            ) from None
        name = state.canonical(clean_name(command.player))
        if name not in state.players_in(scored):
            raise NotFoundError(
                message(
                    "{name} has no result in event {scored}{hint}",
                    name=name,
                    scored=scored.number,
                    hint=self._close(name),
                )
            )
        # SEAT-D2-REGULAR (BAN/D2): "prévenu ou non qu'il ne pourrait pas venir, ou est en
        # retard et n'a pas averti": an absence counts whether he warned or not; a late arrival
        # only when he did not warn the director.
        if lateness is commands.Lateness.LATE and command.has_warned:
            raise refuse(
                message(
                    "{name} was late but warned the director: the day-2 rule does not apply",
                    name=name,
                ),
                rule=RULE_D2,
            )
        if state.players_in(scored)[name].place == 1:
            # SEAT-D2-REGULAR (BAN/D2): "éliminé du tournoi juste avant le lancement du D2":
            # a player who missed day 2 cannot have won it; the name or the event is wrong.
            raise refuse(
                message(
                    "{name} won event {scored}: he cannot have missed its day 2",
                    name=name,
                    scored=scored.number,
                ),
                rule=RULE_D2,
            )
        if not state.is_regular(name, scored):
            raise refuse(
                message(
                    "{name} is not a regular of the league: the day-2 rule applies to regulars",
                    name=name,
                ),
                rule=RULE_D2,
            )
        for absence in state.absences:
            if absence.event == scored.number and state.canonical(absence.player) == name:
                raise refuse(
                    message(
                        "the day-2 rule is already applied to {name} in event {scored}",
                        name=name,
                        scored=scored.number,
                    ),
                    rule=RULE_D2,
                )
        return [
            self._event(
                events.RegularAbsentD2Applied,
                event=scored.number,
                player=name,
                lateness=str(lateness),
                has_warned=command.has_warned,
            )
        ]

    def _merge(self, command: commands.MergePlayers) -> list[events.LeagueEvent]:
        state = self.state
        source = state.canonical(clean_name(command.player))
        target = state.canonical(clean_name(command.into))
        if source not in state.players():
            raise NotFoundError(
                message(
                    "there is no player {source!r} in the league{hint}",
                    source=source,
                    hint=self._close(source),
                )
            )
        if source == target:
            raise refuse(
                message(
                    "{player} and {into} are already one player ({target})",
                    player=command.player,
                    into=command.into,
                    target=target,
                )
            )
        for scored in state.ordered():
            players = state.players_in(scored)
            if source in players and target in players:
                raise refuse(
                    message(
                        "{source} and {target} both played event {scored} ({title!r}): they "
                        "are two players",
                        source=source,
                        target=target,
                        scored=scored.number,
                        title=scored.title,
                    )
                )
        return [self._event(events.PlayersMerged, player=source, into=target)]

    def _change_formula(self, command: commands.ChangeFormula) -> list[events.LeagueEvent]:
        formula = _counting(command.points, command.bonus, command.best, command.planned)
        trial = dataclasses.replace(self.state, formula=formula, best=command.best)
        for scored in trial.ordered():  # every result can be computed, or refuse now
            score_event(trial, scored)
        return [
            self._event(
                events.FormulaChanged,
                points=str(formula),
                bonus=decimal_text(formula.bonus),
                best=command.best,
                planned=command.planned,
            )
        ]

    def _expect(self, command: commands.ExpectTournament) -> list[events.LeagueEvent]:
        source = command.source.strip()
        if not source:
            raise ParseError(message("the tournament's id cannot be empty"))
        if source in self.state.expected:
            raise refuse(message("{source} is already expected in the season", source=source))
        for scored in self.state.events.values():
            if scored.source == source:
                raise refuse(
                    message(
                        "{source} is already event {number} of the season",
                        source=source,
                        number=scored.number,
                    )
                )
        return [self._event(events.TournamentExpected, source=source)]

    def _schedule(self, command: commands.ScheduleEvent) -> list[events.LeagueEvent]:
        """A series' programme: an event's date, title, buy-in and format, and its tournament."""
        title = _text(command.title, message("the event's title"))[:200]
        if isinstance(command.buyin, bool) or not 0 <= command.buyin <= 100_000_000:
            raise ParseError(
                message("a buy-in is 0 to 1,000,000.00, not {value!r}", value=command.buyin)
            )
        if len(self.state.schedule) >= MOST_SCHEDULED:
            raise refuse(message("a schedule holds at most {most} events", most=MOST_SCHEDULED))
        source = command.source.strip()
        if source and any(planned.source == source for planned in self.state.schedule.values()):
            raise refuse(message("{source} is already on the schedule", source=source))
        return [
            self._event(
                events.EventScheduled,
                number=max(self.state.schedule, default=0) + 1,
                date=_date(command.date),
                title=title,
                buyin=command.buyin,
                format=" ".join(command.format.split())[:80],
                source=source,
            )
        ]

    def _undo(self, command: commands.Undo) -> list[events.LeagueEvent]:
        done = [
            event.cmd
            for event in self.events
            if event.cmd not in self._undone
            and not isinstance(event, events.CommandUndone | events.LeagueCreated)
        ]
        if not done:
            raise refuse(message("there is nothing to undo"))
        return [self._event(events.CommandUndone, undone=max(done))]

    # -- helpers ------------------------------------------------------------------------------

    def _scored(self, number: int) -> ScoredEvent:
        try:
            return self.state.events[number]
        except KeyError:
            raise NotFoundError(
                message("there is no event {number} in the season", number=number)
            ) from None

    def _close(self, name: str) -> Message | str:
        """Say which players of the season have a name like ``name``, if any."""
        keys: dict[str, list[str]] = {}
        for player in sorted(self.state.players()):
            if player != name:
                keys.setdefault(name_key(player), []).append(player)
        close = difflib.get_close_matches(name_key(name), keys, n=3, cutoff=0.8)
        alike = [player for key in close for player in keys[key]]
        if not alike:
            return ""
        return message(" (did you mean {listed}?)", listed=", ".join(repr(p) for p in alike))


#: A series' schedule is a festival's programme: dozens of events, not thousands.
MOST_SCHEDULED = 200


def _counting(
    points: str, bonus: Fraction | int | str, best: int | None, planned: int | None
) -> PointsFormula:
    """Return a season's formula, checking it and how results are counted (best N of M)."""
    formula = PointsFormula.parse(points, bonus=bonus)
    for value, label in (
        (best, message("the number of best results counted")),
        (planned, message("the number of events planned")),
    ):
        if value is not None and (isinstance(value, bool) or value < 1):
            raise ParseError(
                message("{label} is a number from 1, not {value!r}", label=label, value=value)
            )
    if best is not None and planned is not None and best > planned:
        raise ParseError(
            message(
                "the best {best} results cannot be counted out of {planned} events",
                best=best,
                planned=planned,
            )
        )
    return formula


def _text(value: str, what: Message) -> str:
    text = " ".join(str(value).split())
    if not text:
        raise ParseError(message("{what} cannot be empty", what=what))
    return text


def _date(text: str) -> str:
    """Return a date as ``YYYY-MM-DD``; raise ParseError for anything else."""
    value = str(text).strip()
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            raise ValueError
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        raise ParseError(
            message("a date is written YYYY-MM-DD, such as 2026-03-06, not {text!r}", text=text)
        ) from None


Handler = Callable[[League, Any], list[events.LeagueEvent]]

_HANDLERS: dict[type, Handler] = {
    commands.CreateLeague: League._create,
    commands.AddEvent: League._add_event,
    commands.RemoveEvent: League._remove_event,
    commands.ApplyRegularAbsentD2: League._apply_d2,
    commands.MergePlayers: League._merge,
    commands.ChangeFormula: League._change_formula,
    commands.ExpectTournament: League._expect,
    commands.ScheduleEvent: League._schedule,
    commands.Undo: League._undo,
}
