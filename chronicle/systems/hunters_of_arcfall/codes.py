"""Every violation code of the Hunters of Arcfall rules, named for the rules; the table itself
(severity, rulebook section, meaning) is data, in ``codes.json`` beside this module.

Codes are stable: tests, users' scripts and the JSON output rely on them. Add codes; never rename
one. ``docs/games/hunters-of-arcfall.md`` documents each code, and a test keeps that file and the
table in step. Sections are the headings of the rulebook (seed 002).
"""

from __future__ import annotations

from chronicle.rules.codes import code_named, code_table

ALL_CODES = code_table(__file__, "codes.json")
PLAYER_COUNT = code_named(ALL_CODES, "setup.player_count")
HUNTER_TAKEN = code_named(ALL_CODES, "setup.hunter_taken")
TURN_ORDER = code_named(ALL_CODES, "turn.order")
BAD_TRANSITION = code_named(ALL_CODES, "bounty.bad_transition")
TOO_MANY_HEALS = code_named(ALL_CODES, "turn.too_many_heals")
ABILITY_TWICE = code_named(ALL_CODES, "ability.used_twice")
ENDED_EARLY = code_named(ALL_CODES, "game.ended_early")
CONTINUED = code_named(ALL_CODES, "game.continued")
LEDGER_BAD_UNDO = code_named(ALL_CODES, "ledger.bad_undo")
UNREADABLE = code_named(ALL_CODES, "game.unreadable")
CARD_UNKNOWN = code_named(ALL_CODES, "card.unknown")
CARD_WRONG_KIND = code_named(ALL_CODES, "card.wrong_kind")
CARD_INCOMPLETE = code_named(ALL_CODES, "card.incomplete")
HUNTER_WOUNDS = code_named(ALL_CODES, "card.hunter_wounds")
CATALOG_INCOMPLETE = code_named(ALL_CODES, "catalog.incomplete_set")
CATALOG_EXTRA = code_named(ALL_CODES, "catalog.extra_cards")
