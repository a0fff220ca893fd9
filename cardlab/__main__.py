"""`python -m cardlab ...` runs the `cardlab` command (useful where the script is not on PATH)."""

import sys

from cardlab.cli import main

sys.exit(main())
