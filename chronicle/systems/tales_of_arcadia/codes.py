"""Every violation code of the Tales of Arcadia rules, named for the rules; the table itself
(severity, seed section, one-line meaning) is data, in ``codes.json`` beside this module.

Codes are stable: tests, users' scripts and the JSON output rely on them. Add codes; never rename
one. ``docs/games/tales-of-arcadia.md`` documents each code, and a test keeps that file and the
table in step. The ``card.*`` codes mean what they mean for every game.
"""

from __future__ import annotations

from chronicle.rules.codes import code_named, code_table

ALL_CODES = code_table(__file__, "codes.json")
CARD_UNKNOWN = code_named(ALL_CODES, "card.unknown")
CARD_WRONG_KIND = code_named(ALL_CODES, "card.wrong_kind")
CARD_INCOMPLETE = code_named(ALL_CODES, "card.incomplete")
ROSTER_OVER_LIMIT = code_named(ALL_CODES, "roster.over_limit")
ROSTER_POINTS_UNSPENT = code_named(ALL_CODES, "roster.points_unspent")
ROSTER_MIXED_ARMIES = code_named(ALL_CODES, "roster.mixed_armies")
UNIT_VARIANT_UNKNOWN = code_named(ALL_CODES, "unit.variant_unknown")
UNIT_OPTION_UNKNOWN = code_named(ALL_CODES, "unit.option_unknown")
UNIT_OPTION_OVER_MAX = code_named(ALL_CODES, "unit.option_over_max")
UNIT_OPTION_UNDER_MIN = code_named(ALL_CODES, "unit.option_under_min")
UNIT_OPTION_GROUP = code_named(ALL_CODES, "unit.option_group")
UNIT_NO_WOUNDS = code_named(ALL_CODES, "unit.no_wounds")
UNIT_NEVER_HITS = code_named(ALL_CODES, "unit.never_hits")
KEYWORD_UNKNOWN = code_named(ALL_CODES, "keyword.unknown")
KEYWORD_CHANCE_MISSING = code_named(ALL_CODES, "keyword.chance_missing")
BATTLE_SIDES = code_named(ALL_CODES, "battle.sides")
BATTLE_WINNER_UNKNOWN = code_named(ALL_CODES, "battle.winner_unknown")
BATTLE_OVER_LIMIT = code_named(ALL_CODES, "battle.over_limit")
ROSTER_UNREADABLE = code_named(ALL_CODES, "roster.unreadable")
LEDGER_BAD_UNDO = code_named(ALL_CODES, "ledger.bad_undo")

UNKNOWN_NAMES = frozenset({CARD_UNKNOWN.code, UNIT_VARIANT_UNKNOWN.code, UNIT_OPTION_UNKNOWN.code})
"""The codes that say a name is unknown (a unit, variant or option nobody has): an edit
refused for these alone is an unknown name (exit 2), not a rule broken."""
