"""Where things live: the bundled card catalog and the user's data directory.

``CHRONICLE_DATA_DIR`` overrides the user data directory (tests and portable installs use it);
otherwise it is the platform's user data directory for "chronicle" (platformdirs). The caches
are never in it (a data folder may be shared by a group): they are in the user's own cache
folder, which ``CHRONICLE_CACHE_DIR`` overrides (tests use it).
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def bundled_cards_dir(game: str) -> Path:
    """The bundled card files of ``game``: inside the installed package, or the repository's
    ``cards/`` folder when running from a source checkout."""
    installed = _PACKAGE / "_bundled_cards" / game
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / "cards" / game


def user_data_dir() -> Path:
    """The user's data directory (not created here)."""
    override = os.environ.get("CHRONICLE_DATA_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("chronicle", appauthor=False))


def user_cards_dir(game: str) -> Path:
    """Where the user's own card files for ``game`` live: ``<data dir>/cards/<game>/*.toml``."""
    return user_data_dir() / "cards" / game


def cache_dir() -> Path:
    """Where derived data that can always be rebuilt (the validated card files, the installed
    game systems) is kept: the platform's user cache folder for "chronicle", or
    ``CHRONICLE_CACHE_DIR``. Never inside the data folder, even when ``CHRONICLE_DATA_DIR``
    moves it: a data folder a group shares (a synced folder) is written by other members, and
    a cache is only read from a folder of the user's own (``chronicle.catalog.cachefile``)."""
    override = os.environ.get("CHRONICLE_CACHE_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("chronicle", appauthor=False))
