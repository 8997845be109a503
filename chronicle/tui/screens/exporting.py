"""Exporting from the app: write a file in a worker, ask before overwriting one, say where it
went. Exports land in the ``exports`` folder of the data folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from chronicle.tui.screens.base import chronicle_app

if TYPE_CHECKING:
    from textual.screen import Screen

    from chronicle.services.db import Database


def exports_folder() -> Path:
    """Where the app writes exports: ``exports/`` in the user's data folder."""
    from chronicle.paths import user_data_dir

    return user_data_dir() / "exports"


def export_file(screen: Screen[None], what: str,
                write: Callable[[Database, bool, Callable[[str], None]], Path]) -> None:
    """Run ``write(db, force, warn)`` in a worker; when the file exists, ask, then force. What
    the export warns about (characters no embedded font has) is said beside where it went."""
    from chronicle.errors import AlreadyExists

    def attempt(force: bool) -> None:
        warnings: list[str] = []

        def work(db: Database) -> Path:
            warnings.clear()
            return write(db, force, warnings.append)

        def done(path: Path) -> None:
            screen.notify(f"Wrote {path}", title=f"{what} exported", timeout=10)
            for warning in warnings:
                screen.notify(warning, title="Some characters will not print",
                              severity="warning", timeout=15)

        def failed(exc: Exception) -> None:
            if isinstance(exc, AlreadyExists) and not force:
                from chronicle.tui.screens.confirm import ConfirmScreen

                def answered(yes: bool | None) -> None:
                    if yes:
                        attempt(True)

                screen.app.push_screen(ConfirmScreen("Overwrite the existing file?", str(exc)),
                                       answered)

        chronicle_app(screen).call_service(work, done, description=f"Exporting the {what}",
                                           failed=failed, quiet=(AlreadyExists,))

    attempt(False)
