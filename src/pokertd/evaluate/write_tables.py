"""``python -m pokertd.evaluate.write_tables``: write ``tables.bin`` anew from a fresh build.

Run it after changing how ``pokertd.evaluate.tables`` builds its tables; a test fails while the
shipped file differs from a fresh build.
"""

from __future__ import annotations

from pokertd.evaluate import tables


def main() -> None:
    """Build the tables and write them to ``tables.TABLES_FILE``."""
    with open(tables.TABLES_FILE, "wb") as file:
        file.write(tables.encode(tables.build()))


if __name__ == "__main__":
    main()
