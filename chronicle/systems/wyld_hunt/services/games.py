"""Game preparation (the deck builder) and recording a game's result.

A game seats players (each with a character, or none), their quests and targets, and the
Waylays, Treasures and Leagues each chose from their own collection. The setup rules run on the
real chronicles, so an opponent's Waylay bonus comes from their career. In solo play the pool of
Waylays available is the player's collection. Recording the result appends a game event to every
character's chronicle in one transaction: all of them, or none.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chronicle.domain.values import name_key
from chronicle.errors import AlreadyExists, BadInput, NotFound, Refused
from chronicle.rules.editions import edition_keys
from chronicle.rules.report import Report
from chronicle.services.common import new_errors, player_row, refuse_if
from chronicle.services.dates import iso_date
from chronicle.services.db import Database
from chronicle.systems.wyld_hunt.cards import Card, Icon, Kind, League, Merit, Waylay
from chronicle.systems.wyld_hunt.chronicle import EpicOrder, GamePlayed
from chronicle.systems.wyld_hunt.editions import GAME
from chronicle.systems.wyld_hunt.rules.collection import CardKey, check_ownership, key_of
from chronicle.systems.wyld_hunt.rules.game import SetupState, check_setup
from chronicle.systems.wyld_hunt.rules.suggest import (
    Suggestion,
    suggest_leagues,
    suggest_treasures,
    suggest_waylays,
)
from chronicle.systems.wyld_hunt.services.catalog import WyldHuntCatalog
from chronicle.systems.wyld_hunt.services.common import catalog, character_row
from chronicle.systems.wyld_hunt.services.common import game_row as _game_row
from chronicle.systems.wyld_hunt.setup import GameSetup, PlayerSetup

if TYPE_CHECKING:
    import datetime as dt

    from sqlmodel import Session

    from chronicle.persistence.grouptables import GamePlayerRow, GameRow

CHOICE_REFUSALS = frozenset({"card.unknown", "card.wrong_kind", "collection.not_owned"})
LISTS = ("quests", "waylays", "treasures", "leagues")


@dataclass
class Seat:
    """One player's part of a stored game."""

    player: str
    character: str | None
    quests: list[str]
    target: str | None
    waylays: list[str]
    treasures: list[str]
    leagues: list[str]
    completed: list[str] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of a seat."""
        return dict(self.__dict__)


@dataclass
class GameView:
    """A stored game with its rules report."""

    id: int
    name: str
    system: str
    solo: bool
    status: str
    version: int
    seats: list[Seat]
    report: Report
    state: SetupState
    played_at: dt.datetime | None = None
    """When the result was recorded (statistics date a game by it when no event says)."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle game show --json``."""
        return {"id": self.id, "name": self.name, "system": self.system, "solo": self.solo,
                "status": self.status, "version": self.version, "valid": self.report.valid,
                "seats": [s.to_dict() for s in self.seats], "summary": self.report.summary,
                "violations": [v.to_dict(game=self.name) for v in self.report.violations]}


@dataclass
class SuggestionSet:
    """Suggested Waylays, Treasures and Leagues for one player of a game."""

    player: str
    waylays: Suggestion
    treasures: Suggestion
    leagues: Suggestion
    applied: bool = False
    game: GameView | None = field(default=None, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle game suggest --json``."""
        def part(s: Suggestion) -> dict[str, Any]:
            return {"cards": list(s.cards), "total": s.total, "limit": s.limit,
                    "explanation": list(s.explanation)}
        return {"player": self.player, "waylays": part(self.waylays),
                "treasures": part(self.treasures), "leagues": part(self.leagues),
                "applied": self.applied}


def _seats(session: Session, game: GameRow) -> list[tuple[GamePlayerRow, Seat]]:
    from chronicle.persistence import repository as repo
    from chronicle.persistence.models import CharacterRow, PlayerRow

    assert game.id is not None
    seats = []
    for row in repo.game_players(session, game.id):
        player = session.get(PlayerRow, row.player_id)
        target = session.get(PlayerRow, row.target_player_id) if row.target_player_id else None
        character = session.get(CharacterRow, row.character_id) if row.character_id else None
        assert player is not None
        seats.append((row, Seat(player.name, character.name if character else None,
                                list(row.quests), target.name if target else None,
                                list(row.waylays), list(row.treasures), list(row.leagues),
                                list(row.completed) if row.completed is not None else None)))
    return seats


def _evaluate(session: Session, game: GameRow, seats: list[tuple[GamePlayerRow, Seat]],
              cat: WyldHuntCatalog, memo: dict[tuple[str, int], Any] | None = None,
              ) -> tuple[Report, SetupState]:
    """The setup report and state of ``game``; ``memo`` keeps the characters' builds and the
    players' collections read, for the other games read in the same transaction."""
    from chronicle.persistence import repository as repo
    from chronicle.persistence.models import CharacterRow
    from chronicle.systems.wyld_hunt.rules.character import check_character
    from chronicle.systems.wyld_hunt.services.characters import uses_of
    from chronicle.systems.wyld_hunt.stored import load_build

    memo = {} if memo is None else memo
    players = []
    ownership = []
    for row, seat in seats:
        build = None
        at_table: Counter[CardKey] = Counter()
        if row.character_id is not None:
            if ("build", row.character_id) not in memo:
                character = session.get(CharacterRow, row.character_id)
                assert character is not None
                built = load_build(session, character, seat.player)
                memo["build", row.character_id] = (built, uses_of(check_character(built, cat)[1]))
            build, in_use = memo["build", row.character_id]
            at_table = Counter(in_use)
        if ("owned", row.player_id) not in memo:
            memo["owned", row.player_id] = repo.owned_cards(session, row.player_id, GAME)
        owned_rows = memo["owned", row.player_id]
        owned = {key_of(o.name, o.kind): o.count for o in owned_rows}
        pool = None
        if game.solo:
            pool = tuple(name for o in owned_rows if o.kind == Kind.WAYLAY.value
                         for name in [o.name] * o.count)
        players.append(PlayerSetup(
            name=seat.player, character=build, career_xp=None if build else 0,
            character_points=None, quests=tuple(seat.quests), target=seat.target,
            waylays=tuple(seat.waylays), treasures=tuple(seat.treasures),
            leagues=tuple(seat.leagues), pool=pool))
        uses: Counter[CardKey] = Counter()
        names: dict[CardKey, str] = {}
        for listed, kind in ((seat.quests, Kind.QUEST), (seat.waylays, Kind.WAYLAY),
                             (seat.treasures, Kind.MERIT), (seat.leagues, Kind.LEAGUE)):
            for name in listed:
                card = cat.get(name, kind.value)
                if card is not None:
                    key = key_of(card.name, kind.value)
                    uses[key] += 1
                    names[key] = card.name
        ownership.extend(check_ownership(seat.player, f"{seat.player}'s game selection", uses,
                                         owned, names, at_table))
    setup = GameSetup(system=game.system, solo=game.solo, players=tuple(players),
                      epic_order=_epic_order(game.epic_order))
    report, state = check_setup(setup, cat)
    report.extend(ownership)
    return report, state


def _view(session: Session, game: GameRow, cat: WyldHuntCatalog | None = None,
          memo: dict[tuple[str, int], Any] | None = None) -> GameView:
    cat = cat or catalog()
    seats = _seats(session, game)
    report, state = _evaluate(session, game, seats, cat, memo)
    assert game.id is not None
    return GameView(game.id, game.name, game.system, game.solo, game.status, game.version,
                    [s for _r, s in seats], report, state, game.played_at)


def _epic_order(value: str | None) -> EpicOrder:
    """The reading of epic order named by ``value`` (None: the rulebook's example)."""
    if value is None:
        return EpicOrder.QUEST_NUMBER
    try:
        return EpicOrder(value)
    except ValueError:
        choices = " or ".join(repr(o.value) for o in EpicOrder)
        raise BadInput(f"unknown epic order {value[:40]!r}; use {choices}") from None


def new_game(db: Database, name: str, seats: list[tuple[str, str | None]], *,
             solo: bool = False, system: str = "wyld-hunt",
             epic_order: str | None = None) -> GameView:
    """Create a game seating ``(player, character or None)`` pairs, in seating order, played
    under ``epic_order`` ("quest_number", the rulebook's example and the default, or the house
    rule "waylay_rating")."""
    from chronicle.persistence import repository as repo
    from chronicle.persistence.grouptables import GamePlayerRow, GameRow

    if system not in edition_keys():
        raise BadInput(f"unknown system {system!r}; use one of {', '.join(edition_keys())}")
    if not name.strip():
        raise BadInput("a game needs a name")
    if not seats:
        raise BadInput("a game needs at least one player")
    order = _epic_order(epic_order)
    with db.transaction() as session:
        if repo.find_game(session, name):
            raise AlreadyExists(f"there is already a game called {name!r}")
        game = GameRow(name=" ".join(name.split()), name_key=name_key(name), system=system,
                       solo=solo, status="prepared", created_at=repo.now(),
                       epic_order=None if order is EpicOrder.QUEST_NUMBER else order.value)
        session.add(game)
        session.flush()
        assert game.id is not None
        seen: set[str] = set()
        for position, (player, character) in enumerate(seats):
            owner = player_row(session, player)
            assert owner.id is not None
            if owner.name in seen:
                raise BadInput(f"{owner.name} is seated twice")
            seen.add(owner.name)
            character_id = None
            if character:
                character_id = character_row(session, character, owner.name).id
            session.add(GamePlayerRow(game_id=game.id, player_id=owner.id,
                                      character_id=character_id, position=position,
                                      quests=[], waylays=[], treasures=[], leagues=[]))
        session.flush()
        return _view(session, game)


def _seat_row(session: Session, game: GameRow, player: str) -> GamePlayerRow:
    for row, seat in _seats(session, game):
        if name_key(seat.player) == name_key(player):
            return row
    raise NotFound(f"{player!r} has no seat in {game.name}")


def choose(db: Database, game: str, player: str, *, quests: list[str] | None = None,
           target: str | None = None, waylays: list[str] | None = None,
           treasures: list[str] | None = None, leagues: list[str] | None = None,
           expected_version: int | None = None) -> GameView:
    """Set a player's quests, target or chosen cards (each list replaces the previous one).

    Going over a rating is shown in the report, not refused, so a selection can be built up;
    unknown cards, wrong kinds and cards the player does not own are refused.
    """
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        row = _game_row(session, game)
        if row.status != "prepared":
            raise Refused(f"{row.name} has been played; its setup is fixed")
        if expected_version is not None and row.version != expected_version:
            raise repo.stale(session, row, expected_version)
        cat = catalog()
        before = _view(session, row, cat)
        seat = _seat_row(session, row, player)
        if quests is not None:
            seat.quests = _canonical(cat, quests, Kind.QUEST)
        if waylays is not None:
            seat.waylays = _canonical(cat, waylays, Kind.WAYLAY)
        if treasures is not None:
            seat.treasures = _canonical(cat, treasures, Kind.MERIT)
        if leagues is not None:
            seat.leagues = _canonical(cat, leagues, Kind.LEAGUE)
        if target is not None:
            target_row = player_row(session, target) if target.strip() else None
            seat.target_player_id = target_row.id if target_row else None
        session.add(seat)
        session.flush()
        after = _view(session, row, cat)
        refuse_if(new_errors(before.report, after.report), f"This choice for {player}",
                  CHOICE_REFUSALS)
        repo.touch(row)
        session.add(row)
        after.version = row.version
        return after


def _canonical(cat: WyldHuntCatalog, names: list[str], kind: Kind) -> list[str]:
    """Names as the catalog spells them (unknown names are kept, for the report to flag)."""
    found = []
    for name in names:
        card = cat.get(name, kind.value)
        found.append(card.name if card else name)
    return found


def show_game(db: Database, game: str) -> GameView:
    """A game with its setup report."""
    with db.transaction() as session:
        return _view(session, _game_row(session, game))


def show_game_seated(db: Database, game: str) -> tuple[GameView, dict[str, list[Any]],
                                                      dict[str, Icon | None]]:
    """A game with its setup report, each seated player's collection (``OwnedCard``s) and
    each seated character's icon (None without a character), read in one transaction (what
    the preparation screen shows)."""
    from chronicle.persistence import repository as repo
    from chronicle.systems.wyld_hunt.services.characters import view as character_view
    from chronicle.systems.wyld_hunt.services.collection import OwnedCard

    with db.transaction() as session:
        cat = catalog()
        view = _view(session, _game_row(session, game), cat)
        owned: dict[str, list[Any]] = {}
        icons: dict[str, Icon | None] = {}
        for seat in view.seats:
            owner = player_row(session, seat.player)
            assert owner.id is not None
            owned[seat.player] = [OwnedCard(cat.get(o.name, o.kind), o.name, o.kind, o.count)
                                  for o in repo.owned_cards(session, owner.id, GAME)]
            icons[seat.player] = character_view(
                session, character_row(session, seat.character, seat.player), cat,
            ).state.icon if seat.character else None
        return view, owned, icons


def list_games(db: Database, *, archived: bool = False) -> list[GameView]:
    """Every game, newest first; the archived ones instead when ``archived``."""
    from chronicle.persistence import repository as repo

    with db.transaction() as session:
        cat = catalog()
        memo: dict[tuple[str, int], Any] = {}  # a character or collection in several games
        return [_view(session, row, cat, memo)
                for row in repo.list_games(session, archived=archived)]


def _owned_of(session: Session, player_id: int, cat: WyldHuntCatalog, cls: type[Card],
              in_use: Counter[CardKey] | None = None) -> list[tuple[Any, int]]:
    """The player's cards of one class with the copies free to use (those the seated character
    holds are at the table already)."""
    from chronicle.persistence import repository as repo

    found = []
    for owned in repo.owned_cards(session, player_id, GAME):
        card = cat.get(owned.name, owned.kind)
        free = owned.count - (in_use or Counter()).get(key_of(owned.name, owned.kind), 0)
        if isinstance(card, cls) and free > 0:
            found.append((card, free))
    return found


def suggest_for(db: Database, game: str, player: str, *, apply: bool = False,
                ) -> SuggestionSet:
    """Suggest Waylays, Treasures and Leagues for ``player`` from their own cards, and store
    them when ``apply`` is true."""
    from chronicle.persistence.models import CharacterRow

    with db.transaction() as session:
        row = _game_row(session, game)
        cat = catalog()
        current = _view(session, row, cat)
        seat = _seat_row(session, row, player)
        me = next(p for p in current.state.players if name_key(p.name) == name_key(player))
        if not me.quests:
            raise Refused(f"{me.name} has no quest yet: choose quests first")
        target_name = me.target or (me.name if row.solo else None)
        target = next((p for p in current.state.players if p.name == target_name), None)
        if target is None:
            raise Refused(f"{me.name} has no opponent to waylay yet: set a target first")
        opponent: Icon | None = None
        if target.setup.character is not None:
            character = session.get(CharacterRow, _seat_row(session, row, target.name)
                                    .character_id or -1)
            icon = character.icon if character else None
            found = cat.get(icon, Kind.ICON.value) if icon else None
            opponent = found if isinstance(found, Icon) else None
        in_use: Counter[CardKey] = Counter()
        if me.setup.character is not None:
            from chronicle.systems.wyld_hunt.rules.character import check_character
            from chronicle.systems.wyld_hunt.services.characters import uses_of

            in_use = uses_of(check_character(me.setup.character, cat)[1])
        edition_dice = 2 if row.system == "ironheart" else 1
        game_leagues = [lg for p in current.state.players for lg in p.leagues]
        waylays = suggest_waylays(_owned_of(session, seat.player_id, cat, Waylay, in_use),
                                  target.waylay_rating, opponent=opponent,
                                  leagues=game_leagues, dice=edition_dice, solo=row.solo,
                                  opponent_name=target.name)
        treasures = suggest_treasures(_owned_of(session, seat.player_id, cat, Merit, in_use),
                                      me.treasure_rating)
        chosen_waylays = [w for w in (cat.get(n, Kind.WAYLAY.value) for n in waylays.cards)
                          if isinstance(w, Waylay)]
        taken = {lg.name for p in current.state.players if p.name != me.name
                 for lg in p.leagues if lg.unique}
        per = 10 if row.solo else 5
        leagues = suggest_leagues(_owned_of(session, seat.player_id, cat, League, in_use),
                                  per * len(me.quests), waylays=chosen_waylays, taken=taken)
        result = SuggestionSet(me.name, waylays, treasures, leagues)
    if apply:
        result.game = choose(db, game, player, waylays=list(waylays.cards),
                             treasures=list(treasures.cards), leagues=list(leagues.cards))
        result.applied = True
    return result


def record_result(db: Database, game: str, completed: dict[str, list[str]], *,
                  date: str | None = None, note: str | None = None) -> GameView:
    """Record who completed which quests (in the order completed): a game event is appended
    to every seated character's chronicle, all in one transaction, and the game is marked
    played.

    Raises:
        Refused: the game was already recorded, a name is not a seated player, or an event
            breaks a rule (then nothing at all is written).
    """
    from chronicle.systems.wyld_hunt.services.ledger import append

    date = iso_date(date)
    with db.transaction() as session:
        row = _game_row(session, game)
        if row.status == "played":
            raise Refused(f"{row.name}'s result is already recorded")
        seats = _seats(session, row)
        seated = {name_key(s.player): (r, s) for r, s in seats}
        for player in completed:
            if name_key(player) not in seated:
                raise BadInput(f"{player!r} has no seat in {row.name} (seated: "
                               f"{', '.join(s.player for _r, s in seats)})")
        done = {name_key(p): q for p, q in completed.items()}
        waylaid_by = {s.target: s.player for _r, s in seats if s.target}
        if len(seats) == 2:  # two players waylay each other unless a target says otherwise
            first, second = (s.player for _r, s in seats)
            waylaid_by.setdefault(first, second)
            waylaid_by.setdefault(second, first)
        for seat_row, seat in seats:
            finished = done.get(name_key(seat.player), [])
            seat_row.completed = finished
            session.add(seat_row)
            if seat_row.character_id is None:
                continue
            from chronicle.persistence.models import CharacterRow

            character = session.get(CharacterRow, seat_row.character_id)
            assert character is not None
            event = GamePlayed(quests=tuple(seat.quests), completed=tuple(finished),
                               date=date, opponent=waylaid_by.get(seat.player) if not row.solo
                               else None, note=note or None,
                               epic_order=_epic_order(row.epic_order))
            append(session, character, event, game_id=row.id)
        from chronicle.persistence import repository as repo

        row.status = "played"
        row.played_at = repo.now()
        repo.touch(row)
        session.add(row)
        session.flush()
        return _view(session, row)
