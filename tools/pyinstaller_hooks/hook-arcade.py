"""PyInstaller hook for Arcade, used instead of the one Arcade ships (``arcade/__pyinstaller``).

Arcade 3.3's own hook adds ``arcade/VERSION`` with the file's name as the destination folder, so
the frozen game holds ``arcade/VERSION/VERSION`` and Arcade prints "Unable to load version number"
at every start. This hook adds the same files as Arcade's, with the version file in ``arcade/``.
Hooks from ``--additional-hooks-dir`` take priority over a package's own (tools/build_standalone.py
passes this folder). The game's use of Arcade's built-in sounds and card backs is added by
tools/build_standalone.py itself (``ARCADE_ASSET_FOLDERS``).
"""

from importlib.util import find_spec
from pathlib import Path

from PyInstaller.compat import is_darwin, is_win

hiddenimports = ["arcade.gl.backends.opengl.provider", "arcade.gl.backends.opengl"]

_spec = find_spec("arcade")
if _spec is None or _spec.origin is None:
    raise ImportError("Arcade is not installed. Cannot continue.")
_arcade = Path(_spec.origin).parent

datas = [
    (str(_arcade / "resources" / "system"), "arcade/resources/system"),
    (str(_arcade / "VERSION"), "arcade"),
]
binaries = []
if is_darwin:
    binaries.append((str(_arcade / "lib"), "arcade/lib"))

_pymunk = find_spec("pymunk")
if _pymunk is not None and _pymunk.origin is not None:
    _name = "_chipmunk.pyd" if is_win else "_chipmunk.abi3.so"
    _chipmunk = Path(_pymunk.origin).parent / _name
    if _chipmunk.is_file():
        binaries.append((str(_chipmunk), "."))
