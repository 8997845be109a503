"""How values and findings are worded on paper: numbers that stay honest about unknowns,
catalog words capitalised, repeats counted ("Prove Yourself ×12"), the edition's own title,
and the rules' findings as sentences a player understands, grouped ("7 cards have no known
terrain: ...") and without rule codes, commands or file syntax. Pure, but for the page head's
title read from the installed game's registration."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Literal

from chronicle.domain.values import name_key
from chronicle.export.model import Mark, Note, Value
from chronicle.rules.editions import find_edition
from chronicle.rules.report import Report, Severity, Violation

UNKNOWN_LEGEND = ("\"?\" marks a value nobody has recorded yet: read it from your card, and "
                  "record it in Arcadia Chronicle so your next sheet prints it.")
FINDINGS_HINT = "Arcadia Chronicle's check of this character or game says how to fix each one."
_DEVELOPER = re.compile(r"\[\[|\bchronicle\s+[a-z]|--[a-z]|\w+\s*=\s*['\"\[]|`")
"""Wording that belongs on a screen, not on paper: file syntax, commands, options."""


def number(value: int | None) -> Value:
    """A number as printed: unknown stays unknown (never 0)."""
    return Mark.UNKNOWN if value is None else str(value)


def signed(value: int) -> str:
    """``+1``, ``-2``, ``0``."""
    return f"{value:+d}" if value else "0"


def word(value: str | None) -> Value:
    """A catalog word (``female``, ``seelie``) capitalised for print; None is unknown."""
    if value is None:
        return Mark.UNKNOWN
    text = str(value)
    return text[:1].upper() + text[1:]


def optional_word(value: str | None, needed: bool) -> Value:
    """An Attribute or court: unknown when the card type needs one, else empty when absent."""
    if value is None:
        return Mark.UNKNOWN if needed else ""
    return word(value)


def total(values: Sequence[int | None]) -> Value:
    """A sum that stays honest about unknown terms: ``7``, ``7 + ?`` or unknown."""
    known = [v for v in values if v is not None]
    if len(known) == len(values):
        return str(sum(known))
    return f"{sum(known)} + ?" if known else Mark.UNKNOWN


def against(value: Value, limit: Value) -> Value:
    """``"8 of 10"``: a total against its limit."""
    shown = value.value if isinstance(value, Mark) else value
    ceiling = limit.value if isinstance(limit, Mark) else limit
    return f"{shown} of {ceiling}"


def edition_label(system: str) -> str:
    """The printed name of an edition."""
    edition = find_edition(system)
    return edition.label if edition else system


def brand(system: str) -> str:
    """The head of every page of a game's sheets: the title the installed game registers for
    the key ``system`` (its label, or an edition's title), set as a brand:
    "ARCADIA · THE WYLD HUNT", "KING IRONHEART'S MADNESS"."""
    from chronicle.systems.registry import title

    return branded(title(system))


def branded(label: str) -> str:
    """A game's label set as the head of a page: capitals, ``": "`` as ``" · "``."""
    return label.upper().replace(": ", " · ")


def collapsed(names: Sequence[str]) -> tuple[str, ...]:
    """Names in the order first seen, repeats counted: ``Prove Yourself ×12``."""
    counts: dict[str, int] = {}
    shown: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        counts[key] = counts.get(key, 0) + 1
        shown.setdefault(key, name)
    return tuple(shown[k] + (f" ×{n}" if n > 1 else "") for k, n in counts.items())


def _quoted(names: Sequence[str]) -> list[str]:
    return [form for name in names for form in (repr(name), f'"{name}"', f"'{name}'", name)]


def _template(violation: Violation) -> str:
    """The message with its cards' names taken out, to find findings that say the same."""
    text = violation.message
    for form in sorted(_quoted(violation.cards), key=len, reverse=True):
        text = text.replace(form, "{}")
    return text


def _paper_fix(violation: Violation) -> str:
    fix = violation.fix
    plain = getattr(fix, "text", fix)
    if not isinstance(plain, str) or not plain:
        return ""
    plain = re.sub(r"\s*\([^()]*\)", lambda m: "" if _DEVELOPER.search(m.group()) else
                   m.group(), plain)
    return "" if _DEVELOPER.search(plain) else plain


_COUNTED = re.compile(r"\b(\d+) ([A-Za-z][\w ]*?)\(s\)(?: (need|have|are|cover|list|were)\b)?")
"""A count of a noun written for any number ("1 quest(s) need", "5 League(s)")."""
_SINGULAR_VERBS = {"need": "needs", "have": "has", "are": "is", "cover": "covers",
                   "list": "lists", "were": "was"}


def _counted(match: re.Match[str]) -> str:
    """"1 quest needs", "5 Leagues": the noun (and a verb after it) agreeing with its
    count."""
    count, noun, verb = match.groups()
    one = count == "1"
    text = f"{count} {noun if one else noun + 's'}"
    if verb:
        text += " " + (_SINGULAR_VERBS[verb] if one else verb)
    return text


_FIELD_NAME = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
"""A field's name as the program spells it (``treasure_rating``)."""
_SUBJECT_IT = re.compile(r"\b(whether|if|when|that|unless|so|because) it (\w+)\b")
_PLURAL_VERBS = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_MODALS = frozenset({"may", "can", "must", "will", "should", "could", "would", "might"})


def paper_words(text: str, names: Sequence[str] = ()) -> str:
    """``text`` in a player's words: a field's program name as words ("treasure rating"), a
    count agreeing with its noun ("1 quest needs 5", never "1 quest(s) need 5"; "5 Leagues"),
    and the possessive of a name ending in "s" as "Allergies'" (never "Allergies's"). The
    ``names`` (cards, players) are left exactly as typed."""
    for name in names:
        if name.endswith(("s", "S")):
            text = text.replace(f"{name}'s", f"{name}'")
    kept: dict[str, str] = {}
    for number, name in enumerate(sorted(set(names), key=len, reverse=True)):
        if name and name in text:
            key = f"\x00{number}\x00"
            kept[key] = name
            text = text.replace(name, key)
    text = _FIELD_NAME.sub(lambda m: m.group().replace("_", " "), text)
    text = _COUNTED.sub(_counted, text)
    for key, name in kept.items():
        text = text.replace(key, name)
    return text


def _them(text: str) -> str:
    """A sentence about one card ("it") made about several: "whether it counts" becomes
    "whether they count", "needed for it" becomes "needed for them"."""
    def subject(match: re.Match[str]) -> str:
        verb = match.group(2)
        if verb in _PLURAL_VERBS:
            verb = _PLURAL_VERBS[verb]
        elif verb not in _MODALS and verb.endswith("s") and not verb.endswith("ss"):
            verb = verb[:-1]
        return f"{match.group(1)} they {verb}"

    text = _SUBJECT_IT.sub(subject, text)
    return re.sub(r"\bit\b", "them", text)


def _grouped(template: str, found: list[Violation], noun: str) -> str:
    names = [name for v in found for name in v.cards]
    subject = f"{len(found)} {noun}"
    if template.startswith("{} has "):
        rest = _them(template[len("{} has "):])
        return f"{subject} have {rest}: {', '.join(names)}"
    if template.startswith("{} is "):
        rest = _them(template[len("{} is "):])
        return f"{subject} are {rest}: {', '.join(names)}"
    return f"{subject}: {template.replace('{}', '…')} ({', '.join(names)})"


def paper_message(violation: Violation) -> str:
    """A finding's message in a player's words (``paper_words``)."""
    return paper_words(violation.message, violation.cards)


def finding_notes(report: Report, *, leave_out: Sequence[str] = (),
                  noun: Callable[[Sequence[str]], str] | None = None,
                  limit: int = 10) -> list[Note]:
    """The rules' findings as notes a player reads: errors first, findings that say the same
    of several cards grouped in one sentence, no rule codes, no commands and no file syntax
    (``leave_out``: codes the page already shows in its own fields). ``noun`` names a group
    of cards ("Waylays"); at most ``limit`` notes, then a count."""
    groups: dict[tuple[Severity, str, str], list[Violation]] = {}
    for violation in report.errors + report.warnings:
        if violation.code in leave_out:
            continue
        template = _template(violation) if violation.cards else violation.message
        groups.setdefault((violation.severity, violation.code, template), []).append(violation)
    notes: list[Note] = []
    for (severity, _code, template), found in groups.items():
        label = "Must fix:" if severity is Severity.ERROR else "Check:"
        tone: Literal["error", "warning"] = ("error" if severity is Severity.ERROR
                                             else "warning")
        cards = [name for v in found for name in v.cards]
        if len(found) > 1 and "{}" in template:
            text = paper_words(_grouped(template, found, noun(cards) if noun else "cards"),
                               cards)
        else:
            text = "; ".join(dict.fromkeys(paper_message(v) for v in found))
        fix = paper_words(_paper_fix(found[0]), found[0].cards)
        notes.append(Note(text + (f" ({fix})" if fix else "") + ".", label=label, tone=tone))
    shown = notes[:limit]
    if len(notes) > limit:
        shown.append(Note(f"{len(notes) - limit} more findings.", label="And", tone="muted"))
    if shown:
        shown.append(Note(FINDINGS_HINT, tone="muted"))
    return shown

