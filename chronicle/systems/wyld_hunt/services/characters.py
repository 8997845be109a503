"""Characters in the database: create, view, build (creation cards), export and import.

A character's state is always derived by the rules engine from its creation choices and its
chronicle; the view adds the collection rules (the player must own the cards). Creation cards
may change only while the chronicle is empty; afterwards experience and corrections do it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chronicle.catalog.tomlwrite import dumps
from chronicle.domain.values import Origin, name_key
from chronicle.errors import AlreadyExists, BadInput, Refused
from chronicle.rules.editions import edition_keys
from chronicle.rules.report import Report
from chronicle.services.common import new_errors, player_facts, player_row, refuse_if
from chronicle.services.dates import date_problem
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.cards import Card, Court
from chronicle.systems.wyld_hunt.chronicle import CharacterBuild
from chronicle.systems.wyld_hunt.codec import describe_event, event_to_file, event_to_record
from chronicle.systems.wyld_hunt.editions import GAME
from chronicle.systems.wyld_hunt.rules.character import CharacterState, check_character
from chronicle.systems.wyld_hunt.rules.collection import CardKey, check_ownership, key_of
from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog
from chronicle.systems.wyld_hunt.services.checks import forget_checked as forget_checked
from chronicle.systems.wyld_hunt.services.checks import kept, remember
from chronicle.systems.wyld_hunt.services.common import (
    EDIT_REFUSALS,
    UNFINISHED,
    catalog,
    character_facts,
    character_row,
)
from chronicle.systems.wyld_hunt.services.usercards import card_file_entry
from chronicle.systems.wyld_hunt.stored import load_build, load_character

if TYPE_CHECKING:
    from sqlmodel import Session

    from chronicle.persistence.models import CharacterRow
    from chronicle.persistence.reads import EventInfo, Reader
    from chronicle.systems.wyld_hunt.services.checks import Checked, Stored

IMPORT_ALLOWED = frozenset({"icon.missing", "points.over_budget", "court.tie",
                            "card.incomplete"})
"""Errors an imported character may still have (a build in progress, unknown card values)."""


@dataclass
class HistoryLine:
    """One chronicle event as shown: what, when, and the running totals."""

    seq: int
    kind: str
    text: str
    recorded_at: str | None
    xp_change: int
    xp_earned: int
    xp_unspent: int
    waylay_bonus: int
    applied: bool
    undone_by: int | None
    game_id: int | None = None
    date: str | None = None
    """The day the event happened, as given (``--date``); ``recorded_at`` is when it was
    written down."""
    note: str | None = None
    game: str | None = None
    """The name of the game whose result recorded the event, if any."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle history --json``."""
        return dict(self.__dict__)


@dataclass
class CharacterView:
    """A character as stored and as the rules derive it."""

    id: int
    player: str
    version: int
    build: CharacterBuild
    report: Report
    state: CharacterState
    history: list[HistoryLine] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The character's name."""
        return self.build.name

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle character show --json``."""
        return {"id": self.id, "player": self.player, "name": self.name,
                "version": self.version, "background": self.build.background,
                "valid": self.report.valid, "summary": self.report.summary,
                "violations": [v.to_dict() for v in self.report.violations],
                "history": [h.to_dict() for h in self.history]}


def uses_of(state: CharacterState) -> Counter[CardKey]:
    """The copies of each card a character uses now: icon, Merits and Flaws."""
    uses: Counter[CardKey] = Counter()
    cards: list[Card] = ([state.icon] if state.icon else []) + list(state.merits) + list(
        state.flaws)
    for card in cards:
        uses[key_of(card.name, card.kind.value)] += 1
    return uses


def stored(session: Reader, row: Stored, cat: WyldHuntCatalog,
           ) -> tuple[CharacterBuild, list[EventInfo], Checked]:
    """A stored character, its event records and its rules check (collection rules aside),
    reusing this process's earlier check while the character is unchanged
    (:mod:`~chronicle.systems.wyld_hunt.services.checks`)."""
    hit = kept(session, row, cat)
    if hit is not None:
        return hit
    build, infos = load_character(session, row, _player_name(session, row))
    checked = check_character(build, cat)
    remember(session, row, cat, build, infos, checked)
    return build, infos, checked


@dataclass(frozen=True)
class Holdings:
    """What the collection rules read besides the build (read once for many trial builds):
    the player's name, the cards they own, the copies their other characters use."""

    player: str
    owned: dict[CardKey, int]
    others: Counter[CardKey]


def holdings(session: Reader, row: Stored, cat: WyldHuntCatalog) -> Holdings:
    """The player's cards and the uses of ``row``'s sister characters, as stored now."""
    from chronicle.persistence import reads

    owned = {key_of(o.name, o.kind): o.count
             for o in reads.owned_cards(session, row.player_id, GAME)}
    others: Counter[CardKey] = Counter()
    for other in reads.characters_of(session, row.player_id):
        if other.id != row.id:
            others.update(uses_of(stored(session, other, cat)[2][1]))
    return Holdings(_player_name(session, row), owned, others)


def evaluate(session: Reader, row: Stored, build: CharacterBuild,
             cat: WyldHuntCatalog, checked: Checked | None = None,
             held: Holdings | None = None) -> Checked:
    """The rules report of ``build`` as ``row``'s character, collection rules included
    (``held``: the collection as read already in this transaction)."""
    rules, state = checked or check_character(build, cat)
    report = Report(list(rules.violations), dict(rules.summary))
    assert row.id is not None
    held = held or holdings(session, row, cat)
    uses = uses_of(state)
    names = {key_of(c.name, c.kind.value): c.name
             for c in ([state.icon] if state.icon else []) + state.merits + state.flaws}
    report.extend(check_ownership(held.player, build.name, uses, held.owned, names,
                                  held.others))
    return report, state


def _player_name(session: Reader, row: Stored) -> str:
    from chronicle.persistence.reads import player_name

    return player_name(session, row.player_id) or "?"


def view(session: Reader, row: Stored, cat: WyldHuntCatalog | None = None,
         build: CharacterBuild | None = None, infos: list[EventInfo] | None = None,
         checked: Checked | None = None) -> CharacterView:
    """Everything shown about a character: the stored one, or ``build`` (a change about to be
    saved, with its ``infos`` and ``checked`` when already known)."""
    from chronicle.persistence import reads

    cat = cat or catalog()
    assert row.id is not None
    player = _player_name(session, row)
    if build is None:
        build, infos, checked = stored(session, row, cat)
    elif infos is None:
        infos = reads.events(session, row.id)[1]
    report, state = evaluate(session, row, build, cat, checked)
    history = []
    games = reads.game_names(session, {i.game_id for i in infos if i.game_id is not None})
    for line, info in zip(state.ledger.lines, infos, strict=False):
        history.append(HistoryLine(
            seq=line.index, kind=event_to_record(line.event)[0],
            text=describe_event(line.event), recorded_at=info.recorded_at.isoformat(
                timespec="seconds"), xp_change=line.xp_change, xp_earned=line.xp_earned,
            xp_unspent=line.xp_unspent, waylay_bonus=line.waylay_bonus, applied=line.applied,
            undone_by=line.undone_by, game_id=info.game_id,
            date=getattr(line.event, "date", None), note=getattr(line.event, "note", None),
            game=games.get(info.game_id) if info.game_id is not None else None))
    return CharacterView(row.id, player, row.version, build, report, state, history)


def new_character(db: Database, player: str, name: str, *, system: str = "wyld-hunt",
                  icon: str | None = None, court: str | None = None,
                  background: str | None = None) -> CharacterView:
    """Create a character for ``player``, optionally with its icon, court and background."""
    from chronicle.persistence import repository as repo

    if system not in edition_keys():
        raise BadInput(f"unknown system {system!r}; use one of {', '.join(edition_keys())}")
    if not name.strip():
        raise BadInput("a character needs a name")
    with db.transaction() as session:
        owner = player_row(session, player)
        assert owner.id is not None
        if repo.find_characters(session, name, owner.id):
            raise AlreadyExists(f"{owner.name} already has a character called {name!r}")
        row = repo.add_character(session, owner.id, name, system)
        result = view(session, row)
        if icon is not None or court is not None or background is not None:
            result = _edit(session, row, icon=icon, court=court, background=background)
        return result


def edit_character(db: Database, name: str, *, player: str | None = None,
                   icon: str | None = None, court: str | None = None,
                   background: str | None = None, add_merits: tuple[str, ...] = (),
                   remove_merits: tuple[str, ...] = (), add_flaws: tuple[str, ...] = (),
                   remove_flaws: tuple[str, ...] = (), expected_version: int | None = None,
                   ) -> CharacterView:
    """Change a character's creation choices. Building may pass through over-budget or
    undecided states; unknown cards, wrong kinds and cards the player does not own are refused.

    Raises:
        Refused: when the chronicle has begun, or the change adds such an error.
        Conflict: when ``expected_version`` is given and someone saved first.
    """
    with db.transaction() as session:
        row = character_row(session, name, player)
        _check_version(session, row, expected_version)
        return _edit(session, row, icon=icon, court=court, background=background,
                     add_merits=add_merits, remove_merits=remove_merits, add_flaws=add_flaws,
                     remove_flaws=remove_flaws)


def _check_version(session: Session, row: CharacterRow, expected: int | None) -> None:
    from chronicle.persistence import repository as repo

    if expected is not None and row.version != expected:
        raise repo.stale(session, row, expected)


def _without(names: tuple[str, ...], remove: tuple[str, ...], role: str, who: str,
             ) -> tuple[str, ...]:
    kept = list(names)
    for name in remove:
        match = next((i for i, n in enumerate(kept) if name_key(n) == name_key(name)), None)
        if match is None:
            raise BadInput(f"{who} has no creation {role} called {name!r} "
                           f"({', '.join(kept) or 'none'})")
        del kept[match]
    return tuple(kept)


def own_names(cat: Any, names: tuple[str, ...], kind: str) -> tuple[str, ...]:
    """``names`` as their cards' own names: a card named by one of its other names
    (``aliases``) or in other letter case is kept under its name; a name no card has stays as
    typed (the rules say so)."""
    found = [cat.get(name, kind) for name in names]
    return tuple(card.name if card is not None else name
                 for name, card in zip(names, found, strict=True))


def _edit(session: Session, row: CharacterRow, *, icon: str | None = None,
          court: str | None = None, background: str | None = None,
          add_merits: tuple[str, ...] = (), remove_merits: tuple[str, ...] = (),
          add_flaws: tuple[str, ...] = (), remove_flaws: tuple[str, ...] = ()) -> CharacterView:
    from chronicle.persistence import repository as repo

    assert row.id is not None
    cards_change = add_merits or remove_merits or add_flaws or remove_flaws or icon is not None
    if (cards_change or court is not None) and repo.event_count(session, row.id):
        what = "creation cards are" if cards_change else "court is"
        raise Refused(f"{row.name}'s chronicle has begun, so the {what} fixed (the court "
                      "\"cannot change after you have decided\"); use 'chronicle xp buy', "
                      "'chronicle xp buy-off' or a correction")
    cat = catalog()
    add_merits, add_flaws = own_names(cat, add_merits, "merit"), own_names(cat, add_flaws,
                                                                             "flaw")
    before_build = load_build(session, row, _player_name(session, row))
    before, _state = evaluate(session, row, before_build, cat)
    chosen_court = before_build.court
    if court is not None:
        try:
            chosen_court = Court(court.strip().lower()) if court.strip() else None
        except ValueError:
            raise BadInput(f"court is 'seelie' or 'unseelie', not {court!r}") from None
    merits = _without(before_build.merits, remove_merits, "Merit", row.name) + add_merits
    flaws = _without(before_build.flaws, remove_flaws, "Flaw", row.name) + add_flaws
    icons = before_build.icons if icon is None else ((icon,) if icon.strip() else ())
    after_build = replace(before_build, icons=icons, court=chosen_court, merits=merits,
                          flaws=flaws,
                          background=background if background is not None
                          else before_build.background)
    after, _after_state = evaluate(session, row, after_build, cat)
    refuse_if(new_errors(before, after), f"Changing {row.name}", EDIT_REFUSALS)
    row.icon = after_build.icons[0] if after_build.icons else None
    row.court = chosen_court.value if chosen_court else None
    row.background = after_build.background
    repo.touch(row)
    session.add(row)
    repo.set_creation_cards(session, row.id, merits, flaws)
    return view(session, row, cat, after_build)


def show_character(db: Database, name: str, player: str | None = None) -> CharacterView:
    """A character with its report, summary and history."""
    with db.reading() as connection:
        return view(connection, character_facts(connection, name, player))


def some_characters(db: Database, wanted: Sequence[tuple[str, str]]) -> list[CharacterView]:
    """The characters ``wanted`` as (player, name), read together (a list shows those on
    screen: reading every character of a large group takes seconds); one gone meanwhile, or
    unreadable, is left out."""
    from chronicle.errors import ChronicleError
    from chronicle.persistence import reads

    with db.reading() as connection:
        cat = catalog()
        found = []
        for player, name in wanted:
            owner = reads.player_named(connection, player)
            rows = reads.characters_named(connection, name, owner.id) if owner else []
            for row in rows[:1]:
                try:
                    found.append(view(connection, row, cat))
                except ChronicleError:  # said when it is opened
                    continue
        return found


def list_characters(db: Database, player: str | None = None, *, archived: bool = False,
                    page: tuple[int, int] | None = None) -> list[CharacterView]:
    """Every character in play (of one player, when given); the archived ones instead when
    ``archived``; only those of ``page`` (start, count: in name order) when given, each
    character being read whole (its chronicle replayed and checked)."""
    from chronicle.errors import BadInput
    from chronicle.persistence import reads
    from chronicle.services.damage import notice

    with db.reading() as connection:
        owner = player_facts(connection, player) if player else None
        cat = catalog()
        found = []
        rows = reads.characters_of(connection, owner.id if owner else None, archived=archived)
        if page is not None:
            rows = rows[max(0, page[0]):max(0, page[0]) + max(0, page[1])]
        for row in rows:
            try:
                found.append(view(connection, row, cat))
            except BadInput as exc:  # a chronicle edited outside the program: the rest lists
                notice(f"{row.name}: {exc}")
        return found


def count_characters(db: Database, player: str | None = None, *,
                     archived: bool = False) -> int:
    """How many characters ``list_characters`` lists (without reading them)."""
    from chronicle.persistence import reads

    with db.reading() as connection:
        owner = player_facts(connection, player) if player else None
        return len(reads.characters_of(connection, owner.id if owner else None,
                                       archived=archived))


def character_file(view_: CharacterView, cat: WyldHuntCatalog) -> str:
    """The character file of a character: what ``chronicle check`` reads and ``import``
    takes back. Cards of the user's own (new or corrected) that it uses are included."""
    build = view_.build
    used = {name_key(n) for n in (*build.icons, *build.merits, *build.flaws)}
    for event in build.events:
        _kind, data = event_to_record(event)
        for key_name in ("quests", "completed", "add_merits", "add_flaws"):
            used.update(name_key(n) for n in data.get(key_name, ()))
        for key_name in ("merit", "flaw"):
            if key_name in data:
                used.add(name_key(data[key_name]))
    own = [card for card in cat if card.origin in (Origin.USER, Origin.CORRECTED, Origin.FILE)
           and name_key(card.name) in used]
    document: dict[str, Any] = {
        "system": build.system, "name": build.name, "player": view_.player,
        "icon": build.icons[0] if len(build.icons) == 1 else list(build.icons) or None,
        "court": build.court.value if build.court else None,
        "merits": list(build.merits), "flaws": list(build.flaws),
        "background": build.background,
        "event": [event_to_file(e) for e in build.events] or None,
        "card": [card_file_entry(c) for c in own] or None,
    }
    return dumps(document, header=f"Arcadia Chronicle character file: {build.name} "
                                  f"({view_.player}). Check it with 'chronicle check FILE'.")


def export_character(db: Database, name: str, player: str | None = None) -> str:
    """The character file text of a stored character."""
    with db.transaction() as session:
        cat = catalog()
        return character_file(view(session, character_row(session, name, player), cat), cat)


def import_character(db: Database, path: Path, *, player: str | None = None,
                     own_missing: bool = False) -> CharacterView:
    """Create a character from a character file, chronicle included, in one transaction.

    Cards the file defines become the user's own cards. With ``own_missing`` the cards the
    character uses that the player lacks are added to the collection first.

    Raises:
        BadInput: the file cannot be used (every problem listed with file and line).
        Refused: the character breaks rules an import may not (see ``IMPORT_ALLOWED``).
    """
    from chronicle.persistence import repository as repo
    from chronicle.systems.wyld_hunt.fileloader import load_file
    from chronicle.systems.wyld_hunt.services.usercards import save_group_cards, save_user_cards

    loaded = load_file(path)
    if loaded.problems:
        raise BadInput(f"cannot use {path}:\n" + "\n".join(f"  {p}" for p in loaded.problems))
    if loaded.character is None:
        raise BadInput(f"{path} is a game setup file, not a character file")
    build = loaded.character
    owner_name = player or build.player
    if not owner_name:
        raise BadInput(f"{path} names no player: add player = \"...\" or pass --player")
    with db.transaction() as session:
        owner = player_row(session, owner_name)
        assert owner.id is not None
        if repo.find_characters(session, build.name, owner.id):
            raise AlreadyExists(f"{owner.name} already has a character called {build.name!r}")
        row = repo.add_character(session, owner.id, build.name, build.system)
        # The file's own cards join the catalog now, and the user's cards only once the import
        # is sure to be written: a refused import leaves the card folder as it was.
        cat = catalog(loaded.cards)
        build = replace(build, player=owner.name,   # a card by another name: its own name
                        merits=own_names(cat, build.merits, "merit"),
                        flaws=own_names(cat, build.flaws, "flaw"))
        if own_missing:
            report, state = check_character(build, cat)
            have = {key_of(o.name, o.kind): o.count
                    for o in repo.owned_cards(session, owner.id, GAME)}
            for key, count in uses_of(state).items():
                card = cat.get(key[0], key[1])
                if card is not None and count > have.get(key, 0):
                    repo.change_count(session, owner.id, card.name, key[1],
                                      count - have.get(key, 0), GAME)
        report, _state = evaluate(session, row, build, cat)
        blocking = [v for v in report.errors if v.code not in IMPORT_ALLOWED
                    or (build.events and v.code in UNFINISHED)]
        if blocking:
            # the same rule as every other way in: a chronicle starts only once the build is
            # finished; an unknown card value (card.incomplete) does not stop it
            lacking = any(v.code == "collection.not_owned" for v in blocking)
            raise Refused(
                f"{owner.name} cannot import {build.name}: "
                + "; ".join(v.message for v in blocking)
                + (f" (--own-missing adds the cards {owner.name} lacks to the collection)"
                   if lacking and not own_missing else ""), Report(blocking))
        for number, event in enumerate(build.events, start=1):
            problem = date_problem(event.date, f"event {number}'s date") if event.date else None
            if problem:
                raise BadInput(f"cannot use {path}: {problem}")
        row.icon = build.icons[0] if build.icons else None
        row.court = build.court.value if build.court else None
        row.background = build.background
        session.add(row)
        assert row.id is not None
        repo.set_creation_cards(session, row.id, build.merits, build.flaws)
        for event in build.events:
            repo.append_event(session, row.id, event)
        result = view(session, row, cat)
        if loaded.cards:
            save_group_cards(session, loaded.cards)  # the group's, carried in backups
            save_user_cards(loaded.cards)
        return result


@dataclass
class Candidate:
    """A card a character could take, and what the rules say would happen if it did."""

    card: Card
    owned: int
    problems: list[Any]
    """The errors taking it would add (violations); empty when it is legal."""

    @property
    def legal(self) -> bool:
        """True when taking the card breaks no further rule."""
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of a candidate."""
        return {"name": self.card.name, "kind": self.card.kind.value, "owned": self.owned,
                "legal": self.legal, "problems": [v.to_dict() for v in self.problems]}


def _as_it_stands(session: Session, name: str, player: str | None,
                  ) -> tuple[CharacterRow, WyldHuntCatalog, CharacterBuild, Holdings, Checked]:
    """The character as stored, to try changes on: row, catalog, build, holdings, check."""
    row = character_row(session, name, player)
    cat = catalog()
    build, _infos, checked = stored(session, row, cat)
    held = holdings(session, row, cat)
    return row, cat, build, held, evaluate(session, row, build, cat, checked, held)


def creation_choices(db: Database, name: str, roles: tuple[str, ...],
                     player: str | None = None) -> dict[str, list[Candidate]]:
    """Every card of each of ``roles`` ("icon", "merit", "flaw") in the player's collection,
    each with the errors adding it to the creation choices would introduce (the collection read
    once): the builder shows illegal choices as such by asking the rules, never by repeating
    them."""
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        row, cat, build, held, (before, _state) = _as_it_stands(session, name, player)
        found: dict[str, list[Candidate]] = {role: [] for role in roles}
        for owned in repo.owned_cards(session, row.player_id, GAME):
            card = cat.get(owned.name, owned.kind)
            role = card.kind.value if card is not None else ""
            if card is None or role not in found:
                continue
            if role == "icon":
                trial = replace(build, icons=(card.name,))
            elif role == "merit":
                trial = replace(build, merits=(*build.merits, card.name))
            else:
                trial = replace(build, flaws=(*build.flaws, card.name))
            after, _after_state = evaluate(session, row, trial, cat, held=held)
            found[role].append(Candidate(card, owned.count, new_errors(before, after)))
        return found


def purchase_candidates(db: Database, name: str, player: str | None = None,
                        ) -> list[Candidate]:
    """Merits the character could buy and Flaws it could buy off with experience now, each
    with the errors the purchase would introduce (too expensive, not owned, ...)."""
    from chronicle.persistence import repository as repo
    from chronicle.systems.wyld_hunt.chronicle import FlawBoughtOff, MeritBought

    with db.transaction() as session:
        row, cat, build, held, (before, state) = _as_it_stands(session, name, player)
        found = []
        has = {c.name for c in state.merits}
        for owned in repo.owned_cards(session, row.player_id, GAME):
            card = cat.get(owned.name, owned.kind)
            if card is None or card.kind.value != "merit" or card.name in has:
                continue
            trial = replace(build, events=(*build.events, MeritBought(merit=card.name)))
            after, _after_state = evaluate(session, row, trial, cat, held=held)
            found.append(Candidate(card, owned.count, new_errors(before, after)))
        for flaw in state.flaws:
            trial = replace(build, events=(*build.events, FlawBoughtOff(flaw=flaw.name)))
            after, _after_state = evaluate(session, row, trial, cat, held=held)
            found.append(Candidate(flaw, 1, new_errors(before, after)))
        return found


def rename_character(db: Database, name: str, new_name: str, *, player: str | None = None,
                     expected_version: int | None = None) -> CharacterView:
    """Give a character another name (part of its identity, Building Your Character Step 4);
    its chronicle and games stay with it.

    Raises:
        BadInput: an empty or overlong name.
        AlreadyExists: the player has another character of that name.
        Conflict: ``expected_version`` is given and someone saved first.
    """
    from chronicle.persistence import repository as repo

    clean = " ".join(new_name.split())
    if not clean or len(clean) > 200:
        raise BadInput("a character's name has 1 to 200 characters")
    with db.transaction() as session:
        row = character_row(session, name, player)
        _check_version(session, row, expected_version)
        if name_key(clean) != row.name_key and repo.find_characters(session, clean,
                                                                    row.player_id):
            raise AlreadyExists(f"{_player_name(session, row)} already has a character called "
                                f"{clean!r}")
        row.name = clean
        row.name_key = name_key(clean)
        repo.touch(row)
        session.add(row)
        return view(session, row)
