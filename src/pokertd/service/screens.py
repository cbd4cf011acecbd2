"""How the TV clock looks: the director's layout of an event, or the club's default.

A layout says which cells the clock shows, its colours, a sponsor's line and a logo, and whether
the clock speaks its warnings (one minute left, the end of a break, the last level of late
registration). It is kept in the store's records (kind ``screen-layout``, key ``club`` or the
event's id): it changes how a page looks, never what happened, so it is no event of the log. An
event without its own layout shows the club's, a club without one the built-in look.

A logo is an image of at most ``MAX_LOGO`` bytes and ``MAX_SIDE`` pixels a side, PNG, JPEG or
WebP as its first bytes say (never as its name or the browser says); it is kept in the records
too (kind ``screen-logo``, key: the SHA-256 of its bytes), so a backup of the event file holds
it and no file is written beside the database. Its address names its digest: a browser may keep
it for ever, a new logo has a new address.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import re
import struct
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokertd.errors import NotFoundError, ParseError
from pokertd.messages import message
from pokertd.store import EventStore

__all__ = [
    "CELLS",
    "CLUB",
    "Layout",
    "Logo",
    "ScreenService",
    "image_type",
]

KIND = "screen-layout"
LOGO_KIND = "screen-logo"
#: The key of the club's default layout (an event's is the event's id).
CLUB = "club"

#: The cells of the clock a layout may show or hide, in the order the console lists them.
CELLS = (
    "level",
    "blinds",
    "next",
    "break",
    "late",
    "players",
    "counts",
    "chips",
    "average",
    "pool",
    "paid",
    "payouts",
    "time_of_day",
)

#: The largest logo, in bytes and in pixels a side: a TV's corner, not a photograph.
MAX_LOGO = 512_000
MAX_SIDE = 4_096
#: The longest sponsor's line, in characters (one line across a TV).
MAX_SPONSOR = 120

_COLOUR = re.compile(r"#[0-9a-f]{6}")
_DIGEST = re.compile(r"[0-9a-f]{64}")
#: How far apart the text and the background must be (WCAG's contrast ratio: 4.5 for text),
#: and the accent (the level, the late registration's countdown) and the background (3, large).
TEXT_CONTRAST = 4.5
ACCENT_CONTRAST = 3.0


@dataclass(frozen=True, slots=True)
class Layout:
    """What the clock shows and how. ``hidden``: the cells not shown (``CELLS``); ``logo``: the
    digest of the logo, empty for none; ``sounds``: the clock speaks its warnings; ``own``: the
    event's own layout (False: the club's, or the built-in one)."""

    hidden: tuple[str, ...] = ()
    background: str = "#000000"
    text: str = "#f3f1e8"
    accent: str = "#e4b73d"
    sponsor: str = ""
    logo: str = ""
    sounds: bool = True
    own: bool = False

    def to_data(self) -> dict[str, Any]:
        """Return the layout as its record holds it (``own`` is where it was found, not data)."""
        data = dataclasses.asdict(self)
        data["hidden"] = list(self.hidden)
        del data["own"]
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any], *, own: bool = False) -> Layout:
        """Read a stored layout, leaving out what is not valid any more (a cell since renamed)."""
        default = cls()
        colours = {
            name: str(data.get(name, getattr(default, name)))
            for name in ("background", "text", "accent")
        }
        logo = str(data.get("logo", ""))
        return cls(
            hidden=tuple(c for c in CELLS if c in set(data.get("hidden", ()))),
            **{k: v if _COLOUR.fullmatch(v) else getattr(default, k) for k, v in colours.items()},
            sponsor=str(data.get("sponsor", ""))[:MAX_SPONSOR],
            logo=logo if _DIGEST.fullmatch(logo) else "",
            sounds=bool(data.get("sounds", True)),
            own=own,
        )

    def to_json(self) -> dict[str, Any]:
        """Return what the clock's page needs: the cells shown, the colours, the logo's address."""
        return {
            "hidden": list(self.hidden),
            "background": self.background,
            "text": self.text,
            "accent": self.accent,
            "sponsor": self.sponsor,
            "logo": logo_address(self.logo) if self.logo else "",
            "sounds": self.sounds,
        }


@dataclass(frozen=True, slots=True)
class Logo:
    """A logo's bytes and its media type (``image/png``, ``image/jpeg``, ``image/webp``)."""

    digest: str
    media_type: str
    content: bytes


def logo_address(digest: str) -> str:
    """Return the address the clock loads a logo from (its digest: cached for ever)."""
    return f"/display/logo/{digest}"


class ScreenService:
    """The layouts of the clock over an event store's records.

    >>> from pokertd.store import MemoryEventStore
    >>> screens = ScreenService(MemoryEventStore())
    >>> screens.layout("tournament-1").accent
    '#e4b73d'
    >>> _ = screens.save(CLUB, hidden=["chips"], background="#102030", text="#ffffff",
    ...              accent="#ffcc00", sponsor="Bar du Port", sounds=True)
    >>> screens.layout("tournament-1").hidden, screens.layout("tournament-1").own
    (('chips',), False)
    """

    def __init__(self, store: EventStore) -> None:
        self.store = store

    def layout(self, tournament: str) -> Layout:
        """Return the layout the clock of ``tournament`` shows: its own, else the club's."""
        own = self.store.get_record(KIND, tournament)
        if own is not None:
            return Layout.from_data(own, own=True)
        club = self.store.get_record(KIND, CLUB)
        return Layout() if club is None else Layout.from_data(club)

    def club(self) -> Layout:
        """Return the club's default layout (the built-in one if it has none)."""
        found = self.store.get_record(KIND, CLUB)
        return Layout() if found is None else Layout.from_data(found)

    def save(
        self,
        key: str,
        *,
        hidden: list[str],
        background: str,
        text: str,
        accent: str,
        sponsor: str,
        sounds: bool,
        logo: str | None = None,
    ) -> Layout:
        """Keep the layout of ``key`` (an event's id, or ``CLUB``), checked; ``logo`` None keeps
        the logo it had (or, for a new one, the layout it replaces shows). Raises ParseError
        naming the field that is wrong; nothing changes then."""
        unknown = [cell for cell in hidden if cell not in CELLS]
        if unknown:
            raise ParseError(message("the clock has no cell {cell!r}", cell=unknown[0][:40]))
        colours = {"background": background, "text": text, "accent": accent}
        for name, value in colours.items():
            colours[name] = _colour(name, value)
        _check_contrast(colours)
        sponsor = " ".join(sponsor.split())
        if len(sponsor) > MAX_SPONSOR:
            raise ParseError(
                message("the sponsor's line is at most {limit} characters", limit=MAX_SPONSOR)
            )
        before = self.store.get_record(KIND, key)
        kept = (before or {}).get("logo", "") if before is not None else self._inherited_logo(key)
        chosen = str(kept) if logo is None else logo
        if chosen and self.logo(chosen) is None:
            raise NotFoundError(message("there is no logo {digest}", digest=chosen[:64]))
        layout = Layout(
            tuple(c for c in CELLS if c in hidden), **colours, sponsor=sponsor, logo=chosen,
            sounds=sounds, own=key != CLUB,
        )  # fmt: skip
        self.store.put_record(KIND, key, layout.to_data())
        self._forget_unused_logos()
        return layout

    def forget(self, tournament: str) -> bool:
        """Let ``tournament`` show the club's layout again; return whether it had its own."""
        gone = self.store.delete_record(KIND, tournament)
        self._forget_unused_logos()
        return gone

    def _inherited_logo(self, key: str) -> str:
        """The logo an event without its own layout shows now (the club's): kept when the
        director saves the event's own layout without choosing another."""
        return "" if key == CLUB else self.club().logo

    # -- logos -----------------------------------------------------------------------------

    def add_logo(self, content: bytes) -> str:
        """Keep a logo's bytes once checked (``image_type``); return its digest."""
        media_type = image_type(content)
        digest = hashlib.sha256(content).hexdigest()
        data = {"type": media_type, "data": base64.b64encode(content).decode("ascii")}
        self.store.put_record(LOGO_KIND, digest, data)
        return digest

    def logo(self, digest: str) -> Logo | None:
        """Return the logo of ``digest``, None if there is none."""
        if not _DIGEST.fullmatch(digest):
            return None
        found = self.store.get_record(LOGO_KIND, digest)
        if found is None:
            return None
        return Logo(digest, str(found["type"]), base64.b64decode(str(found["data"])))

    def _forget_unused_logos(self) -> None:
        """Delete the logos no layout shows any more (a logo replaced, a layout forgotten)."""
        used = {str(data.get("logo", "")) for _key, data in self.store.records(KIND)}
        for digest, _data in self.store.records(LOGO_KIND):
            if digest not in used:
                self.store.delete_record(LOGO_KIND, digest)


def _colour(name: str, value: str) -> str:
    """Return a colour as ``#rrggbb`` in small letters; refuse anything else."""
    colour = value.strip().lower()
    if not _COLOUR.fullmatch(colour):
        raise ParseError(_BAD_COLOUR[name](value[:20]))
    return colour


#: The refusal of a colour not written #rrggbb, by field (each its own sentence to translate).
_BAD_COLOUR = {
    "background": lambda value: message(
        "the background colour is written #rrggbb (e.g. #1d5b3a), not {value!r}", value=value
    ),
    "text": lambda value: message(
        "the text colour is written #rrggbb (e.g. #ffffff), not {value!r}", value=value
    ),
    "accent": lambda value: message(
        "the accent colour is written #rrggbb (e.g. #e4b73d), not {value!r}", value=value
    ),
}


def _luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2)."""

    def channel(hex_pair: str) -> float:
        c = int(hex_pair, 16) / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(colour[i : i + 2]) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """Return the contrast ratio of two colours, 1 (the same) to 21 (black on white).

    >>> round(contrast("#000000", "#ffffff"), 1)
    21.0
    """
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _check_contrast(colours: Mapping[str, str]) -> None:
    """Refuse colours a player across the room could not read (text, or accent, too close to
    the background)."""
    for name, least in (("text", TEXT_CONTRAST), ("accent", ACCENT_CONTRAST)):
        ratio = contrast(colours[name], colours["background"])
        if ratio < least:
            raise ParseError(_TOO_CLOSE[name](round(ratio, 1), least))


#: The refusal of a colour too close to the background, by field (each its own sentence).
_TOO_CLOSE = {
    "text": lambda ratio, least: message(
        "the text colour is too close to the background to be read across the room "
        "(contrast {ratio}, at least {least})",
        ratio=ratio,
        least=least,
    ),
    "accent": lambda ratio, least: message(
        "the accent colour is too close to the background to be read across the room "
        "(contrast {ratio}, at least {least})",
        ratio=ratio,
        least=least,
    ),
}


# -- images, by their bytes --------------------------------------------------------------------


def image_type(content: bytes) -> str:
    """Return the media type of a logo as its bytes say (PNG, JPEG or WebP) once its size and
    its sides are checked; raise ParseError for anything else.

    >>> image_type(b"GIF89a" + bytes(20))
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: a logo is a PNG, JPEG or WebP image
    """
    if not content:
        raise ParseError(message("choose an image file for the logo"))
    if len(content) > MAX_LOGO:
        raise ParseError(
            message("a logo is at most {limit} KB", limit=MAX_LOGO // 1000)
        )  # fmt: skip
    for media_type, sides in _KINDS:
        found = sides(content)
        if found is not None:
            width, height = found
            if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
                raise ParseError(
                    message(
                        "a logo is at most {limit} pixels a side, not {width}x{height}",
                        limit=MAX_SIDE,
                        width=width,
                        height=height,
                    )
                )
            return media_type
    raise ParseError(message("a logo is a PNG, JPEG or WebP image"))


def _png_sides(content: bytes) -> tuple[int, int] | None:
    """A PNG's width and height (its IHDR chunk, first after the signature)."""
    if not content.startswith(b"\x89PNG\r\n\x1a\n") or content[12:16] != b"IHDR":
        return None
    if len(content) < 24:
        return None
    width, height = struct.unpack(">II", content[16:24])
    return width, height


def _webp_sides(content: bytes) -> tuple[int, int] | None:
    """A WebP's canvas (lossy VP8, lossless VP8L or extended VP8X)."""
    if len(content) < 30 or content[:4] != b"RIFF" or content[8:12] != b"WEBP":
        return None
    chunk, body = content[12:16], content[20:]
    if chunk == b"VP8 " and body[3:6] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", body[6:10])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L" and body[:1] == b"\x2f":
        bits = int.from_bytes(body[1:5], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X":
        return int.from_bytes(body[4:7], "little") + 1, int.from_bytes(body[7:10], "little") + 1
    return None


#: The JPEG markers that open a frame (SOF0 to SOF15 but DHT, JPG and DAC): its sides follow.
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg_sides(content: bytes) -> tuple[int, int] | None:
    """A JPEG's sides, from its frame header (the segments before it are skipped by length)."""
    if not content.startswith(b"\xff\xd8\xff"):
        return None
    at = 2
    while at + 9 <= len(content):
        if content[at] != 0xFF:
            return None
        marker = content[at + 1]
        length = int.from_bytes(content[at + 2 : at + 4], "big")
        if marker in _SOF:
            height, width = struct.unpack(">HH", content[at + 5 : at + 9])
            return width, height
        if length < 2:
            return None
        at += 2 + length
    return None


_KINDS = (("image/png", _png_sides), ("image/jpeg", _jpeg_sides), ("image/webp", _webp_sides))
