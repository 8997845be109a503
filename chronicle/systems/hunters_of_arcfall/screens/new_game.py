"""Starting a Hunters of Arcfall game in the app: its name, the seats in clockwise order from
the first player (``Ana:Gus, Bo:Kira``: a hunter the catalog lacks is entered for the game,
its values unknown) and the point limit (the rulebook recommends 15), as ``chronicle hunt
new`` takes them. A bad value stays in its field with the message under it; the game is
started by the same service as the command line. Returns the new game, or None."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chronicle.systems.hunters_of_arcfall import DEFAULT_LIMIT
from chronicle.systems.hunters_of_arcfall.screens.fields import Field, FieldsDialog

if TYPE_CHECKING:
    from chronicle.services.db import Database
    from chronicle.systems.hunters_of_arcfall.service import HuntView


def where_refused(exc: Exception) -> str | None:
    """The field a refusal of a new game concerns: a taken or bad name, a seat, the limit."""
    from chronicle.errors import AlreadyExists

    text = str(exc)
    if isinstance(exc, AlreadyExists) or "name" in text.split(":")[0]:
        return "name"
    if "limit" in text:
        return "limit"
    return "seats"


class NewHuntDialog(FieldsDialog["HuntView"]):
    """A new game: name, seats and point limit."""

    def __init__(self) -> None:
        super().__init__("A new Hunters of Arcfall game", [
            Field("name", "Game's name"),
            Field("seats", "Seats, in order", placeholder="Ana:Gus, Bo:Kira"),
            Field("limit", "Point limit", str(DEFAULT_LIMIT)),
        ], "Seats: each player and hunter in seating order, the first player first, "
           f"PLAYER:HUNTER apart by commas. The game ends when someone reaches the point limit "
           f"(the rulebook recommends {DEFAULT_LIMIT}).")

    def action_save(self) -> None:
        """Check each field, then start the game (the rules check it again)."""
        from chronicle.domain.limits import name_problem
        from chronicle.errors import BadInput
        from chronicle.systems.hunters_of_arcfall.service import new_hunt, parse_seats

        name = self.value("name").strip()
        wrong = name_problem(name, "the game's name")
        if wrong:
            self.problem("name", wrong[:1].upper() + wrong[1:] + ".")
            return
        try:
            seats = parse_seats([s for s in self.value("seats").split(",") if s.strip()])
        except BadInput as exc:
            self.problem("seats", str(exc)[:1].upper() + str(exc)[1:] + ".")
            return
        if not seats:
            self.problem("seats", "Seat the players: PLAYER:HUNTER for each, apart by commas.")
            return
        for player, hunter in seats:
            wrong = name_problem(player, "a player's name") or name_problem(hunter, "a hunter")
            if wrong:
                self.problem("seats", f"The seat {player[:40]!r}: {wrong}.")
                return
        limit_text = self.value("limit").strip() or str(DEFAULT_LIMIT)
        if not (limit_text.isascii() and limit_text.isdecimal()) or len(limit_text) > 6:
            self.problem("limit", f"The point limit is a whole number (the rulebook "
                                  f"recommends {DEFAULT_LIMIT}), not {limit_text[:20]!r}.",
                         select=True)
            return
        limit = int(limit_text)

        def work(db: Database) -> HuntView:
            from chronicle.systems.hunters_of_arcfall.catalog import load_catalog

            catalog = load_catalog()
            unknown = [h for _p, h in seats if catalog.get(h, "hunter") is None]
            return new_hunt(db, name, seats, limit=limit, hunters=unknown)

        def done(view: HuntView) -> None:
            self.dismiss(view)

        self.save_with(work, done, where_refused, "Starting the game")
