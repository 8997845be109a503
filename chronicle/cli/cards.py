"""``chronicle cards list|search|show|new|validate|missing|export-mine|import``: every installed
game's cards from the command line, driven by each game's card schema (``chronicle.catalog.front``
and ``chronicle.services.cardfront``): a game with a card schema gets the whole card front with
no code of its own.

``--system KEY`` names the game; without it ``list``, ``search`` and ``show`` look in every game
(a name two games share asks which) and the other subcommands take the home game. A game may
refine the front (``GameSystem.card_front``): listing flags of its own, and answers of its own
when a command concerns that game alone.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.cli.cardentry import add_new, show_card
from chronicle.cli.output import emit, emit_json, fail, problems, table

if TYPE_CHECKING:
    from chronicle.catalog.front import FrontCard
    from chronicle.catalog.problems import FileProblem
    from chronicle.systems.protocol import GameSystem

_FRONT_FLAGS = "_front_flags"
"""Where the parser notes the game-specific listing flags: ``{dest: game key}``."""


def register(commands: Any, argv: Sequence[str] | None = None) -> None:
    """Add ``cards`` and its subcommands, for the command line ``argv`` (None: the whole
    tree): the games are read only when it runs ``cards``."""

    parser = commands.add_parser(
        "cards", help="list, search, show, enter and share every game's cards",
        description="Every installed game's cards: the bundled ones, the group's (in the "
                    "database) and your own card files. --system KEY names the game "
                    "(chronicle systems lists them); list, search and show look in every game "
                    "without it.")
    sub = parser.add_subparsers(
        dest="cards_command",
        metavar="list|search|show|new|validate|missing|export-mine|import", required=True)
    listing = sub.add_parser("list", help="list cards, optionally filtered",
                             description="List cards of every game (or of --system), "
                                         "optionally filtered.")
    _filters(listing, argv)
    listing.set_defaults(handler=_run(run_list), text="")
    search = sub.add_parser("search", help="find cards whose name or summary has every word",
                            description="Find cards whose name, other names or summary "
                                        "contain every word, in every game (or --system).")
    search.add_argument("text", help="words to look for (case-insensitive)")
    _filters(search, argv)
    search.set_defaults(handler=_run(run_list))
    show = sub.add_parser("show", help="every known value of a card",
                          description="Show every known value of a card (named by its name "
                                      "or one of its other names), and what is unknown.")
    show.add_argument("name", help="the card's name (case-insensitive)")
    show.add_argument("--kind", help="when several kinds share the name")
    _answers(show, run_show, every=True)
    add_new(sub, argv)
    validate = sub.add_parser(
        "validate", help="check card files of any game",
        description="Check card files: the given ones (each of the game its 'game' key names), "
                    "or the bundled catalog and your own card files of a game. Exit status 1 "
                    "when any problem is found.")
    validate.add_argument("files", nargs="*", type=Path, help="card files (default: all)")
    _answers(validate, run_validate)
    missing = sub.add_parser(
        "missing", help="what the catalog lacks: which physical cards to look at first",
        description="Per kind, how many cards of a game are complete and which values are "
                    "missing, then the incomplete cards, fewest values missing first.")
    missing.add_argument("--kind")
    missing.add_argument("--limit", type=int, default=10, metavar="N",
                         help="cards listed per kind (default 10; 0 for all)")
    _answers(missing, run_missing)
    export = sub.add_parser(
        "export-mine", help="the group's cards of a game as one file to share",
        description="Write the group's own cards and corrections of a game as one card file, "
                    "for another group to read in with 'chronicle cards import'.")
    export.add_argument("--output", "-o", type=Path, metavar="FILE",
                        help="write to FILE instead of printing")
    export.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    _system(export)
    export.set_defaults(handler=_run(run_export_mine))
    take = sub.add_parser(
        "import", help="add the cards of a shared card file",
        description="Add the cards of a shared card file (its game is the file's 'game' key) "
                    "to the group's cards in the database; each corrects the card of the same "
                    "name and kind. Nothing is imported if any card has a problem, or if a "
                    "correction would make a saved record break a rule (unless --force).")
    take.add_argument("file", type=Path, help="the shared card file")
    take.add_argument("--force", action="store_true",
                      help="import even when a saved record would break a rule")
    take.add_argument("--json", action="store_true", help="print JSON")
    take.set_defaults(handler=_run(run_import))


def _system(parser: argparse.ArgumentParser, *, every: bool = False) -> None:
    parser.add_argument("--system", metavar="KEY",
                        help="the game (chronicle systems lists them); default: "
                             + ("every game" if every else "the home game"))


def _answers(parser: argparse.ArgumentParser, handler: Callable[[argparse.Namespace], int], *,
             every: bool = False) -> None:
    """A subcommand's last flags, ``--system`` then ``--json``, and its ``handler``."""
    _system(parser, every=every)
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(handler=_run(handler))


def _filters(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> None:
    """The listing flags: the generic ones, then each game's own (``card_front.filters``)."""
    _system(parser, every=True)
    parser.add_argument("--kind", help="only cards of this kind")
    parser.add_argument("--user", action="store_true",
                        help="only the group's and your own cards (new or corrected)")
    parser.add_argument("--missing", action="store_true",
                        help="only cards with values the catalog lacks, and which ones")
    parser.add_argument("--json", action="store_true", help="print JSON")
    owners: dict[str, str] = {}
    for game in _fronted(argv):
        front = _front(game)
        adder = getattr(front, "filters", None)
        if adder is None:
            continue
        had = {action.dest for action in parser._actions}
        try:
            adder(parser)
        except argparse.ArgumentError:
            continue            # two games with the same flag: the first one keeps it
        owners.update({action.dest: game.key for action in parser._actions
                       if action.dest not in had})
    parser.set_defaults(**{_FRONT_FLAGS: owners})


def _fronted(argv: Sequence[str] | None) -> list[GameSystem]:
    """The installed games that refine the front, none when the command line is being built
    for another command."""
    from chronicle.systems import registry

    if argv is not None and "cards" not in argv:
        return []
    try:
        return [s for s in registry.systems() if s.card_front]
    except registry.BadSystem:
        return []


def _front(game: GameSystem) -> Any:
    from chronicle.systems.protocol import load_name

    return load_name(game.card_front) if game.card_front else None


def _run(handler: Any) -> Any:
    def run(args: argparse.Namespace) -> int:
        from chronicle.cli.common import run_service

        return run_service(handler, args)
    run.__doc__ = handler.__doc__
    run.__name__ = handler.__name__
    return run


def _scope(args: argparse.Namespace, *, every: bool) -> list[GameSystem]:
    """The games a command concerns: ``--system``'s, else every game (``every``) or the
    home game; a game's own listing flag given narrows it to that game."""
    from chronicle.services.cardfront import card_games

    key = getattr(args, "system", None)
    owners: dict[str, str] = getattr(args, _FRONT_FLAGS, {}) or {}
    given = {owner for dest, owner in owners.items()
             if getattr(args, dest, None) not in (None, False, [])}
    if key is None and len(given) == 1:
        key = given.pop()
    if key is not None:
        return card_games(key)
    found = card_games()
    return found if every else found[:1]


def _delegate(games: list[GameSystem], name: str, args: argparse.Namespace) -> int | None:
    """The game's own answer to ``name`` when the command concerns that game alone."""
    if len(games) != 1:
        return None
    handler = getattr(_front(games[0]), name, None) if games[0].card_front else None
    if handler is None:
        return None
    result: int = handler(args)
    return result


def _warn(args: argparse.Namespace, games: list[GameSystem]) -> None:
    from chronicle.services.cardfront import use_group

    for warning in use_group(getattr(args, "db", None), games):
        fail(warning)


def _values(card: FrontCard, *, width: int = 60) -> str:
    from chronicle.catalog.front import META

    parts = []
    for key, value in card.data.items():
        if key in ("name", "kind") or key in META:
            continue
        if isinstance(value, dict):
            value = ",".join(f"{k}={v}" for k, v in value.items())
        elif isinstance(value, list):
            value = ",".join(str(v.get("name", v)) if isinstance(v, dict) else str(v)
                             for v in value)
        parts.append(f"{key}={value}")
    text = " ".join(parts)
    return text if len(text) <= width else text[:width - 1] + "…"


_FROM = {"bundled": "", "user": "user", "corrected": "corrected", "file": "file"}


def _card_dict(card: FrontCard, label: str) -> dict[str, Any]:
    from chronicle.services.cardfront import card_games, schema_of

    schema = schema_of(card_games(card.game)[0])
    return {"game": card.game, "game_label": label, **card.data, "name": card.name,
            "kind": card.kind, "aliases": list(card.aliases), "origin": card.origin.value,
            "path": card.path, "missing": card.missing(schema)}


def run_list(args: argparse.Namespace) -> int:
    """List or search the cards of the games in scope."""
    from chronicle.errors import BadInput
    from chronicle.services.cardfront import catalog_of, schema_of

    games = _scope(args, every=True)
    if args.kind is not None:
        games = [g for g in games if args.kind in schema_of(g).kinds]
        if not games:
            raise BadInput(f"kind: no game in scope has cards of kind {args.kind[:40]!r}")
    answer = _delegate(games, "run_list", args)
    if answer is not None:
        return answer
    _warn(args, games)
    chosen: list[tuple[GameSystem, FrontCard]] = []
    for game in games:
        catalog = catalog_of(game)
        pool = catalog.search(args.text) if args.text else list(catalog)
        schema = schema_of(game)
        for card in pool:
            if args.kind is not None and card.kind != args.kind:
                continue
            if args.user and card.origin.value not in ("user", "corrected"):
                continue
            if args.missing and not card.missing(schema):
                continue
            chosen.append((game, card))
    if args.json:
        emit_json({"count": len(chosen), "unknown_excluded": 0,
                   "cards": [_card_dict(card, game.label) for game, card in chosen]})
        return 0
    if not chosen:
        emit("No card matches.")
        return 0
    if args.missing:
        table(["name", "kind", "game", "missing values"],
              [[c.name, c.kind, g.key, ", ".join(c.missing(schema_of(g)))] for g, c in chosen],
              [27, 8, 18, 30])
    else:
        table(["name", "kind", "game", "values", "from"],
              [[c.name, c.kind, g.key, _values(c, width=36), _FROM[c.origin.value]]
               for g, c in chosen], [27, 8, 18, 36, 9])
    emit()
    emit(f"{len(chosen)} card(s).")
    return 0


def run_show(args: argparse.Namespace) -> int:
    """Show one card, found in the games in scope by its name or one of its other names."""
    from chronicle.errors import NotFound
    from chronicle.services.cardfront import catalog_of, find

    games = _scope(args, every=True)
    _warn(args, games)
    found = find(args.name, games, args.kind)
    by_game = sorted({c.game for c in found})
    if len(by_game) > 1:
        labels = {g.key: g.label for g in games}
        fail(f"{args.name!r} is a card of {len(by_game)} games: "
             + ", ".join(f"{labels[k]} (--system {k})" for k in by_game)
             + "; say which with --system")
        return 2
    if by_game:
        games = [g for g in games if g.key == by_game[0]]
    answer = _delegate(games if found else games[:1], "run_show", args)  # not found: the
    # home game's front says its leads and nearest names
    if answer is not None:
        return answer
    if not found:
        from chronicle.catalog.problems import suggest

        names = [c.name for g in games for c in catalog_of(g)]
        near = suggest(args.name, names)
        raise NotFound(f"no card is called {args.name!r}" + (
            f"; did you mean {near!r}?" if near else
            "; enter it from the physical card with 'chronicle cards new NAME --system KEY "
            "--kind KIND'"))
    label = next(g.label for g in games if g.key == found[0].game)
    if args.json:
        shown = [_card_dict(c, label) for c in found]
        emit_json(shown if len(shown) > 1 else shown[0])
        return 0
    for index, card in enumerate(found):
        if index:
            emit()
        show_card(card, label)
    return 0


def run_validate(args: argparse.Namespace) -> int:
    """Validate card files of any game and print every problem."""
    from chronicle import paths
    from chronicle.catalog.layers import read_files
    from chronicle.catalog.loader import card_files
    from chronicle.catalog.problems import FileProblem
    from chronicle.domain.values import Origin
    from chronicle.services.cardfront import card_games, schema_of

    if args.files:
        by_game: dict[str, list[Path]] = {}
        found: list[FileProblem] = []
        for path in args.files:
            key = args.system or _file_game(path)
            if key is None:
                found.append(FileProblem(str(path), "cannot be read as a card file"))
                continue
            by_game.setdefault(key, []).append(path)
        games = {key: card_games(key)[0] for key in by_game}
        if len(games) == 1:
            answer = _delegate(list(games.values()), "run_validate", args)
            if answer is not None:
                return answer
        count = 0
        for key, files in by_game.items():
            entries, bad = read_files(files, schema_of(games[key]), Origin.FILE)
            count += len(entries)
            found.extend(bad)
        where = ", ".join(str(f) for f in args.files)
    else:
        scope = _scope(args, every=False)
        answer = _delegate(scope, "run_validate", args)
        if answer is not None:
            return answer
        game = scope[0]
        schema = schema_of(game)
        bundled, user = paths.bundled_cards_dir(game.key), paths.user_cards_dir(game.key)
        entries, found = read_files([*card_files(bundled), *card_files(user)], schema,
                                    Origin.FILE)
        count = len(entries)
        where = f"{bundled} and {user}"
    return said_validation(found, count, where, as_json=args.json)


def said_validation(found: Sequence[FileProblem], count: int, where: str, *,
                    as_json: bool) -> int:
    """Print what ``cards validate`` found in ``where`` (``count`` cards read): every problem,
    or that there is none; 1 when there is one."""
    if as_json:
        emit_json({"valid": not found, "cards": count,
                   "problems": [p.to_dict() for p in found]})
        return 1 if found else 0
    if found:
        emit(f"{len(found)} problem(s) in {where}:")
        problems(list(found), to_stderr=False)
        emit(f"{count} card(s) are fine.")
        return 1
    emit(f"{count} card(s) in {where}: no problem found.")
    return 0


def _file_game(path: Path) -> str | None:
    """The game a card file names (``game``, else ``system``), else the home game's; None
    when the file cannot be read."""
    from chronicle.catalog.loader import read_toml
    from chronicle.systems import registry

    read = read_toml(path, [])
    if read is None:
        return None
    key = read[0].get("game", read[0].get("system", registry.home()))
    return key if isinstance(key, str) else registry.home()


def run_missing(args: argparse.Namespace) -> int:
    """Per kind of a game: how many cards are complete, and the incomplete ones."""
    from chronicle.services.cardfront import catalog_of, schema_of

    games = _scope(args, every=False)
    answer = _delegate(games, "run_missing", args)
    if answer is not None:
        return answer
    _warn(args, games)
    game = games[0]
    schema = schema_of(game)
    cards = [c for c in catalog_of(game) if args.kind is None or c.kind == args.kind]
    kinds = []
    for kind in schema.kinds:
        mine = [c for c in cards if c.kind == kind]
        if not mine:
            continue
        incomplete = sorted((c for c in mine if c.missing(schema)),
                            key=lambda c: (len(c.missing(schema)), c.name.casefold()))
        kinds.append((kind, mine, incomplete))
    if args.json:
        emit_json({"game": game.key, "total": len(cards),
                   "complete": sum(len(m) - len(i) for _k, m, i in kinds),
                   "kinds": [{"kind": k, "total": len(m), "complete": len(m) - len(i),
                              "cards": [{"name": c.name, "missing": c.missing(schema)}
                                        for c in i]} for k, m, i in kinds]})
        return 0
    complete = sum(len(m) - len(i) for _k, m, i in kinds)
    emit(f"{game.label}: {complete} of {len(cards)} cards are complete.")
    for kind, mine, incomplete in kinds:
        emit()
        emit(f"{kind}: {len(mine) - len(incomplete)} of {len(mine)} complete")
        shown = incomplete if args.limit <= 0 else incomplete[:args.limit]
        if shown:
            table(["  name", "missing values"],
                  [[f"  {c.name}", ", ".join(c.missing(schema))] for c in shown], [29, 48])
        if len(shown) < len(incomplete):
            emit(f"  … and {len(incomplete) - len(shown)} more (--limit 0 lists all)")
    return 0


def run_export_mine(args: argparse.Namespace) -> int:
    """Write the group's cards of a game as one card file."""
    from chronicle.cli.common import database, print_or_write
    from chronicle.services.cardfront import export_mine

    games = _scope(args, every=False)
    answer = _delegate(games, "run_export_mine", args)
    if answer is not None:
        return answer
    text, count = export_mine(database(args), games[0].key)
    if count == 0:
        fail(f"the group has no {games[0].label} cards of its own yet (enter one with "
             f"'chronicle cards new NAME --system {games[0].key} --kind KIND')")
        return 1
    return print_or_write(text, args.output, args.force)


def run_import(args: argparse.Namespace) -> int:
    """Read a shared card file into the group's cards of its game, all or nothing."""
    from chronicle.cli.common import database
    from chronicle.services.cardfront import import_cards

    entered = import_cards(database(args), args.file, force=args.force)
    if args.json:
        emit_json(entered.to_dict())
        return 0
    emit(f"Imported {len(entered.cards)} card(s) from {args.file} into the group's "
         f"{entered.label} cards in the database.")
    for breach in entered.breaches:
        emit(f"  now broken: {breach.said()}")
    return 0


__all__ = [
    "register",
    "run_export_mine",
    "run_import",
    "run_list",
    "run_missing",
    "run_show",
    "run_validate",
    "said_validation",
]
