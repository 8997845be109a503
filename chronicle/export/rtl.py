"""Right-to-left lines in drawing order: Hebrew and Arabic runs reordered, Arabic letters in
their joined forms (``arabic-reshaper``), and brackets and parentheses of right-to-left runs
mirrored ("(continued)" is never printed as ")continued(").

The order and the mirroring are python-bidi's documented entry point of its Python
implementation, ``bidi.algorithm.get_display``, which applies the Unicode bidirectional
algorithm through rule L4 (mirroring). Its top-level ``get_display`` (the Rust crate) leaves
L4 out and tells its levels only in a debug report, which is nothing to build on. The Python
implementation predates the paired-bracket rule N0 (a bracket would take the direction of the
text around it: "שרה בת אברהם (דני) · Character Sheet" printed its closing parenthesis the
wrong way round), so ``paired_brackets`` resolves each pair's direction by N0 first and says
it with an invisible mark beside each bracket (RLM or LRM), taken out again after the
reordering. Pure: no reportlab here."""

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


PAIRS = {")": "(", "]": "[", "}": "{"}
"""Closing brackets and their opening ones (Unicode's paired brackets of everyday text)."""
MARKS = {"R": "\u200f", "L": "\u200e"}
"""The invisible strong characters (RIGHT-TO-LEFT and LEFT-TO-RIGHT MARK) that tell a
bracket's direction to the reordering."""


def _strong(char: str) -> str:
    """"L" or "R" for a strong character (numbers count as "R", as rule N0 says), else ""."""
    kind = unicodedata.bidirectional(char)
    if kind == "L":
        return "L"
    return "R" if kind in ("R", "AL", "EN", "AN") else ""


def paired_brackets(text: str, base: str) -> str:
    """``text`` with each bracket pair's direction resolved by rule N0 of the Unicode
    bidirectional algorithm, in a paragraph reading ``base`` ("L" or "R"), and said by a mark
    before the opening and after the closing bracket: a pair holding text of the paragraph's
    direction takes it; one holding only the other direction takes that one when the text
    before it does too; a pair holding no letters is left alone."""
    stack: list[tuple[str, int]] = []
    pairs: list[tuple[int, int]] = []
    for index, char in enumerate(text):
        if char in "([{":
            stack.append((char, index))
        elif char in PAIRS:
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == PAIRS[char]:
                    pairs.append((stack[depth][1], index))
                    del stack[depth:]
                    break
    before: dict[int, str] = {}
    after: dict[int, str] = {}
    for start, end in pairs:
        inside = {_strong(c) for c in text[start + 1:end]} - {""}
        if not inside:
            continue
        found = base
        if base not in inside:  # only the other direction inside: the context decides
            preceding = next((kind for kind in map(_strong, reversed(text[:start])) if kind),
                             base)
            found = preceding if preceding != base else base
        before[start] = after[end] = MARKS[found]
    if not before:
        return text
    return "".join(before.get(i, "") + char + after.get(i, "") for i, char in enumerate(text))


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
    paragraph = base or direction(text)
    marked = paired_brackets(shaped, paragraph)
    drawn = str(get_display(marked, base_dir=paragraph))
    return drawn.replace(MARKS["R"], "").replace(MARKS["L"], "") if marked != shaped else drawn
