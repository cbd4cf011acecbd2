"""The web app: director's console, displays, player lookup, table app, floor assistant, API."""

from pokertd.web.app import create_app

__all__ = ["create_app"]
