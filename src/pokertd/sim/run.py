"""Whole tournaments played by bots through the real tournament and engine code.

``simulate(settings)`` creates a tournament in memory (``pokertd.tournament.aggregate``, no store),
registers and seats the field, starts the clock, and then plays it as a floor would run it, one
round at a time: every table that can deal starts a hand at the same virtual moment
(``StartHand``), the engine plays each hand with the bots (``pokertd.engine.Hand``, set up from the
tournament's seats, stacks, level and positions as a live table sets it up:
``pokertd.table.plan_hand``), and the hands end together one hand-time later
(``FinishHand``, then ``BustPlayers`` for the players left without chips). Between rounds the
director makes the moves that are due (``ProposeMoves``/``ConfirmMoves``: final table, breaking,
balancing), goes hand-for-hand on the bubble and back (``StartHandForHand``/``EndHandForHand``;
busts of one hand-for-hand hand at several tables are reported together, ranked by their starting
stacks), races the chips coloured up at a break (``RunChipRace``) and lets breaks pass. The
virtual clock advances by 3600 / ``pace`` seconds per round, so levels change in the real clock
code. The run ends when one player is left, and is the same for the same seed.

>>> result = simulate(Settings(players=12, seed=3, template="turbo"))
>>> result.places[0].place, len(result.places), result.chips_conserved, result.money_balances
(1, 12, True, True)
>>> result.bubble is not None and result.bubble.players <= result.paid
True
"""

from __future__ import annotations

import datetime
import gc
import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from pokertd import rules
from pokertd.engine import Hand
from pokertd.errors import IllegalActionError, ParseError
from pokertd.messages import message
from pokertd.rules import Profile
from pokertd.sim.bots import BOT_NAMES, BOTS, Bot, Situation
from pokertd.table.plan import plan_hand
from pokertd.tournament import commands, events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.reports import statement_of
from pokertd.tournament.structure import TEMPLATES, Break, Structure, template
from pokertd.tournament.table_commands import moves_due

__all__ = [
    "DEFAULT_PACE",
    "Finish",
    "LevelEnd",
    "Milestone",
    "Progress",
    "Sample",
    "Settings",
    "SimulationResult",
    "simulate",
    "simulate_many",
]

#: Hands per hour at each table when none is given: two minutes a hand.
DEFAULT_PACE = 30.0
#: The virtual moment the clock starts (any fixed time: only differences are reported).
START = datetime.datetime(2026, 1, 1, 12, 0, tzinfo=datetime.UTC)
#: Called after each round with the hands played so far and the players left.
Progress = Callable[[int, int], None]
#: The bot styles dealt around the field by ``--bots mix``.
_MIX = ("tag", "tag", "random", "calling")


@dataclass(frozen=True, slots=True)
class Settings:
    """What to simulate. ``structure`` None builds the ``template`` sized for the field;
    ``buy_in`` is the cents each entry adds to the prize pool (the standard payout table pays
    ``paid_percent`` of the field); ``pace`` is hands per hour at each table."""

    players: int = 100
    structure: Structure | None = None
    template: str = "regular"
    profile: str = rules.DEFAULT_PROFILE
    table_size: int = 9
    pace: float = DEFAULT_PACE
    seed: int = 0
    bots: str = "tag"
    buy_in: int = 10_000
    paid_percent: int = 15

    def checked(self) -> Settings:
        """Return the settings once checked; raise ParseError (ProfileError for the profile)
        naming what is wrong."""
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise ParseError(
                message(
                    "the number of players is a whole number, not {players!r}", players=self.players
                )
            )
        if self.players < 2:
            raise ParseError(
                message(
                    "a tournament needs at least 2 players, not {players}", players=self.players
                )
            )
        if not 2 <= self.table_size <= 10:
            raise ParseError(
                message("tables seat 2 to 10 players, not {table_size}", table_size=self.table_size)
            )
        if not (isinstance(self.pace, int | float) and math.isfinite(self.pace) and self.pace > 0):
            raise ParseError(
                message("the pace is a number of hands per hour > 0, not {pace!r}", pace=self.pace)
            )
        if self.bots not in BOT_NAMES:
            raise ParseError(
                message(
                    "unknown bots {bots!r}; expected one of {names}",
                    bots=self.bots,
                    names=", ".join(BOT_NAMES),
                )
            )
        if self.structure is None and self.template not in TEMPLATES:
            raise ParseError(
                message(
                    "unknown structure template {kind!r}; expected one of {templates}",
                    kind=self.template,
                    templates=", ".join(TEMPLATES),
                )
            )
        if self.buy_in <= 0 or not 1 <= self.paid_percent <= 100:
            raise ParseError(message("the buy-in must be > 0 and the paid share 1 to 100 %"))
        rules.load(self.profile)
        return self

    def structure_used(self) -> Structure:
        """Return the structure played: the one given, else the template for this field."""
        if self.structure is not None:
            return self.structure
        return template(self.template, players=max(self.players, 2))


@dataclass(frozen=True, slots=True)
class Milestone:
    """A moment of the tournament: after ``hands`` hands in all, ``seconds`` of virtual time
    after the clock started, at level ``level`` (None at a break), ``players`` left."""

    hands: int
    seconds: float
    level: int | None
    players: int


@dataclass(frozen=True, slots=True)
class LevelEnd:
    """The players left when level ``level`` ended, ``seconds`` after the start."""

    level: int
    players: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Sample:
    """One point of the timeline, after a round of hands: the players left and their average
    stack in big blinds of the level then in force."""

    seconds: float
    hands: int
    players: int
    average_big_blinds: float
    level: int | None


@dataclass(frozen=True, slots=True)
class Finish:
    """One finishing place: ``shared`` places when several tie; ``prize`` in cents."""

    place: int
    shared: int
    entry: int
    player: str
    bot: str
    prize: int


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What a simulated tournament shows a director: its length, when the bubble burst and when
    the final table formed, the players left at the end of each level, the places, and the checks
    that chips and money were conserved (``chips_removed``: chips a rule took out of play, e.g.
    by a chip race's rounding; negative when a race created chips).
    """

    seed: int
    players: int
    table_size: int
    pace: float
    profile: str
    structure: str
    bots: str
    hands: int
    seconds: float
    paid: int
    levels: tuple[LevelEnd, ...]
    bubble: Milestone | None
    final_table: Milestone | None
    places: tuple[Finish, ...]
    timeline: tuple[Sample, ...]
    chips_conserved: bool
    chips_removed: int
    money_balances: bool
    places_complete: bool
    hand_for_hand_hands: int = 0
    chip_races: int = 0
    moves: int = 0
    notes: tuple[str, ...] = field(default=())

    @property
    def winner(self) -> Finish:
        """Return the winner's finish."""
        return self.places[0]

    @property
    def hours(self) -> float:
        """Return the duration in hours of virtual time."""
        return self.seconds / 3600

    def to_dict(self, *, timeline: bool = True) -> dict[str, Any]:
        """Return the result as JSON-ready data (the timeline left out unless asked for)."""
        data = asdict(self)
        if not timeline:
            del data["timeline"]
        data["notes"] = list(self.notes)
        return data


def simulate(settings: Settings, progress: Progress | None = None) -> SimulationResult:
    """Play a whole tournament with bots and return what happened.

    Raises ParseError or ProfileError for settings that make no sense (``Settings.checked``).
    """
    return _Run(settings.checked(), progress).play()


def simulate_many(
    settings: Settings,
    runs: int,
    *,
    jobs: int | None = None,
    done: Callable[[SimulationResult], None] | None = None,
) -> list[SimulationResult]:
    """Play ``runs`` tournaments with seeds ``settings.seed``, ``settings.seed + 1``... in
    ``jobs`` processes (default: one per processor; 1 plays them here, one after the other).
    ``done`` is called with each result as it comes in. The results are in the order of their
    seeds, whatever the order the runs end in.

    Raises ParseError for a number of runs or jobs below 1, and what ``simulate`` raises.

    >>> [r.seed for r in simulate_many(Settings(players=6, seed=5), 2, jobs=1)]
    [5, 6]
    """
    if runs < 1 or (jobs is not None and jobs < 1):
        raise ParseError(
            message("runs and jobs are at least 1, not {runs} and {jobs}", runs=runs, jobs=jobs)
        )
    settings.checked()
    each = [replace(settings, seed=settings.seed + index) for index in range(runs)]
    if runs == 1 or jobs == 1:
        results = []
        for one in each:
            results.append(simulate(one))
            if done is not None:
                done(results[-1])
        return results
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(simulate, one) for one in each]
        for future in as_completed(futures):
            if done is not None:
                done(future.result())
        return [future.result() for future in futures]


#: The field from which a run takes the garbage collector in hand (``_Collector``).
_FREEZE_FROM = 1_000


class _Collector:
    """Takes Python's garbage collector in hand during a big run: it collects once per round,
    tracing only what that round made, instead of tracing, again and again, what a long run keeps.

    A run keeps every event of its tournament (hundreds of thousands in a big field), and each
    full collection traced them all; and in a round every table's hand is in play at once, so
    the collector's automatic collections of the younger generations traced the hands of every
    table (hundreds in a big field) again at every few hundred objects made: a cost per hand
    growing with the field (issue 20: 3 % of a 1,000-player run's processor time, 11 % of a
    5,000-player one). During the run the automatic collector is off (``gc.disable``); after
    each round the objects that round made are traced once (``gc.collect(0)``: the reference
    cycles a round leaves, if any, are freed there) and those alive are moved out of the
    collector's generations (``gc.freeze``), so that no later collection traces them again.

    This changes the collector of the whole process while the run lasts: it acts only in a
    field of ``_FREEZE_FROM`` or more (the planner's runs are smaller), only when the collector
    is on and nothing else froze objects (``gc.unfreeze`` gives back every frozen object, and
    another's are left alone), and ``close`` (run by ``simulate`` however the run ends) gives
    the frozen objects back to the oldest generation and turns the collector on again. Another
    thread of the process finds the collector off while a run lasts (its reference cycles wait
    for the end of a round). Nothing of the results depends on it.
    """

    def __init__(self, wanted: bool) -> None:
        self.active = wanted and gc.isenabled() and gc.get_freeze_count() == 0
        if self.active:
            gc.disable()

    def age(self) -> None:
        """Collect what the last round made, and move the objects alive out of the
        collector's sight."""
        if self.active:
            gc.collect(0)
            gc.freeze()

    def close(self) -> None:
        """Give the frozen objects back to the collector (the oldest generation), and turn it
        on again."""
        if self.active:
            gc.unfreeze()
            gc.enable()
            self.active = False


@dataclass
class _Table:
    """A hand being played at one table in the current round."""

    number: int
    hand: Hand
    entries: tuple[int, ...]
    bots: tuple[Bot, ...]
    big_blind: int


class _Run:
    """One simulated tournament: the aggregate, the virtual clock, the bots and the records."""

    def __init__(self, settings: Settings, progress: Progress | None) -> None:
        self.settings = settings
        self.progress = progress
        self.structure = settings.structure_used()
        self.profile: Profile = rules.load(settings.profile)
        self.tournament = Tournament()
        seed = settings.seed
        # Separate streams, so that a change in one (a bot's choice) does not reshuffle the others.
        self.rng = random.Random(f"pokertd-sim/{seed}/tournament")
        self.deck_rng = random.Random(f"pokertd-sim/{seed}/cards")
        self.bot_rng = random.Random(f"pokertd-sim/{seed}/bots")
        self.now = START
        self.hand_time = datetime.timedelta(seconds=3600 / settings.pace)
        self.hands = 0
        self.hfh_hands = 0
        self.races = 0
        self.moves = 0
        self.styles: dict[int, str] = {}
        self.bots: dict[int, Bot] = {}  # each entry's bot, by its style
        self.levels: list[LevelEnd] = []
        self.timeline: list[Sample] = []
        self.bubble: Milestone | None = None
        self.final_table: Milestone | None = None
        self.raced_breaks: set[int] = set()
        self.level: int | None = None
        self.paid = 0
        self.left = settings.players  # players still in (``state.active()`` scans every entry)
        self.notes: list[str] = []

    # -- driving the aggregate ------------------------------------------------------------------

    def do(self, command: commands.Command) -> list[events.TournamentEvent]:
        new = self.tournament.handle(command, self.now, self.rng)
        self.tournament.apply(new)
        return new

    def seconds(self) -> float:
        return (self.now - START).total_seconds()

    def play(self) -> SimulationResult:
        collector = _Collector(self.settings.players >= _FREEZE_FROM)
        try:
            return self._play_out(collector)
        finally:
            collector.close()

    def _play_out(self, collector: _Collector) -> SimulationResult:
        settings = self.settings
        self.do(
            commands.CreateTournament(
                "Simulation",
                self.structure.to_dict(),
                profile=settings.profile,
                table_size=settings.table_size,
                late_registration_levels=0,
                money={
                    "buy_in": {"prize": settings.buy_in, "chips": self.structure.starting_stack},
                    "paid_percent": settings.paid_percent,
                },
            )
        )
        for number in range(1, settings.players + 1):
            self.do(commands.Register(f"Bot {number}"))
            style = settings.bots
            if style == "mix":
                style = _MIX[self.rng.randrange(len(_MIX))]
            self.styles[number] = style
            self.bots[number] = BOTS[style]
        self.do(commands.DrawSeats())
        for number in range(1, settings.players + 1):
            self.do(commands.CheckIn(number))
        self.do(commands.StartClock())
        self.paid = len(self.tournament.state.ledger.current_prizes())
        state = self.tournament.state
        while state.winner is None:
            self._settle()
            if state.winner is not None:
                break
            view = self.tournament.clock_view(self.now)
            if view.is_break:
                self._colour_up(view.item)
                self.now += datetime.timedelta(seconds=max(view.remaining, 1.0))
                continue
            self._hand_for_hand()
            collector.age()
            self._round()
            state = self.tournament.state
        return self._result()

    # -- between rounds -------------------------------------------------------------------------

    def _settle(self) -> None:
        """Make every move that is due (final table, breaking, balancing), as the floor does
        between hands, and note when the final table forms."""
        tournament = self.tournament
        for _ in range(8):
            if tournament.state.winner is not None or not moves_due(tournament.state):
                break
            self.do(commands.ProposeMoves())
            self.do(commands.ConfirmMoves())
            self.moves += 1
        state = tournament.state
        if self.final_table is None and len(state.tables) == 1 and self.left > 1:
            self.final_table = self._milestone(self.left)

    def _hand_for_hand(self) -> None:
        """HFH-TRIGGER (TDA PR-8): go hand-for-hand near the bubble, while there is more than
        one table, and back once it has burst. The books leave the moment to the director; the
        simulation starts when no more players are left above the money than there are tables,
        so that a round of hands cannot burst the bubble unnoticed, and the busts of each
        hand-for-hand hand are ranked together."""
        state = self.tournament.state
        left = self.left
        if not state.hand_for_hand:
            if self.paid < left <= self.paid + len(state.tables) and len(state.tables) > 1:
                self.do(commands.StartHandForHand())
        elif left <= self.paid and not state.hfh_round:
            self.do(commands.EndHandForHand())

    def _colour_up(self, item: int) -> None:
        """CHIP-WHEN: at a break that colours up, race the chips going out at every table."""
        brk = self.structure.items[item]
        if item in self.raced_breaks or not isinstance(brk, Break) or not brk.colour_up:
            return
        self.raced_breaks.add(item)
        state = self.tournament.state
        for old in sorted(brk.colour_up):
            # Each chip goes up into the next one of the set (25 into 100, 100 into 500...).
            higher = [chip for chip in self.structure.chips if chip > old]
            if not higher or higher[0] % old:
                self.notes.append(f"no chip race for the {old} chips: no multiple above them")
                continue
            new = higher[0]
            for number in sorted(state.tables):
                chips = {}
                for seat, entry in state.tables[number].players.items():
                    remainder = (state.entries[int(entry)].stack or 0) % new
                    if remainder:
                        chips[seat] = remainder // old
                if not any(chips.values()):
                    continue
                try:
                    self.do(commands.RunChipRace(number, old=old, new=new, chips=chips))
                except IllegalActionError as error:  # more chips than a deck has cards
                    self.notes.append(f"table {number}: {error}")
                    continue
                self.races += 1

    # -- a round of hands -----------------------------------------------------------------------

    def _round(self) -> None:
        tournament = self.tournament
        state = tournament.state
        numbers = [n for n, table in sorted(state.tables.items()) if len(table.players) >= 2]
        if moves_due(state):
            # Moves could not all be made: TBL-BALANCE-HALT stops the short tables.
            numbers = [n for n in numbers if not tournament.is_halted(n)]
        if state.hand_for_hand:
            numbers = [n for n in numbers if n not in state.hfh_round]
        before = self.left
        playing = [self._start(number, before) for number in numbers]
        if state.hand_for_hand:
            self.hfh_hands += 1
        for table in playing:
            self._play(table)
        self.now += self.hand_time
        busted: list[int] = []
        start_stacks: dict[int, int] = {}
        hand_for_hand = state.hand_for_hand
        for table in playing:
            out, starts = self._finish(table)
            if out and hand_for_hand:
                busted.extend(out)  # one hand-for-hand hand: they bust together
                start_stacks.update(starts)
            elif out:
                self._bust(out, starts)
        if busted:
            self._bust(busted, start_stacks)
        self.hands += len(playing)
        after = self.left
        if self.bubble is None and before > self.paid >= after:
            self.bubble = self._milestone(after)
        self._sample()
        if self.progress is not None:
            self.progress(self.hands, after)

    def _start(self, number: int, left: int) -> _Table:
        """StartHand at a table, and the engine hand the tournament says to deal (``left``
        players are in the tournament)."""
        new = self.do(commands.StartHand(number))
        started = next(e for e in new if isinstance(e, events.HandStarted))
        plan = plan_hand(self.tournament.state, started)
        if plan.level != self.level:
            if self.level is not None:
                self.levels.append(LevelEnd(self.level, left, self.seconds()))
            self.level = plan.level
        hand = plan.create_hand(self.profile, rng=self.deck_rng)
        bots = tuple(map(self.bots.__getitem__, plan.entries))
        return _Table(number, hand, plan.entries, bots, plan.blinds[1])

    def _play(self, table: _Table) -> None:
        hand, bots, rng, big = table.hand, table.bots, self.bot_rng, table.big_blind
        while not hand.is_finished:
            legal = hand.legal()
            assert legal is not None  # automatic dealing: the engine deals and shows down
            kind, to = bots[legal.player](Situation(hand, legal, big), rng)
            hand.act(legal.player, kind, to)

    def _finish(self, table: _Table) -> tuple[list[int], dict[int, int]]:
        """FinishHand with the stacks; return who is left without chips and their stacks at the
        start of the hand (ELIM-SIMULTANEOUS ranks them)."""
        result = table.hand.result
        assert result is not None
        stacks = dict(zip(table.entries, result.stacks, strict=True))
        self.do(commands.FinishHand(table.number, stacks))
        out = [entry for entry, chips in stacks.items() if chips == 0]
        if not out:  # most hands
            return out, {}
        starting = table.hand.starting_stacks
        starts = {entry: starting[i] for i, entry in enumerate(table.entries) if entry in out}
        return out, starts

    def _bust(self, entries: Sequence[int], start_stacks: dict[int, int]) -> None:
        self.do(commands.BustPlayers(tuple(entries), start_stacks=start_stacks))
        self.left -= len(entries)

    # -- records --------------------------------------------------------------------------------

    def _milestone(self, players: int) -> Milestone:
        return Milestone(self.hands, self.seconds(), self.level, players)

    def _sample(self) -> None:
        state = self.tournament.state
        left = self.left
        view = self.tournament.clock_view(self.now)
        big = view.level.big_blind or 1
        average = state.chips_in_play / left / big
        self.timeline.append(Sample(self.seconds(), self.hands, left, average, view.level_number))

    def _result(self) -> SimulationResult:
        state = self.tournament.state
        if self.level is not None:
            self.levels.append(LevelEnd(self.level, self.left, self.seconds()))
        statement = statement_of(state)
        prizes = {line.entry: line.prize for line in statement.lines}
        finishes = sorted(
            (
                Finish(
                    entry.place or 0,
                    entry.shared,
                    entry.number,
                    entry.player,
                    self.styles[entry.number],
                    prizes.get(entry.number, 0),
                )
                for entry in state.entries.values()
            ),
            key=lambda finish: (finish.place, finish.entry),
        )
        chips = sum(entry.stack or 0 for entry in state.entries.values() if entry.status.is_active)
        groups: dict[int, list[Finish]] = {}
        for finish in finishes:
            groups.setdefault(finish.place, []).append(finish)
        covered = sorted(
            number
            for place, group in groups.items()
            if place and all(finish.shared == len(group) for finish in group)
            for number in range(place, place + len(group))
        )
        complete = (
            covered == list(range(1, self.settings.players + 1))
            and finishes[0].place == 1
            and finishes[0].entry == state.winner
            and sum(1 for finish in finishes if finish.place == 1) == 1
        )
        settings = self.settings
        return SimulationResult(
            seed=settings.seed,
            players=settings.players,
            table_size=settings.table_size,
            pace=settings.pace,
            profile=settings.profile,
            structure=self.structure.name or "custom",
            bots=settings.bots,
            hands=self.hands,
            seconds=self.seconds(),
            paid=self.paid,
            levels=tuple(self.levels),
            bubble=self.bubble,
            final_table=self.final_table,
            places=tuple(finishes),
            timeline=tuple(self.timeline),
            chips_conserved=chips == state.chips_in_play,
            chips_removed=state.chips_removed,
            money_balances=statement.balances,
            places_complete=complete,
            hand_for_hand_hands=self.hfh_hands,
            chip_races=self.races,
            moves=self.moves,
            notes=tuple(self.notes),
        )
