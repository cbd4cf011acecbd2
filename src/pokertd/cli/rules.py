"""``pokertd rules``: list the rule profiles and show each value with its article or inheritance."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

import click

from pokertd import rules
from pokertd.cli.output import emit_json, guarded
from pokertd.rules.docs import display_value, provenance
from pokertd.rules.profile import Profile

_NOTE_WIDTH = 100


@click.group("rules")
def rules_group() -> None:
    """Rule profiles: the five rulebooks as data, and a club's house profiles."""


@rules_group.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@guarded
def list_command(*, as_json: bool) -> None:
    """List the shipped profiles: id, book, the profile each extends, and name."""
    profiles = [rules.load(profile_id) for profile_id in rules.PROFILE_IDS]
    if as_json:
        emit_json([_header(profile) for profile in profiles])
        return
    rows = [("id", "book", "extends", "name")]
    rows += [(p.id, p.book, p.extends or "-", p.name) for p in profiles]
    _echo_table(rows)


@rules_group.command("show")
@click.argument("profile", metavar="ID_OR_FILE")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@guarded
def show_command(profile: str, *, as_json: bool) -> None:
    """Show every rule of a profile with its value, its article or inheritance, and its note.

    ID_OR_FILE is a shipped profile id (see `pokertd rules list`) or a house profile file
    ending in .toml.
    """
    loaded = _load(profile)
    if as_json:
        emit_json(_to_json(loaded))
        return
    click.echo(f"{loaded.id}: {loaded.name}")
    book = loaded.book or "house profile"
    click.echo(f"book: {book}; extends: {loaded.extends or '- (the root profile)'}")
    click.echo()
    rows = [("field", "value", "source")]
    rows += [
        (name, display_value(loaded, name), provenance(loaded, name))
        for name in Profile.rule_fields()
    ]
    _echo_table(rows)
    notes = [(name, loaded.source(name).note) for name in Profile.rule_fields()]
    notes = [(name, note) for name, note in notes if note]
    if notes:
        click.echo()
        click.echo("notes:")
        for name, note in notes:
            indent = f"  {name}: "
            click.echo(
                textwrap.fill(note, _NOTE_WIDTH, initial_indent=indent, subsequent_indent="    ")
            )


def _load(profile: str) -> Profile:
    """Read a shipped id, or a house file when the argument looks like a path."""
    if profile in rules.PROFILE_IDS:
        return rules.load(profile)
    if profile.endswith(".toml") or "/" in profile or "\\" in profile:
        return rules.load_file(profile)
    return rules.load(profile)  # raises ProfileError naming the shipped ids


def _header(profile: Profile) -> dict[str, Any]:
    return {
        "id": profile.id,
        "name": profile.name,
        "book": profile.book,
        "extends": profile.extends,
    }


def _to_json(profile: Profile) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for name in Profile.rule_fields():
        source = profile.source(name)
        value = getattr(profile, name)
        fields[name] = {
            "value": value if isinstance(value, int) else str(value),
            "article": source.article,
            "inherited_from": source.profile if profile.is_inherited(name) else None,
            "note": source.note,
        }
    return {**_header(profile), "fields": fields}


def _echo_table(rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=True)]
        click.echo("  ".join(cells).rstrip())
