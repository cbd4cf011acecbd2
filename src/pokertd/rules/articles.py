"""The French text of the articles rulings cite: ``quote("TDA 50A")`` reads it from the rulebook.

The five rulebooks ship with the package, byte for byte as in ``shared/rulebooks/``
(``rules/books/<key>.txt``, one file per citation key: ``tda``, ``lfp``, ``ban``, ``gm``, ``gen``).
Each book numbers its articles its own way, and a reference is written as the catalogue writes it
(``shared/spec/rules-catalogue.md`` §0):

- **TDA** ``50``, ``50A`` (a lettered paragraph), ``35A(1)`` or ``35A5`` (an item of it),
  ``PR-8A`` (Recommended Procedures), ``Add.48`` or ``Add.51-A`` (Addenda; ``Add.44`` gathers
  ``Add.44-A`` and ``Add.44-B``; a trailing ``Ex2-A`` is accepted and quotes the whole addendum);
- **LFP** ``7.19``, ``2.18a`` / ``2.18b`` (the book numbers two sections 2.18), ``10`` (a chapter);
- **GEN** ``1.19``, ``1.11.a``; **GM** ``18°``, ``25°b`` (a lettered item of the article);
- **BAN** ``BAN/TIME``: the section keys the catalogue builds from the French headings.

A lettered paragraph the book does not mark apart is quoted as the whole article: the quote's
``quoted`` field says which passage it holds (``"50A"``, or ``"20"`` for ``TDA 20F``). The text
is the book's own, with the Markdown marks of the seed files (``**``, ``###``) taken out and the
lines of a paragraph joined; spelling and the translators' slips are left as they are.

Lookups raise rather than return None: a reference the code writes must resolve (the tests check
every one), so a miss is a bug to report, not a case to render. ``quote`` raises ``ParseError``
for text that is no article reference and ``NotFoundError`` for an article the book does not have.
Each book is parsed once (``functools.cache``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType
from typing import Any

from pokertd.errors import NotFoundError, ParseError
from pokertd.messages import message

#: Citation key -> file name in ``rules/books/`` and the book's title.
BOOKS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "TDA": ("tda.txt", "Poker TDA Rules 2017 v3.0 (traduction française)"),
        "LFP": ("lfp.txt", "Ligue Française de Poker, Règles générales des tournois, saison 5"),
        "BAN": ("ban.txt", "Poker Club Bannalec, Règlement des tournois"),
        "GM": ("gm.txt", "Casino Gran Madrid, Normes internationales de tournoi"),
        "GEN": ("gen.txt", "Règles générales du poker"),
    }
)


@dataclass(frozen=True, slots=True)
class Quote:
    """An article quoted from its book.

    ``number`` is the article as asked (``"50A"``), ``quoted`` the passage the text holds: the
    same, or the whole article (``"50"``) when the book does not mark the paragraph apart.

    >>> q = quote("TDA 50A")
    >>> str(q), q.quoted, q.heading
    ('TDA 50A', '50A', 'Miser plusieurs Jetons')
    """

    book: str
    number: str
    quoted: str
    heading: str
    text: str = field(repr=False)

    def __str__(self) -> str:
        return f"BAN/{self.number}" if self.book == "BAN" else f"{self.book} {self.number}"

    @property
    def is_whole_article(self) -> bool:
        """Return whether the text is the whole article rather than the paragraph asked for."""
        return self.quoted != self.number

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape of a quote: the reference, the book, the heading and the text."""
        return {
            "article": str(self),
            "book": self.book,
            "book_title": BOOKS[self.book][1],
            "number": self.number,
            "quoted": self.quoted,
            "heading": self.heading,
            "text": self.text,
        }


def quote(article: str) -> Quote:
    """Return the French text of one article reference as the code writes it.

    Raises ParseError for text that is no article reference (an unknown book key, no number) and
    NotFoundError for an article the book does not have.

    >>> quote("LFP 7.19").heading
    'LE DROIT A LA SUR-RELANCE'
    >>> quote("GM 18°").text.startswith("Un joueur ne perd pas sa main")
    True
    >>> quote("BAN/TIME").heading
    'DEMANDER UN TIME (Calling for a clock)'
    >>> quote("TDA 99")
    Traceback (most recent call last):
    ...
    pokertd.errors.NotFoundError: the TDA has no article 99
    """
    book, number = _split(article)
    found = _resolve(book, number)
    if found is None:
        raise NotFoundError(message("the {book} has no article {number}", book=book, number=number))
    quoted, heading, text = found
    return Quote(book, number, quoted, heading, text)


def quotes(citation: str) -> tuple[Quote, ...]:
    """Return the quotes of a citation that lists several articles, in its order.

    A citation separates books with ``;`` and articles with ``,``; an article without a book key
    belongs to the book named before it (``"TDA 51A, Add.51-A"``, ``"BAN/OUVRIR, BAN/RELANCER"``,
    ``"TDA 29; LFP 3.6"``). Raises as ``quote`` does, for the first article that fails.

    >>> [str(q) for q in quotes("TDA 35A, 37; GM 27°")]
    ['TDA 35A', 'TDA 37', 'GM 27°']
    """
    return tuple(quote(reference) for reference in references(citation))


def references(citation: str) -> tuple[str, ...]:
    """Split a citation into single article references, each with its book key.

    >>> references("LFP 7.11, 7.12; BAN/JETONS, BAN/SUIVRE")
    ('LFP 7.11', 'LFP 7.12', 'BAN/JETONS', 'BAN/SUIVRE')
    """
    found: list[str] = []
    for group in citation.split(";"):
        book = ""
        for part in (piece.strip() for piece in group.split(",")):
            if not part:
                continue
            head = part.split("/", 1)[0] if part.startswith("BAN/") else part.split(" ", 1)[0]
            if head in BOOKS:
                book = head
                found.append(part)
            elif book:
                found.append(f"BAN/{part}" if book == "BAN" else f"{book} {part}")
            else:
                found.append(part)
    return tuple(found)


def numbers(book: str) -> tuple[str, ...]:
    """Return the article numbers a book's text holds, in the book's order (sub-paragraphs not
    included). Raises ParseError for an unknown book key.

    >>> numbers("BAN")[:3]
    ('GENERAL', 'DONNE', 'DONNEUR')
    """
    if book not in BOOKS:
        raise _unknown_book(book)
    return tuple(_parsed(book))


# --- references ---------------------------------------------------------------------------------


def _split(article: str) -> tuple[str, str]:
    text = " ".join(article.split())
    if text.startswith("BAN/"):
        book, number = "BAN", text[4:]
    else:
        book, _, number = text.partition(" ")
        if book not in BOOKS:
            raise _unknown_book(book or text)
    if not number:
        raise ParseError(
            message(
                "an article reference is a book and a number, such as 'TDA 50A', not {article!r}",
                article=article,
            )
        )
    return book, number.replace("º", "°")


def _unknown_book(book: str) -> ParseError:
    keys = ", ".join(BOOKS)
    return ParseError(
        message("unknown rulebook {book!r}; the books are {keys}", book=book, keys=keys)
    )


_TDA_REF = re.compile(r"(\d{1,2})([A-F])?(?:\((\d)\)|(\d))?")
_PR_REF = re.compile(r"PR-(\d{1,2})([A-F])?")
_ADD_REF = re.compile(r"Add\.(\d{1,2})(-[A-Z])?(?:\s+Ex.*)?")
_LFP_REF = re.compile(r"(\d{1,2})(?:\.(\d{1,2})([ab])?)?")
_GEN_REF = re.compile(r"1\.(\d{1,2})(?:\.([ab]))?")
_GM_REF = re.compile(r"(\d{1,2})°([a-i])?")

_Found = tuple[str, str, str]  # the passage quoted, the heading, the text


def _resolve(book: str, number: str) -> _Found | None:
    articles = _parsed(book)
    if book == "BAN":
        return _whole(articles, number)
    if book == "TDA":
        return _resolve_tda(articles, number)
    if book == "LFP":
        match = _LFP_REF.fullmatch(number)
        if match is None:
            return None
        chapter, section, letter = match.groups()
        if section is None:
            return _whole(articles, chapter)
        key = f"{chapter}.{section}"
        if letter or key in articles:
            return _whole(articles, key + (letter or ""))
        # LFP 2.18: the book has two sections of that number; quote both.
        return _joined(articles, key, (f"{key}a", f"{key}b"))
    if book == "GEN":
        match = _GEN_REF.fullmatch(number)
        return None if match is None else _whole(articles, number)
    match = _GM_REF.fullmatch(number)
    if match is None:
        return None
    return _part(articles, f"{match.group(1)}°", match.group(2))


def _resolve_tda(articles: Mapping[str, _Article], number: str) -> _Found | None:
    match = _ADD_REF.fullmatch(number)
    if match is not None:
        key = f"Add.{match.group(1)}{match.group(2) or ''}"
        if key in articles:
            return _whole(articles, key)
        # Add.44: the addenda to 44 come as 44-A and 44-B.
        return _joined(articles, key, tuple(k for k in articles if k.startswith(f"{key}-")))
    match = _PR_REF.fullmatch(number)
    if match is not None:
        return _part(articles, f"PR-{match.group(1)}", match.group(2))
    match = _TDA_REF.fullmatch(number)
    if match is None:
        return None
    rule, letter, item, bare_item = match.groups()
    found = _part(articles, rule, letter)
    wanted_item = item or bare_item
    if found is None or wanted_item is None or found[0] != f"{rule}{letter or ''}":
        return found
    text = _item(found[2], int(wanted_item))
    return found if text is None else (number, found[1], text)


def _whole(articles: Mapping[str, _Article], key: str) -> _Found | None:
    article = articles.get(key)
    return None if article is None else (article.number, article.heading, article.text)


def _part(articles: Mapping[str, _Article], key: str, letter: str | None) -> _Found | None:
    article = articles.get(key)
    if article is None:
        return None
    if letter and letter in article.parts:
        return (f"{article.number}{letter}", article.heading, article.parts[letter])
    return (article.number, article.heading, article.text)


def _joined(articles: Mapping[str, _Article], key: str, keys: tuple[str, ...]) -> _Found | None:
    found = [articles[k] for k in keys if k in articles]
    if not found:
        return None
    heading = " / ".join(article.heading for article in found)
    text = "\n\n".join(f"{article.number}. {article.heading}\n{article.text}" for article in found)
    return (key, heading, text)


def _item(text: str, wanted: int) -> str | None:
    """Return item ``wanted`` of an inline list ``1) ... 2) ...``, or None when there is none."""
    starts: list[tuple[int, int]] = []
    position = 0
    for number in range(1, 20):
        match = re.compile(rf"(?<![\w(]){number}\)\s").search(text, position)
        if match is None:
            break
        starts.append((match.start(), match.end()))
        position = match.end()
    if wanted > len(starts):
        return None
    end = starts[wanted][0] if wanted < len(starts) else len(text)
    return text[starts[wanted - 1][1] : end].strip()


# --- books ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Article:
    number: str
    heading: str
    text: str
    parts: Mapping[str, str]


_Parts = Callable[[str, list[str]], dict[str, str]]


class _Builder:
    """Collects the articles of a book as its lines are read."""

    def __init__(self, *, join: str) -> None:
        self.join = join
        self.articles: dict[str, tuple[str, list[str]]] = {}
        self.current: list[str] | None = None

    def start(self, number: str, heading: str, first: str = "") -> None:
        self.current = [first] if first else []
        self.articles[number] = (heading.strip(), self.current)

    def stop(self) -> None:
        self.current = None

    def add(self, line: str) -> None:
        if self.current is not None:
            self.current.append(line)

    def build(self, parts: _Parts | None = None) -> dict[str, _Article]:
        built: dict[str, _Article] = {}
        for number, (heading, lines) in self.articles.items():
            text = _paragraphs(lines, self.join)
            found = parts(number, lines) if parts is not None else {}
            built[number] = _Article(number, heading, text, MappingProxyType(found))
        return built


@functools.cache
def _parsed(book: str) -> Mapping[str, _Article]:
    name = BOOKS[book][0]
    raw = (resources.files("pokertd.rules") / "books" / name).read_text(encoding="utf-8")
    parser = {"TDA": _tda, "LFP": _lfp, "BAN": _ban, "GM": _gm, "GEN": _gen}[book]
    return MappingProxyType(parser(raw.splitlines()))


def _clean(line: str) -> str:
    """Drop the seed files' Markdown (``**``, ``###``) and HTML degree signs; trim the ends."""
    line = line.replace("<sup>o</sup>", "°").replace("º", "°").replace("**", "")
    return re.sub(r"^#+\s*", "", line).strip()


def _paragraphs(lines: list[str], join: str) -> str:
    """Join lines into paragraphs (blank lines separate them), ``join`` between lines of one."""
    paragraphs: list[list[str]] = [[]]
    for line in (_clean(line) for line in lines):
        if line:
            paragraphs[-1].append(line)
        elif paragraphs[-1]:
            paragraphs.append([])
    return "\n\n".join(join.join(p) for p in paragraphs if p)


# TDA: "47:  Heading", then "A: ..." paragraphs; "PR-8: ..." procedures; "Règle 44-B: ..." addenda.
_TDA_RULE = re.compile(r"(\d{1,2})\s*:\s+(.*)")
_TDA_PR = re.compile(r"PR-(\d{1,2})\s*[.:]\s*(.*)")
_TDA_ADD = re.compile(r"Règle (\d{1,2})(-[A-Z])?\s*:\s*(.*)")
_TDA_PARAGRAPH = re.compile(r"([A-F])\s*:\s*(.*)")
#: Section titles between the rules, and the page header that opens each part.
_TDA_TITLES = frozenset(
    {
        "Concepts Généraux",
        "Placement des Joueurs, Equilibrage et Fermeture des Tables",
        "Attribution des Pots & Abattages (showdown)",
        "Procédures Générales",
        "Joueur Présent / Main Vivante",
        "Bouton / Blindes",
        "Règles de Distribution des Cartes",
        "Jeu : Mises et Relances",
        "Jeu : Autres",
        "Ethique du Jeu & Pénalités",
        "POKER TOURNAMENT DIRECTORS ASSN.",
    }
)


def _tda(lines: list[str]) -> dict[str, _Article]:
    builder = _Builder(join=" ")
    rule = 0
    in_rules = True
    for line in lines:
        text = line.strip()
        if text in _TDA_TITLES:
            builder.stop()
        elif match := _TDA_ADD.fullmatch(text):
            in_rules = False
            heading = match.group(3).rstrip(" .")
            builder.start(f"Add.{match.group(1)}{match.group(2) or ''}", heading)
        elif match := _TDA_PR.fullmatch(text):
            in_rules = False
            builder.start(f"PR-{match.group(1)}", match.group(2))
        elif in_rules and (match := _TDA_RULE.fullmatch(text)) and int(match.group(1)) == rule + 1:
            rule += 1
            builder.start(match.group(1), match.group(2))
        else:
            builder.add(line)
    return builder.build(_tda_parts)


def _tda_parts(number: str, lines: list[str]) -> dict[str, str]:
    """Split a rule into its lettered paragraphs: ``A: ...`` at a line's start, or else inline
    ``A) ... B) ...`` (TDA 20, 55)."""
    if number.startswith("Add."):
        return {}
    parts: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        match = _TDA_PARAGRAPH.fullmatch(line.strip())
        if match and chr(ord("A") + len(parts)) == match.group(1):
            current = parts.setdefault(match.group(1), [match.group(2)])
        elif current is not None:
            current.append(line)
    if parts:
        return {letter: _paragraphs(body, " ") for letter, body in parts.items()}
    text = _paragraphs(lines, " ")
    starts = list(_inline_letters(text))
    return {
        letter: text[end : starts[i + 1][1] if i + 1 < len(starts) else len(text)].strip()
        for i, (letter, _, end) in enumerate(starts)
    }


def _inline_letters(text: str) -> Iterator[tuple[str, int, int]]:
    position = 0
    for letter in "ABCDEF":
        match = re.compile(rf"(?<!\w){letter}\)\s").search(text, position)
        if match is None:
            return
        yield letter, match.start(), match.end()
        position = match.end()


# LFP: "7.19. HEADING." (two sections are numbered 2.18: 2.18a and 2.18b); "7. CHAPTER :".
_LFP_ARTICLE = re.compile(r"(\d{1,2}\.\d{1,2})\.\s+(.*?)\.(?:\s+(.*))?")
_LFP_CHAPTER = re.compile(r"(\d{1,2})\.\s+(.*?)\s*:")


def _lfp(lines: list[str]) -> dict[str, _Article]:
    builder = _Builder(join="\n")
    chapters: dict[str, str] = {}
    for line in lines:
        text = _clean(line)
        if match := _LFP_CHAPTER.fullmatch(text):
            builder.stop()
            chapters[match.group(1)] = match.group(2)
        elif match := _LFP_ARTICLE.fullmatch(text):
            number = match.group(1)
            if number == "2.18":
                number = "2.18b" if "2.18a" in builder.articles else "2.18a"
            builder.start(number, match.group(2), match.group(3) or "")
        else:
            builder.add(line)
    articles = builder.build()
    for chapter, heading in chapters.items():
        text = "\n\n".join(
            f"{article.number}. {article.heading}.\n{article.text}"
            for number, article in articles.items()
            if number.startswith(f"{chapter}.")
        )
        articles[chapter] = _Article(chapter, heading, text, MappingProxyType({}))
    return articles


# GEN: "1.19. Heading", "1.11.a. Heading"; two headings run into the text that follows them.
_GEN_ARTICLE = re.compile(r"(1\.\d{1,2}(?:\.[ab])?)\.\s+(.*)")
_GEN_HEADINGS = {"1.25": "L'abattage", "1.30": "Le jeton insécable dans un pot partagé"}


def _gen(lines: list[str]) -> dict[str, _Article]:
    builder = _Builder(join="\n")
    for line in lines:
        match = _GEN_ARTICLE.fullmatch(line.rstrip())
        if match:
            builder.start(match.group(1), match.group(2).rstrip(" ."))
            parent = match.group(1)[:-2] if match.group(1)[-1] in "ab" else None
            if parent in builder.articles:
                builder.articles[parent][1].extend(["", f"{match.group(1)}. {match.group(2)}"])
        else:
            builder.add(line)
            number = next(reversed(builder.articles), "")
            parent = number[:-2] if number[-1:] in ("a", "b") else None
            if parent in builder.articles and builder.current is not None:
                builder.articles[parent][1].append(line)
    for number, heading in _GEN_HEADINGS.items():
        old, body = builder.articles[number]
        first = next((i for i, line in enumerate(body) if line.strip()), None)
        run = old if old.startswith(heading) or first is None else f"{old} {body[first].strip()}"
        if run.startswith(heading):
            rest = run[len(heading) :].strip()
            if first is not None and not old.startswith(heading):
                body[first] = rest
            else:
                body.insert(0, rest)
            builder.articles[number] = (heading, body)
    return builder.build()


# GM: "18° Heading. Text..." (the seed writes the degree sign three ways); items "- b. ...".
_GM_ARTICLE = re.compile(r"(\d{1,2})°\s+(.*?\S)\.\s+(.*)")
_GM_ITEM = re.compile(r"-\s+([a-i])[.)]\s+(.*)")


def _gm(lines: list[str]) -> dict[str, _Article]:
    builder = _Builder(join="\n")
    for line in lines:
        match = _GM_ARTICLE.fullmatch(_clean(line))
        if match:
            builder.start(f"{match.group(1)}°", match.group(2), match.group(3))
        else:
            builder.add(line)
    return builder.build(_gm_parts)


def _gm_parts(number: str, lines: list[str]) -> dict[str, str]:
    del number
    found: dict[str, str] = {}
    for line in lines:
        match = _GM_ITEM.fullmatch(_clean(line))
        if match:
            found[match.group(1)] = match.group(2)
    return found


#: BAN's section headings, as in the file, and the catalogue's keys for them (§0).
BAN_SECTIONS: Mapping[str, str] = MappingProxyType(
    {
        "GENERALITES": "GENERAL",
        "LA DONNE": "DONNE",
        "LE DONNEUR": "DONNEUR",
        "JOUEUR EN RETARD": "RETARD",
        "JOUEUR ABSENT": "ABSENT",
        "ABSENCE OU RETARD AU D2 D'UN REGULIER": "D2",
        "BLINDS ET ANTES": "BLINDS",
        "CHANGEMENT DE TABLE": "TABLE",
        "L’ABATTAGE (Ou showdown)": "ABATTAGE",
        "LE CHIP RACE": "CHIPRACE",
        "LES ANNONCES": "ANNONCES",
        "LES JETONS": "JETONS",
        "LES CARTES": "CARTES",
        "PASSER (Ou fold)": "PASSER",
        "SUIVRE (Ou call)": "SUIVRE",
        "CHECKER": "CHECKER",
        "OUVRIR": "OUVRIR",
        "RELANCER (Ou raise)": "RELANCER",
        "LA RELANCE INSUFFISANTE": "RELINSUF",
        "RELANCE ALL IN INFERIEURE A LA RELANCE MINIMUM": "ALLININF",
        "DEMANDER UN TIME (Calling for a clock)": "TIME",
        "LES COMMENTAIRES": "COMMENTAIRES",
        "LES APPAREILS DE COMMUNICATION": "APPAREILS",
        "LE MATERIEL": "MATERIEL",
        "LES SANCTIONS LORS DES PARTIES": "SANCTIONS",
    }
)


def _ban(lines: list[str]) -> dict[str, _Article]:
    builder = _Builder(join="\n")
    for line in lines:
        text = line.strip()
        if text in BAN_SECTIONS:
            builder.start(BAN_SECTIONS[text], text)
        elif text.startswith("Capture d’écran") or text == "bottom of page":
            builder.stop()
        else:
            builder.add(line)
    return builder.build()
