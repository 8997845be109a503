"""The group's story in numbers: the one shape every game's statistics take, and ``chronicle
stats`` over it.

A game computes its own numbers from the ledgers and records it already keeps (no second
source of truth) through the lazy ``GameSystem.stats`` name: ``stats(db, since, player) ->
GameStats``. The shape is declared here once:

- :class:`Play`: one recorded game (a Wyld Hunt game, a Tales of Arcadia battle, an Arcadia
  Quest scenario, a hunt): its date, its seats (player, score, win, start position, the role
  played: a character, a force, a guild, a hunter) and whether it was finished; the per-player
  plays, wins, win rate and last played are derived from these here, for every game alike, and
  ``chronicle plays export`` writes them (:mod:`chronicle.services.plays`);
- :class:`Series`: numbers in order, for charts (experience over time, coins per scenario, a
  hunt's score per turn);
- :class:`Table`: the game's own named tables (wins by army list, titles, busts by hunter);
- ``used``: per player, the card names used in any build, so the generic layer names the
  owned cards never used (the ownership store is every game's).

Players are named as the services name them (never raw record data), so the numbers hold
when records refer to players by identity.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

from chronicle.domain.values import name_key
from chronicle.errors import BadInput, NotFound

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.protocol import GameSystem

Cell = str | int | float | None


class Seat(NamedTuple):
    """One player's part in a play."""

    player: str
    score: int | float | None = None
    win: bool = False
    start: int | None = None
    """The start position, 1 first; None when the record does not say."""
    role: str | None = None
    """What the player played: a character, a force, a guild's colour, a hunter."""


class Play(NamedTuple):
    """One recorded game."""

    game: str
    """The system key."""
    name: str
    """How the group calls it (the game's, battle's, campaign's or hunt's name)."""
    date: dt.date | None
    seats: tuple[Seat, ...]
    incomplete: bool = False
    length: int | None = None
    """Minutes played, where recorded."""
    location: str | None = None

    @property
    def winners(self) -> tuple[str, ...]:
        """The players who won (several in a shared win; none in a draw)."""
        return tuple(s.player for s in self.seats if s.win)


class Series(NamedTuple):
    """Numbers in order, drawn as a chart: ``points`` are (label, value) pairs."""

    name: str
    title: str
    points: tuple[tuple[str, float], ...]
    player: str | None = None
    """The player the series is about, when one is (for ``--player``)."""


class Table(NamedTuple):
    """One of the game's own tables."""

    name: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


class GameStats(NamedTuple):
    """What a game's ``stats`` returns."""

    plays: tuple[Play, ...] = ()
    series: tuple[Series, ...] = ()
    tables: tuple[Table, ...] = ()
    used: dict[str, frozenset[str]] | None = None
    """Per player (the services' name): the name keys of the cards used in any of their
    builds; None when the game keeps no builds."""


class PlayerLine(NamedTuple):
    """One player's record in one game."""

    player: str
    plays: int
    wins: int
    last_played: dt.date | None

    @property
    def win_rate(self) -> float:
        """Wins over plays (0 without plays)."""
        return self.wins / self.plays if self.plays else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape."""
        return {"player": self.player, "plays": self.plays, "wins": self.wins,
                "win_rate": round(self.win_rate, 4),
                "last_played": self.last_played.isoformat() if self.last_played else None}


class SystemStats(NamedTuple):
    """One game's statistics as ``chronicle stats`` shows them."""

    key: str
    label: str
    bgg_id: int | None
    players: tuple[PlayerLine, ...]
    stats: GameStats
    unused: tuple[tuple[str, str, str, int], ...] = ()
    """(player, card, kind, copies) owned and never used in any build."""

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` shape."""
        return {"system": self.key, "label": self.label, "bgg_id": self.bgg_id,
                "plays": len(self.stats.plays),
                "players": [p.to_dict() for p in self.players],
                "series": [{"name": s.name, "title": s.title, "player": s.player,
                            "points": [{"label": lab, "value": v} for lab, v in s.points]}
                           for s in self.stats.series],
                "tables": [{"name": t.name, "title": t.title, "columns": list(t.columns),
                            "rows": [list(r) for r in t.rows]} for t in self.stats.tables],
                "unused_cards": [{"player": p, "card": c, "kind": k, "count": n}
                                 for p, c, k, n in self.unused]}


def day_of(text: str | None) -> dt.date | None:
    """The day a stored date or timestamp names (its first ten characters, ISO); None when
    there is none or it is no date."""
    try:
        return dt.date.fromisoformat(text[:10]) if text else None
    except ValueError:
        return None


def from_since(day: dt.date | None, since: dt.date | None) -> bool:
    """Whether a play of ``day`` counts for ``--since`` (every play without it; a play of no
    known day only without it)."""
    return since is None or (day is not None and day >= since)


def parse_since(text: str | None) -> dt.date | None:
    """``--since``: an ISO date (2026-01-31).

    Raises:
        BadInput: naming the date that cannot be read.
    """
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise BadInput(f"--since {text[:40]!r} is not a date like 2026-01-31") from None


def player_name(db: Database, player: str | None) -> str | None:
    """The player called ``player`` as the services name them (case and spacing aside).

    Raises:
        NotFound: no such player, with the nearest name.
    """
    if player is None:
        return None
    from chronicle.domain.text import suggest
    from chronicle.services.players import list_players

    names = [p.name for p in list_players(db)]
    found = next((n for n in names if name_key(n) == name_key(player)), None)
    if found is None:
        near = suggest(player, names)
        raise NotFound(f"no player is called {player[:60]!r}" + (
            f"; did you mean {near!r}?" if near else
            f" (the players: {', '.join(names) or 'none yet'})"))
    return found


def player_lines(plays: Iterable[Play]) -> tuple[PlayerLine, ...]:
    """Plays, wins and the last date played per player; most plays first, then by name."""
    tally: dict[str, list[Any]] = {}
    names: dict[str, str] = {}
    for play in plays:
        for seat in play.seats:
            key = name_key(seat.player)
            names.setdefault(key, seat.player)
            row = tally.setdefault(key, [0, 0, None])
            row[0] += 1
            row[1] += 1 if seat.win and not play.incomplete else 0
            if play.date is not None and (row[2] is None or play.date > row[2]):
                row[2] = play.date
    lines = [PlayerLine(names[k], r[0], r[1], r[2]) for k, r in tally.items()]
    lines.sort(key=lambda p: (-p.plays, p.player.casefold()))
    return tuple(lines)


def narrowed(found: GameStats, since: dt.date | None, player: str | None) -> GameStats:
    """The plays from ``since`` on and with ``player`` at the table; the series about another
    player left out (a game narrows its own tables)."""
    key = name_key(player) if player else None
    plays = tuple(p for p in found.plays
                  if (since is None or (p.date is not None and p.date >= since))
                  and (key is None or any(name_key(s.player) == key for s in p.seats)))
    series = tuple(s for s in found.series
                   if key is None or s.player is None or name_key(s.player) == key)
    used = found.used
    if used is not None and key is not None:
        used = {p: u for p, u in used.items() if name_key(p) == key}
    return found._replace(plays=plays, series=series, used=used)


def _unused(db: Database, game: str, used: dict[str, frozenset[str]],
            players: list[str]) -> tuple[tuple[str, str, str, int], ...]:
    from chronicle.services.ownership import owned_cards

    found: list[tuple[str, str, str, int]] = []
    for name in players:
        cards = next((u for p, u in used.items() if name_key(p) == name_key(name)),
                     frozenset())
        for owned in owned_cards(db, name, game):
            if owned.count > 0 and name_key(owned.name) not in cards:
                found.append((name, owned.name, owned.kind, owned.count))
    return tuple(found)


def systems_with_stats(system: str | None = None) -> list[GameSystem]:
    """The installed games that declare statistics (only ``system`` when given).

    Raises:
        NotFound: no installed game is called ``system``.
    """
    from chronicle.systems import registry

    if system is not None:
        try:
            chosen = registry.system(system)
        except registry.UnknownSystem as exc:
            raise NotFound(str(exc)) from None
        if getattr(chosen, "stats", None) is None:
            raise BadInput(f"{chosen.label} keeps no statistics")
        return [chosen]
    return [s for s in registry.systems() if getattr(s, "stats", None)]


def game_stats(db: Database, system: GameSystem, since: dt.date | None = None,
               player: str | None = None) -> SystemStats:
    """One game's statistics, narrowed to ``since`` and ``player`` (a name the services
    gave: :func:`player_name`)."""
    from chronicle.services.players import list_players
    from chronicle.systems.protocol import load_name

    assert system.stats is not None
    compute: Callable[..., GameStats] = load_name(system.stats)
    found = narrowed(compute(db, since, player), since, player)
    unused: tuple[tuple[str, str, str, int], ...] = ()
    if found.used is not None:
        names = [player] if player else [p.name for p in list_players(db)]
        unused = _unused(db, system.key, found.used, names)
    return SystemStats(system.key, system.label, system.bgg_id, player_lines(found.plays),
                       found, unused)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while every ledger is replayed: the replays
    allocate some 10^5 objects that all live until the numbers are made, so the collector's
    passes in between (set off by the count of allocations) free nothing and cost a quarter
    of the time (bench/stats.py). Reference counting still frees everything as usual; the
    collector is resumed after (only when it was running before)."""
    import gc

    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def group_stats(db: Database, *, system: str | None = None, since: dt.date | None = None,
                player: str | None = None) -> list[SystemStats]:
    """Every game's statistics (or ``system``'s), from ``since``, about ``player``.

    Raises:
        NotFound: an unknown game or player, with the nearest name.
    """
    chosen = systems_with_stats(system)
    name = player_name(db, player)
    with collector_paused():
        return [game_stats(db, s, since, name) for s in chosen]


def _cell(value: Cell) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def text_lines(found: Iterable[SystemStats]) -> list[str]:
    """What ``chronicle stats`` prints: per game, the players' record, then the game's tables
    and series (control characters in names stripped)."""
    from chronicle.domain.limits import printable

    lines: list[str] = []
    for one in found:
        if not (one.stats.plays or one.stats.series or one.unused
                or any(t.rows for t in one.stats.tables)):
            lines += [f"{one.label}: no plays recorded", ""]
            continue
        lines.append(f"{one.label}: {len(one.stats.plays)} play(s)")
        if one.players:
            lines.append(f"  {'player':<20} {'plays':>5} {'wins':>5} {'win rate':>8}  last played")
            for p in one.players:
                last = p.last_played.isoformat() if p.last_played else "-"
                lines.append(f"  {printable(p.player)[:20]:<20} {p.plays:>5} {p.wins:>5} "
                             f"{p.win_rate * 100:>7.1f}%  {last}")
        for table in one.stats.tables:
            lines.append(f"  {table.title}:")
            if not table.rows:
                lines.append("    (none)")
                continue
            widths = [max(len(c), *(len(printable(_cell(r[i]))[:30]) for r in table.rows))
                      for i, c in enumerate(table.columns)]
            lines.append("    " + "  ".join(c.ljust(w) for c, w in
                                            zip(table.columns, widths, strict=True)).rstrip())
            for row in table.rows:
                lines.append("    " + "  ".join(
                    printable(_cell(v))[:30].ljust(w)
                    for v, w in zip(row, widths, strict=True)).rstrip())
        for series in one.stats.series:
            shown = ", ".join(f"{printable(lab)[:20]} {_cell(v)}" for lab, v in series.points)
            lines.append(f"  {printable(series.title)}: {shown or '(none)'}")
        if one.unused:
            lines.append("  Owned cards never used in any build:")
            for who, card, kind, count in one.unused:
                lines.append(f"    {printable(who)[:20]:<20} {printable(card)} ({kind}) "
                             f"x{count}")
        lines.append("")
    return lines[:-1] if lines else ["No game keeps statistics."]
