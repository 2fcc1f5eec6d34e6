"""The game window: Arcade views, card sprites, animation, input mapping and sound.

Layer 5: it shows the state and sends moves; it decides no rule. Inside it, floors (top down;
each imports only those below it, ``[tool.importlinter]`` checks it): the window (app, gif), the
controllers, the screens, the table, the Screen base and the Shell protocol, the widgets (and
sound, speech), the art, and the base (geometry, layout, palette, fonts) with the key table.

Importing this package does not import Arcade (:mod:`desert_pyramid.ui.window` does, when the window
is made); it only turns off pyglet's check of every OpenGL call for errors, which costs a
millisecond a frame (set ``PYGLET_DEBUG_GL=1`` to keep it on).
"""

import os

import pyglet

if "PYGLET_DEBUG_GL" not in os.environ:
    pyglet.options["debug_gl"] = False
