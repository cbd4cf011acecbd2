"""What people read and type, shared by the ``pokertd`` command and the web app: the words of
each language, the event log as text, views of the state, input parsers and exports.

It sits above ``service`` and below ``cli`` and ``web``; it prints nothing and reads no file.
"""
