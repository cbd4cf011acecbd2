"""Names shown for the values documents keep in English (stages, statuses, roles, tabs).

Stages, entry statuses and move reasons are terms (``pokertd.present.terms``: one source for the
CLI and the web); the others are written with ``_`` so that the gettext catalogue holds their
French. The templates receive them in the request's language.
"""

from __future__ import annotations

from pokertd.present.i18n import translations
from pokertd.present.terms import names
from pokertd.service.documents import Stage
from pokertd.tournament.seating import MoveReason
from pokertd.tournament.state import EntryStatus


def labels(lang: str) -> dict[str, dict[str, str] | str]:
    """Return the label tables of one language, and ``colon``: ``":"`` in English, ``" :"`` in
    French (a space before the colon, as French typography wants)."""
    _ = translations(lang).gettext
    return {
        "colon": _(":"),
        "tab_names": {
            "overview": _("Overview"),
            "desk": _("Registration"),
            "tables": _("Tables"),
            "bust": _("Bust-outs"),
            "money": _("Money"),
            "structure": _("Structure"),
            "log": _("Log"),
        },
        "stage_names": names(Stage, lang),
        "status_names": names(EntryStatus, lang),
        "role_names": {
            "button": _("button"),
            "small-blind": _("small blind"),
            "big-blind": _("big blind"),
        },
        "move_names": {
            "proposed": _("proposed, to confirm"),
            "due": _("due, not proposed yet"),
            "none": _("none due"),
        },
        "move_reasons": names(MoveReason, lang),
    }
