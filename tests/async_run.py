"""``run_async``: run a coroutine to its end from a test, whatever ran before in its process."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` in a thread of its own: a test process that has run a browser
    test (Playwright's sync API keeps an event loop running in the main thread) cannot call
    ``asyncio.run`` there."""
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
