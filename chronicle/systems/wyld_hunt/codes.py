"""Every violation code of the Wyld Hunt rules, with its default severity and rulebook section.

Codes are stable: tests, users' scripts and the JSON output rely on them. Add codes; never rename
one. ``docs/rules.md`` documents each code with the rulebook passage it enforces, and a test keeps
that file and this table in step.
"""

from __future__ import annotations

from chronicle.rules.codes import Code
from chronicle.rules.report import Severity

E, W = Severity.ERROR, Severity.WARNING


CREATION = "Building Your Character"
CHRONICLE = "Optional Rules: Chronicle Play"
EPIC = "Optional Rules: Epic Play"
STAGE = "The Wyld Hunt: Setting the Stage"

ICON_MISSING = Code("icon.missing", E, f"{CREATION}, Step 1: Select Your Race",
                    "The character has no Character Icon")
ICON_MULTIPLE = Code("icon.multiple", E, f"{CREATION}, Step 1: Select Your Race",
                     "The character has more than one Character Icon")
CARD_UNKNOWN = Code("card.unknown", E, "Playing This Game (the cards in play)",
                    "A card name matches no card in the catalog")
CARD_WRONG_KIND = Code("card.wrong_kind", E, "Playing This Game (the cards in play)",
                       "A card is listed where another kind of card belongs")
CARD_INCOMPLETE = Code("card.incomplete", E, "Playing This Game (the golden rule)",
                       "A rule needs a value that is unknown for this card")
CARD_DUPLICATE = Code("card.duplicate", W, f"{CREATION}, Step 2",
                      "The same card is taken more than once")
POINTS_OVER_BUDGET = Code("points.over_budget", E,
                          f"{CREATION}, Step 2: Select Your Merits and Flaws",
                          "Merits cost more than the starting points plus Flaw bonus points")
POINTS_UNSPENT = Code("points.unspent", W, f"{CREATION}, Step 2: Select Your Merits and Flaws",
                      "Starting points are left unspent")
COURT_TIE = Code("court.tie", E, f"{CREATION}, Step 3: Your Court",
                 "Seelie and Unseelie are tied and no court was chosen")
COURT_OVERRIDDEN = Code("court.overridden", W, f"{CREATION}, Step 3: Your Court",
                        "The chosen court is overruled by the majority or by a card")
XP_OVERSPENT = Code("xp.overspent", E, CHRONICLE,
                    "Experience spent beyond what is unspent at that moment")
XP_NOT_HELD = Code("xp.not_held", E, CHRONICLE, "A Flaw bought off that the character lacks")
QUEST_NONE = Code("quest.none", E, "Setting the Stage, 2: Select and Play Quests",
                  "A game played lists no quest")
QUEST_NOT_UNDERTAKEN = Code("quest.not_undertaken", E, "Winning the Game",
                            "A quest completed that was not undertaken in that game")
EPIC_ORDER = Code("epic.order", E, EPIC, "Quests completed out of increasing quest number")
LEDGER_BAD_UNDO = Code("ledger.bad_undo", E, CHRONICLE,
                       "An undo names an event that cannot be undone")
LEDGER_NOT_HELD = Code("ledger.not_held", E, CHRONICLE,
                       "A correction removes a card the character does not have")
SETUP_WAYLAYS_OVER = Code("setup.waylays_over_rating", E,
                          f"{STAGE}, 2: Select and Play Quests",
                          "Waylays exceed the opponent's effective Waylay rating")
SETUP_TREASURES_OVER = Code("setup.treasures_over_rating", E,
                            f"{STAGE}, 2: Select and Play Quests",
                            "Treasures exceed the player's Treasure rating")
SETUP_TREASURES_UNDER = Code("setup.treasures_under_rating", W,
                             f"{STAGE}, 2: Select and Play Quests",
                             "Treasures fall short of the player's Treasure rating")
SETUP_LEAGUE_COUNT = Code("setup.league_count", E, f"{STAGE}, 3: Select and Play Leagues",
                          "Not five Leagues per quest (ten in solo play)")
SETUP_UNIQUE_LEAGUE = Code("setup.unique_league", W, f"{STAGE}, 3: Select and Play Leagues",
                           "A Unique League chosen more than once")
SETUP_OPPONENTS = Code("setup.opponents", E, "Optional Rules: Multi-Player Games",
                       "Players and opponents do not pair up one to one")
SETUP_PLAYER_COUNT = Code("setup.player_count", W, "Optional Rules: Multi-Player Games",
                          "More players than the rulebook adapts the game to (two to five)")
CARD_NO_ATTRIBUTE = Code("card.no_attribute", E, "Story Pack: Waylay Cards (Attributes)",
                         "A Waylay lists no Attribute with a rating")
SETUP_SOLO_UNDER = Code("setup.solo_waylays_under_rating", E, "Optional Rules: Solo Play",
                        "Solo Waylays total less than the Waylay rating")
SETUP_SOLO_EXCESS = Code("setup.solo_waylays_excess", E, "Optional Rules: Solo Play",
                         "Solo Waylays exceed the rating more than the pool forces")
SETUP_NOT_IN_POOL = Code("setup.not_in_pool", E, "Optional Rules: Solo Play",
                         "A solo Waylay is not among the Waylays available")
SETUP_NO_POOL = Code("setup.no_pool", W, "Optional Rules: Solo Play",
                     "Solo play without the pool of available Waylays")
SETUP_WAYLAY_TERRAIN = Code("setup.waylay_terrain", W, "Story Pack: Waylay Cards (Terrain)",
                            "A Waylay fits the terrain of none of the game's Leagues")
SETUP_CHARACTER_INVALID = Code("setup.character_invalid", E, CREATION,
                               "A player's character file breaks the rules")

LEAGUES = f"{STAGE}, 3: Select and Play Leagues"
TREASURES = f"{STAGE}, 4: Place Treasures"
CAMPS = f"{STAGE}, 5: Place Characters"
MAP_SIDES_UNKNOWN = Code("map.sides_unknown", E, LEAGUES,
                         "A placement needs a League's side terrains, which are unknown")
MAP_TERRAIN = Code("map.terrain_mismatch", E, LEAGUES,
                   "Facing sides share no Terrain feature")
MAP_BORDER = Code("map.border", E, LEAGUES, "A League played beyond a Border")
MAP_OCEAN = Code("map.ocean", E, LEAGUES, "Ocean beside something other than Ocean or a Border")
MAP_TURN = Code("map.turn", E, LEAGUES,
                "A League turned sideways (Leagues are all played horizontally)")
MAP_OCCUPIED = Code("map.occupied", E, LEAGUES, "A League played where one already lies")
MAP_DETACHED = Code("map.detached", E, LEAGUES, "A League played beside no League in play")
MAP_NOT_CHOSEN = Code("map.not_chosen", E, LEAGUES,
                      "A League played that the player did not select, or more copies")
MAP_UNIQUE_TWICE = Code("map.unique_twice", E, LEAGUES,
                        "A second copy of a Unique League played")
MAP_UNIQUE_PLACER = Code("map.unique_placer", E, LEAGUES,
                         "A Unique League both players chose, placed by the one with more "
                         "character points")
MAP_TURNS = Code("map.turns", W, LEAGUES, "A player lays two Leagues in a row")
MAP_OFF_MAP = Code("map.off_map", E, f"{TREASURES}; {CAMPS}",
                   "A Treasure or Base Camp on a League not in play")
MAP_EARLY = Code("map.early", W, f"{TREASURES}; {CAMPS}",
                 "Treasures or Base Camps placed before every League is laid")
MAP_TREASURE_NOT_CHOSEN = Code("map.treasure_not_chosen", E, TREASURES,
                               "A Treasure placed that the player did not select, or twice")
MAP_TREASURE_STACKED = Code("map.treasure_stacked", E, TREASURES,
                            "A second Treasure under a League while another League covers none")
MAP_CAMP_CHOOSER = Code("map.camp_chooser", E, CAMPS,
                        "A Base Camp not chosen by the player's opponent")
MAP_CAMP_TWICE = Code("map.camp_twice", E, CAMPS, "A Base Camp chosen a second time")
MAP_BAD_UNDO = Code("map.bad_undo", E, LEAGUES,
                    "An undo that names no placement still in effect, or not the latest")
MAP_INCOMPLETE = Code("map.incomplete", W, f"{LEAGUES}; {TREASURES}; {CAMPS}",
                      "Leagues, Treasures or Base Camps still to place")

COLLECTION_NOT_OWNED = Code("collection.not_owned", E, "The Character Pack (your cards)",
                            "A card used that the player owns too few copies of",
                            scope="database")
COLLECTION_SHARED_COPY = Code("collection.shared_copy", W, "The Character Pack (your cards)",
                              "The player's characters together use more copies than owned",
                              scope="database")
PACK_CONTENTS = Code("pack.contents", W, "The Character Pack; Story Pack",
                     "A pack's cards differ from a standard pack", scope="database")

ALL_CODES: tuple[Code, ...] = tuple(v for v in list(globals().values()) if isinstance(v, Code))
