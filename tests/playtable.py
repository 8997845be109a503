"""The table of a golden play file (``tests/golden/play/*.toml``) laid out in a database: its
cards (group cards, as a table enters its physical cards), players, collections, characters and
the prepared game; and the command lines of its steps."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

from chronicle.services import players
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.services import characters, collection, games, usercards

GOLDEN = Path(__file__).resolve().parent / "golden" / "play"


def load(name: str = "example-of-play.toml") -> dict[str, Any]:
    """A golden play file."""
    with (GOLDEN / name).open("rb") as handle:
        return tomllib.load(handle)


def prepare(db: Database, golden: dict[str, Any]) -> None:
    """The golden file's prepared game in ``db`` (not yet laid out for play)."""
    for card in golden.get("card", []):
        usercards.create_card(dict(card), db)
    seats = golden["player"]
    for seat in seats:
        players.add_player(db, seat["name"])
        owned = [seat["icon"], *seat["merits"], *seat["flaws"], *seat["quests"],
                 *seat["waylays"], *seat["treasures"], *seat["leagues"]]
        collection.add_cards(db, seat["name"], list(Counter(owned).items()))
        characters.new_character(db, seat["name"], seat["character"], icon=seat["icon"],
                                 court=seat.get("court"))
        characters.edit_character(db, seat["character"], player=seat["name"],
                                  add_merits=tuple(seat["merits"]),
                                  add_flaws=tuple(seat["flaws"]))
    game = golden["game"]
    games.new_game(db, game, [(s["name"], s["character"]) for s in seats])
    for seat in seats:
        games.choose(db, game, seat["name"], quests=seat["quests"], waylays=seat["waylays"],
                     treasures=seat["treasures"], leagues=seat["leagues"])


def start_argv(golden: dict[str, Any]) -> list[str]:
    """``chronicle play start ...`` for the golden file's table."""
    start = golden["start"]
    argv = ["play", "start", golden["game"], "--first", start["first"]]
    for camp in start["camps"]:
        argv += ["--camp", camp]
    for treasure in start.get("treasures", []):
        argv += ["--treasure", treasure]
    return argv


def step_argv(golden: dict[str, Any], step: dict[str, Any]) -> list[str]:
    """``chronicle play KIND GAME ...`` for one step."""
    kind, *rest = step["argv"]
    return ["play", kind, golden["game"], *rest]


def flat(state: dict[str, Any]) -> dict[str, Any]:
    """The JSON state of ``chronicle play ... --json`` by the golden files' keys: ``current``,
    ``day``, ``events``, ``CHARACTER.FIELD`` (``Annoyicus.scores.combat``),
    ``waylays.LEAGUE`` and ``hands.PLAYER``."""
    found: dict[str, Any] = {"current": state["current"], "day": state["day"],
                             "events": state["events"]}
    for hero in state["characters"]:
        for key, value in hero.items():
            if isinstance(value, dict):
                for inner, item in value.items():
                    found[f"{hero['character']}.{key}.{inner}"] = item
            else:
                found[f"{hero['character']}.{key}"] = value
    for league, waylays in state["waylays"].items():
        found[f"waylays.{league}"] = [w["name"] for w in waylays]
    for player, hand in state["hands"].items():
        found[f"hands.{player}"] = hand
    return found
