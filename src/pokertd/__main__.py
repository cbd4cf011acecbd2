"""``python -m pokertd``: the same as the ``pokertd`` command."""

from pokertd.cli.main import main

main()
