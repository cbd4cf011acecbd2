"""Leagues on the web: the director's seasons ("Championnats") and their public pages.

The director (``router``, behind the login) creates a season with its points formula, changes
the formula, attaches tournaments (at once when finished, else when they finish: the service
listens, ``LeagueService.follow``), takes an event out, undoes, and sees the standings and the
statistics. Every change is a form posted with the session's CSRF token; a refused command says
why and changes nothing.

The public pages (``public``, no login: ``/public/leagues/{slug}/...``) show the standings, one
event's results and the exports (CSV, PDF). Their address is a random slug, not the season's
number (``LeagueService.publication``), and they are there only once the director published
them; before, the director alone sees them (a preview), everyone else a 404. They carry names
only, through ``league_views.shown_name`` (never a contact), and any site may frame them
(``pokertd.web.headers``, ``EMBEDDABLE``): a club shows them in its own site by an iframe or the
script ``embed.js``, whose snippets the season's page gives the director to copy.
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path

from fastapi import APIRouter, Depends, Request
from starlette.datastructures import FormData
from starlette.responses import RedirectResponse, Response

from pokertd.errors import NotFoundError, ParseError, PokertdError
from pokertd.league import commands
from pokertd.league.results import parse_euros
from pokertd.league.state import LeagueState
from pokertd.messages import Message, message
from pokertd.present.i18n import error_text
from pokertd.present.league_exports import standings_csv, standings_pdf
from pokertd.present.league_views import event_view, programme_view, season_view
from pokertd.service.leagues import LeagueService
from pokertd.web.context import web_of
from pokertd.web.i18n import language
from pokertd.web.pages.console import sent_keys
from pokertd.web.people_names import names_for
from pokertd.web.permissions import caller_of
from pokertd.web.security import csrf_token, director, form
from pokertd.web.staff import Role
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False, dependencies=[Depends(director)])
public = APIRouter(include_in_schema=False)

#: Where the public pages are: any site may frame what is under it (``web.headers``).
PUBLIC = "/public/leagues"
#: The kinds of formula the form offers, with what its second field holds.
KINDS = ("linear", "sqrt", "table", "custom")
#: The longest text a form field may hold (a custom formula is at most 500 characters).
LONGEST = 1000


def leagues_of(request: Request) -> LeagueService:
    """Return the app's league service (``Web.leagues``: it follows the tournaments from the
    start)."""
    return web_of(request).leagues


def _public_season(request: Request, slug: str) -> tuple[str, LeagueState, list[str]]:
    """The season at public address ``slug``: published, or previewed by the director."""
    preview = caller_of(request).role is Role.DIRECTOR
    stream = leagues_of(request).by_slug(slug[:40], unpublished=preview)
    return _season(request, stream)


def _season(request: Request, league: str) -> tuple[str, LeagueState, list[str]]:
    """Return a season's id, the season's state (the register's merges applied: two ids of one
    person count as one player) with every tournament it expects that finished meanwhile added
    (another process, a restart), and why any could not be (a formula that cannot score its
    results: the season's page says so, the public pages stay up).

    Raises NotFoundError for an unknown season.
    """
    service = leagues_of(request)
    stream = service.resolve(league)
    refused = []
    for tournament in service.load(stream).state.waiting():
        try:
            service.attach_finished(tournament)
        except PokertdError as error:
            refused.append(f"{tournament}: {error_text(error, language(request))}")
    return stream, service.as_registered(stream), refused


# -- the director's pages ----------------------------------------------------------------------


@router.get("/leagues")
async def index(request: Request) -> Response:
    """List the seasons, with the form to create one."""
    csrf_token(request)
    service = leagues_of(request)
    seasons = [
        {"id": stream, "title": state.title, "season": state.season, "events": len(state.events)}
        for stream in reversed(service.leagues())
        for state in (service.load(stream).state,)
    ]
    return render(request, "leagues/index.html", seasons=seasons, kinds=KINDS, form_key=_key())


@router.post("/leagues/create")
async def create(request: Request) -> Response:
    """Create a season; a form sent twice (its key) creates one season."""
    data = await form(request)
    service = leagues_of(request)
    keys, key = sent_keys(request), ("leagues", _text(data, "key")[:64])
    if key[1] and key in keys:
        return _go_to(request, f"/leagues/{keys[key]}")
    points, bonus, best, planned = _formula(data)
    command = commands.CreateLeague(
        _text(data, "title"),
        _text(data, "season"),
        points=points,
        bonus=bonus,
        best=best,
        planned=planned,
    )
    outcome = service.create(command, receipt=keys.receipt(key) if key[1] else None)
    if key[1]:
        keys.remember(key, outcome.stream)
    return _go_to(request, f"/leagues/{outcome.stream}")


@router.get("/leagues/{league}")
async def season(request: Request, league: str) -> Response:
    """A season: its formula (to change), its events (to attach, take out), the standings, the
    statistics, the public pages and the snippets that embed them."""
    csrf_token(request)
    stream, found, refused = _season(request, league)
    web, lang = web_of(request), language(request)
    state = found
    attached = {event.source for event in state.events.values()} | set(state.expected)
    choices = []
    ids = web.service.tournaments()
    existing = set(ids)
    for tournament in reversed(ids):
        played = web.service.load(tournament).state
        if tournament not in attached and not played.archived:
            choices.append(
                {"id": tournament, "title": played.title, "finished": played.winner is not None}
            )
    titles = {
        source: web.service.load(source).state.title
        for source in state.waiting()
        if source in existing
    }
    base = str(request.base_url).rstrip("/")
    publication = leagues_of(request).publication(stream)
    return render(
        request,
        "leagues/season.html",
        id=stream,
        view=season_view(state, lang),
        kind=_kind(str(state.formula)),
        choices=choices,
        titles=titles,
        public_url=f"{base}{PUBLIC}/{publication.slug}",
        published=publication.published,
        kinds=KINDS,
        refused=refused,
        programme=programme_view(leagues_of(request).programme(stream), lang),
        doubled=[
            {"event": event, "player": player, "count": len(names)}
            for event, player, names in state.doubled()
        ],
    )


@router.post("/leagues/{league}/formula")
async def change_formula(request: Request, league: str) -> Response:
    """Change the season's formula and counting; every standing is worked out again."""
    data = await form(request)
    service = leagues_of(request)
    stream = service.resolve(league)
    points, bonus, best, planned = _formula(data)
    service.execute(stream, commands.ChangeFormula(points, bonus, best, planned))
    return _go_to(request, f"/leagues/{stream}")


@router.post("/leagues/{league}/attach")
async def attach(request: Request, league: str) -> Response:
    """Attach a tournament: added now if finished, else when it finishes."""
    data = await form(request)
    service = leagues_of(request)
    stream = service.resolve(league)
    tournament = _text(data, "tournament")
    if not tournament:
        raise ParseError(message("choose a tournament to attach"))
    service.expect(stream, tournament)
    return _go_to(request, f"/leagues/{stream}")


@router.post("/leagues/{league}/schedule")
async def schedule(request: Request, league: str) -> Response:
    """Put an event of a series on the season's schedule: date, title, buy-in, format, and the
    tournament that runs it (its results count when it finishes)."""
    data = await form(request)
    service = leagues_of(request)
    stream = service.resolve(league)
    buyin = parse_euros(_text(data, "buyin")[:20], what=message("the buy-in"))
    service.schedule(
        stream,
        _text(data, "date")[:20],
        _text(data, "title")[:200],
        buyin=buyin,
        format=_text(data, "format")[:80],
        tournament=_text(data, "tournament")[:40] or None,
    )
    return _go_to(request, f"/leagues/{stream}")


@router.post("/leagues/{league}/remove")
async def remove(request: Request, league: str) -> Response:
    """Take an event and its results out of the season."""
    data = await form(request)
    service = leagues_of(request)
    stream = service.resolve(league)
    number = _whole(data, "event", message("the event's number")) or 0
    service.execute(stream, commands.RemoveEvent(number))
    return _go_to(request, f"/leagues/{stream}")


@router.post("/leagues/{league}/publish")
async def publish(request: Request, league: str) -> Response:
    """Publish the season's public pages (``published=0``: take them off the web)."""
    data = await form(request)
    service = leagues_of(request)
    stream = service.resolve(league)
    service.publish(stream, _text(data, "published") != "0")
    return _go_to(request, f"/leagues/{stream}")


@router.post("/leagues/{league}/undo")
async def undo(request: Request, league: str) -> Response:
    """Cancel the season's last command still in force."""
    await form(request)
    service = leagues_of(request)
    stream = service.resolve(league)
    service.execute(stream, commands.Undo())
    return _go_to(request, f"/leagues/{stream}")


# -- the public pages --------------------------------------------------------------------------


@public.get(PUBLIC + "/{league}")
async def public_standings(request: Request, league: str) -> Response:
    """The standings, for anyone: names, points, events; no contact, no login."""
    stream, found, _ = _public_season(request, league)
    lang = language(request)
    view = season_view(found, lang)
    programme = programme_view(leagues_of(request).programme(stream), lang)
    return render(
        request,
        "leagues/public_standings.html",
        id=league,
        view=view,
        public=PUBLIC,
        programme=programme,
    )


@public.get(PUBLIC + "/{league}/events/{number}")
async def public_event(request: Request, league: str, number: int) -> Response:
    """One event's results as the season counts them, for anyone."""
    _stream, found, _ = _public_season(request, league)
    if number not in found.events:
        raise NotFoundError(message("there is no event {number} in the season", number=number))
    view = event_view(found, number, language(request))
    season = {"title": found.title, "season": found.season}
    return render(
        request, "leagues/public_event.html", id=league, event=view, season=season, public=PUBLIC
    )


@public.get(PUBLIC + "/{league}/standings.csv")
async def standings_file(request: Request, league: str) -> Response:
    """The standings as CSV (French columns and semicolons for a French reader)."""
    stream, found, _ = _public_season(request, league)
    text = standings_csv(found, language(request))
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{stream}-standings.csv"'},
    )


@public.get(PUBLIC + "/{league}/standings.pdf")
async def standings_document(request: Request, league: str) -> Response:
    """The standings as a PDF document, to print or pin up."""
    stream, found, _ = _public_season(request, league)
    document = standings_pdf(
        found, language(request), names_for(request, web_of(request).store, found.players())
    )
    return Response(
        document,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{stream}-standings.pdf"'},
    )


#: The script a club's site includes: it puts the standings in an iframe where it stands.
EMBED_SCRIPT = (Path(__file__).parents[1] / "static" / "league-embed.js").read_text(
    encoding="utf-8"
)


@public.get(PUBLIC + "/{league}/embed.js")
async def embed_script(request: Request, league: str) -> Response:
    """The script that embeds the standings in another site."""
    _public_season(request, league)  # an unknown or unpublished season is a 404, not a script
    return Response(EMBED_SCRIPT, media_type="text/javascript; charset=utf-8")


# -- reading the forms -------------------------------------------------------------------------


def _text(data: FormData, name: str) -> str:
    """Return a form field's text, spaces tidied; refuse one longer than ``LONGEST``."""
    value = data.get(name, "")
    text = value.strip() if isinstance(value, str) else ""
    if len(text) > LONGEST:
        raise ParseError(
            message("{field} is too long (at most {most} characters)", field=name, most=LONGEST)
        )
    return text


def _whole(data: FormData, name: str, what: Message) -> int | None:
    """Return a whole number from 1 from a form field; None when it is empty."""
    text = _text(data, name)
    if not text:
        return None
    if not re.fullmatch(r"[0-9]{1,6}", text) or int(text) < 1:
        raise ParseError(
            message("{what} is a whole number from 1, not {text!r}", what=what, text=text)
        )
    return int(text)


def _formula(data: FormData) -> tuple[str, str, int | None, int | None]:
    """Return (formula text, bonus, best, planned) from the formula's fields.

    ``kind`` is linear, sqrt, table or custom; ``value`` is the factor (linear, sqrt, empty:
    the usual), the points by place (table) or the formula (custom).

    >>> _formula(FormData({"kind": "table", "value": "100, 80, 60", "best": "8"}))
    ('table:100, 80, 60', '0', 8, None)
    """
    kind, value = _text(data, "kind") or "linear", _text(data, "value")
    if kind not in KINDS:
        raise ParseError(
            message("a formula is {kinds}, not {kind!r}", kinds=", ".join(KINDS), kind=kind)
        )
    if kind == "custom":
        points = value
    elif kind == "table":
        points = f"table:{value}"
    else:
        points = f"{kind}:{value}" if value else kind
    best = _whole(data, "best", message("the number of best results counted"))
    planned = _whole(data, "planned", message("the number of events planned"))
    return points, _text(data, "bonus") or "0", best, planned


def _kind(formula: str) -> dict[str, str]:
    """Return the form's fields for a season's formula (``str(PointsFormula)``).

    >>> _kind("table:10,6"), _kind("sqrt"), _kind("linear:2"), _kind("place * 2")
    ({'kind': 'table', 'value': '10,6'}, {'kind': 'sqrt', 'value': ''}, \
{'kind': 'linear', 'value': '2'}, {'kind': 'custom', 'value': 'place * 2'})
    """
    head, colon, rest = formula.partition(":")
    if head == "table":
        return {"kind": "table", "value": rest}
    if head in ("linear", "sqrt") and (colon or formula == head):
        return {"kind": head, "value": rest}
    return {"kind": "custom", "value": formula}


def _key() -> str:
    """Return a new form's key (a double click sends it twice; it acts once)."""
    return secrets.token_urlsafe(12)


def _go_to(request: Request, address: str) -> Response:
    """Send the browser to a page: HTMX follows ``HX-Redirect``, a plain form the 303."""
    if request.headers.get("hx-request"):
        return Response(status_code=204, headers={"HX-Redirect": address})
    return RedirectResponse(address, 303)
