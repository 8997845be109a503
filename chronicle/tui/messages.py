"""Messages in the app's own terms: rule fixes as keys and fields, errors written for people.

The rules state each fix in the words of a character or game file (``add icon = "<race>
<gender>"``); in the app the same fix is a key to press. ``app_fix`` prefers the app form the
violation carries itself (``Fix.app`` through ``Violation.fix_for(Front.APP)``) and otherwise
says it by code, keeping the engine's numbers, in the keys the home game gives (its ``codes``
module's ``app_keys``: the app's first areas are its). ``people`` rewrites raw validation text
(``Input should be less than or equal to 1000``) in plain words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from chronicle.rules.report import Front

if TYPE_CHECKING:
    from chronicle.rules.report import Violation

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
    engine = violation.fix or ""
    said = _home_keys(violation.code, engine)
    if said is None:
        return app_terms(_untoml(engine)) or None
    keys, whole = said
    if engine and not _tomlish(engine) and not whole:
        return f"{_untoml(engine)} ({keys})"
    return keys


def _home_keys(code: str, engine: str) -> tuple[str, bool] | None:
    """The home game's fix of ``code`` in the app's keys (its ``codes`` module's
    ``app_keys(code, engine_fix) -> (keys, whole) | None``: the app's areas are its)."""
    keys = _app_keys()
    return keys(code, engine) if keys is not None else None


@cache
def _app_keys() -> Callable[[str, str], tuple[str, bool] | None] | None:
    from chronicle.systems import registry
    from chronicle.systems.protocol import load_name

    codes = registry.system(registry.home()).codes
    found: Callable[[str, str], tuple[str, bool] | None] | None = getattr(
        load_name(codes), "app_keys", None) if codes else None
    return found


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
