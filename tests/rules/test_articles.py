"""The rulebooks shipped as package data, and the articles quoted from them
(``pokertd.rules.articles``): every reference the profiles, the catalogue and the floor code cite
resolves to the book's French text."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from importlib import resources
from pathlib import Path

import pytest

from pokertd import rules
from pokertd.errors import NotFoundError, ParseError
from pokertd.present.i18n import error_text
from pokertd.rules import articles, catalogue
from pokertd.rules.articles import quote, quotes, references

ROOT = Path(__file__).resolve().parents[2]
#: The SHA-256 of each book's original French file (the seed named in DESIGN.md, "pokertd —
#: design"): the shipped copy must be that file, byte for byte.
SEEDS = {
    "tda.txt": "99302568f429fa9b6db7f89e205d293b648763333993974b22ea4e2c873cad37",  # 004_886b…
    "lfp.txt": "53c3899e563a7600c82379ab891765910ea854f6074f245a69aac536bc6251ff",  # 000_102d…
    "ban.txt": "cea54edc2b6d8b58e9543afdc24727203aebcce0dd73b945733392c5799ef958",  # 001_3481…
    "gen.txt": "d6f267328e9fdbccfb80a659b456b2c013675446f3a1c528fe54de6c536dd1c8",  # 002_2c5d…
    "gm.txt": "2253a82bb583e5774eb583d5f4c41b72430bf77172cefc98259801419122c25f",  # 003_ba8e…
}
#: Articles whose seed text is cut off after the heading (catalogue §0, "text missing").
HEADING_ONLY = {"GEN 1.11.a", "GEN 1.11.b"}


@pytest.mark.parametrize("name", sorted(SEEDS))
def test_books_are_byte_identical_copies(name: str) -> None:
    shipped = (resources.files("pokertd.rules") / "books" / name).read_bytes()
    assert hashlib.sha256(shipped).hexdigest() == SEEDS[name]


def test_books_cover_every_citation_key() -> None:
    assert {file for file, _ in articles.BOOKS.values()} == set(SEEDS)
    assert set(articles.BOOKS) == set(catalogue.BOOKS)


def _cited() -> dict[str, str]:
    """Every single reference the code cites, with one place that cites it."""
    found: dict[str, str] = {}

    def add(citation: str, where: str) -> None:
        for reference in references(citation):
            found.setdefault(reference, where)

    for profile_id in rules.PROFILE_IDS:
        profile = rules.load(profile_id)
        for field in dataclasses.fields(profile):
            try:
                source = profile.source(field.name)
            except Exception:  # not a configurable field (id, name, book...)
                continue
            add(source.article, f"{profile_id}.{field.name}")
    for rule_id in catalogue._TITLES:
        add(catalogue.citation(rule_id), rule_id)
    number = r"[\w.°()\-]*\d[\w.°()\-]*|[A-Z0-9]+"
    literal = re.compile(
        rf'"((?:(?:TDA|LFP|GM|GEN) (?:{number})|BAN/[A-Z0-9]+)'
        rf'(?:(?:, |; )(?:(?:TDA|LFP|GM|GEN) )?(?:{number}|BAN/[A-Z0-9]+))*)"'
    )
    table = re.compile(rf'"(TDA|LFP|BAN|GM|GEN)": "((?:{number})(?:, (?:{number}))*)"')
    for path in sorted((ROOT / "src" / "pokertd" / "floor").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for match in literal.finditer(text):
            add(match.group(1), path.name)
        for match in table.finditer(text):
            book, cited = match.groups()
            if book == "BAN":
                cited = ", ".join(f"BAN/{part}" for part in cited.split(", "))
            else:
                cited = f"{book} {cited}"
            add(cited, path.name)
    return found


CITED = _cited()


def test_the_code_cites_many_articles() -> None:
    assert len(CITED) > 300
    assert {"TDA 50A", "LFP 7.19", "GM 18°", "BAN/TIME", "GEN 1.30", "TDA PR-8A"} <= set(CITED)


@pytest.mark.parametrize("reference", sorted(CITED))
def test_every_cited_article_resolves(reference: str) -> None:
    found = quote(reference)
    assert str(found) == " ".join(reference.split())
    if reference in HEADING_ONLY:
        assert found.heading
        assert not found.text
    else:
        assert found.text.strip(), f"{reference} (cited by {CITED[reference]}) has no text"


def test_tda_50_starts_as_the_book_does() -> None:
    whole = quote("TDA 50")
    assert whole.heading == "Miser plusieurs Jetons"
    assert whole.text.startswith("A: Faisant face à une mise, à moins qu'une relance")
    assert "B: Si retirer un jeton de la plus petite valeur misée" in whole.text


def test_bet_multi_chip_tda_50a_is_its_paragraph() -> None:
    found = quote("TDA 50A")
    assert found.quoted == "50A"
    assert not found.is_whole_article
    assert found.text.startswith("Faisant face à une mise, à moins qu'une relance ou un tapis")
    assert found.text.endswith("B a juste payé si il n'a pas déclaré une relance ou tapis.")
    assert "Si retirer un jeton" not in found.text


def test_bet_reopen_lfp_7_19() -> None:
    found = quote("LFP 7.19")
    assert found.heading == "LE DROIT A LA SUR-RELANCE"
    assert "**" not in found.text
    assert found.text


def test_gm_18_rebuy_keeps_the_hand() -> None:
    found = quote("GM 18°")
    assert found.heading == "Rachat"
    assert found.text.startswith("Un joueur ne perd pas sa main si il annonce son intention")
    assert quote("GM 18º") == found  # the seed's other degree sign


def test_gm_lettered_items() -> None:
    assert quote("GM 27°d").text.startswith("Si un nombre incorrect de cartes")
    assert quote("GM 25°b").text.startswith("Quand dans le tournoi 12 tables")


def test_tda_procedures_and_addenda() -> None:
    assert quote("TDA PR-8A").text.startswith("L'égibilité à une place payée débute")
    assert quote("TDA PR-8").heading == "Procédure du “Main par Main”"
    assert quote("TDA Add.51-A").text.startswith("Situation 1:")
    both = quote("TDA Add.44")
    assert "Exemple 2 : THE" in both.text
    assert "Un joueur oublié par une OOT" in both.text
    assert quote("TDA Add.48 Ex2-A").quoted == "Add.48"


def test_tda_items_and_inline_paragraphs() -> None:
    assert quote("TDA 35A(1)").text.startswith("Deux cartes ou plus sont exposées")
    assert quote("TDA 35A5").text.startswith("En Stud, si l’une des deux cartes")
    assert quote("TDA 20A").text.startswith("Pour les jeux à board, le jeton indivisible")
    assert quote("TDA 55B").text.startswith("qu'il déclare une relance")


def test_pot_hilo_split_tda_20f_is_not_marked_in_rule_20() -> None:
    # The French Rule 20 marks A) to C) only; F is in the addendum to 20.
    found = quote("TDA 20F")
    assert found.quoted == "20"
    assert found.is_whole_article


def test_lfp_numbering_defects() -> None:
    assert quote("LFP 2.18a").heading == "LES CARTES ET LES JETONS DES JOUEURS LEVES DE TABLE"
    assert quote("LFP 2.18b").heading == "LE FLOP SANS CARTE BRULEE"
    assert "2.18b. LE FLOP SANS CARTE BRULEE" in quote("LFP 2.18").text
    chapter = quote("LFP 10")
    assert chapter.heading == "LE CHIP RACE"
    assert "10.7. LES JETONS INFÉRIEURS TARDIFS." in chapter.text
    assert quote("LFP 2.25").text.startswith("Toute carte prématurée doit être reprise")


def test_gen_headings_that_run_into_their_text() -> None:
    assert quote("GEN 1.25").heading == "L'abattage"
    assert quote("GEN 1.25").text.startswith("Si deux joueurs au moins restent en course")
    assert quote("GEN 1.30").heading == "Le jeton insécable dans un pot partagé"
    assert quote("GEN 1.30").text.startswith("Le pot partagé suite à une égalité")
    assert "1.11.a. Les relances au poker à enchères limitées" in quote("GEN 1.11").text


def test_ban_sections_are_all_found() -> None:
    assert articles.numbers("BAN") == tuple(articles.BAN_SECTIONS.values())
    assert quote("BAN/TIME").text.startswith("Si un joueur prend trop de temps pour jouer")
    assert "Capture d’écran" not in quote("BAN/SANCTIONS").text


def test_tda_rules_are_all_found_without_section_titles() -> None:
    found = articles.numbers("TDA")
    assert found[:71] == tuple(str(number) for number in range(1, 72))
    assert [n for n in found if n.startswith("PR-")] == [f"PR-{n}" for n in range(1, 10)]
    assert "Attribution des Pots" not in quote("TDA 11").text
    assert "POKER TOURNAMENT" not in quote("TDA 71").text


def test_quotes_splits_citations() -> None:
    assert [str(q) for q in quotes("TDA 51A, Add.51-A; BAN/OUVRIR, BAN/RELANCER")] == [
        "TDA 51A",
        "TDA Add.51-A",
        "BAN/OUVRIR",
        "BAN/RELANCER",
    ]


def test_to_dict() -> None:
    shape = quote("TDA 50A").to_dict()
    assert shape["article"] == "TDA 50A"
    assert shape["book"] == "TDA"
    assert set(shape) == {"article", "book", "book_title", "number", "quoted", "heading", "text"}


@pytest.mark.parametrize("text", ["", "TDA", "XYZ 12", "50A"])
def test_malformed_reference_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        quote(text)
    assert error_text(caught.value, "fr") != str(caught.value)


@pytest.mark.parametrize("text", ["TDA 99", "TDA 50Z", "LFP 7.99", "GM 60°", "BAN/NOPE", "GEN 2.1"])
def test_missing_article_is_not_found(text: str) -> None:
    with pytest.raises(NotFoundError) as caught:
        quote(text)
    assert error_text(caught.value, "fr") != str(caught.value)
