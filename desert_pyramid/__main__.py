"""``python -m desert_pyramid``."""

import sys

from desert_pyramid.cli import main

if __name__ == "__main__":
    sys.exit(main())
