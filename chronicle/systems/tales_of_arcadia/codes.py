"""Every violation code of the Tales of Arcadia rules: severity, seed section, one-line meaning.

Codes are stable: tests, users' scripts and the JSON output rely on them. Add codes; never rename
one. ``docs/games/tales-of-arcadia.md`` documents each code, and a test keeps that file and this
table in step. The ``card.*`` codes mean what they mean for every game.
"""

from __future__ import annotations

from chronicle.rules.codes import Code, all_codes
from chronicle.rules.report import Severity

E, W = Severity.ERROR, Severity.WARNING


INTRODUCTION = "Introduction"
UNITS = "Units"
VARIATIONS = "Variations"
KEYWORDS = "Keyworded Special Rules"
ATTACKING = "Attacking"
WINNING = "Winning"

CARD_UNKNOWN = Code("card.unknown", E, UNITS, "A name matches no card in the catalog")
CARD_WRONG_KIND = Code("card.wrong_kind", E, UNITS,
                       "A name belongs to another kind of card than the one needed")
CARD_INCOMPLETE = Code("card.incomplete", E, UNITS,
                       "A unit lacks its cost, its army or one of its six statistics, or a "
                       "chosen option lacks its cost")
ROSTER_OVER_LIMIT = Code("roster.over_limit", E, INTRODUCTION,
                         "Units and options cost more than the agreed point limit")
ROSTER_POINTS_UNSPENT = Code("roster.points_unspent", W, INTRODUCTION,
                             "Points are left below the agreed limit")
ROSTER_MIXED_ARMIES = Code("roster.mixed_armies", E, UNITS,
                           "A unit comes from another army list than the force's")
UNIT_VARIANT_UNKNOWN = Code("unit.variant_unknown", E, VARIATIONS,
                            "A variant the unit does not have")
UNIT_OPTION_UNKNOWN = Code("unit.option_unknown", E, INTRODUCTION,
                           "An option the unit does not have")
UNIT_OPTION_OVER_MAX = Code("unit.option_over_max", E, INTRODUCTION,
                            "An option taken more times than its maximum")
UNIT_OPTION_UNDER_MIN = Code("unit.option_under_min", E, INTRODUCTION,
                             "An option taken fewer times than its minimum")
UNIT_OPTION_GROUP = Code("unit.option_group", E, INTRODUCTION,
                         "Two options of one exclusive group")
UNIT_NO_WOUNDS = Code("unit.no_wounds", E, f"{UNITS}; {ATTACKING}",
                      "Wounds of 0 or less: the unit would start the game dead")
UNIT_NEVER_HITS = Code("unit.never_hits", W, ATTACKING,
                       "Accuracy above 6: the Accuracy Die can never reach it")
KEYWORD_UNKNOWN = Code("keyword.unknown", W, KEYWORDS,
                       "A keyword on a unit that the catalog does not know")
KEYWORD_CHANCE_MISSING = Code("keyword.chance_missing", E, KEYWORDS,
                              "A keyword that needs its chance (Rise Again) without a readable "
                              "one")
BATTLE_SIDES = Code("battle.sides", E, WINNING,
                    "A battle needs two or more different sides")
BATTLE_WINNER_UNKNOWN = Code("battle.winner_unknown", E, WINNING,
                             "The winner recorded is not one of the battle's sides")
BATTLE_OVER_LIMIT = Code("battle.over_limit", E, INTRODUCTION,
                         "A side's force cost more than the battle's agreed limit")
ROSTER_UNREADABLE = Code("roster.unreadable", E, INTRODUCTION,
                          "A battle force or battle kept in the database cannot be read (an "
                          "import or restore of damaged data)", scope="database")
LEDGER_BAD_UNDO = Code("ledger.bad_undo", E, WINNING,
                       "An undo names no earlier battle, or one already undone")

ALL_CODES: tuple[Code, ...] = all_codes(list(globals().values()))

UNKNOWN_NAMES = frozenset({CARD_UNKNOWN.code, UNIT_VARIANT_UNKNOWN.code, UNIT_OPTION_UNKNOWN.code})
"""The codes that say a name is unknown (a unit, variant or option nobody has): an edit
refused for these alone is an unknown name (exit 2), not a rule broken."""
