"""``chronicle game``: prepare a game (the deck builder), check it, get suggestions, and record
its result."""

from __future__ import annotations

import argparse

from chronicle.cli.common import command, database
from chronicle.cli.output import emit, emit_json, fail, listed, table
from chronicle.cli.systems import EditionKeys
from chronicle.systems.wyld_hunt.cli.mendcommands import register_game
from chronicle.systems.wyld_hunt.cli.show import show_view


def register(parser: argparse.ArgumentParser) -> None:
    """Add the subcommands of ``game`` (the command group's ``register``)."""
    parser.description = ("Prepare games (Waylays, Treasures and Leagues from each player's "
                          "cards), check them against the rules, and record their results.")
    sub = parser.add_subparsers(dest="game_command",
                                metavar="new|list|show|set|choose|suggest|check|result|seat|"
                                        "unseat|rename|delete|restore-archived",
                                required=True)
    new = command(sub, "new", _new, "create a game",
                  "Create a game.", args=("name",), json=True)
    new.add_argument("--seat", action="append", required=True, metavar="PLAYER[:CHARACTER]",
                     help="a player and the character they play (repeatable, in seat order)")
    new.add_argument("--solo", action="store_true", help="solo play (one seat)")
    new.add_argument("--system", default="wyld-hunt", choices=EditionKeys(), metavar="EDITION",
                     help="the edition: %(choices)s (default %(default)s)")
    new.add_argument("--epic-order", choices=("quest_number", "waylay_rating"), default=None,
                     help="how epic quests are ordered: quest_number (the rulebook's example, "
                          "the default) or waylay_rating (a house rule, printed on the sheet)")

    listing = command(sub, "list", _list, "list games",
                      "List games.", json=True)
    listing.add_argument("--archived", action="store_true", help="list the archived games instead")

    command(sub, "show", _show, "a game and its report",
            "Show a game, its selections and every rule problem.", args=("name",), json=True)

    command(sub, "check", _check, "check a game (exit 1 on errors)",
            "Check a game against the rules: exit 0 without errors, "
            "1 with errors.", args=("name",), json=True)

    setter = command(sub, "set", _set, "set a player's quests and target",
                     "Set a player's quests and the player they waylay.", args=("name",), json=True)
    setter.add_argument("--player", required=True)
    setter.add_argument("--quest", action="append", dest="quests",
                        help="a quest undertaken (repeatable; replaces the list)")
    setter.add_argument("--target", help="the player whose quests this player's Waylays oppose")
    setter.add_argument("--expect-version", type=int, dest="expected_version")

    choose = command(sub, "choose", _choose, "choose Waylays, Treasures and Leagues",
                     "Choose a player's Waylays, Treasures and Leagues from "
                     "their own cards (each option replaces that list).", args=("name",), json=True)
    choose.add_argument("--player", required=True)
    for part in ("waylay", "treasure", "league"):
        choose.add_argument(f"--{part}", action="append", dest=f"{part}s",
                            help=f"a {part.title()} (repeatable)")
    choose.add_argument("--clear", action="append", default=[],
                        choices=("waylays", "treasures", "leagues"), help="empty a list")
    choose.add_argument("--expect-version", type=int, dest="expected_version")

    suggest = command(sub, "suggest", _suggest, "suggest Waylays, Treasures and Leagues",
                      "Suggest a player's Waylays (using the opponent's "
                      "rating as fully as possible, exactly), Treasures and "
                      "Leagues from their own cards, and explain why.", args=("name",), json=True)
    suggest.add_argument("--player", required=True)
    suggest.add_argument("--apply", action="store_true", help="store the suggestion")

    result = command(sub, "result", _result, "record who completed which quests",
                     "Record a game's result: each seated character's "
                     "chronicle gets the game, in one step.", args=("name",), json=True)
    result.add_argument("--completed", action="append", default=[], metavar="PLAYER:QUEST",
                        help="a quest a player completed, in order (repeatable)")
    result.add_argument("--date", help="the day it was played: an ISO date, YYYY-MM-DD")
    result.add_argument("--note", help="a note kept with the game in every chronicle")
    register_game(sub)


def _seats(values: list[str]) -> list[tuple[str, str | None]]:
    seats = []
    for value in values:
        player, _colon, character = value.partition(":")
        seats.append((player.strip(), character.strip() or None))
    return seats


def _new(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.games import new_game

    return show_view(new_game(database(args), args.name, _seats(args.seat), solo=args.solo,
                          system=args.system, epic_order=args.epic_order), args.json)


def _list(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.games import list_games

    found = list_games(database(args), archived=args.archived)
    if listed(found, args.json, "No archived games." if args.archived else
              "No games yet: 'chronicle game new NAME --seat Tim:Winerdria --seat Josh'."):
        return 0
    table(["game", "status", "players", "rules"],
          [[g.name, g.status, ", ".join(s.player for s in g.seats),
            "valid" if g.report.valid else f"{len(g.report.errors)} error(s)"] for g in found],
          [24, 9, 30, 10])
    return 0


def _show(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.games import show_game

    return show_view(show_game(database(args), args.name), args.json)


def _check(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.games import show_game

    view = show_game(database(args), args.name)
    show_view(view, args.json)
    return 0 if view.report.valid else 1


def _set(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.games import choose

    if args.quests is None and args.target is None:
        fail("give --quest or --target")
        return 2
    return show_view(choose(database(args), args.name, args.player, quests=args.quests,
                        target=args.target, expected_version=args.expected_version), args.json)


def _choose(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.games import choose

    lists = {part: ([] if part in args.clear else getattr(args, part))
             for part in ("waylays", "treasures", "leagues")}
    if all(value is None for value in lists.values()):
        fail("give --waylay, --treasure, --league or --clear")
        return 2
    return show_view(choose(database(args), args.name, args.player,
                        expected_version=args.expected_version, **lists), args.json)


def _suggest(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.games import suggest_for

    result = suggest_for(database(args), args.name, args.player, apply=args.apply)
    if args.json:
        emit_json(result.to_dict())
        return 0
    for label, part, counted in (
            ("Waylays", result.waylays, "rated {} in all of the {} allowed"),
            ("Treasures", result.treasures, "worth {} in all of the {} allowed"),
            ("Leagues", result.leagues, "{} of the {} needed")):
        emit(f"{label} for {result.player}, {counted.format(part.total, part.limit)}: "
             f"{', '.join(part.cards) or 'none'}")
        for line in part.explanation:
            emit(f"  - {line}")
    emit("Stored in the game." if result.applied else
         "Add --apply to store these choices in the game.")
    return 0


def _result(args: argparse.Namespace) -> int:
    from chronicle.systems.wyld_hunt.services.games import record_result

    completed: dict[str, list[str]] = {}
    for value in args.completed:
        player, colon, quest = value.partition(":")
        if not colon or not quest.strip():
            fail(f"--completed takes PLAYER:QUEST, not {value!r}")
            return 2
        completed.setdefault(player.strip(), []).append(quest.strip())
    view = record_result(database(args), args.name, completed, date=args.date, note=args.note)
    if not args.json:
        emit(f"Recorded the result of {view.name} in every seated character's chronicle.")
    return show_view(view, args.json)
