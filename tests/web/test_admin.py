"""The server administrator's pages (issue 21, ``pokertd.web.admin``): at the administrator's host
name only, behind his own password (hashed, the login throttled, a CSRF token in each form, a
session of the server's); they list the clubs and add one, which is served at its next request.
Every route refuses a visitor and a club's director (``ROUTES``).
"""

from __future__ import annotations

import contextlib
import datetime
import warnings
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from click.testing import CliRunner

from pokertd.cli.main import cli
from pokertd.service.clubs import ClubRegistry
from pokertd.store import open_store
from pokertd.web import admin
from pokertd.web.sessions import COOKIE
from pokertd.web.tenants import Clubs, create_server

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

ADMIN = "mot-de-passe-admin"
ALPHA = "mot-de-passe-alpha"
NOW = datetime.datetime(2026, 11, 27, 20, 0, tzinfo=datetime.UTC)
NEW_CLUB = {"slug": "beta", "name": "Club Bêta", "hosts": "beta.test", "password": "secret-beta-1"}


@pytest.fixture
def db(tmp_path: Path) -> str:
    server = str(tmp_path / "server.db")
    options = ["--name", "Club Alpha", "--host", "alpha.test", "--password", ALPHA]
    added = CliRunner().invoke(cli, ["club", "add", "alpha", *options, "--db", server])
    assert added.exit_code == 0, added.output
    return server


@pytest.fixture
def server(db: str) -> Clubs:
    return create_server(db, admin_host="admin.test", admin_password=ADMIN)


@pytest.fixture
def client(server: Clubs) -> Iterator[TestClient]:
    with TestClient(server, base_url="http://admin.test") as test_client:
        yield test_client


def csrf_of(client: TestClient) -> str:
    """The CSRF token of the page's forms (the session's)."""
    page = client.get("/admin").text
    return page.split('name="csrf" value="', 1)[1].split('"', 1)[0]


def logged_in(client: TestClient) -> str:
    answer = client.post(
        "/admin/login",
        data={"csrf": csrf_of(client), "password": ADMIN},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    return csrf_of(client)


def clubs(db: str) -> list[str]:
    with contextlib.closing(open_store(db)) as store:
        return [club.slug for club in ClubRegistry(store).clubs()]


def test_the_admin_app_declares_every_route(server: Clubs) -> None:
    found = {
        f"{method} {route.path}"
        for route in server.admin_app.routes
        for method in getattr(route, "methods", ())
        if method != "HEAD" and route.path != "/static"
    }
    assert found == set(admin.ROUTES)


def test_a_visitor_gets_the_login_form_and_adds_nothing(client: TestClient, db: str) -> None:
    page = client.get("/admin")
    assert page.status_code == 200
    assert 'action="/admin/login"' in page.text
    assert "alpha.test" not in page.text  # no club listed
    for route, open_to_visitors in admin.ROUTES.items():
        method, path = route.split(" ")
        if not open_to_visitors:
            answer = client.request(method, path, data={"csrf": csrf_of(client), **NEW_CLUB})
            assert answer.status_code == 401, route
            assert 'action="/admin/login"' in answer.text
    assert clubs(db) == ["alpha"]


def test_a_clubs_director_is_no_administrator(client: TestClient, db: str) -> None:
    """Logged in at his club's address; his cookie carried to the administrator's host name
    opens nothing there (another book of sessions), and his password is not the admin's."""
    client.base_url = client.base_url.copy_with(host="alpha.test")
    answer = client.post("/api/login", json={"password": ALPHA})
    assert answer.status_code == 200, answer.text
    session = client.cookies.get(COOKIE, domain="alpha.test")
    assert session
    client.base_url = client.base_url.copy_with(host="admin.test")
    client.cookies.set(COOKIE, session, domain="admin.test")
    assert 'action="/admin/login"' in client.get("/admin").text
    added = client.post("/admin/clubs", data={"csrf": csrf_of(client), **NEW_CLUB})
    assert added.status_code == 401
    wrong = client.post("/admin/login", data={"csrf": csrf_of(client), "password": ALPHA})
    assert wrong.status_code == 401
    assert "Wrong password." in wrong.text
    assert clubs(db) == ["alpha"]


def test_the_admin_lists_the_clubs_and_adds_one_served_at_once(client: TestClient, db: str) -> None:
    csrf = logged_in(client)
    page = client.get("/admin").text
    assert "Club Alpha" in page
    assert "alpha.test" in page
    assert "alpha.db" in page  # its store
    added = client.post("/admin/clubs", data={"csrf": csrf, **NEW_CLUB})
    assert added.status_code == 201, added.text
    assert "Club added: Club Bêta." in added.text
    assert "http://beta.test/" in added.text
    assert clubs(db) == ["alpha", "beta"]
    client.base_url = client.base_url.copy_with(host="beta.test")
    login = client.post("/api/login", json={"password": NEW_CLUB["password"]})
    assert login.status_code == 200, login.text


@pytest.mark.parametrize(
    ("field", "value", "status", "said"),
    [
        ("slug", "Bêta!", 400, "a club's short name is 2 to 40 lower-case letters"),
        ("slug", "alpha", 409, "there is already a club 'alpha'"),
        ("hosts", "alpha.test", 409, "the host name alpha.test is already the club 'alpha''s"),
        ("hosts", "admin.test", 409, "the host name admin.test is the server administrator's"),
        ("hosts", "not a host!", 400, "is not a host name"),
        ("name", " ", 400, "a club's name is 1 to 120 printable characters"),
        ("password", "court", 400, "the director's password needs 10 to 1000 characters"),
    ],
)
def test_a_club_refused_says_why_and_adds_nothing(
    client: TestClient, db: str, field: str, value: str, status: int, said: str
) -> None:
    csrf = logged_in(client)
    answer = client.post("/admin/clubs", data={"csrf": csrf, **{**NEW_CLUB, field: value}})
    assert answer.status_code == status
    assert said in answer.text.replace("&#39;", "'")
    assert clubs(db) == ["alpha"]
    assert not (Path(db).parent / "clubs" / "beta.db").exists() or field == "password"


def test_a_form_without_its_csrf_token_is_refused(client: TestClient, db: str) -> None:
    logged_in(client)
    answer = client.post("/admin/clubs", data=NEW_CLUB)
    assert answer.status_code == 403
    assert clubs(db) == ["alpha"]


def test_wrong_passwords_are_throttled(client: TestClient) -> None:
    for _ in range(5):
        wrong = client.post("/admin/login", data={"csrf": csrf_of(client), "password": "guess"})
        assert wrong.status_code == 401
    refused = client.post("/admin/login", data={"csrf": csrf_of(client), "password": ADMIN})
    assert refused.status_code == 429
    assert "too many wrong passwords" in refused.text
    assert int(refused.headers["Retry-After"]) >= 1


def test_logout_ends_the_session(client: TestClient, db: str) -> None:
    csrf = logged_in(client)
    logout = client.post("/admin/logout", data={"csrf": csrf}, follow_redirects=False)
    assert logout.status_code == 303
    answer = client.post("/admin/clubs", data={"csrf": csrf_of(client), **NEW_CLUB})
    assert answer.status_code == 401
    assert clubs(db) == ["alpha"]


def test_the_admin_pages_speak_french(client: TestClient) -> None:
    client.headers["Accept-Language"] = "fr-FR"
    assert "Connexion de l'administrateur du serveur" in client.get("/admin").text.replace(
        "&#39;", "'"
    )
    logged_in(client)
    assert "Clubs du serveur" in client.get("/admin").text


def test_the_admin_host_name_is_no_clubs_and_a_club_host_shows_no_admin(
    client: TestClient, db: str
) -> None:
    client.base_url = client.base_url.copy_with(host="alpha.test")
    assert client.get("/admin").status_code in (401, 404)  # the club's app: no such page
    with pytest.raises(Exception, match="already the club 'alpha'"):
        create_server(db, admin_host="alpha.test", admin_password=ADMIN)


def test_admin_host_needs_clubs(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["web", "--db", str(tmp_path / "club.db"), "--admin-host", "admin.test"]
    )
    assert result.exit_code != 0
    assert "--admin-host serves a server of clubs' administrator: add --clubs" in result.output


def test_on_postgresql_the_admin_adds_a_club_in_a_database_of_its_own(postgres_url: str) -> None:
    """The register in PostgreSQL: the club's database is created beside it; the sessions and
    the wrong passwords are in the server's database (every worker's)."""
    server = create_server(postgres_url, admin_host="admin.test", admin_password=ADMIN)
    with TestClient(server, base_url="http://admin.test") as client:
        wrong = client.post("/admin/login", data={"csrf": csrf_of(client), "password": "guess"})
        assert wrong.status_code == 401
        added = client.post("/admin/clubs", data={"csrf": logged_in(client), **NEW_CLUB})
        assert added.status_code == 201, added.text
        client.base_url = client.base_url.copy_with(host="beta.test")
        login = client.post("/api/login", json={"password": NEW_CLUB["password"]})
        assert login.status_code == 200, login.text
    assert clubs(postgres_url) == ["beta"]
    with contextlib.closing(open_store(postgres_url)) as store:
        (club,) = ClubRegistry(store).clubs()
    assert urlsplit(club.location).path.endswith("_beta")
