"""The pages of a HORSE at its stud levels (TBL-MIXED-BUTTON, TDA 10B): the room's clock, the
document its live updates come from, the console's clock card and structure table show the
limits, ante and bring-in of a stud level, not would-be blinds; a limit hold'em level its limits
and blinds; in French and English."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

Run = Callable[..., Any]
NBSP = "\u202f"


def shown(page: str, name: str) -> str:
    """The text of the element marked ``data-field="name"`` (tags removed, the page's spaces and
    new lines folded; a French thousands separator kept)."""
    found = re.search(rf'<(div|b|span)[^>]*data-field="{name}"[^>]*>(.*?)</\1>', page, re.S)
    assert found, name
    return re.sub(r"[ \n]+", " ", html.unescape(re.sub(r"<[^>]+>", "", found.group(2)))).strip()


def horse(director: TestClient, new: Callable[..., str], run: Run, skips: int) -> str:
    """A turbo dealt as HORSE (flhe 100/200, flo8 150/300, razz 250/500...), ``skips`` levels on."""
    tournament = new(director, start=True, rotation="horse")
    for _ in range(skips):
        run(director, tournament, "skip-level")
    return tournament


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", f"Limites 500 / 1{NBSP}000 · Ante 75 · Bring-in 125"),
        ("en", "Limits 500 / 1,000 · Ante 75 · Bring-in 125"),
    ],
)
def test_tbl_mixed_button_the_clock_shows_a_razz_levels_limits_ante_and_bring_in(
    director: TestClient, new_tournament: Callable[..., str], run: Run, lang: str, expected: str
) -> None:
    tournament = horse(director, new_tournament, run, skips=2)
    page = director.get(f"/display/{tournament}/clock", params={"lang": lang}).text
    assert shown(page, "level") == ("Niveau 3" if lang == "fr" else "Level 3")
    assert shown(page, "blinds") == expected  # 250/500 level: the small bet is 500
    assert "250 / 500" not in page


def test_the_next_level_line_shows_the_stud_amounts_and_a_limit_level_its_limits(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    tournament = horse(director, new_tournament, run, skips=1)  # flo8, then razz and stud
    page = director.get(f"/display/{tournament}/clock", params={"lang": "fr"}).text
    assert shown(page, "blinds") == "Limites 300 / 600 · Blindes 150 / 300"
    cell = page.split('data-field="next"', 1)[1].split(">", 1)[1].split('data-field="late"')[0]
    text = re.sub(r"[ \n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", cell)))
    assert f"Suivant : Limites 500 / 1{NBSP}000 · Ante 75 · Bring-in 125 " in text  # razz
    assert f"Puis : Limites 600 / 1{NBSP}200 · Ante 75 · Bring-in 150 " in text  # stud


def pushed(director: TestClient, tournament: str) -> Any:
    """The display document the live pages are sent, in English."""
    with director.websocket_connect(f"/ws/tournaments/{tournament}?lang=en") as socket:
        return socket.receive_json()


def test_the_display_document_carries_the_stakes_for_the_live_updates(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    tournament = horse(director, new_tournament, run, skips=2)
    document = pushed(director, tournament)
    level = document["status"]["clock"]["level"]
    assert level["game"] == "razz"
    assert level["bets"] == {"limits": [500, 1000], "ante": 75, "bring_in": 125}
    assert document["shown"]["bets"] == "Limits 500 / 1,000 · Ante 75 · Bring-in 125"
    stud, stud8 = document["status"]["clock"]["next_levels"]
    assert (stud["game"], stud8["game"]) == ("stud", "stud8")
    assert document["shown"]["next_bets"][0].startswith("Limits ")
    nlhe = pushed(director, new_tournament(director, start=True, title="Plain"))
    assert nlhe["shown"]["bets"] == ""  # blinds: the page writes them as before
    assert nlhe["shown"]["next_bets"] == ["", ""]


def test_the_consoles_clock_card_and_structure_table_show_the_stud_amounts(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    tournament = horse(director, new_tournament, run, skips=2)
    card = director.get(f"/console/{tournament}", params={"lang": "fr"}).text
    clock = re.search(r'data-test="clock">(.*?)</p>', card, re.S)
    assert clock
    assert f"Niveau 3 · Limites 500 / 1{NBSP}000 · Ante 75 · Bring-in 125" in html.unescape(
        re.sub(r"<[^>]+>", "", clock.group(1))
    )
    assert "250/500" not in card
    page = director.get(f"/console/{tournament}?tab=structure&lang=fr").text
    razz = re.search(r'<tr data-level="3".*?</tr>', page, re.S)
    assert razz
    row = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", razz.group(0))).split())
    assert "razz" in row
    assert "Limites 500 / 1 000 · Bring-in 125 (par défaut)" in row
    assert "75 (par défaut)" in row  # the level has no ante: an eighth of the small bet
    assert 'data-test="small-blind"' not in razz.group(0)
    flhe = re.search(r'<tr data-level="1".*?</tr>', page, re.S)
    assert flhe
    assert "flhe · Limites 200 / 400" in html.unescape(flhe.group(0))
    assert 'data-test="big-blind">200<' in flhe.group(0)


def test_the_lobby_card_shows_a_stud_levels_stakes(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    horse(director, new_tournament, run, skips=2)
    page = director.get("/lobby", params={"lang": "fr"}).text
    assert shown(page, "blinds") == f"Limites 500 / 1{NBSP}000 · Ante 75 · Bring-in 125"


def test_the_players_phone_page_shows_a_stud_levels_stakes(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    tournament = horse(director, new_tournament, run, skips=2)
    page = director.get(f"/me/{tournament}/1", params={"lang": "fr"}).text
    assert shown(page, "level") == "Niveau 3"
    assert shown(page, "blinds") == f"Limites 500 / 1{NBSP}000 · Ante 75 · Bring-in 125"
