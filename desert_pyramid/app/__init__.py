"""The game's application layer: starting, saving, restoring and ending sessions, preferences,
hints and the computer player's steps, and what a click at the table does. No Arcade: the
screens (:mod:`desert_pyramid.ui`) map input to calls here and state to sprites."""
