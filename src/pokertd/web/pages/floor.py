"""The floor assistant page (public, no login; a dealer or a floor person on a phone).

``/floor`` shows a form: the profile, the situation kind, and the kind's fields rendered from
their descriptions (``pokertd.present.floor.assistant``), the hand fields last for the kinds that
need a hand. "Get the ruling" posts the form to ``/floor/ruling``: HTMX swaps the ruling into the
result box (``#ruling``), a plain post answers the whole page with the ruling under the form. The
ruling shows the decision, the rule id, the profile's articles, the steps and the explanation in
the page's language, and each article's original French text.

Changing the kind re-renders the fields (``GET /floor/form``, HTMX; without JavaScript the form
is sent by GET to ``/floor``, which keeps the values the new kind shares). ``/floor`` takes
values prefilled from the query (``/floor?kind=chips&profile=lfp&phh=...``) or from a posted form
(``POST /floor`` with ``profile``, ``kind``, ``phh``: "take it from a live table"). Nothing is
stored, so no form here carries a CSRF token.

Bad input (an unknown profile or kind, a malformed field, a hand the rules refuse) is shown in
the result box in the page's language; the domain error is caught at this boundary only to render
its message (``error_text``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from starlette.datastructures import FormData, QueryParams
from starlette.responses import Response

from pokertd import rules
from pokertd.errors import ParseError, PokertdError
from pokertd.messages import message
from pokertd.present import event_setup
from pokertd.present.floor import step_text
from pokertd.present.floor.assistant import (
    HAND_FIELDS,
    KINDS,
    Kind,
    rule,
    unknown_kind,
    unknown_profile,
)
from pokertd.present.i18n import error_text
from pokertd.present.words import words_for
from pokertd.web.i18n import gettext_for, language
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False)

DEFAULT_KIND = next(iter(KINDS))
_HAND_NAMES = frozenset(field.name for field in HAND_FIELDS)


def profile_choices(lang: str) -> list[tuple[str, str]]:
    """Return every profile as ``(id, name)``, in ``rules.PROFILE_IDS`` order, the name in
    ``lang`` (the book's own title is in its language: a French page showed an English one)."""
    return [(choice.value, choice.name) for choice in event_setup.profile_choices(words_for(lang))]


def _values(data: QueryParams | FormData) -> dict[str, str]:
    """Return the last value given for each name (a checkbox follows its hidden ``false``)."""
    found: dict[str, str] = {}
    for name in data:
        given = [value for value in data.getlist(name) if isinstance(value, str)]
        if given:
            found[name] = given[-1]
    return found


def _chosen(values: Mapping[str, str], lang: str) -> tuple[str, Kind, str | None]:
    """Return the profile id and kind the values choose (the defaults for unknown ones) and the
    message to show about an unknown one, in ``lang`` (``rule`` says it in the same words)."""
    profile = values.get("profile") or rules.DEFAULT_PROFILE
    kind = values.get("kind") or DEFAULT_KIND
    problem: ParseError | None = None
    if profile not in rules.PROFILE_IDS:
        problem = unknown_profile(profile)
        profile = rules.DEFAULT_PROFILE
    if kind not in KINDS:
        problem = unknown_kind(kind)
        kind = DEFAULT_KIND
    return profile, KINDS[kind], None if problem is None else error_text(problem, lang)


def _inputs(kind: Kind, values: Mapping[str, str]) -> dict[str, str]:
    """Return the values of the kind's fields (the form's other names are not inputs)."""
    return {field.name: values[field.name] for field in kind.fields if field.name in values}


def _form_context(
    request: Request, profile: str, kind: Kind, values: Mapping[str, str]
) -> dict[str, Any]:
    lang = language(request)
    fields = [field.to_dict(lang) for field in kind.fields]
    return {
        "profiles": profile_choices(lang),
        "profile": profile,
        "kinds": [(found.id, found.label(lang)) for found in KINDS.values()],
        "kind": kind.to_dict(lang),
        "fields": [field for field in fields if field["name"] not in _HAND_NAMES],
        "hand_fields": [field for field in fields if field["name"] in _HAND_NAMES],
        "values": _inputs(kind, values),
        "seats": _seats_kept(values),
    }


def _seats_kept(values: Mapping[str, str]) -> str:
    """The seats of the hand a live table sent (``4,5,6,1,2,3``), kept for its ruling; '' for
    none or for seats that do not read."""
    try:
        return ",".join(map(str, seats_drawn(values.get("seats", ""))))
    except ParseError:
        return ""


def _page(
    request: Request,
    values: Mapping[str, str],
    *,
    ruling: dict[str, Any] | None = None,
    error: str | None = None,
    from_table: bool = False,
) -> Response:
    lang = language(request)
    profile, kind, problem = _chosen(values, lang)
    error = error or problem
    context = _form_context(request, profile, kind, values)
    status = 400 if error else 200
    return render(
        request,
        "floor/page.html",
        status,
        **context,
        ruling=ruling,
        error=error,
        from_table=from_table,
    )


@router.get("/floor")
async def floor(request: Request) -> Response:
    """The form, prefilled from the query (``?kind=chips&profile=lfp&phh=...``)."""
    return _page(request, _values(request.query_params))


@router.post("/floor")
async def floor_prefilled(request: Request) -> Response:
    """The form prefilled from a live table's link: fields ``profile``, ``kind``, ``phh``."""
    values = _values(await request.form())
    return _page(request, values, from_table=bool(values.get("phh", "").strip()))


@router.get("/floor/form")
async def floor_form(request: Request) -> Response:
    """The fields of the chosen kind (HTMX swaps them in when the kind changes)."""
    values = _values(request.query_params)
    lang = language(request)
    profile, kind, problem = _chosen(values, lang)
    response = render(
        request,
        "floor/_fields.html",
        **_form_context(request, profile, kind, values),
        fields_error=problem,
    )
    response.headers["HX-Push-Url"] = f"/floor?kind={kind.id}&profile={profile}"
    return response


def seats_drawn(text: str) -> list[int]:
    """Read the seats of the drawn table in the hand's order (``4,5,6,1,2,3``: the small blind
    sits in seat 4), as the tapping form sends them; [] when the hand was typed.

    >>> seats_drawn("4, 5,6,1,2,3"), seats_drawn("")
    ([4, 5, 6, 1, 2, 3], [])
    """
    parts = [part.strip() for part in text[:200].split(",") if part.strip()]
    if not all(part.isascii() and part.isdigit() and len(part) < 3 for part in parts):
        raise ParseError(
            message("the seats are numbers such as 4,5,6,1,2,3, not {text!r}", text=text[:40])
        )
    seats = [int(part) for part in parts]
    if len(seats) > 10 or len(set(seats)) != len(seats):
        raise ParseError(
            message("the seats are at most 10 different numbers, not {text!r}", text=text[:40])
        )
    return seats


def _players(seats: list[int], lang: str) -> dict[int, str]:
    """Each hand player's number (1: the small blind) -> "in seat 4", as the floor sees it."""
    _ = gettext_for(lang).gettext
    return {number: _("in seat {seat}").format(seat=seat) for number, seat in enumerate(seats, 1)}


@router.api_route("/floor/ruling", methods=["GET", "POST"])
async def floor_ruling(request: Request) -> Response:
    """Rule on the situation the form describes: the result box (HTMX) or the whole page."""
    data = await request.form() if request.method == "POST" else request.query_params
    values = _values(data)
    if request.method == "GET" and "kind" not in values:  # the language links of a ruling page
        return _page(request, values)
    lang = language(request)
    ruling: dict[str, Any] | None = None
    error: str | None = None
    profile = values.get("profile") or rules.DEFAULT_PROFILE
    kind = values.get("kind") or DEFAULT_KIND
    found = KINDS.get(kind)
    try:
        # An unknown kind has no fields: ``rule`` refuses it before it reads the inputs.
        inputs = _inputs(found, values) if found is not None else {}
        answer = rule(profile, kind, inputs)
        seats = seats_drawn(values.get("seats", ""))
        players = _players(seats, lang)
        steps = [step_text(step, lang, players) for step in answer.ruling.steps]
        ruling = {**answer.to_dict(lang, players), "step_texts": steps}
        if answer.player is not None and answer.player < len(seats):
            ruling["seat"] = seats[answer.player]
    except PokertdError as refused:  # shown next to the form, in the page's language
        error = error_text(refused, lang)
    if request.headers.get("hx-request"):
        return render(request, "floor/_ruling.html", ruling=ruling, error=error)
    return _page(request, values, ruling=ruling, error=error)
