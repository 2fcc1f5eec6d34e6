"""The game's fonts: the families every text is set in and the files they ship as
(``resources/fonts``; the art's assets load them into pyglet once per window)."""

from __future__ import annotations

FONT = "Liberation Sans"
HEADING = "League Spartan"  # only its bold face ships: headings are drawn with bold=True
REGULAR_FILE = "Liberation_Sans_Regular.ttf"
BOLD_FILE = "Liberation_Sans_Bold.ttf"
HEADING_FILE = "League_Spartan_Bold.otf"
FONT_FILES = (REGULAR_FILE, BOLD_FILE, HEADING_FILE)
