"""Mending mistakes in the app: the flows the players, characters and games screens share for
renaming, deleting (or archiving) and bringing back what was archived, over the plan every
delete makes (``chronicle.services.playermending.Removal``; the same services as ``chronicle …
rename|delete|restore-archived`` on the command line).

A delete first asks the services for their plan (``plan_*``): a refusal is said with its reason
and what to do in the app (the plan's ``app_fix``, worded by the game that made it);
otherwise a confirmation says what the thing holds and whether it is deleted for good or
archived. The delete then runs with the confirmed action, so a change made
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
    from chronicle.services.playermending import Action, Removal

RESTORE_KEY = "u"
"""The key that brings back something archived, on the characters and games screens."""


def removal_text(plan: Removal) -> str:
    """What a delete will do (or why it is refused), in the app's terms."""
    holds = "; ".join(plan.holds) or "nothing else"
    if plan.action == "refuse":
        fix = plan.app_fix or plan.fix  # the app's keys, when the plan says them
        return (f"{plan.name} cannot be deleted: {'; '.join(plan.blockers)}."
                + (f" To delete it, {fix}." if fix else ""))
    if plan.action == "archive":
        why = plan.app_why or "it is hidden from the lists"
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
