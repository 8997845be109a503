"""The Wyld Hunt rules: character creation, the chronicle, and game setup.

Public entry points: ``check_character`` and ``check_setup``. Each returns a full report and the
state it derived; neither stops at the first problem. Pure Python on top of
``chronicle.rules``: no database, TUI or PDF imports.
"""

from chronicle.systems.wyld_hunt.rules.character import CharacterState, check_character
from chronicle.systems.wyld_hunt.rules.game import SetupState, check_setup

__all__ = ["CharacterState", "SetupState", "check_character", "check_setup"]
