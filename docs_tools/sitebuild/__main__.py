"""``python -m docs_tools.sitebuild``: the site's build (see ``docs_tools.sitebuild``)."""

import sys

from docs_tools.sitebuild.orchestrator import main

sys.exit(main())
