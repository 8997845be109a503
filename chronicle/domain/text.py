"""Near-miss suggestions for misspelt names and keys."""

from __future__ import annotations

from collections.abc import Iterable


def suggest(word: str, choices: Iterable[str], *, cutoff: float = 0.6) -> str | None:
    """The closest of ``choices`` to ``word`` (case-insensitive), or None when nothing is close.

    >>> suggest("Fae Armour", ["Fae Armor", "Sidhe Sword"])
    'Fae Armor'
    """
    folded: dict[str, str] = {}
    for option in choices:
        folded.setdefault(option.casefold(), option)
    import difflib

    match = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=cutoff)
    return folded[match[0]] if match else None


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """A "did you mean ...?" hint for a misspelt key or name, or None."""
    best = suggest(word, choices)
    return f"did you mean {best!r}?" if best else None
