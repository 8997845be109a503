"""A Wyld Hunt game in play, Day by Day: the state derived from the game's ledger and the rule each
event is held to.

A game in play is a record of the generic store (kind ``play``): its data is what the table laid
out before the first Day (the order of play, each character's Icon, Merits and Flaws with their
score changes, the Waylays each player holds, the Leagues with their Trials and Rests, the Base
Camps, the Treasures under the Leagues, and the map's adjacency when there is one), its history
the events of play. Undo is a compensating event naming the latest event in force; nothing is
overwritten. ``rules.playevents.check`` replays the history once (a first pass finds the events
undone, a second applies the others), so a history is judged in time linear in its length;
``rules.playfold`` gives the state and the report after every event from one pass too (the
store's fold: a step is judged on the state kept for the version it read).

The rulebook's rules (quoted where each event is judged, ``chronicle.systems.wyld_hunt.rules
.playevents``): "Setting the Stage" 4-6, "Sequence of Play" (moves, Exiting and Entering
Trials, Waylays "in order of increasing Waylay Rating", one encounter a Day), "Tests and
Trials", "Exhausting and Recovering Merits" (Rests; "Exhausting All of Your Merits"),
"Exhausting and Recovering Flaws" and "Base Camp".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from chronicle.rules.ledger import event_line
from chronicle.rules.report import Violation
from chronicle.systems.wyld_hunt import codes
from chronicle.systems.wyld_hunt.cards import (
    Flaw,
    Icon,
    Kind,
    Merit,
    ScoreChange,
    TestType,
    When,
)
from chronicle.systems.wyld_hunt.rules.scores import Scores, effective_scores

EVENT_KINDS = ("move", "waylay", "test", "exhaust", "discard", "flaw", "treasure", "rest",
               "end", "undo", "finish")
"""Every event of a game in play."""


@dataclass(slots=True)
class Hero:
    """One character in play: where it stands and the state of its cards."""

    player: str
    character: str
    opponent: str
    """The player who waylays this character (holds its Flaws)."""
    base_camp: str
    league: str
    icon: Icon | None
    merits: list[Merit]
    flaws: list[Flaw]
    treasures: dict[str, str]
    """The character's Treasures still under a League: League -> Treasure."""
    came_from: str | None = None
    exhausted: set[str] = field(default_factory=set)
    discarded: set[str] = field(default_factory=set)
    flaws_exhausted: set[str] = field(default_factory=set)
    found: list[str] = field(default_factory=list)
    """Quest Treasures picked up, in order."""
    owed: int = 0
    """Merits still to exhaust (or discard) for Tests lost."""
    skip_next: bool = False
    moved: bool = False
    stuck: bool = False
    encounter: str | None = None
    """What the character encountered this Day: ``waylay``, ``treasure`` or ``rest``."""
    faced: set[int] = field(default_factory=set)
    """The Waylays faced this Day (by their placement's id)."""
    entered: bool = False
    """True when the character entered its League this Day (a Waylay may be played on it)."""
    rested_at_camp: bool = False

    def merit(self, name: str) -> Merit | None:
        """The character's Merit called ``name`` (any case)."""
        return next((m for m in self.merits if m.name.casefold() == name.casefold()), None)

    def active_merits(self) -> list[str]:
        """The Merits neither exhausted nor discarded."""
        return [m.name for m in self.merits
                if m.name not in self.exhausted and m.name not in self.discarded]

    def clone(self) -> Hero:
        """A copy to play on: what play changes is copied, the cards are shared."""
        return Hero(self.player, self.character, self.opponent, self.base_camp, self.league,
                    self.icon, self.merits, self.flaws, dict(self.treasures), self.came_from,
                    set(self.exhausted), set(self.discarded), set(self.flaws_exhausted),
                    list(self.found), self.owed, self.skip_next, self.moved, self.stuck,
                    self.encounter, set(self.faced), self.entered, self.rested_at_camp)

    def scores(self) -> Scores:
        """The effective scores now (exhausted Merits and Flaws left out, discarded Merits
        gone)."""
        merits = [m for m in self.merits if m.name not in self.discarded]
        return effective_scores(self.icon, merits, self.flaws,
                                self.exhausted | self.flaws_exhausted)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle play show``."""
        return {"player": self.player, "character": self.character, "league": self.league,
                "base_camp": self.base_camp, "came_from": self.came_from,
                "active": self.active_merits(), "exhausted": sorted(self.exhausted),
                "discarded": sorted(self.discarded),
                "flaws_exhausted": sorted(self.flaws_exhausted),
                "flaws_active": [f.name for f in self.flaws
                                 if f.name not in self.flaws_exhausted],
                "treasures_found": list(self.found), "owed": self.owed,
                "skips_next_day": self.skip_next,
                "scores": {a.value: s.effective for a, s in self.scores().scores.items()}}


@dataclass(slots=True)
class Placed:
    """A Waylay on a League."""

    id: int
    name: str
    rating: int | None
    by: str
    card: dict[str, Any]


@dataclass(slots=True)
class PlayState:
    """Everything derived from a game in play's history."""

    game: str
    dice: int
    order: list[str]
    heroes: dict[str, Hero]
    leagues: dict[str, dict[str, Any]]
    """By name: ``terrain`` (a list, or None when unknown), ``enter``, ``leave``, ``rest``."""
    adjacency: dict[str, set[str]] | None
    hands: dict[str, list[dict[str, Any]]]
    """The Waylays each player still holds (card data)."""
    waylays: dict[str, list[Placed]] = field(default_factory=dict)
    """The Waylays in play, by League."""
    turn: int = 0
    """Days begun so far, minus one: ``order[turn % len(order)]`` plays now."""
    day: int = 1
    placed: int = 0
    finished: dict[str, list[str]] | None = None
    log: list[str] = field(default_factory=list)
    """One line per event in force (what happened)."""

    def clone(self) -> PlayState:
        """A copy to play on, its log empty: what play changes is copied (the characters, the
        hands, the Waylays in play), the table's data, never changed by play, is shared."""
        return PlayState(self.game, self.dice, self.order,
                         {k: h.clone() for k, h in self.heroes.items()}, self.leagues,
                         self.adjacency, {k: list(v) for k, v in self.hands.items()},
                         {k: list(v) for k, v in self.waylays.items()}, self.turn, self.day,
                         self.placed, self.finished, [])

    @property
    def current(self) -> str:
        """The player whose Day it is."""
        return self.order[self.turn % len(self.order)]

    def hero(self, player: str) -> Hero | None:
        """The character of ``player`` (any case)."""
        return next((h for k, h in self.heroes.items() if k.casefold() == player.casefold()),
                    None)

    def league_name(self, name: str) -> str | None:
        """The game's League called ``name`` (any case)."""
        return next((k for k in self.leagues if k.casefold() == name.casefold()), None)

    def active(self, league: str) -> list[Placed]:
        """The Waylays on ``league``, lowest rating first (unknown ratings last)."""
        return sorted(self.waylays.get(league, []),
                      key=lambda p: (p.rating is None, p.rating or 0, p.id))

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``chronicle play show``."""
        return {"game": self.game, "dice": self.dice, "day": self.day,
                "current": self.current, "finished": self.finished,
                "characters": [h.to_dict() for h in self.heroes.values()],
                "waylays": {lg: [{"name": p.name, "rating": p.rating, "played_by": p.by}
                                 for p in self.active(lg)]
                            for lg in self.leagues if self.waylays.get(lg)},
                "hands": {p: [w["name"] for w in cards] for p, cards in self.hands.items()},
                "map": self.adjacency is not None}


def _changes(value: Any) -> tuple[ScoreChange, ...] | None:
    if value is None:
        return None
    return tuple(ScoreChange(attribute=TestType(c["attribute"]), change=int(c["change"]),
                             when=When(c.get("when", "active"))) for c in value)


def initial(data: dict[str, Any]) -> PlayState:
    """The state before the first Day, from the record's data.

    Raises:
        KeyError, TypeError, ValueError: the data is not a game in play's.
    """
    heroes: dict[str, Hero] = {}
    hands: dict[str, list[dict[str, Any]]] = {}
    for seat in data["players"]:
        icon_data = seat.get("icon")
        icon = None if icon_data is None else Icon(
            name=str(icon_data["name"]), kind=Kind.ICON, might=icon_data.get("might"),
            savvy=icon_data.get("savvy"), resolve=icon_data.get("resolve"))
        merits = [Merit(name=str(m["name"]), kind=Kind.MERIT,
                        score_changes=_changes(m.get("score_changes"))) for m in seat["merits"]]
        flaws = [Flaw(name=str(f["name"]), kind=Kind.FLAW,
                      score_changes=_changes(f.get("score_changes"))) for f in seat["flaws"]]
        player = str(seat["player"])
        heroes[player] = Hero(player, str(seat["character"]), str(seat["opponent"]),
                              str(seat["base_camp"]), str(seat["base_camp"]), icon, merits,
                              flaws, {str(k): str(v) for k, v in seat["treasures"].items()})
        hands[player] = [dict(w) for w in seat["waylays"]]
    adjacency = data.get("adjacency")
    return PlayState(
        game=str(data["game"]), dice=int(data["dice"]), order=[str(p) for p in data["order"]],
        heroes=heroes, leagues={str(lg["name"]): dict(lg) for lg in data["leagues"]},
        adjacency=None if adjacency is None else {str(k): {str(n) for n in v}
                                                  for k, v in adjacency.items()},
        hands=hands)


def in_force(events: list[dict[str, Any]]) -> tuple[list[bool], list[Violation]]:
    """Which events are in force (an undo takes back the latest event in force; the undo
    itself is in force), and the bad undos (``play.bad_undo``), from one pass."""
    keep = [True] * len(events)
    stack: list[int] = []
    bad: list[Violation] = []
    for index, event in enumerate(events):
        if event.get("kind") != "undo":
            stack.append(index)
            continue
        seq = event.get("payload", {}).get("seq")
        if not stack or seq != stack[-1] + 1 or events[stack[-1]].get("kind") == "finish":
            latest = f"event {stack[-1] + 1}" if stack else "nothing"
            bad.append(codes.PLAY_BAD_UNDO(
                f"event {index + 1} undoes event {seq}, but the latest event in force is "
                f"{latest}" + (" (a recorded result is not undone here)" if stack and
                               events[stack[-1]].get("kind") == "finish" else ""),
                fix="undo only the latest event: chronicle play undo <game>"))
            keep[index] = False
            continue
        keep[stack.pop()] = False
    return keep, bad


LINES = {"move": "{player} moves to {to}", "waylay": "{player} plays {waylay}",
         "test": "{player} faces {waylay} ({test})", "exhaust": "{player}: exhaust {card}",
         "discard": "{player}: discard {card}", "flaw": "{player}: flaw {card}",
         "rest": "{player}: rest {card}", "treasure": "{player} picks up {treasure}",
         "end": "{player}'s Day ends", "undo": "undo of event {seq}",
         "finish": "the game's result"}
"""Each event's line in the store's history, filled from its payload."""


def describe(event: dict[str, Any]) -> str:
    """One line per event (the store's history)."""
    return event_line(LINES, str(event.get("kind", "?")),
                      {"player": "", **event.get("payload", {})})
