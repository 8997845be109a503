"""Wyld Hunt's refinements of the generic ``chronicle cards`` (``GameSystem.card_front``): its
listing flags (``filters``) and its own answers when a command concerns Wyld Hunt alone (the
catalog's leads, the quests' rulebook experience, its card files' own checks)."""

from __future__ import annotations

import argparse
from typing import Any

from chronicle.cli.output import emit, emit_json, fail, problems, table
from chronicle.domain.values import Origin
from chronicle.systems.wyld_hunt.cards import (
    Attribute,
    Card,
    CardSet,
    Court,
    Flaw,
    FlawType,
    League,
    Merit,
    MeritType,
    Quest,
    Terrain,
    Waylay,
    card_facts,
    card_to_dict,
    describe_effect,
    describe_score_changes,
    format_sides,
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


def filters(parser: argparse.ArgumentParser) -> None:
    """Wyld Hunt's own listing flags of ``chronicle cards list|search`` (one given scopes the
    listing to Wyld Hunt; ``--kind``, ``--user``, ``--missing`` and ``--json`` are the generic
    front's)."""
    parser.add_argument("--type", choices=[t.value for t in (*MeritType, *FlawType)],
                        help="Wyld Hunt: Merit or Flaw type")
    parser.add_argument("--set", choices=[*(s.value for s in CardSet), "unknown"],
                        help="Wyld Hunt: printed set; 'unknown' for cards whose set is not "
                             "known")
    parser.add_argument("--court", choices=[c.value for c in Court], help="Wyld Hunt: court")
    parser.add_argument("--attribute", choices=[a.value for a in Attribute],
                        help="Wyld Hunt: a Merit's or Flaw's Attribute, or a Test a Waylay "
                             "demands")
    parser.add_argument("--cost", type=_range, metavar="RANGE",
                        help="Wyld Hunt: Merit cost or Flaw bonus: 3, 2-4, 3+ or -2")
    parser.add_argument("--rating", type=_range, metavar="RANGE",
                        help="Wyld Hunt: Waylay rating, or a quest's Waylay rating")
    parser.add_argument("--terrain", type=_terrain, metavar="TERRAIN",
                        help="Wyld Hunt: Leagues and Waylays with this terrain: "
                             f"{', '.join(t.value for t in Terrain)} (swamp = marsh, "
                             "all = any)")


def _load(args: argparse.Namespace | None = None) -> Any:
    """The catalog with the group's cards of the database in use (when there is one)."""
    from chronicle.systems.wyld_hunt.services.usercards import layered_catalog, use_group_cards

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
    if args.missing:
        pool = [c for c in pool if c.missing()]
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
    if args.missing:
        rows = [[c.name, c.kind.value, sets[c.set] if c.set else "?", ", ".join(c.missing())]
                for c in chosen.cards]
        table(["name", "kind", "set", "missing values"], rows, [27, 6, 3, 37])
    else:
        rows = [[c.name, c.kind.value, sets[c.set] if c.set else "?", card_facts(c),
                 _origin_mark(c)] for c in chosen.cards]
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
        from chronicle.systems.wyld_hunt.cardgaps import find_lead

        lead = find_lead(args.name)
        if lead is not None:
            fail(f"{lead.name!r} is a lead, not a card of the catalog: {lead.notes or ''} "
                 f"(source: {', '.join(lead.source)}). If you own it, add it with its kind: "
                 f"chronicle cards new {lead.name!r} --kind "
                 f"{'|'.join(k.value for k in lead.kinds) or 'KIND'} ...")
            return 2
        near = catalog.suggest(args.name, args.kind)
        fail(f"no card is called {args.name!r}" + (f"; did you mean {near!r}?" if near else ""))
        return 2
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
    from chronicle.rules.report import arg
    from chronicle.systems.wyld_hunt.services.usercards import GROUP_PATH

    group = card.path == GROUP_PATH           # the group's cards, not a file of the user's
    mine = "the group's cards (database)" if group else "your card file"
    origin = {Origin.BUNDLED: "bundled catalog", Origin.USER: mine,
              Origin.CORRECTED: f"bundled catalog, corrected by {mine}",
              Origin.FILE: "the checked file"}[card.origin]
    emit(f"{card.name} — {card.kind.value}")
    data = card_to_dict(card)
    for key, value in data.items():
        if key in _SKIP or key == "missing":
            continue
        if key == "score_changes" and isinstance(card, Merit | Flaw):
            value = describe_score_changes(card.score_changes)  # "Combat+1", "none" or None
        if key == "sides" and isinstance(card, League) and card.sides is not None:
            value = f"{format_sides(card.sides)} (top/right/bottom/left)"
        elif isinstance(value, list):
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
    emit(f"  {'from:':<17}{origin}" + (f" ({card.path})" if card.path and not group else ""))
    if card.confidence:
        emit(f"  {'confidence:':<17}{card.confidence}")
    for source in card.source:
        emit(f"  {'source:':<17}{source}")
    if card.notes:
        emit(f"  {'notes:':<17}{card.notes}")
    if isinstance(card, Waylay) and card.lacks_attribute():
        emit("  Problem: Might, Savvy, Resolve and Combat are all 'none', but each Waylay has at "
             "least one Attribute with a rating; correct the one the card prints a number for.")
    missing = card.missing()
    if missing:
        flags = " ".join(f"--{m.replace('_', '-')} VALUE" for m in missing[:2])
        emit(f"  Unknown: {', '.join(missing)} — fill them in from the physical card: "
             f"chronicle cards new {arg(card.name)} --kind {card.kind.value} {flags}")


show_card = _show
"""One card's every known value, and what is unknown (the games' ``cards new`` handlers)."""


def run_validate(args: argparse.Namespace) -> int:
    """Validate card files and print every problem."""
    from chronicle.systems.wyld_hunt.services.catalog import read_sources, validate_files

    if args.files:
        count, found = validate_files(args.files)
        where = ", ".join(str(f) for f in args.files)
    else:
        from chronicle.systems.wyld_hunt.leads import load_leads

        sources = read_sources()
        count = len(sources.bundled) + len(sources.user)
        found = sources.build().problems + load_leads(sources.bundled_dir)[1]
        where = f"{sources.bundled_dir} and {sources.user_dir}"
    from chronicle.cli.cards import said_validation

    return said_validation(found, count, where, as_json=args.json)


def run_missing(args: argparse.Namespace) -> int:
    """Print what the catalog lacks, kind by kind, and the leads."""
    from chronicle.systems.wyld_hunt.cardgaps import catalog_gaps

    gaps = catalog_gaps(_load(args), args.kind)
    if args.json:
        emit_json(gaps.to_dict())
        return 0
    sets = {CardSet.WYLD_HUNT: "WH", CardSet.IRONHEART: "KIM"}
    emit(f"{gaps.complete} of {gaps.total} cards are complete. Incomplete cards are listed "
         "fewest values missing first: one look at the physical card completes them.")
    for kind in gaps.kinds:
        emit()
        needs = ", ".join(f"{name} ({count})" for name, count in kind.missing.most_common())
        emit(f"{kind.kind.value}: {kind.complete} of {kind.total} complete"
             + (f"; missing {needs}" if needs else ""))
        shown = kind.cards if args.limit <= 0 else kind.cards[:args.limit]
        if shown:
            table(["  name", "set", "missing values"],
                  [[f"  {c.name}", sets[c.set] if c.set else "?", ", ".join(c.missing())]
                   for c in shown], [29, 3, 44])
        if len(shown) < len(kind.cards):
            emit(f"  … and {len(kind.cards) - len(shown)} more (--limit 0 lists all)")
    if gaps.leads:
        emit()
        emit(f"Leads ({len(gaps.leads)}): names seen in a source that gives no card kind; "
             "not cards until you add one you own with 'chronicle cards new NAME --kind KIND'.")
        for lead in gaps.leads:
            kinds = "/".join(k.value for k in lead.kinds) or "kind unknown"
            emit(f"  {lead.name} (perhaps {kinds}; {lead.confidence or 'confidence unknown'})")
    if gaps.completed_leads:
        emit()
        emit(f"Leads completed by a card: {', '.join(gaps.completed_leads)}.")
    if gaps.problems:
        problems(gaps.problems)
    return 0


def run_export_mine(args: argparse.Namespace) -> int:
    """Write the user's own cards and corrections as one card file."""
    from chronicle.cli.common import print_or_write
    from chronicle.systems.wyld_hunt.cardgaps import export_own_cards

    _load(args)  # reads the group's cards of the database in use
    text, count = export_own_cards()
    if count == 0:
        fail("you have no cards or corrections of your own yet (add one with "
             "'chronicle cards new')")
        return 1
    return print_or_write(text, args.output, args.force)


def run_import(args: argparse.Namespace) -> int:
    """Add the cards of a shared card file to the group's cards."""
    from chronicle.cli.common import database
    from chronicle.errors import ChronicleError
    from chronicle.systems.wyld_hunt.cardgaps import import_cards

    try:
        count = import_cards(args.file, database(args))
    except ChronicleError as exc:
        fail(str(exc))
        return 2
    emit(f"Imported {count} card(s) from {args.file} into the group's cards in the database.")
    return 0
