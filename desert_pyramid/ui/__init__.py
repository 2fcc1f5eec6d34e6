"""The game window: Arcade views, card sprites, animation, input mapping and sound.

Layer 5: it shows the state and sends moves; it decides no rule. Importing this package does not
import Arcade; :mod:`desert_pyramid.ui.app` does, when the window is made.
"""
