"""The limits of Tales of Arcadia's files, beside the shared ones (``chronicle.domain.limits``):
the card format's (``schema.py``, ``quickcheck.py``) and the roster file's (``filemodels.py``).
"""

from __future__ import annotations

from chronicle.domain.limits import COUNT_MAX

FORMAT_VERSION = 1
"""The card files' ``version``."""
MAX_COST = 100_000
MAX_STAT = 1000
MAX_LIST = 100
"""Names in a list (types, keywords), variants or options of one unit."""
MAX_SOURCES = 20
MAX_PICKS = 100
"""An option's ``min`` and ``max``."""
MAX_LIMIT = 1_000_000
"""A force's (or a battle's) point limit."""
MAX_COUNT = COUNT_MAX
MAX_LINES = 1000
"""Lines (``[[unit]]``) in one roster."""
MAX_OPTIONS = 100
"""Options named on one roster line."""
