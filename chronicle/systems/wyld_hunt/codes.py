"""Every violation code of the Wyld Hunt rules, with its default severity and rulebook section.

Codes are stable: tests, users' scripts and the JSON output rely on them. Add codes; never rename
one. ``docs/rules.md`` documents each code with the rulebook passage it enforces, and a test keeps
that file and this table in step.
"""

from __future__ import annotations

from chronicle.rules.codes import Code
from chronicle.rules.report import Severity
from chronicle.systems.wyld_hunt.appfixes import app_keys as app_keys  # the fixes in keys

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

SEQ = "The Wyld Hunt: Sequence of Play"
MERITS = "Exhausting and Recovering Merits"
TESTS = "Tests and Trials"
PLAY_UNREADABLE = Code("play.unreadable", E, "The Wyld Hunt: Setting the Stage",
                       "A game in play whose data or event cannot be read", scope="database")
PLAY_NOT_YOUR_DAY = Code("play.not_your_day", E, SEQ,
                         "A character acts on another character's Day", scope="database")
PLAY_LEAGUE_UNKNOWN = Code("play.league_unknown", E, SEQ,
                           "A move to a League that is not in the game", scope="database")
PLAY_ADJACENCY_UNCHECKED = Code("play.adjacency_unchecked", W, SEQ,
                                "A move whose adjacency is not checked: the game has no map yet",
                                scope="database")
PLAY_NOT_ADJACENT = Code("play.not_adjacent", E, SEQ,
                         "A move to a League that is not adjacent", scope="database")
PLAY_ONE_MOVE = Code("play.one_move", E, SEQ,
                     "A second move, or a move after an encounter, in one Day", scope="database")
PLAY_STUCK = Code("play.stuck", E, f"{TESTS}: Trials",
                  "A move after a failed Trial in the same Day", scope="database")
PLAY_WAYLAY_BLOCKS = Code("play.waylay_blocks", E, f"{SEQ}: Leaving Leagues",
                          "A move past an undefeated Waylay (only retreating is allowed)",
                          scope="database")
PLAY_ROLL_BAD = Code("play.roll_bad", E, f"{TESTS}: Tests",
                     "A roll that is not the edition's dice (1 to 6 each)", scope="database")
PLAY_VALUE_UNKNOWN = Code("play.value_unknown", E, "Playing This Game (the golden rule)",
                          "A Test or Trial needs a card value that is unknown",
                          scope="database")
PLAY_WAYLAY_NOT_HELD = Code("play.waylay_not_held", E, f"{SEQ}: Playing and Encountering Waylays",
                            "A Waylay played that the player does not hold", scope="database")
PLAY_WAYLAY_NOT_NOW = Code("play.waylay_not_now", E, f"{SEQ}: Playing and Encountering Waylays",
                           "A Waylay played when the opponent did not just enter a League",
                           scope="database")
PLAY_WAYLAY_TAKEN = Code("play.waylay_league_taken", E, SEQ,
                         "A Waylay played on a League that already has one", scope="database")
PLAY_WAYLAY_BASE_CAMP = Code("play.waylay_base_camp", E, f"{SEQ}: Base Camp",
                             "A Waylay played on a character in the character's Base Camp",
                             scope="database")
PLAY_WAYLAY_TERRAIN = Code("play.waylay_terrain", E, "Story Pack: Waylay Cards (Terrain)",
                           "A Waylay played on a League whose Terrain it does not match",
                           scope="database")
PLAY_TERRAIN_UNKNOWN = Code("play.terrain_unknown", W, "Story Pack: Waylay Cards (Terrain)",
                            "A Waylay played where a Terrain is unknown: the match is not checked",
                            scope="database")
PLAY_WAYLAY_ORDER = Code("play.waylay_order", E, f"{SEQ}: Playing and Encountering Waylays",
                         "A Waylay faced out of increasing Waylay rating, not on the League, "
                         "or twice in a Day", scope="database")
PLAY_TEST_NOT_LISTED = Code("play.test_not_listed", E, "Story Pack: Waylay Cards",
                            "A Test the Waylay cannot be faced in", scope="database")
PLAY_TEST_CHANGED = Code("play.test_changed", W, "Story Pack: Waylay Cards",
                         "A Test the card does not list: a Merit must change the Waylay's nature",
                         scope="database")
PLAY_WAYLAYS_UNFACED = Code("play.waylays_unfaced", E, SEQ,
                            "A Day ends with a Waylay on the character's League not faced",
                            scope="database")
PLAY_EXHAUST_OWED = Code("play.exhaust_owed", E, f"{TESTS}: Tests",
                         "A Day ends before a lost Test's Merit is exhausted or discarded",
                         scope="database")
PLAY_CARD_NOT_ACTIVE = Code("play.card_not_active", E, MERITS,
                            "A card exhausted, discarded or recovered that is not in that state "
                            "(or not the character's)", scope="database")
PLAY_NOTHING_OWED = Code("play.nothing_owed", E, f"{TESTS}: Tests",
                         "A Merit exhausted for a lost Test when no Test was lost",
                         scope="database")
PLAY_ONE_ENCOUNTER = Code("play.one_encounter", E, SEQ,
                          "A second encounter in a Day, or a Treasure or Rest after a Waylay",
                          scope="database")
PLAY_WAYLAY_ACTIVE = Code("play.waylay_active", E, MERITS,
                          "A Rest or Treasure on a League with an active Waylay",
                          scope="database")
PLAY_NO_TREASURE = Code("play.no_treasure", E, f"{STAGE}, 4: Place Treasures",
                        "A Treasure picked up that is not the character's under this League",
                        scope="database")
PLAY_REST_UNCHECKED = Code("play.rest_unchecked", W, f"{MERITS}",
                           "A Rest away from the Base Camp: the League's Rest decides which "
                           "Merits it recovers (the table checks the card's text)",
                           scope="database")
PLAY_DAY_SKIPPED = Code("play.day_skipped", W, f"{MERITS}: Exhausting All of Your Merits",
                        "Every Merit discarded: the next Day is skipped, back at the Base Camp",
                        scope="database")
PLAY_FINISHED = Code("play.finished", E, "Winning the Game",
                     "An event after the game's result was recorded", scope="database")
PLAY_BAD_UNDO = Code("play.bad_undo", E, "The Wyld Hunt: Sequence of Play (the ledger)",
                     "An undo that does not name the latest event in force", scope="database")

ALL_CODES: tuple[Code, ...] = tuple(v for v in list(globals().values()) if isinstance(v, Code))
