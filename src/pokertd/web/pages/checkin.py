"""Pre-registration and the door (issue 18): the check-in page of an event, and its public
sign-up page.

The cashier (or the director) pre-registers players from the register up to the cap the
director sets, beyond it on a waitlist that moves up in order; at the door she checks them in
by the QR code of their sign-up (its link opens the player's line) or by a search, which enters
them in the tournament with the buy-in taken then. The director releases the no-shows, now or
at the time he set (``service.signups``: the list reads no clock; the service gives it the time).

A player may sign up himself on ``/public/signup/{tournament}`` when the director opened it:
he is added to the register (his consent required) and is shown his place or his rank on the
waitlist, with the QR code to show at the door.

These pages keep the person ids in their forms (``keep_ids``) and write the names themselves:
the staff's full names, from the register.
"""

from __future__ import annotations

import datetime
from typing import Any

import segno
from fastapi import APIRouter, Depends, Request
from markupsafe import Markup
from starlette.datastructures import FormData
from starlette.responses import RedirectResponse, Response

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.present.i18n import render as render_message
from pokertd.service.people import PeopleService, Person, fold
from pokertd.service.signups import Line, Signups, SignupService, Status
from pokertd.web.auth import TooManyAttemptsError
from pokertd.web.context import web_of
from pokertd.web.i18n import language
from pokertd.web.people_names import keep_ids
from pokertd.web.permissions import caller_of
from pokertd.web.security import csrf_token, director, form
from pokertd.web.staff import Role
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False, dependencies=[Depends(director)])
public = APIRouter(include_in_schema=False)

#: The longest text a field of these forms may hold.
LONGEST = 200


def signups_of(request: Request) -> SignupService:
    web = web_of(request)
    return SignupService(web.service, now=web.now, rng=web.rng)


def _field(data: FormData, name: str) -> str:
    value = data.get(name, "")
    return " ".join(value.split())[:LONGEST] if isinstance(value, str) else ""


def _rows(request: Request, signups: Signups, query: str) -> list[dict[str, Any]]:
    """The list's lines with the staff's names, those matching ``query`` (accents aside)."""
    people = [line.person for line in signups.lines]
    names = PeopleService(web_of(request).store).shown_names(people, public=False)
    lang = language(request)
    wanted = fold(query)
    rows = []
    for line in signups.lines:
        name = names.get(line.person, line.person)
        shown = name if isinstance(name, str) else render_message(name, lang)
        if wanted and wanted not in fold(shown):
            continue
        rows.append(
            {"line": line, "name": shown, "rank": signups.rank(line.person), "token": line.token}
        )
    return rows


def _code(request: Request, tournament: str, line: Line) -> Markup:
    """The QR code of a sign-up: the link the cashier's phone opens to check him in."""
    link = f"{str(request.base_url).rstrip('/')}/checkin/{tournament}/code/{line.token}"
    return Markup(segno.make(link, error="m").svg_inline(scale=4))  # segno escapes its SVG


def _page(request: Request, tournament: str, query: str, template: str) -> Response:
    web = web_of(request)
    stream = web.service.resolve(tournament)
    signups = signups_of(request).load(stream)
    number = stream.removeprefix("tournament-")
    return keep_ids(
        render(
            request,
            template,
            id=number,
            title=web.service.load(stream).state.title,
            signups=signups,
            rows=_rows(request, signups, query),
            query=query,
            waiting=len(signups.waitlist()),
            is_director=caller_of(request).role is Role.DIRECTOR,
            statuses=Status,
        )
    )


def _back(request: Request, tournament: str) -> Response:
    target = f"/checkin/{tournament}"
    if request.headers.get("hx-request"):
        return Response(status_code=200, headers={"HX-Redirect": target})
    return RedirectResponse(target, 303)


@router.get("/checkin/{tournament}")
async def checkin_page(request: Request, tournament: str, q: str = "") -> Response:
    """The door: the sign-ups, the waitlist, the search and the check-in buttons."""
    csrf_token(request)
    return _page(request, tournament, q[:100], "checkin/page.html")


@router.get("/checkin/{tournament}/list")
async def checkin_list(request: Request, tournament: str, q: str = "") -> Response:
    """The list alone (the search as the cashier types)."""
    csrf_token(request)
    return _page(request, tournament, q[:100], "checkin/_list.html")


@router.post("/checkin/{tournament}/settings")
async def settings(request: Request, tournament: str) -> Response:
    """The director opens the sign-up: places, public page, time the no-shows are released."""
    data = await form(request)
    stream = web_of(request).service.resolve(tournament)
    cap = _field(data, "cap")
    if not (cap.isascii() and cap.isdigit() and len(cap) <= 5):
        raise ParseError(message("the number of places is a whole number, not {text!r}", text=cap))
    signups_of(request).configure(
        stream,
        int(cap),
        public=bool(data.get("public")),
        release_at=_field(data, "release_at"),
        closes_at=_field(data, "closes_at"),
        members_only=bool(data.get("members_only")),
        season=_field(data, "season"),
    )
    return _back(request, tournament)


@router.post("/checkin/{tournament}/signup")
async def sign_up(request: Request, tournament: str) -> Response:
    """Pre-register a person of the register (picked as the cashier types)."""
    data = await form(request)
    stream = web_of(request).service.resolve(tournament)
    person = _field(data, "person")
    if not person:
        raise ParseError(message("pick a person of the register to sign up"))
    signups_of(request).sign_up(stream, person)
    return _back(request, tournament)


@router.post("/checkin/{tournament}/withdraw")
async def withdraw(request: Request, tournament: str) -> Response:
    """A player withdraws: the first on the waitlist takes his place."""
    data = await form(request)
    stream = web_of(request).service.resolve(tournament)
    signups_of(request).withdraw(stream, _field(data, "person"))
    return _back(request, tournament)


@router.post("/checkin/{tournament}/arrive")
async def arrive(request: Request, tournament: str) -> Response:
    """A player came: he enters the tournament, checked in, the buy-in taken unless unticked,
    or paid by the satellite ticket whose code is typed (SAT-TICKET)."""
    data = await form(request)
    web = web_of(request)
    stream = web.service.resolve(tournament)
    person, ticket = _field(data, "person"), _field(data, "ticket")
    signups_of(request).check_in(stream, person, paid=bool(data.get("paid")), ticket=ticket)
    await web.hub.flush()
    return _back(request, tournament)


@router.post("/checkin/{tournament}/release")
async def release(request: Request, tournament: str) -> Response:
    """The director releases the no-shows now: their places go to the waitlist in order."""
    await form(request)
    stream = web_of(request).service.resolve(tournament)
    signups_of(request).release(stream)
    return _back(request, tournament)


@router.get("/checkin/{tournament}/code/{token}")
async def by_code(request: Request, tournament: str, token: str) -> Response:
    """What a sign-up's QR code opens: the player's line and its check-in button."""
    csrf_token(request)
    web = web_of(request)
    stream = web.service.resolve(tournament)
    signups = signups_of(request).load(stream)
    line = signups.by_token(token[:40])
    rows = [row for row in _rows(request, signups, "") if row["line"] is line]
    return keep_ids(
        render(
            request,
            "checkin/code.html",
            id=stream.removeprefix("tournament-"),
            title=web.service.load(stream).state.title,
            row=rows[0],
            qr=_code(request, stream.removeprefix("tournament-"), line),
            statuses=Status,
        )
    )


# -- the public sign-up --------------------------------------------------------------------------


def _open(request: Request, tournament: str) -> tuple[str, Signups]:
    """The event's id and list, if its public sign-up is open; else refused."""
    web = web_of(request)
    stream = web.service.resolve(tournament)
    signups = signups_of(request).load(stream)
    if not (signups.public and signups.cap):
        raise ParseError(message("this event has no public sign-up"))
    return stream, signups


def _member(request: Request, signups: Signups, data: FormData) -> Person:
    """The member of the register a members-only sign-up names: his licence number and his
    name must both match (accents and case aside), so that nobody signs another up by a
    licence number alone; refused, naming the limit, when no member matches."""
    licence, name = fold(_field(data, "licence")), fold(_field(data, "name"))
    people = PeopleService(web_of(request).store)
    for person in people.everyone():
        if person.erased or not person.member or not licence:
            continue
        if fold(person.licence) == licence and fold(person.name) == name:
            return person
    if signups.season:
        raise ParseError(
            message(
                "sign-up for this event is for members of season {season} only: no member has "
                "this licence number and name",
                season=signups.season,
            )
        )
    raise ParseError(
        message(
            "sign-up for this event is for members of the club only: no member has this "
            "licence number and name"
        )
    )


def _signer(request: Request, signups: Signups, data: FormData) -> str:
    """The person a public sign-up is for: the member it names (members only, his consent
    recorded if it was not), else a new person of the register, with his consent."""
    web = web_of(request)
    people = PeopleService(web.store, now=web.now, rng=web.rng)
    if signups.members_only:
        member = _member(request, signups, data)
        if not member.consent:
            people.update(member.id, consent=True)
        return member.id
    return people.add(
        name=_field(data, "name"),
        first_name=_field(data, "first_name"),
        contact=_field(data, "contact"),
        consent=True,
    ).id


def _closed(signups: Signups, now: datetime.datetime) -> str:
    """The cut-off time as shown, when it has passed; else ""."""
    return signups.closes_at[:16].replace("T", " ") if signups.is_closed(now) else ""


def _count_signup(request: Request, stream: str) -> None:
    """Count a public sign-up from this client for this event; refuse (429) one client's sixth
    in ten minutes, or the event's 201st, so that nobody can fill the register from outside."""
    web = web_of(request)
    client = request.client.host if request.client else "unknown"
    account = f"signup:{stream}"
    try:
        web.signup_gate.check(client, web.now(), account)
    except TooManyAttemptsError as busy:
        raise TooManyAttemptsError(
            message(
                "too many sign-ups from here lately: try again in {seconds} seconds",
                seconds=busy.retry_after,
            ),
            retry_after=busy.retry_after,
        ) from None
    web.signup_gate.failed(client, web.now(), account)  # counted as the gate counts failures


@public.get("/public/signup/{tournament}")
async def signup_page(request: Request, tournament: str) -> Response:
    """The public sign-up form: places left or the waitlist."""
    csrf_token(request)
    stream, signups = _open(request, tournament)
    return render(
        request,
        "checkin/public_signup.html",
        id=stream.removeprefix("tournament-"),
        title=web_of(request).service.load(stream).state.title,
        left=max(0, signups.cap - signups.holding()),
        waiting=len(signups.waitlist()),
        signups=signups,
        closed=_closed(signups, web_of(request).now()),
        done=None,
    )


@public.post("/public/signup/{tournament}")
async def signup_sent(request: Request, tournament: str) -> Response:
    """A player signs up: added to the register with his consent, then to the list."""
    data = await form(request)
    stream, signups = _open(request, tournament)
    web = web_of(request)
    if closed := _closed(signups, web.now()):  # before the register keeps anything
        raise ParseError(message("sign-up for this event closed at {time}", time=closed))
    if not data.get("consent"):
        raise ParseError(message("tick that you accept the club keeping your data to sign up"))
    _count_signup(request, stream)
    person = _signer(request, signups, data)
    service = signups_of(request)
    line = service.sign_up(stream, person)
    signups = service.load(stream)
    return render(
        request,
        "checkin/public_signup.html",
        id=stream.removeprefix("tournament-"),
        title=web.service.load(stream).state.title,
        left=max(0, signups.cap - signups.holding()),
        waiting=len(signups.waitlist()),
        signups=signups,
        closed="",
        done={
            "waiting": line.status == Status.WAITING,
            "rank": signups.rank(person),
            "qr": _code(request, stream.removeprefix("tournament-"), line),
        },
    )
