"""Jinja2 pages in French or English: one environment per language, gettext installed in each.

Every page extends ``base.html`` and gets ``lang``, ``csrf`` (the session's token, for forms),
``director`` (whether the director is logged in) and ``_``/``ngettext``.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import jinja2
from starlette.requests import Request
from starlette.responses import HTMLResponse

from pokertd.present.formats import mmss, thousands
from pokertd.present.hand_words import game_name, hand_words
from pokertd.present.i18n import LANGUAGES
from pokertd.present.stakes import bets_text
from pokertd.web.auth import new_csrf_token
from pokertd.web.i18n import gettext_for, language
from pokertd.web.labels import labels
from pokertd.web.permissions import CALLER, may_act, may_use

TEMPLATES = Path(__file__).parent / "templates"


@functools.cache
def environment(lang: str) -> jinja2.Environment:
    """Return the template environment of ``lang``."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=jinja2.select_autoescape(default=True),
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    catalogue = gettext_for(lang)
    env.install_gettext_translations(catalogue, newstyle=True)  # type: ignore[attr-defined]
    env.globals["languages"] = LANGUAGES
    env.globals.update(labels(lang))
    # the console's buttons and forms, each shown to the roles that may use it (permissions)
    env.globals["may"] = lambda action: may_act(CALLER.get().role, action)
    env.globals["may_use"] = lambda path: may_use(CALLER.get().role, path)
    # the table app: a game's name, a tabled hand in words ("8-6 low", "badugi 7-4-3-2")
    env.globals["game_name"] = functools.partial(game_name, lang=lang)
    env.globals["hand_words"] = functools.partial(hand_words, lang=lang)
    # a level's limits (a stud level's ante and bring-in), where the clock shows no blinds
    env.globals["bets_text"] = functools.partial(bets_text, lang=lang)
    env.filters["mmss"] = mmss
    env.filters["thousands"] = functools.partial(thousands, lang=lang)  # "36 923" / "36,923"
    return env


def render(
    request: Request, template: str, status_code: int = 200, /, **context: Any
) -> HTMLResponse:
    """Render ``template`` for ``request`` in its language."""
    lang = language(request)
    session = request.scope.get("session") or {}
    page = (
        environment(lang)
        .get_template(template)
        .render(
            request=request,
            lang=lang,
            csrf=session.get("csrf", ""),
            director=bool(session.get("director")),
            role=CALLER.get().role or "",  # who is logged in (permissions), "" for a visitor
            club_name=getattr(request.app.state, "club_name", ""),  # a server of clubs: whose
            **context,
        )
    )
    response = HTMLResponse(page, status_code)
    if request.query_params.get("lang") in LANGUAGES:  # a chosen language sticks
        response.set_cookie("lang", lang, max_age=365 * 86400, samesite="lax")
    return response


def render_error(request: Request, status: int, message: str) -> HTMLResponse:
    """Render the error page; a page that needs the login (401) is the login form, which comes
    back to the page asked for (after a logout, the browser's back button lands here)."""
    if status == 401:
        session = request.scope.setdefault("session", {})
        session.setdefault("csrf", new_csrf_token())  # the form's token
        back = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        target = back if request.method == "GET" else "/console"
        return render(
            request, "login.html", 401, next=target, failed=False, refused="", asked=message
        )
    return render(request, "error.html", status, status=status, message=message)
