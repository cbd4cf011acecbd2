"""The clock's layout from the console (service/screens.py): cells, colours, sponsor, logo and
warnings, saved for an event or as the club's default, checked, carried by the display document
(so that the open clocks receive it), the logo served by its digest with the cache headers."""

from __future__ import annotations

import hashlib
import struct
import zlib

import pytest
from fastapi.testclient import TestClient

from pokertd.errors import ParseError
from pokertd.service.screens import MAX_LOGO, image_type


def png(width: int = 4, height: int = 2) -> bytes:
    """A real PNG of ``width`` x ``height`` grey pixels (made here: nothing read from disk)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def jpeg(width: int, height: int) -> bytes:
    """The head of a JPEG: SOI, an APP0 segment, then a frame header giving its sides."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof + b"\xff\xd9"


def webp_lossless(width: int, height: int) -> bytes:
    bits = (width - 1) | ((height - 1) << 14)
    body = b"\x2f" + bits.to_bytes(4, "little") + bytes(8)
    chunk = b"VP8L" + struct.pack("<I", len(body)) + body
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def test_a_logo_is_known_by_its_bytes_never_by_its_name() -> None:
    assert image_type(png()) == "image/png"
    assert image_type(jpeg(300, 100)) == "image/jpeg"
    assert image_type(webp_lossless(64, 32)) == "image/webp"
    for refused in (b"GIF89a" + bytes(40), b"<svg xmlns='http://www.w3.org/2000/svg'/>", b""):
        with pytest.raises(ParseError):
            image_type(refused)


def test_a_logo_too_large_or_too_wide_is_refused_with_its_limit() -> None:
    with pytest.raises(ParseError, match="at most 512 KB"):
        image_type(png() + bytes(MAX_LOGO))
    with pytest.raises(ParseError, match="at most 4096 pixels a side, not 5000x10"):
        image_type(jpeg(5000, 10))


def layout_of(client: TestClient, tournament: str) -> dict[str, object]:
    answer = client.get(f"/api/tournaments/{tournament}/display")
    assert answer.status_code == 200, answer.text
    layout = answer.json()["layout"]
    assert isinstance(layout, dict)
    return layout


def save(client: TestClient, tournament: str, csrf: str, **fields: str) -> object:
    form = {"csrf": csrf, "scope": "event", "background": "#102030", "text": "#ffffff",
            "accent": "#ffcc00", "sponsor": "", "sounds": "1"}  # fmt: skip
    form.update(fields)
    cells = ("level", "blinds", "players", "pool", "time_of_day")  # the rest unchecked
    data = {**form, **{f"cell-{cell}": "1" for cell in cells}}
    return client.post(f"/console/{tournament}/screens", data=data, follow_redirects=False)


def test_an_events_layout_is_kept_and_carried_by_the_display_document(
    director: TestClient, tournament: str, csrf: str
) -> None:
    assert layout_of(director, tournament)["hidden"] == []
    answer = save(director, tournament, csrf, sponsor="  Café   des Sports ")
    assert answer.status_code == 303, answer.text  # type: ignore[attr-defined]
    layout = layout_of(director, tournament)
    assert layout["background"] == "#102030"
    assert layout["accent"] == "#ffcc00"
    assert layout["sponsor"] == "Café des Sports"
    assert "chips" in layout["hidden"]
    assert "players" not in layout["hidden"]
    page = director.get(f"/display/{tournament}/clock").text
    assert "--clock-bg: #102030" in page
    assert "Café des Sports" in page
    assert 'data-cell="chips" data-off' in page
    assert 'data-cell="players" data-off' not in page


def test_the_clubs_default_shows_where_an_event_has_none_and_a_reset_returns_to_it(
    director: TestClient, tournament: str, csrf: str
) -> None:
    save(director, tournament, csrf, scope="club", background="#ffffff", text="#000000",
         accent="#1d5b3a")  # fmt: skip
    assert layout_of(director, tournament)["background"] == "#ffffff"
    save(director, tournament, csrf, background="#000000")
    assert layout_of(director, tournament)["background"] == "#000000"
    save(director, tournament, csrf, scope="reset")
    assert layout_of(director, tournament)["background"] == "#ffffff"


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"background": "red"}, "the background colour is written #rrggbb"),
        ({"accent": "#12345"}, "the accent colour is written #rrggbb"),
        ({"text": "#111111", "background": "#000000"}, "the text colour is too close"),
        ({"accent": "#101820"}, "the accent colour is too close"),
        ({"sponsor": "x" * 121}, "at most 120 characters"),
        ({"cell-nope": "1", "scope": "nowhere"}, "for this event or for the club"),
    ],
)
def test_a_wrong_layout_is_refused_with_its_reason_and_changes_nothing(
    director: TestClient, tournament: str, csrf: str, fields: dict[str, str], said: str
) -> None:
    before = layout_of(director, tournament)
    answer = save(director, tournament, csrf, **fields)
    assert answer.status_code == 400  # type: ignore[attr-defined]
    assert said in answer.text  # type: ignore[attr-defined]
    assert layout_of(director, tournament) == before


def test_a_logo_is_kept_in_the_records_and_served_by_its_digest_for_a_year(
    director: TestClient, tournament: str, csrf: str
) -> None:
    image = png(8, 8)
    answer = director.post(
        f"/console/{tournament}/screens/logo",
        data={"csrf": csrf, "scope": "event"},
        files={"logo": ("logo.gif", image, "image/gif")},  # the name and type say nothing
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    address = layout_of(director, tournament)["logo"]
    assert address == f"/display/logo/{hashlib.sha256(image).hexdigest()}"
    kept = dict(director.cookies)
    director.cookies.clear()  # the TV: a visitor (a director's answers are never kept)
    served = director.get(str(address))
    assert served.status_code == 200
    assert served.content == image
    assert served.headers["content-type"] == "image/png"
    assert served.headers["cache-control"] == "public, max-age=31536000, immutable"
    again = director.get(str(address), headers={"If-None-Match": served.headers["etag"]})
    assert again.status_code == 304
    assert again.content == b""
    director.cookies.update(kept)


def test_a_logo_that_is_no_image_is_refused_and_the_layout_keeps_none(
    director: TestClient, tournament: str, csrf: str
) -> None:
    answer = director.post(
        f"/console/{tournament}/screens/logo",
        data={"csrf": csrf},
        files={"logo": ("logo.png", b"<svg onload='alert(1)'/>", "image/png")},
    )
    assert answer.status_code == 400
    assert "a logo is a PNG, JPEG or WebP image" in answer.text
    assert layout_of(director, tournament)["logo"] == ""


def test_a_replaced_logo_is_forgotten(director: TestClient, tournament: str, csrf: str) -> None:
    addresses = []
    for image in (png(2, 2), png(3, 3)):
        director.post(
            f"/console/{tournament}/screens/logo",
            data={"csrf": csrf},
            files={"logo": ("l.png", image, "image/png")},
        )
        addresses.append(str(layout_of(director, tournament)["logo"]))
    assert director.get(addresses[0]).status_code == 404
    assert director.get(addresses[1]).status_code == 200
