"""JSON API of the floor assistant: public and read-only (no login, no CSRF: nothing changes).

``GET /api/floor/kinds?lang=fr`` lists the situation kinds with their fields;
``POST /api/floor/rulings`` with ``{"profile": "lfp", "kind": "chips", "inputs": {...},
"lang": "fr"}`` answers the ruling (``AssistantRuling.to_dict``) with the French text of its
articles; ``GET /api/articles/{reference}`` (``TDA 50A``, ``LFP 7.19``, ``BAN/TIME``) answers one
article's text. Bad input is a 400 in the canonical error shape (``web/errors.py``), its message
in the request's language (the body's ``lang`` first).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from starlette.responses import Response

from pokertd.errors import PokertdError
from pokertd.present.floor.assistant import kinds, rule
from pokertd.present.i18n import error_text
from pokertd.rules import DEFAULT_PROFILE
from pokertd.rules.articles import quote
from pokertd.web import errors
from pokertd.web.i18n import language

router = APIRouter(prefix="/api", tags=["floor"])

Document = dict[str, Any]
Language = Literal["en", "fr"]
#: A form value: text as a form posts it, or a number or a checkbox's true/false.
InputValue = Annotated[str, Field(max_length=100_000)] | int | bool

_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "Bad input: unknown profile, kind or field, malformed value"},
    422: {"description": "The rules forbid the ruling asked for (nobody to act, ...)"},
    413: errors.RESPONSES[413],
}


class RulingRequest(BaseModel):
    """A situation to rule on: the profile, the kind and the form's inputs by field name."""

    profile: str = Field(DEFAULT_PROFILE, max_length=100, examples=["lfp"])
    kind: str = Field(max_length=100, examples=["chips"])
    inputs: dict[Annotated[str, Field(max_length=100)], InputValue] = Field(
        default_factory=dict,
        examples=[{"actions": "p3 cbr 1100", "chips": "1000,500"}],
        description="Field name -> value; see GET /api/floor/kinds for each kind's fields.",
    )
    lang: Language | None = Field(
        None, description="Language of the explanation and errors; else the request's."
    )


def _text(value: str | int | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@router.get("/floor/kinds")
async def floor_kinds(request: Request, lang: Language | None = None) -> list[Document]:
    """The situation kinds, with their fields (name, type, label, choices, default, example)."""
    return [kind.to_dict(lang or language(request)) for kind in kinds()]


@router.post("/floor/rulings", response_model=None, responses=_ERRORS)
async def floor_ruling(request: Request, asked: RulingRequest) -> Document | Response:
    """Rule on a situation: the decision, rule id, articles, explanation and the articles'
    original French text (``quotes``)."""
    lang = asked.lang or language(request)
    inputs = {name: _text(value) for name, value in asked.inputs.items()}
    try:
        return rule(asked.profile, asked.kind, inputs).to_dict(lang)
    except PokertdError as refused:  # answered in the body's language
        status, kind = errors.status_of(refused)
        return errors.respond(
            request, status, kind, error_text(refused, lang), getattr(refused, "rule", None)
        )


@router.get(
    "/articles/{reference:path}",
    responses={
        400: {"description": "Not an article reference"},
        404: {"description": "No such article"},
    },
)
async def article(reference: str) -> Document:
    """One article's original French text: ``TDA 50A``, ``LFP 7.19``, ``GM 18°``, ``BAN/TIME``."""
    return quote(reference).to_dict()
