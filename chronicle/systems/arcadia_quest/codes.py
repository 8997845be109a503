"""Every violation code of the Arcadia Quest campaign rules: severity, seed section, meaning.

Codes are stable: tests, users' scripts and the JSON output rely on them. Add codes; never rename
one. Sections are the Spanish headings of the rulebook (the seed). ``docs/games/arcadia-quest.md``
documents each code, and a test keeps that file and this table in step. The ``card.*`` codes
mean what they mean for every game.
"""

from __future__ import annotations

from chronicle.rules.codes import Code, all_codes
from chronicle.rules.report import Severity

E, W = Severity.ERROR, Severity.WARNING

INTRO = "Reglas del juego Arcadia Quest"
GUILD = "Configuración del gremio"
HEROES = "Elegir héroes"
DRAFT = "Avanzado: redacción de héroes"
START = "Equipo de partida"
CAMPAIGN = "Campaña por Arcadia"
SETUP = "Configuración de escenario"
QUESTS = "Misiones"
FIRST = "Primera bonificación"
REWARDS = "Tarjetas de recompensa"
WINNING = "Ganar el escenario"
COINS = "Recompensas de monedas"
KILLS = "Ataque: Muertes y recompensas"
PHASE = "Fase de actualización"
CURSES = "Maldiciones de la muerte"
UPGRADES = "Actualizaciones"
REST = "Descanso: Reorganizar elementos"
TITLES = "Campaña"

CARD_UNKNOWN = Code("card.unknown", E, START, "A name matches no card in the catalog")
CARD_WRONG_KIND = Code("card.wrong_kind", E, START,
                       "A name belongs to another kind of card than the one needed")
CARD_INCOMPLETE = Code("card.incomplete", E, UPGRADES,
                       "A rule needs a value the card lacks: an upgrade's cost, a scenario's "
                       "circle, whether a curse takes a slot")

CAMPAIGN_GUILD_COUNT = Code("campaign.guild_count", E, INTRO,
                            "A campaign is played by 2 to 4 guilds")
GUILD_COLOR_TAKEN = Code("guild.color_taken", E, GUILD, "Two guilds of one colour")
GUILD_HERO_COUNT = Code("guild.hero_count", E, HEROES, "A guild has exactly 3 heroes")
GUILD_HERO_TAKEN = Code("guild.hero_taken", E, f"{HEROES}; {DRAFT}",
                        "One hero in two guilds (or twice in one)")
GUILD_HERO_NOT_IN_GUILD = Code("guild.hero_not_in_guild", E, HEROES,
                               "Slots, deaths or a curse given to a hero who is not one of the "
                               "guild's three")
GUILD_STARTING_CARDS = Code("guild.starting_cards", E, START,
                            "A guild starts with the 5 starting cards, once each, and nothing "
                            "else")

INVENTORY_OVER_SLOTS = Code("inventory.over_slots", E, f"{START}; {CURSES}",
                            "More than 4 upgrade cards in a hero's slots (a slot-taking curse "
                            "fills one slot and one upgrade may lie under it, unusable)")
INVENTORY_OVER_LIMIT = Code("inventory.over_limit", E, UPGRADES,
                            "More than 12 upgrade cards after an upgrade phase")
INVENTORY_NOT_OWNED = Code("inventory.not_owned", E, UPGRADES,
                           "A card in the slots (or discarded) that the guild does not have")
INVENTORY_DUPLICATE = Code("inventory.duplicate", E, UPGRADES,
                           "The same upgrade card twice in one guild")
INVENTORY_UNPLACED = Code("inventory.unplaced", W, UPGRADES,
                          "A card the guild has is in no hero's slots and was not discarded")

CURSE_MOVED = Code("curse.moved", E, REST,
                   "A Death Curse on another hero than the one that kept it")
CURSE_WITHOUT_DEATH = Code("curse.without_death", E, CURSES,
                           "A Death Curse kept by a hero without death tokens")

CURSE_MISSING = Code("curse.missing", E, CURSES,
                     "A hero with death tokens from the last scenario keeps no Death Curse "
                     "at the upgrade phase")

CAMPAIGN_PATH = Code("campaign.path", E, CAMPAIGN,
                     "Scenarios out of the campaign's path: 3 of the 6 outer, then 2 of the "
                     "4 inner, then the final")
CAMPAIGN_REPEAT = Code("campaign.repeat", E, CAMPAIGN, "A scenario played twice")
CAMPAIGN_TOO_LONG = Code("campaign.too_long", E, CAMPAIGN, "More than 6 scenarios")

SCENARIO_GUILD_UNKNOWN = Code("scenario.guild_unknown", E, SETUP,
                              "A colour (winner, guild, upgrade or PvP quest) that is not a "
                              "guild of this campaign")
SCENARIO_GUILD_REPEATED = Code("scenario.guild_repeated", E, SETUP,
                               "A guild listed twice in one scenario's guild or upgrade tables")
SCENARIO_WINNER_SHORT = Code("scenario.winner_short", E, WINNING,
                             "The winner lacks the completed quests to win: 3 with at least one "
                             "PvE (2 with two guilds; PvE per two_player_pve)")
SCENARIO_DEATHS = Code("scenario.deaths", E, COINS,
                       "More deaths to monsters or neutral effects than death tokens")
SCENARIO_KILLS_MISMATCH = Code("scenario.kills_mismatch", W, KILLS,
                               "Hero kills and deaths to enemy heroes do not add up, or PvP "
                               "quests were completed without as many hero kills")
SCENARIO_LOSER_WON = Code("scenario.loser_won", E, WINNING,
                          "A guild other than the recorded winner holds a winning set of "
                          "quests: the scenario ended, and it won, when it completed them")
SCENARIO_AFTER_END = Code("scenario.after_end", E, WINNING,
                          "The winner holds quests it could only have completed after the "
                          "scenario ended (it ends at the winning quest)")
SCENARIO_NO_TITLE = Code("scenario.no_title", E, TITLES,
                         "A title earned in a scenario that has no title quest")

REWARD_WITHOUT_QUEST = Code("reward.without_quest", E, REWARDS,
                            "Reward cards for a guild that completed no quest, or more "
                            "reward cards than quests it completed")
TITLE_WITHOUT_QUEST = Code("title.without_quest", E, TITLES,
                           "A title for a guild with no completed quest, or without the "
                           "title's quest, or from another scenario than the title's")

QUEST_OWN_GUILD = Code("quest.own_guild", E, WINNING,
                       "The PvP quest against the guild's own colour")
QUEST_REPEATED = Code("quest.repeated", E, QUESTS,
                      "A quest completed twice by one guild in one scenario")
QUEST_FIRST_NOT_COMPLETED = Code("quest.first_not_completed", E, FIRST,
                                 "First to complete a quest the guild did not complete")
QUEST_FIRST_TWICE = Code("quest.first_twice", E, FIRST,
                         "Two guilds first to complete the same quest")

UPGRADE_TOO_MANY = Code("upgrade.too_many", E, UPGRADES,
                        "More than 3 upgrade cards bought in one upgrade phase")
UPGRADE_WRONG_LEVEL = Code("upgrade.wrong_level", E, UPGRADES,
                           "A card bought from another deck than the level of the scenario "
                           "just played")
UPGRADE_NO_PHASE = Code("upgrade.no_phase", E, PHASE,
                        "An upgrade phase where none takes place (before the first scenario "
                        "or after the final)")
COINS_OVERSPENT = Code("coins.overspent", E, UPGRADES, "Cards bought beyond the coins held")
COINS_CARRY = Code("coins.carry", W, UPGRADES,
                   "Coins left beyond the one kept are lost to the bank")

LEDGER_UNDO = Code("ledger.undo", E, "not in the rulebook: the campaign ledger's own rule",
                   "An undo that names no event it can reverse")
LEDGER_BAD_RECORD = Code("ledger.bad_record", E,
                         "not in the rulebook: the campaign ledger's own rule",
                         "A stored campaign or event whose values do not fit the campaign "
                         "file's format", scope="database")

ALL_CODES: tuple[Code, ...] = all_codes(list(globals().values()))
