"""The Wyld Hunt rules: character creation, the chronicle, and game setup.

Public entry points: ``check_character`` and ``check_setup``. Each returns a full report and the
state it derived; neither stops at the first problem. Pure Python on top of
``chronicle.rules``: no database, TUI or PDF imports. The names are imported on first use, so
checking a character never loads the setup rules (start-up).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from chronicle.systems.wyld_hunt.rules.character import CharacterState, check_character
    from chronicle.systems.wyld_hunt.rules.game import SetupState, check_setup

_WHERE = {"CharacterState": "character", "check_character": "character",
          "SetupState": "game", "check_setup": "game"}

__all__ = ["CharacterState", "SetupState", "check_character", "check_setup"]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
