"""The third-party files the web app serves from its own package, so that an installed wheel
serves the whole app offline (no npm, no CDN, no network).

Each file lives in ``static/vendor/`` beside its package's licence, copied from the npm package
that ``package-lock.json`` pins (``make vendor`` copies them again after an upgrade); a test
checks each version against the lock file, each file's bytes against ``node_modules`` and the
SHA-256 below.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Vendored:
    """One third-party file served under ``/static/vendor/``."""

    package: str  # the npm package it comes from
    version: str  # as pinned in package-lock.json
    source: str  # its path inside the npm package
    file: str  # its name in static/vendor/
    sha256: str  # of the file as shipped

    @property
    def is_licence(self) -> bool:
        return "LICENSE" in self.source or "NOTICE" in self.source


def _htmx(source: str, file: str, sha256: str) -> Vendored:
    return Vendored("htmx.org", "2.0.8", source, file, sha256)


def _swagger(source: str, file: str, sha256: str) -> Vendored:
    return Vendored("swagger-ui-dist", "5.35.0", source, file, sha256)


VENDORED = (
    _htmx(
        "dist/htmx.min.js",
        "htmx.min.js",
        "22283ef68cb7545914f0a88a1bdedc7256a703d1d580c1d255217d0a50d31313",
    ),
    _htmx(
        "LICENSE",
        "htmx.LICENSE",
        "d3d2456f76414f2456104660ebd65aff1c04cd7966b942bdabd63f3cdb316a38",
    ),
    # The HTTP API's interactive reference, /api/docs.
    _swagger(
        "swagger-ui-bundle.js",
        "swagger-ui-bundle.js",
        "e6a898692f2d768e807c3ba4626068a69a2c5dd960dd6c76f3e4d3a3de180af2",
    ),
    _swagger(
        "swagger-ui.css",
        "swagger-ui.css",
        "5ed08757e53da3e026d6cbecc61fe5d43585c9560b302d534ad56692519a273d",
    ),
    _swagger(
        "LICENSE",
        "swagger-ui.LICENSE",
        "cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30",
    ),
    _swagger(
        "NOTICE",
        "swagger-ui.NOTICE",
        "0d20d1adef18aee3f40dd258172155521ce702ac445cb5f7b7d60ed32dad2fb2",
    ),
    _swagger(
        "swagger-ui-bundle.js.LICENSE.txt",
        "swagger-ui-bundle.js.LICENSE.txt",
        "37eb6e7e59aed57b2c1acf076574b818ea07b74265717e0bd67b59e0baf9abbb",
    ),
)
