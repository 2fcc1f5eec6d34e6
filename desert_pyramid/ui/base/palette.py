"""The game's colours, by name (0-255 RGB; a caller adds an alpha where it needs one).

Colours used by one drawing only stay beside it (the scenery's skies, the card faces' inks, the
highlight of the selected card); the ones the screens share live here.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# Text
INK: RGB = (255, 246, 226)  # text on the dark panels and the buttons
DARK: RGB = (58, 36, 18)  # dark brown: marks drawn on gold
GOLD: RGB = (255, 214, 92)  # headings, the focus rim, the daylight bar
BOLD_INK: RGB = (255, 226, 160)  # bold runs in the body text: a warm light gold
MUTED: RGB = (236, 214, 176)  # secondary text (also-called names, captions, key hints)
FAINT: RGB = (200, 180, 150)  # the least important text (key lines, notes under a panel)
TAN: RGB = (236, 200, 140)  # names and values in a list on a dark panel
SAND_INK: RGB = (70, 40, 16)  # text straight on the sand (a screen's message line)
NOTICE: RGB = (250, 190, 110)  # a refusal or a notice on a dark panel
KEYS_INK: RGB = (190, 170, 140)  # the line of keys under a busy panel

# The card chips drawn in running text
CHIP_PAPER: RGB = (252, 249, 240)
CHIP_EDGE: RGB = (168, 152, 124)
