"""``chronicle demo``: the rulebook's example play group in a fresh database.

Tim opens the Character Pack of the rulebook's "Example of Character Creation" and builds
Winerdria from it; Josh builds his Imp, Annoyicus. Each opens a Story Pack, and they play the
rulebook's "Example of Play": Winerdria on "Even Dragons Pay Taxes", Annoyicus on "Seek the
Oracle's Advice". Their Waylays, Treasures and Leagues are suggested from their own cards;
Winerdria completes her quest. A second game is prepared for the newcomer to try.

Only catalog facts are used. Cards whose values nobody knows stay unknown (the Sidhe Sword's
cost, for one), which the demo shows as such rather than inventing them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chronicle.errors import Refused
from chronicle.services import players
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.services import characters, collection, games

TIM_CHARACTER_PACK = [
    "Sidhe Female", "Lightning Quick", "Clear Thinking", "Eloquent Speech",
    "Davelon, Gleeful Satyr", "Doppelganger", "Mirror, Mirror", "Hopscotch", "Pearl of Wisdom",
    "Wooden Horse", "Coin of Clarity", "Fae Armor", "Pansy", "Indecisive", "Allergies"]
TIM_STORY_PACK = [
    "Even Dragons Pay Taxes", "Balanvale", "Huntinglane", "Irondew Road", "The Kyrrian Tower",
    "Raxis", "Crystal Falls", "Court of Praxis Tynon", "Forest Spiders", "Manticora",
    "waylay:Slavers",
    "Spike Trap", "Pirates", "Unseelie Knight", "Sphinx's Riddle"]
JOSH_CHARACTER_PACK = [
    "Imp", "Sidhe Sword", "Fuddle", "Willow-Whisper", "Protocol", "Chameleon", "Bag of Gold",
    "Dreaming", "Fugue", "Glamour Dust", "Warhorse", "Perceptive Fighter", "Weak Knees",
    "Sidhe", "Bad Luck"]
JOSH_STORY_PACK = [
    "Seek the Oracle's Advice", "Balath Castle", "Sibylline Swamp", "Marsh of Grey Filth",
    "Unnamed League (web map 8,4)", "Unnamed League (web map 10,7)",
    "Unnamed League (web map 9,9)", "Unnamed League (web map 7,7)", "Oathfriend",
    "Jealous Redcap", "Flock of Harpies", "Magical Barrier", "Cog Dragoon", "Giant Slug",
    "Corporeal Ghost"]

FIRST_GAME = "Example of Play"
SECOND_GAME = "Rematch"


@dataclass
class DemoResult:
    """What the demo created, for the command line to report."""

    lines: list[str] = field(default_factory=list)


def _pack(db: Database, player: str, kind: str, cards: list[str], result: DemoResult) -> None:
    recorded = collection.open_pack(db, player, kind, cards)
    note = f" ({recorded.warnings[0].message})" if recorded.warnings else ""
    result.lines.append(f"{player} opened a {kind.title()} Pack: {len(cards)} cards{note}")


def run_demo(db: Database) -> DemoResult:
    """Fill an empty database with the rulebook's example.

    Raises:
        Refused: when the database already holds players.
    """
    if players.list_players(db):
        raise Refused("the demo fills a fresh database, and this one already has players; use "
                      "another database (--db or CHRONICLE_DB) to try it")
    result = DemoResult()
    for name in ("Tim", "Josh"):
        players.add_player(db, name)
    _pack(db, "Tim", "character", TIM_CHARACTER_PACK, result)
    _pack(db, "Tim", "story", TIM_STORY_PACK, result)
    _pack(db, "Josh", "character", JOSH_CHARACTER_PACK, result)
    _pack(db, "Josh", "story", JOSH_STORY_PACK, result)

    characters.new_character(
        db, "Tim", "Winerdria", icon="Sidhe Female",
        background="Fights only if she has to, preferring to resolve conflicts in nonviolent "
                   "ways.")
    winerdria = characters.edit_character(
        db, "Winerdria", player="Tim",
        add_merits=("Fae Armor", "Lightning Quick", "Eloquent Speech"),
        add_flaws=("Indecisive",))
    summary = winerdria.report.summary
    result.lines.append(
        f"Tim built Winerdria: {summary['points_spent']} points of Merits from "
        f"{summary['points_start']} plus {summary['points_flaws']} from Indecisive; "
        f"{summary['court'].title()}, {summary['seelie']} to {summary['unseelie']}")
    characters.new_character(db, "Josh", "Annoyicus", icon="Imp", court="unseelie",
                             background="An Imp who never passes up a chance to annoy.")
    annoyicus = characters.edit_character(
        db, "Annoyicus", player="Josh",
        add_merits=("Fuddle", "Willow-Whisper", "Protocol", "Chameleon"))
    result.lines.append(
        f"Josh built Annoyicus: {annoyicus.report.summary['points_spent']} points of Arts "
        "(the Sidhe Sword of the rulebook's example has no known cost yet: fill it in from "
        "your card to give him his sword)")

    games.new_game(db, FIRST_GAME, [("Tim", "Winerdria"), ("Josh", "Annoyicus")])
    games.choose(db, FIRST_GAME, "Tim", quests=["Even Dragons Pay Taxes"], target="Josh")
    games.choose(db, FIRST_GAME, "Josh", quests=["Seek the Oracle's Advice"], target="Tim")
    for player in ("Tim", "Josh"):
        chosen = games.suggest_for(db, FIRST_GAME, player, apply=True)
        result.lines.append(
            f"{player}'s Waylays, rated {chosen.waylays.total} in all of the "
            f"{chosen.waylays.limit} the opponent's quest allows: "
            f"{', '.join(chosen.waylays.cards)}")
    played = games.record_result(db, FIRST_GAME, {"Tim": ["Even Dragons Pay Taxes"]})
    result.lines.append(f"Game '{played.name}' played: Winerdria completed Even Dragons Pay "
                        "Taxes and earned 1 experience point")

    games.new_game(db, SECOND_GAME, [("Tim", "Winerdria"), ("Josh", "Annoyicus")])
    games.choose(db, SECOND_GAME, "Tim", quests=["Even Dragons Pay Taxes"], target="Josh")
    games.choose(db, SECOND_GAME, "Josh", quests=["Seek the Oracle's Advice"], target="Tim")
    result.lines.append(f"Game '{SECOND_GAME}' prepared: try 'chronicle game suggest "
                        f"\"{SECOND_GAME}\" --player Tim'")
    return result
