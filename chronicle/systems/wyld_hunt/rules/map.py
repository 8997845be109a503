"""The League map: laying a prepared game's Leagues on the table, its Treasures and Base Camps,
checked placement by placement.

Rulebook, The Wyld Hunt: Setting the Stage —

* 3 (Select and Play Leagues): "Leagues can only be placed in a Terrain-feature-matching-
  Terrain-feature manner, and must always be played horizontally (in the same direction: long
  side to long side, short side to short side)"; "A newly played League must match any and all
  existing Leagues beside it"; "A side with a Forest and a Road can connect to any other side
  with either a Forest or a Road, or both"; "A Border is an end. No other League can ever be
  played beyond a Border. The exception to this is Ocean Terrain. Ocean Terrain can /only/ be
  played beside other Ocean Terrain or beside a Border"; "If a League Card is listed as
  'Unique', there can only be one of that League in play. If both players wish to play that
  League, the player with fewer total character points gets to place the League. The duplicate
  Unique League must be discarded"; "Players thereafter take turns laying down their Leagues".
* 4 (Place Treasures): "Treasures are placed one at a time and no League can have more than one
  Treasure underneath it unless all other Leagues already cover Treasures."
* 5 (Place Characters): "[You] Select your opponent's starting League, and he/she selects
  yours. This is called your Base Camp".

The table is a grid: ``x`` grows to the right, ``y`` downward. Every card lies the same way
(horizontally), so a League is turned 0 or 180 degrees only; turned 180, its top side faces
down. A map is a ledger of events ``{"kind", "payload"}`` (``place``, ``treasure``, ``camp``,
``undo``); :func:`replay` reads it once, in order, checking each event against the map as it
stood (linear in the history's length), and an ``undo`` takes back the latest event still in
effect. Side terrains the catalog does not know are never guessed: the placement that needs
them says which League's sides to enter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from chronicle.domain.values import name_key
from chronicle.rules.codes import Code
from chronicle.rules.report import Fix, Report, Severity, arg
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.cards import SIDE_NAMES, League, Terrain

TURNS = (0, 180)
"""The only ways a League may lie: Leagues "must always be played horizontally"."""
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The neighbour beyond each side (top, right, bottom, left) as ``(dx, dy)``."""
EVENT_KINDS = ("place", "treasure", "camp", "undo")
SQUARE_MAX = 1000
"""The farthest a square lies from 0,0 on either axis (the setup file's limit too)."""
Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class MapPlayer:
    """What the map needs of one seated player."""

    name: str
    leagues: tuple[str, ...] = ()
    treasures: tuple[str, ...] = ()
    points: int | None = None
    """Total character points (None when unknown)."""
    opponent: str | None = None
    """The player who chooses this player's Base Camp (the one whose Waylays oppose them)."""


@dataclass(frozen=True, slots=True)
class MapSetup:
    """The game a map is laid for: its players (empty when only the ledger is known, as in a
    record checked on its own) and the League cards by name."""

    game: str
    players: tuple[MapPlayer, ...]
    league: Callable[[str], League | None] | None
    """None when the cards are not known here: what needs a card's values is not checked."""


@dataclass(frozen=True, slots=True)
class Placed:
    """A League on the table."""

    seq: int
    league: str
    player: str
    x: int
    y: int
    turn: int
    card: League | None

    def side(self, direction: int) -> tuple[Terrain, ...] | None:
        """The terrains on the side facing ``direction`` (0 top, 1 right, 2 bottom, 3 left)."""
        if self.card is None or self.card.sides is None:
            return None
        return self.card.sides[(direction + self.turn // 90) % 4]


@dataclass
class MapState:
    """The map as the ledger leaves it."""

    cells: dict[Cell, Placed] = field(default_factory=dict)
    treasures: dict[Cell, list[tuple[str, str]]] = field(default_factory=dict)
    """Under each League: ``(player, treasure)`` in the order placed."""
    camps: dict[str, Cell] = field(default_factory=dict)
    """Each player's Base Camp by the player's name."""
    active: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)
    """The events still in effect, oldest first: ``(seq, kind, payload)``."""

    def at(self, cell: Cell) -> Placed | None:
        """The League at ``cell``."""
        return self.cells.get(cell)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle map show --json``'s map."""
        return {
            "leagues": [{"league": p.league, "player": p.player, "x": p.x, "y": p.y,
                         "turn": p.turn, "seq": p.seq,
                         "treasures": [{"player": who, "treasure": t}
                                       for who, t in self.treasures.get((p.x, p.y), [])]}
                        for p in sorted(self.cells.values(), key=lambda p: (p.y, p.x))],
            "camps": {who: {"x": cell[0], "y": cell[1], "league": self.cells[cell].league}
                      for who, cell in self.camps.items() if cell in self.cells},
        }


def facing(mine: tuple[Terrain, ...], theirs: tuple[Terrain, ...]) -> Code | None:
    """The rule two facing sides break (None when they connect)."""
    a, b = set(mine), set(theirs)
    if Terrain.BORDER in a or Terrain.BORDER in b:
        other = b if Terrain.BORDER in a else a
        return None if Terrain.OCEAN in other else codes.MAP_BORDER
    if Terrain.OCEAN in a or Terrain.OCEAN in b:
        return None if Terrain.OCEAN in a and Terrain.OCEAN in b else codes.MAP_OCEAN
    if a & b or Terrain.ANY in a or Terrain.ANY in b:
        return None
    return codes.MAP_TERRAIN


def _words(side: tuple[Terrain, ...]) -> str:
    return "+".join(str(t) for t in side)


def _where(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def sides_fix(league: str) -> Fix:
    """How to enter a League's sides, on each front."""
    return Fix(f"enter {league}'s four side terrains from the physical card",
               cli=f"chronicle cards new {arg(league)} --kind league --sides "
                   "<top>/<right>/<bottom>/<left> (e.g. fields,road/forest/border/fields)",
               app=f"press 1 (Cards), select {league}, press e and fill in sides",
               file=f"add sides = [[...], [...], [...], [...]] (top, right, bottom, left) to "
                    f"the [[card]] named {league!r}")


def undo_fix(game: str, what: str) -> Fix:
    return Fix(f"take back {what}", cli=f"chronicle map undo {arg(game)}",
               app="in the map (m from the game), press u",
               file=f"remove the [[map]] table of {what} from the setup file")


def _place_fix(game: str, what: str) -> Fix:
    return Fix(f"place {what}",
               cli=f"chronicle map place {arg(game)} <league> --player <player> --at X,Y",
               app="in the map (m from the game), move with the arrows, pick the League with "
                   "[ and ] and press enter",
               file=f'fix the [[map]] table: place = "<league>", player = "<player>", '
                    f"at = [X, Y] ({what})")


class _Replay:
    """One reading of a map's ledger."""

    def __init__(self, setup: MapSetup) -> None:
        self.setup = setup
        self.state = MapState()
        self.report = Report()
        self.players = {name_key(p.name): p for p in setup.players}
        self.placed: Counter[tuple[str, str]] = Counter()
        self.hidden: Counter[tuple[str, str]] = Counter()
        self.leagues: Counter[tuple[str, str]] = Counter(
            (name_key(p.name), name_key(n)) for p in setup.players for n in p.leagues)
        self.treasures: Counter[tuple[str, str]] = Counter(
            (name_key(p.name), name_key(n)) for p in setup.players for n in p.treasures)
        self.wanting: dict[str, list[MapPlayer]] = {}
        for p in setup.players:
            for key in dict.fromkeys(name_key(n) for n in p.leagues):
                self.wanting.setdefault(key, []).append(p)
        self.on_map: dict[str, list[Placed]] = {}
        """The Leagues on the map by name, in the order laid."""
        self.bare: dict[Cell, None] = {}
        """The squares of Leagues that cover no Treasure, in the order laid."""
        self.total: int | None = None
        """The Leagues the map will hold (a Unique one once), counted on first need."""

    def add(self, code: Code, seq: int, message: str, cards: Sequence[str] = (),
            fix: Fix | str | None = None, severity: Severity | None = None) -> None:
        self.report.add(code(f"map event {seq}: {message}", list(cards), fix, severity))

    def player(self, name: str) -> MapPlayer | None:
        return self.players.get(name_key(name))

    # -- the events ---------------------------------------------------------------------------

    def event(self, seq: int, kind: str, payload: dict[str, Any]) -> None:
        if kind == "place":
            self.place(seq, payload)
        elif kind == "treasure":
            self.treasure(seq, payload)
        elif kind == "camp":
            self.camp(seq, payload)
        elif kind == "undo":
            self.undo(seq, payload)
        else:
            self.add(codes.MAP_BAD_UNDO, seq, f"unknown map event kind {kind[:40]!r}; use "
                     f"{', '.join(EVENT_KINDS)}", fix=undo_fix(self.setup.game, "it"))

    def place(self, seq: int, p: dict[str, Any]) -> None:
        game, league, who = self.setup.game, str(p["league"]), str(p["player"])
        cell: Cell = (int(p["x"]), int(p["y"]))
        turn = int(p.get("turn", 0))
        card = self.setup.league(league) if self.setup.league is not None else None
        name = card.name if card else league
        if turn not in TURNS:
            self.add(codes.MAP_TURN, seq, f"{name} turned {turn} degrees: Leagues are all "
                     "played horizontally, long side to long side, so a League lies at 0 or "
                     "180 degrees", [name], Fix("turn it 0 or 180 degrees",
                                                cli="--turn 0 or --turn 180",
                                                app="press t to turn it half round",
                                                file="turn = 0 or turn = 180"))
            return
        if cell in self.state.cells:
            there = self.state.cells[cell]
            self.add(codes.MAP_OCCUPIED, seq, f"{there.league} already lies at {_where(cell)}",
                     [name, there.league], _place_fix(game, f"{name} on a free square"))
            return
        self.owned(seq, who, name, card)
        neighbours = [(d, self.state.cells.get((cell[0] + dx, cell[1] + dy)))
                      for d, (dx, dy) in enumerate(STEPS)]
        beside = [(d, n) for d, n in neighbours if n is not None]
        if self.state.cells and not beside:
            self.add(codes.MAP_DETACHED, seq, f"{name} at {_where(cell)} lies beside no League "
                     "in play; each League is laid against the map", [name],
                     _place_fix(game, f"{name} beside a League in play"))
        placed = Placed(seq, name, who, cell[0], cell[1], turn, card)
        for direction, other in beside:
            if self.setup.league is not None:
                self.join(seq, placed, direction, other)
        self.state.cells[cell] = placed
        self.placed[(name_key(who), name_key(name))] += 1
        self.on_map.setdefault(name_key(name), []).append(placed)
        self.bare[cell] = None
        self.state.active.append((seq, "place", {"cell": cell, "player": who}))

    def owned(self, seq: int, who: str, name: str, card: League | None) -> None:
        """The League is one the player selected, and a Unique one is laid once, by the right
        player."""
        game = self.setup.game
        if card is None and self.setup.players:
            self.add(codes.CARD_UNKNOWN, seq, f"{name!r} is no League of the catalog", [name],
                     "check the spelling (chronicle cards search)")
        player = self.player(who)
        if self.setup.players and player is None:
            self.add(codes.MAP_NOT_CHOSEN, seq, f"{who!r} has no seat in {game}", [name],
                     _place_fix(game, f"{name} as a seated player"))
            return
        on_map = self.on_map.get(name_key(name), [])
        if card is not None and card.unique and on_map:
            self.add(codes.MAP_UNIQUE_TWICE, seq, f"{name} is Unique and {on_map[0].player} "
                     f"already laid it at {on_map[0].x},{on_map[0].y}: the duplicate is "
                     "discarded (a 10-League game becomes a 9-League game)", [name],
                     undo_fix(game, f"the second {name}"))
        if player is None:
            return
        chosen = self.leagues[(name_key(who), name_key(name))]
        laid = self.placed[(name_key(who), name_key(name))]
        if laid >= chosen:
            self.add(codes.MAP_NOT_CHOSEN, seq, f"{who} selected {chosen} {name} and has laid "
                     f"{laid}", [name], Fix(f"lay one of {who}'s own Leagues",
                                            cli=f"chronicle game show {arg(game)} (each "
                                                "player's Leagues)",
                                            app="in the map, pick the League with [ and ]",
                                            file=f"place = one of {who}'s leagues"))
        wanting = self.wanting.get(name_key(name), [])
        if len(wanting) > 1 and not on_map:
            if card is None or card.unique is None:
                self.add(codes.CARD_INCOMPLETE, seq, f"both {wanting[0].name} and "
                         f"{wanting[1].name} chose {name}, and whether it is Unique is "
                         "unknown", [name], severity=Severity.WARNING)
            elif card.unique:
                self.unique_placer(seq, player, name, wanting)

    def unique_placer(self, seq: int, player: MapPlayer, name: str,
                      wanting: list[MapPlayer]) -> None:
        points = [p.points for p in wanting]
        if any(v is None for v in points) or player.points is None:
            return
        fewest = min(v for v in points if v is not None)
        if player.points > fewest:
            who = next(p.name for p in wanting if p.points == fewest)
            self.add(codes.MAP_UNIQUE_PLACER, seq, f"{name} is Unique and chosen by "
                     f"{', '.join(p.name for p in wanting)}; {who} has fewer character points "
                     f"({fewest} against {player.points}), so {who} places it", [name],
                     Fix(f"let {who} place {name}",
                         cli=f"chronicle map place {arg(self.setup.game)} {arg(name)} "
                             f"--player {arg(who)} --at X,Y",
                         app=f"in the map, choose {who}'s {name}",
                         file=f'player = "{who}" in the [[map]] table placing {name}'))

    def join(self, seq: int, placed: Placed, direction: int, other: Placed) -> None:
        """The new League's side facing ``direction`` against its neighbour there."""
        mine, theirs = placed.side(direction), other.side((direction + 2) % 4)
        for side, league in ((mine, placed.league), (theirs, other.league)):
            if side is None:
                self.add(codes.MAP_SIDES_UNKNOWN, seq, f"{placed.league} is laid against "
                         f"{other.league} ({SIDE_NAMES[direction]} of {placed.league}); the "
                         f"terrains on {league}'s sides are unknown, so the match cannot be "
                         "checked", [league], sides_fix(league))
                return
        assert mine is not None and theirs is not None
        broken = facing(mine, theirs)
        if broken is None:
            return
        why = {codes.MAP_BORDER.code: "a Border is an end: no League is played beyond it "
                                      "(only Ocean may lie beside a Border)",
               codes.MAP_OCEAN.code: "Ocean may only lie beside Ocean or a Border"}
        self.add(broken, seq, f"{placed.league}'s {SIDE_NAMES[direction]} side "
                 f"({_words(mine)}) faces {other.league} ({_words(theirs)}) and "
                 + why.get(broken.code, "they share no Terrain feature"),
                 [placed.league, other.league],
                 undo_fix(self.setup.game, f"{placed.league} and lay it elsewhere or turned")
                 if self.state.active and self.state.active[-1][0] == placed.seq
                 else Fix(f"lay {placed.league} elsewhere or turned",
                          cli=f"chronicle map place {arg(self.setup.game)} "
                              f"{arg(placed.league)} --player {arg(placed.player)} --at X,Y "
                              f"--turn {180 - placed.turn}",
                          app="in the map, press t to turn it, or move it with the arrows",
                          file="change at = [X, Y] or turn in its [[map]] table"))

    def leagues_left(self) -> int | None:
        """Leagues still to lay (None without the game's players)."""
        if not self.setup.players:
            return None
        if self.total is None:
            uniques: set[str] = set()
            total = 0
            for player in self.setup.players:
                for name in player.leagues:
                    card = self.setup.league(name) if self.setup.league is not None else None
                    if card is not None and card.unique:
                        if name_key(card.name) in uniques:
                            continue
                        uniques.add(name_key(card.name))
                    total += 1
            self.total = total
        return max(0, self.total - len(self.state.cells))

    def early(self, seq: int, what: str) -> None:
        left = self.leagues_left()
        if left:
            self.add(codes.MAP_EARLY, seq, f"{what} while {left} League(s) are still to lay; "
                     "Treasures and Base Camps come after the Leagues")

    def treasure(self, seq: int, p: dict[str, Any]) -> None:
        game, who, treasure = self.setup.game, str(p["player"]), str(p["treasure"])
        cell: Cell = (int(p["x"]), int(p["y"]))
        self.early(seq, f"{who}'s {treasure} placed")
        there = self.state.cells.get(cell)
        if there is None:
            self.add(codes.MAP_OFF_MAP, seq, f"no League lies at {_where(cell)} for {who}'s "
                     f"{treasure}", [treasure], undo_fix(game, f"{treasure}"))
            return
        player = self.player(who)
        if player is None and self.setup.players:
            self.add(codes.MAP_TREASURE_NOT_CHOSEN, seq, f"{who!r} has no seat in {game}",
                     [treasure], undo_fix(game, treasure))
        if player is not None:
            chosen = self.treasures[(name_key(who), name_key(treasure))]
            laid = self.hidden[(name_key(who), name_key(treasure))]
            if laid >= chosen:
                self.add(codes.MAP_TREASURE_NOT_CHOSEN, seq, f"{who} selected {chosen} "
                         f"{treasure} and has placed {laid}", [treasure],
                         Fix(f"place one of {who}'s selected Treasures",
                             cli=f"chronicle game show {arg(game)} (each player's Treasures)",
                             app="in the map, press r to place the next Treasure",
                             file=f"treasure = one of {who}'s treasures"))
        under = self.state.treasures.setdefault(cell, [])
        if under and len(self.bare) > (cell in self.bare):
            bare = [self.state.cells[c].league for c in self.bare if c != cell]
            self.add(codes.MAP_TREASURE_STACKED, seq, f"{there.league} already covers "
                     f"{len(under)} Treasure(s) while {len(bare)} League(s) cover none "
                     f"({', '.join(bare[:3])}{'...' if len(bare) > 3 else ''})",
                     [treasure, there.league],
                     Fix(f"put {treasure} under a League that covers none",
                         cli=f"chronicle map treasure {arg(game)} {arg(treasure)} --player "
                             f"{arg(who)} --on {arg(bare[0])}",
                         app="in the map, move to a League without a Treasure and press r",
                         file=f"at = the square of {bare[0]}"))
        under.append((who, treasure))
        self.bare.pop(cell, None)
        self.hidden[(name_key(who), name_key(treasure))] += 1
        self.state.active.append((seq, "treasure", {"cell": cell, "player": who,
                                                    "treasure": treasure}))

    def camp(self, seq: int, p: dict[str, Any]) -> None:
        game, who, by = self.setup.game, str(p["player"]), str(p["by"])
        cell: Cell = (int(p["x"]), int(p["y"]))
        self.early(seq, f"{who}'s Base Camp chosen")
        if cell not in self.state.cells:
            self.add(codes.MAP_OFF_MAP, seq, f"no League lies at {_where(cell)} for {who}'s "
                     "Base Camp", [], undo_fix(game, f"{who}'s Base Camp"))
            return
        player = self.player(who)
        chooser = player.opponent if player is not None else None
        if self.setup.players and (player is None or self.player(by) is None):
            self.add(codes.MAP_CAMP_CHOOSER, seq, f"{who} and {by} must both be seated in "
                     f"{game}", [], undo_fix(game, f"{who}'s Base Camp"))
            return
        if (name_key(chooser) != name_key(by)) if chooser else name_key(by) == name_key(who):
            self.add(codes.MAP_CAMP_CHOOSER, seq, f"{by} chose {who}'s Base Camp; "
                     f"{chooser or who + chr(39) + 's opponent'} chooses it", [],
                     Fix(f"let {chooser or 'the opponent'} choose {who}'s Base Camp",
                         cli=f"chronicle map camp {arg(game)} {arg(who)} --by "
                             f"{arg(chooser or '<opponent>')} --on <league>",
                         app=f"in the map, press b on the League {chooser or 'the opponent'} "
                             "picks",
                         file=f'by = "{chooser or "<opponent>"}"'))
        if who in self.state.camps:
            self.add(codes.MAP_CAMP_TWICE, seq, f"{who}'s Base Camp was already chosen "
                     f"({self.state.cells[self.state.camps[who]].league})", [],
                     undo_fix(game, f"the first choice of {who}'s Base Camp"))
            return
        self.state.camps[who] = cell
        self.state.active.append((seq, "camp", {"player": who}))

    def undo(self, seq: int, p: dict[str, Any]) -> None:
        target = p.get("seq")
        latest = self.state.active[-1][0] if self.state.active else None
        if target != latest or latest is None:
            self.add(codes.MAP_BAD_UNDO, seq, f"undo names event {target}, but the latest "
                     f"event in effect is {latest if latest is not None else 'none'}", [],
                     Fix("undo the latest event", cli=f"chronicle map undo "
                         f"{arg(self.setup.game)}", app="in the map, press u",
                         file=f"undo = {latest}" if latest is not None else "remove it"))
            return
        _seq, kind, info = self.state.active.pop()
        if kind == "place":
            gone = self.state.cells.pop(info["cell"])
            self.placed[(name_key(gone.player), name_key(gone.league))] -= 1
            self.on_map[name_key(gone.league)].pop()
            self.bare.pop(info["cell"], None)
        elif kind == "treasure":
            self.state.treasures[info["cell"]].pop()
            if not self.state.treasures[info["cell"]]:
                self.bare[info["cell"]] = None
            self.hidden[(name_key(info["player"]), name_key(info["treasure"]))] -= 1
        else:
            del self.state.camps[info["player"]]

    # -- the whole map ------------------------------------------------------------------------

    def turns(self) -> None:
        """Players take turns: a player laying twice in a row while another still has Leagues
        to lay is warned."""
        order = [(seq, info["player"]) for seq, kind, info in self.state.active
                 if kind == "place"]
        left = {name_key(p.name): len(p.leagues) for p in self.setup.players}
        previous: str | None = None
        for seq, who in order:
            key = name_key(who)
            others = any(n > 0 for k, n in left.items() if k != key)
            if previous == key and others:
                self.add(codes.MAP_TURNS, seq, f"{who} lays two Leagues in a row; players "
                         "take turns laying down their Leagues")
            left[key] = left.get(key, 0) - 1
            previous = key

    def incomplete(self) -> None:
        left = self.leagues_left()
        if left is None:
            return
        missing = []
        if left:
            missing.append(f"{left} League(s) to lay")
        treasures = sum(len(p.treasures) for p in self.setup.players)
        hidden = sum(len(v) for v in self.state.treasures.values())
        if treasures > hidden:
            missing.append(f"{treasures - hidden} Treasure(s) to place")
        camps = [p.name for p in self.setup.players if p.name not in self.state.camps]
        if camps:
            missing.append(f"Base Camps of {', '.join(camps)} to choose")
        if missing:
            self.report.add(codes.MAP_INCOMPLETE(
                f"the map is not finished: {'; '.join(missing)}",
                fix=_place_fix(self.setup.game, "what is left")))


def replay(setup: MapSetup, events: Sequence[dict[str, Any]]) -> tuple[MapState, Report]:
    """Read a map's ledger (``{"kind", "payload"}`` events, oldest first, numbered from 1) and
    check every event against the map as it then stood; the map it leaves and the report."""
    run = _Replay(setup)
    for seq, event in enumerate(events, start=1):
        run.event(seq, str(event.get("kind", "")), dict(event.get("payload") or {}))
    run.turns()
    run.incomplete()
    run.report.summary = {"map": run.state.to_dict(), "leagues_left": run.leagues_left()}
    return run.state, run.report


def bounds(state: MapState) -> tuple[range, range]:
    """The columns and rows the map's Leagues span (empty ranges for an empty map)."""
    if not state.cells:
        return range(0), range(0)
    xs = [x for x, _y in state.cells]
    ys = [y for _x, y in state.cells]
    return range(min(xs), max(xs) + 1), range(min(ys), max(ys) + 1)


__all__ = ["EVENT_KINDS", "SQUARE_MAX", "TURNS", "MapPlayer", "MapSetup", "MapState", "Placed",
           "bounds", "facing", "replay", "sides_fix", "undo_fix"]
