"""The web edition's Python side: the game behind one message protocol, run in a Web Worker.

A front end beside ``ui``: it imports the application layer (never ``ui`` nor Arcade) and turns
its answers into plain JSON for the page (``protocol.py``; docs/web.md). The page draws what it is
told and forwards taps, drags and keys: every rule, score, message, hint and verdict comes from
here.
"""
