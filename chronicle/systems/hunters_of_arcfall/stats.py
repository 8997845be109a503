"""Hunters of Arcfall's statistics (``GameSystem.stats``): every stored hunt is a play (seats
in the log's clockwise order from the first player, each scored by its Fortune, the winner or
the players sharing a tie winning), and the wins, average Fortune and Fame and busts (turns
ended fatally wounded) by player and by hunter, over the finished games with a winner (as
``rules.history`` counts them), from each game's log replayed with the game's rules
(``service.list_hunts``); and the latest hunt's score per turn.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from chronicle.domain.values import name_key
from chronicle.errors import BadInput
from chronicle.services.stats import Cell, GameStats, Play, Seat, Series, Table, day_of

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.hunters_of_arcfall.catalog import HuntersCatalog
    from chronicle.systems.hunters_of_arcfall.service import HuntView


def _views(db: Database) -> list[HuntView]:
    """Every stored hunt replayed with the game's rules (``service.view_of``), the catalog's
    sources read once for all (a hunt that cannot be read is left out, as ``hunt list``
    leaves it)."""
    from chronicle.services import recordstore as records
    from chronicle.systems.hunters_of_arcfall import KEY
    from chronicle.systems.hunters_of_arcfall.huntrecords import RECORD_KIND, read_stored
    from chronicle.systems.hunters_of_arcfall.service import view_stored

    context = records.context(db, KEY)
    shared: dict[str, HuntersCatalog] = {}
    found: list[HuntView] = []
    for record in records.read_records(db, KEY, RECORD_KIND):
        events = record.history()
        stored = read_stored(record.name, record.data, events, context.user_cards_dir,
                             context.group_cards, shared)
        try:
            found.append(view_stored(record.name, stored, record.version))
        except BadInput:        # damaged: ``hunt list`` says which; the others still count
            continue
    return found


def _busts(view: HuntView) -> dict[str, int]:
    from chronicle.systems.hunters_of_arcfall.log import End, TurnPlayed

    found: dict[str, int] = {}
    for line in view.state.lines:
        entry = line.entry
        if (isinstance(entry, TurnPlayed) and line.applied and line.counted
                and line.undone_by is None and entry.end is End.WOUNDED):
            key = name_key(entry.player)
            found[key] = found.get(key, 0) + 1
    return found


def stats(db: Database, since: dt.date | None, player: str | None) -> GameStats:
    """Hunters of Arcfall's plays, series and tables (see the module's docstring)."""
    from chronicle.systems.hunters_of_arcfall import KEY
    from chronicle.systems.hunters_of_arcfall.rules.replay import Result
    views = _views(db)
    plays: list[Play] = []
    tally: dict[tuple[str, str], list[int]] = {}
    names: dict[tuple[str, str], str] = {}
    key = name_key(player) if player else None
    latest: HuntView | None = None
    for view in views:
        state = view.state
        day = day_of(view.log.date)
        start = {name_key(s.name): n for n, s in enumerate(view.log.seats, start=1)}
        sharing = {name_key(n) for n in state.tied}
        winner = name_key(state.winner) if state.winner else None
        plays.append(Play(KEY, view.name, day, tuple(
            Seat(p.name, p.fortune, name_key(p.name) == winner or name_key(p.name) in sharing,
                 start.get(name_key(p.name)), p.hunter) for p in state.players),
            incomplete=not state.finished))
        if since is not None and (day is None or day < since):
            continue
        if key is not None and key not in {name_key(p.name) for p in state.players}:
            continue
        latest = view
        if state.result not in (Result.WON, Result.TIE):
            continue
        busts = _busts(view)
        for p in state.players:
            won = name_key(p.name) == winner
            shared = name_key(p.name) in sharing
            for side, name in (("player", p.name), ("hunter", p.hunter)):
                if side == "player" and key is not None and name_key(name) != key:
                    continue
                row = tally.setdefault((side, name_key(name)), [0, 0, 0, 0, 0, 0])
                names.setdefault((side, name_key(name)), name)
                row[0] += 1
                row[1] += won
                row[2] += shared
                row[3] += p.fortune
                row[4] += p.fame
                row[5] += busts.get(name_key(p.name), 0)
    tables = tuple(Table(side + "s", f"By {side}", (side, "games", "wins", "shared wins",
                                                    "average Fortune", "average Fame", "busts"),
                         _rows(tally, names, side)) for side in ("player", "hunter"))
    return GameStats(tuple(plays), _turns(latest), tables, {
        p.name: frozenset({name_key(p.hunter)}) for v in views for p in v.state.players}
        if views else None)


def _rows(tally: dict[tuple[str, str], list[int]], names: dict[tuple[str, str], str],
          side: str) -> tuple[tuple[Cell, ...], ...]:
    rows = [(names[k], r[0], r[1], r[2], round(r[3] / r[0], 2), round(r[4] / r[0], 2), r[5])
            for k, r in tally.items() if k[0] == side]
    rows.sort(key=lambda r: (-int(r[2]), -int(r[3]), str(r[0]).casefold()))
    return tuple(rows)


def _turns(view: HuntView | None) -> tuple[Series, ...]:
    """Each player's Fortune after each of their turns in ``view``."""
    from chronicle.systems.hunters_of_arcfall.log import TurnPlayed

    if view is None:
        return ()
    totals: dict[str, float] = {}
    points: dict[str, list[tuple[str, float]]] = {name_key(p.name): []
                                                 for p in view.state.players}
    shown = {name_key(p.name): p.name for p in view.state.players}
    for line in view.state.lines:
        entry = line.entry
        if not (isinstance(entry, TurnPlayed) and line.applied and line.counted
                and line.undone_by is None):
            continue
        who = name_key(entry.player)
        totals[who] = totals.get(who, 0.0) + line.fortune
        points.setdefault(who, []).append((f"turn {len(points[who]) + 1}", totals[who]))
    return tuple(Series("turns", f"Fortune per turn: {view.name}, {shown.get(k, k)}",
                        tuple(v), shown.get(k, k)) for k, v in points.items())
