"""``pokertd web``: start the web app on an SQLite event file (``make run`` uses ``--demo``)."""

from __future__ import annotations

import contextlib
import os
import random
from pathlib import Path

import click

from pokertd.cli.output import guarded


@click.command("web")
@click.option(
    "--db",
    "db",
    default="pokertd.db",
    show_default=True,
    metavar="FILE",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The SQLite event file.",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--demo",
    is_flag=True,
    help="Create the demo event if the file holds no tournament (POKERTD_SEED: its draw).",
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
@guarded
def web_command(
    db: Path,
    host: str,
    port: int,
    demo: bool,
    password: str | None,
    backups: Path | None,
    keep: int,
) -> None:
    """Start the web app: director's console, clock and seating displays, player lookup, table
    app and floor assistant; its JSON API is documented at /api/docs."""
    import uvicorn

    from pokertd.service.auto_backups import BackupPolicy
    from pokertd.service.demo import seed_demo
    from pokertd.service.tournaments import TournamentService
    from pokertd.store import SQLiteEventStore
    from pokertd.web import create_app

    created = None
    if demo:
        seed = os.environ.get("POKERTD_SEED", "")
        rng = random.Random(int(seed)) if seed.isdigit() else None  # a repeatable demo draw
        with contextlib.closing(SQLiteEventStore(db)) as store:
            created = seed_demo(TournamentService(store, rng=rng))
    policy = BackupPolicy.beside(db, backups, keep) if keep else None  # see docs/backups.md
    app = create_app(db, password=password, backups=policy)
    base = f"http://{host}:{port}"
    click.echo(f"pokertd web app on {base}  (event file {db})")
    if created:
        click.echo(f"Demo event created: {created}")
    click.echo(f"  Director's console:  {base}/console")
    click.echo(f"  Clock display:       {base}/display/1/clock")
    click.echo(f"  Seating display:     {base}/display/1/seating")
    click.echo(f"  Find my seat:        {base}/lookup")
    click.echo(f"  Floor assistant:     {base}/floor")
    click.echo(f"  HTTP API:            {base}/api/docs")
    drawn = app.state.drawn_password
    if drawn:
        click.echo(f"Director's password (shown once, keep it): {drawn}")
    else:
        click.echo("Director's password: the one set at the first start (--password replaces it)")
    uvicorn.run(app, host=host, port=port, log_level="warning")
