"""What a game system provides to Arcadia Chronicle: the plug-in protocol.

A game system is one package, ``chronicle/systems/<game>/`` or a separate distribution, that
exposes one :class:`GameSystem` value through the package entry-point group
``chronicle.systems`` (see :mod:`chronicle.systems.registry`). The value is plain data: keys,
label, editions, card kinds, file kinds, odds commands. Everything heavier (checking a file,
computing odds, the card schema, sheet builders, TUI screens, the ledger codec) is named lazily
as a ``"module:attribute"`` string and imported only when used, so listing the installed
systems or checking a file of one game never imports the others.

The contracts of the lazily named callables:

- a file kind's ``check``: ``check(path: Path, user_cards_dir: Path | None) -> Checked``
  (:class:`Checked`: ``exit_code`` 0 legal / 1 a rule broken / 2 the file is unusable, the
  ``report``, the located ``problems`` that make the file unusable, ``catalog_problems``; and,
  optionally, ``to_dict()`` for ``--json`` and ``summary_lines() -> list[str]``, what
  ``chronicle check`` prints under the report in the game's own words);
- an odds command's ``run``: ``run(options: dict[str, object]) -> OddsAnswer``, the options
  being the parsed values of its :class:`Option` list by ``dest``;
- ``card_schema``: an object satisfying ``chronicle.catalog.loader.CardSchema``;
- ``card_check``: ``check_cards(directory: Path) -> Report``, the game's rules on the card files
  of a folder by themselves (a bundled example list that breaks its own rules is an error);
- a command group's ``register``: ``register(parser: argparse.ArgumentParser) -> None`` adds the
  group's subcommands to its top-level parser; each subcommand sets ``handler=fn`` with
  ``fn(args) -> int`` (the exit status), exactly as the built-in commands do;
- a record kind's ``check``: ``check(data, events, context: RecordContext) -> Report``, ``events``
  being ``{"kind": str, "payload": dict}`` oldest first; its ``steps`` (optional): ``steps(data,
  events, context) -> Iterator[Report]``, in one replay the report on the data alone and then
  after each event (``len(events) + 1`` reports, each with the violations ``check`` gives on
  that prefix; the summary may be left out); its ``fold`` (optional): a ``Fold`` of
  ``begin(data, context)`` and ``step(state, event, seq, context)``, each returning a new state,
  and ``report(state)``, the report on the history so far, so an append is judged on the state
  kept for the version it read; its ``describe``: ``describe(event) -> str``, one line;
- ``sheets``: by the name of its ``chronicle export`` subcommand, ``build(db: Database, name:
  str, player: str | None) -> chronicle.export.model.Document`` (raising the services' errors:
  ``NotFound``, ``Refused``), its parts' ``brand`` being the game's label; ``sheet_front``
  (optional): ``register(sub)``, its own export subcommands where a sheet takes options of
  its own;
- ``screens``: a Textual ``Screen`` class constructed with no arguments, the ``"main"`` one
  opened from the app's "Other games" area; the home game's (``registry.home()``) ``home.areas``
  name theirs among them;
- ``home.help``: a string in the app help's Markdown subset (``#`` headings, ``-`` items,
  ``**bold**``, ```key```) about the home system's areas, shown between the app's Players and
  Other games parts;
- ``ledger_codec``: the game's history events to and from stored records.
- ``card_front``: a module refining the generic ``chronicle cards`` (``chronicle.cli.cards``)
  for the game, with any of: ``filters(parser)`` (listing flags of its own; one given scopes a
  listing to the game) and ``run_list``, ``run_show``, ``run_validate``, ``run_missing``,
  ``run_export_mine`` (``fn(args) -> int``), the game's own answers when a command concerns
  that game alone. A game without one gets the generic front, driven by its ``card_schema``.
- ``home.overview``: ``overview() -> list[str]``, the lines ``chronicle`` without arguments prints
  about the home system under its title (its catalog at a glance);
- ``home.card_names``: ``card_names() -> list[str]``, the card names the shell completes where a
  command of the home system takes a card.
- ``home.demo``: ``demo(db: Database) -> list[str]``, ``chronicle demo``: the home system's example
  play group written to the database, and the lines saying what was done.
- ``home.exchange``: a module, the home system's part of the whole-database export (``chronicle db
  export|import``, backups): the file's ``cards``, ``cards() -> list[dict]``,
  ``check_cards(document, problems)``, ``card_entries(document)``, ``save_cards(session,
  entries)``, and ``chronicle_problems(document) -> list[str]`` (what it keeps replayed
  through its rules against those cards; ``chronicle.services.transfer`` calls them);
- ``collection``: a module, the game's own collection rules (``chronicle collection ...
  --system KEY``): ``add_cards(db, player, cards, *, kind)``, ``list_collection(db, player)``,
  ``import_collection_csv(db, player, path, *, mode)``, ``export_collection_csv(db, player)``;
  a game that names none gets the generic ones (``chronicle.services.collection``);
- ``chronicles``: a module, what the game keeps in tables of its own beyond the generic record
  store (Wyld Hunt: its ``character`` and ``game`` tables): ``player_blockers(session,
  player_id) -> list[tuple[str, str]]``, what of them keeps a player from being deleted, each
  with what to do first in the app (every game's is asked when a player is deleted);
  (optional) ``holdings(reader) -> list[tuple[int, str, str]]``, what each player holds there
  as (player id, what one is called, its name), which the players' list shows beside the
  records of its kinds that belong to a player (``chronicle.services.players``); its
  sections of the whole-database export, in every file whichever game is home: ``SECTIONS``
  (each file key and its pydantic type, every one required), ``TABLES`` (their database
  tables), ``export_sections(session, player_names) -> dict``, ``counts(document) ->
  dict[str, int]``, ``check_references(document, players, problems)``,
  ``check_payloads(data, problems)`` and ``insert(session, document, players, ids)``
  (``chronicle.services.exportformat``, ``importer``, ``transfer``); and, for
  the printed exports (home system) and the card front's re-check, ``show_character(db, name,
  player)``, ``list_characters(db, player)``, ``show_game(db, name)``,
  ``character_view(session, row, catalog=None)``, ``game_view(session, row, catalog=None)``
  and ``catalog()``.
- ``stats``: ``stats(db: Database, since: date | None, player: str | None) ->
  chronicle.services.stats.GameStats``, the game's plays, series and tables computed from its
  own ledgers and records (``player`` as the services name them; ``chronicle stats``, the
  app's Statistics screen, ``chronicle plays export`` and ``chronicle export stats`` read it).

This module imports nothing of any game and nothing heavy. Its records are named tuples, not
frozen dataclasses: every command reads a game system, and Python 3.11 compiles six methods for
each frozen dataclass at import, ten times what a named tuple costs (copy one with
``_replace``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Protocol

if TYPE_CHECKING:
    import argparse

    from chronicle.catalog.problems import FileProblem
    from chronicle.rules.report import Report


def load_name(name: str) -> Any:
    """Import ``"package.module:attribute"`` (attribute may be dotted) and return the object;
    a name without ``:attribute`` is the module itself.

    Raises:
        ValueError: when the name is not of that form.
        ImportError, AttributeError: when it does not exist.
    """
    module_name, sep, attribute = name.partition(":")
    if not module_name or (sep and not attribute):
        raise ValueError(f"{name!r} is not a lazy name like 'package.module:attribute'")
    value: Any = importlib.import_module(module_name)
    for part in attribute.split(".") if attribute else ():
        value = getattr(value, part)
    return value


class Checked(Protocol):
    """What a file kind's checker returns (every game's ``check_path`` outcome is one)."""

    @property
    def exit_code(self) -> int:
        """0 without errors, 1 with rule errors, 2 when the file cannot be used."""

    @property
    def report(self) -> Report | None:
        """The rules report; None when the file cannot be used."""

    @property
    def problems(self) -> list[FileProblem]:
        """Located problems that make the file unusable."""

    @property
    def catalog_problems(self) -> list[FileProblem]:
        """Problems in card files: those cards were skipped, the check still ran."""


class OddsAnswer(NamedTuple):
    """An odds command's answer: the JSON shape and the lines a terminal shows."""

    data: dict[str, Any]
    """Exact fractions as ``"n/d"`` strings, with floats beside them."""
    lines: tuple[str, ...]
    exit_code: int = 0
    """0 with odds; 1 when a card value they need is unknown; 2 for impossible input."""


class Edition(NamedTuple):
    """A key a file may name in ``system = "..."``, with its label (``ironheart``)."""

    key: str
    label: str
    """How the edition is called, maybe with a remark in parentheses after its title:
    ``"King Ironheart's Madness (10 starting points, two dice)"``."""

    @property
    def title(self) -> str:
        """The edition's own title, without the remark: ``"King Ironheart's Madness"``."""
        head, sep, _remark = self.label.partition(" (")
        return head if sep and self.label.endswith(")") and head else self.label


class FileKind(NamedTuple):
    """A kind of file the game reads (character, roster, campaign, game log)."""

    name: str
    summary: str
    check: str
    """Lazy name of ``check(path, user_cards_dir) -> Checked``."""
    sample: str | None = None
    """Lazy name of the ``Path`` of a legal file of this kind the game ships (optional):
    ``chronicle systems verify`` checks it."""

    def checker(self) -> Callable[[Path, Path | None], Checked]:
        """The checker, imported now."""
        found: Callable[[Path, Path | None], Checked] = load_name(self.check)
        return found


class Option(NamedTuple):
    """One argument of an odds command, as argparse takes it."""

    flags: tuple[str, ...]
    """``("--accuracy",)`` for an option, ``("dice",)`` for a positional argument."""
    help: str
    type: Literal["int", "str", "flag"] = "int"
    required: bool = False
    default: int | str | bool | None = None
    metavar: str | None = None
    choices: tuple[int | str, ...] | None = None

    @property
    def dest(self) -> str:
        """The key of this option's value in the parsed options."""
        return self.flags[0].lstrip("-").replace("-", "_")


class OddsCommand(NamedTuple):
    """A subcommand of ``chronicle odds`` (``attack``, ``pool``, ``aq-attack``, ``bust``)."""

    name: str
    help: str
    description: str
    options: tuple[Option, ...]
    run: str
    """Lazy name of ``run(options: dict[str, object]) -> OddsAnswer``. Besides each option's
    value, ``options["db"]`` is the database URL the command line gave (``--db``; None: the
    usual ``CHRONICLE_DB`` or default file), for odds that read stored records."""

    def runner(self) -> Callable[[dict[str, Any]], OddsAnswer]:
        """The command, imported now."""
        found: Callable[[dict[str, Any]], OddsAnswer] = load_name(self.run)
        return found


class CommandGroup(NamedTuple):
    """A top-level command of the game (``force``, ``campaign``, ``hunt``): its subcommands are
    added only when it is the command being run (or its help is asked for)."""

    name: str
    """The command word: ``chronicle <name> ...``."""
    help: str
    """One line for ``chronicle --help``."""
    register: str
    """Lazy name of ``register(parser: argparse.ArgumentParser) -> None``, which adds the
    group's subcommands; each does ``set_defaults(handler=fn)`` with ``fn(args) -> int``
    (``args.db`` is the ``--db`` URL)."""

    def registrar(self) -> Callable[[argparse.ArgumentParser], None]:
        """The group's ``register``, imported now."""
        found: Callable[[argparse.ArgumentParser], None] = load_name(self.register)
        return found


class RecordContext(NamedTuple):
    """What a record check may need besides the record itself."""

    user_cards_dir: Path | None
    group_cards: tuple[dict[str, Any], ...] = ()
    """This game's rows of the group's card table (as ``[[card]]`` tables)."""


class Fold(Protocol):
    """A record kind's derived state built one event at a time (``RecordKind.fold``: a module,
    or any object, with these three functions), so the store judges an appended event against
    the state it keeps for the version it read instead of replaying the whole history
    (``chronicle.services.recordstate``).

    The state is the game's own value; ``step`` never changes the state it is given (the store
    keeps it for the version it belongs to, and a write that loses a race starts again from
    it) and returns a new one. ``report`` has the violations ``check`` gives on the history
    the state was made from (its summary may be left out). A fold may also offer
    ``dump(state)`` (the state as plain JSON values) and ``load(value, data, context)`` (the
    state back, raising ``KeyError``, ``TypeError`` or ``ValueError`` on what it cannot read):
    the store then keeps the state in the database too, and a state loaded may raise
    ``chronicle.rules.folding.NeedsHistory`` from ``step`` for an event it lacks the past
    of."""

    def begin(self, data: dict[str, Any], context: RecordContext) -> Any:
        """The state before the first event."""
        ...

    def step(self, state: Any, event: dict[str, Any], seq: int, context: RecordContext,
             ) -> Any:
        """The state after event number ``seq`` (``{"kind", "payload"}``)."""
        ...

    def report(self, state: Any) -> Report:
        """The game's report on the history ``state`` was made from."""
        ...


class RecordLink(NamedTuple):
    """A record of the same game that a record names: in each table at ``at`` (a
    ``playerrefs`` path to tables, ``"battle:side[]"``), the text at key ``name`` names a
    record of kind ``kind`` belonging to the player named at key ``owner`` (None: the
    group's)."""

    at: str
    name: str
    kind: str
    owner: str | None = None


class CardPlace(NamedTuple):
    """Where a record names a card of the game: the names at ``at`` (a
    ``chronicle.domain.cardrefs`` path: ``"data:unit[].unit"``, ``"upgrade:upgrade[].bought[]"``,
    ``"data:guild[].slots{}[]"`` for the lists a table holds, ``"data:guild[].slots{*}"`` for its
    keys) are cards of one of ``kinds``. The store keeps a card named by one of its other names
    (``aliases``) under the card's own name."""

    at: str
    kinds: tuple[str, ...]


class RecordKind(NamedTuple):
    """What the database stores for the game (a battle force, a campaign, a hunt), through the
    generic record store (``chronicle.services.recordstore``)."""

    name: str
    """``"force"``, ``"campaign"``, ``"hunt"``: the stored kind."""
    label: str
    """How a person calls it: ``"battle force"``."""
    per_player: bool
    """True when a record belongs to a player (forces); False for the group's (campaigns)."""
    check: str
    """Lazy name of ``check(data: dict[str, Any], events: list[dict[str, Any]], context:
    RecordContext) -> chronicle.rules.report.Report``; ``events`` are ``{"kind": str,
    "payload": dict}`` oldest first. The store refuses a write whose report has an error the
    report before the write did not have."""
    describe: str | None = None
    """Lazy name of ``describe(event: dict[str, Any]) -> str``: one line per event."""
    steps: str | None = None
    """Lazy name of ``steps(data, events, context) -> Iterator[Report]``: the report on the
    data alone, then after each event in turn, from one replay of the history (so a history is
    checked in time linear in its length); each report has the violations ``check`` gives on
    that prefix (its summary may be left out). A game that names none is checked once per
    prefix (``chronicle.services.recordsteps``)."""
    players: tuple[str, ...] = ()
    """Where a record names a player (``chronicle.domain.playerrefs`` paths:
    ``"battle:side[].player"``, ``"data:guild[].player"``). The store keeps the player's id
    there and hands the check and the services the player's current name; a name no player
    has is refused (``record.unknown_player``) unless ``guests``."""
    guests: bool = False
    """True when a name no player has may be written as a guest (a visitor at the table): it
    is kept as text and shown as ``"Name (guest)"``."""
    links: tuple[RecordLink, ...] = ()
    """The records of the same game a record names (a battle side's force): kept as the
    record's id; each one written must be its player's, in use (``record.unknown_record``),
    on every way in."""
    single: bool = False
    """True when the group keeps one record of this kind (its battle history), whatever it is
    called: a second is refused on every way in (``record.not_single``)."""
    readable: str | None = None
    """Lazy name of ``problems(name: str, data: dict[str, Any], events: list[dict[str,
    Any]]) -> list[str]``: what keeps the game's own model from reading a stored record (wrong
    types inside, an unknown event kind); empty when it reads. The store marks such a record
    damaged (``chronicle.services.damage``) and never hands it to the game's views."""
    fold: str | None = None
    """Lazy name of a :class:`Fold` (a module with ``begin`` and ``step``): the record's
    derived state one event at a time. With it,
    appending an event costs the same whatever the history's length (the store keeps the
    state of the version it last saw, ``chronicle.services.recordstate``); without it, each
    append judges the whole history with ``check``."""
    cards: tuple[CardPlace, ...] = ()
    """Where a record names the game's cards (``CardPlace``): a name given there that is one
    of a card's other names is stored as the card's own name, on every way in."""

    def checker(self) -> Callable[[dict[str, Any], list[dict[str, Any]], RecordContext],
                                  Report]:
        """The record check, imported now."""
        found: Callable[[dict[str, Any], list[dict[str, Any]], RecordContext], Report] = (
            load_name(self.check))
        return found

    def stepper(self) -> Callable[[dict[str, Any], list[dict[str, Any]], RecordContext],
                                  Iterator[Report]] | None:
        """The one-pass replay, imported now; None when the game names none."""
        if self.steps is None:
            return None
        found: Callable[[dict[str, Any], list[dict[str, Any]], RecordContext],
                        Iterator[Report]] = load_name(self.steps)
        return found

    def folder(self) -> Fold | None:
        """The one-event-at-a-time state, imported now; None when the game names none."""
        if self.fold is None:
            return None
        found: Fold = load_name(self.fold)
        return found

    def describer(self) -> Callable[[dict[str, Any]], str] | None:
        """The one-line event description, imported now; None when the game names none."""
        if self.describe is None:
            return None
        found: Callable[[dict[str, Any]], str] = load_name(self.describe)
        return found


class Area(NamedTuple):
    """One of the app's areas when the game is the home system (the registry's default): the
    areas take the number keys 1, 2, 3... in order, before the app's own Players and Other
    games."""

    name: str
    """The app mode's name: ``"collection"``."""
    title: str
    """How the app calls it (its key's description, its palette command): ``"Cards"``."""
    summary: str
    """One line for the command palette: ``"The catalog and your collection"``."""
    screen: str
    """The name of its screen in the system's ``screens``."""
    shows_player: bool = False
    """True for the area the Players area's enter opens for the highlighted player: its
    screen has ``show_player(name: str) -> None``."""


class HomeParts(NamedTuple):
    """What a game gives the generic fronts when it is the home game (``registry.home()``,
    the setting ``CHRONICLE_HOME_GAME``): every part optional, any game may fill them."""

    areas: tuple[Area, ...] = ()
    """The app's areas this game provides when it is the home game (keys 1, 2, 3...)."""
    help: str | None = None
    """Lazy name of the app help's part about those areas (a string, see ``Area``)."""
    overview: str | None = None
    """Lazy name of ``overview() -> list[str]``: what ``chronicle`` without arguments (no
    terminal) prints about the game under its title."""
    card_names: str | None = None
    """Lazy name of ``card_names() -> list[str]``: the card names shell completion offers."""
    demo: str | None = None
    """Lazy name of ``demo(db) -> list[str]``: ``chronicle demo`` (the game's example play
    group), the lines it prints."""
    exchange: str | None = None
    """Lazy name of the module holding the game's part of the whole-database export (its
    ``cards`` and the sections of its own tables); see the module's docstring."""
    completion: str | None = None
    """Lazy name of the module of shell completion's part about the game: ``CARD_OPTIONS``
    (options taking its card names), ``POSITIONAL`` (command word to a kind of name its first
    argument takes) and ``names(kind, session) -> list[str]``."""


class GameSystem(NamedTuple):
    """Everything Arcadia Chronicle knows of one game before importing it."""

    key: str
    """The system key: the card folder's name and a file's ``system =``."""
    label: str
    editions: tuple[Edition, ...]
    """Every key a file may name for this game (the system key's own edition first)."""
    card_kinds: tuple[str, ...]
    file_kinds: tuple[FileKind, ...]
    odds: tuple[OddsCommand, ...] = ()
    check: str | None = None
    """Lazy name of the checker for any file of the game (telling its kinds apart); by default
    the one checker all its file kinds share."""
    card_schema: str | None = None
    """Lazy name of the game's ``CardSchema``."""
    card_check: str | None = None
    """Lazy name of ``check_cards(directory: Path) -> Report``: what the game's own rules say
    of the card files of ``directory`` read by themselves (the bundled folder, a test of every
    game's bundled cards): beyond their format, which ``card_schema`` says."""
    codes: str | None = None
    """Lazy name of the module holding the game's violation codes; the home game's may hold
    ``app_keys(code, engine_fix) -> (keys, whole) | None``, a fix said in the app's keys
    (``whole``: the keys say it all, the engine's words are left out)."""
    ledger_codec: str | None = None
    """Lazy name of the ledger codec (events to and from stored records), where the game
    keeps a history."""
    sheets: Mapping[str, str] = MappingProxyType({})
    """Printable sheets by the name of their ``chronicle export`` subcommand (``force``,
    ``campaign``, ``hunt``): lazy names of ``build(db, name, player) -> Document``, its parts
    branded with the game's label."""
    sheet_front: str | None = None
    """Lazy name of ``register(sub)``, adding the game's own ``chronicle export`` subcommands
    to argparse's subparsers ``sub``, for sheets that take options of their own or name their
    files their own way (``chronicle.cli.exports``: ``add_destination``, ``export_options``;
    ``chronicle.services.exports``: ``destination``, ``write_document``); the game's other
    ``sheets`` get the plain ``NAME [--player P]`` subcommand."""
    screens: Mapping[str, str] = MappingProxyType({})
    """TUI screens by name: lazy ``"module:Class"`` names of Textual screens constructed with
    no arguments; ``"main"`` is the one the app's "Other games" area opens. A game's other
    screens (dialogs taking arguments) are opened by these, from inside its folder."""
    home: HomeParts = HomeParts()
    """What the game gives the generic fronts when it is the home game (``registry.home()``):
    any game may fill it; the fronts read the home game's alone."""
    commands: tuple[CommandGroup, ...] = ()
    """The game's top-level CLI commands (``chronicle force ...``)."""
    records: tuple[RecordKind, ...] = ()
    """What the game keeps in the database through the generic record store."""
    card_rules: str | None = None
    """Lazy name of ``problems(tables: list[dict], path: str) -> list[FileProblem]``: the
    game's rules on typed cards by themselves, beyond their format (a Waylay without any
    Attribute rating); every card entered or imported is held to them."""
    card_front: str | None = None
    """Lazy name of the module refining ``chronicle cards`` for the game (see the module's
    docstring); ``chronicle cards new`` is every game's, from its ``card_schema``."""
    chronicles: str | None = None
    """Lazy name of the module of what the game keeps in tables of its own, as the players'
    mending, the printed exports and the card front see it; see the module's docstring."""
    collection: str | None = None
    """Lazy name of the module of the game's own collection rules, for a game that has any
    (the four functions of ``chronicle.services.collection``, without its ``game``); every
    other game's collection is the generic one, driven by its card schema."""
    docs: str | None = None
    """The game's documentation, relative to the repository."""
    stats: str | None = None
    """Lazy name of ``stats(db, since, player) -> GameStats`` (see the module's docstring)."""
    bgg_id: int | None = None
    """The game's BoardGameGeek id, where it has one that can be cited (plays export)."""

    @property
    def keys(self) -> tuple[str, ...]:
        """Every key a file may name for this game."""
        found = [self.key, *(edition.key for edition in self.editions)]
        return tuple(dict.fromkeys(found))

    def checker(self) -> Callable[[Path, Path | None], Checked]:
        """The checker ``chronicle check`` runs on a file naming this system, imported now.

        Raises:
            ValueError: when the file kinds have different checkers and ``check`` is not set.
        """
        names = {self.check} if self.check else {kind.check for kind in self.file_kinds}
        if len(names) != 1:
            raise ValueError(f"the game system {self.key!r} has no one checker for its files")
        found: Callable[[Path, Path | None], Checked] = load_name(names.pop())
        return found

    def file_kind(self, name: str) -> FileKind | None:
        """The file kind called ``name``."""
        return next((kind for kind in self.file_kinds if kind.name == name), None)

    def title(self, key: str) -> str:
        """The printed title of what ``key`` names: the game's label for its own key, an
        edition's title for an edition key (the head of every printed page)."""
        if key != self.key:
            edition = next((e for e in self.editions if e.key == key), None)
            if edition is not None:
                return edition.title
        return self.label

    def screen(self, name: str) -> Any:
        """The screen class called ``name`` in ``screens``, imported now.

        Raises:
            KeyError: when the game names no such screen.
        """
        return load_name(self.screens[name])

    def record_kind(self, name: str) -> RecordKind | None:
        """The record kind called ``name``."""
        return next((kind for kind in self.records if kind.name == name), None)

    def command_group(self, name: str) -> CommandGroup | None:
        """The command group called ``name``."""
        return next((group for group in self.commands if group.name == name), None)

    def to_dict(self) -> dict[str, Any]:
        """The ``chronicle systems --json`` shape."""
        return {"key": self.key, "label": self.label,
                "editions": [{"key": e.key, "label": e.label} for e in self.editions],
                "card_kinds": list(self.card_kinds),
                "file_kinds": [{"name": k.name, "summary": k.summary} for k in self.file_kinds],
                "odds": [command.name for command in self.odds],
                "commands": [{"name": g.name, "help": g.help} for g in self.commands],
                "records": [{"name": r.name, "label": r.label, "per_player": r.per_player}
                            for r in self.records],
                "sheets": sorted(self.sheets), "screens": sorted(self.screens)}
