"""``pokertd web``: start the web app on an event store, an SQLite file by default or a
PostgreSQL database (``make run`` uses ``--demo``).

The start-up checks and messages (a taken port, the addresses for phones, the QR code) are in
``pokertd.cli.web_startup``.
"""

from __future__ import annotations

import contextlib
import os
import random
import socket
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pokertd.cli import web_startup
from pokertd.cli.output import EXIT_MALFORMED, env_lang, fail, guarded, user_errors
from pokertd.present.words import Words, words_for

if TYPE_CHECKING:
    from fastapi import FastAPI

    from pokertd.service.clubs import Club
    from pokertd.web.tenants import Clubs


@click.command("web")
@click.option(
    "--db",
    "db",
    default="pokertd.db",
    show_default=True,
    envvar="POKERTD_DB",
    metavar="FILE|URL",
    help="The event store ($POKERTD_DB): the path of an SQLite event file, or a URL "
    "(sqlite:///absolute/path.db, sqlite:relative/path.db, "
    "postgresql://user:password@host/database).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on: 0.0.0.0 serves the club's Wi-Fi (phones, the TV) and prints "
    "this machine's addresses with a QR code of the player lookup page.",
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(1, 65535),
    help="Port to listen on; when it is taken, pokertd says which free port to try.",
)
@click.option(
    "--lang",
    metavar="LANG",
    help="Language of the start-up text: en or fr (default: $POKERTD_LANG, else $LANG).",
)
@click.option(
    "--demo",
    is_flag=True,
    help="Create the demo event, named in the language of --lang, if the file holds no "
    "tournament (POKERTD_SEED: its draw).",
)
@click.option(
    "--password",
    metavar="TEXT",
    envvar="POKERTD_PASSWORD",
    help="Set the director's password (else drawn and printed at the first start).",
)
@click.option(
    "--backups",
    "backups",
    metavar="DIR",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder of the automatic backups (default: backups/ beside the event file).",
)
@click.option(
    "--keep",
    default=20,
    metavar="N",
    type=click.IntRange(0),
    help="Automatic backups kept, the oldest removed first (default 20; 0 makes none).",
)
@click.option(
    "--secure-cookies",
    is_flag=True,
    envvar="POKERTD_SECURE_COOKIES",
    help="Mark the session cookie Secure (HTTPS only): behind an HTTPS proxy that uvicorn "
    "does not trust for X-Forwarded-Proto (see docs/security.md).",
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    metavar="N",
    help="Server processes sharing the port and a PostgreSQL database (--db postgresql://...): "
    "a command taken by one is pushed to the pages of all (docs/deploy.md).",
)
@click.option(
    "--clubs",
    is_flag=True,
    help="Serve several clubs, each at its own host names: --db is then the server's register "
    "of clubs (pokertd club add), each club's events in a store of its own (docs/deploy.md).",
)
@click.option(
    "--admin-host",
    metavar="HOST",
    envvar="POKERTD_ADMIN_HOST",
    help="With --clubs: the host name of the server administrator's pages, which list the "
    "clubs and add one ($POKERTD_ADMIN_HOST); no club may answer at it.",
)
@click.option(
    "--admin-password-file",
    metavar="FILE",
    envvar="POKERTD_ADMIN_PASSWORD_FILE",
    type=click.Path(dir_okay=False),
    help="With --admin-host: a file whose first line sets the administrator's password "
    "(default: drawn at the first start and printed once).",
)
@guarded
def web_command(
    db: str,
    host: str,
    port: int,
    lang: str | None,
    demo: bool,
    password: str | None,
    backups: Path | None,
    keep: int,
    secure_cookies: bool,
    workers: int,
    clubs: bool,
    admin_host: str | None,
    admin_password_file: str | None,
) -> None:
    """Start the web app: director's console, clock and seating displays, player lookup, table
    app and floor assistant; its JSON API is documented at /api/docs. See docs/deploy.md for
    phones on the club's Wi-Fi, a TV in kiosk mode, Docker and systemd."""
    import uvicorn

    from pokertd.store import shown_location, sqlite_path
    from pokertd.store.locations import postgres_url

    words = words_for(lang) if lang else words_for(env_lang(), source="POKERTD_LANG")
    with user_errors(words.lang):  # a store that cannot be opened is told in the language asked
        file = sqlite_path(db)  # a location that names no store: told before the port is bound
        if workers > 1 and postgres_url(db) is None:
            fail(_one_process(workers, file, words), status=EXIT_MALFORMED, lang=words.lang)
        if clubs and password is not None:
            fail(
                words("--password sets one club's password: with --clubs, use pokertd club add"),
                status=EXIT_MALFORMED,
                lang=words.lang,
            )
        if clubs and demo:
            fail(
                words("--demo seeds one club's event file: with --clubs, it has none"),
                status=EXIT_MALFORMED,
                lang=words.lang,
            )
        if (admin_host or admin_password_file) and not clubs:
            fail(
                words("--admin-host serves a server of clubs' administrator: add --clubs"),
                status=EXIT_MALFORMED,
                lang=words.lang,
            )
        if clubs:
            admin = (admin_host or "", admin_password_file)
            _serve_clubs(db, host, port, keep, secure_cookies, workers, words, admin)
            return
        # bound first: a taken port is told before anything is created (or a password drawn)
        listening = web_startup.listen(host, port, words)
        try:
            # the demo event's name is data, kept as written: in the language the server speaks
            name = words("Saturday tournament (demo)") if demo else None
            created, app = _start(db, file, name, password, backups, keep, secure_cookies)
        except BaseException:
            listening.close()
            raise
    web_startup.announce(
        host,
        port,
        file if file is not None else shown_location(db),
        created=created,
        drawn_password=app.state.drawn_password,
        words=words,
    )
    if workers > 1:
        _serve_workers(db, workers, secure_cookies, listening)
        return
    # No permessage-deflate: each socket's copy of a document would be compressed on its own,
    # which made a broadcast to 500 displays cost seconds of CPU (docs/security.md).
    config = uvicorn.Config(app, log_level="warning", ws_per_message_deflate=False)
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C: uvicorn has stopped the app cleanly
        server.run(sockets=[listening])  # serves on the socket bound above: no second bind


def _start(
    db: str,
    file: str | None,
    demo: str | None,
    password: str | None,
    backups: Path | None,
    keep: int,
    secure_cookies: bool,
) -> tuple[str | None, FastAPI]:
    """Seed the demo event called ``demo`` if one is named, then create the app; return the
    demo event and the app."""
    from pokertd.service.auto_backups import BackupPolicy
    from pokertd.service.demo import seed_demo
    from pokertd.service.tournaments import TournamentService
    from pokertd.store import open_store
    from pokertd.web import create_app

    created = None
    if demo is not None:
        seed = os.environ.get("POKERTD_SEED", "")
        rng = random.Random(int(seed)) if seed.isdigit() else None  # a repeatable demo draw
        with contextlib.closing(open_store(db)) as store:
            created = seed_demo(TournamentService(store, rng=rng), demo)
    # automatic backups copy the SQLite file (docs/backups.md): none for another store (a
    # PostgreSQL database is backed up by its own tools, docs/deploy.md)
    policy = BackupPolicy.beside(Path(file), backups, keep) if keep and file else None
    return created, create_app(db, password=password, backups=policy, secure_cookies=secure_cookies)


def _one_process(workers: int, file: str | None, words: Words) -> str:
    """Why ``--workers`` is refused on a store that is not a PostgreSQL database."""
    if file is None:
        return words(
            "--workers {workers} needs a PostgreSQL database (--db postgresql://...): "
            "the workers share their events and pushes through it",
            workers=workers,
        )
    return words(
        "--workers {workers} needs a PostgreSQL database (--db postgresql://...): the SQLite "
        "file {file} is written by one process at a time, and its workers could not push "
        "their changes to each other's pages",
        workers=workers,
        file=file,
    )


def _serve_workers(
    db: str,
    workers: int,
    secure_cookies: bool,
    listening: socket.socket,
    *,
    clubs: bool = False,
    admin_host: str = "",
) -> None:
    """Serve with ``workers`` processes on the socket bound here (uvicorn's supervisor, which
    starts a new one when one dies); each creates its app (``pokertd.web.worker``)."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from pokertd.web import worker

    os.environ[worker.WORKER_DB] = db  # the workers are new processes: they read it there
    os.environ[worker.WORKER_SECURE] = "1" if secure_cookies else ""
    os.environ[worker.WORKER_CLUBS] = "1" if clubs else ""
    os.environ[worker.WORKER_ADMIN_HOST] = admin_host
    config = uvicorn.Config(
        "pokertd.web.worker:worker_app",
        factory=True,
        workers=workers,
        log_level="warning",
        ws_per_message_deflate=False,  # as one process: see web_command
    )
    Multiprocess(config, sockets=[listening]).run()


def _serve_clubs(
    db: str,
    host: str,
    port: int,
    keep: int,
    secure_cookies: bool,
    workers: int,
    words: Words,
    admin: tuple[str, str | None],
) -> None:
    """Serve the clubs of the register ``db``, each at its host names (``pokertd.web.tenants``),
    and the administrator's pages at ``admin``'s host name (its password file); print where
    each answers, and a password drawn for a club (or the administrator) that had none."""
    import uvicorn

    from pokertd.service.auto_backups import BackupPolicy
    from pokertd.store import sqlite_path
    from pokertd.web.admin import admin_password
    from pokertd.web.tenants import create_server

    def backups(club: Club) -> BackupPolicy | None:
        file = sqlite_path(club.location)
        return BackupPolicy.beside(Path(file), None, keep) if keep and file else None

    listening = web_startup.listen(host, port, words)
    try:
        server = create_server(
            db,
            secure_cookies=secure_cookies,
            backups=backups,
            admin_host=admin[0],
            admin_password=admin_password(admin[1]),
        )
        if workers > 1:
            _check_shared(server, words)
    except BaseException:
        listening.close()
        raise
    click.echo(
        words(
            "pokertd web app for {count} clubs on port {port}", count=len(server.clubs), port=port
        )
    )
    for club in server.clubs:
        click.echo(f"  {club.slug}: " + " ".join(f"http://{h}:{port}/" for h in club.hosts))
        if club.slug in server.drawn:
            click.echo(
                "  "
                + words(
                    "  director's password (shown once, keep it): {password}",
                    password=server.drawn[club.slug],
                )
            )
    _announce_admin(server, admin[0], port, words)
    if workers > 1:
        _serve_workers(db, workers, secure_cookies, listening, clubs=True, admin_host=admin[0])
        return
    config = uvicorn.Config(server, log_level="warning", ws_per_message_deflate=False)
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(config).run(sockets=[listening])


def _announce_admin(server: Clubs, host: str, port: int, words: Words) -> None:
    """Print the administrator's address, and his password when it was drawn now."""
    if server.admin_app is None:
        return
    click.echo(words("  server administrator: http://{host}:{port}/admin", host=host, port=port))
    drawn = server.admin_app.state.drawn_password
    if drawn:
        click.echo(
            words("  administrator's password (shown once, keep it): {password}", password=drawn)
        )


def _check_shared(server: Clubs, words: Words) -> None:
    """Refuse ``--workers`` when a club's events are in an SQLite file (one writer at a time)."""
    from pokertd.store.locations import postgres_url

    for club in server.clubs:
        if postgres_url(club.location) is None:
            fail(
                words(
                    "--workers needs every club's events in a PostgreSQL database: the club "
                    "{slug}'s are in an SQLite file",
                    slug=club.slug,
                ),
                status=EXIT_MALFORMED,
                lang=words.lang,
            )
