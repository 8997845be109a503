"""The battle-force rules: ``check_roster`` and the helpers a force builder needs.

``check_roster`` reports every violation of a roster (never stopping at the first) and a JSON
summary: ``army``, ``limit``, ``points_spent``, ``points_unspent``, ``unit_count`` (counting
``count``) and ``units`` (one entry per roster line with its resolved cost per unit, options
included, its six resolved statistics and keywords). A variant uses every statistic it lists and
the base unit's value for the rest (seed, *Variations*). ``check_army`` checks the units of one
army list by themselves, as a sourcebook is typed in. ``what_fits`` and ``options_that_fit``
answer "what still fits in the points left"; ``Roster.copy`` makes the same force at another
limit, which ``check_roster`` then judges again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from chronicle.catalog.store import Catalog
from chronicle.catalog.tomlwrite import value as toml_value
from chronicle.domain.text import suggest
from chronicle.domain.values import name_key
from chronicle.rules.report import Fix, Report, Severity, Violation, arg
from chronicle.systems.tales_of_arcadia import KEY
from chronicle.systems.tales_of_arcadia import codes as k
from chronicle.systems.tales_of_arcadia.cards import (
    STATS,
    Army,
    Card,
    Stats,
    Unit,
    Variant,
)
from chronicle.systems.tales_of_arcadia.force import Roster, RosterLine
from chronicle.systems.tales_of_arcadia.index import CatalogIndex, Fit, index_of

TalesCatalog = Catalog[Card]
DIE_FACES = 6


@dataclass(frozen=True, slots=True)
class ResolvedLine:
    """A roster line read against the catalog: its unit, variant, cost and statistics."""

    index: int
    line: RosterLine
    unit: Unit | None
    variant: Variant | None
    cost: int | None
    """Cost of one unit of the line, variant and options included; None when unknown."""
    stats: Stats
    keywords: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The line's entry in the JSON summary."""
        return {
            "unit": self.unit.name if self.unit else self.line.unit,
            "variant": self.variant.name if self.variant else self.line.variant,
            "options": list(self.line.options),
            "count": self.line.count,
            "cost": self.cost,
            "line_cost": None if self.cost is None else self.cost * self.line.count,
            **self.stats.to_dict(),
            "keywords": list(self.keywords),
            "types": list(self.unit.types) if self.unit else [],
            "movement": self.unit.movement.value if self.unit else None,
        }


def resolve_line(line: RosterLine, catalog: TalesCatalog, index: int = 0) -> ResolvedLine:
    """Read one line: the unit card, its variant (base ⊕ overrides), the cost per unit with
    its options, the keywords of the unit and of its options. Unknown parts stay unknown."""
    card = catalog.get(line.unit, "unit")
    if not isinstance(card, Unit):
        return ResolvedLine(index, line, None, None, None, Stats(), ())
    return ResolvedLine(index, line, card,
                        *index_of(catalog).resolve(card, line.variant, line.options))


def _in_line(index: int, key: str, item: object) -> str:
    """A key to write in the roster's ``index``-th ``[[unit]]`` (the file form of a fix)."""
    return f"[[unit]] #{index + 1}: {key} = {toml_value(item)}"


def _options(options: Iterable[str]) -> str:
    """Options as flags of ``force add`` and ``force set``: each one named as often as taken."""
    return " ".join(f"--option {arg(name)}" for name in options)


def add_command(line: RosterLine) -> str:
    """``chronicle force add`` giving ``line`` (the force is the ``<game>`` placeholder)."""
    return " ".join(part for part in (
        f"chronicle force add <game> {arg(line.unit)}",
        f"--variant {arg(line.variant)}" if line.variant is not None else "",
        _options(line.options), f"--count {line.count}" if line.count != 1 else "") if part)


def _set_options(index: int, options: Iterable[str]) -> str:
    """``chronicle force set`` giving line ``index`` (0-based) these options."""
    flags = _options(options)
    return f"chronicle force set <game> --line {index + 1} {flags or '--no-options'}"


def _without(options: Iterable[str], drop: str, keep: int = 0) -> list[str]:
    """``options`` keeping only the first ``keep`` picks of ``drop``."""
    kept: list[str] = []
    for name in options:
        if name_key(name) == name_key(drop):
            if keep <= 0:
                continue
            keep -= 1
        kept.append(name)
    return kept


@dataclass
class _Checker:
    catalog: TalesCatalog
    index: CatalogIndex
    pending: int | None = None
    """The line being added (0-based), not in the force yet: its fixes are said as the add
    itself, changed, and no fix names it as a line of the force."""
    report: Report = field(default_factory=Report)
    seen: set[tuple[str, ...]] = field(default_factory=set)
    facts_done: set[tuple[object, ...]] = field(default_factory=set)
    repeated: int = 0
    """Violations found again and not reported twice (``once``)."""

    def found(self) -> int:
        """How many violations were found so far, reported or not."""
        return len(self.report.violations) + self.repeated

    def clean(self, fact: tuple[object, ...], look: Callable[[], None]) -> None:
        """Run ``look`` (which reports what it finds) unless ``fact`` was looked at in this
        check or found clean in an earlier one against the same catalog; remember it clean
        when ``look`` finds nothing."""
        if fact in self.facts_done or fact in self.index.clean:
            return
        self.facts_done.add(fact)
        before = self.found()
        look()
        if self.found() == before:
            self.index.clean.add(fact)

    def once(self, key: tuple[str, ...], violation: Violation) -> None:
        """Report a fact about a card once, however many lines use the card."""
        if key not in self.seen:
            self.seen.add(key)
            self.report.add(violation)
        else:
            self.repeated += 1

    def where(self, index: int, line: RosterLine) -> str:
        """How a message names line ``index``: its number, or the add when it is pending."""
        if index == self.pending:
            return f"the {line.unit} being added"
        return f"unit #{index + 1} ({line.unit})"

    def line_fix(self, index: int, line: RosterLine, text: str, file: str | None,
                 changed: RosterLine) -> Fix:
        """The fix that makes line ``index`` into ``changed``: the add changed when the line is
        pending, else ``force set`` of that line (its variant or options)."""
        if index == self.pending:       # an add refused: no file holds the line
            return Fix(text, cli=add_command(changed))
        if changed.variant != line.variant:
            flag = f"--variant {arg(changed.variant)}" if changed.variant else "--variant ''"
            return Fix(text, cli=f"chronicle force set <game> --line {index + 1} {flag}",
                       file=file)
        return Fix(text, cli=_set_options(index, changed.options), file=file)

    def unit_card(self, name: str, where: str, army: str | None, index: int,
                  line: RosterLine | None = None) -> Unit | None:
        card = self.catalog.get(name, "unit")
        if isinstance(card, Unit):
            return card
        others = self.catalog.named(name)
        if others:
            kinds = ", ".join(sorted({str(o.kind) for o in others}))
            self.report.add(k.CARD_WRONG_KIND(
                f"{where}: {name!r} is a {kinds} card, not a unit", [name],
                "name a unit of the army list in 'unit'"))
            return None
        pool = [u.name for u in self.catalog if isinstance(u, Unit)
                and (army is None or (u.army and name_key(u.army) == name_key(army)))]
        near = suggest(name, pool) or suggest(name, [u.name for u in self.catalog
                                                     if isinstance(u, Unit)])
        if near is not None:
            file = _in_line(index, "unit", near)
            fixed = replace(line, unit=near) if line is not None else RosterLine(unit=near)
            fix = (Fix(f"name {near!r} instead", cli=add_command(fixed),
                       app=f"add {near} from the units list (enter)")
                   if index == self.pending else
                   Fix(f"set unit = {near!r}", cli=f"chronicle force remove <game> {index + 1}, "
                       f"then {add_command(fixed)}", file=file,
                       app=f"x removes line {index + 1}, then enter adds {near} from the list"))
        else:
            fix = Fix("add the unit to a card file ([[card]] with kind = \"unit\") or inline "
                      "in the roster", cli=f"chronicle army unit {arg(name)} --army "
                      f"{arg(army or '<army>')} --cost N --power N ... (from its army list)",
                      app="a enters the unit from its army list")
        self.report.add(k.CARD_UNKNOWN(
            f"{where}: no unit is called {name!r}" + (f"; did you mean {near!r}?" if near else ""),
            [name], fix))
        return None

    def unit_facts(self, card: Unit, variant: Variant | None, cost: int | None, stats: Stats,
                   where: str) -> None:
        """What is wrong with a unit (in a variant) whatever the roster: unknown values, no
        wounds, an Accuracy no die reaches, its keywords."""
        label = card.name if variant is None else f"{card.name} ({variant.name})"
        ident = (card.name, variant.name if variant else "")
        missing = [*(["cost"] if cost is None else []), *stats.missing()]
        if missing:
            self.once(("incomplete", *ident), k.CARD_INCOMPLETE(
                f"{where}: {label} has no {', '.join(missing)}", [card.name],
                f"fill in {', '.join(missing)} of the unit card {card.name!r} from its "
                "army list"))
        if stats.wounds is not None and stats.wounds <= 0:
            self.once(("wounds", *ident), k.UNIT_NO_WOUNDS(
                f"{where}: {label} has Wounds {stats.wounds}; a unit with 0 or fewer Wound "
                "points is dead", [card.name], "give the unit (or variant) Wounds of 1 or more"))
        if stats.accuracy is not None and stats.accuracy > DIE_FACES:
            self.once(("accuracy", *ident), k.UNIT_NEVER_HITS(
                f"{where}: {label} has Accuracy {stats.accuracy}; the Accuracy Die shows at "
                f"most {DIE_FACES}, so it never hits", [card.name],
                "check the unit's Accuracy (6 or less can hit)"))

    def keyword_facts(self, card: Unit, words: Iterable[str], where: str) -> None:
        for text in words:
            use = self.index.keyword(text)
            if use.keyword is None:
                near = suggest(text, [w.name for w in self.index.keywords])
                self.once(("keyword", card.name, name_key(text)), k.KEYWORD_UNKNOWN(
                    f"{where}: {card.name} has the keyword {text!r}, which no keyword card "
                    "defines" + (f"; did you mean {near!r}?" if near else ""), [card.name, text],
                    f"write {near!r}" if near else
                    "add a keyword card for it, or move it to the unit's 'special' text"))
            elif use.keyword.parameter == "chance" and use.chance is None:
                shown = f" ({use.parameter!r} is not a chance like 3:6)" if use.parameter else ""
                self.once(("chance", card.name, name_key(text)), k.KEYWORD_CHANCE_MISSING(
                    f"{where}: {card.name} has {use.keyword.name} without its chance{shown}",
                    [card.name, use.keyword.name],
                    f"write it with its chance, like \"{use.keyword.name} 3:6\""))

    def line(self, index: int, line: RosterLine, army: str | None) -> ResolvedLine:
        where = self.where(index, line)
        card = self.unit_card(line.unit, where, army, index, line)
        if card is None:
            return ResolvedLine(index, line, None, None, None, Stats(), ())
        resolved = ResolvedLine(index, line, card,
                                *self.index.resolve(card, line.variant, line.options))
        army_key = self.index.army_key(card)
        if army_key is None:
            self.once(("army", card.name), k.CARD_INCOMPLETE(
                f"{where}: {card.name} names no army list", [card.name],
                f"set army on the unit card {card.name!r}"))
        elif army is not None and army_key != name_key(army):
            self.report.add(k.ROSTER_MIXED_ARMIES(
                f"{where}: {card.name} is from the army list {card.army!r}, not {army!r}; a "
                "battle force uses one army list", [card.name],
                Fix(f"pick a unit of {army!r} instead", cli=f"chronicle force fits <game> "
                    f"(the units of {army} that fit)",
                    app=f"pick a unit of {army} (/ then its name)") if index == self.pending else
                Fix(f"remove unit #{index + 1}, or pick a unit of {army!r}",
                    cli=f"chronicle force remove <game> {index + 1}",
                    app=f"x on line {index + 1} removes it")))
        if line.variant is not None and resolved.variant is None:
            names = [v.name for v in card.variants]
            near = suggest(line.variant, names)
            self.report.add(k.UNIT_VARIANT_UNKNOWN(
                f"{where}: {card.name} has no variant {line.variant!r}"
                + (f" (its variants: {', '.join(names)})" if names else " (it has none)"),
                [card.name], self.line_fix(
                    index, line, f"set variant = {near!r}" if near else
                    "leave the variant out", _in_line(index, "variant", near) if near else None,
                    replace(line, variant=near))))
        clean = self.index.clean
        ident = id(card)
        if ("options", ident, line.options) not in clean:
            before = self.found()
            self.options(index, line, card, where)
            if self.found() == before:
                clean.add(("options", ident, line.options))
        # Facts of a card do not change from line to line: look at them once.
        variant = resolved.variant
        facts: tuple[object, ...] = ("unit", ident, variant.name if variant else None)
        if facts not in clean:
            self.clean(facts, lambda: self.unit_facts(card, variant, *card.resolved(variant),
                                                      where))
        words: tuple[object, ...] = ("keywords", ident, resolved.keywords)
        if words not in clean:
            self.clean(words, lambda: self.keyword_facts(card, resolved.keywords, where))
        return resolved

    def options(self, index: int, line: RosterLine, card: Unit, where: str) -> None:
        taken = Counter(name_key(name) for name in line.options)
        shown = {name_key(name): name for name in line.options}
        groups: dict[str, list[str]] = {}
        for key, times in taken.items():
            option = card.option(shown[key])
            if option is None:
                names = [o.name for o in card.options]
                near = suggest(shown[key], names)
                fixed = _without(line.options, shown[key]) + ([near] * times if near else [])
                self.report.add(k.UNIT_OPTION_UNKNOWN(
                    f"{where}: {card.name} has no option {shown[key]!r}"
                    + (f" (its options: {', '.join(names)})" if names else " (it has none)"),
                    [card.name], self.line_fix(
                        index, line,
                        f"write {near!r} instead of {shown[key]!r} in options" if near else
                        f"leave the option {shown[key]!r} out",
                        _in_line(index, "options", fixed), replace(line, options=tuple(fixed)))))
                continue
            if times > option.max:
                kept = _without(line.options, option.name, option.max)
                self.report.add(k.UNIT_OPTION_OVER_MAX(
                    f"{where}: {option.name} is taken {times} times; at most {option.max}",
                    [card.name, option.name], self.line_fix(
                        index, line, f"name {option.name!r} at most {option.max} time(s) in "
                        "options", _in_line(index, "options", kept),
                        replace(line, options=tuple(kept)))))
            if option.cost is None:
                self.once(("option-cost", card.name, option.name), k.CARD_INCOMPLETE(
                    f"{where}: the option {option.name} of {card.name} has no cost",
                    [card.name, option.name],
                    f"fill in the cost of {option.name!r} on the unit card {card.name!r}"))
            if option.group is not None:
                groups.setdefault(name_key(option.group), []).append(option.name)
        for option in card.options:
            times = taken.get(name_key(option.name), 0)
            if times < option.min:
                more = [*line.options, *[option.name] * (option.min - times)]
                self.report.add(k.UNIT_OPTION_UNDER_MIN(
                    f"{where}: {option.name} is taken {times} times; at least {option.min}",
                    [card.name, option.name], self.line_fix(
                        index, line, f"take {option.name!r} too" if index == self.pending else
                        f"add {option.name!r} to the options of unit #{index + 1}",
                        _in_line(index, "options", more), replace(line, options=tuple(more)))))
        for chosen in groups.values():
            if len(chosen) > 1:
                group = card.option(chosen[0])
                label = group.group if group is not None else ""
                kept = list(line.options)
                for other in chosen[1:]:
                    kept = _without(kept, other)
                self.report.add(k.UNIT_OPTION_GROUP(
                    f"{where}: {', '.join(chosen)} are all of the group {label!r}; take one",
                    [card.name, *chosen], self.line_fix(
                        index, line, f"keep one of {', '.join(map(repr, chosen))}",
                        _in_line(index, "options", kept), replace(line, options=tuple(kept)))))


def check_roster(roster: Roster, catalog: TalesCatalog, *, pending: int | None = None) -> Report:
    """Every violation of ``roster`` against ``catalog``, and its summary. ``pending``: the
    line (0-based) being added, not in the force yet, whose fixes are said as the add itself
    (a fix never names a line the force does not have)."""
    from chronicle.systems.tales_of_arcadia.catalog import army_named

    checker = _Checker(catalog, index_of(catalog), pending)
    army: str | None = army_named(catalog, roster.army)     # by another of its names: itself
    if not checker.index.army_known(roster.army):
        others = catalog.named(roster.army)
        if others:
            checker.report.add(k.CARD_WRONG_KIND(
                f"army {roster.army!r} is a {others[0].kind} card, not an army list",
                [roster.army], "set army to the name of an army list"))
        else:
            from chronicle.systems.tales_of_arcadia.catalog import armies

            near = suggest(roster.army, armies(catalog))
            checker.report.add(k.CARD_UNKNOWN(
                f"no army list is called {roster.army!r}"
                + (f"; did you mean {near!r}?" if near else ""), [roster.army],
                Fix(f"set army = {near!r}", file=f"army = {toml_value(near)}") if near
                else "add the army list's cards to a card file"))
        army = None
    lines = [checker.line(i, line, army) for i, line in enumerate(roster.units)]
    spent = sum(r.cost * r.line.count for r in lines if r.cost is not None)
    complete = all(r.cost is not None for r in lines)
    trimming = roster.trim_from is not None and spent <= roster.trim_from
    if spent > roster.limit:
        checker.report.add(k.ROSTER_OVER_LIMIT(
            f"the force costs {spent} points"
            + ("" if complete else " (counting only the known costs)")
            + f", {spent - roster.limit} over the limit of {roster.limit}"
            + (f"; it is being trimmed (copied at {roster.trim_from} points): legal once it "
               "fits" if trimming else ""),
            [], _over_fix(lines, spent - roster.limit, roster.limit, pending),
            severity=Severity.WARNING if trimming else None))
    elif complete and spent < roster.limit:
        left = roster.limit - spent
        cheapest = checker.index.cheapest(army, left) if army is not None else None
        checker.report.add(k.ROSTER_POINTS_UNSPENT(
            f"the force costs {spent} points; {left} of the {roster.limit} are unspent"
            + ("" if cheapest or army is None else
               f"; no unit of {army} costs {left} or less"),
            [], f"add units or options worth up to {left} points" + (
                f", e.g. {cheapest.name}" + (f" ({cheapest.variant})" if cheapest.variant else "")
                + f" at {cheapest.cost}" if cheapest else "")))
    checker.report.summary = {
        "system": KEY, "name": roster.name, "army": roster.army, "limit": roster.limit,
        "points_spent": spent, "points_unspent": roster.limit - spent,
        "points_complete": complete, "unit_count": roster.unit_count,
        "trimming": trimming and spent > roster.limit,
        "units": [r.to_dict() for r in lines],
    }
    return checker.report


def _over_fix(lines: list[ResolvedLine], excess: int, limit: int,
              pending: int | None = None) -> Fix:
    """The cheapest single change that brings the force within its limit: one unit fewer, or
    one option dropped, of a line the force has; for the line being added (``pending``), the
    add with fewer units or without an option. Never a line the force does not have."""
    choices: list[tuple[int, str, str]] = []
    for r in lines:
        if r.cost is None:
            continue
        line, number = r.line, r.index + 1
        if r.index == pending:
            fewer = line.count - -(-excess // r.cost) if r.cost else 0
            if 1 <= fewer < line.count:
                choices.append((r.cost * (line.count - fewer), f"add {fewer} instead of "
                                f"{line.count}", add_command(replace(line, count=fewer))))
        elif r.cost >= excess:
            choices.append((r.cost, f"remove one {line.unit} (unit #{number}, {r.cost} points)",
                            f"chronicle force set <game> --line {number} --count "
                            f"{line.count - 1}" if line.count > 1 else
                            f"chronicle force remove <game> {number}"))
        if r.unit is None:
            continue
        for name in dict.fromkeys(line.options):
            option = r.unit.option(name)
            if option is None or option.cost is None or option.cost * line.count < excess:
                continue
            dropped = _without(line.options, option.name)
            saved = option.cost * line.count * (len(line.options) - len(dropped))
            if r.index == pending:
                choices.append((saved, f"add it without {option.name} ({saved} points)",
                                add_command(replace(line, options=tuple(dropped)))))
            else:
                choices.append((saved, f"drop {option.name} from unit #{number} ({saved} "
                                f"points)", _set_options(r.index, dropped)))
    if choices:
        _saved, text, cli = min(choices)
        return Fix(text, cli=cli)
    spent = excess + limit
    if pending is not None:
        return Fix(f"make room first (units or options worth at least {excess} points), or "
                   f"raise the limit to {spent}",
                   cli=f"chronicle force set <game> --limit {spent}, then add it again (or "
                       "make room first: chronicle force remove / force set --count)",
                   app=f"make room first (units or options worth at least {excess} points: "
                       f"x removes a line, - lowers its count), or c copies the force at "
                       f"{spent} (NAME @ {spent})")
    return Fix(f"remove units or options worth at least {excess} points, or raise the limit "
               f"to {spent}", cli=f"chronicle force set <game> --limit {spent} (or chronicle "
                                  "force remove / force set --count)", file=f"limit = {spent}",
               app=f"remove units or options worth at least {excess} points (x removes a "
                   f"line, - lowers its count), or c copies the force at {spent}")


def check_army(catalog: TalesCatalog, army: str) -> Report:
    """Check the units of one army list by themselves (every variant too): unknown values,
    Wounds of 0 or less, Accuracy above 6, unknown keywords and keywords without their chance.
    Summary: ``army``, ``units`` (how many), ``variants``, ``options``."""
    from chronicle.systems.tales_of_arcadia.catalog import army_named

    army = army_named(catalog, army)        # named by one of its other names: the list itself
    checker = _Checker(catalog, index_of(catalog))
    key = name_key(army)
    units = [c for c in catalog if isinstance(c, Unit) and c.army and name_key(c.army) == key]
    for card in units:
        where = card.name
        for variant in (None, *card.variants):
            cost, stats = card.resolved(variant)
            self_where = where if variant is None else f"{where} ({variant.name})"
            checker.unit_facts(card, variant, cost, stats, self_where)
        for option in card.options:
            if option.cost is None:
                checker.once(("option-cost", card.name, option.name), k.CARD_INCOMPLETE(
                    f"{where}: the option {option.name} has no cost", [card.name, option.name],
                    f"fill in the cost of {option.name!r}"))
        words = [*card.keywords, *(w for o in card.options for w in o.keywords)]
        checker.keyword_facts(card, dict.fromkeys(words), where)
    if not units and not isinstance(catalog.get(army, "army"), Army):
        from chronicle.systems.tales_of_arcadia.catalog import armies

        near = suggest(army, armies(catalog))
        checker.report.add(k.CARD_UNKNOWN(
            f"no army list is called {army!r}" + (f"; did you mean {near!r}?" if near else ""),
            [army], Fix(f"write {near!r}", cli=f"chronicle army show {arg(near)}")
            if near else Fix("enter its units first", cli=f"chronicle army unit NAME --army "
                                                          f"{arg(army)} --cost N ...")))
    checker.report.summary = {
        "system": KEY, "army": army, "units": len(units),
        "variants": sum(len(u.variants) for u in units),
        "options": sum(len(u.options) for u in units),
    }
    return checker.report


def points_left(roster: Roster, catalog: TalesCatalog) -> int | None:
    """The limit minus the force's cost (negative when over); None while a cost is unknown."""
    index = index_of(catalog)
    total = 0
    for line in roster.units:
        card = catalog.get(line.unit, "unit")
        cost = (index.resolve(card, line.variant, line.options)[1]
                if isinstance(card, Unit) else None)
        if cost is None:
            return None
        total += cost * line.count
    return roster.limit - total


def what_fits(roster: Roster, catalog: TalesCatalog, left: int | None = None) -> list[Fit]:
    """The units of the force's army list (each variant too) that fit in the points left,
    with the options each must take (``min``); cheapest first. Units with an unknown value or
    no Wounds are left out. Empty while a cost of the force is unknown."""
    if left is None:
        left = points_left(roster, catalog)
    if left is None or left <= 0:
        return []
    return index_of(catalog).fits(roster.army, left, roster.limit)


def options_that_fit(roster: Roster, index: int, catalog: TalesCatalog,
                     left: int | None = None) -> list[Fit]:
    """The options line ``index`` (0-based) may still take within the points left: below
    their maximum, no other option of their group taken, cost times the line's count."""
    line = roster.units[index]
    card = catalog.get(line.unit, "unit")
    if left is None:
        left = points_left(roster, catalog)
    if not isinstance(card, Unit) or left is None:
        return []
    taken = Counter(name_key(name) for name in line.options)
    groups = {name_key(o.group) for o in card.options
              if o.group is not None and taken.get(name_key(o.name))}
    found = []
    for option in card.options:
        times = taken.get(name_key(option.name), 0)
        if option.cost is None or times >= option.max:
            continue
        if option.group is not None and not times and name_key(option.group) in groups:
            continue
        each = option.cost * line.count
        if each <= left:
            most = min(option.max - times, left // each if each else option.max - times)
            found.append(Fit(option.name, each, most))
    return found


__all__ = ["STATS", "Fit", "ResolvedLine", "check_army", "check_roster", "options_that_fit",
           "points_left", "resolve_line", "what_fits"]
