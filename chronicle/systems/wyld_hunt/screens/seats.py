"""The game preparation's seat keys: a seat's character, another player seated, a seat taken
away (``chronicle game seat|unseat``), over ``chroniclemending``'s ``seat`` and
``unseat``. Every text shown is plain text, never markup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from chronicle.systems.wyld_hunt.services.chronicles import characters_of
from chronicle.tui.screens.base import chronicle_app

if TYPE_CHECKING:
    from textual.screen import Screen

    from chronicle.systems.wyld_hunt.services.games import GameView, Seat


def change_seat(screen: Screen[Any], game: str, version: int, player: str,
                current: str | None, done: Callable[[str], None]) -> None:
    """Pick the character ``player`` plays at ``game`` (one of theirs, or none) and store it
    with ``chroniclemending.seat`` (only until the result is recorded; refused when
    the character would need cards the player lacks, or when the game changed meanwhile);
    ``done`` gets what changed, as plain text."""
    from chronicle.services.players import PlayerInfo, list_players

    app = chronicle_app(screen)

    def listed(info: list[PlayerInfo]) -> None:
        from chronicle.tui.screens.pick import PickScreen

        mine = next((characters_of(p) for p in info if p.name == player), [])
        choices: list[tuple[str, str]] = [(name, name) for name in mine]
        choices.append(("no character (no chronicle gets this game)", ""))
        app.push_screen(PickScreen(f"{player} plays", "enter chooses · esc keeps the seat as "
                                   "it is", choices, current or ""), picked)

    def picked(character: str | None) -> None:
        from chronicle.systems.wyld_hunt.services.chroniclemending import seat

        if character is None:
            return
        app.call_service(lambda db: seat(db, game, player, character or None,
                                         expected_version=version),
                         lambda _game: done(f"{player} now plays "
                                            f"{character or 'no character'}."),
                         description=f"Seating {player}")

    app.call_service(list_players, listed, description="Loading players")


def add_seat(screen: Screen[Any], game: str, version: int, seated: list[str],
             done: Callable[[str], None]) -> None:
    """Pick a player without a seat at ``game`` (``seated`` are those with one), then their
    character (or none), and seat them with ``chroniclemending.seat`` (only
    until the result is recorded; refused when the table is full or the game changed
    meanwhile); ``done`` gets what changed, as plain text."""
    from chronicle.services.players import PlayerInfo, list_players

    app = chronicle_app(screen)
    characters: dict[str, list[str]] = {}

    def listed(info: list[PlayerInfo]) -> None:
        from chronicle.tui.screens.pick import PickScreen

        taken = {name.casefold() for name in seated}
        characters.update((p.name, characters_of(p)) for p in info
                          if p.name.casefold() not in taken)
        if not characters:
            app.notify("Every player already has a seat at this game. Add a player first "
                       "(4, then a).", severity="warning")
            return
        app.push_screen(PickScreen(f"Seat a player at {game}", "enter chooses · esc seats "
                                   "nobody", [(name, name) for name in characters]),
                        player_picked)

    def player_picked(player: str | None) -> None:
        from chronicle.tui.screens.pick import PickScreen

        if player is None:
            return
        choices: list[tuple[str, str]] = [(name, name) for name in characters[player]]
        choices.append(("no character (no chronicle gets this game)", ""))
        app.push_screen(PickScreen(f"{player} plays", "enter chooses · esc seats nobody",
                                   choices), lambda chosen: picked(player, chosen))

    def picked(player: str, character: str | None) -> None:
        from chronicle.systems.wyld_hunt.services.chroniclemending import seat

        if character is None:
            return
        app.call_service(lambda db: seat(db, game, player, character or None,
                                         expected_version=version),
                         lambda _game: done(f"{player} now has a seat, playing "
                                            f"{character or 'no character'}."),
                         description=f"Seating {player}")

    app.call_service(list_players, listed, description="Loading players")


def remove_seat(screen: Screen[Any], game: str, version: int, player: str, seats: int,
                done: Callable[[str], None]) -> None:
    """Confirm, then take ``player``'s seat away from ``game`` with
    ``chroniclemending.unseat`` (their choices go with it). The last seat is refused
    at once, saying what to do instead; a result recorded meanwhile is refused by the
    services."""
    from chronicle.tui.screens.confirm import ConfirmScreen

    app = chronicle_app(screen)
    if seats <= 1:
        app.notify(f"{player} has the only seat at {game}: a game needs a player. To remove "
                   "it, delete the game (3, then del).", title="The seat stays",
                   severity="warning", timeout=12)
        return

    def confirmed(yes: bool | None) -> None:
        from chronicle.systems.wyld_hunt.services.chroniclemending import unseat

        if not yes:
            return
        app.call_service(lambda db: unseat(db, game, player, expected_version=version),
                         lambda _game: done(f"{player} no longer has a seat at {game}."),
                         description=f"Taking {player}'s seat away")

    app.push_screen(ConfirmScreen(f"Take {player}'s seat away from {game}?",
                                  f"{player} no longer plays in {game}: their character, "
                                  "quests, target and cards for it go too, and players who "
                                  "waylaid them waylay nobody until o chooses again."),
                    confirmed)


def mend_seat(screen: Screen[Any], how: str, game: GameView, seat: Seat,
              done: Callable[[str], None]) -> None:
    """The game preparation's seat keys: ``how`` is "character" (change ``seat``'s character),
    "add" (seat another player) or "remove" (take ``seat`` away); ``done`` gets what changed,
    as plain text."""
    seated = [s.player for s in game.seats]
    if how == "character":
        change_seat(screen, game.name, game.version, seat.player, seat.character, done)
    elif how == "add":
        add_seat(screen, game.name, game.version, seated, done)
    else:
        remove_seat(screen, game.name, game.version, seat.player, len(seated), done)
