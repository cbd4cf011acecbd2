"""Generate the profile pages ``docs/profiles/<id>.md`` from the shipped TOML profiles.

The functions are pure and return Markdown. Running the module writes the pages, and
``tests/rules/test_docs.py`` fails when a committed page differs from the generated text::

    python -m pokertd.rules.docs            # writes docs/profiles/*.md under the current directory
    python -m pokertd.rules.docs DIRECTORY  # or into DIRECTORY
"""

from __future__ import annotations

import sys
from pathlib import Path

from pokertd.rules import catalogue
from pokertd.rules.load import PROFILE_IDS, load
from pokertd.rules.profile import Profile

#: How to regenerate the pages, for the page header and the test's failure message.
REGENERATE = "python -m pokertd.rules.docs"


def provenance(profile: Profile, name: str) -> str:
    """Return where the value of field ``name`` comes from: its article, or its inheritance.

    An inherited value names the ancestor that sets it and that ancestor's article.

    >>> lfp = load("lfp")
    >>> provenance(lfp, "min_raise")
    'LFP 7.11, 7.12, 7.13, 7.14'
    >>> provenance(lfp, "hilo_split")
    'inherited from tda-2017 (TDA 20C, Add.20)'
    """
    source = profile.source(name)
    if profile.is_inherited(name):
        return f"inherited from {source.profile} ({source.article})"
    return source.article


def display_value(profile: Profile, name: str) -> str:
    """Return the value of field ``name`` as it is written in TOML.

    >>> display_value(load("bannalec"), "ante_form"), display_value(load("lfp"), "limit_raise_cap")
    ('big-blind', '4')
    >>> display_value(load("bannalec"), "first_fault_warning")
    'false'
    """
    value = getattr(profile, name)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def profile_page(profile: Profile) -> str:
    """Return the Markdown page of a profile: each field's value, article or inheritance, and note.

    >>> page = profile_page(load("lfp"))
    >>> page.splitlines()[2]
    '# `lfp`: Ligue Française de Poker — Règles générales des tournois, saison 5'
    >>> "| `hilo_split` | `whole-pot` | inherited from tda-2017 (TDA 20C, Add.20) |" in page
    True
    """
    lines = [
        f"<!-- Generated from rules/profiles/{profile.id}.toml by `{REGENERATE}`; do not edit. -->",
        "",
        f"# `{profile.id}`: {profile.name}",
        "",
    ]
    if profile.extends is None:
        lines.append(
            f"Book: {profile.book}. The root profile: it sets every field, and every other "
            "profile extends it."
        )
    else:
        lines.append(
            f"Book: {profile.book}. Extends [`{profile.extends}`]({profile.extends}.md): the "
            "fields this book does not state are inherited."
        )
    lines += [
        "",
        "What each field means, and how to write a house profile: [Rule profiles](../rules.md).",
        "",
        "| Field | Value | Source | Rules |",
        "|---|---|---|---|",
    ]
    for name in Profile.rule_fields():
        value, origin = display_value(profile, name), provenance(profile, name)
        rules = ", ".join(catalogue.PROFILE_FIELD_RULES[name])
        lines.append(f"| `{name}` | `{value}` | {origin} | {rules} |")
    lines += ["", "## Notes"]
    for name in Profile.rule_fields():
        source = profile.source(name)
        lines += ["", f"### `{name}`: `{display_value(profile, name)}`", ""]
        origin = provenance(profile, name)
        lines.append(origin[0].upper() + origin[1:] + ".")
        if source.note:
            lines += ["", source.note]
    return "\n".join(lines) + "\n"


def pages() -> dict[str, str]:
    """Return the generated page of every shipped profile, by file name.

    >>> list(pages())
    ['tda-2017.md', 'lfp.md', 'bannalec.md', 'gran-madrid.md', 'generic.md']
    """
    return {f"{profile_id}.md": profile_page(load(profile_id)) for profile_id in PROFILE_IDS}


def _main(argv: list[str]) -> None:
    directory = Path(argv[0] if argv else "docs/profiles")
    directory.mkdir(parents=True, exist_ok=True)
    for file_name, text in pages().items():
        (directory / file_name).write_text(text, encoding="utf-8")
        print(directory / file_name)


if __name__ == "__main__":
    _main(sys.argv[1:])
