"""Every game's cards for the card front (``chronicle cards``, the app's card form): finding a
card in any installed game, entering or correcting cards in the group's cards of the database,
and sharing them as one card file. Driven by each game's card schema alone
(``GameSystem.card_schema``, read by ``chronicle.catalog.front``): a game gets it with no code
of its own.

A card entered here is the group's card of its game (the ``group_card`` rows): every later
record of the game (a force, a campaign, a hunt, a character) finds it. A correction keeps
every value it does not name. Before it is saved, every saved record of the game is checked
again with the corrected card: a correction that would make a record break a rule it did not
break before is refused (``Refused``, exit 1) with each record and violation, unless forced.
:func:`enter_cards` is the one way in, for the command line and the app alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.catalog.front import FrontCard, front_catalog, plain
from chronicle.domain import limits
from chronicle.domain.values import name_key
from chronicle.errors import BadInput, ChronicleError, NotFound, Refused
from chronicle.rules.report import Report, Violation
from chronicle.services.common import installed_game
from chronicle.services.gamecards import schema_of

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.catalog.loader import CardSchema
    from chronicle.catalog.store import Catalog
    from chronicle.services.db import Database
    from chronicle.systems.protocol import GameSystem


# The games -----------------------------------------------------------------------------------

def card_games(key: str | None = None) -> list[GameSystem]:
    """The installed games with a card schema: the one ``key`` names (an edition key names its
    game), else every one, the home game first.

    Raises:
        NotFound: no installed game is called ``key``; BadInput: it has no cards.
    """
    from chronicle.systems import registry

    if key is not None:
        found = installed_game(key)
        if found.card_schema is None:
            raise BadInput(f"{found.label} has no cards")
        return [found]
    every = [s for s in registry.systems() if s.card_schema]
    every.sort(key=lambda s: s.key != registry.home())
    return every


def use_group(url: str | None, games: Iterable[GameSystem]) -> list[str]:
    """Read the group's cards of ``games`` from the database at ``url`` (else the configured
    one) into the catalogs built from now on; the warnings of a database that could not be
    read (the cards are then the bundled and the user's)."""
    from chronicle.services.groupcards import use_group_cards

    warnings = []
    for game in games:
        warning = use_group_cards(url, game.key)
        if warning:
            warnings.append(warning)
    return warnings


def catalog_of(game: GameSystem) -> Catalog[FrontCard]:
    """The game's cards: bundled, the group's in use, the user's card files."""
    return front_catalog(game.key, schema_of(game))


def find(name: str, games: Iterable[GameSystem], kind: str | None = None) -> list[FrontCard]:
    """Every card called ``name`` (or having it among its other names) in ``games``."""
    found: list[FrontCard] = []
    for game in games:
        cards = catalog_of(game).named(name)
        found.extend(c for c in cards if kind is None or c.kind == kind)
    return found


# Entering and correcting cards ---------------------------------------------------------------

@dataclass(frozen=True)
class Breach:
    """A saved record a correction would make break a rule it did not break before."""

    label: str
    """What the record is: ``"battle force"``, ``"character"``."""
    name: str
    player: str | None
    violations: tuple[Violation, ...]

    def said(self) -> str:
        """One line: the record and its new violations."""
        whose = f" ({self.player})" if self.player else ""
        return (f"the {self.label} {self.name}{whose}: "
                + "; ".join(f"{v.message} ({v.code})" for v in self.violations))

    def to_dict(self) -> dict[str, Any]:
        """JSON shape."""
        return {"record": self.label, "name": self.name, "player": self.player,
                "violations": [v.to_dict() for v in self.violations]}


@dataclass
class Entered:
    """What entering cards did: the cards as the game now has them, which were corrections
    (and the values each changed), and the records a forced correction breaks."""

    game: str
    label: str
    cards: list[FrontCard] = field(default_factory=list)
    corrected: dict[str, list[str]] = field(default_factory=dict)
    """By card name: the values a correction changed (none: it gave each value as it was)."""
    breaches: list[Breach] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON shape (``chronicle cards new --json``, ``cards import --json``)."""
        return {"game": self.game, "saved": len(self.cards),
                "cards": [{"name": c.name, "kind": c.kind, **c.data,
                           "corrected": self.corrected.get(c.name)} for c in self.cards],
                "breaches": [b.to_dict() for b in self.breaches]}


def _problem_text(problems: Iterable[Any]) -> str:
    return "; ".join(f"{p.field or 'card'}: {p.message}" + (f" ({p.hint})" if p.hint else "")
                     + (f" [{p.code}]" if p.code else "") for p in problems)


def check_table(game: GameSystem, schema: CardSchema, table: Mapping[str, Any]) -> None:
    """The shared limits and the schema's own on one typed ``[[card]]`` table, before anything
    is read from the database: a kind the game has, a name within the limits, fields of the
    kind only.

    Raises:
        BadInput: naming the field (``kind``, ``name``, the unknown field).
    """
    from chronicle.catalog.problems import did_you_mean

    kind = table.get("kind")
    if kind not in schema.kinds:
        hint = did_you_mean(str(kind), schema.kinds) if kind is not None else None
        raise BadInput(f"kind: {game.label} has no card kind {limits.cut(kind)!s}"
                       + (f" ({hint})" if hint else "")
                       + f"; its kinds: {', '.join(schema.kinds)}")
    wrong = limits.name_problem(table.get("name"), "name: the card's name")
    if wrong:
        raise BadInput(wrong)
    allowed = schema.fields(str(kind))
    for key in table:
        if key not in allowed:
            hint = did_you_mean(str(key), allowed)
            other = schema.alias(str(kind), str(key))
            article = "an" if str(kind)[:1] in "aeiou" else "a"
            raise BadInput(f"{str(key)[:60]}: {article} {kind} card of {game.label} has no "
                           "such field"
                           + (f"; it has {other!r}" if other else f" ({hint})" if hint else "")
                           + "; its fields: " + ", ".join(
                               f for f in allowed if f not in ("name", "kind")))


def _validated(schema: CardSchema, table: dict[str, Any], what: str) -> dict[str, Any]:
    from chronicle.catalog.front import entries_of

    entries, problems = entries_of([table], schema, what)
    if problems:
        raise BadInput(f"{what} cannot be saved: {_problem_text(problems)}")
    found: dict[str, Any] = plain(entries[0].data)
    return found


def _corrected(data: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with the values ``given``: a table given in part (a die's ``faces``) keeps the
    entries it does not name."""
    merged = dict(data)
    for key, value in given.items():
        had = merged.get(key)
        merged[key] = {**had, **value} if isinstance(had, dict) and isinstance(value, dict) \
            else value
    return merged


def _game_rules(game: GameSystem, tables: list[dict[str, Any]], what: str) -> None:
    """The game's own rules on the cards by themselves (``GameSystem.card_rules``).

    Raises:
        BadInput: naming each card and field.
    """
    if game.card_rules is None:
        return
    from chronicle.systems.protocol import load_name

    found = load_name(game.card_rules)(tables, what)
    bad = [p for p in found if not p.code]
    if bad:
        raise BadInput(f"{what} cannot be saved: {_problem_text(bad)}")
    if found:           # a rule of the game broken (a code): refused
        one = len(tables) == 1          # the card is named once, in front
        raise Refused(f"{what} breaks the rules: " + "; ".join(
            ("" if one or not p.card else f"{p.card}: ") + f"{p.message} ({p.code})"
            for p in found) + "; nothing was saved")


def _merged_tables(tables: list[dict[str, Any]], stored: list[dict[str, Any]],
                   ) -> list[dict[str, Any]]:
    """The group's card tables once ``stored`` is saved (``repository.save_group_card``'s
    merge: a card of the same name and kind takes the values given, keeps the rest)."""
    after = [dict(t) for t in tables]
    for table in stored:
        key = (name_key(str(table["name"])), str(table["kind"]))
        index = next((i for i, t in enumerate(after)
                      if (name_key(str(t.get("name", ""))), str(t.get("kind"))) == key), None)
        if index is None:
            after.append(dict(table))
        else:
            after[index] = {**after[index], **table}
    return after


def _record_breaches(session: Session, game: GameSystem, before: tuple[dict[str, Any], ...],
                     after: tuple[dict[str, Any], ...]) -> list[Breach]:
    """Every saved record of the game (the generic record store's) that breaks a rule with
    the group's cards ``after`` it did not break with those ``before``."""
    from chronicle import paths
    from chronicle.persistence import recordqueries as store
    from chronicle.services.playernames import Boundary
    from chronicle.services.recordstore import check_record, new_errors
    from chronicle.systems.protocol import RecordContext

    folder = paths.user_cards_dir(game.key)
    was, now = RecordContext(folder, before), RecordContext(folder, after)
    found: list[Breach] = []
    for spec in game.records:
        unique = store.find_records(session, game.key, spec.name,
                                    owner=None if spec.per_player else store.GROUP,
                                    archived=False)
        histories = store.record_events(session, [r.id for r in unique if r.id is not None])
        names = store.player_names(session, {r.player_id for r in unique
                                             if r.player_id is not None})
        crossing = Boundary.of(session, game.key, spec)   # the players' names, as the rules
        for row in unique:                                  # read a record (never their ids)
            data = crossing.seen("data", dict(row.data))
            events = crossing.events((e.kind, dict(e.payload))
                                     for e in histories.get(row.id or 0, []))
            try:
                fresh = new_errors(check_record(session, game.key, spec, data, events, was),
                                   check_record(session, game.key, spec, data, events, now))
            except ChronicleError:
                continue        # a damaged record is the mending's, not the card's
            if fresh:
                found.append(Breach(spec.label, row.name,
                                    names.get(row.player_id) if row.player_id else None,
                                    tuple(fresh)))
    return found


def _chronicle_breaches(session: Session, game: GameSystem,
                        corrected: list[dict[str, Any]]) -> list[Breach]:
    """The game's characters and games (``GameSystem.chronicles``) that the ``corrected``
    cards would make break a rule they did not break before."""
    if game.chronicles is None:
        return []
    from chronicle.catalog.front import entries_of
    from chronicle.services.recordstore import new_errors
    from chronicle.systems.protocol import load_name

    module = load_name(game.chronicles)
    before = module.catalog()
    typed, _problems = entries_of(corrected, schema_of(game), "the corrected card")
    after = module.catalog(typed)   # typed by the schema, as the game's own files are read
    found: list[Breach] = []
    rows: list[tuple[str, Any, Any]] = module.kept(session, set(game.keys))
    for what, row, view in rows:         # each character's, then each game's
        try:
            was = view(session, row, before).report
            now = view(session, row, after).report
        except ChronicleError:
            continue
        fresh = new_errors(was, now)
        if fresh:
            found.append(Breach(what, row.name, None, tuple(fresh)))
    return found


def breaches_of(session: Session, game: GameSystem, before: list[dict[str, Any]],
                stored: list[dict[str, Any]], corrected: list[dict[str, Any]]) -> list[Breach]:
    """What saving ``stored`` into the group's cards ``before`` would break (the merged cards
    being ``corrected``)."""
    after = _merged_tables(before, stored)
    return [*_record_breaches(session, game, tuple(before), tuple(after)),
            *_chronicle_breaches(session, game, corrected)]


class BreaksRecords(Refused):
    """A correction refused because it would make saved records break rules: ``breaches``
    names each record and its new violations (a front may offer to save it anyway)."""

    def __init__(self, message: str, breaches: list[Breach], report: Report,
                 names: dict[str, str]) -> None:
        super().__init__(message, report, names=names)
        self.breaches = list(breaches)


def refusal(what: str, breaches: list[Breach]) -> BreaksRecords:
    """The refusal of a correction that breaks saved records: each record and violation."""
    violations = [v for b in breaches for v in b.violations]
    names = {"game": breaches[0].name} if len({b.name for b in breaches}) == 1 else {}
    return BreaksRecords(f"{what} would make {len(breaches)} saved record(s) break a rule: "
                   + " | ".join(b.said() for b in breaches)
                   + "; nothing was saved (give --force to save it anyway)",
                   breaches, Report(violations), names)


def enter_cards(db: Database, game_key: str, tables: list[dict[str, Any]], *,
                force: bool = False, what: str | None = None) -> Entered:
    """Enter or correct cards of a game in the group's cards, all or nothing: each table
    (``name``, ``kind`` and the values given) is checked by the shared limits and the game's
    schema, merged with the card of that name and kind (found also by one of its other names)
    keeping every value it does not name, then every saved record of the game is checked
    with the corrected cards. The one way in for ``cards new``, ``cards import``, a game's
    own entry commands and the app's card form.

    Raises:
        NotFound: no such game. BadInput: a bad table (the field named), nothing saved.
        Refused: a correction that breaks saved records (each named), unless ``force``.
    """
    from chronicle.catalog import group

    game = card_games(game_key)[0]
    schema = schema_of(game)
    if not tables:
        raise BadInput("no card to enter")
    for table in tables:
        check_table(game, schema, table)
    kept = group.tables(game.key)
    try:
        return _enter(db, game, schema, tables, force, what)
    finally:
        group.use(game.key, kept)   # the catalogs' group layer stays the caller's


def _enter(db: Database, game: GameSystem, schema: CardSchema, tables: list[dict[str, Any]],
           force: bool, what: str | None) -> Entered:
    from chronicle.catalog import group
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        read = repo.group_cards(session, game.key)
        before = [data for _id, _version, data in read]
        versions = {(name_key(str(data.get("name", ""))), str(data.get("kind"))): version
                    for _id, version, data in read}
        group.use(game.key, before)
        catalog = catalog_of(game)
        result = Entered(game.key, game.label)
        stored: list[dict[str, Any]] = []
        corrected: list[dict[str, Any]] = []
        for table in tables:
            existing = catalog.get(str(table["name"]), str(table["kind"]))
            given = {k: v for k, v in table.items() if k not in ("name", "kind")}
            name = existing.name if existing is not None else " ".join(
                str(table["name"]).split())
            said = what or f"the {table['kind']} {name}"
            merged = _validated(schema, {**_corrected(existing.data if existing else {},
                                                      given),
                                         "name": name, "kind": table["kind"]}, said)
            corrected.append(merged)
            stored.append({"name": name, "kind": table["kind"],
                           **{k: merged[k] for k in given if k in merged}})
            if existing is not None:    # the values it changes (a value given again is no
                result.corrected[name] = sorted(     # change)
                    k for k in given if plain(existing.data).get(k) != merged.get(k))
        _game_rules(game, corrected, what or (
            f"the {corrected[0]['kind']} {corrected[0]['name']}" if len(corrected) == 1
            else "the cards"))
        breaches = breaches_of(session, game, before, stored, corrected)
        if breaches and not force:
            raise refusal(what or ("the correction" if result.corrected else "the card"),
                          breaches)
        for table in stored:      # on the version read: a correction made meanwhile wins
            repo.save_group_card(session, game.key, table, expected=versions.get(
                (name_key(str(table["name"])), str(table["kind"])), 0))
        from chronicle.services import grouplayer

        grouplayer.sync(session)
        after = _merged_tables(before, stored)
        group.use(game.key, after)
        result.breaches = breaches
    built = catalog_of(game)
    result.cards = [card for card in (built.get(str(t["name"]), str(t["kind"])) for t in stored)
                    if card is not None]
    return result


# Sharing -------------------------------------------------------------------------------------

def export_mine(db: Database, game_key: str) -> tuple[str, int]:
    """The group's cards of a game as one card file (``version``, ``game``, ``[[card]]``):
    the text and how many cards."""
    from chronicle.catalog.tomlwrite import dumps
    from chronicle.persistence import repository as repo

    game = card_games(game_key)[0]
    schema = schema_of(game)
    with db.transaction() as session:
        tables = [data for _id, _version, data in repo.group_cards(session, game.key)]
    header = (f"The group's own {game.label} cards, written by Arcadia Chronicle "
              "('chronicle cards export-mine'); read them in with 'chronicle cards import'.")
    return dumps({"version": schema.version, "game": game.key, "card": tables},
                 header=header), len(tables)


def read_card_file(path: Path) -> tuple[GameSystem, list[dict[str, Any]]]:
    """A shared card file: its game (its ``game`` or ``system`` key) and its ``[[card]]``
    tables, every one checked by the game's schema.

    Raises:
        BadInput: the file cannot be read, names no installed game, or has any problem (all
            of them said, located).
    """
    from chronicle.catalog.loader import read_toml, validate_card_tables
    from chronicle.domain.values import Origin
    from chronicle.reading import shown_path

    problems: list[Any] = []
    read = read_toml(path, problems)
    if read is None:
        raise BadInput("; ".join(str(p) for p in problems))
    document, lines = read
    from chronicle.systems.registry import home

    key = document.get("game", document.get("system", home()))  # the home game's files
    if not isinstance(key, str):                                   # predate the key
        raise BadInput(f"{shown_path(path)}: game: say whose cards these are with game = "
                       "\"KEY\" at the top (chronicle systems lists the games)")
    try:
        game = card_games(key)[0]
    except NotFound as exc:
        raise BadInput(f"{shown_path(path)}: game: {exc}") from None
    schema = schema_of(game)
    extra = [k for k in document if k not in ("version", "game", "system", "card")]
    if extra:
        raise BadInput(f"{shown_path(path)}: unknown top-level key {extra[0]!r}; a card file "
                       "holds version, game and [[card]] tables")
    if document.get("version") != schema.version:
        raise BadInput(f"{shown_path(path)}: version: only version {schema.version} is known")
    entries, problems = validate_card_tables(document.get("card", []), schema,
                                             path=shown_path(path), lines=lines,
                                             origin=Origin.FILE)
    if problems:
        raise BadInput(f"nothing imported: {len(problems)} problem(s) in "
                       f"{shown_path(path)}: " + "; ".join(str(p) for p in problems))
    if not entries:
        raise BadInput(f"{shown_path(path)} holds no [[card]]; nothing to import")
    tables = [plain(e.data) for e in entries]
    for table in tables:
        check_table(game, schema, table)
    return game, tables


def import_cards(db: Database, path: Path, *, force: bool = False) -> Entered:
    """Read a shared card file into the group's cards of its game, all or nothing
    (:func:`read_card_file`, then :func:`enter_cards`)."""
    game, tables = read_card_file(path)
    return enter_cards(db, game.key, tables, force=force,
                       what=f"importing {path.name}")


__all__ = ["Breach", "BreaksRecords", "Entered", "breaches_of", "card_games", "catalog_of",
           "check_table", "enter_cards", "export_mine", "find",
           "import_cards", "read_card_file", "refusal", "schema_of", "use_group"]
