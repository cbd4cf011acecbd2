"""The structure from the console: a structure file sent with the "New event" form (JSON or a
.tdt of The Tournament Director), its errors naming the file and the item or line, and the
Structure tab's levels with the change of a level to come (EVENT-STRUCTURE)."""

from __future__ import annotations

import html
import json
from pathlib import Path

from fastapi.testclient import TestClient

from pokertd.web.pages.console import MAX_STRUCTURE_FILE

DATA = Path(__file__).parents[1] / "data"


def create(client: TestClient, name: str, content: bytes) -> tuple[int, str]:
    data = {"csrf": client.headers["X-CSRF-Token"], "title": "Jeudi", "template": "turbo"}
    files = {"structure_file": (name, content, "application/octet-stream")}
    answer = client.post("/console/create", data=data, files=files, follow_redirects=False)
    return answer.status_code, answer.headers.get("location", answer.text)


def test_a_tdt_file_makes_the_structure_of_the_new_event(director: TestClient) -> None:
    status, location = create(
        director, "club_night.tdt", (DATA / "tdt" / "club_night.tdt").read_bytes()
    )
    assert status == 303
    page = director.get(f"{location}?tab=structure").text
    assert "Lundi 6 avril" in page  # the .tdt's title names the structure
    assert page.count('data-test="structure-break"') == 3
    assert '<td class="num" data-test="big-blind">4,000</td>' in page  # level 12, as English writes


def test_a_json_file_and_its_levels_in_french(director: TestClient) -> None:
    status, location = create(
        director, "thursday.json", (DATA / "structure" / "thursday.json").read_bytes()
    )
    assert status == 303
    director.cookies.set("lang", "fr")
    page = director.get(f"{location}?tab=structure").text
    assert "Grosse blind" in page
    assert '<td class="num" data-test="big-blind">2\u202f000</td>' in page or (
        '<td class="num" data-test="big-blind">2 000</td>' in page
    )


def test_a_wrong_level_is_named_and_nothing_is_created(director: TestClient) -> None:
    before = director.get("/api/tournaments").json()
    status, text = create(
        director, "bad_level.json", (DATA / "structure" / "bad_level.json").read_bytes()
    )
    assert status == 400
    assert (
        "structure file &#39;bad_level.json&#39;: item 3 of the structure: "
        "small blind 400 is above the big blind 200"
    ) in text
    director.cookies.set("lang", "fr")
    status, text = create(director, "truncated.tdt", (DATA / "tdt" / "truncated.tdt").read_bytes())
    assert status == 400
    assert "fichier de structure &#39;truncated.tdt&#39;" in text
    assert "fichier .tdt mal formé, ligne 2, colonne 1" in text
    assert director.get("/api/tournaments").json() == before


def test_a_file_too_large_or_of_another_kind_is_refused(director: TestClient) -> None:
    before = director.get("/api/tournaments").json()
    status, text = create(director, "big.json", b" " * (MAX_STRUCTURE_FILE + 1))
    assert status == 400
    assert "the structure file is larger than 1 MB" in text
    status, text = create(director, "levels.xlsx", b"PK\x03\x04")
    assert status == 400
    assert "a structure file is a .json, .toml or .tdt file, not &#39;levels.xlsx&#39;" in text
    assert director.get("/api/tournaments").json() == before


def test_a_level_to_come_changes_from_the_structure_tab(director: TestClient) -> None:
    status, location = create(
        director, "thursday.json", (DATA / "structure" / "thursday.json").read_bytes()
    )
    assert status == 303
    tournament = location.rsplit("/", 1)[1]
    data = {"csrf": director.headers["X-CSRF-Token"], "tab": "structure", "level": "4",
            "small_blind": "300", "big_blind": "600", "ante": "100", "minutes": "25"}  # fmt: skip
    answer = director.post(f"/console/{tournament}/do/level-change", data=data)
    assert answer.status_code == 200
    page = director.get(f"/console/{tournament}?tab=structure").text
    assert '<tr data-level="4" class="">' in page
    row = page.split('<tr data-level="4"')[1].split("</tr>")[0]
    assert '"big-blind">600<' in row
    assert '"minutes">25<' in row
    log = director.get(f"/console/{tournament}?tab=log").text
    assert "level 4 changed: blinds 300/600, ante 100, 25 minutes" in log
    data |= {"small_blind": "x"}
    answer = director.post(f"/console/{tournament}/do/level-change", data=data)
    assert answer.status_code == 400
    assert "the small blind is a whole number, not &#39;x&#39;" in answer.text


def test_the_api_changes_a_level_and_refuses_the_level_in_play(director: TestClient) -> None:
    status, location = create(
        director, "thursday.json", (DATA / "structure" / "thursday.json").read_bytes()
    )
    assert status == 303
    commands = f"/api/tournaments/{location.rsplit('/', 1)[1]}/commands"
    body = {"command": "change-level", "level": 5, "small_blind": 500, "big_blind": 1000,
            "ante": 100, "minutes": 30}  # fmt: skip
    answer = director.post(commands, json=body)
    assert answer.status_code == 200, answer.text
    assert director.post(commands, json={"command": "start-clock"}).status_code == 200
    answer = director.post(commands, json=body | {"level": 1})
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["rule"] == "EVENT-STRUCTURE"


def horse_file() -> bytes:
    """A razz level to come (level 2), its bring-in not set, after limit hold'em."""
    levels = [
        {"type": "level", "small_blind": 50, "big_blind": 100, "game": "flhe"},
        {"type": "level", "small_blind": 100, "big_blind": 200, "ante": 25, "game": "razz"},
    ]
    data = {"starting_stack": 10_000, "chips": [25, 100], "items": levels}
    return json.dumps(data).encode()


def test_a_stud_levels_bring_in_is_set_in_the_structure_tab_and_checked(
    director: TestClient,
) -> None:
    status, location = create(director, "horse.json", horse_file())
    assert status == 303
    tournament = location.rsplit("/", 1)[1]
    page = director.get(f"/console/{tournament}?tab=structure&lang=fr").text
    razz = page.split('<tr data-level="2"')[1].split("</tr>")[0]
    assert 'name="bring_in" inputmode="numeric"' in razz
    assert 'value="" placeholder="50"' in razz  # the default: a quarter of the small bet
    assert "vide : 50, le quart de la petite mise" in razz
    flhe = page.split('<tr data-level="1"')[1].split("</tr>")[0]
    assert 'name="bring_in"' not in flhe  # a flop level has none
    data = {"csrf": director.headers["X-CSRF-Token"], "tab": "structure", "level": "2",
            "small_blind": "100", "big_blind": "200", "ante": "25", "minutes": "20"}  # fmt: skip
    url = f"/console/{tournament}/do/level-change?lang=fr"
    too_big = director.post(url, data=data | {"bring_in": "300"})
    assert too_big.status_code == 400
    assert "le bring-in 300 doit être supérieur à 0 et au plus la petite mise 200" in html.unescape(
        too_big.text
    )
    zero = director.post(url, data=data | {"bring_in": "0"})
    assert "le bring-in doit être supérieur à 0, pas &#39;0&#39;" in zero.text
    assert director.post(url, data=data | {"bring_in": "75"}).status_code == 200
    page = director.get(f"/console/{tournament}?tab=structure&lang=fr").text
    razz = page.split('<tr data-level="2"')[1].split("</tr>")[0]
    assert "Bring-in 75" in razz
    assert 'value="75" placeholder="50"' in razz
    log = director.get(f"/console/{tournament}?tab=log&lang=fr").text
    assert "niveau 2 modifié : blinds 100/200, ante 25, 20 minutes, bring-in 75" in log
    # emptied: the default again
    assert director.post(url, data=data | {"bring_in": ""}).status_code == 200
    razz = director.get(f"/console/{tournament}?tab=structure&lang=fr").text
    assert 'Bring-in 50 <span class="hint">(par défaut)' in razz
