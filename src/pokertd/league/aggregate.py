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

import datetime
import difflib
import re
from collections.abc import Callable
from typing import Any

from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.league import commands, events
from pokertd.league.points import PointsFormula, decimal_text
from pokertd.league.results import check_field, clean_name, name_key
from pokertd.league.standings import score_event
from pokertd.league.state import LeagueState, ScoredEvent
from pokertd.sourcing import EventSourced

RULE_STATE = "EVENT-STATE"
RULE_D2 = "SEAT-D2-REGULAR"


def refuse(message: str, *, fr: str, rule: str = RULE_STATE) -> IllegalActionError:
    """Return the error for a command the season's state or a rule does not allow, the rule id
    at the end of each text.

    >>> str(refuse("there is nothing to undo", fr="il n'y a rien à annuler"))
    'there is nothing to undo (EVENT-STATE)'
    """
    return IllegalActionError(f"{message} ({rule})", rule=rule, fr=f"{fr} ({rule})")


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
            raise refuse("the league already exists", fr="la ligue existe déjà")
        if not is_creation and not self.state.created:
            raise refuse(
                "the league has not been created yet", fr="la ligue n'a pas encore été créée"
            )
        handler = _HANDLERS.get(type(command))
        if handler is None:
            raise ParseError(f"unknown command {type(command).__name__}")
        self._at, self._cmd = now.astimezone(datetime.UTC).isoformat(), self._last_cmd + 1
        return handler(self, command)

    def _event(self, cls: type[events.LeagueEvent], **fields: Any) -> events.LeagueEvent:
        return cls(at=self._at, cmd=self._cmd, **fields)

    # -- handlers -----------------------------------------------------------------------------

    def _create(self, command: commands.CreateLeague) -> list[events.LeagueEvent]:
        name = _text(command.name, "the league's name", "le nom de la ligue")
        season = " ".join(str(command.season).split())
        formula = PointsFormula.parse(command.points, bonus=command.bonus)
        for value, label, label_fr in (
            (
                command.best,
                "the number of best results counted",
                "le nombre de meilleurs résultats",
            ),
            (command.planned, "the number of events planned", "le nombre de manches prévues"),
        ):
            if value is not None and (isinstance(value, bool) or value < 1):
                raise ParseError(
                    f"{label} is a number from 1, not {value!r}",
                    fr=f"{label_fr} est un nombre à partir de 1, pas {value!r}",
                )
        if (
            command.best is not None
            and command.planned is not None
            and command.best > command.planned
        ):
            raise ParseError(
                f"the best {command.best} results cannot be counted out of "
                f"{command.planned} events",
                fr=f"on ne peut retenir les {command.best} meilleurs résultats sur "
                f"{command.planned} manches",
            )
        if command.regular_after < 0:
            raise ParseError(
                f"a player is a regular after 0 events or more, not {command.regular_after}",
                fr=f"un joueur est régulier après 0 manche ou plus, pas {command.regular_after}",
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
        title = _text(command.title, "the event's title", "le titre de la manche")
        date = _date(command.date)
        check_field(command.field)
        if command.buyin < 0:
            raise ParseError("the buy-in cannot be negative", fr="le buy-in ne peut être négatif")
        replaced = None if command.replaces is None else self._scored(command.replaces)
        counted: dict[str, str] = {}
        for result in command.field.results:
            name = state.canonical(result.player)
            if name in counted:
                raise ParseError(
                    f"{counted[name]} and {result.player} are the same player in this league "
                    f"({name}): one result each is too many",
                    fr=f"{counted[name]} et {result.player} sont le même joueur dans cette ligue "
                    f"({name}) : un résultat chacun, c'est trop",
                )
            counted[name] = result.player
        source = command.source.strip()
        for other in state.events.values():
            if source and other.source == source and other is not replaced:
                raise refuse(
                    f"{source} is already event {other.number} of the season: import it again "
                    f"as a replacement of event {other.number}",
                    fr=f"{source} est déjà la manche {other.number} de la saison : importez-le "
                    f"à nouveau en remplacement de la manche {other.number}",
                )
        number = state.last_number + 1 if replaced is None else replaced.number
        if replaced is not None:
            for absence in state.absences:
                name = state.canonical(absence.player)
                if absence.event == number and name not in counted:
                    raise refuse(
                        f"{name} missed day 2 of event {number} (BAN/D2) but has no result in "
                        "the new results: undo that first",
                        fr=f"{name} a manqué le jour 2 de la manche {number} (BAN/D2) mais n'a "
                        "pas de résultat dans les nouveaux résultats : annulez cela d'abord",
                    )
        new = ScoredEvent(number, title, date, source, command.field, command.buyin)
        score_event(state, new)  # the formula can be computed for every result, or refuse now
        kind = events.EventAdded if replaced is None else events.EventReplaced
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
            )
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
                f"a regular misses day 2 absent or late, not {command.lateness!r}",
                fr=f"un régulier manque le jour 2 absent ou en retard, pas {command.lateness!r}",
            ) from None
        name = state.canonical(clean_name(command.player))
        if name not in state.players_in(scored):
            raise NotFoundError(
                f"{name} has no result in event {scored.number}{self._close(name)}",
                fr=f"{name} n'a pas de résultat dans la manche {scored.number}"
                f"{self._close(name, 'fr')}",
            )
        # SEAT-D2-REGULAR (BAN/D2): "prévenu ou non qu'il ne pourrait pas venir, ou est en
        # retard et n'a pas averti": an absence counts whether he warned or not; a late arrival
        # only when he did not warn the director.
        if lateness is commands.Lateness.LATE and command.has_warned:
            raise refuse(
                f"{name} was late but warned the director: the day-2 rule does not apply",
                fr=f"{name} était en retard mais a prévenu le directeur : la règle du jour 2 ne "
                "s'applique pas",
                rule=RULE_D2,
            )
        if state.players_in(scored)[name].place == 1:
            # SEAT-D2-REGULAR (BAN/D2): "éliminé du tournoi juste avant le lancement du D2":
            # a player who missed day 2 cannot have won it; the name or the event is wrong.
            raise refuse(
                f"{name} won event {scored.number}: he cannot have missed its day 2",
                fr=f"{name} a gagné la manche {scored.number} : il ne peut pas avoir manqué "
                "son jour 2",
                rule=RULE_D2,
            )
        if not state.is_regular(name, scored):
            raise refuse(
                f"{name} is not a regular of the league: the day-2 rule applies to regulars",
                fr=f"{name} n'est pas un régulier de la ligue : la règle du jour 2 s'applique aux "
                "réguliers",
                rule=RULE_D2,
            )
        for absence in state.absences:
            if absence.event == scored.number and state.canonical(absence.player) == name:
                raise refuse(
                    f"the day-2 rule is already applied to {name} in event {scored.number}",
                    fr=f"la règle du jour 2 est déjà appliquée à {name} dans la manche "
                    f"{scored.number}",
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
                f"there is no player {source!r} in the league{self._close(source)}",
                fr=f"il n'y a pas de joueur {source!r} dans la ligue{self._close(source, 'fr')}",
            )
        if source == target:
            raise refuse(
                f"{command.player} and {command.into} are already one player ({target})",
                fr=f"{command.player} et {command.into} sont déjà un seul joueur ({target})",
            )
        for scored in state.ordered():
            players = state.players_in(scored)
            if source in players and target in players:
                raise refuse(
                    f"{source} and {target} both played event {scored.number} "
                    f"({scored.title!r}): they are two players",
                    fr=f"{source} et {target} ont tous deux joué la manche {scored.number} "
                    f"({scored.title!r}) : ce sont deux joueurs",
                )
        return [self._event(events.PlayersMerged, player=source, into=target)]

    def _undo(self, command: commands.Undo) -> list[events.LeagueEvent]:
        done = [
            event.cmd
            for event in self.events
            if event.cmd not in self._undone
            and not isinstance(event, events.CommandUndone | events.LeagueCreated)
        ]
        if not done:
            raise refuse("there is nothing to undo", fr="il n'y a rien à annuler")
        return [self._event(events.CommandUndone, undone=max(done))]

    # -- helpers ------------------------------------------------------------------------------

    def _scored(self, number: int) -> ScoredEvent:
        try:
            return self.state.events[number]
        except KeyError:
            raise NotFoundError(
                f"there is no event {number} in the season",
                fr=f"il n'y a pas de manche {number} dans la saison",
            ) from None

    def _close(self, name: str, lang: str = "en") -> str:
        """Say which players of the season have a name like ``name``, if any."""
        keys: dict[str, list[str]] = {}
        for player in sorted(self.state.players()):
            if player != name:
                keys.setdefault(name_key(player), []).append(player)
        close = difflib.get_close_matches(name_key(name), keys, n=3, cutoff=0.8)
        alike = [player for key in close for player in keys[key]]
        if not alike:
            return ""
        listed = ", ".join(repr(p) for p in alike)
        return f" (voulez-vous dire {listed} ?)" if lang == "fr" else f" (did you mean {listed}?)"


def _text(value: str, what: str, french: str) -> str:
    text = " ".join(str(value).split())
    if not text:
        raise ParseError(f"{what} cannot be empty", fr=f"{french} ne peut être vide")
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
            f"a date is written YYYY-MM-DD, such as 2026-03-06, not {text!r}",
            fr=f"une date s'écrit AAAA-MM-JJ, comme 2026-03-06, pas {text!r}",
        ) from None


Handler = Callable[[League, Any], list[events.LeagueEvent]]

_HANDLERS: dict[type, Handler] = {
    commands.CreateLeague: League._create,
    commands.AddEvent: League._add_event,
    commands.RemoveEvent: League._remove_event,
    commands.ApplyRegularAbsentD2: League._apply_d2,
    commands.MergePlayers: League._merge,
    commands.Undo: League._undo,
}
