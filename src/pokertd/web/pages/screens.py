"""The director's layout of the TV clock (``service.screens``): which cells it shows, its colours,
a sponsor's line, a logo, and whether it speaks its warnings; for one event or as the club's
default. A saved layout reaches the open clocks at once (their socket's next document carries
it), those of the other workers too (``pokertd.web.cluster``). The logo is served by its
digest, cached for ever by the browsers (a new logo is a new address)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.datastructures import FormData, UploadFile
from starlette.responses import RedirectResponse, Response

from pokertd.errors import NotFoundError, ParseError, PokertdError
from pokertd.messages import message
from pokertd.present.i18n import error_text
from pokertd.present.tournament_input import is_whole
from pokertd.service.screens import CELLS, CLUB, MAX_LOGO, ScreenService
from pokertd.web.context import Web, web_of
from pokertd.web.i18n import language
from pokertd.web.security import csrf_token, form
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False)

#: The body of a logo's form: the image and the few fields around it.
LOGO_BODY = MAX_LOGO + 16_000


def _field(data: FormData, name: str) -> str:
    value = data.get(name, "")
    return value.strip() if isinstance(value, str) else ""


def _page(request: Request, tournament: str, error: str = "", status: int = 200) -> Response:
    web = web_of(request)
    screens = ScreenService(web.store)
    state = web.service.load(tournament).state
    return render(
        request, "console/screens.html", status, id=tournament, title=state.title,
        layout=screens.layout(tournament), club=screens.club(), cells=CELLS, error=error,
        saved=request.query_params.get("saved", "") in ("event", "club"),
    )  # fmt: skip


@router.get("/console/{tournament}/screens")
async def screens_page(request: Request, tournament: str) -> Response:
    """The clock's layout of an event: the form, with the layout the clock shows now."""
    csrf_token(request)
    web = web_of(request)
    return _page(request, web.service.resolve(tournament))


@router.post("/console/{tournament}/screens")
async def save_layout(request: Request, tournament: str) -> Response:
    """Keep the layout for the event (``scope=event``) or as the club's default (``club``), or
    give the event back the club's (``scope=reset``); push it to the open clocks."""
    data = await form(request)
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    scope = _field(data, "scope")
    screens = ScreenService(web.store)
    try:
        if scope == "reset":
            screens.forget(tournament)
        elif scope in ("event", "club"):
            logo = "" if _field(data, "no_logo") else None
            screens.save(
                tournament if scope == "event" else CLUB,
                hidden=[cell for cell in CELLS if not data.get(f"cell-{cell}")],
                background=_field(data, "background"), text=_field(data, "text"),
                accent=_field(data, "accent"), sponsor=_field(data, "sponsor"),
                sounds=bool(data.get("sounds")), logo=logo,
            )  # fmt: skip
        else:
            raise ParseError(message("save the layout for this event or for the club"))
    except PokertdError as error:
        return _page(request, tournament, error_text(error, language(request)), 400)
    await _push(web, tournament if scope != "club" else None)
    done = "club" if scope == "club" else "event"
    return RedirectResponse(f"/console/{tournament}/screens?saved={done}", 303)


@router.post("/console/{tournament}/screens/logo")
async def upload_logo(request: Request, tournament: str) -> Response:
    """Take a logo (PNG, JPEG or WebP by its bytes, ``MAX_LOGO`` at most) for the event's
    layout, or the club's (``scope=club``)."""
    length = request.headers.get("content-length", "")
    web, lang = web_of(request), language(request)
    tournament = web.service.resolve(tournament)
    too_big = message("a logo is at most {limit} KB", limit=MAX_LOGO // 1000)
    if is_whole(length) and int(length) > LOGO_BODY:
        return _page(request, tournament, error_text(ParseError(too_big), lang), 413)
    data = await form(request)
    upload = data.get("logo")
    scope = CLUB if _field(data, "scope") == "club" else tournament
    screens = ScreenService(web.store)
    try:
        if not isinstance(upload, UploadFile) or not upload.filename:
            raise ParseError(message("choose an image file for the logo"))
        content = await upload.read(MAX_LOGO + 1)
        if len(content) > MAX_LOGO:
            raise ParseError(too_big)
        digest = screens.add_logo(content)
        now = screens.layout(tournament) if scope != CLUB else screens.club()
        screens.save(
            scope, hidden=list(now.hidden), background=now.background, text=now.text,
            accent=now.accent, sponsor=now.sponsor, sounds=now.sounds, logo=digest,
        )  # fmt: skip
    except PokertdError as error:
        return _page(request, tournament, error_text(error, lang), 400)
    await _push(web, tournament if scope != CLUB else None)
    done = "club" if scope == CLUB else "event"
    return RedirectResponse(f"/console/{tournament}/screens?saved={done}", 303)


async def _push(web: Web, tournament: str | None) -> None:
    """Send the open clocks their new layout: one event's, or every event's (the club's); the
    other workers on the same database send theirs too."""
    web.hub.changed(*([tournament] if tournament else web.service.tournaments()))
    await web.hub.flush()
    web.layout_changed(tournament or "")


@router.get("/display/logo/{digest}")
async def logo(request: Request, digest: str) -> Response:
    """A layout's logo, by the digest of its bytes: the same address is always the same image,
    so the browser keeps it for a year and asks again only on a new address."""
    found = ScreenService(web_of(request).store).logo(digest)
    if found is None:
        raise NotFoundError(message("there is no logo {digest}", digest=digest[:64]))
    tag = f'"{found.digest}"'
    headers = {
        "Cache-Control": "public, max-age=31536000, immutable",
        "ETag": tag,
        "X-Content-Type-Options": "nosniff",
    }
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    return Response(found.content, media_type=found.media_type, headers=headers)
