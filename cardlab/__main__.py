"""`python -m cardlab ...` runs the `cardlab` command (useful where the script is not on PATH)."""

import sys

from cardlab.cli import main

if __name__ == "__main__":
    sys.exit(main())
