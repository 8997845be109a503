"""Mending mistakes in the app: the flows the players, characters and games screens share for
renaming, deleting (or archiving) and bringing back what was archived, over
``chronicle.services.mending`` (the same services as ``chronicle … rename|delete|
restore-archived`` on the command line), and the game preparation's seat keys (a seat's
character, another player seated, a seat taken away: ``chronicle game seat|unseat``).

A delete first asks the services for their plan (``plan_*``): a refusal is said with its reason
and what to do in the app; otherwise a confirmation says what the thing holds and whether it is
deleted for good or archived. The delete then runs with the confirmed action, so a change made
meanwhile (a result recorded elsewhere) is refused rather than applied unseen. Every text shown
is plain text, never markup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from chronicle.tui.screens.base import chronicle_app

if TYPE_CHECKING:
    from textual.screen import Screen

    from chronicle.services.db import Database
    from chronicle.services.games import GameView, Seat
    from chronicle.services.mending import Action, Removal

FIXES = {
    "player": "delete or archive their characters (2, then del) and the games that seat them "
              "(3, then del) first, or rename the player (r)",
    "character": "open that game (3, enter) and press c to seat another character, or delete "
                 "that game (3, then del)",
}
"""What to do first when a delete is refused, in the app's keys (the services' own fix speaks
the command line's)."""
RESTORE_KEY = "u"
"""The key that brings back something archived, on the characters and games screens."""


def removal_text(plan: Removal) -> str:
    """What a delete will do (or why it is refused), in the app's terms."""
    holds = "; ".join(plan.holds) or "nothing else"
    if plan.action == "refuse":
        fix = FIXES.get(plan.subject, plan.fix)
        return (f"{plan.name} cannot be deleted: {'; '.join(plan.blockers)}."
                + (f" To delete it, {fix}." if fix else ""))
    if plan.action == "archive":
        if plan.subject == "character":
            why = "its chronicle has begun; it is hidden from the lists and its cards are no " \
                  "longer counted as in use"
        else:
            why = "its result is recorded; it is hidden from the list and the characters' " \
                  "chronicles keep it"
        return (f"{plan.name} will be archived, not erased: {why}. {RESTORE_KEY} on this "
                f"screen brings it back. It holds: {holds}.")
    return f"{plan.name} will be deleted for good. It holds: {holds}."


def removal_question(plan: Removal) -> str:
    """The confirmation's question."""
    return f"{'Archive' if plan.action == 'archive' else 'Delete'} {plan.name}?"


def remove(screen: Screen[Any], what: str, plan: Callable[[Database], Removal],
           delete: Callable[[Database, Action], Removal],
           done: Callable[[Removal], None]) -> None:
    """Ask the services what deleting ``what`` would do, confirm it with the user, then delete
    (or archive) it with the action confirmed; ``done`` gets the plan applied."""
    app = chronicle_app(screen)

    def planned(found: Removal) -> None:
        from chronicle.tui.screens.confirm import ConfirmScreen

        if found.action == "refuse":
            app.notify(removal_text(found), title=f"{found.name} is not deleted",
                       severity="warning", timeout=12)
            return
        app.push_screen(ConfirmScreen(removal_question(found), removal_text(found)),
                        lambda yes: confirmed(found, yes))

    def confirmed(found: Removal, yes: bool | None) -> None:
        if not yes:
            return
        action = found.action
        app.call_service(lambda db: delete(db, action), done,
                         description=f"{'Archiving' if action == 'archive' else 'Deleting'} "
                                     f"{what}")

    app.call_service(plan, planned, description=f"Checking {what}")


def removed_message(plan: Removal) -> str:
    """The notification after a delete or an archive."""
    if plan.action == "archive":
        return f"Archived {plan.name} ({RESTORE_KEY} brings it back)."
    return f"Deleted {plan.name}."


def pick_archived(screen: Screen[Any], what: str,
                  load: Callable[[Database], list[tuple[str, Any]]],
                  restore: Callable[[Database, Any], Any],
                  done: Callable[[Any], None]) -> None:
    """List the archived ``what`` (``load`` gives label and value pairs), let the user pick one
    and bring it back with ``restore`` (checked by the rules: a refusal is said); ``done`` gets
    what ``restore`` returned."""
    app = chronicle_app(screen)

    def loaded(choices: list[tuple[str, Any]]) -> None:
        from chronicle.tui.screens.pick import PickScreen

        if not choices:
            app.notify(f"No archived {what}: nothing to bring back.")
            return
        app.push_screen(PickScreen(f"Bring back an archived {what[:-1]}",
                                   "enter brings it back · escape cancels", choices),
                        picked)

    def picked(value: Any) -> None:
        if value is None:
            return
        app.call_service(lambda db: restore(db, value), done,
                         description=f"Bringing back the {what[:-1]}")

    app.call_service(load, loaded, description=f"Loading the archived {what}")


def change_seat(screen: Screen[Any], game: str, version: int, player: str,
                current: str | None, done: Callable[[str], None]) -> None:
    """Pick the character ``player`` plays at ``game`` (one of theirs, or none) and store it
    with ``chronicle.services.mending.seat`` (only until the result is recorded; refused when
    the character would need cards the player lacks, or when the game changed meanwhile);
    ``done`` gets what changed, as plain text."""
    from chronicle.services.players import PlayerInfo, list_players

    app = chronicle_app(screen)

    def listed(info: list[PlayerInfo]) -> None:
        from chronicle.tui.screens.pick import PickScreen

        mine = next((p.characters for p in info if p.name == player), [])
        choices: list[tuple[str, str]] = [(name, name) for name in mine]
        choices.append(("no character (no chronicle gets this game)", ""))
        app.push_screen(PickScreen(f"{player} plays", "enter chooses · esc keeps the seat as "
                                   "it is", choices, current or ""), picked)

    def picked(character: str | None) -> None:
        from chronicle.services.mending import seat

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
    character (or none), and seat them with ``chronicle.services.mending.seat`` (only until the
    result is recorded; refused when the table is full or the game changed meanwhile); ``done``
    gets what changed, as plain text."""
    from chronicle.services.players import PlayerInfo, list_players

    app = chronicle_app(screen)
    characters: dict[str, list[str]] = {}

    def listed(info: list[PlayerInfo]) -> None:
        from chronicle.tui.screens.pick import PickScreen

        taken = {name.casefold() for name in seated}
        characters.update((p.name, p.characters) for p in info
                          if p.name.casefold() not in taken)
        if not characters:
            app.notify("Every player already has a seat at this game. Add a player first "
                       "(4, then n).", severity="warning")
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
        from chronicle.services.mending import seat

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
    ``chronicle.services.mending.unseat`` (their choices go with it). The last seat is refused
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
        from chronicle.services.mending import unseat

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
