"""The hub's JSON encoding (orjson, issue 20) reads as the standard library's did: the same
document once parsed, for int keys, enums, tuples, floats and text outside ASCII."""

from __future__ import annotations

import enum
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.web.hub import encode


class Street(enum.StrEnum):
    FLOP = "flop"


class Level(enum.IntEnum):
    FIRST = 1


_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
    | st.sampled_from([Street.FLOP, Level.FIRST])
)
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=4).map(tuple)
        | st.dictionaries(st.text(max_size=5) | st.integers(-50, 50), inner, max_size=4)
    ),
    max_leaves=25,
)


def _before(document: dict[str, Any]) -> str:
    """The hub's encoding before orjson."""
    return json.dumps(document, separators=(",", ":"))


@settings(max_examples=300, deadline=None)
@given(document=st.dictionaries(st.text(max_size=8), _VALUES, max_size=6))
def test_a_document_reads_as_the_standard_librarys_encoding(document: dict[str, Any]) -> None:
    assert json.loads(encode(document)) == json.loads(_before(document))


def test_int_keys_enums_and_accents() -> None:
    document = {"seats": {1: "Zoé", 2: None}, "street": Street.FLOP, "level": Level.FIRST}
    text = encode(document)
    assert text == '{"seats":{"1":"Zoé","2":null},"street":"flop","level":1}'
    assert json.loads(text) == json.loads(_before(document))
