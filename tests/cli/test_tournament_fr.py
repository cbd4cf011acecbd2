"""``pokertd tournament`` in French: ``--lang fr`` or ``POKERTD_LANG=fr``; JSON is unchanged.

Errors are in French too, after ``erreur : ``: the command line's own and the refusals of the
tournament, which keep their rule id and their exit status.

Run in-process with click's CliRunner, the clock fixed with ``POKERTD_NOW`` and the draws seeded
with ``POKERTD_SEED``; the seating is read back from ``tables --json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pokertd.cli.main import cli
from pokertd.messages import message
from pokertd.present.i18n import render
from pokertd.present.words import FRENCH
from pokertd.tournament.state import EntryStatus

T0 = "2026-03-06T19:00:00+00:00"
NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès", "Jules"]


def run(db: Path, *args: str, now: str = T0, **env: str) -> Result:
    """Run ``pokertd tournament ARGS --db DB`` (English unless told otherwise)."""
    environment: dict[str, str | None] = {
        "POKERTD_NOW": now,
        "POKERTD_SEED": "7",
        "POKERTD_DB": None,
        "POKERTD_LANG": None,
        **env,
    }
    return CliRunner().invoke(cli, ["tournament", *args, "--db", str(db)], env=environment)


def french(db: Path, *args: str, now: str = T0) -> str:
    """Run a command with ``--lang fr``; it must succeed."""
    result = run(db, *args, "--lang", "fr", now=now)
    assert result.exit_code == 0, result.output
    return result.stdout


def tables(db: Path) -> dict[int, list[int]]:
    """Return the entries at each table, by seat."""
    listed = json.loads(run(db, "tables", "--json").stdout)["tables"]
    return {table["table"]: [seat["entry"] for seat in table["seats"]] for table in listed}


def test_a_short_event_in_french(tmp_path: Path) -> None:
    db = tmp_path / "vendredi.db"
    created = french(db, "create", "--title", "Vendredi", "--template", "turbo", "--profile", "lfp")
    assert "tournoi créé : 'Vendredi', profil lfp" in created
    assert "pas d'inscription tardive après le tirage" in created
    registered = french(db, "register", *NAMES)
    assert "#7 Gaëlle inscrit(e)" in registered
    assert "#3 Chloé présent(e)" in french(db, "check-in", "1-9")
    assert french(db, "draw").startswith("tirage des places : 10 joueurs à 2 table(s)")

    clock = french(db, "clock")
    assert "Niveau 1 : 100/200" in clock
    assert "Temps restant : 12:00 (pas lancée)" in clock
    started = french(db, "clock", "start")
    assert started.startswith("horloge lancée\n")
    assert "Temps restant : 12:00 (en marche)" in started
    assert "Niveau suivant : 150/300" in started
    assert "Prochaine pause dans : 60:00" in started

    seated = tables(db)
    shown = french(db, "tables")
    assert "Table 1 : 5 sièges occupés sur 9" in shown
    assert "absent(e)" in shown  # Jules did not check in
    assert {"BTN", "PB", "GB"} <= set(shown.split())
    upcoming = french(db, "hand", "next", "1")
    assert upcoming.startswith("Table 1, prochaine main\n  bouton :        siège ")
    assert "\n  petite blinde : siège " in upcoming
    assert "\n  grosse blinde : siège " in upcoming
    hand = french(db, "hand", "start", "1")
    assert hand.startswith("table 1 main 1 commencée au niveau 1 (100/200)")
    assert "petite blinde siège" in hand
    assert "5 joueurs servis" in hand

    # Three busted in one hand: two with the same stack share 9th and 10th place (LFP 8.16).
    first, second, third = seated[1][:3]
    busted = french(db, "bust", str(first), str(second), str(third),
                    "--stack", f"{first}=900", "--stack", f"{second}=900",
                    "--stack", f"{third}=2500")  # fmt: skip
    assert "éliminé(e) à la 8e place (tapis de 2500 en début de main)" in busted
    assert busted.count("éliminé(e), places 9-10 partagées (tapis de 900 en début de main)") == 2
    assert "des déplacements sont à faire : voir `pokertd tournament moves`" in busted
    assert "table 1 main 1 terminée" in french(db, "hand", "finish", "1")

    due = french(db, "moves")
    assert due.startswith("déplacements à faire, pas encore proposés")
    assert "table finale" in due
    assert french(db, "moves", "propose").startswith("déplacements proposés (à confirmer) :")
    confirmed = french(db, "moves", "confirm")
    assert "joueurs déplacés :" in confirmed
    assert "siège" in confirmed
    assert "table 2 fermée" in confirmed or "table 1 fermée" in confirmed

    standings = french(db, "standings")
    assert standings.startswith("place")
    assert "entrée" in standings.splitlines()[0]
    assert "9-10" in standings
    assert "éliminé(e)" in standings
    assert "en jeu" in standings
    status = french(db, "status")
    assert status.startswith("Vendredi (tournament-1, profil lfp), journée 1")
    assert "Niveau 1 : 100/200, reste 12:00 (en marche)" in status
    assert "Joueurs restants : 7 sur 10 entrées, tapis moyen" in status
    assert "Inscriptions : closes" in status
    assert "Déplacements : aucun à faire" in status

    log = french(db, "log", "--last", "3")
    assert "joueurs déplacés :" in log
    assert "le bouton est au siège" in log
    assert "[annulé]" in french(db, "undo") + french(db, "log", "--last", "2")


def test_french_places_clock_and_day(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    french(db, "create", "--title", "Club", "--template", "turbo")
    french(db, "register", "Alice", "Bruno", "Chloé")
    french(db, "draw")
    french(db, "clock", "start")
    later = "2026-03-06T19:01:30+00:00"
    assert "Temps restant : 10:30 (en pause)" in french(db, "clock", "pause", now=later)
    assert "Temps restant : 10:30 (en marche)" in french(db, "clock", "resume", now=later)
    held = french(db, "hfh", "start", now=later)
    assert held.startswith("début du main pour main")
    assert "Main pour main : en cours" in held
    announced = french(db, "day", "last-hands", "3", now=later)
    assert "les 3 dernières mains de la journée sont annoncées" in announced
    warned = french(db, "penalty", "2", "--warning", "--reason", "bavardage", now=later)
    assert "#2 Bruno averti(e) (bavardage; TDA 71A, TDA 71B)" in warned
    assert "#1 Alice éliminé(e) à la 3e place" in french(db, "bust", "1", now=later)
    final = french(db, "bust", "2", now=later)
    assert "#2 Bruno éliminé(e) à la 2e place" in final
    assert "#3 Chloé remporte le tournoi" in final
    assert "Vainqueur : #3 Chloé" in french(db, "status", now=later)
    assert "vainqueur" in french(db, "standings", now=later)


def test_json_is_the_same_in_both_languages(tmp_path: Path) -> None:
    english, francais = tmp_path / "en.db", tmp_path / "fr.db"
    steps = [
        ("create", "--title", "Vendredi", "--template", "turbo"),
        ("register", *NAMES),
        ("check-in", "1-10"),
        ("draw",),
        ("clock", "start"),
        ("hand", "start", "1"),
        ("bust", "1", "2", "--stack", "1=900", "--stack", "2=900"),
        ("hand", "finish", "1"),
        ("moves",),
        ("moves", "propose"),
        ("moves", "confirm"),
        ("clock",),
        ("tables",),
        ("hand", "next", "1"),
        ("entries", "--all"),
        ("standings",),
        ("status",),
        ("list",),
        ("log",),
    ]
    for step in steps:
        told_en = run(english, *step, "--json")
        told_fr = run(francais, *step, "--json", "--lang", "fr")
        assert told_en.exit_code == told_fr.exit_code == 0, step
        assert told_en.stdout == told_fr.stdout, step
        json.loads(told_fr.stdout)


def test_pokertd_lang_sets_the_default(tmp_path: Path) -> None:
    db = tmp_path / "event.db"
    created = run(db, "create", "--title", "Lundi", POKERTD_LANG="fr")
    assert created.exit_code == 0
    assert created.stdout.startswith("tournoi créé : 'Lundi'")
    english = run(db, "status", "--lang", "en", POKERTD_LANG="fr")  # the option wins
    assert "Registration: open" in english.stdout
    assert "Inscriptions : ouvertes" in run(db, "status", POKERTD_LANG="fr").stdout
    # Given to the group, the option reaches every subcommand.
    grouped = CliRunner().invoke(
        cli,
        ["tournament", "--lang", "fr", "--db", str(db), "status"],
        env={"POKERTD_NOW": T0, "POKERTD_LANG": None},
    )
    assert "Inscriptions : ouvertes" in grouped.stdout
    assert "Registration: open" in run(db, "status", POKERTD_LANG="").stdout


def assert_malformed(result: Result, *fragments: str, prefix: str = "error: ") -> None:
    """Malformed input: exit 1, one line on stderr (``erreur : ...`` in French), no traceback."""
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert result.stderr.startswith(prefix)
    assert result.stderr.count("\n") == 1
    for fragment in fragments:
        assert fragment in result.stderr


def assert_refused(result: Result, rule: str, text: str) -> None:
    """A rule refusal in French: exit 2, ``erreur : TEXT (RULE)`` on one line, nothing on stdout."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr == f"erreur : {text} ({rule})\n"


@pytest.mark.parametrize("extra", [(), ("--json",)])
def test_an_unknown_language_is_malformed(tmp_path: Path, extra: tuple[str, ...]) -> None:
    db = tmp_path / "event.db"
    assert run(db, "create", "--title", "Lundi").exit_code == 0
    assert_malformed(run(db, "status", "--lang", "xx", *extra), "--lang is en or fr, not 'xx'")
    assert_malformed(
        run(db, "status", *extra, POKERTD_LANG="de"), "POKERTD_LANG is en or fr, not 'de'"
    )
    assert_malformed(run(db, "create", "--title", "Mardi", "--lang", "FR"), "'FR'")
    assert len(json.loads(run(db, "list", "--json").stdout)) == 1  # nothing created


def test_errors_of_the_command_line_are_in_french(tmp_path: Path) -> None:
    db = tmp_path / "event.db"
    missing = run(db, "status", "--lang", "fr")
    assert_malformed(missing, "il n'y a pas de fichier d'événements", prefix="erreur : ")
    french(db, "create", "--title", "Lundi")
    french(db, "register", "Alice", "Bruno")
    french(db, "draw")
    assert_malformed(
        run(db, "bust", "Alice", "--lang", "fr"),
        "une entrée est un numéro comme 12 ou #12",
        prefix="erreur : ",
    )
    assert_malformed(
        run(db, "stack", "1", "12.5", "--lang", "fr"), "nombre entier de jetons", prefix="erreur : "
    )
    assert_malformed(
        run(db, "day", "end", "--lang", "fr"), "donnez les tapis mis en sac", prefix="erreur : "
    )
    assert_refused(
        run(db, "draw", "--lang", "fr"), "SEAT-DRAW", "le tirage des places est déjà fait"
    )
    assert run(db, "draw").stderr == "error: the seats are already drawn (SEAT-DRAW)\n"


def test_the_refusals_of_the_rules_are_in_french(tmp_path: Path) -> None:
    """The domain's refusals in French, with their rule id and their exit status: 2 when a rule
    forbids it, 1 for what does not exist or makes no sense."""
    db = tmp_path / "lundi.db"

    def in_french(*args: str, now: str = T0) -> Result:
        return run(db, *args, now=now, POKERTD_LANG="fr")

    french(db, "create", "--title", "Lundi", "--template", "turbo", "--late-levels", "2")
    french(db, "register", "Alice", "Bruno", "Chloé", "David")
    french(db, "draw")
    prefix = "erreur : "
    assert_malformed(in_french("bust", "99"), "il n'y a pas d'entrée 99", prefix=prefix)
    assert_malformed(
        in_french("hand", "next", "9"), "il n'y a pas de table 9 en jeu", prefix=prefix
    )
    assert_malformed(
        in_french("break-order", "1", "1"), "figure deux fois dans l'ordre", prefix=prefix
    )
    assert_refused(in_french("draw"), "SEAT-DRAW", "le tirage des places est déjà fait")

    french(db, "clock", "start")
    french(db, "hand", "start", "1")
    assert_refused(
        in_french("hand", "start", "1"), "EVENT-STATE", "une main est déjà en cours à la table 1"
    )
    french(db, "hand", "finish", "1")
    assert_refused(
        in_french("moves", "propose"),
        "EVENT-STATE",
        "aucun déplacement à faire : les tables sont équilibrées",
    )
    first, second = tables(db)[1][:2]
    listed = json.loads(run(db, "entries", "--json").stdout)["entries"]
    seat = {entry["entry"]: entry["seat"] for entry in listed}[second]
    assert_refused(
        in_french("moves", "confirm", "--move", f"{first}:1:{seat}"),
        "EVENT-STATE",
        f"le siège {seat} de la table 1 est occupé par l'entrée {second}",
    )
    assert_refused(
        in_french("day", "last-hands", "25"),
        "DAY-END",
        "annoncez de 1 à 20 dernières mains, pas 25",
    )
    five_minutes_in = "2026-03-06T19:05:00+00:00"
    assert_refused(
        in_french("clock", "adjust", "10:00", now=five_minutes_in),
        "LVL-TIMER",
        "on ne peut ajouter que 5:00 à ce niveau",
    )
    assert_refused(in_french("hfh", "end"), "EVENT-STATE", "le main pour main n'est pas en cours")
    assert_refused(
        in_french("withdraw", "1"),
        "EVENT-STATE",
        "l'entrée 1 a le statut « en jeu » : seule une entrée sans siège peut se désinscrire",
    )

    french(db, "clock", "skip")
    french(db, "clock", "skip")  # level 3: late registration closed after level 2
    closed = "inscriptions closes après le niveau 2"
    assert_refused(in_french("register", "Zoé"), "SEAT-LATE-WINDOW", closed)
    assert_refused(in_french("reenter", "1"), "BUY-REENTRY", closed)
    english = run(db, "register", "Zoé")
    assert english.stderr == "error: registration closed after level 2 (SEAT-LATE-WINDOW)\n"
    assert english.exit_code == 2


def test_an_import_reports_its_rows_in_french(tmp_path: Path) -> None:
    db = tmp_path / "event.db"
    french(db, "create", "--title", "Lundi")
    french(db, "register", "Alice", "Bruno")
    french(db, "draw")
    players = tmp_path / "retard.csv"
    players.write_text("name\nZoé\n", "utf-8")
    result = run(db, "import", str(players), "--lang", "fr")
    closed = "inscriptions closes dès le tirage des places (SEAT-LATE-WINDOW)"
    assert result.exit_code == 2
    assert f"ligne 2 : Zoé non inscrit(e) : {closed}" in result.stdout
    assert result.stderr == (
        f"erreur : lignes non inscrites : 1 sur 1 ; la première, ligne 2 : {closed}\n"
    )
    document = json.loads(run(db, "import", str(players), "--json", "--lang", "fr").stdout)
    assert document["rows"][0]["error"] == (
        "registration closed once the seats are drawn (SEAT-LATE-WINDOW)"
    )


def test_the_statuses_in_refusals_read_as_the_command_line_shows_them() -> None:
    # one source: the catalogue's terms (context EntryStatus), in a refusal's message and in a table
    refused = {status: render(message("{status}", status=status), "fr") for status in EntryStatus}
    assert {status: FRENCH.term(status) for status in EntryStatus} == refused
    assert refused == {
        EntryStatus.REGISTERED: "inscrit(e)",
        EntryStatus.ALTERNATE: "remplaçant(e)",
        EntryStatus.SEATED: "en jeu",
        EntryStatus.BUSTED: "éliminé(e)",
        EntryStatus.QUIT: "parti(e)",
        EntryStatus.DISQUALIFIED: "disqualifié(e)",
        EntryStatus.WITHDRAWN: "désinscrit(e)",
        EntryStatus.REENTERED: "re-entry",
    }


def test_english_stays_the_default(tmp_path: Path) -> None:
    db = tmp_path / "event.db"
    result = run(db, "create", "--title", "Lundi")
    assert result.stdout.startswith("tournament created: 'Lundi', profile tda-2017")
    assert run(db, "entries").stdout == "no entry still in (--all shows every entry)\n"


def _document(result: Result) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_french_json_documents_keep_their_english_values(tmp_path: Path) -> None:
    db = tmp_path / "event.db"
    french(db, "create", "--title", "Lundi")
    french(db, "register", "Alice", "Bruno")
    entries = _document(run(db, "entries", "--json", "--lang", "fr"))["entries"]
    assert [entry["status"] for entry in entries] == ["registered", "registered"]
    assert _document(run(db, "status", "--json", "--lang", "fr"))["stage"] == "registration"
