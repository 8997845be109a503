"""A campaign as a ledger: the events that make it, and the state they add up to.

Events, oldest first (pure, immutable dataclasses):

- ``CampaignStarted``: the guilds (in seating order when the group keeps its seats,
  ``fixed_seating``) with their heroes and how the five starting cards are split, and the
  two-player reading (``two_player_pve``);
- ``ScenarioPlayed``: one scenario, its winner and what each guild did in it;
- ``UpgradePhase``: the upgrade phase after the last scenario, per guild (bought, discarded,
  curses kept, slots);
- ``Correction``: a guild's coins, cards, slots or titles set right, with a note saying why;
- ``Undo``: reverses an earlier event (by its 1-based number). Nothing is erased: the undone
  event stays in the history, marked.

``effective`` resolves the undos; ``rules.replay`` folds the remaining events into a
``CampaignState``, checking each one on the way (one implementation for the check, the database
and the app). A campaign file is read into the same events (``files.to_events``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


class Color(enum.StrEnum):
    """The four guilds (seed, *Configuración del gremio*)."""

    ORANGE = "orange"
    """Lion."""
    BLUE = "blue"
    """Eagle."""
    RED = "red"
    """Fox."""
    GREEN = "green"
    """Panda."""


PVP_PREFIX = "pvp:"
"""A quest written ``pvp:COLOR`` is the PvP quest against that guild."""


def pvp_target(quest: str) -> str | None:
    """The colour a ``pvp:COLOR`` quest names (lower case), or None for a PvE quest.

    >>> pvp_target("PvP: Green"), pvp_target("Break the forge")
    ('green', None)
    """
    text = quest.strip()
    if text[:len(PVP_PREFIX)].casefold() != PVP_PREFIX:
        return None
    return text[len(PVP_PREFIX):].strip().casefold()


@dataclass(frozen=True, slots=True, kw_only=True)
class GuildSetup:
    """A guild as it starts the campaign."""

    color: str
    player: str | None = None
    heroes: tuple[str, ...] = ()
    slots: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class GuildResult:
    """What one guild did in one scenario (``[[scenario.guild]]``)."""

    color: str
    quests: tuple[str, ...] = ()
    first: tuple[str, ...] = ()
    hero_kills: int = 0
    monster_coins: int = 0
    chests: int = 0
    deaths: dict[str, int] = field(default_factory=dict)
    neutral_deaths: dict[str, int] = field(default_factory=dict)
    title: str | None = None
    rewards: tuple[str, ...] = ()
    """Reward cards won from quests, put straight into the inventory (*Tarjetas de recompensa*)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GuildUpgrade:
    """One guild's upgrade phase (``[[scenario.upgrade]]``)."""

    color: str
    bought: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    curses: dict[str, str] = field(default_factory=dict)
    slots: dict[str, tuple[str, ...]] | None = None
    """Every hero's slots after the phase; None leaves them as they were (new cards unplaced)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CampaignStarted:
    """The campaign's guilds, in seating order."""

    name: str
    guilds: tuple[GuildSetup, ...]
    two_player_pve: bool = True
    fixed_seating: bool = False
    """The group keeps the guilds' order as its seats in every scenario instead of drawing the
    start areas at each set-up (the rulebook's way): only then is the first player known
    before the set-up."""

    def describe(self) -> str:
        """One line for a history listing."""
        return f"campaign {self.name!r} started with {len(self.guilds)} guilds"


@dataclass(frozen=True, slots=True, kw_only=True)
class ScenarioPlayed:
    """One scenario played to its end."""

    name: str
    winner: str
    results: tuple[GuildResult, ...] = ()
    date: str | None = None
    note: str | None = None

    def describe(self) -> str:
        """One line for a history listing."""
        return f"played {self.name}, won by {self.winner}"


@dataclass(frozen=True, slots=True, kw_only=True)
class UpgradePhase:
    """The upgrade phase after the last scenario played."""

    upgrades: tuple[GuildUpgrade, ...]
    note: str | None = None

    def describe(self) -> str:
        """One line for a history listing."""
        bought = sum(len(u.bought) for u in self.upgrades)
        return f"upgrade phase: {bought} cards bought by {len(self.upgrades)} guilds"


@dataclass(frozen=True, slots=True, kw_only=True)
class Correction:
    """A guild's record set right: coins added or taken, cards added or removed, slots
    replaced, titles added. ``note`` says why."""

    color: str
    note: str
    coins: int = 0
    add_cards: tuple[str, ...] = ()
    remove_cards: tuple[str, ...] = ()
    slots: dict[str, tuple[str, ...]] | None = None
    add_titles: tuple[str, ...] = ()

    def describe(self) -> str:
        """One line for a history listing."""
        return f"correction for {self.color}: {self.note}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Undo:
    """Reverses event number ``target`` (1-based); the event stays in the history."""

    target: int
    note: str | None = None

    def describe(self) -> str:
        """One line for a history listing."""
        return f"undo of event {self.target}"


Event = CampaignStarted | ScenarioPlayed | UpgradePhase | Correction | Undo


@dataclass(frozen=True, slots=True)
class UndoProblem:
    """An undo that cannot apply: its number and why."""

    index: int
    reason: str


def effective(events: tuple[Event, ...] | list[Event]) -> tuple[list[tuple[int, Event]],
                                                                dict[int, int],
                                                                list[UndoProblem]]:
    """The events that still count (with their 1-based numbers), which were undone by which
    undo, and the undos that cannot apply (an undo of an undo, of a later event, of the
    campaign's start, or of an event already undone)."""
    undone: dict[int, int] = {}
    problems: list[UndoProblem] = []
    for number, event in enumerate(events, start=1):
        if not isinstance(event, Undo):
            continue
        target = event.target
        if not 1 <= target < number:
            problems.append(UndoProblem(number, f"names event {target}, which is not an "
                                                f"earlier event (1 to {number - 1})"))
        elif isinstance(events[target - 1], Undo):
            problems.append(UndoProblem(number, f"names event {target}, itself an undo; "
                                                "record the event again instead"))
        elif isinstance(events[target - 1], CampaignStarted):
            problems.append(UndoProblem(number, "names the campaign's start, which cannot be "
                                                "undone; start a new campaign instead"))
        elif target in undone:
            problems.append(UndoProblem(number, f"names event {target}, already undone by "
                                                f"event {undone[target]}"))
        else:
            undone[target] = number
    kept: list[tuple[int, Event]] = [(number, event) for number, event
                                     in enumerate(events, start=1)
                                     if not isinstance(event, Undo) and number not in undone]
    return kept, undone, problems


@dataclass
class GuildState:
    """One guild as the events so far leave it."""

    color: str
    player: str | None
    heroes: list[str]
    owned: list[str] = field(default_factory=list)
    """Upgrade cards the guild has: starting cards, rewards and purchases, less discards."""
    slots: dict[str, list[str]] = field(default_factory=dict)
    curses: dict[str, str] = field(default_factory=dict)
    titles: list[tuple[str, str]] = field(default_factory=list)
    """(title, scenario where it was earned)."""
    earned: list[int] = field(default_factory=list)
    """Coins earned in each scenario played, in order."""
    spent: list[int | None] = field(default_factory=list)
    """Coins spent in each upgrade phase (None when a cost was unknown)."""
    coins: int = 0
    """Coins held now: the one carried plus those earned since the last upgrade phase."""
    carried: int = 0
    deaths: dict[str, int] = field(default_factory=dict)
    """Death tokens taken over the whole campaign, per hero."""
    tokens: dict[str, int] = field(default_factory=dict)
    """Death tokens from the last scenario, until its upgrade phase."""
    bought: int = 0

    def under_curse(self, takes_slot: dict[str, bool | None]) -> dict[str, str]:
        """For each hero with a slot-taking curse and four upgrades, the upgrade lying under
        the curse (unusable): the last one listed."""
        found: dict[str, str] = {}
        for hero, curse in self.curses.items():
            cards = [c for c in self.slots.get(hero, []) if c != curse]
            if takes_slot.get(curse) and len(cards) >= 4:
                found[hero] = cards[-1]
        return found


@dataclass(frozen=True, slots=True)
class Played:
    """A scenario in the campaign's order."""

    number: int
    name: str
    winner: str
    circle: str | None
    titles: tuple[tuple[str, str], ...] = ()
    """(colour, title) earned in it."""


@dataclass
class CampaignState:
    """The whole campaign as the events so far leave it."""

    name: str = ""
    two_player_pve: bool = True
    fixed_seating: bool = False
    guilds: dict[str, GuildState] = field(default_factory=dict)
    """By colour, in seating order (clockwise)."""
    played: list[Played] = field(default_factory=list)
    phase_pending: set[str] = field(default_factory=set)
    """Guilds whose upgrade phase after the last scenario is not recorded yet."""
    started: bool = False

    @property
    def order(self) -> list[str]:
        """The colours in seating order."""
        return list(self.guilds)


# A file's tables as the ledger's values ---------------------------------------------------------
# The tables are already judged valid, by the models (``campaignfile``, ``codec``) or by the
# quick reader (``quickcheck``); all three read them through these (a key left out, or None,
# takes its default; a colour may be a ``Color`` or its text).

def _color(value: Any) -> str:
    return str(value.value) if isinstance(value, enum.Enum) else str(value)


def _slots(value: Mapping[str, Iterable[str]] | None) -> dict[str, tuple[str, ...]] | None:
    return None if value is None else {h: tuple(c) for h, c in value.items()}


def guild_setup_of(t: Mapping[str, Any]) -> GuildSetup:
    """A ``[[guild]]`` table as the campaign's guild."""
    return GuildSetup(color=_color(t["color"]), player=t.get("player"),
                      heroes=tuple(t.get("heroes") or ()), slots=_slots(t.get("slots")) or {})


def guild_result_of(t: Mapping[str, Any]) -> GuildResult:
    """A ``[[scenario.guild]]`` table as a guild's result."""
    return GuildResult(color=_color(t["color"]), quests=tuple(t.get("quests") or ()),
                       first=tuple(t.get("first") or ()), hero_kills=t.get("hero_kills") or 0,
                       monster_coins=t.get("monster_coins") or 0, chests=t.get("chests") or 0,
                       deaths=dict(t.get("deaths") or {}),
                       neutral_deaths=dict(t.get("neutral_deaths") or {}),
                       title=t.get("title"), rewards=tuple(t.get("rewards") or ()))


def guild_upgrade_of(t: Mapping[str, Any]) -> GuildUpgrade:
    """A ``[[scenario.upgrade]]`` table as a guild's upgrade."""
    return GuildUpgrade(color=_color(t["color"]), bought=tuple(t.get("bought") or ()),
                        discarded=tuple(t.get("discarded") or ()),
                        curses=dict(t.get("curses") or {}), slots=_slots(t.get("slots")))


def correction_of(t: Mapping[str, Any]) -> Correction:
    """A ``[[correction]]`` table as a correction."""
    return Correction(color=_color(t["color"]), note=t["note"], coins=t.get("coins") or 0,
                      add_cards=tuple(t.get("add_cards") or ()),
                      remove_cards=tuple(t.get("remove_cards") or ()),
                      slots=_slots(t.get("slots")), add_titles=tuple(t.get("add_titles") or ()))


def campaign_start_of(t: Mapping[str, Any], guilds: Iterable[Mapping[str, Any]],
                      ) -> CampaignStarted:
    """A campaign file's top-level table and its guilds as the campaign's start."""
    return CampaignStarted(name=t["name"], two_player_pve=t.get("two_player_pve", True),
                           fixed_seating=t.get("fixed_seating", False),
                           guilds=tuple(guild_setup_of(g) for g in guilds))


def scenario_played_of(t: Mapping[str, Any], results: Iterable[Mapping[str, Any]],
                       ) -> ScenarioPlayed:
    """A ``[[scenario]]`` table and its guilds' results as the scenario played."""
    return ScenarioPlayed(name=t["name"], winner=_color(t["winner"]),
                          results=tuple(guild_result_of(r) for r in results),
                          date=t.get("date"), note=t.get("notes"))


def scenario_events(t: Mapping[str, Any], results: Iterable[Mapping[str, Any]],
                    upgrades: Sequence[Mapping[str, Any]],
                    corrections: Sequence[Mapping[str, Any]]) -> list[Event]:
    """A ``[[scenario]]`` as the ledger's events: the scenario, the corrections made before
    its upgrade phase, the phase (when recorded), the corrections after it."""
    events: list[Event] = [scenario_played_of(t, results)]
    events += [correction_of(c) for c in corrections if c.get("before_upgrade")]
    if upgrades:
        events.append(UpgradePhase(upgrades=tuple(guild_upgrade_of(u) for u in upgrades)))
    events += [correction_of(c) for c in corrections if not c.get("before_upgrade")]
    return events
