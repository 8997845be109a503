"""Plain-Python checks of parsed TOML values, shared by each game's quick reader (its
``quickcheck`` module): a reader that vouches for a plainly valid file without building any
pydantic validator, and hands anything it cannot vouch for to the game's models, which word
the problems. Each check answers only "plainly valid?"; never a message.

The limits are those of ``chronicle.domain.limits``, the same the models apply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from chronicle.domain.limits import NAME_MAX, TEXT_MAX, valid_name, valid_text

Check = Callable[[Any], bool]
"""True when a parsed value is plainly valid."""


def name(value: Any) -> bool:
    """A name the models accept: a stripped string of 1 to ``NAME_MAX`` characters that
    ``valid_name`` takes."""
    if type(value) is not str or not 0 < len(value) <= NAME_MAX or value != value.strip():
        return False
    try:
        valid_name(value)
    except ValueError:
        return False
    return True


def text(value: Any) -> bool:
    """A text the models accept: a stripped string of 1 to ``TEXT_MAX`` characters that
    ``valid_text`` takes."""
    if type(value) is not str or not 0 < len(value) <= TEXT_MAX or value != value.strip():
        return False
    try:
        valid_text(value)
    except ValueError:
        return False
    return True


def whole(low: int, high: int) -> Check:
    """An integer (not a bool) from ``low`` to ``high``."""
    return lambda value: type(value) is int and low <= value <= high


def flag(value: Any) -> bool:
    """A bool."""
    return type(value) is bool


def listed(most: int, item: Check) -> Check:
    """A list of at most ``most`` values, each passing ``item``."""
    return lambda value: type(value) is list and len(value) <= most and all(map(item, value))
