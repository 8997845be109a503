"""The Textual application: the only package that imports Textual.

``run(db_url)`` starts the app. The first screen paints from the card catalog alone; the
database stack loads afterwards in a worker, so the app is on screen as fast as Textual allows.
"""

from __future__ import annotations


def run(db_url: str | None = None) -> int:
    """Run the app until the user quits; returns the exit status."""
    from chronicle.tui.app import ChronicleApp

    app = ChronicleApp(db_url)
    app.run()
    return app.return_code or 0
