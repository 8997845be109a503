"""``python -m chronicle`` runs the same entry point as the ``chronicle`` console script."""

from chronicle.cli import main

raise SystemExit(main())
