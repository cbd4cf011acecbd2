"""The ``pokertd`` command."""
