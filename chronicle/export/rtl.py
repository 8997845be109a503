"""Right-to-left lines in drawing order: Hebrew and Arabic runs reordered, Arabic letters in
their joined forms (``arabic-reshaper``), and brackets and parentheses of right-to-left runs
mirrored ("(continued)" is never printed as ")continued(").

The order and the mirroring are python-bidi's documented entry point of its Python
implementation, ``bidi.algorithm.get_display``, which applies the Unicode bidirectional
algorithm through rule L4 (mirroring). Its top-level ``get_display`` (the Rust crate) leaves
L4 out and tells its levels only in a debug report, which is nothing to build on. The Python
implementation predates the paired-bracket rule N0: a bracket takes the direction of the text
around it, which differs from N0 only when one bracket of a pair stands between two letters
of the other direction. Pure: no reportlab here."""

from __future__ import annotations

import unicodedata
from functools import lru_cache


def is_rtl(char: str) -> bool:
    """True for a Hebrew or Arabic letter."""
    return unicodedata.bidirectional(char) in ("R", "AL")


def reads_right_to_left(text: str) -> bool:
    """True when most letters of ``text`` are Hebrew or Arabic (it is set flush right)."""
    if text.isascii():
        return False
    right = sum(1 for c in text if is_rtl(c))
    return right > sum(1 for c in text if unicodedata.bidirectional(c) == "L")


def direction(text: str) -> str:
    """"R" when ``text`` reads right to left (most of its letters do), else "L": said once
    for a whole paragraph, so every line wrapped from it reads the same way."""
    return "R" if reads_right_to_left(text) else "L"


@lru_cache(maxsize=4096)
def visual(text: str, base: str = "") -> str:
    """One line as it is drawn from left to right: right-to-left runs reordered, Arabic
    letters in their joined forms, brackets and parentheses of right-to-left runs mirrored.
    The line reads in the direction ``base`` ("L" or "R": its paragraph's, see
    ``direction``), or, without one, right to left when most of its letters do (a Hebrew
    name with a Latin word), else left to right (a Hebrew name in an English caption). Text
    without Hebrew or Arabic is returned as it is."""
    if text.isascii() or not any(is_rtl(c) for c in text):
        return text
    import arabic_reshaper  # type: ignore[import-untyped]
    from bidi.algorithm import get_display  # type: ignore[import-untyped]

    shaped = arabic_reshaper.reshape(text) if any(
        unicodedata.bidirectional(c) == "AL" for c in text) else text
    return str(get_display(shaped, base_dir=base or direction(text)))
