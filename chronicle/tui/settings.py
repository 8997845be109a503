"""The app's user settings: a small JSON file in the user's data folder (``settings.json``).

Only what the user chose in the app is kept there: the theme, and the game whose cards the
Cards area shows (``cards_game``: a game's key, ``*`` for every game, empty for the home
game's own Cards area), and the game whose collections the Collections screen shows
(``collection_game``). A missing, unreadable
or hand-broken file never stops the app: it starts with the defaults and says nothing is lost;
saving replaces the file atomically. Pure Python: no Textual import.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

MAX_BYTES = 64 * 1024
"""A settings file larger than this is not read (it cannot be ours)."""
NAME_CHARS = 64


@dataclass
class Settings:
    """What the app remembers between runs."""

    theme: str = "textual-dark"
    cards_game: str = ""
    """The game the Cards area shows (a key; ``*``: every game; empty: the home game)."""
    collection_game: str = ""
    """The game whose collections the Collections screen shows, and the one the Players area's
    enter offers first (a key; empty: the first, in Players the home game)."""


def settings_path() -> Path:
    """``settings.json`` in the user's data folder."""
    from chronicle.paths import user_data_dir

    return user_data_dir() / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults when there are none or they cannot be read."""
    from chronicle.reading import Unreadable, read_bytes

    path = path or settings_path()
    try:  # only a regular file, never waited on (a FIFO) nor read past the cap (a device)
        data = json.loads(read_bytes(path, limit=MAX_BYTES, what="settings file"))
    except (Unreadable, ValueError):
        return Settings()
    settings = Settings()
    theme = data.get("theme") if isinstance(data, dict) else None
    if isinstance(theme, str) and 0 < len(theme) <= NAME_CHARS and theme.isprintable():
        settings.theme = theme
    for kept in ("cards_game", "collection_game"):
        game = data.get(kept) if isinstance(data, dict) else None
        if isinstance(game, str) and len(game) <= NAME_CHARS and game.isprintable():
            setattr(settings, kept, game)
    return settings


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write ``settings`` atomically; False (and nothing changed) when it cannot be written."""
    from chronicle.atomic import write_private

    path = path or settings_path()
    text = json.dumps(asdict(settings), indent=2) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_private(path, text.encode("utf-8"), durable=False)
    except OSError:
        return False
    return True
