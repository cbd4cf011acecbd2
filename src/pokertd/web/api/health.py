"""``GET /healthz``: the app answers (for Docker's HEALTHCHECK, systemd or a load balancer).

Unauthenticated and cheap: it reads nothing, so a probe every few seconds costs nothing.
"""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel

router = APIRouter(tags=["health"])


class Health(BaseModel):
    """The app is up and answering."""

    ok: bool


@router.get("/healthz")
async def healthz() -> Health:
    """Tell that the app answers: ``{"ok": true}``."""
    return Health(ok=True)
