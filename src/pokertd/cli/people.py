"""``pokertd people``: the club's register of players from the command line.

``list`` and ``search QUERY`` (accents, case and small typos aside) show the register; ``add``
adds a person (``--consent`` records his consent and its time); ``export PERSON`` prints
everything the register holds on him and his history as JSON (GDPR art. 15 and 20); ``erase
PERSON --yes`` erases him (art. 17): his results then show "erased player", or ``--pseudonym``.
The register lives in the event file (``--db``; default ``$POKERTD_DB``, else ``pokertd.db``
here) beside the tournaments, outside their logs (docs/privacy.md). Text in English or French
(``--lang``); ``--json`` prints JSON. Exit status 1 and one line on stderr for anything refused.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from typing import Any

import click

from pokertd.cli.output import Group, emit_json, user_errors
from pokertd.cli.session import lang_of, open_event_file, options, read_settings
from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.present.tournament_views import table_text
from pokertd.present.words import Words
from pokertd.service.leagues import LeagueService
from pokertd.service.people import PeopleService, Person

__all__ = ["people_group"]


@contextlib.contextmanager
def _register(*, create: bool = False) -> Iterator[tuple[PeopleService, Words, bool]]:
    settings = read_settings("unused")
    first = (message("a person"), "pokertd people add")
    with open_event_file(settings, create=create, first=first) as (store, clock):
        yield PeopleService(store, now=clock), settings.words, settings.as_json


def _row(person: Person, words: Words) -> list[str]:
    name = person.pseudonym or words("erased player") if person.erased else person.full_name
    member = (words("member") + (f" {person.season}" if person.season else "")) * person.member
    return [person.id, name or "-", person.nickname or "-", member or "-", person.licence or "-"]


def _show(people: list[Person], words: Words, as_json: bool) -> None:
    if as_json:
        emit_json({"people": [{"id": p.id, **p.to_data()} for p in people]})
        return
    if not people:
        click.echo(words("nobody"))
        return
    header = [words("id"), words("name"), words("nickname"), words("member"), words("licence")]
    click.echo("\n".join(table_text([header, *(_row(p, words) for p in people)])))


@click.group("people", cls=Group, invoke_without_command=True)
@options(None)
def people_group(**_: Any) -> None:
    """The club's register of players: list, search, add, export and erase a person.

    Tournaments keep only each person's pseudonymous id; names and contacts live in the
    register, so a person can be exported and erased without rewriting any result. See
    docs/privacy.md.
    """
    context = click.get_current_context()
    if context.invoked_subcommand is None:
        click.echo(context.get_help())


@people_group.command("list")
@options(None)
def list_command(**_: Any) -> None:
    """List everyone in the register, by name."""
    with user_errors(lang_of("unused")), _register() as (people, words, as_json):
        _show(people.everyone(), words, as_json)


@people_group.command("search")
@click.argument("query")
@options(None)
def search_command(query: str, **_: Any) -> None:
    """Find people by name, nickname, contact or licence (accents, case and typos aside)."""
    with user_errors(lang_of("unused")), _register() as (people, words, as_json):
        _show(people.search(query), words, as_json)


@people_group.command("add")
@click.option("--name", default="", help="Last name.")
@click.option("--first-name", default="", help="First name.")
@click.option("--nickname", default="", help="Nickname.")
@click.option("--contact", default="", help="E-mail or telephone.")
@click.option("--licence", default="", help="Federation licence number.")
@click.option("--member", is_flag=True, help="A member of the club.")
@click.option("--season", default="", help="The season of his membership, e.g. 2026-2027.")
@click.option("--consent", is_flag=True, help="He consents to the club keeping his data.")
@options(None)
def add_command(**fields: Any) -> None:
    """Add a person to the register and print his id."""
    with user_errors(lang_of("unused")), _register(create=True) as (people, words, as_json):
        kept = {k: v for k, v in fields.items() if k not in ("db", "lang", "as_json")}
        person = people.add(**kept)
        if as_json:
            emit_json({"id": person.id, **person.to_data()})
        else:
            click.echo(words("added {person}: {name}", person=person.id, name=person.full_name))


@people_group.command("export")
@click.argument("person")
@options(None)
def export_command(person: str, **_: Any) -> None:
    """Print everything the register holds on PERSON, and his history, as JSON."""
    with user_errors(lang_of("unused")), _register() as (people, _words, _as_json):
        document = people.export(person)
        seasons = LeagueService(people.store).seasons_of(document["person"]["id"])
        document["seasons"] = [
            {**dataclasses.asdict(line), "points": str(line.points)} for line in seasons
        ]
        emit_json(document)


@people_group.command("erase")
@click.argument("person")
@click.option("--pseudonym", default="", help="The name his results show (default: erased).")
@click.option("--yes", is_flag=True, help="Confirm: the erasure cannot be undone.")
@options(None)
def erase_command(person: str, pseudonym: str, yes: bool, **_: Any) -> None:
    """Erase PERSON for good: his results stay, under "erased player" or the pseudonym."""
    with user_errors(lang_of("unused")), _register() as (people, words, _as_json):
        if not yes:
            raise ParseError(
                message("erasing {person} cannot be undone: add --yes to confirm", person=person)
            )
        people.erase(person, pseudonym=pseudonym)
        click.echo(words("{person} erased: his results now show {name}", person=person,
                         name=pseudonym or words("erased player")))  # fmt: skip
