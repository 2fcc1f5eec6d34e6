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

# Panels
PANEL_RIM: RGB = (150, 110, 60)  # the bronze rim of the dark panels, and the rules drawn on them
WELL_TOP: RGB = (34, 20, 10)  # a well sunk into a panel (the picker's grid, the editor's table)
WELL_BOTTOM: RGB = (46, 28, 14)
WELL_RIM: RGB = (24, 14, 6)
VEIL: RGB = (20, 12, 4)  # what dims the window under a modal screen (help, pause)

# The table
BAR_BACK: RGB = (52, 32, 16)  # the top bar's brown (the message bar, the coach's panel, banners)
BAR_RIM: RGB = (200, 150, 70)  # the rim under the top bar and over the coach's panel
COVERED_TINT: RGB = (186, 182, 176)  # the grey a covered card is shaded with
CHOSEN: RGB = (120, 230, 140)  # the one in use (the card back on the cards)
WRONG: RGB = (255, 150, 120)  # a wrong answer, a refused step
SOFT: RGB = (214, 192, 160)  # quiet text on a panel (the picker's and the editor's details)

# The card chips drawn in running text
CHIP_PAPER: RGB = (252, 249, 240)
CHIP_EDGE: RGB = (168, 152, 124)
