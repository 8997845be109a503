"""``chronicle map``: lay a prepared game's Leagues on the table, place its Treasures and
choose its Base Camps, each step checked by the rules as it is made; show the map; undo."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from chronicle.cli.common import command, database
from chronicle.cli.output import emit, emit_json, report

if TYPE_CHECKING:
    from chronicle.systems.wyld_hunt.services.maps import MapView


def _square(text: str) -> tuple[int, int]:
    x, comma, y = text.partition(",")
    try:
        if not comma:
            raise ValueError
        return int(x), int(y)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is no square; write X,Y, e.g. 1,0 "
                                         "(x to the right, y downward)") from None


def register(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``map`` (the command group's ``register``)."""
    parser.description = ("Lay a prepared game's Leagues on the table grid (x to the right, y "
                          "downward), place the Quest Treasures under them and choose each "
                          "player's Base Camp, as the rulebook's Setting the Stage says; every "
                          "step is checked as it is made and kept as the game's map history.")
    sub = parser.add_subparsers(dest="map_command", metavar="show|place|treasure|camp|undo",
                                required=True)
    command(sub, "show", _show, "the map, what is left to lay and its problems",
            "Show a game's map as a grid, the Leagues each player "
            "still has to lay and every rule problem.", args=("game",), json=True)

    lay = command(sub, "place", _place, "lay a League",
                  "Lay a League on a square, beside the map; its sides must "
                  "match the Leagues beside it.", args=("game", "league"), json=True)
    lay.add_argument("--at", type=_square, required=True, metavar="X,Y")
    lay.add_argument("--turn", type=int, default=0, metavar="DEGREES",
                     help="0 (text upright, the default) or 180 (turned half round)")
    lay.add_argument("--player", help="whose League (default: the one player who has it)")
    lay.add_argument("--expect-version", type=int, dest="expected_version")

    hide = command(sub, "treasure", _treasure, "place a Quest Treasure under a League",
                   "Place one of a player's Quest Treasures under a League "
                   "(one per League until every League covers one).",
                   args=("game", "treasure"), json=True)
    hide.add_argument("--player", required=True)
    where = hide.add_mutually_exclusive_group(required=True)
    where.add_argument("--on", metavar="LEAGUE")
    where.add_argument("--at", type=_square, metavar="X,Y")
    hide.add_argument("--expect-version", type=int, dest="expected_version")

    camp = command(sub, "camp", _camp, "choose a player's Base Camp",
                   "Choose a player's Base Camp; their opponent chooses it.",
                   args=("game",), json=True)
    camp.add_argument("player", help="whose Base Camp")
    camp.add_argument("--by", help="who chooses (default: the player's opponent)")
    where = camp.add_mutually_exclusive_group(required=True)
    where.add_argument("--on", metavar="LEAGUE")
    where.add_argument("--at", type=_square, metavar="X,Y")
    camp.add_argument("--expect-version", type=int, dest="expected_version")

    undo = command(sub, "undo", _undo, "take back the latest map step",
                   "Take back the latest step still in effect (the history "
                   "keeps it, with the undo).", args=("game",), json=True)
    undo.add_argument("--expect-version", type=int, dest="expected_version")


def print_map(view: MapView, as_json: bool) -> int:
    """Print a map (or its JSON); exit status 0."""
    from chronicle.systems.wyld_hunt.mapgrid import draw

    if as_json:
        emit_json(view.to_dict())
        return 0
    verdict = "valid" if view.report.valid else f"{len(view.report.errors)} error(s)"
    emit(f"Map of {view.game} (version {view.version}): {len(view.state.cells)} League(s), "
         f"{verdict}")
    for line in draw(view.state):
        emit(line)
    emit("  ^ turned half round   * a Treasure under it   @ a Base Camp")
    for player, left in view.leagues.items():
        emit(f"  {player} to lay: {', '.join(left) or '-'}")
    for player in view.players:
        cell = view.state.camps.get(player)
        shown = f"{view.state.cells[cell].league} ({cell[0]},{cell[1]})" if cell else "-"
        emit(f"  {player}'s Base Camp: {shown}")
    if view.report.violations:
        emit()
        report(view.report, game=view.game)
    return 0


def _show(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.maps import show_map

    return print_map(show_map(database(args), args.game), args.json)


def _place(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.maps import place

    return print_map(place(database(args), args.game, args.league, at=args.at, turn=args.turn,
                           player=args.player, expected_version=args.expected_version),
                     args.json)


def _treasure(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.maps import treasure

    return print_map(treasure(database(args), args.game, args.treasure, player=args.player,
                              on=args.on, at=args.at, expected_version=args.expected_version),
                     args.json)


def _camp(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.maps import camp

    return print_map(camp(database(args), args.game, args.player, by=args.by, on=args.on,
                          at=args.at, expected_version=args.expected_version), args.json)


def _undo(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.maps import undo

    return print_map(undo(database(args), args.game, expected_version=args.expected_version),
                     args.json)


__all__ = ["print_map", "register"]
