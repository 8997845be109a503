"""Messages in the app's own terms: rule fixes as keys and fields, errors written for people.

The rules state each fix in the words of a character or game file (``add icon = "<race>
<gender>"``); in the app the same fix is a key to press. ``app_fix`` prefers the app form the
violation carries itself (``Fix.app`` through ``Violation.fix_for(Front.APP)``) and otherwise
says it by code, keeping the engine's numbers. ``people`` rewrites raw validation text
(``Input should be less than or equal to 1000``) in plain words.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chronicle.rules.report import Front

if TYPE_CHECKING:
    from chronicle.rules.report import Violation

KEYS_BY_CODE: dict[str, str] = {
    "icon.missing": "choose an icon in the builder: i, then a on one",
    "icon.multiple": "keep one icon in the builder: i, then x on the others",
    "court.tie": "choose the court in the builder: c, then pick Seelie or Unseelie",
    "court.overridden": "the tally decides the court: in the builder press c and pick {court}",
    "points.over_budget": "in the builder, m then x drops a Merit; f then a takes a Flaw",
    "points.unspent": "in the builder, m then a adds a Merit",
    "card.unknown": "create it in Cards (1): search its name, then n",
    "card.incomplete": "fill it in from the card in Cards (1): search it, then e",
    "card.wrong_kind": "take it out and add the card of the right kind",
    "card.duplicate": "take the extra copy out (x) unless you mean two",
    "collection.not_owned": "record the card in Cards (1): + on it, or o for a whole pack",
    "collection.shared_copy": "record another copy in Cards (1): + on it",
    "quest.none": "choose {who} quests: q, then space on a quest",
    "setup.opponents": "o changes whom each player waylays",
    "setup.waylays_over_rating": "w, then space takes a Waylay out",
    "setup.solo_waylays_under_rating": "w, then space adds a Waylay",
    "setup.solo_waylays_excess": "w, then space takes a Waylay out",
    "setup.treasures_over_rating": "t, then space takes a Treasure out",
    "setup.treasures_under_rating": "t, then space adds a Treasure",
    "setup.league_count": "l, then space adds or takes out a League",
    "setup.unique_league": "l, then space takes the extra copy out",
    "setup.waylay_terrain": "w or l: choose a League with a matching terrain",
    "setup.character_invalid": "open the character in Characters (2) and fix it in the builder",
    "xp.overspent": "record more games first (g in the character view), or undo a purchase (u)",
}
"""The smallest fix of each rule, in keys (placeholders filled from the engine's own fix)."""

_PYDANTIC = [
    (re.compile(r"Input should be less than or equal to (\S+)"), r"at most \1"),
    (re.compile(r"Input should be greater than or equal to (\S+)"), r"at least \1"),
    (re.compile(r"Input should be less than (\S+)"), r"less than \1"),
    (re.compile(r"Input should be greater than (\S+)"), r"more than \1"),
    (re.compile(r"Input should be a valid integer[^,;\n]*"), "a whole number"),
    (re.compile(r"Input should be a valid boolean[^,;\n]*"), "yes or no"),
    (re.compile(r"Input should be a valid (\w+)[^,;\n]*"), r"a valid \1"),
    (re.compile(r"Input should be ('[^']*'(?:, '[^']*')*(?: or '[^']*')?)"), r"one of \1"),
    (re.compile(r"String should have at most (\d+) characters?"), r"at most \1 characters"),
    (re.compile(r"String should have at least (\d+) characters?"), r"at least \1 characters"),
    (re.compile(r"Field required"), "needed"),
    (re.compile(r"Extra inputs are not permitted"), "not a field of this kind"),
    (re.compile(r"\s*\[type=[^\]]*\]"), ""),
    (re.compile(r"\s*For further information visit \S+"), ""),
    (re.compile(r",? ?input_value=[^\n]*"), ""),
]


_APP_TERMS = [
    (re.compile(r"add (?:one|them) with 'chronicle player add [^']*'"),
     "add them in Players (4, then a)"),
    (re.compile(r"'chronicle player add [^']*'"), "Players (4, then a)"),
    (re.compile(r"[;,]? ?\(?(?:give|add) --force to save it anyway\)?"),
     " (the app asks whether to save it anyway)"),
    (re.compile(r"add --force to overwrite it"), "choose another file name"),
    (re.compile(r",? ?or overwrite it with --force"), ""),
    (re.compile(r",? ?(?:add|give)? ?--force to do so"), ""),
    (re.compile(r",? ?(?:or )?(?:replace it )?with --force"), ""),
    (re.compile(r"merge the two tables"), "keep one of the two: undo the later record"),
    (re.compile(r"in a \[\[card\]\] table or a card file"),
     "among the cards (c in its game's screen)"),
    (re.compile(r"in a \[\[card\]\] table"), "among the cards (c in its game's screen)"),
]
"""The command line's words that services and rules say (a command, an option, a file table),
in the app's terms: a key, what the app does instead."""


def app_terms(text: str) -> str:
    """``text`` without the command line's words (``chronicle ...``, ``--force``, a file's
    ``[[card]]`` table): what to do said in the app's keys."""
    for pattern, replacement in _APP_TERMS:
        text = pattern.sub(replacement, text)
    text = re.sub(r"'chronicle ([^']*)'", r"the command line's '\1'", text)
    return text.replace("[[card]]", "card").replace("[[player]]", "player")


def people(text: str) -> str:
    """Validation text as a person would say it: ``waylay rating: at most 1000, got 1231``."""
    for pattern, replacement in _PYDANTIC:
        text = pattern.sub(replacement, text)
    text = re.sub(r"\b([a-z]+)_([a-z]+)\b(?=:)", r"\1 \2", text)
    return text.strip()


def app_fix(violation: Violation, **names: str) -> str | None:
    """The smallest fix of ``violation`` in the app's terms (keys and fields): the rule's own
    app form when it has one (``Fix.app``, placeholders filled from ``names``), else said by
    code from the engine's fix."""
    fixes = violation.fixes
    if fixes is not None and fixes.app:
        return violation.fix_for(Front.APP, **names)
    template = KEYS_BY_CODE.get(violation.code)
    engine = violation.fix or ""
    if template is None:
        return app_terms(_untoml(engine)) or None
    court = re.search(r'court = "(\w+)"', engine)
    who = re.search(r"to (.+)$", engine) if violation.code == "quest.none" else None
    keys = template.format(court=court.group(1).title() if court else "it",
                           who=f"{who.group(1)}'s" if who else "the player's")
    if engine and not _tomlish(engine) and violation.code not in ("quest.none",):
        return f"{_untoml(engine)} ({keys})"
    return keys


def _tomlish(text: str) -> bool:
    """True when a fix is written in the terms of a file or a command."""
    return bool(re.search(r'= ?"|= ?\[|\[\[|chronicle |\bset \w+ =', text))


def _untoml(text: str) -> str:
    """A file-form fix said without file syntax."""
    text = re.sub(r"'chronicle ([^']*)'", r"the command '\1'", text)
    text = re.sub(r'(\w+) = "([^"]*)"', r"\1 \2", text)
    return text.replace("[[card]]", "card").replace("[[player]]", "player")


def error_message(exc: Exception) -> str:
    """A refusal or an error as the app says it: the reason, then up to three fixes in keys."""
    from chronicle.errors import Refused

    if isinstance(exc, Refused):
        fixes = [f"fix: {app_terms(fix)}" for v in exc.report.violations
                 if (fix := app_fix(v))][:3]
        return "\n".join([app_terms(people(str(exc))), *fixes])
    return app_terms(people(str(exc)))
