"""Right-to-left lines in drawing order: Hebrew and Arabic runs reordered (rules L2 of the
Unicode bidirectional algorithm over the levels ``python-bidi`` resolves, paired brackets
included), Arabic letters in their joined forms (``arabic-reshaper``), and brackets and
parentheses of right-to-left runs mirrored (rule L4, which python-bidi 0.6 leaves out:
"(continued)" printed as ")continued(" otherwise). Pure: no reportlab here."""

from __future__ import annotations

import re
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


_LEVEL = re.compile(r"Level\(\s*(\d+),?\s*\)")


def _levels(text: str, base: str) -> list[int] | None:
    """The resolved embedding level of each character of ``text`` (the Unicode
    bidirectional algorithm up to rule L1, paired brackets included), or None when the
    algorithm's report cannot be read. python-bidi reports them per UTF-8 byte."""
    from bidi import get_display  # type: ignore[import-untyped]

    report = str(get_display(text, base_dir=base, debug=True))
    start = report.find("levels:")
    end = report.find("]", start)
    found = [int(n) for n in _LEVEL.findall(report[start:end])] if start >= 0 else []
    if len(found) != len(text.encode("utf-8")):
        return None
    levels = []
    offset = 0
    for char in text:
        levels.append(found[offset])
        offset += len(char.encode("utf-8"))
    return levels


def _reordered(text: str, levels: list[int]) -> str:
    """Rules L2 and L4: runs reversed from the highest level down to the lowest odd one, and
    a character that has a mirror image (a bracket, a parenthesis) at an odd level (drawn
    right to left) drawn as its mirror image: "(continued)" stays "(continued)"."""
    from bidi.mirror import MIRRORED  # type: ignore[import-untyped]

    chars = [MIRRORED.get(c, c) if level % 2 else c for c, level in zip(text, levels,
                                                                         strict=True)]
    order = list(range(len(chars)))
    highest = max(levels, default=0)
    lowest_odd = min((lv for lv in levels if lv % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        index = 0
        while index < len(order):
            if levels[order[index]] >= level:
                end = index
                while end < len(order) and levels[order[end]] >= level:
                    end += 1
                order[index:end] = order[index:end][::-1]
                index = end
            else:
                index += 1
    return "".join(chars[i] for i in order)


@lru_cache(maxsize=4096)
def visual(text: str) -> str:
    """One line as it is drawn from left to right: right-to-left runs reordered, Arabic
    letters in their joined forms, brackets and parentheses of right-to-left runs mirrored.
    The line reads right to left when most of its letters do (a Hebrew name with a Latin
    word), else left to right (a Hebrew name in an English caption). Text without Hebrew or
    Arabic is returned as it is."""
    if text.isascii() or not any(is_rtl(c) for c in text):
        return text
    import arabic_reshaper  # type: ignore[import-untyped]
    from bidi import get_display

    shaped = arabic_reshaper.reshape(text) if any(
        unicodedata.bidirectional(c) == "AL" for c in text) else text
    base = "R" if reads_right_to_left(text) else "L"
    levels = _levels(shaped, base)
    if levels is None:  # an unreadable report: the order without mirroring
        return str(get_display(shaped, base_dir=base))
    return _reordered(shaped, levels)
