"""Names shown for the values documents keep in English (stages, statuses, roles, tabs).

Written with ``_`` so that the gettext catalogue holds their French; the templates receive them
in the request's language.
"""

from __future__ import annotations

import math
from collections.abc import Callable


def labels(_: Callable[[str], str]) -> dict[str, dict[str, str] | str]:
    """Return the label tables of one language (``_`` is its gettext), and ``colon``: ``":"``
    in English, ``" :"`` in French (a space before the colon, as French typography wants)."""
    return {
        "colon": _(":"),
        "tab_names": {
            "overview": _("Overview"),
            "desk": _("Registration"),
            "tables": _("Tables"),
            "bust": _("Bust-outs"),
            "money": _("Money"),
            "log": _("Log"),
        },
        "stage_names": {
            "registration": _("registration"),
            "playing": _("playing"),
            "finished": _("finished"),
        },
        "status_names": {
            "registered": _("registered"),
            "alternate": _("alternate"),
            "seated": _("seated"),
            "busted": _("busted"),
            "quit": _("quit"),
            "disqualified": _("disqualified"),
            "withdrawn": _("withdrawn"),
            "re-entered": _("re-entered"),
        },
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
        "move_reasons": {
            "balance": _("balancing"),
            "break": _("table broken"),
            "redraw": _("redraw"),
            "final-table": _("final table"),
        },
    }


def mmss(seconds: float) -> str:
    """Return seconds as ``mm:ss``, rounded up as a countdown shows them.

    >>> mmss(719.2), mmss(0)
    ('12:00', '00:00')
    """
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60:02d}:{whole % 60:02d}"
