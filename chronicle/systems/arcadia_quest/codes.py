"""Every violation code of the Arcadia Quest campaign rules, named for the rules; the table
itself (severity, seed section, meaning) is data, in ``codes.json`` beside this module.

Codes are stable: tests, users' scripts and the JSON output rely on them. Add codes; never rename
one. Sections are the Spanish headings of the rulebook (the seed). ``docs/games/arcadia-quest.md``
documents each code, and a test keeps that file and the table in step. The ``card.*`` codes
mean what they mean for every game.
"""

from __future__ import annotations

from chronicle.rules.codes import code_named, code_table

ALL_CODES = code_table(__file__, "codes.json")
CARD_UNKNOWN = code_named(ALL_CODES, "card.unknown")
CARD_WRONG_KIND = code_named(ALL_CODES, "card.wrong_kind")
CARD_INCOMPLETE = code_named(ALL_CODES, "card.incomplete")
CAMPAIGN_GUILD_COUNT = code_named(ALL_CODES, "campaign.guild_count")
GUILD_COLOR_TAKEN = code_named(ALL_CODES, "guild.color_taken")
GUILD_HERO_COUNT = code_named(ALL_CODES, "guild.hero_count")
GUILD_HERO_TAKEN = code_named(ALL_CODES, "guild.hero_taken")
GUILD_HERO_NOT_IN_GUILD = code_named(ALL_CODES, "guild.hero_not_in_guild")
GUILD_STARTING_CARDS = code_named(ALL_CODES, "guild.starting_cards")
INVENTORY_OVER_SLOTS = code_named(ALL_CODES, "inventory.over_slots")
INVENTORY_OVER_LIMIT = code_named(ALL_CODES, "inventory.over_limit")
INVENTORY_NOT_OWNED = code_named(ALL_CODES, "inventory.not_owned")
INVENTORY_DUPLICATE = code_named(ALL_CODES, "inventory.duplicate")
INVENTORY_UNPLACED = code_named(ALL_CODES, "inventory.unplaced")
CURSE_MOVED = code_named(ALL_CODES, "curse.moved")
CURSE_WITHOUT_DEATH = code_named(ALL_CODES, "curse.without_death")
CURSE_MISSING = code_named(ALL_CODES, "curse.missing")
CAMPAIGN_PATH = code_named(ALL_CODES, "campaign.path")
CAMPAIGN_REPEAT = code_named(ALL_CODES, "campaign.repeat")
CAMPAIGN_TOO_LONG = code_named(ALL_CODES, "campaign.too_long")
SCENARIO_GUILD_UNKNOWN = code_named(ALL_CODES, "scenario.guild_unknown")
SCENARIO_GUILD_REPEATED = code_named(ALL_CODES, "scenario.guild_repeated")
SCENARIO_WINNER_SHORT = code_named(ALL_CODES, "scenario.winner_short")
SCENARIO_DEATHS = code_named(ALL_CODES, "scenario.deaths")
SCENARIO_KILLS_MISMATCH = code_named(ALL_CODES, "scenario.kills_mismatch")
SCENARIO_LOSER_WON = code_named(ALL_CODES, "scenario.loser_won")
SCENARIO_AFTER_END = code_named(ALL_CODES, "scenario.after_end")
SCENARIO_NO_TITLE = code_named(ALL_CODES, "scenario.no_title")
REWARD_WITHOUT_QUEST = code_named(ALL_CODES, "reward.without_quest")
TITLE_WITHOUT_QUEST = code_named(ALL_CODES, "title.without_quest")
QUEST_OWN_GUILD = code_named(ALL_CODES, "quest.own_guild")
QUEST_REPEATED = code_named(ALL_CODES, "quest.repeated")
QUEST_FIRST_NOT_COMPLETED = code_named(ALL_CODES, "quest.first_not_completed")
QUEST_FIRST_TWICE = code_named(ALL_CODES, "quest.first_twice")
UPGRADE_TOO_MANY = code_named(ALL_CODES, "upgrade.too_many")
UPGRADE_WRONG_LEVEL = code_named(ALL_CODES, "upgrade.wrong_level")
UPGRADE_NO_PHASE = code_named(ALL_CODES, "upgrade.no_phase")
COINS_OVERSPENT = code_named(ALL_CODES, "coins.overspent")
COINS_CARRY = code_named(ALL_CODES, "coins.carry")
LEDGER_UNDO = code_named(ALL_CODES, "ledger.undo")
LEDGER_BAD_RECORD = code_named(ALL_CODES, "ledger.bad_record")
