"""``python -m rollkit``: the same as the ``rollkit`` command."""

import sys

from ._cli import main

sys.exit(main())
