"""A game in play's state (``rules.play.PlayState``) as plain JSON values and back: what the
store's snapshot of the fold keeps (``rules.playfold.dump`` / ``load``). Sets are written as
sorted lists, cards as the record data writes them (name and score changes, the Icon's
Attributes), so a state read back plays on exactly as the state written.

``thawed`` raises ``KeyError``, ``TypeError`` or ``ValueError`` on values it cannot read (the
store then replays the history)."""

from __future__ import annotations

from typing import Any

from chronicle.systems.wyld_hunt import cards
from chronicle.systems.wyld_hunt.rules.play import Hero, Placed, PlayState


def _changes(changes: tuple[cards.ScoreChange, ...] | None) -> list[dict[str, Any]] | None:
    if changes is None:
        return None
    return [{"attribute": c.attribute.value, "change": c.change, "when": c.when.value}
            for c in changes]


def _read_changes(value: Any) -> tuple[cards.ScoreChange, ...] | None:
    if value is None:
        return None
    return tuple(cards.ScoreChange(attribute=cards.TestType(c["attribute"]),
                                   change=int(c["change"]), when=cards.When(c["when"]))
                 for c in value)


def _hero(hero: Hero) -> dict[str, Any]:
    icon = hero.icon
    return {
        "player": hero.player, "character": hero.character, "opponent": hero.opponent,
        "base_camp": hero.base_camp, "league": hero.league,
        "icon": None if icon is None else {"name": icon.name, "might": icon.might,
                                           "savvy": icon.savvy, "resolve": icon.resolve},
        "merits": [{"name": m.name, "score_changes": _changes(m.score_changes)}
                   for m in hero.merits],
        "flaws": [{"name": f.name, "score_changes": _changes(f.score_changes)}
                  for f in hero.flaws],
        "treasures": dict(hero.treasures), "came_from": hero.came_from,
        "exhausted": sorted(hero.exhausted), "discarded": sorted(hero.discarded),
        "flaws_exhausted": sorted(hero.flaws_exhausted), "found": list(hero.found),
        "owed": hero.owed, "skip_next": hero.skip_next, "moved": hero.moved,
        "stuck": hero.stuck, "encounter": hero.encounter, "faced": sorted(hero.faced),
        "entered": hero.entered, "rested_at_camp": hero.rested_at_camp}


def _read_hero(value: dict[str, Any]) -> Hero:
    icon = value["icon"]
    return Hero(
        str(value["player"]), str(value["character"]), str(value["opponent"]),
        str(value["base_camp"]), str(value["league"]),
        None if icon is None else cards.Icon(name=str(icon["name"]), kind=cards.Kind.ICON,
                                             might=icon["might"], savvy=icon["savvy"],
                                             resolve=icon["resolve"]),
        [cards.Merit(name=str(m["name"]), kind=cards.Kind.MERIT,
                     score_changes=_read_changes(m["score_changes"])) for m in value["merits"]],
        [cards.Flaw(name=str(f["name"]), kind=cards.Kind.FLAW,
                    score_changes=_read_changes(f["score_changes"])) for f in value["flaws"]],
        {str(k): str(v) for k, v in value["treasures"].items()},
        None if value["came_from"] is None else str(value["came_from"]),
        {str(x) for x in value["exhausted"]}, {str(x) for x in value["discarded"]},
        {str(x) for x in value["flaws_exhausted"]}, [str(x) for x in value["found"]],
        int(value["owed"]), bool(value["skip_next"]), bool(value["moved"]),
        bool(value["stuck"]), None if value["encounter"] is None else str(value["encounter"]),
        {int(x) for x in value["faced"]}, bool(value["entered"]),
        bool(value["rested_at_camp"]))


def frozen(state: PlayState) -> dict[str, Any]:
    """``state`` (its log left out) as plain JSON values."""
    return {
        "game": state.game, "dice": state.dice, "order": list(state.order),
        "heroes": [_hero(h) for h in state.heroes.values()], "leagues": state.leagues,
        "adjacency": None if state.adjacency is None else {
            k: sorted(v) for k, v in state.adjacency.items()},
        "hands": state.hands,
        "waylays": {league: [[p.id, p.name, p.rating, p.by, p.card] for p in placed]
                    for league, placed in state.waylays.items()},
        "turn": state.turn, "day": state.day, "placed": state.placed,
        "finished": state.finished}


def thawed(value: dict[str, Any]) -> PlayState:
    """The state ``frozen`` wrote, its log empty.

    Raises:
        KeyError, TypeError, ValueError: ``value`` is not a state ``frozen`` wrote.
    """
    adjacency = value["adjacency"]
    heroes = [_read_hero(h) for h in value["heroes"]]
    finished = value["finished"]
    return PlayState(
        game=str(value["game"]), dice=int(value["dice"]),
        order=[str(p) for p in value["order"]], heroes={h.player: h for h in heroes},
        leagues={str(k): dict(v) for k, v in value["leagues"].items()},
        adjacency=None if adjacency is None else {str(k): {str(n) for n in v}
                                                  for k, v in adjacency.items()},
        hands={str(k): [dict(w) for w in v] for k, v in value["hands"].items()},
        waylays={str(league): [Placed(int(i), str(n), None if r is None else int(r), str(b),
                                      dict(c)) for i, n, r, b, c in placed]
                 for league, placed in value["waylays"].items()},
        turn=int(value["turn"]), day=int(value["day"]), placed=int(value["placed"]),
        finished=None if finished is None else {str(k): [str(x) for x in v]
                                                for k, v in finished.items()})
