"""The command line speaks the system's language when ``POKERTD_LANG`` is not set: a French
director whose machine is set to French (``LANG=fr_FR.UTF-8``) is answered in French without
``--lang fr``; ``POKERTD_LANG`` and ``--lang`` still decide over it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pokertd.cli.main import cli

NO_LOCALE: dict[str, str | None] = {
    "POKERTD_LANG": None,
    "POKERTD_DB": None,
    "LC_ALL": None,
    "LC_MESSAGES": None,
    "LANG": None,
}


def listed(tmp_path: Path, *args: str, **env: str) -> Result:
    """``pokertd tournament show 9`` on an empty event file: refused (no tournament 9)."""
    return CliRunner().invoke(
        cli,
        ["tournament", "show", "9", "--db", str(tmp_path / "club.db"), *args],
        env={**NO_LOCALE, **env},
    )


@pytest.mark.parametrize(
    ("env", "args", "french"),
    [
        ({"LANG": "fr_FR.UTF-8"}, (), True),
        ({"LANG": "C.UTF-8"}, (), False),
        ({}, (), False),
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "fr_BE.UTF-8"}, (), True),
        ({"LANG": "fr_FR.UTF-8", "LC_ALL": "C"}, (), False),
        ({"LANG": "fr_FR.UTF-8", "POKERTD_LANG": "en"}, (), False),
        ({"LANG": "C.UTF-8"}, ("--lang", "fr"), True),
    ],
)
def test_the_refusal_speaks_the_language_of_the_system(
    tmp_path: Path, env: dict[str, str], args: tuple[str, ...], french: bool
) -> None:
    result = listed(tmp_path, *args, **env)
    assert result.exit_code != 0
    english = listed(tmp_path, "--lang", "en").output
    french_text = listed(tmp_path, "--lang", "fr").output
    assert english != french_text
    assert result.output == (french_text if french else english)
