"""``chronicle plays export``: every recorded game of every installed game, from each game's
``stats`` (:class:`chronicle.services.stats.Play`), in the two shapes players' tools read.

- ``bgstats``: the play file BG Stats imports (JSON: ``about``, ``players``, ``locations``,
  ``games``, ``plays``, ``userInfo``), as its own shared files lay it out (a play file "that
  can be read by Board Game Stats"; each play's ``playerScores`` with ``playerRefId``,
  ``score``, ``winner``, ``startPlayer``, ``seatOrder``, ``rank``, ``newPlayer``; the play's
  ``playDate``, ``gameRefId``, ``locationRefId``, ``durationMin``, ``ignored``,
  ``manualWinner``, ``usesTeams``, ``rounds``; a game's ``bggId``).
- ``csv``: one row per player per play with the fields a BoardGameGeek play log records (the
  ``plays`` of BGG's XML API 2: a play's ``date``, ``quantity``, ``length``, ``incomplete``,
  ``nowinstats``, ``location``, the item's ``objectid`` and ``name``; each player's ``name``,
  ``startposition``, ``score``, ``win``).

docs/stats.md says what each field is filled from. Identifiers are derived from the group's
names (``uuid5``), so exporting twice gives the same file and BG Stats merges instead of
doubling the plays.
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from typing import TYPE_CHECKING, Any

from chronicle.services.stats import Play

if TYPE_CHECKING:
    from chronicle.services.db import Database

ABOUT = ("This is a Play file that can be read by Board Game Stats. Written by Arcadia "
         "Chronicle (chronicle plays export --format bgstats).")
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://arcadia-chronicle.invalid/plays")
CSV_FIELDS = ("date", "quantity", "length", "incomplete", "nowinstats", "location", "objectid",
              "game", "name", "startposition", "score", "win", "play")
"""One row per player of each play: the play's fields, the item's id and name, the player's."""


def every_play(db: Database) -> list[tuple[str, int | None, Play]]:
    """(game label, BoardGameGeek id, play) for every recorded game of every installed game,
    oldest first (undated ones last)."""
    from chronicle.services.stats import collector_paused, systems_with_stats
    from chronicle.systems.protocol import load_name

    found: list[tuple[str, int | None, Play]] = []
    for system in systems_with_stats():
        assert system.stats is not None
        with collector_paused():
            plays = load_name(system.stats)(db, None, None).plays
        found.extend((system.label, system.bgg_id, play) for play in plays)
    found.sort(key=lambda item: (item[2].date is None, item[2].date or 0, item[0], item[2].name))
    return found


def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(NAMESPACE, "\x1f".join(parts))).upper()


def _ranks(play: Play) -> list[int]:
    """Each seat's place by score (1 best; equal scores share), 0 when scores are unknown."""
    scores = [s.score for s in play.seats]
    if any(s is None for s in scores):
        return [0] * len(scores)
    return [1 + sum(1 for o in scores if o is not None and s is not None and o > s)
            for s in scores]


def as_bgstats(plays: list[tuple[str, int | None, Play]]) -> str:
    """The BG Stats play file of ``plays`` (JSON text)."""
    players: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}
    out: list[dict[str, Any]] = []
    for label, bgg_id, play in plays:
        game = games.setdefault(label, {
            "id": len(games) + 1, "uuid": _uuid("game", play.game), "name": label,
            "bggId": bgg_id or 0, "bggYear": 0, "cooperative": False, "highestWins": True,
            "noPoints": all(s.score is None for s in play.seats), "usesTeams": False})
        scores = []
        for seat, rank in zip(play.seats, _ranks(play), strict=True):
            who = players.setdefault(seat.player.casefold(), {
                "id": len(players) + 1, "uuid": _uuid("player", seat.player.casefold()),
                "name": seat.player, "isAnonymous": False, "bggUsername": ""})
            scores.append({"playerRefId": who["id"], "score": "" if seat.score is None
                           else str(seat.score), "winner": seat.win,
                           "startPlayer": seat.start == 1, "seatOrder": seat.start or 0,
                           "rank": rank, "newPlayer": False, "role": seat.role or ""})
        out.append({"uuid": _uuid("play", play.game, play.name,
                                  play.date.isoformat() if play.date else ""),
                    "gameRefId": game["id"], "playDate": (
                        f"{play.date.isoformat()} 00:00:00" if play.date else ""),
                    "locationRefId": 0, "durationMin": play.length or 0,
                    "ignored": play.incomplete, "manualWinner": False, "rounds": 0,
                    "usesTeams": False, "board": play.name, "playerScores": scores})
    document = {"about": ABOUT, "players": list(players.values()), "locations": [],
                "games": list(games.values()), "plays": out, "userInfo": {"meRefId": 0}}
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def as_csv(plays: list[tuple[str, int | None, Play]]) -> str:
    """The BoardGameGeek play-log CSV of ``plays`` (one row per player of each play)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for label, bgg_id, play in plays:
        for seat in play.seats:
            writer.writerow([
                play.date.isoformat() if play.date else "", 1, play.length or 0,
                int(play.incomplete), 0, _cell(play.location or ""),
                bgg_id if bgg_id else "", _cell(label), _cell(seat.player),
                seat.start if seat.start is not None else "",
                "" if seat.score is None else seat.score, int(seat.win), _cell(play.name)])
    return buffer.getvalue()


def _cell(text: str) -> str:
    """A CSV cell a spreadsheet will not run as a formula (``=``, ``+``, ``-``, ``@`` first)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
