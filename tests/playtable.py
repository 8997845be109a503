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


def _toml(value: Any) -> str:
    """``value`` as an inline TOML value (what ``--value FIELD=VALUE`` reads)."""
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"no TOML form for {value!r}")


def prepare_argv(golden: dict[str, Any]) -> list[list[str]]:
    """The command lines that prepare the golden file's game on an empty database, as a table
    does it: each card the bundled catalog does not know entered from the physical card
    (``chronicle cards new``), the players, their cards, characters and the game."""
    argv: list[list[str]] = []
    for card in golden.get("card", []):
        values = [f"{k}={_toml(v)}" for k, v in card.items() if k not in ("name", "kind")]
        argv.append(["cards", "new", card["name"], "--kind", card["kind"],
                     *(x for v in values for x in ("--value", v))])
    seats = golden["player"]
    for seat in seats:
        argv.append(["player", "add", seat["name"]])
    for seat in seats:
        owned = Counter([seat["icon"], *seat["merits"], *seat["flaws"], *seat["quests"],
                         *seat["waylays"], *seat["treasures"], *seat["leagues"]])
        for name, count in owned.items():
            argv.append(["collection", "add", name, "--player", seat["name"], "--count",
                         str(count)])
        argv.append(["character", "new", seat["character"], "--player", seat["name"],
                     "--icon", seat["icon"], *(["--court", seat["court"]]
                                               if seat.get("court") else [])])
        argv.append(["character", "add", seat["character"], "--player", seat["name"],
                     *(x for m in seat["merits"] for x in ("--merit", m)),
                     *(x for f in seat["flaws"] for x in ("--flaw", f))])
    game = golden["game"]
    argv.append(["game", "new", game, *(x for s in seats
                                        for x in ("--seat", f"{s['name']}:{s['character']}"))])
    for seat in seats:
        argv.append(["game", "set", game, "--player", seat["name"],
                     *(x for q in seat["quests"] for x in ("--quest", q))])
        argv.append(["game", "choose", game, "--player", seat["name"],
                     *(x for w in seat["waylays"] for x in ("--waylay", w)),
                     *(x for t in seat["treasures"] for x in ("--treasure", t)),
                     *(x for lg in seat["leagues"] for x in ("--league", lg))])
    return argv
