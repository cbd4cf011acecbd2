"""``pokertd signup``: an event's pre-registration from the command line (docs/privacy.md).

``open`` opens the sign-up (places, public page, the time the no-shows are released, the cut-off
time, members only); ``add PERSON`` pre-registers a person of the register (a place, else the
waitlist); ``list`` shows the list and the waitlist's order (``--waiting``: the waitlist alone);
``check-in PERSON`` enters him in the tournament, the buy-in taken (``--unpaid``: not yet);
``withdraw PERSON`` frees his place for the first waiting; ``release`` releases the no-shows
now. The list lives in the event file beside the register (``service.signups``), the event is
``--event`` (default: the latest). Exit status 1 and one line on stderr for anything refused.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import click

from pokertd.cli.output import Command, Group, emit_json, user_errors
from pokertd.cli.session import env_rng, lang_of, open_event_file, options, read_settings
from pokertd.messages import Message, message
from pokertd.present.tournament_views import table_text
from pokertd.present.words import Words
from pokertd.service.people import PeopleService
from pokertd.service.signups import Signups, SignupService, Status
from pokertd.service.tournaments import TournamentService

__all__ = ["signup_group"]

_EVENT = ("--event", "Tournament id or number in the file (default: the latest).")


class _Door:
    """One command's sign-up list: the service, the event's id, the words."""

    def __init__(self, service: SignupService, event: str, words: Words, as_json: bool) -> None:
        self.service, self.event, self.words, self.as_json = service, event, words, as_json

    def show(self, signups: Signups, *, waiting_only: bool = False) -> None:
        """Print the list (or its waitlist), each line with its person's name and status."""
        people = PeopleService(self.service.store)
        names = people.shown_names([line.person for line in signups.lines], public=False)
        lines = [
            line for line in signups.lines if not waiting_only or line.status == Status.WAITING
        ]
        if self.as_json:
            emit_json(
                {
                    "tournament": self.event,
                    **{k: v for k, v in signups.to_data().items() if k != "lines"},
                    "lines": [
                        {"person": line.person, "status": line.status,
                         "rank": signups.rank(line.person)}
                        for line in lines
                    ],
                }
            )  # fmt: skip
            return
        click.echo(self._summary(signups))
        if not lines:
            return
        header = [self.words("id"), self.words("name"), self.words("status")]
        rows = [
            [line.person, self._name(names.get(line.person, line.person)),
             self.status(signups, line.person, line.status)]
            for line in lines
        ]  # fmt: skip
        click.echo("\n".join(table_text([header, *rows])))

    def _summary(self, signups: Signups) -> str:
        if not signups.cap:
            return self.words("sign-up is not open for this event")
        parts = [
            self.words(
                "{held} of {cap} places taken, {waiting} on the waitlist",
                held=signups.holding(),
                cap=signups.cap,
                waiting=len(signups.waitlist()),
            )
        ]
        if signups.release_at:
            parts.append(self.words("no-shows released at {at}", at=_time(signups.release_at)))
        if signups.closes_at:
            parts.append(self.words("sign-up closes at {at}", at=_time(signups.closes_at)))
        if signups.members_only and signups.season:
            parts.append(self.words("members of season {season} only", season=signups.season))
        elif signups.members_only:
            parts.append(self.words("members only"))
        return " · ".join(parts)

    def _name(self, name: Message | str) -> str:
        """A name as the register gives it ("erased player" in the language asked)."""
        return self.words(name) if isinstance(name, Message) else name

    def status(self, signups: Signups, person: str, status: str) -> str:
        """Where ``person``'s sign-up stands, in words."""
        texts: dict[str, Message] = {
            Status.SIGNED: message("has a place"),
            Status.WAITING: message("waitlist, number {rank}", rank=signups.rank(person)),
            Status.CHECKED_IN: message("checked in"),
            Status.RELEASED: message("did not come: place released"),
            Status.WITHDRAWN: message("withdrew"),
        }
        return self.words(texts[status])


def _time(at: str) -> str:
    return at[:16].replace("T", " ")


@contextlib.contextmanager
def _door() -> Iterator[_Door]:
    settings = read_settings("event")
    first = (message("a tournament"), "pokertd tournament create")
    with open_event_file(settings, create=False, first=first) as (store, clock):
        rng = env_rng(settings.words)
        tournaments = TournamentService(store, now=clock, rng=rng)
        service = SignupService(tournaments, now=clock, rng=rng)
        yield _Door(service, tournaments.resolve(settings.stream), settings.words, settings.as_json)


@click.group("signup", cls=Group, invoke_without_command=True)
@options(_EVENT)
def signup_group(**_: Any) -> None:
    """Pre-registration of an event: open it, sign players up, check them in, the waitlist.

    A sign-up is not an entry: the player enters the tournament when he is checked in, and
    pays then. The list holds person ids of the register (pokertd people), never a name. See
    docs/privacy.md.
    """
    context = click.get_current_context()
    if context.invoked_subcommand is None:
        click.echo(context.get_help())


@signup_group.command(
    "open",
    cls=Command,
    help=(
        "Open or change the event's sign-up: its places, and who may sign up until when.\n\n"
        "Times are ISO dates and times such as 2026-03-06T18:00 (the machine's local time "
        "unless an offset is given)."
    ),
)
@click.option("--places", type=int, required=True, help="The number of places (1 to 2000).")
@click.option("--public", is_flag=True, help="Players may sign up on the public page.")
@click.option(
    "--release-at",
    default="",
    metavar="TIME",
    help="Release the no-shows' places at this time.",
)
@click.option("--closes-at", default="", metavar="TIME", help="Refuse sign-ups from this time.")
@click.option("--members-only", is_flag=True, help="Only members of the club may sign up.")
@click.option("--season", default="", help="With --members-only: members of this season only.")
@options(_EVENT)
def open_command(
    places: int,
    public: bool,
    release_at: str,
    closes_at: str,
    members_only: bool,
    season: str,
    **_: Any,
) -> None:  # fmt: skip
    with user_errors(lang_of("event")), _door() as door:
        signups = door.service.configure(
            door.event,
            places,
            public=public,
            release_at=release_at,
            closes_at=closes_at,
            members_only=members_only,
            season=season,
        )
        door.show(signups)


@signup_group.command(
    "add",
    cls=Command,
    help="Pre-register PERSON (an id of the register): a place, else the end of the waitlist.",
)
@click.argument("person")
@options(_EVENT)
def add_command(person: str, **_: Any) -> None:
    with user_errors(lang_of("event")), _door() as door:
        line = door.service.sign_up(door.event, person)
        signups = door.service.load(door.event)
        if door.as_json:
            emit_json({"person": line.person, "status": line.status, "token": line.token,
                       "rank": signups.rank(line.person)})  # fmt: skip
            return
        click.echo(f"{line.person}: {door.status(signups, line.person, line.status)}")


@signup_group.command(
    "list",
    cls=Command,
    help="Show the event's sign-ups in the order they came, each with his status.",
)
@click.option("--waiting", is_flag=True, help="Show the waitlist alone, in its order.")
@options(_EVENT)
def list_command(waiting: bool, **_: Any) -> None:
    with user_errors(lang_of("event")), _door() as door:
        door.show(door.service.load(door.event), waiting_only=waiting)


@signup_group.command(
    "check-in",
    cls=Command,
    help=(
        "PERSON came: he enters the tournament, checked in, and pays the buy-in now.\n\n"
        "A player on the waitlist is refused with his rank; a refused entry leaves the list "
        "as it was."
    ),
)
@click.argument("person")
@click.option("--unpaid", is_flag=True, help="He pays the buy-in later (pokertd tournament pay).")
@click.option(
    "--ticket",
    default="",
    metavar="CODE",
    help="A satellite's ticket pays his buy-in (SATELLITE#ENTRY, SAT-TICKET).",
)
@options(_EVENT)
def check_in_command(person: str, unpaid: bool, ticket: str, **_: Any) -> None:
    with user_errors(lang_of("event")), _door() as door:
        signups = door.service.check_in(door.event, person, paid=not unpaid, ticket=ticket)
        door.show(signups)


@signup_group.command(
    "withdraw",
    cls=Command,
    help="PERSON withdraws: the first on the waitlist takes his place.",
)
@click.argument("person")
@options(_EVENT)
def withdraw_command(person: str, **_: Any) -> None:
    with user_errors(lang_of("event")), _door() as door:
        door.show(door.service.withdraw(door.event, person))


@signup_group.command(
    "release",
    cls=Command,
    help=(
        "Release the no-shows now: the place of every player not checked in goes to the "
        "waitlist, in order."
    ),
)
@options(_EVENT)
def release_command(**_: Any) -> None:
    with user_errors(lang_of("event")), _door() as door:
        door.show(door.service.release(door.event))
