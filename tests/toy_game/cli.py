"""``chronicle bag ...``: the toy game's command group, thin over ``toy_game.service``, with
the exit statuses of every database command (0 done, 1 refused by
the rules, 2 bad input or an unknown name)."""

from __future__ import annotations

import argparse
from functools import partial

from chronicle.cli.common import add_json, database, run_service
from chronicle.cli.output import emit, emit_json


def register(parser: argparse.ArgumentParser) -> None:
    """Add ``new``, ``put``, ``undo`` and ``show`` to ``chronicle bag`` (its sheet is
    ``chronicle export bag``)."""
    commands = parser.add_subparsers(dest="bag_command", metavar="new|put|undo|show",
                                     required=True)
    new = commands.add_parser("new", help="a new empty bag", description="A new empty bag.")
    new.add_argument("name")
    new.add_argument("--limit", type=int, required=True, help="the most the bag may weigh")
    put = commands.add_parser("put", help="put a pebble in a bag")
    put.add_argument("name")
    put.add_argument("pebble")
    undo = commands.add_parser("undo", help="take back the latest pebble put in")
    undo.add_argument("name")
    show = commands.add_parser("show", help="a bag and its history")
    show.add_argument("name")
    for one in (new, put, undo, show):
        one.add_argument("--player", required=True, help="whose bag")
        add_json(one)
    new.set_defaults(handler=partial(run_service, _new))
    put.set_defaults(handler=partial(run_service, _put))
    undo.set_defaults(handler=partial(run_service, _undo))
    show.set_defaults(handler=partial(run_service, _show))


def _print(view: object, as_json: bool) -> int:
    from toy_game.service import BagView

    assert isinstance(view, BagView)
    if as_json:
        emit_json(view.to_dict())
        return 0
    emit(f"{view.name} ({view.player}'s bag, limit {view.limit}): "
         f"{', '.join(view.pebbles) or 'empty'}")
    for line in view.history:
        emit(f"  {line}")
    return 0


def _new(args: argparse.Namespace) -> int:
    from toy_game.service import new_bag

    return _print(new_bag(database(args), args.player, args.name, args.limit), args.json)


def _put(args: argparse.Namespace) -> int:
    from toy_game.service import put

    return _print(put(database(args), args.player, args.name, args.pebble), args.json)


def _undo(args: argparse.Namespace) -> int:
    from toy_game.service import undo

    return _print(undo(database(args), args.player, args.name), args.json)


def _show(args: argparse.Namespace) -> int:
    from toy_game.service import show

    return _print(show(database(args), args.player, args.name), args.json)
