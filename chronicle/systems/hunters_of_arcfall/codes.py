"""Every violation code of the Hunters of Arcfall rules, with its severity and rulebook section.

Codes are stable: tests, users' scripts and the JSON output rely on them. Add codes; never rename
one. ``docs/games/hunters-of-arcfall.md`` documents each code, and a test keeps that file and this
table in step. Sections are the headings of the rulebook (seed 002).
"""

from __future__ import annotations

from chronicle.rules.codes import Code, all_codes
from chronicle.rules.report import Severity

E, W = Severity.ERROR, Severity.WARNING

PLAYER_COUNT = Code("setup.player_count", E, "Set Up (2-6 players, Kickstarter page)",
                    "Fewer than 2 players (an error) or more than 6 (a warning)")
HUNTER_TAKEN = Code("setup.hunter_taken", E, "Set Up, step 1",
                    "Two players play the same hunter")
TURN_ORDER = Code("turn.order", E, "Set Up, steps 4-5",
                  "A turn taken out of clockwise seating order")
BAD_TRANSITION = Code("bounty.bad_transition", E, "The Bounties; On Your Turn, steps 1, 4, 5, 7",
                      "A bounty moves between states the rules do not allow")
TOO_MANY_HEALS = Code("turn.too_many_heals", E, "On Your Turn, step 6",
                      "More than 3 heals in one turn")
ABILITY_TWICE = Code("ability.used_twice", E, "The Hunters",
                     "A hunter's once-per-game ability used a second time")
ENDED_EARLY = Code("game.ended_early", W, "Game End",
                   "The game stops before the final round is complete (an error when the log "
                   "says the game ended)")
CONTINUED = Code("game.continued", E, "Game End",
                 "Turns logged after the round that completed the game")
LEDGER_BAD_UNDO = Code("ledger.bad_undo", E, "Game log (undo is a compensating entry)",
                       "An undo names an entry that cannot be undone")
UNREADABLE = Code("game.unreadable", E, "Game log (the file format)",
                  "A game stored in the database breaks the game-log format")
CARD_UNKNOWN = Code("card.unknown", E, "Components",
                    "A card name matches no card in the catalog")
CARD_WRONG_KIND = Code("card.wrong_kind", E, "Components",
                       "A card is named where another kind of card belongs")
CARD_INCOMPLETE = Code("card.incomplete", E, "Scoring; The Dice",
                       "A rule or the odds need a value that is unknown for this card")
HUNTER_WOUNDS = Code("card.hunter_wounds", E, "The Hunters",
                     "A hunter card holding other than the rulebook's 3 wounds (refused where "
                     "the card is entered: card file, game log, 'hunt card', group cards, "
                     "import)")
CATALOG_INCOMPLETE = Code("catalog.incomplete_set", W, "Components",
                          "The catalog holds fewer than the box's 8 hunters or 44 bounties")
CATALOG_EXTRA = Code("catalog.extra_cards", W, "Components",
                     "The catalog holds more hunters or bounties than the box")

ALL_CODES: tuple[Code, ...] = all_codes(list(globals().values()))
