"""PyInstaller hook for Babel, used instead of PyInstaller's own (``PyInstaller/hooks/hook-babel.py``).

PyInstaller's hook takes all of Babel's CLDR data: about 1,150 locale files, 35 MB of the
standalone folder. The game formats numbers and dates only in the seven languages it speaks
(``desert_pyramid.i18n.LANGUAGES``), and reads the player's system locale (``de_AT``, ``pt_PT``)
to choose one of them, so it keeps ``root`` and every locale of those languages' families
(``en*``, ``de*``, ``fr*``, ``es*``, ``it*``, ``pt*``, ``ru*``): tools/build_standalone.py's
``keep_babel_locale`` decides, and tests/test_platform_build.py checks it.
"""

import sys
from pathlib import Path

from PyInstaller.utils.hooks import collect_data_files

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout: tools/, the game
from tools.build_standalone import keep_babel_locale  # noqa: E402

datas = [(src, dest) for src, dest in collect_data_files("babel") if keep_babel_locale(src)]

# As PyInstaller's hook: unpickling locale-data/root.dat needs classes from these modules.
hiddenimports = [
    "babel.dates",
    "babel.localedata",
    "babel.plural",
    "babel.numbers",
]
