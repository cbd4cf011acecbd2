"""Events as JSON: the plain values an event store keeps, and the tuples back from its lists.

Shared by the tournament and league events (``to_data`` / ``from_data`` in each package).

>>> plain((1, (2, 3), {"a": (4,)}))
[1, [2, 3], {'a': [4]}]
>>> typed([[1, 2], [3, 4]], tuple[tuple[int, int], ...])
((1, 2), (3, 4))
"""

from __future__ import annotations

import types
import typing
from typing import Any

__all__ = ["plain", "typed"]


def plain(value: Any) -> Any:
    """Return ``value`` with its tuples turned into lists, in dicts and lists too."""
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


def typed(value: Any, hint: Any) -> Any:
    """Turn JSON lists back into the tuples the type ``hint`` names (also inside ``X | None``)."""
    origin = typing.get_origin(hint)
    if origin is tuple and isinstance(value, list):
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(typed(item, args[0]) for item in value)
        return tuple(typed(item, arg) for item, arg in zip(value, args, strict=True))
    if origin in (types.UnionType, typing.Union):
        for arg in typing.get_args(hint):
            if typing.get_origin(arg) is tuple and isinstance(value, list):
                return typed(value, arg)
    return value
