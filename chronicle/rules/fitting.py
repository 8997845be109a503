"""Exact fitting of card ratings to a target: which totals a multiset of ratings can make.

Used for solo play ("if you can't evenly match the Waylay Rating ... you must exceed the Waylay
Rating if possible", rulebook, Solo Play) and, later, by the deck builder's suggestions. Totals are
tracked as a bitset in one Python integer, so 500 cards against a target of 40 take microseconds.
"""

from __future__ import annotations

from collections.abc import Iterable


def reachable_totals(values: Iterable[int], limit: int) -> int:
    """Bitset of every total (0..limit) some sub-multiset of ``values`` adds up to.

    >>> bin(reachable_totals([2, 3], 10))
    '0b101101'
    """
    mask = (1 << (limit + 1)) - 1
    bits = 1
    for value in values:
        if value < 0:
            continue
        bits = (bits | (bits << value)) & mask
    return bits


def can_make(values: Iterable[int], total: int) -> bool:
    """True when some sub-multiset of ``values`` adds up exactly to ``total``."""
    if total < 0:
        return False
    return bool(reachable_totals(values, total) >> total & 1)


def smallest_total_at_least(values: Iterable[int], target: int) -> int | None:
    """The smallest sub-multiset total that is at least ``target``, or None when none reaches it.

    >>> smallest_total_at_least([4, 4, 3], 6)
    7
    """
    items = [v for v in values if v >= 0]
    ceiling = sum(items)
    if ceiling < target:
        return None
    bits = reachable_totals(items, ceiling)
    shifted = bits >> max(target, 0)
    if not shifted:
        return None
    return max(target, 0) + ((shifted & -shifted).bit_length() - 1)


def largest_total_at_most(values: Iterable[int], target: int) -> int:
    """The largest sub-multiset total that does not exceed ``target`` (0 when nothing fits)."""
    if target <= 0:
        return 0
    bits = reachable_totals(values, target)
    return bits.bit_length() - 1
