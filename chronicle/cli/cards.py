"""``chronicle cards list|search|show|validate``: the catalog from the command line."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from chronicle.cli.output import emit, emit_json, fail, problems, table
from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt.cards import (
    Attribute,
    Card,
    CardSet,
    Court,
    FlawType,
    Kind,
    MeritType,
    Quest,
    Terrain,
    card_facts,
    card_to_dict,
    describe_effect,
    parse_terrain,
)


def _range(text: str) -> Any:
    from chronicle.systems.wyld_hunt.search import Range

    try:
        return Range.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _terrain(text: str) -> str:
    try:
        return parse_terrain(text).value
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _filters(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--kind", choices=[k.value for k in Kind])
    parser.add_argument("--type", choices=[t.value for t in (*MeritType, *FlawType)],
                        help="Merit or Flaw type")
    parser.add_argument("--set", choices=[*(s.value for s in CardSet), "unknown"],
                        help="printed set; 'unknown' for cards whose set is not known")
    parser.add_argument("--court", choices=[c.value for c in Court])
    parser.add_argument("--attribute", choices=[a.value for a in Attribute],
                        help="a Merit's or Flaw's Attribute, or a Test a Waylay demands")
    parser.add_argument("--cost", type=_range, metavar="RANGE",
                        help="Merit cost or Flaw bonus: 3, 2-4, 3+ or -2")
    parser.add_argument("--rating", type=_range, metavar="RANGE",
                        help="Waylay rating, or a quest's Waylay rating: 3, 2-4, 3+ or -2")
    parser.add_argument("--terrain", type=_terrain, metavar="TERRAIN",
                        help="Leagues and Waylays with this terrain: "
                             f"{', '.join(t.value for t in Terrain)} (swamp = marsh, "
                             "all = any)")
    parser.add_argument("--user", action="store_true",
                        help="only cards from your own card files (new or corrected)")
    parser.add_argument("--json", action="store_true", help="print JSON")


def register(commands: Any) -> None:
    """Add ``cards`` and its subcommands."""
    parser = commands.add_parser("cards", help="list, search, show and validate cards",
                                 description="The card catalog: bundled cards corrected and "
                                             "extended by your own card files.")
    sub = parser.add_subparsers(dest="cards_command", metavar="list|search|show|new|validate",
                                required=True)
    listing = sub.add_parser("list", help="list cards, optionally filtered",
                             description="List cards, optionally filtered.")
    _filters(listing)
    listing.set_defaults(handler=run_list, text="")
    search = sub.add_parser("search", help="find cards whose name or summary has every word",
                            description="Find cards whose name or summary contains every word.")
    search.add_argument("text", help="words to look for (case-insensitive)")
    _filters(search)
    search.set_defaults(handler=run_list)
    show = sub.add_parser("show", help="every known value of a card",
                          description="Show every known value of a card, and what is unknown.")
    show.add_argument("name", help="the card's name (case-insensitive)")
    show.add_argument("--kind", choices=[k.value for k in Kind],
                      help="when several kinds share the name")
    show.add_argument("--json", action="store_true", help="print JSON")
    show.set_defaults(handler=run_show)
    new = sub.add_parser(
        "new", help="create a card from the physical card (or correct one)",
        description="Create a card with the values printed on your physical card; it becomes "
                    "one of your own cards. Giving the name and kind of a catalog card fills "
                    "in or corrects its values instead. Leave out what you cannot read.")
    new.add_argument("name")
    new.add_argument("--kind", required=True, choices=[k.value for k in Kind])
    new.add_argument("--set", choices=[s.value for s in CardSet])
    new.add_argument("--summary", help="what the card does, in your own words")
    for flag in ("type", "subtype", "attribute", "court", "race", "gender", "special", "enter",
                 "leave", "rest"):
        new.add_argument(f"--{flag}")
    for flag in ("cost", "bonus", "might", "savvy", "resolve", "combat", "number", "rating",
                 "waylay-rating", "treasure-rating", "experience"):
        new.add_argument(f"--{flag}", type=int)
    new.add_argument("--terrain", help="comma-separated, e.g. forest,road (or any)")
    new.add_argument("--tests", help="comma-separated Test types, e.g. might,combat")
    new.add_argument("--unique", action=argparse.BooleanOptionalAction, default=None)
    new.add_argument("--json", action="store_true", help="print JSON")
    new.set_defaults(handler=run_new)
    validate = sub.add_parser(
        "validate", help="check card files",
        description="Check card files: the given ones, or the bundled catalog and your own "
                    "card files. Exit status 1 when any problem is found.")
    validate.add_argument("files", nargs="*", type=Path, help="card files (default: all)")
    validate.add_argument("--json", action="store_true", help="print JSON")
    validate.set_defaults(handler=run_validate)


def _load(args: argparse.Namespace | None = None) -> Any:
    """The catalog with the group's cards of the database in use (when there is one)."""
    from chronicle.services.usercards import layered_catalog, use_group_cards

    trouble = use_group_cards(getattr(args, "db", None))
    if trouble:
        fail(trouble)
    catalog = layered_catalog()
    if catalog.problems:
        fail(f"{len(catalog.problems)} problem(s) found in card files (bad cards are "
             "skipped); run 'chronicle cards validate'")
    return catalog


def _origin_mark(card: Card) -> str:
    return {Origin.BUNDLED: "", Origin.USER: "user", Origin.CORRECTED: "corrected",
            Origin.FILE: "file"}[card.origin]


def run_list(args: argparse.Namespace) -> int:
    """List or search the catalog."""
    from chronicle.systems.wyld_hunt.search import CardFilter, select

    catalog = _load(args)
    wanted = CardFilter(kind=args.kind, type=args.type, set=args.set, court=args.court,
                        attribute=args.attribute, cost=args.cost, rating=args.rating,
                        terrain=args.terrain,
                        origin=(Origin.USER, Origin.CORRECTED) if args.user else ())
    pool = catalog.search(args.text) if args.text else list(catalog)
    chosen = select(pool, wanted)
    if args.json:
        emit_json({"count": len(chosen.cards), "unknown_excluded": chosen.unknown,
                   "cards": [card_to_dict(c) for c in chosen.cards]})
        return 0
    if not chosen.cards:
        emit("No card matches." + (f" {chosen.unknown} card(s) might, but a value the filter "
                                   "needs is unknown." if chosen.unknown else ""))
        return 0
    sets = {CardSet.WYLD_HUNT: "WH", CardSet.IRONHEART: "KIM"}
    rows = [[c.name, c.kind.value, sets[c.set] if c.set else "?", card_facts(c), _origin_mark(c)]
            for c in chosen.cards]
    table(["name", "kind", "set", "values (? = unknown)", "from"], rows, [27, 6, 3, 27, 9])
    emit()
    if any(isinstance(c, Quest) for c in chosen.cards):
        emit("Quests: W = Waylay rating, T = Treasure rating; 'xp 1 (rulebook)' is the value "
             "the rulebook gives every Wyld Hunt quest, not one read off the card.")
    emit(f"{len(chosen.cards)} card(s)." + (
        f" {chosen.unknown} more left out because a value the filter needs is unknown."
        if chosen.unknown else ""))
    return 0


def run_show(args: argparse.Namespace) -> int:
    """Show one card (or every kind sharing the name)."""
    catalog = _load(args)
    found = catalog.named(args.name)
    if args.kind:
        found = [c for c in found if c.kind.value == args.kind]
    if not found:
        near = catalog.suggest(args.name, args.kind)
        fail(f"no card is called {args.name!r}" + (f"; did you mean {near!r}?" if near else ""))
        return 1
    if args.json:
        emit_json([card_to_dict(c) for c in found] if len(found) > 1 else card_to_dict(found[0]))
        return 0
    for index, card in enumerate(found):
        if index:
            emit()
        _show(card)
    return 0


_SKIP = {"name", "kind", "effects", "origin", "path", "source", "notes", "summary",
         "confidence", "experience_from_rulebook"}


def _show(card: Card) -> None:
    origin = {Origin.BUNDLED: "bundled catalog", Origin.USER: "your card file",
              Origin.CORRECTED: "bundled catalog, corrected by your card file",
              Origin.FILE: "the checked file"}[card.origin]
    emit(f"{card.name} — {card.kind.value}")
    data = card_to_dict(card)
    for key, value in data.items():
        if key in _SKIP or key == "missing":
            continue
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value) or None
        shown = "unknown" if value is None else str(value)
        if key == "experience" and isinstance(card, Quest) and card.experience_from_rulebook:
            shown += (" (from the rulebook, which makes every Wyld Hunt quest worth one; "
                      "not read off the card)")
        emit(f"  {key + ':':<17}{shown}")
    for effect in card.effects:
        emit(f"  {'effect:':<17}{describe_effect(effect)}")
    if card.summary:
        emit(f"  {'summary:':<17}{card.summary}")
    emit(f"  {'from:':<17}{origin}" + (f" ({card.path})" if card.path else ""))
    if card.confidence:
        emit(f"  {'confidence:':<17}{card.confidence}")
    for source in card.source:
        emit(f"  {'source:':<17}{source}")
    if card.notes:
        emit(f"  {'notes:':<17}{card.notes}")
    missing = card.missing()
    if missing:
        emit(f"  Unknown: {', '.join(missing)} — fill them in from the physical card with a "
             f"[[card]] in your card files (name = {card.name!r}, kind = {card.kind.value!r}).")


_NEW_FIELDS = ("set", "summary", "type", "subtype", "attribute", "court", "race", "gender",
               "special", "enter", "leave", "rest", "cost", "bonus", "might", "savvy", "resolve",
               "combat", "number", "rating", "waylay_rating", "treasure_rating", "experience",
               "unique")


def run_new(args: argparse.Namespace) -> int:
    """Create or correct one of the user's own cards."""
    from chronicle.cli.common import database
    from chronicle.errors import ChronicleError
    from chronicle.services.usercards import create_card

    values: dict[str, object] = {"name": args.name, "kind": args.kind}
    for field in _NEW_FIELDS:
        item = getattr(args, field)
        if item is not None:
            values[field] = item
    for field in ("terrain", "tests"):
        item = getattr(args, field)
        if item:
            values[field] = [part.strip() for part in item.split(",") if part.strip()]
    try:
        card = create_card(values, database(args))  # the group's cards: every member sees it
    except ChronicleError as exc:
        fail(str(exc))
        return 2
    if args.json:
        emit_json(card_to_dict(card))
        return 0
    emit(f"Saved {card.name} ({card.kind.value}) to the group's cards in the database.")
    _show(card)
    return 0


def run_validate(args: argparse.Namespace) -> int:
    """Validate card files and print every problem."""
    from chronicle.services.catalog import read_sources, validate_files

    if args.files:
        count, found = validate_files(args.files)
        where = ", ".join(str(f) for f in args.files)
    else:
        sources = read_sources()
        count = len(sources.bundled) + len(sources.user)
        found = sources.build().problems
        where = f"{sources.bundled_dir} and {sources.user_dir}"
    if args.json:
        emit_json({"valid": not found, "cards": count,
                   "problems": [p.to_dict() for p in found]})
        return 1 if found else 0
    if found:
        emit(f"{len(found)} problem(s) in {where}:")
        problems(found, to_stderr=False)
        emit(f"{count} card(s) are fine.")
        return 1
    emit(f"{count} card(s) in {where}: no problem found.")
    return 0
