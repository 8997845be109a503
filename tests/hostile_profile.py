"""How many inputs the hostile Hypothesis suites generate: two fixed profiles.

- ``ci`` (the default): modest, fixed example counts, every strategy of every generator kept,
  so the whole suite stays within CI's ten minutes on 2 cores;
- ``deep`` (``CHRONICLE_HYPOTHESIS=deep``): many more examples per file kind, run by hand to
  measure the figures of docs/reliability.md (which lists both columns; ``tests/test_hostile.py``
  checks that its table matches ``COUNTS``).

Both profiles use no example database and no deadline, so a run is reproducible in its counts,
and neither shrinks a failing input (a shrink of these slow examples can take many minutes: the
failure is reported as generated, with the seed to reproduce it).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

PROFILES = ("ci", "deep")
PROFILE = os.environ.get("CHRONICLE_HYPOTHESIS", "ci").strip().lower() or "ci"
if PROFILE not in PROFILES:
    raise ValueError(f"CHRONICLE_HYPOTHESIS={PROFILE!r}: use one of {', '.join(PROFILES)}")

PHASES = (Phase.explicit, Phase.reuse, Phase.generate)

COUNTS: dict[str, tuple[int, int]] = {
    # file kind (as docs/reliability.md names it): (ci, deep) generated inputs per database
    "character files": (45, 180),
    "setup files": (45, 180),
    "card files": (20, 80),
    "collection CSVs": (60, 240),
    "JSON exports": (40, 160),
    "raw table dumps": (20, 80),
    "SQLite copies": (16, 64),
    "planted temporaries": (16, 64),  # shared evenly by the writers; SQLite only
}
"""Generated inputs per file kind in each profile (on each database where the test runs on
both)."""


def examples(kind: str) -> int:
    """The number of inputs generated for ``kind`` in the profile of this run."""
    ci, deep = COUNTS[kind]
    return deep if PROFILE == "deep" else ci


def hostile(kind: str) -> settings:
    """Hypothesis settings for the generator of ``kind`` in the profile of this run."""
    return settings(max_examples=examples(kind), deadline=None, database=None,
                    suppress_health_check=list(HealthCheck), phases=PHASES)
